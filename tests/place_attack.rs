//! Placement attacks (a capture that decides a check is played to judge
//! it) stay bounded when two kings are in plain check at once.

use kaboom::Variant;

/// Both kings in plain check with castling rights: judging White's check
/// plays Black's captures, whose castling asks whether Black's king is in
/// check, which played White's captures, whose castling asked again: the
/// stack overflowed (a game against the random mover found it). Black is
/// not in check here (the bishop's rebirth square f1 is taken); White must
/// answer the bishop on b4. Popeye 4.104 (`condition anticirce`,
/// `stipulation ~1`) lists the same four moves.
#[test]
fn two_kings_in_plain_check_do_not_ask_each_other_without_end() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/fairy/anticirce.ron");
    let v = Variant::load(path).unwrap();
    let pos = kaboom::fen::parse(&v, "r3k2r/8/8/1B6/1b6/8/8/R3KN1R w KQkq - 0 1").unwrap();
    let mut moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| kaboom::uci::write(&v, m)).collect();
    moves.sort();
    assert_eq!(moves, ["e1d1", "e1e2", "e1f2", "f1d2"]);
}
