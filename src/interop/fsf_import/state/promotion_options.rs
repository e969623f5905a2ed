//! Promotion options: where and what pawns promote to, the promoted forms
//! of `promotedPieceType` and their rules, limits, and the soldier's rank.

use super::{Entry, MAX_RANKS, Origin, Setter, State, colours, rank_squares};

/// The yes/no promotion options and the field each sets.
const FLAGS: &[Setter<bool>] = &[
    ("mandatoryPawnPromotion", |s| &mut s.mandatory_promotion),
    ("immobilityIllegal", |s| &mut s.immobility_illegal),
    ("mandatoryPiecePromotion", |s| &mut s.mandatory_piece_promotion),
    ("piecePromotionOnCapture", |s| &mut s.piece_promotion_on_capture),
    ("pieceDemotion", |s| &mut s.piece_demotion),
];

/// Applies `e` if it is a promotion option (false if it is not one).
pub(super) fn apply(s: &mut State, e: &Entry, o: &Origin) -> bool {
    if s.apply_flag(FLAGS, e, o) {
        return true;
    }
    match e.key.as_str() {
        "promotionRank" => {
            if let Some(r) = s.number(o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                let r = r as u8 - 1;
                let ranks = s.ranks;
                s.promotion_region[0] = (r..ranks).fold(0, |a, k| a | rank_squares(k));
                s.promotion_region[1] = (0..ranks.saturating_sub(r)).fold(0, |a, k| a | rank_squares(k));
            }
        }
        "promotionRegionWhite" | "promotionRegionBlack" => {
            if let Some(sq) = s.squares(o) {
                s.promotion_region[usize::from(e.key.ends_with("Black"))] = sq;
            }
        }
        "pawnTypes" => {
            if let Some(t) = s.types(o) {
                s.promotion_pawns = [t.clone(), t.clone()];
                s.move_rule_types = [t.clone(), t];
            }
        }
        "promotionPawnTypes" | "promotionPawnTypesWhite" | "promotionPawnTypesBlack" => {
            if let Some(t) = s.types(o) {
                for &c in colours(&e.key) {
                    s.promotion_pawns[c] = t.clone();
                }
            }
        }
        "promotionPieceTypes" | "promotionPieceTypesWhite" | "promotionPieceTypesBlack" => {
            if let Some(t) = s.types(o) {
                for &c in colours(&e.key) {
                    s.promotion_choices[c] = t.clone();
                }
            }
        }
        "promotedPieceType" => promoted_types(s, o),
        "promotionLimit" => {
            if let Some(limits) = s.limits(o) {
                s.promotion_limit = limits;
            }
        }
        "soldierPromotionRank" => {
            if let Some(r) = s.number(o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                s.soldier_rank = r as u8;
            }
        }
        _ => return false,
    }
    true
}

/// `promotedPieceType = p:g b:-`: the types named promote to the type
/// given (`-`: no longer promote); the parent's other entries stay.
fn promoted_types(s: &mut State, o: &Origin) {
    let mut pairs = Vec::new();
    for item in o.value.split_whitespace() {
        let pair = item.split_once(':').and_then(|(from, to)| {
            let one = |s: &str| {
                let mut chars = s.chars();
                chars.next().filter(|_| chars.next().is_none())
            };
            // `x:-`: the type no longer promotes.
            let to = match one(to)? {
                '-' => None,
                c => Some(s.slot_of_letter(c)?),
            };
            Some((s.slot_of_letter(one(from)?)?, to))
        });
        match pair {
            Some(p) => pairs.push(p),
            None => {
                s.invalid.push((
                    o.clone(),
                    format!("`{item}` is not `<piece letter>:<piece letter or ->`"),
                ));
                pairs.clear();
                break;
            }
        }
    }
    // Fairy-Stockfish sets the types named and keeps the parent's other
    // entries.
    for (from, to) in pairs {
        match (to, s.promoted_types.iter_mut().find(|(f, _)| *f == from)) {
            (Some(to), Some(entry)) => entry.1 = to,
            (Some(to), None) => s.promoted_types.push((from, to)),
            (None, _) => s.promoted_types.retain(|(f, _)| *f != from),
        }
    }
}
