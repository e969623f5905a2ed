//! Squares, sides and square sets for boards of up to 16x16.

/// A square of a board of up to 16x16: `rank * files + file`, counted from
/// a1 = 0. A distinct type, so a square cannot be passed where a piece kind
/// or an action is meant; it costs nothing over the `u8` it wraps.
///
/// ```
/// use kaboom::Square;
/// let e2 = Square::new(12);
/// assert_eq!(e2.index(), 12);
/// assert_eq!(Square::from_index(12), e2);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (a1 = 0).
    #[inline]
    pub const fn new(index: u8) -> Square {
        Square(index)
    }

    /// The square with index `index`, which must be below [`MAX_SQUARES`].
    #[inline]
    #[allow(clippy::cast_possible_truncation)]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < MAX_SQUARES);
        Square(index as u8)
    }

    /// The square's index, for arrays of [`MAX_SQUARES`] (or a board's
    /// squares).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's index as a byte.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The first `count` squares, a1 first.
    #[inline]
    pub fn all(count: usize) -> impl DoubleEndedIterator<Item = Square> + Clone {
        (0..count).map(Square::from_index)
    }
}

impl From<Square> for usize {
    #[inline]
    fn from(sq: Square) -> usize {
        sq.index()
    }
}

impl From<Square> for u8 {
    #[inline]
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

impl std::fmt::Debug for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

/// The largest board kaboom plays: 16 files by 16 ranks.
pub const MAX_SQUARES: usize = 256;

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that moves first, written in upper case in FEN.
    White = 0,
    /// The second side, written in lower case in FEN.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
}

/// A set of squares as a 256-bit bitset.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Every square there may be.
    pub const FULL: SquareSet = SquareSet([u64::MAX; 4]);

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() >> 6] >> (sq.0 & 63) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1 << (sq.0 & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() >> 6] &= !(1 << (sq.0 & 63));
    }

    /// Whether the set has no square.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// How many squares the set holds.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The union of two sets.
    #[inline]
    pub fn union(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The squares in both sets.
    #[inline]
    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The squares of this set that are not in `other`.
    #[inline]
    pub fn difference(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(&self, other: &SquareSet) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// The lowest square of the set.
    #[inline]
    pub fn first(&self) -> Option<Square> {
        let word = self.0.iter().position(|&w| w != 0)?;
        Some(Square::from_index(word * 64 + self.0[word].trailing_zeros() as usize))
    }

    /// The highest square of the set.
    #[inline]
    pub fn last(&self) -> Option<Square> {
        let word = self.0.iter().rposition(|&w| w != 0)?;
        Some(Square::from_index(
            word * 64 + 63 - self.0[word].leading_zeros() as usize,
        ))
    }

    /// Every square up to `sq`, `sq` included.
    #[inline]
    pub fn up_to(sq: Square) -> SquareSet {
        let (word, bit) = (sq.index() >> 6, sq.0 & 63);
        SquareSet(std::array::from_fn(|i| match i.cmp(&word) {
            std::cmp::Ordering::Less => u64::MAX,
            std::cmp::Ordering::Equal => u64::MAX >> (63 - bit),
            std::cmp::Ordering::Greater => 0,
        }))
    }

    /// Every square from `sq` on, `sq` included.
    #[inline]
    pub fn from_on(sq: Square) -> SquareSet {
        let (word, bit) = (sq.index() >> 6, sq.0 & 63);
        SquareSet(std::array::from_fn(|i| match i.cmp(&word) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => u64::MAX << bit,
            std::cmp::Ordering::Greater => u64::MAX,
        }))
    }

    /// The squares of the set in increasing order.
    #[inline]
    pub fn iter(&self) -> SquareIter {
        SquareIter { words: self.0, word: 0 }
    }

    /// Every square's index moved by `by` (up where positive), squares
    /// moved below 0 or past 255 left out: `s` is in the result where
    /// `s - by` is in the set. With `small`, only the first 64 squares
    /// are read (and |`by`| must be under 64): a board of at most 64
    /// squares then costs one shift.
    #[inline(always)]
    pub fn shifted(&self, by: i32, small: bool) -> SquareSet {
        if small {
            let w = self.0[0];
            let moved = if by >= 0 { w << by } else { w >> -by };
            return SquareSet([moved, 0, 0, 0]);
        }
        let (words, bits) = ((by.unsigned_abs() / 64) as usize, by.unsigned_abs() % 64);
        let mut out = [0u64; 4];
        for (i, slot) in out.iter_mut().enumerate() {
            // The words of the set that land on word `i`.
            let (near, far) = if by >= 0 {
                (i.checked_sub(words), i.checked_sub(words + 1))
            } else {
                (
                    Some(i + words).filter(|&j| j < 4),
                    Some(i + words + 1).filter(|&j| j < 4),
                )
            };
            let near = near.map_or(0, |j| self.0[j]);
            let far = far.map_or(0, |j| self.0[j]);
            *slot = match (by >= 0, bits) {
                (true, 0) => near,
                (true, b) => near << b | far >> (64 - b),
                (false, 0) => near,
                (false, b) => near >> b | far << (64 - b),
            };
        }
        SquareSet(out)
    }
}

