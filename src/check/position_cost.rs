//! The cost of one position: how many moves it may offer, and those
//! moves times what the sentences cost for each (the work of listing the
//! legal moves, each judged on the position it leads to, or of playing
//! each once), against the limits of [`super::cost`].

use super::checked_piece::CheckedPiece;
use super::checker::Checker;
use super::cost::{Costs, MAX_MOVES, MAX_POSITION_COST};
use super::sentences::CheckedSentences;
use super::{CheckedCastling, CheckedPromotion};
use crate::base::geometry::Geometry;
use crate::spec::{Location, Spanned, VariantFile};

/// The estimate [`check`] holds against [`MAX_POSITION_COST`]: the most
/// moves a position may offer times the sentences' steps for one move, at
/// least one step per move (saturating). Kept in the compiled variant
/// ([`crate::Variant::position_cost`]) to bound the work of a long game.
pub(super) fn estimate(
    g: Geometry,
    pieces: &[CheckedPiece],
    promotions: &[CheckedPromotion],
    castling_rules: &[CheckedCastling],
    s: &CheckedSentences,
) -> u64 {
    let costs = Costs::new(g.squares());
    let bound = costs.move_bound(pieces, promotions, castling_rules.len(), s);
    bound.saturating_mul(costs.sentence_costs(s).total().max(1))
}

/// The most moves a position may offer (`bound`, from
/// [`Costs::move_bound`]) against [`MAX_MOVES`], and `bound` times the
/// sentences' cost per move against [`MAX_POSITION_COST`]. The second error
/// points at the costliest sentence when this file writes it.
pub(super) fn check(c: &mut Checker<'_>, file: &VariantFile, costs: &Costs, bound: u64, s: &CheckedSentences) {
    if bound > MAX_MOVES {
        c.error(
            format!("a position of this variant may offer up to {bound} moves; at most {MAX_MOVES} are allowed"),
            None,
            "fewer promotion choices, action targets, bounce choices or squares to choose for a chosen block",
        );
        return;
    }
    let each = costs.sentence_costs(s);
    let total = bound.saturating_mul(each.total());
    if total <= MAX_POSITION_COST {
        return;
    }
    // The costliest sentence, located when this file lists it.
    let rules = locations(&file.rules, |r| r);
    let legal = locations(&file.legal, |r| r);
    let end = locations(&file.end, |e| &e.rule);
    let lists = [
        (&each.rules, &rules, "rule"),
        (&each.legal, &legal, "legality clause"),
        (&each.end, &end, "end rule"),
    ];
    let costliest = lists
        .iter()
        .flat_map(|(costs, written, what)| costs.iter().enumerate().map(move |(i, c)| (*c, i, *written, *what)))
        .max_by_key(|(cost, ..)| *cost);
    let at = costliest.and_then(|(_, i, written, _)| written.get(i).cloned().flatten());
    let what = costliest.map_or(String::new(), |(cost, _, _, what)| {
        format!(" (the costliest, this {what}: about {cost} steps)")
    });
    c.error(
        format!(
            "listing the moves of one position costs about {total} steps: up to {bound} moves, each costing about {} steps in the rules, legality clauses and end conditions{what}; at most {MAX_POSITION_COST} are allowed",
            each.total()
        ),
        at.or_else(|| c.root()),
        "a smaller board, fewer squares to choose for a chosen block, or cheaper sentences: smaller areas, fewer `first`/`lines` rays, fewer terms",
    );
}

/// Where this file writes each entry of a list of sentences (`None` where
/// the list is not this file's, or an entry has no place in it: a bundled
/// parent's).
fn locations<T>(written: &Option<Vec<T>>, sentence: impl Fn(&T) -> &Spanned<String>) -> Vec<Option<Location>> {
    written
        .iter()
        .flatten()
        .map(|entry| sentence(entry).location.clone().filter(|l| l.source == 0))
        .collect()
}
