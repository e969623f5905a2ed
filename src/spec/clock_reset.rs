//! Which kinds of move reset the move-rule clock, as a variant file lists
//! them in `clock_resets`.

use serde::{Deserialize, Serialize};

/// A kind of move that resets the move-rule clock (`clock_resets`).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum ClockReset {
    /// A move that removes a piece from the board: a capture, or an
    /// effect that removes one.
    Captures,
    /// A move of a `pawn: true` piece that it cannot undo: none of its
    /// quiet moves (initial ones aside) leads back from where it lands to
    /// where it stood, on an empty board. A pawn pushed by an effect too.
    PawnMoves,
    /// A promotion, to anything but the moving piece's promoted form
    /// (`promoted_from`) or back from it (a demotion).
    Promotions,
    /// A promotion to the moving piece's promoted form (shogi's `+`).
    PromotedForms,
    /// A drop from the hand.
    Drops,
    /// A pass.
    Passes,
    /// A side action, when the side's first piece in square order (a1,
    /// b1, ..., the lowest square it occupies before the action) is a
    /// `pawn` piece for that side: Fairy-Stockfish writes a wall put up
    /// instead of a move (`wallOrMove`) as that piece standing still, and
    /// resets its clock where it is a pawn.
    FirstPawnActions,
}

impl ClockReset {
    /// The default set: everything but passes.
    pub const DEFAULT: [ClockReset; 5] = [
        ClockReset::Captures,
        ClockReset::PawnMoves,
        ClockReset::Promotions,
        ClockReset::PromotedForms,
        ClockReset::Drops,
    ];

    /// The bit of this kind of move in a set of them.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}
