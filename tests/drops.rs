//! Pieces in hand and drops: captures go to the captor's hand (a promoted
//! piece as the piece it promoted from), drops onto empty squares of a
//! zone, hands and promoted pieces in the FEN as Fairy-Stockfish writes
//! them, drops written `N@f3`.

use kaboom::Event;
use kaboom::{Game, MoveKind, Variant};
use kaboom::{fen, san, uci};

fn crazyhouse() -> Variant {
    Variant::load("crazyhouse").unwrap()
}

/// Every FEN of the perft suite (Fairy-Stockfish's) reads and is written
/// back unchanged: hands in brackets, promoted pieces marked `~`.
#[test]
fn fairy_stockfish_fens_read_back() {
    let v = crazyhouse();
    let suite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/crazyhouse.perft")).unwrap();
    let fens: Vec<&str> = suite.lines().filter_map(|l| l.strip_prefix("epd ")).collect();
    assert!(fens.len() > 50);
    assert!(fens.iter().any(|f| f.contains('~')), "the suite has promoted pieces");
    for text in fens {
        let pos = fen::parse(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(fen::write(&v, &pos), text);
    }
}

#[test]
fn a_capture_goes_to_hand_and_comes_back_as_a_drop() {
    let v = crazyhouse();
    let mut game = Game::new(&v, v.start_position());
    for m in ["e2e4", "d7d5", "e4d5"] {
        let mv = uci::parse(&v, game.position(), m).unwrap();
        game.play(mv);
    }
    assert_eq!(
        fen::write(&v, game.position()),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2"
    );
    game.play(uci::parse(&v, game.position(), "d8d5").unwrap());
    // White drops the pawn it took; pawns never on the first or last rank.
    let moves: Vec<String> = v
        .legal_moves(game.position())
        .iter()
        .map(|m| uci::write(&v, m))
        .collect();
    assert!(moves.contains(&"P@e6".to_string()), "{moves:?}");
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("P@") && (m.ends_with('1') || m.ends_with('8')))
    );
    let drops = moves.iter().filter(|m| m.starts_with("P@")).count();
    // Ranks 2 to 7 hold 48 squares; 7 + 7 pawns and the queen stand there.
    assert_eq!(drops, 48 - 15, "empty squares on ranks 2 to 7");
    let mv = uci::parse(&v, game.position(), "P@e6").unwrap();
    assert_eq!(mv.kind, MoveKind::Drop(v.kind_of_letter('P').unwrap()));
    let before = game.position().clone();
    let mut after = before.clone();
    let mut events: Vec<Event> = Vec::new();
    after.make_traced(&v, mv, &mut events);
    assert_eq!(san::write(&v, &before, &mv, &events, &after), "P@e6");
    assert_eq!(san::find(&v, &before, "P@e6").unwrap(), mv);
    assert_eq!(
        fen::write(&v, &after),
        "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"
    );
}

