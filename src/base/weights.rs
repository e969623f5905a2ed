//! The evaluation's weights a variant file may set (its optional
//! `evaluation` section, docs/format.md): each term of the generic
//! evaluation scaled, in percent of its default.

/// Largest weight, in percent: ten times the default.
pub const MAX_WEIGHT: u32 = 1000;

/// The names of the weights, as the file writes them (the order of
/// `EvaluationSpec::given`; unit tests check `by_name` knows each).
#[cfg_attr(not(test), allow(dead_code))]
pub const WEIGHT_NAMES: [&str; 12] = [
    "material",
    "mobility",
    "centre",
    "advancement",
    "royal_safety",
    "tempo",
    "passed",
    "structure",
    "attacks",
    "shelter",
    "pair",
    "open_files",
];

/// Weights of the evaluation's terms, in percent of the defaults (100
/// each but `pair`, 0: off unless a file turns it on): 0 turns a term
/// off, 200 doubles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Every piece's material value.
    pub material: u32,
    /// The placement term from a piece's empty-board mobility on its square.
    pub mobility: u32,
    /// The bonus per ring closer to the centre.
    pub centre: u32,
    /// The bonus of promoting pieces for their progress towards the zone.
    pub advancement: u32,
    /// The royal pieces' placement and the shield of own pieces around them.
    pub royal_safety: u32,
    /// The bonus for the side to move.
    pub tempo: u32,
    /// Passed promoting pieces, by their progress (`search::eval_pawns`).
    pub passed: u32,
    /// Doubled, isolated and protected promoting pieces.
    pub structure: u32,
    /// Squares attacked that no enemy promoting piece attacks ("real
    /// mobility", `search::eval_mobility`).
    pub attacks: u32,
    /// Own promoting pieces in front of a royal piece.
    pub shelter: u32,
    /// Two pieces of a colour-bound kind on both colours.
    pub pair: u32,
    /// Riders along a file with no own promoting piece on it.
    pub open_files: u32,
}

impl Default for EvalWeights {
    /// Every term at 100%, but `pair` at 0.
    fn default() -> EvalWeights {
        EvalWeights {
            material: 100,
            mobility: 100,
            centre: 100,
            advancement: 100,
            royal_safety: 100,
            tempo: 100,
            passed: 100,
            structure: 100,
            attacks: 100,
            shelter: 100,
            // Measured without a gain in chess (docs/search.md): off.
            pair: 0,
            open_files: 100,
        }
    }
}

impl EvalWeights {
    /// The weight of the term `name` (one of [`WEIGHT_NAMES`]), to set.
    pub fn by_name(&mut self, name: &str) -> Option<&mut u32> {
        Some(match name {
            "material" => &mut self.material,
            "mobility" => &mut self.mobility,
            "centre" => &mut self.centre,
            "advancement" => &mut self.advancement,
            "royal_safety" => &mut self.royal_safety,
            "tempo" => &mut self.tempo,
            "passed" => &mut self.passed,
            "structure" => &mut self.structure,
            "attacks" => &mut self.attacks,
            "shelter" => &mut self.shelter,
            "pair" => &mut self.pair,
            "open_files" => &mut self.open_files,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_name_is_known() {
        let mut w = EvalWeights::default();
        for name in WEIGHT_NAMES {
            assert!(w.by_name(name).is_some(), "{name}");
        }
    }
}
