//! Action ids: which of a variant's actions a move plays.

/// An action: its index in the variant's list of actions (sides' actions
/// and pieces' actions together, in the order the compiler numbers them).
/// A distinct type, so an action cannot be passed where a square or a
/// piece kind is meant; it costs nothing over the `u8` it wraps.
///
/// ```
/// use kaboom::ActionId;
/// assert_eq!(ActionId::new(2).index(), 2);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct ActionId(u8);

impl ActionId {
    /// The action with index `index`.
    #[inline]
    pub const fn new(index: u8) -> ActionId {
        ActionId(index)
    }

    /// The action with index `index`, which must fit in a byte (the
    /// checker bounds the number of actions).
    #[inline]
    #[allow(clippy::cast_possible_truncation)]
    pub const fn from_index(index: usize) -> ActionId {
        debug_assert!(index <= u8::MAX as usize);
        ActionId(index as u8)
    }

    /// The action's index, for per-action arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The action's index as a byte.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl std::fmt::Debug for ActionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_id_is_its_index() {
        assert_eq!(ActionId::from_index(7), ActionId::new(7));
        assert_eq!(format!("{:?}", ActionId::new(7)), "7");
    }
}
