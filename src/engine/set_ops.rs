//! Square-set operations the engine's hot paths use by value.

use crate::base::square::{Square, SquareSet};

/// `a - b`
pub(crate) fn difference(a: SquareSet, b: SquareSet) -> SquareSet {
    SquareSet(std::array::from_fn(|i| a.0[i] & !b.0[i]))
}

/// `a & b`
pub(crate) fn intersection(a: SquareSet, b: SquareSet) -> SquareSet {
    SquareSet(std::array::from_fn(|i| a.0[i] & b.0[i]))
}

/// The set of one square.
pub(crate) fn single(sq: Square) -> SquareSet {
    let mut s = SquareSet::EMPTY;
    s.insert(sq);
    s
}
