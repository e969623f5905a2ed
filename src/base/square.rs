//! Squares, sides and square sets for boards of up to 16x16.

/// A square index: `rank * files + file`, counted from a1 = 0.
pub type Square = u8;

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

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[(sq >> 6) as usize] |= 1 << (sq & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[(sq >> 6) as usize] &= !(1 << (sq & 63));
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

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(&self, other: &SquareSet) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// The squares of the set in increasing order.
    #[inline]
    pub fn iter(&self) -> SquareIter {
        SquareIter { words: self.0, word: 0 }
    }
}

impl std::fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Square> for SquareSet {
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
                return Some((self.word as u32 * 64 + w.trailing_zeros()) as Square);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_cover_all_256_squares() {
        let mut set = SquareSet::EMPTY;
        for sq in [0u8, 63, 64, 127, 200, 255] {
            set.insert(sq);
        }
        assert_eq!(set.len(), 6);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 63, 64, 127, 200, 255]);
        set.remove(64);
        assert!(!set.contains(64));
        assert!(set.contains(255));
    }
}
