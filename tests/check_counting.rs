//! Check counting: the FEN's checks-left field (`3+3`) is read and written
//! where a condition counts checks, and refused with a clear error
//! elsewhere or beyond the variant's limit.

mod common;
use common::kaboom;

#[test]
fn the_checks_left_field_reads_back() {
    let fen = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 2";
    let (code, out, err) = kaboom(&["play", "three-check", "--fen", fen]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("fen: {fen}")), "{out}");
    // Left out: no check given yet.
    let (code, out, err) = kaboom(&["play", "three-check", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("fen: R3k3/8/8/8/8/8/8/4K3 b - - 2+3 1 1"), "{out}");
}

#[test]
fn a_checks_left_field_is_refused_where_it_does_not_belong() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1";
    let (code, _, err) = kaboom(&["moves", "chess", "--fen", fen]);
    assert_eq!(code, 1);
    assert!(err.contains("this variant counts no checks"), "{err}");
    let (code, _, err) = kaboom(&["moves", "three-check", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 5+3 0 1"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("5 checks left, but the variant ends the game at 3 checks"),
        "{err}"
    );
    let (code, _, err) = kaboom(&["moves", "three-check", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 3+x 0 1"]);
    assert_eq!(code, 1);
    assert!(err.contains("are not two numbers"), "{err}");
}
