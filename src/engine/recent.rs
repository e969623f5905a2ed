//! What a position keeps of the move that led to it, where a rule reads
//! it (`last(name)`): the action it was and the squares it joined. It is
//! part of the position (a Messigny exchange may not be answered by one
//! of the same pieces), so the FEN carries it (`last=d1d8@swap`) and the
//! Zobrist key includes it; in every other variant it stays empty.

use crate::base::action::ActionId;
use crate::base::square::{Square, SquareSet};

/// The last move, when it was an action and the variant reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Recent {
    /// The action the last move was, if it was one.
    pub action: Option<ActionId>,
    /// Its origin.
    pub from: Square,
    /// Its target.
    pub to: Square,
}

impl Recent {
    /// The last move's origin and target when it was one of `actions`
    /// (bit `i` for action `i`), else no square.
    #[inline]
    pub fn squares(&self, actions: u64) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        if let Some(a) = self.action
            && 1u64
                .checked_shl(u32::from(a.get()))
                .is_some_and(|bit| actions & bit != 0)
        {
            out.insert(self.from);
            out.insert(self.to);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_named_actions_give_squares() {
        let recent = Recent {
            action: Some(ActionId::new(2)),
            from: Square::new(3),
            to: Square::new(59),
        };
        assert_eq!(recent.squares(0b100).len(), 2);
        assert!(recent.squares(0b011).is_empty());
        assert!(Recent::default().squares(u64::MAX).is_empty());
    }
}