/// A piece that promotes is marked `~`; captured, it joins the hand as
/// a pawn, where an unpromoted queen joins it as a queen.
#[test]
fn a_captured_promoted_piece_returns_as_a_pawn() {
    let v = crazyhouse();
    let play = |text: &str, m: &str| {
        let pos = fen::parse(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut after = pos.clone();
        after.make(&v, uci::parse(&v, &pos, m).unwrap_or_else(|e| panic!("{m}: {e}")));
        fen::write(&v, &after)
    };
    assert_eq!(
        play("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8q"),
        "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    assert_eq!(
        play("Q~3k3/8/8/8/8/8/8/4K3[] w - - 0 1", "a8a1"),
        "4k3/8/8/8/8/8/8/Q~3K3[] b - - 1 1"
    );
    assert_eq!(
        play("4k3/8/8/8/8/8/6K1/7q~[] w - - 0 1", "g2h1"),
        "4k3/8/8/8/8/8/8/7K[P] b - - 0 1"
    );
    assert_eq!(
        play("4k3/8/8/8/8/8/6K1/7q[] w - - 0 1", "g2h1"),
        "4k3/8/8/8/8/8/8/7K[Q] b - - 0 1"
    );
}

#[test]
fn bad_hands_are_clear_errors() {
    let v = crazyhouse();
    let cases = [
        ("8/8/8/8/8/8/8/4K2k[K] w - - 0 1", "not a piece this variant holds"),
        ("8/8/8/8/8/8/8/4K2k[X] w - - 0 1", "not a piece this variant holds"),
        ("8/8/8/8/8/8/8/4K2k[P w - - 0 1", "not closed"),
    ];
    for (text, wanted) in cases {
        let err = fen::parse(&v, text).unwrap_err();
        assert!(err.message.contains(wanted), "{text}: {}", err.message);
    }
    let chess = Variant::load("chess").unwrap();
    let err = fen::parse(&chess, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap_err();
    assert!(err.message.contains("no drops"), "{}", err.message);
    let err = fen::parse(&chess, "4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1").unwrap_err();
    assert!(err.message.contains('~'), "{}", err.message);
    // A drop of a piece not in hand, or onto an occupied square, is no move.
    let pos = v.start_position();
    assert!(uci::parse(&v, &pos, "N@e4").is_err());
    assert!(uci::parse(&v, &pos, "Z@e4").is_err());
    let pos = fen::parse(&v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    assert!(uci::parse(&v, &pos, "N@e1").is_err());
    assert!(uci::parse(&v, &pos, "N@e4").is_ok());
}

#[test]
fn drop_zones_are_checked() {
    let load = |drops: &str| {
        let text = format!(
            "(extends: \"chess\", name: \"test\", start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\", drops: {drops})"
        );
        match Variant::from_text("test.ron", &text) {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        }
    };
    assert_eq!(load("(zones: [(pieces: \"P\", squares: \"ranks(2..7)\")])"), "");
    assert!(load("(zones: [(pieces: \"X\", squares: \"ranks(2..7)\")])").contains("`X` is not a piece letter"));
    assert!(load("(zones: [(pieces: \"P\", squares: \"ranks(2..\")])").contains("drop zone"));
    assert!(load("(zones: [(pieces: \"PP\", squares: \"ranks(2..7)\")])").contains("already has a drop zone"));
    let two_promote =
        "(extends: \"crazyhouse\", name: \"test\", promotion: (pieces: \"PN\", ranks: [8], choices: \"Q\"))";
    let err = match Variant::from_text("test.ron", two_promote) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("only one kind of piece may promote"), "{err}");
}

/// "Not two unpromoted pawns on a file" (shogi's nifu) is a drop zone
/// that changes with the position: `lines(own P, vR)` is every file an own
/// pawn stands on. A promoted pawn is another kind and does not count.
#[test]
fn one_pawn_per_file_is_a_drop_zone() {
    let text = r#"(extends: "crazyhouse", name: "nifu",
        drops: (zones: [(pieces: "P", squares: "ranks(2..7) - lines(own P, vR)")]))"#;
    let v = Variant::from_text("nifu.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let drops = |text: &str| -> Vec<String> {
        let pos = fen::parse(&v, text).unwrap();
        let mut moves: Vec<String> = v
            .legal_moves(&pos)
            .iter()
            .filter(|m| matches!(m.kind, MoveKind::Drop(_)))
            .map(|m| uci::write(&v, m))
            .collect();
        moves.sort();
        moves
    };
    let with_pawn = drops("4k3/8/8/8/8/8/4P3/4K3[P] w - - 0 1");
    assert_eq!(with_pawn.len(), 7 * 6, "{with_pawn:?}");
    assert!(!with_pawn.iter().any(|m| m.starts_with("P@e")), "{with_pawn:?}");
    // The enemy's pawns do not close a file; a promoted pawn (a queen) does not either.
    let others = drops("4k3/4p3/8/8/8/8/8/Q~3K3[P] w - - 0 1");
    assert_eq!(others.len(), 8 * 6 - 1, "{others:?}"); // e7 is taken
    assert!(
        others.contains(&"P@e6".to_string()) && others.contains(&"P@a2".to_string()),
        "{others:?}"
    );
}
