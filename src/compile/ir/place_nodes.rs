//! The IR of a placement (`place(WHO, WHERE, ...)`, docs/effects.md,
//! Placement): who appears, the square it starts from, the steps applied
//! to it, and what happens when that square is taken.

use super::{KindTo, SetId};
use crate::base::piece::Kind;
use crate::base::vocabulary::SideFilter;

/// Who a compiled placement puts on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceFrom {
    /// The piece the move captured, as it was.
    Captured,
    /// The piece that moved, as it stands now (it leaves its square).
    Mover,
    /// A new piece of a side (relative to the rule's owner) and a kind.
    New(SideFilter, Kind),
}

/// Whose game-array square a placement reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeOwner {
    /// The placed piece's kind and side.
    Placed,
    /// The captured piece's.
    Captured,
    /// The moving piece's, as it stands now.
    Mover,
}

/// The square a placement starts from, before its steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceBase {
    /// A game-array square (see [`Programs::homes`](super::Programs::homes)).
    Home {
        /// Whose kind and side.
        of: HomeOwner,
        /// The other side's array.
        mirror: bool,
        /// Only its rank, on the reference square's file.
        rank: bool,
    },
    /// Where the captured piece stood (the target when none was).
    CaptureSquare,
    /// The first empty square of a set, else its first square.
    Set(SetId),
}

/// A step applied to a placement's square, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceStep {
    /// The point reflection through the board's centre.
    Reflect,
    /// Files and ranks shifted, wrapping round the board.
    Shift(i8, i8),
}

/// What a placement does when its square is taken or missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenTaken {
    /// The piece is not placed (a moving piece is removed).
    Vanish,
    /// The move is illegal.
    Illegal,
    /// The occupant is removed, then the piece placed.
    Remove,
}

/// A placement, compiled (docs/effects.md, Placement).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledPlacement {
    /// Who appears.
    pub who: PlaceFrom,
    /// The kind it appears as, if not its own (`captured as next`).
    pub becomes: Option<KindTo>,
    /// The square it starts from.
    pub base: PlaceBase,
    /// The steps applied to it, in order.
    pub steps: Vec<PlaceStep>,
    /// When the square is taken.
    pub taken: WhenTaken,
    /// Royal pieces are placed too (else a royal piece is left as it is).
    pub royal: bool,
    /// A piece placed in its promotion zone promotes: to its first choice,
    /// or with `chosen`, to the one the mover chooses.
    pub promote: bool,
    /// The mover chooses the square among the base set's (`chosen S`): its
    /// empty squares, or with [`WhenTaken::Remove`] those not blocked.
    pub chosen: bool,
    /// The mover may decline the placement (`may place`).
    pub may: bool,
}
