//! Castling ids: which of a variant's compiled castling moves a move plays.

/// A castling move: its index in the variant's compiled castling rules
/// (one per rule, side and set of pieces brought along, in the order
/// [`Variant::castling_rules`](crate::Variant::castling_rules) lists
/// them). A distinct type, so a castling cannot be passed where an action,
/// a square or a piece kind is meant; it costs nothing over the `u8` it
/// wraps.
///
/// ```
/// use kaboom::CastlingId;
/// assert_eq!(CastlingId::new(3).index(), 3);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct CastlingId(u8);

impl CastlingId {
    /// The castling move with index `index`.
    #[inline]
    pub const fn new(index: u8) -> CastlingId {
        CastlingId(index)
    }

    /// The castling move with index `index`, which must fit in a byte
    /// (the checker bounds the number of castling rules).
    #[inline]
    #[allow(clippy::cast_possible_truncation)]
    pub const fn from_index(index: usize) -> CastlingId {
        debug_assert!(index <= u8::MAX as usize);
        CastlingId(index as u8)
    }

    /// The castling move's index, for per-rule arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Debug for CastlingId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_castling_id_is_its_index() {
        assert_eq!(CastlingId::from_index(5), CastlingId::new(5));
        assert_eq!(CastlingId::new(5).index(), 5);
        assert_eq!(format!("{:?}", CastlingId::new(5)), "5");
    }
}
