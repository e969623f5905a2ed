//! The IR of legality clauses and game ends: what makes a move illegal,
//! the lines a `not` clause reads, the conditions that end a game, and the
//! count of moves towards a limit (docs/format.md, Counting). Like the
//! rest of the IR it imports only `base`.

use super::{CondId, SetId};
use crate::base::kind_set::KindSet;

/// A legality clause, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legal {
    /// The side that moved keeps a royal piece, unless the condition holds.
    Survives(Option<CondId>),
    /// Its royal pieces are not attacked, unless the condition holds.
    NotAttacked(Option<CondId>),
    /// The condition does not hold (for the side that moved).
    Forbids(CondId),
}

/// What a `not <condition>` clause reads, when the compiler can tell:
/// its condition only looks along the lines of a template from some royal
/// pieces, at royal pieces (`not exists(first(own royal, vR) & enemy
/// royal)`). A move that changes no square on those lines and moves no
/// royal piece leaves such a condition as it was, or (a royal captured)
/// makes it false: it holds for fewer pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSupport {
    /// The clause's condition.
    pub cond: CondId,
    /// The royal pieces the lines start from.
    pub from: SetId,
    /// The royal pieces the condition looks for along them: while none
    /// stands on the lines, no move but a royal one can make it hold.
    pub other: SetId,
    /// The lines: a table of [`Programs::lines`](super::Programs::lines).
    pub lines: u32,
}

/// A game-end condition, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// No legal move, in check (and the condition holds, if any).
    Checkmate(Option<CondId>),
    /// No legal move, not in check (and the condition holds, if any).
    Stalemate(Option<CondId>),
    /// The move rule.
    MoveRule(u32, Option<CondId>),
    /// Repetition (and the condition holds, if any).
    Repetition(u32, Option<CondId>),
    /// Repetition in which a side gave check at every one of its moves:
    /// the outcome is for that side (a draw when both did). The search
    /// judges it at a position's first repetition, over the moves since
    /// the previous occurrence (`crate::engine::perpetual`).
    PerpetualCheck(u32),
    /// Repetition in which both sides gave check at every one of their
    /// moves (and the condition holds, if any). Judged as
    /// [`End::PerpetualCheck`] is.
    MutualPerpetualCheck(u32, Option<CondId>),
    /// The side that moved has moved one piece, of the kinds in the mask,
    /// back and forth with its last N moves (`N shuttles`). Judged in play
    /// only.
    Shuttles(u32, KindSet),
    /// A condition on the position: ends the game at once, in search too.
    Holds(CondId),
    /// A dead position: ends the game in play only.
    Dead(CondId),
    /// The count of moves has gone past its limit: ends the game in play
    /// only.
    CountingOver,
}

/// A count of moves towards a limit, compiled (docs/format.md, Counting).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counting {
    /// Each limit's condition, read for the counting side, and the limit
    /// in plies (0: that side may not start a count): the first that holds.
    pub limits: Vec<(CondId, u16)>,
    /// The ways a count starts, in order: the first that applies.
    pub starts: Vec<CountingStart>,
}

/// One way a count starts, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountingStart {
    /// The side that made the move counts (else the side to move).
    pub mover: bool,
    /// The condition, read for the counting side; `None`: always.
    pub when: Option<CondId>,
    /// Only while no count runs.
    pub idle: bool,
    /// Plies counted already.
    pub plies: i32,
    /// Plies counted already per piece on the board.
    pub per_piece: u32,
}

/// The first plain-condition end rule that holds (its index in
/// [`Programs::end`](super::Programs::end)) for each pair of check counts, each count above
/// `cap` read as `cap`: every comparison decides alike past its number.
#[derive(Clone, Debug, Default)]
pub struct CheckEnds {
    /// The largest count told apart.
    pub cap: u8,
    /// At `own * (cap + 1) + enemy`: the side to move gave `own` checks.
    pub first: Vec<Option<u8>>,
    /// No other condition reads the counts: a position's count matters
    /// only through this table.
    pub sole_reader: bool,
}

impl CheckEnds {
    /// The first end rule that holds where the side to move gave `own`
    /// checks and the other side `enemy`.
    #[inline]
    pub fn first_holding(&self, own: u8, enemy: u8) -> Option<u8> {
        let (own, enemy) = (usize::from(own.min(self.cap)), usize::from(enemy.min(self.cap)));
        self.first[own * (usize::from(self.cap) + 1) + enemy]
    }
}
