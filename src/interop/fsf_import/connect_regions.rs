//! Fairy-Stockfish's `connectRegion1White` ... `connectRegion2Black`: the
//! side that has just moved wins once a chain of its pieces links its
//! first region to its second. Fairy-Stockfish grows the chain one way
//! only, east and north (and north-east, south-east with diagonals),
//! whoever moved: the condition `white connected(...)` with those
//! directions as White reads them.

use super::rule_trees::{end_if, pieces, region, template};
use super::square_sets::{board_squares, sided_region};
use super::state::State;
use crate::lang::effect_syntax::{Cond, EndOutcome, EndRule, RanksFrom, SideFilter};
use crate::spec::RegionSpec;

/// The end rule (the region entries it names pushed onto `regions`), if
/// both regions are set for some side.
pub(super) fn rule(state: &State, result: EndOutcome, regions: &mut Vec<RegionSpec>) -> Option<EndRule> {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    let [one, two] = state.othello.connect_regions.map(|r| r.map(|s| s & board));
    if (one[0] == 0 || two[0] == 0) && (one[1] == 0 || two[1] == 0) {
        return None;
    }
    let [horizontal, vertical, diagonal] = state.connect_lines;
    let mut template_text = String::new();
    if horizontal {
        template_text.push_str("rW");
    }
    if vertical {
        template_text.push_str("fW");
    }
    if diagonal {
        template_text.push_str("frFbrF");
    }
    if template_text.is_empty() {
        return None;
    }
    regions.push(sided_region("connect1", &one, files, ranks));
    regions.push(sided_region("connect2", &two, files, ranks));
    let chain = if state.connect_types.all {
        pieces(SideFilter::Enemy, [])
    } else {
        pieces(SideFilter::Enemy, state.letters(&state.connect_types).chars())
    };
    let region = |name: &str| region(RanksFrom::Enemy, name);
    let sets = Box::new([chain, region("connect1"), region("connect2")]);
    Some(end_if(
        Cond::Connected(RanksFrom::White, sets, template(template_text)),
        result,
    ))
}
