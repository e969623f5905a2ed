//! `kaboom play --pgn FILE`: the game written as PGN, with the `Variant`
//! tag (the variant as given on the command line: a bundled name or a
//! file's path) and, for a random setup or a position given with `--fen`,
//! `SetUp` and `FEN`, and for a finished game `Termination`: how it
//! ended, in words.

use super::Failure;
use crate::base::square::Color;
use crate::notation::{fen, pgn};
use crate::{Ending, Position, Variant};

/// Writes the game to `path`.
pub fn write(
    path: &str,
    variant_arg: &str,
    variant: &Variant,
    start: &Position,
    fen_given: bool,
    moves: &[String],
    ending: Option<&Ending>,
) -> Result<(), Failure> {
    let result = ending.map_or("*", |e| e.result.score());
    let mut tags: Vec<(String, String)> = [
        ("Event", "kaboom game"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
        ("Variant", variant_arg),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    if fen_given || variant.has_random_setup() {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen::write(variant, start)));
    }
    // The reason in words (chess.com writes its own words here too;
    // Lichess writes `Normal`).
    if let Some(e) = ending {
        tags.push(("Termination".to_string(), e.reason.clone()));
    }
    let text = pgn::write(
        &tags,
        moves,
        start.fullmove_number(),
        start.side_to_move() == Color::Black,
        ending.map(|e| e.reason.as_str()),
        result,
    );
    std::fs::write(path, text).map_err(|e| Failure::io(format!("{path}: cannot write: {e}")))
}
