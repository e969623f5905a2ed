//! A move that makes a royal piece (a promotion to a royal kind) is judged
//! as a move of a royal piece: onto an attacked square it is illegal, as
//! in Fairy-Stockfish (tests/fsf_games.rs has its `coregal` position).

use kaboom::{Perft, Variant, fen, uci};

/// Chess whose pawns may also promote to a (royal) king.
fn chess_with_king_promotion() -> Variant {
    let text = r#"(
    extends: "chess",
    name: "Royal promotion",
    promotion: (pieces: "P", ranks: [8], choices: "QRBNK", mandatory: true),
)"#;
    Variant::from_text("royal-promotion.ron", text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(v: &Variant, text: &str) -> Vec<String> {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect()
}

#[test]
fn a_pawn_may_not_promote_to_a_king_on_an_attacked_square() {
    let v = chess_with_king_promotion();
    // The rook on b8 attacks a8; b8 itself, taken, is attacked by nothing.
    let text = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let list = moves(&v, text);
    assert!(!list.contains(&"a7a8k".to_string()), "{list:?}");
    assert!(list.contains(&"a7a8q".to_string()), "{list:?}");
    assert!(list.contains(&"a7b8k".to_string()), "{list:?}");
    // Counted at perft's last ply as listed.
    let pos = fen::parse(&v, text).unwrap();
    assert_eq!(Perft::new().count(&v, &pos, 1), list.len() as u64);
}

#[test]
fn a_promotion_to_a_king_that_would_stand_in_check_is_illegal_even_when_the_king_is_safe() {
    let v = chess_with_king_promotion();
    // The bishop on f3 attacks a8 along the long diagonal.
    let list = moves(&v, "4k3/P7/8/8/8/5b2/8/4K3 w - - 0 1");
    assert!(!list.contains(&"a7a8k".to_string()), "{list:?}");
    assert!(list.contains(&"a7a8r".to_string()), "{list:?}");
}
