//! The promotion rule as Fairy-Stockfish's options: the pawns' types,
//! choices and region (whole ranks, or each side's squares where the rule
//! promotes on a set, `squares`), the limits, and whether it is
//! compulsory: everywhere (`mandatoryPawnPromotion`), or only where the
//! piece could never move again (`mandatory_ranks`, which the importer
//! writes for `immobilityIllegal`).

use super::squares::Board;
use crate::base::square::Color;
use crate::lang::betza;
use crate::spec::{PromotionSpec, VariantFile};
use std::fmt::Write as _;

/// The promotion rule (Fairy-Stockfish has one for the pawns).
/// Several rules and promoted forms are [`super::piece_promotion_options`]'s.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, file: &VariantFile, board: &Board<'_>) {
    let promotions = file.promotion.as_deref().unwrap_or_default();
    if promotions.iter().any(|p| p.on_quiet) {
        why.push("promotion on moves that capture nothing only (`on_quiet`)".to_string());
    }
    if promotions.iter().any(|p| p.on_capture) {
        why.push("promotion on captures only (`on_capture`)".to_string());
    }
    let Some(pr) = promotions.first() else {
        let _ = writeln!(ini, "promotionPieceTypes = -");
        return;
    };
    let _ = writeln!(ini, "promotionPawnTypes = {}", pr.pieces.value.to_lowercase());
    let _ = writeln!(ini, "promotionPieceTypes = {}", pr.choices.value.to_lowercase());
    region(ini, why, pr, board);
    if let Some(limits) = pr.limits.as_ref().filter(|l| !l.value.is_empty()) {
        let list: Vec<String> = limits
            .value
            .iter()
            .map(|(letter, n)| format!("{}:{n}", letter.to_ascii_lowercase()))
            .collect();
        let _ = writeln!(ini, "promotionLimit = {}", list.join(" "));
    }
    mandatory(ini, why, pr, file, board);
}

/// Whether the pawns' rule `pr` is compulsory: everywhere
/// (`mandatoryPawnPromotion`), or only where the pawns could never move
/// again (`immobilityIllegal`).
pub(super) fn mandatory(
    ini: &mut String,
    why: &mut Vec<String>,
    pr: &PromotionSpec,
    file: &VariantFile,
    board: &Board<'_>,
) {
    let forced: Vec<u32> = pr.ranks.value.iter().copied().filter(|&r| pr.mandatory_on(r)).collect();
    let everywhere = match pr.squares {
        Some(_) => pr.mandatory.unwrap_or(true),
        None => forced.len() == pr.ranks.value.len(),
    };
    if pr.mandatory_ranks.is_none() || forced.is_empty() || everywhere {
        let _ = writeln!(ini, "mandatoryPawnPromotion = {everywhere}");
        return;
    }
    // Compulsory on some ranks only: where the promoting pieces could
    // never move again, which is Fairy-Stockfish's `immobilityIllegal`.
    let pieces = file.pieces.as_deref().unwrap_or_default();
    let stuck: Vec<Vec<u32>> = pr
        .pieces
        .value
        .chars()
        .map(|c| {
            let moves = pieces
                .iter()
                .find(|p| p.letter.value == c)
                .map(|p| p.moves.value.as_str());
            stuck_ranks(moves.unwrap_or_default(), board.files, board.ranks)
        })
        .collect();
    if stuck.iter().all(|s| *s == forced) {
        let _ = writeln!(ini, "mandatoryPawnPromotion = false");
        if !ini.contains("immobilityIllegal = true\n") {
            let _ = writeln!(ini, "immobilityIllegal = true");
        }
    } else {
        why.push(
            "promotion compulsory on some ranks only (`mandatory_ranks`) other than where the piece could \
             never move again (Fairy-Stockfish's `immobilityIllegal`)"
                .to_string(),
        );
    }
}

/// `promotionRegionWhite/Black`: whole ranks mirrored for Black, or each
/// side's squares of `squares`.
fn region(ini: &mut String, why: &mut Vec<String>, pr: &PromotionSpec, board: &Board<'_>) {
    let (white, black) = match &pr.squares {
        None => {
            let rs: Vec<i64> = pr.ranks.value.iter().map(|&r| i64::from(r)).collect();
            (
                super::rank_list(&rs, false, board.ranks),
                super::rank_list(&rs, true, board.ranks),
            )
        }
        Some(set) => match [Color::White, Color::Black].map(|c| board.eval_text(&set.value, c)) {
            [Some(w), Some(b)] => (board.fsf(w), board.fsf(b)),
            _ => {
                why.push(format!(
                    "promotion on the squares `{}`: Fairy-Stockfish's promotion region is fixed squares",
                    set.value
                ));
                return;
            }
        },
    };
    let _ = writeln!(ini, "promotionRegionWhite = {white}\npromotionRegionBlack = {black}");
}

/// The ranks (from 1, the owner's side) where a piece moving by
/// `template` has no plain move on an empty board (its captures and
/// initial moves aside, a hopper's lines counting), as Fairy-Stockfish's
/// `immobilityIllegal` judges it; whole ranks only.
pub(super) fn stuck_ranks(template: &str, files: u32, ranks: u32) -> Vec<u32> {
    let Ok(t) = betza::parse(template) else {
        return Vec::new();
    };
    let (files, ranks) = (files as i32, ranks as i32);
    let moves = |f: i32, r: i32| {
        t.components.iter().any(|c| {
            c.quiet
                && !c.initial
                && c.vectors
                    .iter()
                    .any(|&(dx, dy)| (0..files).contains(&(f + dx)) && (0..ranks).contains(&(r + dy)))
        })
    };
    (0..ranks)
        .filter(|&r| (0..files).all(|f| !moves(f, r)))
        .map(|r| r as u32 + 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::stuck_ranks;

    #[test]
    fn forward_pieces_are_stuck_on_their_last_ranks() {
        assert_eq!(stuck_ranks("fmWfceFifmnD", 10, 10), vec![10]);
        assert_eq!(stuck_ranks("ffN", 9, 9), vec![8, 9]);
        assert_eq!(stuck_ranks("K", 8, 8), Vec::<u32>::new());
    }
}
