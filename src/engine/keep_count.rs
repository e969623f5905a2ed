//! How a move keeps the count of moves towards a limit (docs/format.md,
//! Counting): a running count goes up by one every ply; after every move
//! the variant's starts are tried in order, and the first whose condition
//! holds for its side, where that side's limit is not 0, starts the count
//! afresh.

use super::count::Count;
use super::position::Position;
use crate::base::square::Color;
use crate::compile::Variant;
use crate::compile::ir::Counting;

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
