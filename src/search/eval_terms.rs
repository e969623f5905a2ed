//! The evaluation's terms beyond material and placement
//! ([`super::eval_pawns`], [`super::eval_mobility`]), read on one machine
//! word where the board has at most 64 squares, on four elsewhere; off
//! where material counts against its owner or every weight is 0.

use super::eval_mobility::Activity;
use super::eval_pawns::Pawns;
use super::eval_reach::Reach;
use crate::base::set_words::SetWords;
use crate::base::square::SquareSet;
use crate::compile::Variant;
use crate::engine::position::Position;

/// The tables of the terms of one variant.
#[derive(Clone, Debug, Default)]
pub(super) struct Terms {
    reach: Reach,
    pawns: Pawns,
    activity: Activity,
    /// Whether any term is on.
    on: bool,
    one_word: bool,
}

impl Terms {
    /// The terms of `variant`: `gain` per kind, what its best promotion
    /// gains; `sign`, whether material counts for its owner.
    pub fn new(variant: &Variant, gain: &[i32], sign: bool) -> Terms {
        let w = variant.evaluation;
        let weights = [w.passed, w.structure, w.attacks, w.shelter, w.pair, w.open_files];
        if !sign || weights.iter().all(|&x| x == 0) {
            return Terms::default();
        }
        let reach = Reach::new(variant);
        let pawns = Pawns::new(variant, w, gain);
        let activity = Activity::new(variant, w, &reach, |k| pawns.slot(k).is_some());
        let on = pawns.any() || activity.any();
        Terms {
            reach,
            pawns,
            activity,
            on,
            one_word: variant.geometry.squares() <= 64,
        }
    }

    /// White's and Black's scores from the terms, with the material
    /// `phase` (in 1/64: 64 with all the start's material, 0 with none).
    #[inline]
    pub fn score(&self, pos: &Position, phase: i32) -> [i32; 2] {
        if !self.on {
            [0; 2]
        } else if self.one_word {
            self.score_in::<u64>(pos, phase)
        } else {
            self.score_in::<SquareSet>(pos, phase)
        }
    }

    fn score_in<W: SetWords>(&self, pos: &Position, phase: i32) -> [i32; 2] {
        let occupied = W::load(&pos.occupied[0]).or(W::load(&pos.occupied[1]));
        let sets = self.pawns.sets(pos, &self.reach, occupied);
        let pawns = self.pawns.score(pos, &sets, phase);
        let activity = self.activity.score(pos, &self.reach, &sets, occupied);
        [pawns[0] + activity[0], pawns[1] + activity[1]]
    }
}
