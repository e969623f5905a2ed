//! A move typed by a player, in coordinates (`e2e4`) or in algebraic
//! notation (`e4`, `Nf3`), read against the game so far; a move that is
//! neither shows where the game stands and the legal moves, in the
//! notation the move was typed in. `kaboom play` reads its moves so, with
//! or without the engine.

use super::Failure;
use crate::Variant;
use crate::base::square::Color;
use crate::notation::{board, fen, san, uci};
use crate::{Game, Move};
use std::fmt::Write as _;

/// Reads a move in coordinates, or else in algebraic notation; when it is
/// neither, the error shows where the game stands.
pub(super) fn read_move(
    variant: &Variant,
    game: &Game,
    record: &[String],
    index: usize,
    text: &str,
) -> Result<Move, Failure> {
    let pos = game.position();
    let coordinates = match uci::parse(variant, pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    if let Ok(mv) = san::parse(variant, pos, text) {
        return Ok(mv);
    }
    // Well-formed coordinates that name no legal move: answer in
    // coordinates; anything else was meant as algebraic notation.
    let written_in_coordinates = {
        let g = variant.geometry();
        // The length of the square that starts `t`, if one does.
        let square = |t: &str| {
            (2..=3)
                .rev()
                .find(|&n| t.get(..n).is_some_and(|s| g.parse_square(s).is_some()))
        };
        // A square and `~` start a compelled move, which both notations
        // write in coordinates.
        square(text).is_some_and(|n| square(&text[n..]).is_some() || text[n..].starts_with('~'))
    };
    let in_coordinates = matches!(coordinates, uci::MoveError::Illegal { .. }) || written_in_coordinates;
    let shown = super::protocol::quote(text);
    let (problem, legal) = match &coordinates {
        _ if in_coordinates => (
            match &coordinates {
                uci::MoveError::Malformed { reason, .. } => format!("`{shown}` is not a move: {reason}"),
                _ => format!("`{shown}` is not a legal move here"),
            },
            variant
                .legal_moves(pos)
                .iter()
                .map(|m| uci::write(variant, m))
                .collect::<Vec<_>>(),
        ),
        _ => (
            format!("`{shown}` is not a legal move here, in coordinates (e2e4) or in algebraic notation (e4, Nf3)"),
            san::legal_moves(variant, pos).into_iter().map(|(_, s)| s).collect(),
        ),
    };
    let mut message = format!("move {}: {problem}\n", index + 1);
    if record.is_empty() {
        message.push_str("position (no move played yet):\n");
    } else {
        let _ = writeln!(message, "position after {}:", record.join(" "));
    }
    message.push_str(&board::diagram(variant, pos));
    let _ = writeln!(message, "fen: {}", fen::write(variant, pos));
    let side = if pos.side_to_move() == Color::White {
        "White"
    } else {
        "Black"
    };
    if legal.is_empty() {
        let _ = writeln!(message, "{side} to move, and has no legal move");
    } else {
        let _ = writeln!(message, "{side} to move; legal moves: {}", legal.join(" "));
    }
    if let Some(hint) = uci::missing_choice_hint(variant, pos, text) {
        let _ = writeln!(message, "help: {hint}");
    }
    Err(Failure::input(message))
}
