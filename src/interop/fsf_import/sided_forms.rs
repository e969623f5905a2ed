//! Promoted forms (`promotedPieceType`) whose promotion region is not
//! whole ranks mirrored for Black: each form's rule on the region with
//! each side's squares, `promotion_zone` (`squares: "promotion_zone"`),
//! moves into, out of or within it promoting (`from_zone`). Promotion is
//! then compulsory on all of it (`mandatoryPiecePromotion`) or on none: a
//! piece that could never move again on some squares (`immobilityIllegal`)
//! needs it compulsory, and those squares inside each side's region.

use super::builtin_pieces::slot_name;
use super::refusal::{Refusal, refuse};
use super::spec_values::{promotion_rule, text};
use super::square_sets::mirror;
use super::state::{Squares, State};
use crate::lang::betza;
use crate::spec::PromotionSpec;

/// The region's name, the one the pawns' rule uses too.
pub(super) const ZONE: &str = "promotion_zone";

/// The rules of the form `letter` of the piece in `slot` (its own rule,
/// and with `pieceDemotion` the one back), or none with a refusal:
/// `sided` is each side's promotion region on the board (`None`: none
/// usable), `immobile` and `templates` per slot as the promotion pass has
/// them.
pub(super) fn rules(
    state: &State,
    sided: Option<[Squares; 2]>,
    (immobile, templates): (&[Squares], &[Option<String>]),
    (slot, letter): (usize, char),
    refusals: &mut Vec<Refusal>,
) -> Vec<PromotionSpec> {
    let Some(regions) = sided else {
        refusals.push(refuse(
            None,
            "regions",
            "the promotion region is not whole ranks mirrored for Black",
        ));
        return Vec::new();
    };
    let compulsory = state.mandatory_piece_promotion;
    let stuck = immobile.get(slot).copied().unwrap_or(0);
    let outside = stuck & !regions[0] != 0 || mirror(stuck, state.files, state.ranks) & !regions[1] != 0;
    if stuck != 0 && (!compulsory || outside) {
        refusals.push(refuse(
            None,
            "regions",
            format!(
                "`{}` could never move again on some squares, and its promotion region is not whole ranks mirrored for Black: promotion would be compulsory on some of its squares only",
                slot_name(slot)
            ),
        ));
        return Vec::new();
    }
    if state.piece_promotion_on_capture && stuck != 0 {
        refusals.push(refuse(
            None,
            "piece promotion rules",
            format!(
                "`{}` promotes on captures only but may not stay as it is on some squares",
                slot_name(slot)
            ),
        ));
        return Vec::new();
    }
    let template = templates[slot].as_deref().unwrap_or_default();
    // Fairy-Stockfish never promotes a capture en passant.
    let en_passant = betza::parse(template).is_ok_and(|t| t.components.iter().any(|c| c.en_passant));
    let base = state.pieces[slot]
        .as_ref()
        .map_or('?', |p| p.letter.to_ascii_uppercase());
    let rule = |pieces: char, choices: char| PromotionSpec {
        squares: Some(text(ZONE)),
        mandatory: Some(compulsory),
        from_zone: true,
        on_capture: state.piece_promotion_on_capture,
        ..promotion_rule(pieces, choices)
    };
    let mut out = vec![PromotionSpec {
        en_passant: !en_passant,
        ..rule(base, letter)
    }];
    if state.piece_demotion {
        out.push(rule(letter, base));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::interop::fsf_import::test_support::{legal, one, variant};

    #[test]
    fn forms_promote_on_a_region_that_differs_between_the_sides() {
        let ini = "[lopsided:chess]\npromotionRegionWhite = *7 *8\npromotionRegionBlack = *1 *2 *3\n\
                   promotionPieceTypes = -\npromotedPieceType = n:c\ncustomPiece1 = c:NW\nmandatoryPiecePromotion = true\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains(r#"squares: "promotion_zone", choices: "#), "{ron}");
        let v = variant(&ron);
        // White's knight from e5 to f7 (its 7th rank) promotes; to d3 it does not.
        let white = legal(&v, "4k3/8/8/4N3/8/8/8/4K3 w - - 0 1");
        assert!(
            white.contains(&"e5f7+".to_string()) && !white.contains(&"e5f7".to_string()),
            "{white:?}"
        );
        // Black's knight from e5 to d3 (its 6th rank, in its zone) promotes.
        let black = legal(&v, "4k3/8/8/4n3/8/8/8/4K3 b - - 0 1");
        assert!(
            black.contains(&"e5d3+".to_string()) && !black.contains(&"e5d3".to_string()),
            "{black:?}"
        );
        assert!(black.contains(&"e5f7".to_string()), "{black:?}");
    }
}
