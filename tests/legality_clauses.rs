//! `not <condition>`: a legality clause that forbids any condition the
//! designer writes, judged for the side that moved.

use kaboom::{Position, Variant};
use kaboom::{fen, uci};

fn variant(legal: &str) -> Variant {
    let text = format!("(extends: \"chess\", name: \"test\", legal: [{legal}])");
    Variant::from_text("test.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn legal(v: &Variant, text: &str) -> Vec<String> {
    let pos: Position = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    moves.sort();
    moves
}

const FACING: &str = r#""own royal not attacked", "not exists(first(own royal, vR) & enemy royal)""#;

/// The flying general: a king may not step onto the open file of the
/// other king, and the only piece between them may not leave the file.
#[test]
fn facing_royals_are_forbidden() {
    let v = variant(FACING);
    assert_eq!(legal(&v, "3k4/8/8/8/8/8/8/4K3 w - - 0 1"), ["e1e2", "e1f1", "e1f2"]);
    // The knight on e2 is the only piece between the kings: pinned to the file.
    assert_eq!(
        legal(&v, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2"]
    );
    // A rook between them may move along the file only.
    let moves = legal(&v, "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
    assert_eq!(moves, ["e8d7", "e8d8", "e8f7", "e8f8"]);
    let moves = legal(&v, "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("e2")).collect();
    assert_eq!(rook, ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"]);
    // Without the clause, chess allows them all.
    let chess = Variant::load("chess").unwrap();
    assert_eq!(legal(&chess, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1").len(), 10);
}

/// Each move is legal by the definition (played, then judged), so the
/// generator's shortcut for quiet moves does not skip the clause.
#[test]
fn generated_moves_agree_with_the_definition() {
    let v = variant(FACING);
    for text in [
        "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "4k3/4r3/8/8/8/8/4R3/4K3 b - - 0 1",
    ] {
        let pos = fen::parse(&v, text).unwrap();
        let mut pseudo = Vec::new();
        v.generate_pseudo_legal(&pos, &mut pseudo);
        let legal = v.legal_moves(&pos);
        for mv in &pseudo {
            assert_eq!(
                legal.contains(mv),
                v.is_legal(&pos, mv),
                "{text}: {}",
                uci::write(&v, mv)
            );
        }
    }
}

/// Giving check may be forbidden (racing kings), and a clause needs no
/// royal piece to be written.
#[test]
fn giving_check_may_be_forbidden() {
    let v = variant(r#""own royal not attacked", "not attacked(enemy royal)""#);
    let moves = legal(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(!moves.contains(&"a1a8".to_string()) && !moves.contains(&"a1e1".to_string()));
    assert!(moves.contains(&"a1a7".to_string()), "{moves:?}");
    let text = r#"(extends: "chess", name: "test", pieces: [(letter: 'K', name: "king", moves: "K")],
        castling: [], start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        legal: ["not count(enemy) == 0"])"#;
    Variant::from_text("test.ron", text).unwrap_or_else(|e| panic!("{e}"));
}

/// A FEN where a `not` clause holds for the side that just moved cannot
/// arise in a game: it is refused, with a clear error.
#[test]
fn a_forbidden_position_is_unreachable() {
    let v = variant(FACING);
    let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let pos = fen::parse(&v, text).unwrap();
    let err = kaboom::fen::check_reachable(&v, &pos, 0..19).unwrap_err();
    assert!(err.message.contains("`not <condition>`"), "{}", err.message);
}

#[test]
fn a_malformed_clause_names_the_forms() {
    let text = r#"(extends: "chess", name: "test", legal: ["nope exists(own royal)"])"#;
    let err = match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("a malformed clause loads"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("not <condition>"), "{err}");
}

/// A king may not castle across a square where a `not` clause forbids it
/// to stand, as it may not castle across check: with the flying general,
/// not across the open file of the other king.
#[test]
fn castling_may_not_cross_a_forbidden_square() {
    let v = variant(FACING);
    let moves = legal(&v, "5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!moves.contains(&"e1g1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1f1".to_string()), "{moves:?}");
    // With a piece on the f-file between them, the king may pass.
    let moves = legal(&v, "5k2/5p2/8/8/8/8/8/4K2R w K - 0 1");
    assert!(moves.contains(&"e1g1".to_string()), "{moves:?}");
}

/// `drops are compulsory`: while the side to move has a legal drop, only
/// drops are legal; with an empty hand, or no square to drop on, the
/// pieces move as usual. With `captures are compulsory` too, a legal
/// capture comes first.
#[test]
fn drops_are_compulsory_while_one_is_legal() {
    let text = |legal: &str| {
        format!(
            "(extends: \"chess\", name: \"test\", drops: (zones: [(pieces: \"N\", squares: \"ranks(1)\")]), \
             legal: [{legal}])"
        )
    };
    let v = Variant::from_text("test.ron", &text(r#""own royal not attacked", "drops are compulsory""#))
        .unwrap_or_else(|e| panic!("{e}"));
    let with_hand = legal(&v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    assert_eq!(with_hand, ["N@a1", "N@b1", "N@c1", "N@d1", "N@f1", "N@g1", "N@h1"]);
    // No free square in the zone: the king moves.
    assert_eq!(legal(&v, "4k3/8/8/8/8/8/8/RRRRKRRR[N] w - - 0 1").len(), 3 + 7 * 7);
    assert_eq!(legal(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").len(), 5);
    let both = Variant::from_text(
        "test.ron",
        &text(r#""own royal not attacked", "captures are compulsory", "drops are compulsory""#),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(legal(&both, "4k3/8/8/8/8/8/3p4/4K3[N] w - - 0 1"), ["e1d2"]);
    // Each move judged alone agrees with the list.
    let pos: Position = fen::parse(&v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    let king = uci::parse(&v, &pos, "e1e2");
    assert!(king.is_err() || !v.is_legal(&pos, &king.unwrap()));
}

/// `not attacked(every own Q)`: a side may leave some of its queens
/// attacked, never all of them (Fairy-Stockfish's `dupleCheck`); with no
/// queen the clause holds.
#[test]
fn every_piece_of_a_set_may_not_be_left_attacked() {
    let v = variant(r#""own royal not attacked", "not attacked(every own Q)""#);
    let two = legal(&v, "4k3/r7/8/8/Q6Q/8/8/4K3 w - - 0 1");
    assert!(two.contains(&"h4h5".to_string()), "{two:?}");
    assert!(!two.contains(&"h4h7".to_string()), "{two:?}");
    let one = legal(&v, "4k3/r7/8/8/7Q/8/8/4K3 w - - 0 1");
    assert!(
        !one.contains(&"h4h7".to_string()) && !one.contains(&"h4a4".to_string()),
        "{one:?}"
    );
    assert!(one.contains(&"h4h5".to_string()), "{one:?}");
    let none = legal(&v, "4k3/r7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(none.len(), 5, "{none:?}");
    // `every` needs a set.
    let text = "(extends: \"chess\", name: \"test\", legal: [\"not attacked(every)\"])";
    let Err(err) = Variant::from_text("test.ron", text) else {
        panic!("`attacked(every)` parsed");
    };
    let err = err.to_string();
    assert!(err.contains("test.ron:1:"), "{err}");
}
