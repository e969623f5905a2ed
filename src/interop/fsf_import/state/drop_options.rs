//! Drop options: pieces in hand, where they may be dropped, and the rules
//! on drops (doubled pieces, bishops' colours, compulsory drops, mate by a
//! dropped pawn).

use super::{Entry, Origin, Setter, State};

/// The yes/no drop options and the field each sets.
const FLAGS: &[Setter<bool>] = &[
    ("pieceDrops", |s| &mut s.piece_drops),
    ("dropChecks", |s| &mut s.drop_checks),
    ("gating", |s| &mut s.gating),
    ("seirawanGating", |s| &mut s.seirawan_gating),
    ("cambodianMoves", |s| &mut s.right_moves),
    ("capturesToHand", |s| &mut s.captures_to_hand),
    ("firstRankPawnDrops", |s| &mut s.first_rank_pawn_drops),
    ("dropLoop", |s| &mut s.drop_loop),
    ("dropPromoted", |s| &mut s.drop_promoted),
    ("promotionZonePawnDrops", |s| &mut s.promotion_zone_pawn_drops),
    ("mustDrop", |s| &mut s.must_drop),
    ("dropOppositeColoredBishop", |s| &mut s.drop_opposite_coloured_bishop),
    ("shogiPawnDropMateIllegal", |s| &mut s.pawn_drop_mate_loses),
    ("sittuyinRookDrop", |s| &mut s.rook_first_rank_drops),
];

/// Applies `e` if it is a drop option (false if it is not one).
pub(super) fn apply(s: &mut State, e: &Entry, o: &Origin) -> bool {
    if s.apply_flag(FLAGS, e, o) {
        return true;
    }
    match e.key.as_str() {
        // Gravity (`top`) and entering from an edge (`anyside`) are drop
        // zones; the other enclosing rules (reversi, ataxx, snort) are
        // the enclosing options' (`enclosing_options`).
        "enclosingDrop" => {
            s.drop_on_top_of_pieces = e.value == "top";
            s.drop_from_any_side = e.value == "anyside";
            // `reversi`, `ataxx`, `quadwrangle` and `snort` are read by the
            // enclosing options.
            if matches!(
                e.value.as_str(),
                "top" | "anyside" | "none" | "reversi" | "ataxx" | "quadwrangle" | "snort"
            ) {
                s.unsupported.remove("enclosingDrop");
            } else {
                s.unsupported.insert("enclosingDrop".to_string(), o.clone());
            }
        }
        "dropNoDoubled" => {
            if let Some(t) = s.types(o) {
                match t.slots.as_slice() {
                    [] => s.drop_no_doubled = None,
                    [slot] if !t.all => s.drop_no_doubled = Some(*slot),
                    _ => s.invalid.push((o.clone(), "name one piece letter".to_string())),
                }
            }
        }
        "dropNoDoubledCount" => {
            if let Some(n) = s.number(o) {
                s.drop_no_doubled_count = n;
            }
        }
        "dropRegionWhite" | "whiteDropRegion" | "dropRegionBlack" | "blackDropRegion" => {
            let colour = usize::from(e.key.contains("Black") || e.key.starts_with("black"));
            if e.value.is_empty() || e.value == "-" {
                s.drop_region[colour] = None;
            } else if let Some(sq) = s.squares(o) {
                s.drop_region[colour] = Some(sq);
            }
        }
        _ => return false,
    }
    true
}
