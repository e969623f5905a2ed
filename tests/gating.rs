//! Gating (`drops: (gating: true)`): a piece in hand enters, as part of a
//! move, on the first-rank square a piece holding a gating right leaves
//! (Seirawan chess, docs/examples/seirawan.ron). Counts, FENs and move
//! notation are Fairy-Stockfish's for its built-in `seirawan` (source
//! build c19b5f6c).

use kaboom::{Variant, fen, san, uci};

fn seirawan() -> Variant {
    Variant::load("docs/examples/seirawan.ron").unwrap()
}

fn load_err(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn perft_from_the_start_is_fairy_stockfish_s() {
    let v = seirawan();
    let start = v.start_position();
    let mut perft = kaboom::Perft::new();
    let counts: Vec<u64> = (1..=3).map(|d| perft.count(&v, &start, d)).collect();
    assert_eq!(counts, [28, 784, 24830]);
}

/// A game with both castlings gating (on the rook's square, on the
/// king's), a knight gating the last piece in hand: the FEN after every
/// move (but that kaboom names every passed square en passant, `e3`),
/// and the gated moves written as Fairy-Stockfish writes them.
#[test]
fn a_game_reads_and_writes_as_fairy_stockfish() {
    let v = seirawan();
    let game = [
        (
            "e2e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[EHeh] b KQBCDFGkqbcdfg e3 0 1",
        ),
        (
            "e7e5",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg e6 0 2",
        ),
        (
            "g1f3",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[EHeh] b KQBCDFkqbcdfg - 1 2",
        ),
        (
            "g8f6",
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[EHeh] w KQBCDFkqbcdf - 2 3",
        ),
        (
            "f1c4",
            "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] b KQBCDkqbcdf - 3 3",
        ),
        (
            "f8c5",
            "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDkqbcd - 4 4",
        ),
        (
            "h1e1h",
            "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eeh] b ABCDkqbcd - 5 4",
        ),
        (
            "e8g8e",
            "rnbqerk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eh] w ABCDabcd - 6 5",
        ),
        (
            "b1c3e",
            "rnbqerk1/pppp1ppp/5n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/REBQ1RKH[h] b abcd - 7 5",
        ),
        (
            "b8c6",
            "r1bqerk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/REBQ1RKH[h] w acd - 8 6",
        ),
    ];
    let mut pos = v.start_position();
    for (text, want) in game {
        let mv = uci::parse(&v, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(uci::write(&v, &mv), text);
        pos.make(&v, mv);
        assert_eq!(fen::write(&v, &pos), want, "after {text}");
        // The FEN reads back as it was written.
        assert_eq!(fen::write(&v, &fen::parse(&v, want).unwrap()), want);
    }
}

/// Castling may gate on the king's square or the rook's, and each gated
/// move is written apart: `e1g1h`, `h1e1h` in coordinates, `O-O/He1`,
/// `O-O/Hh1` and `Nf3/H` in the game record.
#[test]
fn gated_moves_are_written_apart() {
    let v = seirawan();
    let pos = fen::parse(
        &v,
        "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDkqbcd - 4 4",
    )
    .unwrap();
    let mut castles: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .map(|m| uci::write(&v, m))
        .filter(|m| m.starts_with("e1g1") || m.starts_with("h1e1"))
        .collect();
    castles.sort();
    assert_eq!(castles, ["e1g1", "e1g1e", "e1g1h", "h1e1e", "h1e1h"]);
    let record = |text: &str| {
        let mv = uci::parse(&v, &pos, text).unwrap();
        san::write_move(&v, &pos, &mv)
    };
    assert_eq!(record("e1g1h"), "O-O/He1");
    assert_eq!(record("h1e1h"), "O-O/Hh1");
    assert_eq!(record("b1c3e"), "Nc3/E");
    let mv = san::find(&v, &pos, "O-O/Hh1").unwrap();
    assert_eq!(uci::write(&v, &mv), "h1e1h");
}

/// A piece taken where it stood loses its gating right (Fairy-Stockfish's
/// FENs).
#[test]
fn a_piece_taken_loses_its_gating_right() {
    let v = seirawan();
    let before = "rnbqkbnr/1ppp1ppN/4p3/p7/8/8/PPPPPPPP/RNBQKB1R[EHeh] w KQBCDFkqbcdfg - 0 4";
    let pos = fen::parse(&v, before).unwrap();
    let mut after = pos.clone();
    after.make(&v, uci::parse(&v, &pos, "h7f8").unwrap());
    assert_eq!(
        fen::write(&v, &after),
        "rnbqkNnr/1ppp1pp1/4p3/p7/8/8/PPPPPPPP/RNBQKB1R[EHeh] b KQBCDFkqbcdg - 0 4"
    );
}

#[test]
fn misused_gating_is_a_clear_error() {
    let err = load_err(r#"(extends: "crazyhouse", name: "test", drops: (drop_moves: false))"#);
    assert!(
        err.contains("`drop_moves: false` leaves pieces in hand only to gate"),
        "{err}"
    );
    let v = seirawan();
    let err = fen::parse(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[HEhe] w KQBkq - 0 1").unwrap_err();
    assert!(
        err.to_string().contains("gating right `B` needs a White piece on b1"),
        "{err}"
    );
}
