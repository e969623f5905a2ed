//! Square sets held in one machine word or in four: the same operations
//! on a `u64` (a board of at most 64 squares, whose sets use only their
//! first word) and on a [`SquareSet`]. Code generic over [`SetWords`] is
//! compiled once for each, and a variant picks one at load time by its
//! board's size, so a small board pays for one word per operation and no
//! test per node.

use super::square::{Square, SquareSet};

/// The operations of a square set, on one word or four (see the module).
pub trait SetWords: Copy + PartialEq {
    /// The empty set.
    const EMPTY: Self;
    /// Whether the form is one word (its [`SquareSet`]s use the first
    /// word only).
    const ONE_WORD: bool;
    /// The set as this form holds it (a `u64` reads the first word only).
    fn load(set: &SquareSet) -> Self;
    /// Back to a [`SquareSet`].
    fn store(self) -> SquareSet;
    /// The squares in both sets.
    fn and(self, other: Self) -> Self;
    /// The union of both sets.
    fn or(self, other: Self) -> Self;
    /// The squares of this set that are not in `other`.
    fn and_not(self, other: Self) -> Self;
    /// The squares in exactly one of the sets.
    fn xor(self, other: Self) -> Self;
    /// Every square's index moved by `by` (up where positive), squares
    /// moved off the form's words left out (see [`SquareSet::shifted`];
    /// on one word |`by`| must be under 64).
    fn shifted(self, by: i32) -> Self;
    /// How many squares the set holds.
    fn len(self) -> u32;
    /// The set with `sq` added.
    fn with(self, sq: Square) -> Self;
    /// The set with `sq` taken out.
    fn without(self, sq: Square) -> Self;
    /// Whether the set has no square.
    fn is_empty(self) -> bool;
    /// Whether `sq` is in the set.
    fn holds(self, sq: Square) -> bool;
    /// The lowest square.
    fn first(self) -> Option<Square>;
    /// The highest square.
    fn last(self) -> Option<Square>;
    /// Every square up to `sq`, `sq` included.
    fn up_to(sq: Square) -> Self;
    /// Every square from `sq` on, `sq` included.
    fn from_on(sq: Square) -> Self;
    /// Calls `f` on each square, lowest first, until it returns true;
    /// whether it did.
    fn any(self, f: impl FnMut(Square) -> bool) -> bool;
}

impl SetWords for u64 {
    const EMPTY: u64 = 0;
    const ONE_WORD: bool = true;

    #[inline(always)]
    fn load(set: &SquareSet) -> u64 {
        set.0[0]
    }

    #[inline(always)]
    fn store(self) -> SquareSet {
        SquareSet([self, 0, 0, 0])
    }

    #[inline(always)]
    fn and(self, other: u64) -> u64 {
        self & other
    }

    #[inline(always)]
    fn or(self, other: u64) -> u64 {
        self | other
    }

    #[inline(always)]
    fn and_not(self, other: u64) -> u64 {
        self & !other
    }

    #[inline(always)]
    fn xor(self, other: u64) -> u64 {
        self ^ other
    }

    #[inline(always)]
    fn shifted(self, by: i32) -> u64 {
        // Both shifts, one of them by 0: no branch on the step's sign
        // (steps of either sign alternate in the bounce groups' loop).
        // A step between two squares of one word is under 64: the shifts
        // need no overflow test.
        debug_assert!(by.abs() < 64);
        self.wrapping_shl(by.max(0) as u32).wrapping_shr((-by).max(0) as u32)
    }

    #[inline(always)]
    fn len(self) -> u32 {
        self.count_ones()
    }

    #[inline(always)]
    fn with(self, sq: Square) -> u64 {
        self | 1 << (sq.index() & 63)
    }

    #[inline(always)]
    fn without(self, sq: Square) -> u64 {
        self & !(1 << (sq.index() & 63))
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }

    #[inline(always)]
    fn holds(self, sq: Square) -> bool {
        self >> (sq.index() & 63) & 1 != 0
    }

    #[inline(always)]
    fn first(self) -> Option<Square> {
        (self != 0).then(|| Square::from_index(self.trailing_zeros() as usize))
    }

    #[inline(always)]
    fn last(self) -> Option<Square> {
        (self != 0).then(|| Square::from_index(63 - self.leading_zeros() as usize))
    }

    #[inline(always)]
    fn up_to(sq: Square) -> u64 {
        u64::MAX >> (63 - (sq.index() & 63))
    }

    #[inline(always)]
    fn from_on(sq: Square) -> u64 {
        u64::MAX << (sq.index() & 63)
    }

