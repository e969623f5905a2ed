//! `kaboom explain` of a move that a move filter clause forbids names the
//! clause as the file writes it (docs/fairy.md, Move filters): `moves only
//! if`, `captures only if`, `checks must mate`, `longest moves are
//! compulsory`. A move illegal for another reason keeps the plain error.

mod common;
use common::kaboom;

/// The error `explain` prints for `mv` from `fen` under `variant`.
fn refused(variant: &str, fen: &str, mv: &str) -> String {
    let (code, out, err) = kaboom(&["explain", variant, "--fen", fen, mv]);
    assert_eq!(code, 1, "{out}{err}");
    err
}

#[test]
fn a_paralysed_piece_names_the_moves_only_if_clause() {
    let err = refused("variants/fairy/madrasi.ron", "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", "a1a2");
    assert!(
        err.contains(
            "`a1a2` is not a legal move here: the clause `moves only if not observed(mover by enemy same kind) or royal(mover)` forbids it; legal moves: e1e2"
        ),
        "{err}"
    );
}

#[test]
fn an_unguarded_capture_names_the_captures_only_if_clause() {
    let err = refused("variants/fairy/patrol.ron", "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", "a1a2");
    assert!(
        err.contains("the clause `captures only if observed(mover by own)` forbids it"),
        "{err}"
    );
}

#[test]
fn a_check_that_does_not_mate_names_checks_must_mate() {
    let err = refused("variants/fairy/checkless.ron", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8");
    assert!(err.contains("the clause `checks must mate` forbids it"), "{err}");
}

#[test]
fn a_shorter_move_names_longest_moves_are_compulsory() {
    let err = refused(
        "variants/fairy/black-maximummer.ron",
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
        "e8e7",
    );
    assert!(
        err.contains("the clause `longest moves are compulsory for black` forbids it; legal moves: e8d7 e8f7"),
        "{err}"
    );
}

#[test]
fn a_move_no_filter_forbids_keeps_the_plain_error() {
    let err = refused("variants/fairy/madrasi.ron", "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", "e1d3");
    assert!(err.contains("`e1d3` is not a legal move here; legal moves:"), "{err}");
    assert!(!err.contains("clause"), "{err}");
}
