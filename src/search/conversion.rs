//! Evaluation terms that make a won position progress, read from the
//! compiled rules (no variant is named):
//!
//! * Conversion ("mop-up"): where a side's material lead is large against
//!   what the other side has left, the weaker side's royal pieces are
//!   worth less to it near the board's edge and near the stronger side's
//!   royal pieces. Material alone gives no reason to move once the lead is
//!   won, and a search of a few plies sees no mate in a quiet position:
//!   the engine then shuffles until a draw rule ends the game. This term
//!   gives the stronger side a direction (drive the royal piece to the
//!   edge, walk the own royal piece up to it), where mates are short.
//! * Royal goals: where an end rule wins for a side whose royal piece
//!   stands on certain squares (a race to a rank, a hill), found by asking
//!   the end rules of the start position with that side's royal piece
//!   moved to each square, a royal piece earns a bonus per step closer to
//!   the nearest such square.
//!
//! Both terms are royal placement: they scale with the `royal_safety`
//! weight of the file's `evaluation` section.

use crate::base::piece::Cell;
use crate::base::square::{Color, MAX_SQUARES, Square};
use crate::base::weights::EvalWeights;
use crate::compile::Variant;
use crate::compile::ir::EndOutcome;
use crate::engine::position::Position;

/// Per ring closer to the edge, what the weaker side's royal piece costs it.
const EDGE_STEP: i32 = 20;
/// Per step (king steps) closer to the weaker side's royal piece, what the
/// stronger side's royal piece earns.
const NEAR_STEP: i32 = 10;
/// The lead (less twice the weaker side's material) at which conversion
/// starts to count, and over which it grows to its full weight.
const CONVERSION_START: i32 = 100;
const CONVERSION_SPAN: i32 = 300;
/// Per step closer to a goal square, what a royal piece earns.
const GOAL_STEP: i32 = 50;

/// The progress terms of one variant.
#[derive(Clone, Debug)]
pub(crate) struct Conversion {
    /// File and rank of each square.
    coords: Vec<(i16, i16)>,
    /// Rings from the edge of each square (0 on the outermost ring).
    closeness: Vec<i32>,
    max_closeness: i32,
    /// The largest distance between two squares, in king steps.
    max_distance: i32,
    /// Conversion's weights, scaled; 0 where it is off.
    edge_step: i32,
    near_step: i32,
    /// Per side and square, a royal piece's goal bonus (empty: no goal).
    goal: [Vec<i32>; 2],
}

impl Conversion {
    /// The terms for `variant`. `closeness` gives each square's rings from
    /// the edge; `material_counts` is false where pieces are a burden
    /// (conversion is then off).
    pub fn new(
        variant: &Variant,
        weights: EvalWeights,
        closeness: &dyn Fn(Square) -> i32,
        material_counts: bool,
    ) -> Self {
        let g = variant.geometry;
        let n = g.squares();
        let pct = |x: i32| (i64::from(x) * i64::from(weights.royal_safety) / 100) as i32;
        let coords: Vec<(i16, i16)> = (0..n)
            .map(|i| {
                let sq = Square::from_index(i);
                (g.file(sq) as i16, g.rank(sq) as i16)
            })
            .collect();
        let closeness: Vec<i32> = (0..n).map(|i| closeness(Square::from_index(i))).collect();
        let max_closeness = closeness.iter().copied().max().unwrap_or(0);
        let max_distance = (g.files as i32).max(g.ranks as i32) - 1;
        let conversion = material_counts && !variant.pieces.royal().is_empty();
        let mut progress = Conversion {
            coords,
            closeness,
            max_closeness,
            max_distance,
            edge_step: if conversion { pct(EDGE_STEP) } else { 0 },
            near_step: if conversion { pct(NEAR_STEP) } else { 0 },
            goal: [Vec::new(), Vec::new()],
        };
        for side in Color::BOTH {
            let goals = goal_squares(variant, side);
            if goals.is_empty() || goals.len() == n {
                continue;
            }
            progress.goal[side as usize] = (0..n)
                .map(|i| {
                    let d = goals.iter().map(|&t| progress.distance(i, t)).min().unwrap_or(0);
                    pct(GOAL_STEP * (progress.max_distance - d))
                })
                .collect();
        }
        progress
    }

    /// King steps between two squares (by index).
    #[inline]
    fn distance(&self, a: usize, b: usize) -> i32 {
        let (fa, ra) = self.coords[a];
        let (fb, rb) = self.coords[b];
        i32::from((fa - fb).abs().max((ra - rb).abs()))
    }