    #[inline(always)]
    fn any(self, mut f: impl FnMut(Square) -> bool) -> bool {
        let mut w = self;
        while w != 0 {
            if f(Square::from_index(w.trailing_zeros() as usize)) {
                return true;
            }
            w &= w - 1;
        }
        false
    }
}

impl SetWords for SquareSet {
    const EMPTY: SquareSet = SquareSet::EMPTY;
    const ONE_WORD: bool = false;

    #[inline(always)]
    fn load(set: &SquareSet) -> SquareSet {
        *set
    }

    #[inline(always)]
    fn store(self) -> SquareSet {
        self
    }

    #[inline(always)]
    fn and(self, other: SquareSet) -> SquareSet {
        self.intersection(&other)
    }

    #[inline(always)]
    fn or(self, other: SquareSet) -> SquareSet {
        self.union(&other)
    }

    #[inline(always)]
    fn and_not(self, other: SquareSet) -> SquareSet {
        self.difference(&other)
    }

    #[inline(always)]
    fn xor(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }

    #[inline(always)]
    fn shifted(self, by: i32) -> SquareSet {
        SquareSet::shifted(&self, by, false)
    }

    #[inline(always)]
    fn len(self) -> u32 {
        SquareSet::len(&self)
    }

    #[inline(always)]
    fn with(mut self, sq: Square) -> SquareSet {
        self.insert(sq);
        self
    }

    #[inline(always)]
    fn without(mut self, sq: Square) -> SquareSet {
        self.remove(sq);
        self
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        SquareSet::is_empty(&self)
    }

    #[inline(always)]
    fn holds(self, sq: Square) -> bool {
        self.contains(sq)
    }

    #[inline(always)]
    fn first(self) -> Option<Square> {
        SquareSet::first(&self)
    }

    #[inline(always)]
    fn last(self) -> Option<Square> {
        SquareSet::last(&self)
    }

    #[inline(always)]
    fn up_to(sq: Square) -> SquareSet {
        SquareSet::up_to(sq)
    }

    #[inline(always)]
    fn from_on(sq: Square) -> SquareSet {
        SquareSet::from_on(sq)
    }

    #[inline(always)]
    fn any(self, f: impl FnMut(Square) -> bool) -> bool {
        self.iter().any(f)
    }
}

#[cfg(test)]
mod tests {
    use super::SetWords;
    use crate::base::square::{Square, SquareSet};

    /// On squares under 64, the one-word form answers as the four-word
    /// form does.
    #[test]
    fn one_word_agrees_with_four() {
        let squares = [0u8, 5, 17, 40, 63];
        let wide: SquareSet = squares.iter().map(|&i| Square::new(i)).collect();
        let small = <u64 as SetWords>::load(&wide);
        assert_eq!(small.store(), wide);
        for at in [0u8, 5, 6, 39, 63] {
            let at = Square::new(at);
            assert_eq!(small.and(u64::up_to(at)).store(), wide.and(SquareSet::up_to(at)));
            assert_eq!(small.and(u64::from_on(at)).store(), wide.and(SquareSet::from_on(at)));
            assert_eq!(small.with(at).store(), SetWords::with(wide, at));
            assert_eq!(small.holds(at), wide.holds(at));
            assert_eq!(small.without(at).store(), SetWords::without(wide, at));
            let cut = <u64 as SetWords>::load(&SquareSet::up_to(at));
            assert_eq!(
                small.and_not(cut).store(),
                SetWords::and_not(wide, SquareSet::up_to(at))
            );
            assert_eq!(
                small.and_not(cut).len(),
                SetWords::len(SetWords::and_not(wide, SquareSet::up_to(at)))
            );
        }
        for by in [-9, -1, 0, 1, 8, 17] {
            // One word keeps the first 64 squares of the result.
            let moved = SetWords::shifted(wide, by);
            assert_eq!(small.shifted(by), <u64 as SetWords>::load(&moved));
            assert_eq!(
                small.xor(small.shifted(by)),
                <u64 as SetWords>::load(&SetWords::xor(wide, moved))
            );
        }
        assert_eq!(SetWords::first(small), SetWords::first(wide));
        assert_eq!(SetWords::last(small), SetWords::last(wide));
        let (mut a, mut b) = (vec![], vec![]);
        small.any(|s| {
            a.push(s);
            false
        });
        SetWords::any(wide, |s| {
            b.push(s);
            false
        });
        assert_eq!(a, b);
        assert!(<u64 as SetWords>::EMPTY.is_empty() && SetWords::is_empty(SquareSet::EMPTY));
    }
}
