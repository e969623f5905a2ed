//! Strength levels for casual play, in Stockfish's convention: a `Skill
//! Level` from 0 (weakest) to 20 (full strength), or an Elo that picks
//! the level from a calibration table (docs/search.md, "Strength
//! levels").
//!
//! Below 20, the search stops at depth `1 + level`, looks at the four
//! best root moves (multi-PV), and plays the one whose score plus a
//! random push is highest: the push grows with the move's distance from
//! the best and with the level's weakness (`120 - 2 * level`), as
//! Stockfish's `Skill::pick_best` does. The random numbers come from the
//! level's seed and the position's key, so a position and a seed always
//! give the same move.

use crate::engine::moves::Move;

/// The strongest level: the full search.
pub const MAX_LEVEL: u8 = 20;
/// Root moves a weakened search compares.
pub(crate) const SKILL_LINES: u32 = 4;
/// The greatest difference between the best line and the fourth that the
/// random push reads (Stockfish caps it at a pawn).
const PUSH_CAP: i32 = 100;

/// Calibration: the Elo that each level played at, measured against
/// Fairy-Stockfish's own `UCI_Elo` ladder (docs/search.md). Ascending in
/// both columns.
const LADDER: [(u8, i32); 5] = [(0, 950), (5, 1440), (10, 1700), (15, 1800), (20, 1930)];

/// A strength level and the seed of its choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// 0 to [`MAX_LEVEL`].
    pub level: u8,
    /// Mixed with each position's key for the random push.
    pub seed: u64,
}

impl Skill {
    /// The level `level` (at most [`MAX_LEVEL`]) with seed 0.
    pub fn level(level: u8) -> Skill {
        Skill {
            level: level.min(MAX_LEVEL),
            seed: 0,
        }
    }

    /// The level whose calibrated Elo is nearest `elo`, interpolated
    /// between the table's points and clamped to its ends.
    pub fn from_elo(elo: i32) -> Skill {
        let level = match LADDER.iter().position(|&(_, e)| e >= elo) {
            None => MAX_LEVEL,
            Some(0) => 0,
            Some(i) => {
                let ((l0, e0), (l1, e1)) = (LADDER[i - 1], LADDER[i]);
                let t = f64::from(elo - e0) / f64::from(e1 - e0);
                (f64::from(l0) + t * f64::from(l1 - l0)).round() as u8
            }
        };
        Skill::level(level)
    }

    /// The lowest and highest Elo the levels reach (the `UCI_Elo` range).
    pub fn elo_range() -> (i32, i32) {
        (LADDER[0].1, LADDER[LADDER.len() - 1].1)
    }

    /// Whether the level weakens the search at all.
    pub fn weakens(&self) -> bool {
        self.level < MAX_LEVEL
    }

    /// The deepest iteration a weakened search runs.
    pub(crate) fn depth(&self) -> u32 {
        1 + u32::from(self.level)
    }

    /// The move to play among `lines` (root moves and their scores, best
    /// first), for the position whose key is `key`.
    pub(crate) fn pick(&self, lines: &[(Move, i32)], key: u64) -> Option<(Move, i32)> {
        let &(_, top) = lines.first()?;
        let delta = (top - lines[lines.len() - 1].1).clamp(0, PUSH_CAP);
        let weakness = 120 - 2 * i32::from(self.level);
        let mut state = self.seed ^ key ^ 0x005E_ED0F_5C11;
        let mut best = None;
        let mut max = i32::MIN;
        for &(mv, score) in lines {
            let random = (splitmix(&mut state) % weakness as u64) as i32;
            let push = (weakness * (top - score) + delta * random) / 128;
            if score + push >= max {
                max = score + push;
                best = Some((mv, score));
            }
        }
        best
    }
}

/// SplitMix64.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::square::Square;

    fn mv(to: u8) -> Move {
        Move::new(Square::new(0), Square::new(to), crate::engine::moves::MoveKind::Quiet)
    }

    #[test]
    fn elo_maps_onto_levels_through_the_table() {
        let (low, high) = Skill::elo_range();
        assert_eq!(Skill::from_elo(low - 500).level, 0);
        assert_eq!(Skill::from_elo(high + 500).level, MAX_LEVEL);
        for &(level, elo) in &LADDER {
            assert_eq!(Skill::from_elo(elo).level, level);
        }
        let mid = (LADDER[1].1 + LADDER[2].1) / 2;
        let l = Skill::from_elo(mid).level;
        assert!(l > LADDER[1].0 && l < LADDER[2].0, "{l}");
    }

    #[test]
    fn a_weak_level_sometimes_leaves_the_best_move_and_a_seed_repeats() {
        let lines = [(mv(1), 50), (mv(2), 20), (mv(3), 0), (mv(4), -40)];
        let weak = Skill::level(0);
        let picks: Vec<Move> = (0..200u64).map(|k| weak.pick(&lines, k).unwrap().0).collect();
        assert!(picks.iter().any(|m| *m != mv(1)), "level 0 always played the best move");
        let again: Vec<Move> = (0..200u64).map(|k| weak.pick(&lines, k).unwrap().0).collect();
        assert_eq!(picks, again);
        // Level 19 plays the best move far more often than level 0.
        let strong = Skill::level(19);
        let best = |s: Skill| (0..200u64).filter(|&k| s.pick(&lines, k).unwrap().0 == mv(1)).count();
        assert!(best(strong) > best(weak), "{} {}", best(strong), best(weak));
    }
}
