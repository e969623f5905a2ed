//! Move coordinates in the style of UCI: `e2e4`, `e7e8q`, squares past
//! rank 9 as `a10`, castling as the king's move (`e1g1`), or as the king
//! moving onto its rook when the king does not change square.

use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

/// A move string that is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not move coordinates at all.
    #[error("`{text}` is not a move: {reason}")]
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Well-formed, but no legal move matches.
    #[error("`{text}` is not a legal move here; legal moves: {legal}")]
    Illegal {
        /// The text as given.
        text: String,
        /// Every legal move, space-separated.
        legal: String,
    },
}

/// Writes a move.
pub fn write(variant: &Variant, mv: &Move) -> String {
    let g = variant.geometry;
    let mut out = g.name(mv.from);
    match mv.kind {
        MoveKind::Castle(i) if mv.from == mv.to => out.push_str(&g.name(variant.castling[i as usize].rook_from)),
        _ => out.push_str(&g.name(mv.to)),
    }
    if let Some(kind) = mv.promotion {
        out.push(variant.pieces[kind as usize].letter.to_ascii_lowercase());
    }
    out
}

/// Reads a move and finds it among the legal moves of `pos`. Castling may
/// also be written as the king moving onto its rook.
pub fn parse(variant: &Variant, pos: &Position, text: &str) -> Result<Move, MoveError> {
    let g = variant.geometry;
    let malformed = |reason: &str| MoveError::Malformed {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    if text.len() > 16 {
        return Err(malformed("too long for move coordinates"));
    }
    let (from, used) = g
        .read_square(text)
        .ok_or_else(|| malformed("it must start with a square of the board, such as e2"))?;
    let rest = &text[used..];
    let (to, used) = g
        .read_square(rest)
        .ok_or_else(|| malformed("a second square must follow the first, as in e2e4"))?;
    let rest = &rest[used..];
    let promotion = match rest.chars().count() {
        0 => None,
        1 => {
            let c = rest.chars().next().unwrap_or(' ');
            Some(
                variant
                    .kind_of_letter(c)
                    .ok_or_else(|| malformed(&format!("`{c}` is not a piece letter to promote to")))?,
            )
        }
        _ => return Err(malformed("only a promotion letter may follow the squares")),
    };
    let legal = variant.legal_moves(pos);
    let found = legal
        .iter()
        .find(|m| m.from == from && m.to == to && m.promotion == promotion)
        .or_else(|| {
            legal.iter().find(|m| match m.kind {
                MoveKind::Castle(i) => {
                    m.from == from && variant.castling[i as usize].rook_from == to && promotion.is_none()
                }
                _ => false,
            })
        });
    found.copied().ok_or_else(|| MoveError::Illegal {
        text: text.to_string(),
        legal: if legal.is_empty() {
            "none (the game is over)".to_string()
        } else {
            legal.iter().map(|m| write(variant, m)).collect::<Vec<_>>().join(" ")
        },
    })
}
