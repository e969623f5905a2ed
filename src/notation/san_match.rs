//! Reading a move written in kaboom's algebraic notation (as `san::write`
//! prints it) or in coordinates (`e2e4`), by matching it against the legal
//! moves: every legal move is written out and compared, so whatever kaboom
//! prints reads back exactly. The legal moves are generated once, and each
//! is written from that list. Check marks and annotations (`+`, `#`, `!`,
//! `?`) are ignored.

use super::{san, uci};
use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use thiserror::Error;

/// Why a written move does not name exactly one legal move.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum MatchError {
    /// No legal move is written so.
    #[error("no legal move is written `{0}`")]
    NoMatch(String),
    /// Several legal moves are written so.
    #[error("`{0}` names several legal moves: {1}")]
    Ambiguous(String, String),
}

/// The text without check marks and annotations at its end.
pub fn strip(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?'])
}

/// The legal move `text` names in `pos`.
pub fn find(variant: &Variant, pos: &Position, text: &str) -> Result<Move, MatchError> {
    find_among(variant, pos, text, &variant.legal_moves(pos))
}

/// The move `text` names among `legal`, the legal moves of `pos` already
/// generated: a reader that also judges the position (`replay`: has the
/// game ended?) generates them once for both.
pub fn find_among(variant: &Variant, pos: &Position, text: &str, legal: &[Move]) -> Result<Move, MatchError> {
    let wanted = strip(text.trim());
    let mut found: Vec<Move> = Vec::new();
    for mv in legal {
        if !may_be_written(variant, mv, wanted) {
            continue;
        }
        if strip(&san::write_unmarked_among(variant, pos, mv, legal)) == wanted {
            found.push(*mv);
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => match uci::parse_among(variant, pos, wanted, legal) {
            Ok(mv) => Ok(mv),
            Err(_) => Err(MatchError::NoMatch(text.to_string())),
        },
        _ => Err(MatchError::Ambiguous(
            text.to_string(),
            found
                .iter()
                .map(|m| uci::write(variant, m))
                .collect::<Vec<_>>()
                .join(", "),
        )),
    }
}

/// Whether `mv` may be written `wanted`: a piece move or a drop is written
/// with its destination square, so one whose destination's name is not in
/// the text is not written out (a listing of a duck chess position writes
/// the few dozen moves to the square named, not its thousand moves).
fn may_be_written(variant: &Variant, mv: &Move, wanted: &str) -> bool {
    match mv.kind {
        MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant | MoveKind::Drop(_)
            if mv.controller.is_none() =>
        {
            wanted.contains(variant.geometry.name(mv.to).as_str())
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_and_coordinates() {
        let v = Variant::load("chess").unwrap();
        let p = v.start_position();
        assert_eq!(uci::write(&v, &find(&v, &p, "Nf3").unwrap()), "g1f3");
        assert_eq!(uci::write(&v, &find(&v, &p, "e4!?").unwrap()), "e2e4");
        assert_eq!(uci::write(&v, &find(&v, &p, "e2e4").unwrap()), "e2e4");
        assert!(matches!(find(&v, &p, "Ke2"), Err(MatchError::NoMatch(_))));
    }
}
