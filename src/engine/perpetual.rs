//! The perpetual-check end rules (`N repetitions by perpetual check`,
//! `N repetitions by mutual perpetual check`) judged over a cycle of moves:
//! one judgement for a game ([`Game`](super::game::Game), over the moves
//! since the first of the N occurrences) and for the search (over its
//! line, since the position's previous occurrence).

use super::position::Position;
use crate::base::square::Color;
use crate::compile::Variant;
use crate::compile::ir::{End, EndOutcome};

/// Who gave perpetual check over the last `len` moves before a position
/// with `side` to move: a side did when the other was in check after each
/// of its moves in them. `gave_check(k)` says whether the move `k` plies
/// back (0: the last) left its opponent in check, for `k < len`. `None`
/// when neither side did, `Some(None)` when both did, else
/// `Some(Some(side))`.
pub(crate) fn checker(side: Color, len: usize, gave_check: impl Fn(usize) -> bool) -> Option<Option<Color>> {
    // checked[side]: every move of `side` in the cycle gave check.
    let mut checked = [true; 2];
    for k in 0..len {
        // The last move was the other side's; the one before it, `side`'s.
        let mover = if k.is_multiple_of(2) { side.flip() } else { side };
        if !gave_check(k) {
            checked[mover as usize] = false;
        }
    }
    match checked {
        [true, true] => Some(None),
        [true, false] => Some(Some(Color::White)),
        [false, true] => Some(Some(Color::Black)),
        [false, false] => None,
    }
}

/// What a perpetual-check rule `end` with `outcome` says of `pos`, a
/// repetition whose cycle had `checker` ([`checker`]): the outcome and the
/// side it is for, or `None` when the rule does not hold (the rules after
/// it decide). `N repetitions by perpetual check` gives the checking side
/// its outcome (a draw when both sides checked); `N repetitions by mutual
/// perpetual check` gives the side to move its outcome when both checked
/// (and the rule's condition holds). Any other rule: `None`.
pub(crate) fn ending(
    variant: &Variant,
    end: End,
    outcome: EndOutcome,
    pos: &Position,
    checker: Option<Option<Color>>,
) -> Option<(Color, EndOutcome)> {
    match (end, checker?) {
        (End::MutualPerpetualCheck(_, guard), None) if variant.guard_holds(guard, pos) => {
            Some((pos.side_to_move(), outcome))
        }
        (End::PerpetualCheck(_), None) => Some((pos.side_to_move(), EndOutcome::Draw)),
        (End::PerpetualCheck(_), Some(side)) => Some((side, outcome)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_whose_every_move_checked_is_the_checker() {
        // Black to move: moves 0 and 2 were White's, 1 and 3 Black's.
        let white_checks = |k: usize| k.is_multiple_of(2);
        assert_eq!(checker(Color::Black, 4, white_checks), Some(Some(Color::White)));
        assert_eq!(checker(Color::White, 4, white_checks), Some(Some(Color::Black)));
        assert_eq!(checker(Color::Black, 4, |_| true), Some(None));
        assert_eq!(checker(Color::Black, 4, |k| k != 2), Some(Some(Color::Black)));
        assert_eq!(checker(Color::Black, 4, |k| k == 0), None);
    }
}
