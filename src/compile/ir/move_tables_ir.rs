//! Per-move facts the compiler works out for the engine: where a move's
//! effects may remove pieces (`RemovalReach`) and which moves reset the
//! move-rule clock (`ClockResets`).

use crate::base::square::{Square, SquareSet};

/// Where the effects of a move may remove pieces, per square of the move:
/// within `around_target[to]` and `around_origin[from]` (each empty when
/// no effect reaches around that square).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RemovalReach {
    /// For each square, the squares an effect centred on the move's
    /// target (or the mover, which stands there) may remove.
    pub around_target: Vec<SquareSet>,
    /// For each square, the squares an effect centred on the move's
    /// origin may remove.
    pub around_origin: Vec<SquareSet>,
}

impl RemovalReach {
    /// The squares the effects of a move from `from` to `to` may remove,
    /// with `from` and `to` themselves.
    #[inline]
    pub fn squares(&self, from: Square, to: Square) -> SquareSet {
        let mut out = self.around_target[to.index()].union(&self.around_origin[from.index()]);
        out.insert(from);
        out.insert(to);
        out
    }
}

/// Which moves reset the move-rule clock (the file's `clock_resets`;
/// docs/format.md, The move-rule clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockResets {
    /// A move that removes a piece from the board.
    pub captures: bool,
    /// A move of a pawn-like piece (`pawn: true`) that it cannot undo, or
    /// a pawn-like piece moved by an effect.
    pub pawn_moves: bool,
    /// A promotion to anything but the mover's promoted form, and no
    /// demotion.
    pub promotions: bool,
    /// A promotion to the mover's promoted form.
    pub promoted_forms: bool,
    /// A drop.
    pub drops: bool,
    /// A pass.
    pub passes: bool,
    /// A side action, when the mover's piece on its lowest occupied square
    /// is pawn-like for it.
    pub first_pawn_actions: bool,
}
