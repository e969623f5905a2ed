//! `mobilityRegionWhite<Piece>` and `mobilityRegionBlack<Piece>` that are
//! not mirror images of each other (one side's may be missing: that side's
//! pieces go anywhere on the board): a region with each side's squares,
//! named after the piece type, which the piece's `within` reads for its
//! owner.

use super::builtin_pieces::slot_name;
use super::square_sets::{board_squares, mirror, sided_region};
use super::state::{Squares, State};
use crate::spec::RegionSpec;

/// Each side's mobility region of `slot` on the board (the whole board
/// where that side has none), when they are not mirror images of each
/// other; `None` when they are, or when the piece has none.
pub(super) fn sided(state: &State, slot: usize) -> Option<[Squares; 2]> {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    let regions = state.mobility.get(slot)?;
    if regions.iter().all(Option::is_none) {
        return None;
    }
    let on_board = regions.map(|r| r.map_or(board, |r| r & board));
    (on_board[0] != mirror(on_board[1], files, ranks)).then_some(on_board)
}

/// The region's name for the piece type of `slot`.
pub(super) fn region_name(slot: usize) -> String {
    format!("mobility_{}", slot_name(slot).to_ascii_lowercase())
}

/// The `regions` entries of every piece type whose mobility regions
/// differ between the sides (for the pieces written, not `hidden`).
pub(super) fn regions(state: &State, hidden: &[usize]) -> Vec<RegionSpec> {
    (0..state.pieces.len())
        .filter(|&slot| state.pieces[slot].is_some() && !hidden.contains(&slot))
        .filter_map(|slot| sided(state, slot).map(|r| sided_region(&region_name(slot), &r, state.files, state.ranks)))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::interop::fsf_import::test_support::{legal, one, variant};

    #[test]
    fn a_mobility_region_for_one_side_only_confines_that_side() {
        let ini = "[lopsided:chess]\nmobilityRegionWhiteKnight = *1 *2 *3 *4\ncastling = false\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains("within: \"mobility_knight\""), "{ron}");
        let v = variant(&ron);
        // White's knight on d4 may not leave the first four ranks.
        let white = legal(&v, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
        assert!(
            white.contains(&"d4c2".to_string()) && !white.contains(&"d4c6".to_string()),
            "{white:?}"
        );
        // Black's knight goes anywhere.
        let black = legal(&v, "4k3/8/8/8/3n4/8/8/4K3 b - - 0 1");
        assert!(
            black.contains(&"d4c6".to_string()) && black.contains(&"d4c2".to_string()),
            "{black:?}"
        );
    }
}
