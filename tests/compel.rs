//! Kaboom Chess's king control (seed "Kaboom Chess": "compel that piece to
//! take any move it would normally be allowed to make, including Kaboom
//! abilities"): the reading of docs/variants/kaboom.md pinned. A compelled
//! piece makes its own moves and actions, but a compelled king does not
//! control in turn, and the notation refuses a second `~`.

mod common;

use common::kaboom;

/// White's king on e1 compels Black's king on e3 (Manhattan distance 2),
/// which has its own pawn on e5 and White's knight on c3 within its reach.
const FEN: &str = "8/8/8/4p3/8/2N1k3/8/4K3 w - - 0 1";

fn moves(fen: &str) -> Vec<String> {
    let (code, out, err) = kaboom(&["moves", "kaboom", "--fen", fen]);
    assert_eq!(code, 0, "{err}");
    out.lines().map(str::to_string).collect()
}

#[test]
fn a_compelled_king_makes_its_own_moves_and_bumps_but_controls_nothing() {
    let white = moves(FEN);
    let compelled: Vec<&str> = white.iter().filter_map(|m| m.strip_prefix("e1~e3")).collect();
    // The same position with Black to move: the king's own moves, bumps
    // and controls there.
    let black = moves("8/8/8/4p3/8/2N1k3/8/4K3 b - - 0 1");
    let own: Vec<&str> = black.iter().filter_map(|m| m.strip_prefix("e3")).collect();
    let controls: Vec<&String> = black.iter().filter(|m| m.starts_with("e3~")).collect();
    assert!(
        !controls.is_empty(),
        "Black's king controls when it moves itself: {black:?}"
    );
    assert!(!compelled.is_empty(), "White's king compels Black's: {white:?}");
    assert!(
        compelled.iter().all(|m| !m.starts_with('~')),
        "a compelled king controls in turn: {compelled:?}"
    );
    let mut expected: Vec<&str> = own.into_iter().filter(|m| !m.starts_with('~')).collect();
    let mut got = compelled.clone();
    expected.sort();
    got.sort();
    assert_eq!(
        got, expected,
        "compelled, Black's king makes exactly its own moves and actions"
    );
}

#[test]
fn a_second_compulsion_is_refused_as_malformed() {
    let (_, out, err) = kaboom(&["play", "kaboom", "--fen", FEN, "e1~e3~e5e4"]);
    let text = out + &err;
    assert!(
        text.contains("compels no other"),
        "a chained control is not explained: {text}"
    );
}
