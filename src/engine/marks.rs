//! Marks that pieces carry (`mark(S, name)`, `marked(name)`): per mark,
//! the squares of the pieces that carry it, which follow the pieces as
//! they move and lose a piece that leaves the board. A mark put for some
//! moves (`mark(S, name, for N moves)`) is also held by a timer that
//! counts the moves down and then takes it off the pieces still carrying
//! it from that timer. A position holds a few timers; every move counts
//! them down.

use crate::base::limits::{MAX_MARK_TIMERS, MAX_MARKS};
use crate::base::square::{Square, SquareSet};

/// Marks put for some moves by one effect: the pieces, the mark and the
/// moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MarkTimer {
    /// The squares of the pieces it marked, as they move.
    pub squares: SquareSet,
    /// The mark's index.
    pub mark: u8,
    /// Moves left, the one being made included; 0 for a free slot.
    pub left: u8,
}

impl MarkTimer {
    const NONE: MarkTimer = MarkTimer {
        squares: SquareSet::EMPTY,
        mark: 0,
        left: 0,
    };
}

/// The marks of a position's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marks {
    /// Per mark, the squares of the pieces that carry it.
    pub on: [SquareSet; MAX_MARKS],
    /// Marks put for some moves, counting down.
    pub timers: [MarkTimer; MAX_MARK_TIMERS],
}

impl Default for Marks {
    fn default() -> Self {
        Marks {
            on: [SquareSet::EMPTY; MAX_MARKS],
            timers: [MarkTimer::NONE; MAX_MARK_TIMERS],
        }
    }
}

impl Marks {
    /// Whether some piece carries a mark.
    #[inline]
    pub fn any(&self) -> bool {
        self.on.iter().any(|s| !s.is_empty())
    }

    /// The squares of the pieces carrying mark `mark`.
    #[inline]
    pub fn of(&self, mark: u8) -> SquareSet {
        self.on.get(usize::from(mark)).copied().unwrap_or(SquareSet::EMPTY)
    }

    /// The piece on `from` moved to `to`: its marks go with it.
    #[inline]
    pub(crate) fn relocate(&mut self, from: Square, to: Square) {
        for set in self.on.iter_mut().chain(self.timers.iter_mut().map(|t| &mut t.squares)) {
            if set.contains(from) {
                set.remove(from);
                set.insert(to);
            }
        }
    }

    /// Pieces moved at once (castling: the king, the rook, the pieces
    /// carried), each from its first square to its second.
    pub(crate) fn permute(&mut self, moves: impl Iterator<Item = (Square, Square)> + Clone) {
        for set in self.on.iter_mut().chain(self.timers.iter_mut().map(|t| &mut t.squares)) {
            let mut out = *set;
            for (from, _) in moves.clone() {
                out.remove(from);
            }
            for (from, to) in moves.clone() {
                if set.contains(from) {
                    out.insert(to);
                }
            }
            *set = out;
        }
    }

    /// The piece on `sq` left the board: its marks go with it.
    #[inline]
    pub(crate) fn clear(&mut self, sq: Square) {
        for set in self.on.iter_mut().chain(self.timers.iter_mut().map(|t| &mut t.squares)) {
            set.remove(sq);
        }
    }

    /// Puts mark `mark` on the pieces of `squares`, for good (`moves`
    /// 0) or during the next `moves` moves. A piece marked for good stays
    /// so; one marked again for some moves is held by the new timer too.
    /// When every timer is taken, the one closest to running out ends
    /// early, taking its marks off.
    pub(crate) fn mark(&mut self, squares: SquareSet, mark: u8, moves: u8) {
        let Some(on) = self.on.get_mut(usize::from(mark)) else {
            return;
        };
        if moves == 0 {
            *on = on.union(&squares);
            // Marked for good: no timer takes it off.
            for t in self.timers.iter_mut().filter(|t| t.mark == mark) {
                t.squares = t.squares.difference(&squares);
            }
            return;
        }
        // Pieces marked for good before stay marked for good.
        let timed = self.timers.iter().filter(|t| t.left > 0 && t.mark == mark);
        let held = timed.fold(SquareSet::EMPTY, |acc, t| acc.union(&t.squares));
        let lasting = on.difference(&held);
        let squares = squares.difference(&lasting);
        if squares.is_empty() {
            return;
        }
        // A piece marked again counts from now only.
        for t in self.timers.iter_mut().filter(|t| t.mark == mark) {
            t.squares = t.squares.difference(&squares);
        }
        let slot = (0..MAX_MARK_TIMERS)
            .min_by_key(|&i| self.timers[i].left)
            .expect("a timer slot");
        let old = self.timers[slot];
        if old.left > 0 {
            self.end_timer(old);
        }
        self.timers[slot] = MarkTimer {
            squares,
            mark,
            left: moves.saturating_add(1),
        };
        let on = &mut self.on[usize::from(mark)];
        *on = on.union(&squares);
        self.tidy();
    }

