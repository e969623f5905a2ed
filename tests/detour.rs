//! Captures by a detour (`captures follow a move as captured`, Make&Take
//! in docs/fairy.md): a piece captures only by first moving, capturing
//! nothing, as the captured piece would (its kind and side), then taking
//! a piece of that kind by its own moves from there; check is read the
//! same way. The positions' lists are Popeye 4.104's (`Make&TakeChess`),
//! given in the comments.

use kaboom::{Event, Perft, Position, Variant, fen, uci};

fn variant() -> Variant {
    let path = format!("{}/variants/fairy/make-and-take.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("make-and-take: {e}"))
}

fn read(v: &Variant, text: &str) -> Position {
    fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(v: &Variant, text: &str) -> Vec<String> {
    let pos = read(v, text);
    let mut out: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    out.sort();
    out
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

fn diagnostics(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("the variant loaded:\n{text}"),
        Err(e) => e
            .diagnostics
            .iter()
            .map(|d| d.display(&e.sources).to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// The rook takes the knight after a knight's move to b3 or c2, written
/// once; the king stands in check from the knight (a king's step to d2 or
/// d3, then a knight's capture), so nothing else is legal
/// (Popeye: Ra1*c3, Ke1*c3).
#[test]
fn a_capture_follows_a_move_as_the_captured_piece_and_check_is_read_so() {
    let v = variant();
    let text = "4k3/8/8/8/8/2n5/8/R3K3 w - - 0 1";
    assert_eq!(legal(&v, text), sorted(&["a1c3", "e1c3"]));
    assert!(v.in_check(&read(&v, text)));
}

/// A bishop on d4 attacks every square next to it that a king's step
/// reaches and a bishop's line takes back: of the king's steps only d1
/// is safe; the pawn takes the bishop by stepping to b3 as a bishop
/// would not, but to c3 (a bishop's quiet move) and then diagonally
/// (Popeye: Ke1*d4, Ke1-d1, b2*d4).
#[test]
fn a_pawn_takes_a_bishop_after_a_bishop_move() {
    let v = variant();
    assert_eq!(
        legal(&v, "4k3/8/8/8/3b4/8/1P6/4K3 w - - 0 1"),
        sorted(&["b2d4", "e1d1", "e1d4"])
    );
}

/// En passant by a detour: the pawn on e6 steps down to e5 as the black
/// pawn would, then takes en passant on d6; the pawn beside the victim on
/// e5 steps down to e4 and takes it on d5 instead, never en passant
/// (Popeye: e6*d6 ep., e5*d5).
#[test]
fn en_passant_follows_a_move_as_the_captured_pawn() {
    let v = variant();
    let before = "7k/8/4P3/3p4/8/8/8/4K3 w - d6 0 1";
    let expected = ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e6d6", "e6e7"];
    assert_eq!(legal(&v, before), sorted(&expected));
    let beside = "7k/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let expected = ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5d5", "e5e6"];
    assert_eq!(legal(&v, beside), sorted(&expected));
    // The board changes as a capture: the pawn moves, the victim goes.
    let mut pos = read(&v, before);
    let mv = uci::parse(&v, &pos, "e6d6").expect("e6d6");
    let mut events = Vec::new();
    pos.make_traced(&v, mv, &mut events);
    assert_eq!(fen::write(&v, &pos), "7k/8/3P4/8/8/8/8/4K3 b - - 0 1");
    assert!(events.iter().any(|e| matches!(e, Event::Moved { .. })), "{events:?}");
    assert!(
        events.iter().any(|e| format!("{e:?}").contains("Captured")),
        "{events:?}"
    );
}

/// Perft from the start and from a sharp position (castling, en passant,
/// promotions on both sides); the start's two plies are Popeye's 433.
#[test]
fn perft_counts_are_pinned() {
    let v = variant();
    let start = v.start_position();
    let counts: Vec<u64> = (1..=3).map(|d| Perft::new().count(&v, &start, d)).collect();
    assert_eq!(counts, [20, 433, 10_259]);
    let sharp = read(&v, "r3k2r/pP3ppp/8/2pP4/8/8/P4PpP/R3K2R w KQkq c6 0 1");
    assert_eq!(Perft::new().count(&v, &sharp, 3), 5_460);
}

/// The clause given twice is an error at the second one.
#[test]
fn the_clause_given_twice_is_a_located_error() {
    let text = r#"(
    extends: "chess",
    name: "Twice",
    legal: ["own royal not attacked", "captures follow a move as captured", "captures follow a move as captured"],
)"#;
    let shown = diagnostics(text);
    assert!(
        shown.contains("`captures follow a move as captured` is given twice"),
        "{shown}"
    );
    assert!(shown.contains("test.ron:4:"), "{shown}");
}

/// A misspelt clause names the detour among the clauses there are.
#[test]
fn a_misspelt_clause_lists_the_detour() {
    let text = r#"(
    extends: "chess",
    name: "Misspelt",
    legal: ["own royal not attacked", "captures follow a move as taken"],
)"#;
    let shown = diagnostics(text);
    assert!(shown.contains("captures follow a move as captured"), "{shown}");
}
