//! Fairy-Stockfish's `connectRegion1White` ... `connectRegion2Black`: the
//! side that has just moved wins once a chain of its pieces links its
//! first region to its second. Fairy-Stockfish grows the chain one way
//! only, east and north (and north-east, south-east with diagonals),
//! whoever moved: the condition `white connected(...)` with those
//! directions as White reads them.

use super::square_sets::{board_squares, sided_region};
use super::state::State;
use crate::spec::RegionSpec;

/// The end rule (the region entries it names pushed onto `regions`), if
/// both regions are set for some side.
pub(super) fn rule(state: &State, result: &str, regions: &mut Vec<RegionSpec>) -> Option<String> {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    let [one, two] = state.othello.connect_regions.map(|r| r.map(|s| s & board));
    if (one[0] == 0 || two[0] == 0) && (one[1] == 0 || two[1] == 0) {
        return None;
    }
    let [horizontal, vertical, diagonal] = state.connect_lines;
    let mut template = String::new();
    if horizontal {
        template.push_str("rW");
    }
    if vertical {
        template.push_str("fW");
    }
    if diagonal {
        template.push_str("frFbrF");
    }
    if template.is_empty() {
        return None;
    }
    regions.push(sided_region("connect1", &one, files, ranks));
    regions.push(sided_region("connect2", &two, files, ranks));
    let kinds = state.letters(&state.connect_types);
    let set = if state.connect_types.all {
        "enemy".to_string()
    } else {
        let spaced: Vec<String> = kinds.chars().map(String::from).collect();
        format!("enemy {}", spaced.join(" "))
    };
    Some(format!(
        "white connected({set}, enemy connect1, enemy connect2, {template}): {result}"
    ))
}