impl std::fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Square> for SquareSet {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

/// Iterator over the squares of a [`SquareSet`], lowest first.
pub struct SquareIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Square::from_index(self.word * 64 + w.trailing_zeros() as usize));
            }
            self.word += 1;
        }
        None
    }

    /// Walks the words in one nested loop (what `for_each`, `fold`, `sum`
    /// and the like use): no state to keep between squares.
    #[inline]
    fn fold<B, F: FnMut(B, Square) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        for word in self.word..4 {
            let mut w = self.words[word];
            while w != 0 {
                acc = f(acc, Square::from_index(word * 64 + w.trailing_zeros() as usize));
                w &= w - 1;
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_cover_all_256_squares() {
        let mut set = SquareSet::EMPTY;
        for sq in [0u8, 63, 64, 127, 200, 255] {
            set.insert(Square::new(sq));
        }
        assert_eq!(set.len(), 6);
        assert_eq!(
            set.iter().map(Square::get).collect::<Vec<_>>(),
            vec![0, 63, 64, 127, 200, 255]
        );
        set.remove(Square::new(64));
        assert!(!set.contains(Square::new(64)));
        assert!(set.contains(Square::new(255)));
    }

    #[test]
    fn first_last_and_bounds_agree_with_the_squares() {
        let squares = [3u8, 63, 64, 100, 191, 255];
        let set: SquareSet = squares.iter().map(|&i| Square::new(i)).collect();
        assert_eq!(set.first(), Some(Square::new(3)));
        assert_eq!(set.last(), Some(Square::new(255)));
        assert_eq!(SquareSet::EMPTY.first(), None);
        assert_eq!(SquareSet::EMPTY.last(), None);
        for at in [0u8, 3, 62, 63, 64, 100, 127, 128, 200, 255] {
            let at = Square::new(at);
            let below: SquareSet = set.iter().filter(|s| s.0 <= at.0).collect();
            let above: SquareSet = set.iter().filter(|s| s.0 >= at.0).collect();
            assert_eq!(set.intersection(&SquareSet::up_to(at)), below, "{at:?}");
            assert_eq!(set.intersection(&SquareSet::from_on(at)), above, "{at:?}");
            assert_eq!(SquareSet::up_to(at).len() + SquareSet::from_on(at).len(), 257);
        }
    }

    #[test]
    fn shifted_moves_every_square_by_the_same_step() {
        let squares = [0u8, 5, 63, 64, 100, 127, 128, 200, 255];
        let set: SquareSet = squares.iter().map(|&i| Square::new(i)).collect();
        for by in [-255, -130, -64, -63, -17, -1, 0, 1, 8, 63, 64, 65, 130, 255] {
            let expected: SquareSet = squares
                .iter()
                .map(|&i| i32::from(i) + by)
                .filter(|i| (0..256).contains(i))
                .map(|i| Square::new(i as u8))
                .collect();
            assert_eq!(set.shifted(by, false), expected, "by {by}");
        }
        let low: SquareSet = [0u8, 9, 40, 63].iter().map(|&i| Square::new(i)).collect();
        for by in [-63, -8, -1, 0, 1, 7, 8, 63] {
            let expected: SquareSet = low
                .iter()
                .map(|sq| sq.index() as i32 + by)
                .filter(|i| (0..64).contains(i))
                .map(|i| Square::new(i as u8))
                .collect();
            assert_eq!(low.shifted(by, true), expected, "by {by} (small)");
        }
    }
}