    /// What the terms add to each side's score, given each side's material
    /// (board and hand, as the evaluation counts it).
    #[inline]
    pub fn score(&self, pos: &Position, material: [i32; 2]) -> [i32; 2] {
        let mut score = [0i32; 2];
        for ((score, goal), royals) in score.iter_mut().zip(&self.goal).zip(&pos.royals) {
            if !goal.is_empty() {
                for sq in royals.iter() {
                    *score += goal[sq.index()];
                }
            }
        }
        if self.edge_step == 0 && self.near_step == 0 {
            return score;
        }
        let strong = usize::from(material[1] > material[0]);
        let weak = 1 - strong;
        let lead = material[strong] - material[weak];
        let share = ((lead - 2 * material[weak].max(0) - CONVERSION_START) * 64 / CONVERSION_SPAN).clamp(0, 64);
        if share == 0 {
            return score;
        }
        let mut bonus = 0;
        for w in pos.royals[weak].iter() {
            let w = w.index();
            bonus += self.edge_step * (self.max_closeness - self.closeness[w]);
            for s in pos.royals[strong].iter() {
                bonus += self.near_step * (self.max_distance - self.distance(s.index(), w));
            }
        }
        score[strong] += share * bonus / 64;
        score
    }
}

/// The squares where `side`'s royal piece wins the game by the end rules:
/// in the start position with `side`'s royal pieces taken off and one put
/// on the square, an end rule that holds wins for `side` (with either side
/// to move). Empty where the variant has no such rule, where `side` has
/// no royal piece at the start, or where the start already ends.
fn goal_squares(variant: &Variant, side: Color) -> Vec<usize> {
    let Ok(start) = crate::notation::fen::position_from_record(variant, &variant.start_record) else {
        return Vec::new();
    };
    let us = side as usize;
    let Some(royal) = start.royals[us].iter().next().map(|sq| start.board[sq.index()]) else {
        return Vec::new();
    };
    if !variant.programs.immediate_end || variant.ended_by_rule(&start).is_some() {
        return Vec::new();
    }
    let mut bare = start.clone();
    for sq in start.royals[us].iter() {
        bare.set(variant, sq, Cell::EMPTY);
    }
    let n = variant.geometry.squares();
    (0..n.min(MAX_SQUARES))
        .filter(|&i| {
            let sq = Square::from_index(i);
            let here = bare.board[i];
            if here == Cell::BLOCKED || (here.is_piece() && variant.is_royal(here.kind())) {
                return false;
            }
            let mut pos = bare.clone();
            pos.set(variant, sq, royal);
            [side, side.flip()].into_iter().any(|to_move| {
                pos.side = to_move;
                let wins = if to_move == side {
                    EndOutcome::Win
                } else {
                    EndOutcome::Loss
                };
                matches!(variant.ended_by_rule(&pos), Some((_, o)) if o == wins)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn progress(name: &str) -> (Variant, Conversion) {
        let v = match name {
            "race" => Variant::from_text("race.ron", crate::engine::legality::tests::KING_RACE).unwrap(),
            _ => Variant::load(name).unwrap(),
        };
        let g = v.geometry;
        let closeness = |sq: Square| {
            let c = |x: i32, n: u8| x.min(i32::from(n) - 1 - x);
            c(g.file(sq), g.files).min(c(g.rank(sq), g.ranks))
        };
        let p = Conversion::new(&v, v.evaluation, &closeness, true);
        (v, p)
    }

    #[test]
    fn a_race_to_a_rank_is_a_goal_and_chess_has_none() {
        let (v, p) = progress("race");
        let sq = |name: &str| v.geometry.parse_square(name).unwrap().index();
        for side in 0..2 {
            assert!(p.goal[side][sq("e8")] > p.goal[side][sq("e7")]);
            assert!(p.goal[side][sq("e7")] > p.goal[side][sq("e1")]);
            assert_eq!(p.goal[side][sq("a8")], p.goal[side][sq("h8")]);
        }
        let (_, p) = progress("chess");
        assert!(p.goal[0].is_empty() && p.goal[1].is_empty());
    }

    #[test]
    fn a_bare_royal_is_driven_to_the_edge_and_approached() {
        let (v, p) = progress("chess");
        let at = |fen: &str| {
            let pos = crate::notation::fen::parse(&v, fen).unwrap();
            p.score(&pos, [900, 0])[0]
        };
        // The weak king in the corner, the strong one near it: most.
        let corner = at("k7/8/1K6/8/8/8/8/7Q w - - 0 1");
        let centre = at("8/8/8/3k4/8/8/8/K6Q w - - 0 1");
        assert!(corner > centre + 50, "{corner} {centre}");
        // No lead worth converting: nothing.
        let pos = crate::notation::fen::parse(&v, "k7/8/1K6/8/8/8/8/7Q w - - 0 1").unwrap();
        assert_eq!(p.score(&pos, [3900, 3400]), [0, 0]);
    }
}
