//! What a position is fitted against: its game's result, the score of a
//! deeper search of it turned into an expected result, or a mix of the
//! two (`kaboom tune --label`; docs/search.md, "Tuning").
//!
//! The search's score is turned into an expected result through the same
//! logistic the fit uses, `1 / (1 + e^(-K s))`, with `K` the scale that
//! best predicts the games' results from the evaluation as it was (the
//! fit's own first step, [`super::fit::fit_scale`]): the scale at which
//! this variant's centipawns predict this engine's games, so that a
//! centipawn means the same in a label as in the fit. A fixed scale (a
//! chess one) would be wrong elsewhere: the fitted `K` of the bundled
//! variants differs more than tenfold between them.

use crate::engine::position::Position;
use crate::search::{Control, Engine, Limits, Score};
use serde::{Deserialize, Serialize};

/// A search score that stands for a mate, in centipawns for White: a
/// label at least this large (or at most its negation) is a certain win
/// (loss), whatever the scale.
pub const MATE_LABEL: f32 = 1_000_000.0;

/// What the fit's target is for each position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// The game's result for White (1, 1/2, 0).
    #[default]
    Result,
    /// The deeper search's score as an expected result.
    Search,
    /// `weight` times the search's expected result plus `1 - weight` times
    /// the game's result (the weight from 0 to 1; Stockfish's trainers
    /// call it lambda).
    Mix(f64),
}

impl Label {
    /// The weight of the search's expected result in the target.
    pub fn search_weight(self) -> f64 {
        match self {
            Label::Result => 0.0,
            Label::Search => 1.0,
            Label::Mix(w) => w,
        }
    }

    /// Whether the label needs the positions' search scores.
    pub fn needs_search(self) -> bool {
        self.search_weight() > 0.0
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Label::Result => write!(f, "the games' results"),
            Label::Search => write!(f, "the search's scores"),
            Label::Mix(w) => write!(f, "{w} of the search's scores and {} of the games' results", 1.0 - w),
        }
    }
}

/// The score of a search of `pos` within `nodes` nodes, in centipawns
/// for White (a mate as [`MATE_LABEL`] or its negation). `history` holds
/// the keys of the game's positions before it, `played` its moves (as
/// [`Limits::played`]). The engine's table is not cleared: clear it per
/// game so the label depends only on the game.
pub fn search_score(
    engine: &Engine,
    pos: &Position,
    history: &[u64],
    played: &[(crate::engine::moves::Move, bool)],
    nodes: u64,
) -> f32 {
    let limits = Limits {
        nodes: Some(nodes),
        played: played.to_vec(),
        ..Default::default()
    };
    let found = engine.search(pos, history, &limits, &Control::new(), &mut |_| {});
    let own = match found.score {
        Score::Centipawns(cp) => cp as f32,
        Score::Mate(n) if n > 0 => MATE_LABEL,
        Score::Mate(_) => -MATE_LABEL,
    };
    if pos.side_to_move() == crate::base::square::Color::White {
        own
    } else {
        -own
    }
}

/// The expected result for White of a search score `cp` (centipawns for
/// White) at scale `k`: the fit's logistic, a mate certain.
pub fn expected(cp: f32, k: f64) -> f64 {
    if cp >= MATE_LABEL {
        1.0
    } else if cp <= -MATE_LABEL {
        0.0
    } else {
        1.0 / (1.0 + (-k * f64::from(cp)).exp())
    }
}

/// Each position's target: `label`'s mix of its game's `result` and of
/// its search score's expected result at scale `k`.
pub fn targets(results: &[f32], searched: &[f32], label: Label, k: f64) -> Vec<f32> {
    let w = label.search_weight();
    results
        .iter()
        .zip(searched)
        .map(|(&r, &s)| ((1.0 - w) * f64::from(r) + w * expected(s, k)) as f32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Variant;
    use std::sync::Arc;

    #[test]
    fn a_won_position_is_labelled_near_one_for_white_whoever_moves() {
        let variant = Arc::new(Variant::load("chess").unwrap());
        // A fresh table for each search: the label depends on the table's
        // contents (the tuner clears it at each game's start).
        let engine = || Engine::with_hash(variant.clone(), 1);
        // White has a queen and a rook more.
        for fen in [
            "4k3/pppp4/8/8/8/8/PPPP4/QR2K3 w - - 0 1",
            "4k3/pppp4/8/8/8/8/PPPP4/QR2K3 b - - 0 1",
        ] {
            let pos = crate::notation::fen::parse(&variant, fen).unwrap();
            let cp = search_score(&engine(), &pos, &[], &[], 2000);
            assert!(cp > 800.0, "{fen}: {cp}");
            // At a chess-like scale (K about 0.004 per centipawn).
            assert!(expected(cp, 0.004) > 0.95, "{fen}: {cp}");
            assert_eq!(search_score(&engine(), &pos, &[], &[], 2000), cp, "deterministic");
        }
        // A mate in one is certain, for the side that gives it.
        for (fen, cp) in [
            ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", MATE_LABEL),
            ("r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", -MATE_LABEL),
        ] {
            let pos = crate::notation::fen::parse(&variant, fen).unwrap();
            assert_eq!(search_score(&engine(), &pos, &[], &[], 2000), cp, "{fen}");
        }
        assert_eq!(expected(MATE_LABEL, 1e-5), 1.0);
        assert_eq!(expected(-MATE_LABEL, 1.0), 0.0);
    }

    #[test]
    fn the_mix_weighs_the_search_against_the_result() {
        let t = targets(&[1.0, 0.0, 0.5], &[0.0, 0.0, MATE_LABEL], Label::Mix(0.25), 0.01);
        assert_eq!(t, vec![0.875, 0.125, 0.625]);
        assert_eq!(targets(&[1.0], &[0.0], Label::Search, 0.01), vec![0.5]);
        assert_eq!(targets(&[1.0], &[-MATE_LABEL], Label::Result, 0.01), vec![1.0]);
    }
}
