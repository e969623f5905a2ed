//! The optional `evaluation` section: each weight a whole number of
//! percent between 0 and [`MAX_WEIGHT`]; each of its piece `values` a
//! piece's letter and a whole number from 0 to [`MAX_VALUE`].

use crate::base::diagnostic::Diagnostic;
use crate::base::weights::{EvalWeights, MAX_WEIGHT};
use crate::spec::EvaluationSpec;

/// The weights the section sets (100 for each it leaves out), and an error
/// for each weight out of range.
pub(super) fn check_evaluation(spec: Option<&EvaluationSpec>) -> (EvalWeights, Vec<Diagnostic>) {
    let mut weights = EvalWeights::default();
    let mut found = Vec::new();
    let Some(spec) = spec else {
        return (weights, found);
    };
    for (name, given) in spec.given() {
        let Some(given) = given else { continue };
        let slot = weights.by_name(name).expect("every weight has a slot");
        match u32::try_from(given.value) {
            Ok(v) if v <= MAX_WEIGHT => *slot = v,
            _ => found.push(
                Diagnostic::error(
                    format!(
                        "evaluation weight `{name}` is {}, not between 0 and {MAX_WEIGHT}",
                        given.value
                    ),
                    given.location.clone(),
                )
                .with_help(format!(
                    "a weight is in percent of the default term: 0 turns `{name}` off, 100 keeps it, {MAX_WEIGHT} is ten times it"
                )),
            ),
        }
    }
    (weights, found)
}

/// The largest material value the `evaluation` section's `values` give a
/// piece, in hundredths of a pawn.
pub const MAX_VALUE: i64 = 100_000;

/// The evaluation's value of each kind (indexed by the kinds of
/// `letters`, the pieces' letters as written; 0 where `values` gives
/// none), and an error for each unknown letter or value out of range.
pub(super) fn check_evaluation_values(spec: Option<&EvaluationSpec>, letters: &[char]) -> (Vec<i32>, Vec<Diagnostic>) {
    let mut values = vec![0; letters.len()];
    let mut found = Vec::new();
    let Some(given) = spec.and_then(|s| s.values.as_ref()) else {
        return (values, found);
    };
    for (&letter, &value) in &given.value {
        let Some(kind) = letters.iter().position(|&l| l == letter) else {
            found.push(
                Diagnostic::error(
                    format!("evaluation `values` names `{letter}`, which is no piece's letter"),
                    given.location.clone(),
                )
                .with_help("name a piece by its upper-case letter, as `pieces` writes it".to_string()),
            );
            continue;
        };
        match i32::try_from(value) {
            Ok(v) if (0..=MAX_VALUE).contains(&value) => values[kind] = v,
            _ => found.push(
                Diagnostic::error(
                    format!("evaluation value of `{letter}` is {value}, not between 0 and {MAX_VALUE}"),
                    given.location.clone(),
                )
                .with_help("a value is in hundredths of a pawn; 0 derives one from the piece's moves".to_string()),
            ),
        }
    }
    (values, found)
}
