//! The conditions that look past the board as it stands: `since(d, c)`,
//! kept for each side after every move, and `attacked(S by T)`, an attack
//! by the pieces of one set only (docs/effects.md, Conditions).

use super::position::Position;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;

impl Variant {
    /// Whether the piece on `sq` is attacked by a piece of the side
    /// opposing it standing on `by` (an empty square: by the side opposing
    /// `side`, the rule's; a blocked square never is), by the attack
    /// tables and the move filters.
    pub(super) fn attacked_from(&self, pos: &Position, sq: Square, by: &SquareSet, side: Color) -> bool {
        let cell = pos.cell(sq);
        let attacker = if cell.is_piece() {
            cell.color().flip()
        } else if cell.is_empty() {
            side.flip()
        } else {
            return false;
        };
        if !by.intersects(&pos.occupied[attacker as usize]) {
            return false;
        }
        let filters = self.programs.filters.filters.len();
        self.attacked_accepting(pos, sq, attacker, |from, piece| {
            by.contains(from) && (filters == 0 || self.capture_passes(filters, pos, piece, from, sq))
        })
    }

    /// Brings the `since(...)` bits of the side to move up to date on
    /// `pos`, a position just reached (or just read): bit `i` holds where
    /// `d` holds now, or `c` holds now and the bit held on this side's
    /// turn before (the other side's bits stay as its last turn left
    /// them). A variant without `since(...)` does nothing.
    #[inline]
    pub(crate) fn keep_since(&self, pos: &mut Position) {
        if self.programs.since.is_empty() {
            return;
        }
        let us = pos.side;
        let ctx = Self::still(us);
        let old = pos.since.0[us as usize];
        let mut bits = 0u8;
        for (i, &(d, c)) in self.programs.since.iter().enumerate() {
            let held = old >> i & 1 != 0;
            if self.eval_cond(d, pos, &ctx) || (held && self.eval_cond(c, pos, &ctx)) {
                bits |= 1 << i;
            }
        }
        pos.since.0[us as usize] = bits;
    }
}
