//! Attack detection: whether a side attacks a square, read from the
//! compiled attack tables.

use super::position::Position;
use crate::base::kind_set::KindSet;
use crate::base::piece::Cell;
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::HOP_BEHIND;

impl Variant {
    /// Whether a piece of `by` could capture on `sq` in `pos` (ignoring
    /// whose turn it is and whether the capture would be legal).
    /// With move filters, only captures that pass them attack.
    #[inline]
    pub fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        if self.has_move_filters() {
            return self.is_attacked_filtered(pos, sq, by);
        }
        self.attacked(|s| pos.board[s.index()], &pos.occupied[by as usize], sq, by)
    }

    /// Whether a piece of `by` could capture on `sq` in `pos` and `accept`
    /// takes it (given its square and cell): the attack test that reads
    /// each attacker, for move filters.
    pub(crate) fn attacked_accepting(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        accept: impl Fn(Square, Cell) -> bool,
    ) -> bool {
        let cell = |s: Square| pos.board[s.index()];
        let theirs = &pos.occupied[by as usize];
        if self.attacks.has_hop_leaps || self.pieces.has_limits() {
            self.attacked_with::<true, SquareSet>(cell, theirs, sq, by, None, accept)
        } else {
            self.attacked_with::<false, SquareSet>(cell, theirs, sq, by, None, accept)
        }
    }

    /// Whether a piece of `by` standing on a square of `theirs` (a
    /// superset will do) could capture on `sq` on the board `cell`
    /// describes, and `accept` takes it: the unfiltered attack test on a
    /// board given square by square. With `only`, just the leaps and rays
    /// that read one of its squares (an attacker's square, a path's, a
    /// ray's) are looked at.
    #[inline]
    pub(crate) fn attacked_on_board(
        &self,
        cell: impl Fn(Square) -> Cell,
        theirs: &SquareSet,
        sq: Square,
        by: Color,
        only: Option<&SquareSet>,
        accept: impl Fn(Square, Cell) -> bool,
    ) -> bool {
        if self.attacks.has_hop_leaps || self.pieces.has_limits() {
            self.attacked_with::<true, SquareSet>(cell, theirs, sq, by, only, accept)
        } else {
            self.attacked_with::<false, SquareSet>(cell, theirs, sq, by, only, accept)
        }
    }

    /// Like [`Variant::is_attacked`], with the square `vacated` seen as
    /// empty: whether a king moving from `vacated` to `sq` would be attacked
    /// there.
    #[inline]
    pub(crate) fn is_attacked_after_leaving(&self, pos: &Position, sq: Square, by: Color, vacated: Square) -> bool {
        if self.has_move_filters() {
            // Filters read the board: the king stands on `sq`.
            let mut there = pos.clone();
            if sq != vacated {
                there.clear(sq);
                there.relocate(vacated, sq);
            }
            return self.is_attacked_filtered(&there, sq, by);
        }
        if self.attacks_in_words() {
            return self.attacked_after_leaving_word(pos, sq, by, vacated);
        }
        if !self.pieces.has_limits() {
            // What stands on `sq` matters only to `cannot_capture`.
            return self.attacked(
                |s| {
                    if s == vacated {
                        Cell::EMPTY
                    } else {
                        pos.board[s.index()]
                    }
                },
                &pos.occupied[by as usize],
                sq,
                by,
            );
        }
        let king = pos.board[vacated.index()];
        self.attacked(
            |s| {
                if s == vacated {
                    Cell::EMPTY
                } else if s == sq {
                    king
                } else {
                    pos.board[s.index()]
                }
            },
            &pos.occupied[by as usize],
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
        // The moved piece may be `by`'s: it then stands on `to`.
        let mut theirs = pos.occupied[by as usize];
        theirs.insert(to);
        self.attacked(
            |s| {
                if s == to {
                    moved
                } else if s == from {
                    Cell::EMPTY
                } else {
                    pos.board[s.index()]
                }
            },
            &theirs,
            sq,
            by,
        )
    }

    /// Whether a piece of `by` attacks `sq` in `pos` along a ray that
    /// reads `a` or `b` (holds one of them), or by a leap where some leap
    /// towards `sq` reads one (starts or passes there). Where a move
    /// changed only the cells of `a` and `b`, and `sq` was not attacked
    /// before it, this is whether `sq` is attacked after it: an attack
    /// along any other line or leap reads only cells the move left as
    /// they were, so it was there before.
    #[inline]
    pub(crate) fn attacked_reading(&self, pos: &Position, sq: Square, by: Color, a: Square, b: Square) -> bool {
        let t = &self.attacks;
        if t.has_hops || self.pieces.has_limits() || self.has_move_filters() {
            let mut only = SquareSet::EMPTY;
            only.insert(a);
            only.insert(b);
            let cell = |s: Square| pos.board[s.index()];
            return self.attacked_on_board(cell, &pos.occupied[by as usize], sq, by, Some(&only), |_, _| true);
        }
        let index = t.slot_index(by, sq);
        let reads = |set: &SquareSet| set.contains(a) || set.contains(b);
        if !reads(&t.slot_reads[index]) {
            return false;
        }
        let slot = t.slots[index];
        let empty = |s: Square| pos.board[s.index()].is_empty();
        if reads(&t.leap_origins[index]) || reads(&t.leap_exposure[index]) {
            for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                if leap.path_len == 0 && leap.from != a && leap.from != b {
                    continue;
                }
                let attacker = pos.board[leap.from.index()];
                if attacker.is_side(by)
                    && leap.kinds.contains(attacker.kind())
                    && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s))
                {
                    return true;
                }
            }
        }
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            if !reads(on_ray) {
                continue;
            }
            if let Some(&s) = t.run(ray.ray, ray.len).iter().find(|&&s| !empty(s)) {
                let attacker = pos.board[s.index()];
                if attacker.is_side(by) && ray.kinds.contains(attacker.kind()) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a piece of `by` may attack `sq` once a move's effects have
    /// removed some pieces of `through` (at most those): the squares of
    /// `through` block no line, and every piece of `by` outside `spent`
    /// (a square it surely no longer holds, the captured piece's) still
    /// attacks from where it stands. An over-approximation: false means
    /// no attack whichever of those pieces are removed. Only for variants
    /// with no hop and no `cannot_hop`/`cannot_capture`.
    pub(crate) fn may_be_attacked_through(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        through: &SquareSet,
        spent: Square,
    ) -> bool {
        let t = &self.attacks;
        let mut theirs = pos.occupied[by as usize];
        theirs.remove(spent);
        let index = t.slot_index(by, sq);
        let slot = t.slots[index];
        let blocks = |s: Square| !through.contains(s) && !pos.board[s.index()].is_empty();
        let attacker = |s: Square, kinds: KindSet| theirs.contains(s) && kinds.contains(pos.board[s.index()].kind());
        if t.leap_origins[index].intersects(&theirs) {
            for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                if attacker(leap.from, leap.kinds) && !t.run(leap.path, leap.path_len).iter().any(|&s| blocks(s)) {
                    return true;
                }
            }
        }
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            if !on_ray.intersects(&theirs) {
                continue;
            }
            for &s in t.run(ray.ray, ray.len) {
                if attacker(s, ray.kinds) {
                    return true;
                }
                if blocks(s) {
                    break;
                }
            }
        }
        false
    }

    /// Whether a piece of `by` attacks `sq` on the board `cell` describes,
    /// where `by`'s pieces stand on squares of `theirs` (a superset will
    /// do: it only lets lines and leaps with none of them be skipped).
    /// A variant with no confined hop and no `cannot_hop`/`cannot_capture`
    /// gets a copy without their tests.
    #[inline(always)]
    pub(super) fn attacked(&self, cell: impl Fn(Square) -> Cell, theirs: &SquareSet, sq: Square, by: Color) -> bool {
        if self.attacks.has_hop_leaps || self.pieces.has_limits() {
            self.attacked_with::<true, SquareSet>(cell, theirs, sq, by, None, |_, _| true)
        } else if self.attacks.board_squares <= 64 {
            // Every set in one word.
            self.attacked_with::<false, u64>(cell, theirs, sq, by, None, |_, _| true)
        } else {
            self.attacked_with::<false, SquareSet>(cell, theirs, sq, by, None, |_, _| true)
        }
    }

    /// The attack test; `accept` may refuse an attacker (by its square and
    /// cell), and the search goes on as if it could not capture. With
    /// `only`, the leaps and rays that read none of its squares are
    /// skipped. The attacker sets are met as `W` (one word on a board of
    /// at most 64 squares).
    #[inline(always)]
    fn attacked_with<const EXTRA: bool, W: SetWords>(
        &self,
        cell: impl Fn(Square) -> Cell,
        theirs: &SquareSet,
        sq: Square,
        by: Color,
        only: Option<&SquareSet>,
        accept: impl Fn(Square, Cell) -> bool,
    ) -> bool {
        let t = &self.attacks;
        let index = t.slot_index(by, sq);
        let slot = t.slots[index];
        let empty = |s: Square| cell(s).is_empty();
        let theirs_w = W::load(theirs);
        let leaps = if !W::load(&t.leap_origins[index]).and(theirs_w).is_empty() {
            slot.leaps as usize..slot.leaps_end as usize
        } else {
            0..0
        };
        for leap in &t.leaps[leaps] {
            let attacker = cell(leap.from);
            if !attacker.is_side(by) || !leap.kinds.contains(attacker.kind()) {
                continue;
            }
            let path = t.run(leap.path, leap.path_len);
            if only.is_some_and(|o| !o.contains(leap.from) && !path.iter().any(|&s| o.contains(s))) {
                continue;
            }
            let open = if !EXTRA || leap.hop == 0 {
                path.iter().all(|&s| empty(s))
            } else {
                self.hurdle(path, leap.hop, &cell)
                    .is_some_and(|h| self.may_hop(attacker, cell(h)))
            };
            if open && (!EXTRA || self.may_capture(attacker, &cell, sq)) && accept(leap.from, attacker) {
                return true;
            }
        }
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            if (ray.hop == 0 && W::load(on_ray).and(theirs_w).is_empty()) || only.is_some_and(|o| !on_ray.intersects(o))
            {
                continue;
            }
            let squares = t.run(ray.ray, ray.len);
            // Where the attacker is looked for: the whole ray, or for a
            // hopper the squares beyond its hurdle.
            let (squares, hurdle) = if ray.hop == 0 {
                (squares, None)
            } else if ray.hop == HOP_BEHIND {
                match squares.split_first() {
                    Some((&hurdle, rest)) if !empty(hurdle) => (rest, Some(hurdle)),
                    _ => continue,
                }
            } else {
                match squares.iter().position(|&s| !empty(s)) {
                    Some(h) => (&squares[h + 1..], Some(squares[h])),
                    None => continue,
                }
            };
            for &s in squares {
                if empty(s) {
                    continue;
                }
                let attacker = cell(s);
                if attacker.is_side(by)
                    && ray.kinds.contains(attacker.kind())
                    && (!EXTRA
                        || (hurdle.is_none_or(|h| self.may_hop(attacker, cell(h)))
                            && self.may_capture(attacker, &cell, sq)))
                    && accept(s, attacker)
                {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// The hurdle of a hop along `path` (nearest the attacker first): the
    /// one square holding a piece ([`HOP_BEHIND`]: the last square, the
    /// others empty), if there is exactly one.
    fn hurdle(&self, path: &[Square], hop: u8, cell: &impl Fn(Square) -> Cell) -> Option<Square> {
        let mut occupied = path.iter().copied().filter(|&s| !cell(s).is_empty());
        let hurdle = occupied.next()?;
        if occupied.next().is_some() || (hop == HOP_BEHIND && path.last() != Some(&hurdle)) {
            return None;
        }
        Some(hurdle)
    }

    /// Whether `attacker` may hop over `hurdle` (`cannot_hop`).
    #[inline]
    fn may_hop(&self, attacker: Cell, hurdle: Cell) -> bool {
        !self.pieces.has_limits() || !self.pieces.cannot_hop(attacker.kind()).contains(hurdle.kind())
    }

    /// Whether `attacker` may capture what stands on `sq` (`cannot_capture`;
    /// an empty square it may).
    #[inline]
    fn may_capture(&self, attacker: Cell, cell: &impl Fn(Square) -> Cell, sq: Square) -> bool {
        if !self.pieces.has_limits() {
            return true;
        }
        let target = cell(sq);
        target.is_empty() || !self.pieces.cannot_capture(attacker.kind()).contains(target.kind())
    }
}
