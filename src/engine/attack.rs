//! Attack detection: whether a side attacks a square, read from the
//! compiled attack tables.

use super::position::Position;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::compile::tables::HOP_BEHIND;

impl Variant {
    /// Whether a piece of `by` could capture on `sq` in `pos` (ignoring
    /// whose turn it is and whether the capture would be legal).
    #[inline]
    pub fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        self.attacked(|s| pos.board[s as usize], sq, by)
    }

    /// Like [`Variant::is_attacked`], with the square `vacated` seen as
    /// empty: whether a king moving from `vacated` to `sq` would be attacked
    /// there.
    #[inline]
    pub fn is_attacked_after_leaving(&self, pos: &Position, sq: Square, by: Color, vacated: Square) -> bool {
        self.attacked(
            |s| {
                if s == vacated {
                    Cell::EMPTY
                } else {
                    pos.board[s as usize]
                }
            },
            sq,
            by,
        )
    }

    /// Like [`Variant::is_attacked`], on the board a plain move leaves: the
    /// square `from` empty and `to` holding `moved` (whatever stood there
    /// captured). Nothing else may change: no rule fires, no en passant.
    pub(crate) fn is_attacked_after_move(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        from: Square,
        to: Square,
        moved: Cell,
    ) -> bool {
        self.attacked(
            |s| {
                if s == to {
                    moved
                } else if s == from {
                    Cell::EMPTY
                } else {
                    pos.board[s as usize]
                }
            },
            sq,
            by,
        )
    }

    /// Whether a piece of `by` attacks `sq` on the board `cell` describes.
    #[inline(always)]
    fn attacked(&self, cell: impl Fn(Square) -> Cell, sq: Square, by: Color) -> bool {
        let t = &self.attacks;
        let slot = t.slot(by, sq);
        let empty = |s: Square| cell(s).is_empty();
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            let cell = cell(leap.from);
            if cell.is_side(by)
                && leap.kinds >> cell.kind() & 1 != 0
                && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s))
            {
                return true;
            }
        }
        for ray in &t.rays[slot.rays as usize..slot.rays_end as usize] {
            let squares = t.run(ray.ray, ray.len);
            // Where the attacker is looked for: the whole ray, or for a
            // hopper the squares beyond its hurdle.
            let squares = if ray.hop == 0 {
                squares
            } else if ray.hop == HOP_BEHIND {
                match squares.split_first() {
                    Some((&hurdle, rest)) if !empty(hurdle) => rest,
                    _ => continue,
                }
            } else {
                match squares.iter().position(|&s| !empty(s)) {
                    Some(hurdle) => &squares[hurdle + 1..],
                    None => continue,
                }
            };
            for &s in squares {
                if empty(s) {
                    continue;
                }
                let cell = cell(s);
                if cell.is_side(by) && ray.kinds >> cell.kind() & 1 != 0 {
                    return true;
                }
                break;
            }
        }
        false
    }
}
