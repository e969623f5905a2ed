//! The drops pass: with `pieceDrops`, the `drops` field: where each piece
//! may be dropped (Fairy-Stockfish's drop region, and for pawns neither
//! the first rank nor the promotion zone unless its options allow them,
//! nor where a piece could never move again), the hand options, or the
//! refusals.

use super::builtin_pieces::{PAWN, king_index, slot_of};
use super::enclosing;
use super::refusal::{Built, refuse};
use super::rule_trees::{both, minus, pieces, ranks as rank_range, region, template, union};
use super::spec_values::text;
use super::square_sets::{any_side_set, board_squares, mirror, region_set, sided_region};
use super::state::{Squares, State, rank_squares};
use crate::lang::effect_syntax::{NamedSet, RanksFrom, SetExpr, SideFilter};
use crate::spec::{DropZoneSpec, DropsSpec, RegionSpec};

/// What the drops pass builds.
pub(super) struct Drops {
    /// The `drops` field (`None`: no drops).
    pub field: Option<DropsSpec>,
    /// Regions with each side's squares the zones name.
    pub regions: Vec<RegionSpec>,
}

/// The drops of `state`, where `immobile` gives per slot White's squares
/// where the piece could never move again.
pub(super) fn drops(state: &State, immobile: &[Squares]) -> Built<Drops> {
    let mut refusals = Vec::new();
    if state.piece_drops && state.drop_promoted && state.immobility_illegal {
        // Fairy-Stockfish bars a promoted drop where the promoted piece
        // could not move; kaboom's drop zone is the piece in hand's.
        refusals.push(refuse(
            None,
            "drops and hands",
            "`dropPromoted` with `immobilityIllegal`: a promoted drop is barred where the promoted piece could not move, but a drop zone is the piece in hand's".to_string(),
        ));
    }
    // A king in the start position's hand (every piece placed by drops).
    let king_held = state.pieces[king_index()].as_ref().is_some_and(|k| {
        state
            .start_fen
            .split_whitespace()
            .next()
            .and_then(|b| b.split_once('['))
            .is_some_and(|(_, hand)| hand.chars().any(|c| c.eq_ignore_ascii_case(&k.letter)))
    });
    let mut regions = Vec::new();
    // `cambodianMoves` reads gating rights without pieces in hand.
    if state.gating != state.seirawan_gating && !(state.gating && state.right_moves) {
        refusals.push(refuse(
            None,
            "drops and hands",
            if state.gating {
                "`gating` without `seirawanGating`: gating rights that only some moves read"
            } else {
                "`seirawanGating` without `gating`: no piece holds a gating right"
            }
            .to_string(),
        ));
    }
    let field =
        (state.piece_drops || state.seirawan_gating).then(|| drops_field(state, immobile, &mut regions, king_held));
    Built {
        part: Drops { field, regions },
        refusals,
    }
}

/// Pieces alike in where they may be dropped: the zone per side (as each
/// side reads it), whether a file holding some of the side's own bars
/// them (`dropNoDoubled`), and their letters.
type Group = ([Squares; 2], bool, String);

/// The `drops` field of a variant with `pieceDrops`.
fn drops_field(state: &State, immobile: &[Squares], regions: &mut Vec<RegionSpec>, hold_royal: bool) -> DropsSpec {
    let (files, ranks) = (state.files, state.ranks);
    let groups = groups(state, immobile, hold_royal);
    let mut named = 0;
    let zones: Vec<DropZoneSpec> = groups
        .iter()
        .map(|(zone, no_doubled, letters)| {
            // Zones that differ between the sides are regions with each
            // side's squares.
            let nowhere = || minus(SetExpr::Named(NamedSet::All), SetExpr::Named(NamedSet::All));
            let set = if zone[0] == zone[1] {
                region_set(zone[0], files, ranks, RanksFrom::Own).unwrap_or_else(nowhere)
            } else {
                named += 1;
                let name = if named == 1 {
                    "drop_zone".to_string()
                } else {
                    format!("drop_zone{named}")
                };
                regions.push(sided_region(
                    &name,
                    &[zone[0], mirror(zone[1], files, ranks)],
                    files,
                    ranks,
                ));
                region(RanksFrom::Own, &name)
            };
            let set = zone_set(state, set, zone, *no_doubled, letters);
            DropZoneSpec {
                pieces: text(letters.as_str()),
                squares: text(set.to_string()),
            }
        })
        .collect();
    DropsSpec {
        captures_to_hand: state.captures_to_hand,
        // `dropLoop`: captured promoted pieces keep their promoted form.
        demote_captured: !state.drop_loop,
        // `dropPromoted`: pieces in hand may also go down promoted.
        drop_promoted: state.drop_promoted,
        zones,
        // A start position with the king in hand: royal pieces are held.
        hold_royal,
        // `dropOppositeColoredBishop`: bishops split over the square colours.
        split_colours: slot_of("bishop")
            .and_then(|b| state.pieces[b].as_ref())
            .filter(|_| state.drop_opposite_coloured_bishop)
            .map(|b| text(b.letter.to_ascii_uppercase())),
        // `freeDrops`: endless hands.
        free: state.othello.free_drops,
        // `seirawanGating`: pieces in hand gate, and without `pieceDrops` only gate.
        gating: state.seirawan_gating,
        drop_moves: !state.seirawan_gating || state.piece_drops,
    }
}

