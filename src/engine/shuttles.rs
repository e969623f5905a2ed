//! The `N shuttles` end rule: the side that just moved has moved one piece
//! back and forth between two squares with its last N moves (docs/effects.md,
//! Game end). Read from the game's moves and positions, as Fairy-Stockfish
//! reads its move repetition rule (`moveRepetitionIllegal`).

use super::moves::{Choices, Move, MoveKind};
use super::position::Position;
use crate::base::kind_set::KindSet;
use crate::compile::Variant;

/// Whether the last move completes `n` shuttles by a piece whose kind is
/// in `kinds`. `moves[k]` is the move before `positions[k + 1]`, and the
/// last position is the current one.
///
/// Counting back from the last move (move 0; the mover's moves are the
/// even ones): move 0 is a plain move of a piece of `kinds`; move 2 is its
/// reverse (or a pass, which then counts as one of the `n`); each later
/// even move up to the `n`-th reverses the one before it (after a pass,
/// move 4 reverses move 0); the move after those, not a capture, brought
/// the piece to the square the next one left. All of these plies lie
/// within the halfmove clock and the game (no capture or irreversible
/// move meanwhile), and the mover was in check before none of its moves
/// (the oldest only when the ply before it is within the clock too).
pub(super) fn shuttled(variant: &Variant, positions: &[Position], moves: &[Move], n: u32, kinds: KindSet) -> bool {
    let Some(current) = positions.last() else {
        return false;
    };
    let m = moves.len();
    let line = Line {
        len: m,
        ply: &|k| moves[m - 1 - k],
        checked_before: &|k| variant.in_check(&positions[m - 1 - k]),
    };
    shuttled_on(current, &line, n, kinds)
}

/// The moves that led to a position, read back from it: what the
/// `N shuttles` rule asks of a game, or of a search's line.
pub(crate) struct Line<'a> {
    /// How many moves there are.
    pub len: usize,
    /// The move `k` plies back (0: the last), for `k < len`.
    pub ply: &'a dyn Fn(usize) -> Move,
    /// Whether the side that made the move `k` plies back was in check before it.
    pub checked_before: &'a dyn Fn(usize) -> bool,
}

/// [`shuttled`] for a position `current` and the moves that led to it
/// (the search keeps its line so: `crate::search`).
pub(crate) fn shuttled_on(current: &Position, line: &Line, n: u32, kinds: KindSet) -> bool {
    let m = line.len;
    let end = (current.halfmove_clock() as usize).min(m);
    if n < 2 || end < 4 {
        return false;
    }
    let mv = line.ply;
    let checked_before = line.checked_before;
    let last = mv(0);
    let cell = current.cell(last.to);
    if !plain(&last) || !cell.is_piece() || !kinds.contains(cell.kind()) || checked_before(0) || checked_before(2) {
        return false;
    }
    let mut count = if reverses(&mv(2), &last) {
        2
    } else if mv(2).kind == MoveKind::Pass {
        1
    } else {
        return false;
    };
    let mut i = 4;
    // Fairy-Stockfish also reads the move "before" the game's first (at
    // `i == m`) as a move to a1 (its empty move); kaboom reads none.
    while i <= end && i < m {
        if i < end && checked_before(i) {
            return false;
        }
        if count < n {
            let previous = if count == 1 { last } else { mv(i - 2) };
            if !reverses(&mv(i), &previous) {
                return false;
            }
            count += 1;
        } else {
            return !mv(i).is_capture() && mv(i - 2).from == mv(i).to;
        }
        i += 2;
    }
    false
}

/// A move of one piece from one square to another, nothing else.
fn plain(mv: &Move) -> bool {
    matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
        && mv.promotion.is_none()
        && mv.gate.is_none()
        && mv.controller.is_none()
        && mv.choices == Choices::NONE
}

/// Whether `mv` is `other` played backwards.
fn reverses(mv: &Move, other: &Move) -> bool {
    plain(mv) && mv.from == other.to && mv.to == other.from
}
