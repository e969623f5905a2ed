//! Square-set operations the engine's hot paths use by value.

use crate::base::square::SquareSet;

/// `a - b`
pub(crate) fn difference(a: SquareSet, b: SquareSet) -> SquareSet {
    SquareSet(std::array::from_fn(|i| a.0[i] & !b.0[i]))
}

/// `a & b`
pub(crate) fn intersection(a: SquareSet, b: SquareSet) -> SquareSet {
    SquareSet(std::array::from_fn(|i| a.0[i] & b.0[i]))
}