/// The pieces grouped by where they may be dropped; pieces that may be
/// dropped anywhere are left out.
fn groups(state: &State, immobile: &[Squares], hold_royal: bool) -> Vec<Group> {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    // Each side's drop region, Black's as Black reads it (mirrored).
    let region = [
        state.drop_region[0].unwrap_or(board) & board,
        mirror(state.drop_region[1].unwrap_or(board) & board, files, ranks),
    ];
    let promotion = [
        state.promotion_region[0] & board,
        mirror(state.promotion_region[1] & board, files, ranks),
    ];
    let has_pawn = state.pieces[PAWN].is_some();
    let mut groups: Vec<Group> = Vec::new();
    for (slot, p) in state.pieces.iter().enumerate() {
        let Some(p) = p else { continue };
        // The king is held only where the start position holds it.
        if slot == king_index() && !hold_royal {
            continue;
        }
        let stuck = immobile.get(slot).copied().unwrap_or(0);
        // `sittuyinRookDrop`: the `rook` piece goes on the first rank only.
        let first_rank_only = state.rook_first_rank_drops && Some(slot) == slot_of("rook");
        let mut zone = [0, 1].map(|c| {
            let first = if first_rank_only { rank_squares(0) } else { !0 };
            // `enclosingDrop = anyside` replaces the drop region and the
            // pawns' limits (Fairy-Stockfish starts its squares afresh).
            if state.drop_from_any_side {
                return board & !stuck & first;
            }
            let mut z = region[c] & !stuck;
            if slot == PAWN && has_pawn {
                if !state.promotion_zone_pawn_drops {
                    z &= !promotion[c];
                }
                if !state.first_rank_pawn_drops {
                    z &= !rank_squares(0);
                }
            }
            z & first
        });
        let mut no_doubled = state.drop_no_doubled == Some(slot);
        if no_doubled {
            match state.drop_no_doubled_count {
                // Every file holds at least none: never dropped.
                0 => (zone, no_doubled) = ([0, 0], false),
                n if n > u32::from(ranks) => no_doubled = false,
                _ => {}
            }
        }
        if state.drop_from_any_side {
            no_doubled = false;
        }
        if zone == [board, board]
            && !no_doubled
            && !state.drop_on_top_of_pieces
            && !state.drop_from_any_side
            && !enclosing::narrows_drops(state)
        {
            continue;
        }
        let letter = p.letter.to_ascii_uppercase();
        match groups.iter_mut().find(|g| g.0 == zone && !g.1 && !no_doubled) {
            Some(g) => g.2.push(letter),
            None => groups.push((zone, no_doubled, letter.to_string())),
        }
    }
    groups
}

/// The set sentence of one group's zone `set`, narrowed by
/// `enclosingDrop` and `dropNoDoubled`.
fn zone_set(state: &State, mut set: SetExpr, zone: &[Squares; 2], no_doubled: bool, letters: &str) -> SetExpr {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    if state.drop_on_top_of_pieces {
        // `enclosingDrop = top`: White's first rank or right above
        // a piece, whoever drops (Fairy-Stockfish's is absolute).
        let above = SetExpr::Lines(
            Box::new(pieces(SideFilter::Any, [])),
            template("fW"),
            1,
            RanksFrom::White,
        );
        set = both(
            set,
            union([rank_range(RanksFrom::White, 1, 1), above]).expect("two sets"),
        );
    }
    if state.drop_from_any_side {
        set = match zone[0] == board && zone[1] == board {
            true => any_side_set(files, ranks),
            false => both(set, any_side_set(files, ranks)),
        };
    }
    // `enclosingDrop` reversi, ataxx, snort (and its start squares).
    set = enclosing::narrowed_zone(state, set);
    if no_doubled {
        // Not on a file that holds `dropNoDoubledCount` of the
        // side's own.
        let own = pieces(SideFilter::Own, letters.chars());
        let count = u8::try_from(state.drop_no_doubled_count).unwrap_or(u8::MAX);
        set = minus(
            set,
            SetExpr::Lines(Box::new(own), template("vR"), count, RanksFrom::Own),
        );
    }
    set
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{legal, one, variant};

    /// `sittuyinRookDrop`: a rook in hand goes on the first rank only,
    /// other pieces anywhere in the drop region.
    #[test]
    fn rooks_are_dropped_on_the_first_rank_only() {
        let v = variant(&one("[x:crazyhouse]\nsittuyinRookDrop = true\n").unwrap());
        let moves = legal(&v, "4k3/8/8/8/8/8/8/4K3[RNrn] w - - 0 1");
        let rooks: Vec<&String> = moves.iter().filter(|m| m.starts_with("R@")).collect();
        assert_eq!(rooks.len(), 7, "{moves:?}");
        assert!(rooks.iter().all(|m| m.ends_with('1')), "{moves:?}");
        assert!(moves.contains(&"N@d5".to_string()), "{moves:?}");
        let black = legal(&v, "4k3/8/8/8/8/8/8/4K3[RNrn] b - - 0 1");
        assert!(
            black.iter().filter(|m| m.starts_with("R@")).all(|m| m.ends_with('8')),
            "{black:?}"
        );
    }
}
