//! A set of piece kinds: one bit per kind, bit `k` for kind `k`.

use super::piece::Kind;

/// A set of piece kinds, bit `k` set when kind `k` is in it. A distinct
/// type, so a kind mask cannot be mixed up with a square set, a counter
/// or a count; it costs nothing over the `u64` it wraps.
///
/// ```
/// use kaboom::{Kind, KindSet};
/// let set = KindSet::EMPTY.with(Kind::new(0)).with(Kind::new(3));
/// assert!(set.contains(Kind::new(3)) && !set.contains(Kind::new(1)));
/// assert_eq!(set.bits(), 0b1001);
/// assert_eq!(set.iter().map(Kind::index).collect::<Vec<_>>(), [0, 3]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct KindSet(u64);

impl KindSet {
    /// The set of no kinds.
    pub const EMPTY: KindSet = KindSet(0);

    /// The set of every kind a mask can hold (all 64 bits).
    pub const ALL: KindSet = KindSet(u64::MAX);

    /// The set whose bit `k` is bit `k` of `bits`.
    #[inline]
    pub const fn from_bits(bits: u64) -> KindSet {
        KindSet(bits)
    }

    /// The set as a mask, bit `k` for kind `k`.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of the first `count` kinds (every kind of a variant with
    /// `count` piece types); all 64 from 64 on.
    #[inline]
    pub const fn first(count: usize) -> KindSet {
        if count >= 64 {
            KindSet::ALL
        } else {
            KindSet((1 << count) - 1)
        }
    }

    /// The set of the one kind `kind`.
    #[inline]
    pub const fn single(kind: Kind) -> KindSet {
        KindSet(kind.bit())
    }

    /// The set with `kind` added.
    #[inline]
    #[must_use]
    pub const fn with(self, kind: Kind) -> KindSet {
        KindSet(self.0 | kind.bit())
    }

    /// Whether `kind` is in the set.
    #[inline]
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 >> kind.get() & 1 != 0
    }

    /// Adds `kind` to the set.
    #[inline]
    pub fn insert(&mut self, kind: Kind) {
        self.0 |= kind.bit();
    }

    /// The kinds in either set.
    #[inline]
    #[must_use]
    pub const fn union(self, other: KindSet) -> KindSet {
        KindSet(self.0 | other.0)
    }

    /// The kinds in both sets.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: KindSet) -> KindSet {
        KindSet(self.0 & other.0)
    }

    /// The kinds in this set and not in `other`.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: KindSet) -> KindSet {
        KindSet(self.0 & !other.0)
    }

    /// Whether every kind of this set is in `other`.
    #[inline]
    pub const fn is_subset(self, other: KindSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the set holds no kind.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many kinds the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The kinds of the set, lowest index first.
    #[inline]
    pub fn iter(self) -> KindSetIter {
        KindSetIter(self.0)
    }
}

impl std::fmt::Debug for KindSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> KindSet {
        iter.into_iter().fold(KindSet::EMPTY, KindSet::with)
    }
}

impl IntoIterator for KindSet {
    type Item = Kind;
    type IntoIter = KindSetIter;
    #[inline]
    fn into_iter(self) -> KindSetIter {
        self.iter()
    }
}

/// The kinds of a [`KindSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct KindSetIter(u64);

impl Iterator for KindSetIter {
    type Item = Kind;

    #[inline]
    fn next(&mut self) -> Option<Kind> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Kind::from_index(k as usize))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for KindSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(i: u8) -> Kind {
        Kind::new(i)
    }

    #[test]
    fn membership_and_insert() {
        let mut s = KindSet::EMPTY;
        assert!(s.is_empty());
        assert_eq!(s.len(), 0);
        s.insert(k(2));
        s.insert(k(2));
        assert!(s.contains(k(2)) && !s.contains(k(1)));
        assert_eq!(s.len(), 1);
        assert_eq!(s, KindSet::single(k(2)));
        assert!(KindSet::ALL.contains(k(31)));
        assert_eq!(KindSet::default(), KindSet::EMPTY);
    }

    #[test]
    fn set_algebra() {
        let a: KindSet = [k(0), k(1), k(5)].into_iter().collect();
        let b = KindSet::EMPTY.with(k(1)).with(k(7));
        assert_eq!(a.union(b).bits(), 0b1010_0011);
        assert_eq!(a.intersection(b), KindSet::single(k(1)));
        assert_eq!(a.difference(b).bits(), 0b10_0001);
        assert!(KindSet::single(k(5)).is_subset(a) && !b.is_subset(a));
        assert!(KindSet::EMPTY.is_subset(KindSet::EMPTY));
    }

    #[test]
    fn first_kinds() {
        assert_eq!(KindSet::first(0), KindSet::EMPTY);
        assert_eq!(KindSet::first(3).bits(), 0b111);
        assert_eq!(KindSet::first(64), KindSet::ALL);
        assert_eq!(KindSet::first(99), KindSet::ALL);
    }

    #[test]
    fn iterates_in_index_order() {
        let s = KindSet::from_bits(0b1000_0000_0000_0000_0000_0000_0000_0101 | 1 << 63);
        let kinds: Vec<usize> = s.iter().map(Kind::index).collect();
        assert_eq!(kinds, [0, 2, 31, 63]);
        assert_eq!(s.iter().len(), 4);
        assert_eq!(s.len(), 4);
        assert_eq!(format!("{:?}", KindSet::from_bits(0b110)), "{1, 2}");
    }

    #[test]
    fn costs_nothing_over_u64() {
        assert_eq!(std::mem::size_of::<KindSet>(), 8);
        assert_eq!(KindSet::from_bits(42).bits(), 42);
    }
}
