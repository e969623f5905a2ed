//! What a result is worth beyond the material, read from the compiled
//! rules (no variant is named):
//!
//! * A draw against the side that is ahead ("contempt"): at the root, the
//!   side to move's material lead (board and hand, as the evaluation
//!   counts it) past [`CONTEMPT_START`] makes every draw the search meets
//!   (a draw rule, a repetition, the move rule, a stalemate, a position
//!   with no move and no rule) worth half the excess, at most
//!   [`CONTEMPT_MAX`], less to that side, and as much more to the side
//!   behind. A side far ahead whose every other line looks bad for the
//!   moment (a piece to give back, a longest move to play) then still
//!   prefers going on to a repetition or a stalemate.
//! * The move rule's clock: where an end rule draws after a number of
//!   moves without a reset, the static score shrinks as the clock runs,
//!   to half its size when the rule is about to fire. A move that resets
//!   the clock (a capture, a pawn's step) then gains for the side that is
//!   ahead, and the search sees the rule coming before it fires.

use crate::base::square::Color;
use crate::compile::Variant;
use crate::compile::ir::End;
use crate::engine::position::Position;

/// The lead (centipawns) from which a draw counts against the side ahead.
pub(crate) const CONTEMPT_START: i32 = 150;
/// The most a draw costs the side that is ahead.
pub(crate) const CONTEMPT_MAX: i32 = 200;

/// The draw's value for one search, set at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stakes {
    root_side: Color,
    /// What a draw costs the root's side to move (negative: what it gains).
    contempt: i32,
}

impl Stakes {
    /// No contempt: a draw is 0 for both sides.
    pub const EVEN: Stakes = Stakes {
        root_side: Color::White,
        contempt: 0,
    };

    /// The stakes of a search from a root whose side to move has
    /// `material` (own, theirs).
    pub fn at_root(side: Color, material: [i32; 2]) -> Stakes {
        let lead = material[side as usize] - material[1 - side as usize];
        let contempt = ((lead.abs() - CONTEMPT_START) / 2).clamp(0, CONTEMPT_MAX) * lead.signum();
        Stakes {
            root_side: side,
            contempt,
        }
    }

    /// A draw's score for `side` to move.
    #[inline]
    pub fn draw(&self, side: Color) -> i32 {
        if side == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }
}

/// The plies after which the variant's move rule draws (the smallest, if
/// there are several); 0 where there is none.
pub(crate) fn move_rule_plies(variant: &Variant) -> u32 {
    variant
        .programs
        .end
        .iter()
        .filter_map(|(e, _)| match *e {
            End::MoveRule(n, _) if n > 0 => Some(2 * n),
            _ => None,
        })
        .min()
        .unwrap_or(0)
}

/// `score` weighed by the move rule's clock: whole at a reset, half when
/// the rule (after `limit` plies; 0: none) is about to fire.
#[inline]
pub(crate) fn clock_scaled(score: i32, pos: &Position, limit: u32) -> i32 {
    if limit == 0 {
        return score;
    }
    let left = 2 * limit - pos.halfmove.min(limit);
    (i64::from(score) * i64::from(left) / i64::from(2 * limit)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_costs_the_side_ahead_and_gains_the_side_behind() {
        let ahead = Stakes::at_root(Color::White, [1200, 300]);
        assert_eq!(ahead.draw(Color::White), -CONTEMPT_MAX);
        assert_eq!(ahead.draw(Color::Black), CONTEMPT_MAX);
        let behind = Stakes::at_root(Color::Black, [1200, 1000]);
        assert_eq!(behind.draw(Color::Black), 25);
        assert_eq!(behind.draw(Color::White), -25);
        // A small lead: a draw is a draw.
        let level = Stakes::at_root(Color::White, [3900, 3800]);
        assert_eq!((level.draw(Color::White), level.draw(Color::Black)), (0, 0));
    }

    #[test]
    fn the_clock_halves_the_score_at_the_move_rules_limit() {
        let chess = Variant::from_text("chess.ron", r#"(extends: "chess")"#).unwrap();
        assert_eq!(move_rule_plies(&chess), 100);
        let at = |halfmove: u32| {
            let fen = format!("4k3/8/8/8/8/8/8/4K2Q w - - {halfmove} 80");
            clock_scaled(900, &crate::notation::fen::parse(&chess, &fen).unwrap(), 100)
        };
        assert_eq!((at(0), at(50), at(100), at(140)), (900, 675, 450, 450));
        let none = Variant::from_text("no-rule.ron", r#"(extends: "chess", end: ["checkmate: loss"])"#).unwrap();
        assert_eq!(move_rule_plies(&none), 0);
    }
}
