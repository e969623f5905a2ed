//! Rights beyond gating: moves a piece has only while it holds a right
//! (`right_moves`, barred in check with `right_moves_not_in_check`) and
//! rights a piece takes from enemy pieces (`takes_rights`), the rights
//! read from and written to the FEN's castling field. Counts and FENs
//! are Fairy-Stockfish's for its built-in `cambodian` (`cambodianMoves`,
//! source build c19b5f6c).

use kaboom::{Variant, fen, uci};

/// Makruk's pieces with Cambodian chess's first-move leaps: the king one
/// rank forward and two files aside, the met two squares forward, each
/// onto an empty square while it holds its right; the king's not in
/// check; a rook landing on the enemy king's rank or file takes its right.
const RIGHTS: &str = r#"(
    name: "Rights test",
    board: (files: 8, ranks: 8),
    pieces: [
        (letter: 'P', name: "pawn", moves: "fmWfceF", pawn: true),
        (letter: 'N', name: "knight", moves: "N"),
        (letter: 'R', name: "rook", moves: "R", takes_rights: (of: "K", along: "R")),
        (letter: 'M', name: "met", moves: "F", right_moves: "mfD"),
        (letter: 'S', name: "silver", moves: "FfW"),
        (letter: 'K', name: "king", moves: "K", royal: true, right_moves: "mfsN", right_moves_not_in_check: true),
    ],
    start: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
    promotion: (pieces: "P", ranks: [6, 7, 8], choices: "M", mandatory: true),
)"#;

fn rights() -> Variant {
    Variant::from_text("rights.ron", RIGHTS).unwrap()
}

fn perft(v: &Variant, text: &str, depth: u32) -> Vec<u64> {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut perft = kaboom::Perft::new();
    (1..=depth).map(|d| perft.count(v, &pos, d)).collect()
}

fn load_err(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn perft_from_the_start_is_fairy_stockfish_s() {
    let v = rights();
    let start = fen::write(&v, &v.start_position());
    assert_eq!(perft(&v, &start, 4), [25, 625, 15031, 361719]);
}

/// The king's leap is barred in check (the met's is not); a rook on the
/// enemy king's rank takes its right, pieces between or not; the leaps
/// alone, without check.
#[test]
fn rights_positions_count_as_fairy_stockfish() {
    let v = rights();
    for (text, want) in [
        ("3rk3/8/8/8/8/8/8/3KM3 w DE - 0 1", [4, 55, 380]),
        ("4k3/8/8/8/8/8/8/R5K1 w e - 0 1", [17, 102, 1879]),
        ("r3k3/8/8/8/8/8/3M4/3K3R b De - 0 1", [17, 312, 5496]),
        ("4k3/8/8/8/8/8/8/3KM3 w DE - 0 1", [9, 45, 445]),
    ] {
        assert_eq!(perft(&v, text, 3), want, "{text}");
    }
}

/// The FEN after each move, as Fairy-Stockfish writes it: a right goes
/// with a leap, a move of its piece, or a rook reaching the king's file.
#[test]
fn rights_leave_the_fen_as_in_fairy_stockfish() {
    let v = rights();
    let mut pos = fen::parse(&v, "4k3/8/8/8/8/8/3M4/R2K4 w De - 0 1").unwrap();
    for (text, want) in [
        ("d1b2", "4k3/8/8/8/8/8/1K1M4/R7 b e - 1 1"),
        ("e8c7", "8/2k5/8/8/8/8/1K1M4/R7 w - - 2 2"),
    ] {
        let mv = uci::parse(&v, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(&v, mv);
        assert_eq!(fen::write(&v, &pos), want, "after {text}");
    }
    // The rook on a5 does not reach e8; on e5 it does, over the e7 pawn.
    let mut pos = fen::parse(&v, "4k3/p3p3/8/8/8/8/8/R2K4 w De - 0 1").unwrap();
    for (text, want) in [
        ("a1a5", "4k3/p3p3/8/R7/8/8/8/3K4 b De - 1 1"),
        ("a7a6", "4k3/4p3/p7/R7/8/8/8/3K4 w De - 0 2"),
        ("a5e5", "4k3/4p3/p7/4R3/8/8/8/3K4 b D - 1 2"),
    ] {
        let mv = uci::parse(&v, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(&v, mv);
        assert_eq!(fen::write(&v, &pos), want, "after {text}");
        assert_eq!(fen::write(&v, &fen::parse(&v, want).unwrap()), want);
    }
}

#[test]
fn misused_rights_are_clear_errors() {
    let with = |piece: &str| RIGHTS.replace(r#"(letter: 'S', name: "silver", moves: "FfW"),"#, piece);
    let err = load_err(&with(
        r#"(letter: 'S', name: "silver", moves: "FfW", right_moves: "fD"),"#,
    ));
    assert!(err.contains("moves held by a right only move"), "{err}");
    let err = load_err(&with(
        r#"(letter: 'S', name: "silver", moves: "FfW", right_moves: "fQ8x"),"#,
    ));
    assert!(err.contains("`right_moves`: movement template"), "{err}");
    let err = load_err(&with(
        r#"(letter: 'S', name: "silver", moves: "FfW", right_moves_not_in_check: true),"#,
    ));
    assert!(err.contains("without `right_moves`"), "{err}");
    let err = load_err(&with(
        r#"(letter: 'S', name: "silver", moves: "FfW", takes_rights: (of: "X", along: "R")),"#,
    ));
    assert!(err.contains("`takes_rights.of`: `X` is not a piece letter"), "{err}");
}
