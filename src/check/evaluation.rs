//! The optional `evaluation` section: each weight a whole number of
//! percent between 0 and [`MAX_WEIGHT`].

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
