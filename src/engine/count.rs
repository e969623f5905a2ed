//! The count of moves towards a limit (a variant's `counting` field,
//! docs/format.md, Counting): the state a position carries, and how a move
//! keeps it. A running count goes up by one every ply; after every move
//! the variant's starts are tried in order, and the first whose condition
//! holds for its side, where that side's limit (the first limit whose
//! condition holds for it) is not 0, starts the count afresh.

use super::position::Position;
use crate::base::square::Color;
use crate::compile::Variant;
use crate::compile::ir::Counting;

/// A position's count: its limit and the plies counted, both in plies
/// (as Fairy-Stockfish's FEN writes them). A limit of 0: no count runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// The limit in plies; 0 while no count runs.
    pub(crate) limit: u16,
    /// The plies counted.
    pub(crate) ply: u16,
}

impl Count {
    /// Whether a count runs.
    pub fn running(self) -> bool {
        self.limit > 0
    }

    /// Whether a running count has gone past its limit: what the end rule
    /// `counting over` reads.
    pub fn over(self) -> bool {
        self.limit > 0 && self.ply > self.limit
    }
}

impl Variant {
    /// Keeps the count of `pos` after a move by `mover` (the position is
    /// the one the move left, `before(...)` bits included).
    pub(crate) fn keep_count(&self, counting: &Counting, pos: &mut Position, mover: Color) {
        if pos.count.running() {
            pos.count.ply = pos.count.ply.saturating_add(1);
        }
        for start in &counting.starts {
            if start.idle && pos.count.running() {
                continue;
            }
            let side = if start.mover { mover } else { mover.flip() };
            let ctx = Variant::still(side);
            if !start.when.is_none_or(|c| self.eval_cond(c, pos, &ctx)) {
                continue;
            }
            let limit = self.count_limit(counting, pos, side);
            if limit == 0 {
                continue;
            }
            let pieces = pos.occupied[0].union(&pos.occupied[1]).len() as i64;
            let ply = (start.plies as i64 + start.per_piece as i64 * pieces).clamp(0, u16::MAX as i64);
            pos.count = Count { limit, ply: ply as u16 };
            return;
        }
    }

    /// The limit, in plies, a count `side` starts would have now: the
    /// first limit whose condition holds for it, else 0.
    fn count_limit(&self, counting: &Counting, pos: &Position, side: Color) -> u16 {
        let ctx = Variant::still(side);
        counting
            .limits
            .iter()
            .find(|(c, _)| self.eval_cond(*c, pos, &ctx))
            .map_or(0, |&(_, plies)| plies)
    }
}