    /// Takes mark `mark` off the pieces of `squares`.
    pub(crate) fn unmark(&mut self, squares: SquareSet, mark: u8) {
        if let Some(on) = self.on.get_mut(usize::from(mark)) {
            *on = on.difference(&squares);
        }
        for t in self.timers.iter_mut().filter(|t| t.mark == mark) {
            t.squares = t.squares.difference(&squares);
        }
        self.tidy();
    }

    /// Counts every timer down at the end of a move; a timer with no move
    /// left takes its marks off.
    pub(crate) fn tick(&mut self) {
        for i in 0..MAX_MARK_TIMERS {
            let t = self.timers[i];
            if t.left == 0 {
                continue;
            }
            if t.left > 1 {
                self.timers[i].left -= 1;
            } else {
                self.timers[i] = MarkTimer::NONE;
                self.end_timer(t);
            }
        }
        self.tidy();
    }

    fn end_timer(&mut self, t: MarkTimer) {
        if let Some(on) = self.on.get_mut(usize::from(t.mark)) {
            *on = on.difference(&t.squares);
        }
    }

    /// Frees timers that hold no piece any more, and keeps the timers in
    /// force first, in the order they were set, so that equal positions
    /// hold them alike.
    fn tidy(&mut self) {
        let mut kept = 0;
        for i in 0..MAX_MARK_TIMERS {
            let t = self.timers[i];
            if t.left > 0 && !t.squares.is_empty() {
                self.timers[kept] = t;
                kept += 1;
            }
        }
        for t in &mut self.timers[kept..] {
            *t = MarkTimer::NONE;
        }
    }

    /// The timers in force, in slot order.
    pub fn active(&self) -> impl Iterator<Item = &MarkTimer> {
        self.timers.iter().filter(|t| t.left > 0)
    }

    /// Sets a timer read from a FEN: `squares` carry mark `mark` with
    /// `left` moves left (the move to be made included).
    pub(crate) fn restore_timer(&mut self, squares: SquareSet, mark: u8, left: u8) -> bool {
        let Some(slot) = self.timers.iter().position(|t| t.left == 0) else {
            return false;
        };
        self.timers[slot] = MarkTimer { squares, mark, left };
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(list: &[u8]) -> SquareSet {
        list.iter().copied().map(Square::new).collect()
    }

    #[test]
    fn a_mark_follows_its_piece_and_leaves_with_it() {
        let mut m = Marks::default();
        m.mark(squares(&[3]), 0, 0);
        m.relocate(Square::new(3), Square::new(11));
        assert_eq!(m.of(0), squares(&[11]));
        m.clear(Square::new(11));
        assert!(!m.any());
    }

    #[test]
    fn a_timed_mark_lasts_its_moves_then_falls() {
        let mut m = Marks::default();
        m.mark(squares(&[3]), 1, 2);
        for _ in 0..2 {
            m.tick();
            assert_eq!(m.of(1), squares(&[3]));
        }
        m.tick();
        assert!(m.of(1).is_empty());
        assert_eq!(m, Marks::default(), "a fallen mark leaves no trace");
    }

    #[test]
    fn a_mark_for_good_outlasts_a_timed_one() {
        let mut m = Marks::default();
        m.mark(squares(&[3, 4]), 0, 1);
        m.mark(squares(&[4]), 0, 0);
        m.tick();
        m.tick();
        assert_eq!(m.of(0), squares(&[4]));
    }

    #[test]
    fn a_full_set_of_timers_ends_the_one_closest_to_running_out() {
        let mut m = Marks::default();
        m.mark(squares(&[1]), 0, 5);
        m.mark(squares(&[2]), 0, 1);
        m.mark(squares(&[3]), 0, 3);
        assert_eq!(m.of(0), squares(&[1, 3]));
    }
}
