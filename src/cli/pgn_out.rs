//! `kaboom play --pgn FILE`: the game written as PGN, with the `Variant`
//! tag (the variant as given on the command line: a bundled name or a
//! file's path) and, for a random setup or a position given with `--fen`,
//! `SetUp` and `FEN`, and for a finished game `Termination`: how it
//! ended, in words.

use super::Failure;
use crate::notation::pgn_game;
use crate::{Ending, Position, Variant};

/// Writes the game to `path` ([`pgn_game::record`]).
pub fn write(
    path: &str,
    variant_arg: &str,
    variant: &Variant,
    start: &Position,
    fen_given: bool,
    moves: &[String],
    ending: Option<&Ending>,
) -> Result<(), Failure> {
    let text = pgn_game::record(variant, variant_arg, start, fen_given, moves, ending);
    std::fs::write(path, text).map_err(|e| Failure::io(format!("{path}: cannot write: {e}")))
}
