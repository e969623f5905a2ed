//! `shatarMateRule`: the result of a checkmate read from the series of
//! checks that led to it. Fairy-Stockfish scores a mate given by knights
//! alone as a win for the side mated; any other mate stands (the
//! variant's checkmate value) only if one check of the mating side's
//! unbroken series of checks, this one included, came from a `knight`,
//! `rook` or `bers` piece (a "shak"); else it is drawn.

use super::builtin_pieces::slot_of;
use super::rule_trees::{end, pieces, royal};
use super::state::State;
use crate::lang::effect_syntax::{Cond, EndCondition, EndOutcome, EndRule, KindFilter, SetExpr, SideFilter};

/// The letter (upper case) of a built-in piece slot the variant has.
fn letter(state: &State, slot: &str) -> Option<char> {
    let slot = slot_of(slot)?;
    state.pieces[slot].as_ref().map(|p| p.letter.to_ascii_uppercase())
}

/// The end rules that replace `checkmate: {mate}` under the rule: a mate
/// by knights only wins for the side mated (`attacked(own royal by any
/// not N)` fails); a mate that closes a series of checks, on each of the
/// mated side's turns, one of which a knight, rook or bers gave, has the
/// checkmate's outcome `mate`; any other mate is drawn.
pub(super) fn check_series_rules(state: &State, mate: EndOutcome) -> Vec<EndRule> {
    let mut rules = Vec::new();
    let mated_if = |c: Cond| EndCondition::Checkmate(Some(c));
    let attacked_by = |by: SetExpr| Cond::Attacked(royal(SideFilter::Own), Some(by));
    let knight = letter(state, "knight");
    if let Some(n) = knight {
        let not_knights = SetExpr::Pieces(
            SideFilter::Any,
            Some(KindFilter {
                negate: true,
                royal: false,
                letters: vec![(n, 0..0)],
            }),
        );
        rules.push(end(
            mated_if(super::rule_trees::not(attacked_by(not_knights))),
            EndOutcome::Win,
        ));
    }
    let shak: Vec<char> = [knight, letter(state, "rook"), letter(state, "bers")]
        .into_iter()
        .flatten()
        .collect();
    if !shak.is_empty() {
        let series = Cond::Since(
            Box::new(attacked_by(pieces(SideFilter::Any, shak))),
            Box::new(Cond::Attacked(royal(SideFilter::Own), None)),
        );
        rules.push(end(mated_if(series), mate));
    }
    rules.push(end(EndCondition::Checkmate(None), EndOutcome::Draw));
    rules
}

#[cfg(test)]
mod tests {
    use super::super::test_support::one;

    /// Chess with the rule: the three rules replace `checkmate: loss`.
    #[test]
    fn the_rule_reads_the_series_of_checks() {
        let ron = one("[x:chess]\nshatarMateRule = true\n").unwrap();
        assert!(
            ron.contains("\"checkmate if not attacked(own royal by any not N): win\""),
            "{ron}"
        );
        assert!(
            ron.contains("\"checkmate if since(attacked(own royal by any N R), attacked(own royal)): loss\""),
            "{ron}"
        );
        assert!(ron.contains("\"checkmate: draw\""), "{ron}");
        assert!(!ron.contains("\"checkmate: loss\""), "{ron}");
    }
}
