//! The IR of a placement (`place(WHO, WHERE, ...)`, docs/effects.md,
//! Placement): who appears, the square it starts from, the steps applied
//! to it, and what happens when that square is taken.

use super::{KindTo, SetId};
use crate::base::geometry::Geometry;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Square, SquareSet};
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
    /// A chosen placement of the captured piece, as it is, on an empty
    /// square, that is the last thing every move that runs it does, where
    /// the legality clauses read only the royal pieces and the attacks on
    /// them: move generation judges each square without playing the move
    /// again (`LastChoice::Place`; see `compile::last_placements`).
    pub last: bool,
}

impl CompiledPlacement {
    /// `sq` moved by the placement's steps, in order (`None` where a step
    /// leaves the board).
    pub fn stepped(&self, g: Geometry, mut sq: Square) -> Option<Square> {
        let (files, ranks) = (i32::from(g.files), i32::from(g.ranks));
        for step in &self.steps {
            let (f, r) = (g.file(sq), g.rank(sq));
            sq = match *step {
                PlaceStep::Reflect => g.square(files - 1 - f, ranks - 1 - r)?,
                PlaceStep::Shift(df, dr) => g.square(
                    (f + i32::from(df)).rem_euclid(files),
                    (r + i32::from(dr)).rem_euclid(ranks),
                )?,
            };
        }
        Some(sq)
    }
}

/// Per kind, per side, per reference square: a game-array square (see
/// [`Programs::homes`](super::Programs::homes)).
pub type Homes = [[Vec<Option<Square>>; 2]];

/// The square a `home` base gives for `whose` (a piece): its game-array
/// square by `reference` (the other side's with `mirror`), or with `rank`
/// that square's rank on the reference file.
pub fn home_base(
    homes: &Homes,
    g: Geometry,
    whose: Cell,
    (mirror, rank): (bool, bool),
    reference: Square,
) -> Option<Square> {
    let side = if mirror { whose.color().flip() } else { whose.color() };
    let home = (*homes.get(whose.kind().index())?[side as usize].get(reference.index())?)?;
    if rank {
        g.square(g.file(reference), g.rank(home))
    } else {
        Some(home)
    }
}

/// Where one placement alone removes what it lands on (`else remove`) and
/// puts the captured piece on a square that follows from that piece and
/// its square: where each capture lands (see `compile::homes`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RemovalLandings {
    /// Per kind, per side, per square: where a capture of such a piece
    /// there puts a piece.
    pub landing: Vec<[Vec<Option<Square>>; 2]>,
    /// Per side, per square: the squares where a capture of a piece of
    /// that side, of a kind not royal, puts a piece on it.
    pub sources: [Vec<SquareSet>; 2],
}

impl RemovalLandings {
    /// Whether a capture of `piece` (a piece) on `y` puts a piece on `sq`.
    #[inline]
    pub fn lands(&self, piece: Cell, y: Square, sq: Square) -> bool {
        (self.landing.get(piece.kind().index()))
            .and_then(|sides| sides[piece.color() as usize].get(y.index()))
            .is_some_and(|&l| l == Some(sq))
    }
}
