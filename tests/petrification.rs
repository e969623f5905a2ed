//! Petrification: `on capture by <kinds>` fires for a move made by a piece
//! of those kinds (as it was before the move), so a capturing piece can
//! turn into a wall (`block(mover & any ...)`); `own royal not attacked
//! through new blocks` judges a move's attacks as if the squares it
//! blocked were still empty.

use kaboom::{Position, Variant};
use kaboom::{fen, uci};

fn variant(extra: &str) -> Result<Variant, String> {
    let text = format!("(extends: \"chess\", name: \"test\", {extra})");
    Variant::from_text("test.ron", &text).map_err(|e| format!("{e:?}"))
}

fn after(v: &Variant, text: &str, mv: &str) -> String {
    let mut pos: Position = fen::parse(v, text).unwrap();
    let m = uci::parse(v, &pos, mv).unwrap();
    pos.make(v, m);
    fen::write(v, &pos)
}

fn legal(v: &Variant, text: &str) -> Vec<String> {
    let pos: Position = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    moves.sort();
    moves
}

const PETRIFY: &str = r#"rules: ["on capture by N B R Q: block(mover & any N B R Q)"]"#;

#[test]
fn a_piece_of_the_kinds_that_captures_becomes_a_wall() {
    let v = variant(PETRIFY).unwrap();
    let start = "4k3/1P1p4/8/8/8/8/8/3QK3 w - - 0 1";
    assert_eq!(after(&v, start, "d1d7"), "4k3/1P1*4/8/8/8/8/8/4K3 b - - 0 1");
    // Quiet moves fire nothing.
    assert_eq!(after(&v, start, "d1d5"), "4k3/1P1p4/8/3Q4/8/8/8/4K3 b - - 1 1");
    // A pawn is not of the kinds, even when it promotes to a queen.
    assert_eq!(
        after(&v, "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"),
        "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn generated_moves_agree_with_the_definition() {
    let v = variant(PETRIFY).unwrap();
    for text in [
        "4k3/1P1p4/8/8/8/8/8/3QK3 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "4k3/8/4r3/8/8/4*3/4B3/4K3 b - - 0 1",
    ] {
        let pos: Position = fen::parse(&v, text).unwrap();
        let mut pseudo = Vec::new();
        v.generate_pseudo_legal(&pos, &mut pseudo);
        let mut by_definition: Vec<String> = pseudo
            .iter()
            .filter(|m| v.is_legal(&pos, m))
            .map(|m| uci::write(&v, m))
            .collect();
        by_definition.sort();
        assert_eq!(legal(&v, text), by_definition, "{text}");
    }
}

#[test]
fn attacks_may_be_judged_through_the_walls_a_move_made() {
    // The bishop that takes on e3 walls it; judged through the new wall,
    // the rook on e6 would still see the king: the capture is illegal.
    let text = "4k3/8/4r3/8/8/4p3/3B4/4K3 w - - 0 1";
    let plain = variant(PETRIFY).unwrap();
    assert!(legal(&plain, text).contains(&"d2e3".to_string()));
    let through = variant(&format!(
        r#"{PETRIFY}, legal: ["own royal not attacked through new blocks"]"#
    ))
    .unwrap();
    assert!(!legal(&through, text).contains(&"d2e3".to_string()));
}

#[test]
fn misuse_is_reported() {
    let e = variant(r#"rules: ["on capture by X: block(mover)"]"#).unwrap_err();
    assert!(e.contains("`X` is not a piece letter of this variant"), "{e}");
    let e = variant(
        r#"pieces: [(letter: 'W', name: "wall-walker", moves: "mW", royal: true)], start: "4w3/8/8/8/8/8/8/4W3 w - - 0 1", castling: [], promotion: [], rules: ["on capture by W: block(mover)"]"#,
    )
    .unwrap_err();
    assert!(e.contains("never capture"), "{e}");
    let e = variant(r#"legal: ["own royal not attacked through new blocks"]"#).unwrap_err();
    assert!(e.contains("no rule or action blocks a square"), "{e}");
}
