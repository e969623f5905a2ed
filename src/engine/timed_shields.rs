//! Shields raised by effects for some moves (`shield(S against remove for
//! 2 moves)`): the squares and effects of each, and the moves it has left.
//! A position holds a few of them; every move counts them down.

use crate::base::limits::MAX_TIMED_SHIELDS;
use crate::base::square::SquareSet;

/// One shield raised by an effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimedShield {
    /// The squares protected.
    pub squares: SquareSet,
    /// The effects they are protected from, as `SHIELD_*` bits.
    pub against: u8,
    /// Moves left, the one being made included; 0 for a free slot.
    pub left: u8,
}

impl TimedShield {
    const NONE: TimedShield = TimedShield {
        squares: SquareSet::EMPTY,
        against: 0,
        left: 0,
    };
}

/// The shields raised by effects that are in force in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimedShields(pub [TimedShield; MAX_TIMED_SHIELDS]);

impl Default for TimedShields {
    fn default() -> Self {
        TimedShields([TimedShield::NONE; MAX_TIMED_SHIELDS])
    }
}

impl TimedShields {
    /// Raises a shield during the move being made and the next `moves`
    /// moves. When every slot is taken, it replaces the shield closest to
    /// running out.
    pub(crate) fn raise(&mut self, squares: SquareSet, against: u8, moves: u8) {
        let slot = (self.0.iter_mut())
            .min_by_key(|s| s.left)
            .expect("there is at least one slot");
        *slot = TimedShield {
            squares,
            against,
            left: moves.saturating_add(1),
        };
    }

    /// Counts every shield down at the end of a move; a shield with no
    /// move left is lowered. The shields in force stay first, in the order
    /// they were raised, so that equal positions hold them alike.
    pub(crate) fn tick(&mut self) {
        let mut kept = 0;
        for i in 0..MAX_TIMED_SHIELDS {
            let s = self.0[i];
            if s.left > 1 {
                self.0[kept] = TimedShield { left: s.left - 1, ..s };
                kept += 1;
            }
        }
        for s in &mut self.0[kept..] {
            *s = TimedShield::NONE;
        }
    }

    /// The squares protected from any of the `against` effects.
    pub(crate) fn protecting(&self, against: u8) -> SquareSet {
        (self.0.iter())
            .filter(|s| s.left > 0 && s.against & against != 0)
            .fold(SquareSet::EMPTY, |acc, s| acc.union(&s.squares))
    }

    /// The shields in force, in slot order.
    pub(crate) fn active(&self) -> impl Iterator<Item = &TimedShield> {
        self.0.iter().filter(|s| s.left > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::square::Square;

    fn squares(list: &[u8]) -> SquareSet {
        list.iter().copied().map(Square::new).collect()
    }

    #[test]
    fn a_shield_lasts_its_moves_then_lowers() {
        let mut shields = TimedShields::default();
        shields.raise(squares(&[3]), 1, 2);
        // The move that raised it, then two more.
        for _ in 0..2 {
            shields.tick();
            assert_eq!(shields.protecting(1), squares(&[3]));
            assert!(shields.protecting(2).is_empty(), "it guards only its effects");
        }
        shields.tick();
        assert!(shields.protecting(1).is_empty());
        assert_eq!(shields, TimedShields::default(), "a lowered shield leaves no trace");
    }

    #[test]
    fn a_full_set_replaces_the_shield_closest_to_running_out() {
        let mut shields = TimedShields::default();
        for (i, moves) in [5, 1, 7, 3].into_iter().enumerate() {
            shields.raise(squares(&[i as u8]), 1, moves);
        }
        shields.raise(squares(&[9]), 1, 4);
        assert_eq!(shields.protecting(1), squares(&[0, 2, 3, 9]));
    }
}
