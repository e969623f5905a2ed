//! Options Fairy-Stockfish sets for each side apart: the pawn types of
//! the move-rule clock (`nMoveRuleTypesWhite/Black`, from `pawn_for`) and
//! the region of initial moves (`doubleStepRegionWhite/Black`, from
//! `initial_ranks` or `initial_squares`).

use super::squares::Board;
use crate::base::square::Color;
use crate::spec::{PieceSpec, SideSpec};
use std::fmt::Write as _;

/// `nMoveRuleTypes`, or `nMoveRuleTypesWhite` and `nMoveRuleTypesBlack`
/// where a pawn is one side's only (`pawn_for`).
pub(super) fn move_rule_types(ini: &mut String, pieces: &[PieceSpec]) {
    let of = |side: SideSpec| -> String {
        let s: String = pieces
            .iter()
            .filter(|p| p.pawn && p.pawn_for.as_ref().is_none_or(|f| f.value == side))
            .map(|p| p.letter.value.to_ascii_lowercase())
            .collect();
        if s.is_empty() { "-".to_string() } else { s }
    };
    if pieces.iter().any(|p| p.pawn && p.pawn_for.is_some()) {
        let _ = writeln!(
            ini,
            "nMoveRuleTypesWhite = {}\nnMoveRuleTypesBlack = {}",
            of(SideSpec::White),
            of(SideSpec::Black)
        );
    } else {
        let _ = writeln!(ini, "nMoveRuleTypes = {}", of(SideSpec::White));
    }
}

/// How the pieces with initial moves (`i`) have them.
pub(super) struct Initial {
    /// The ranks of those with `initial_ranks` or found in the start
    /// position (from White's side), if any.
    pub ranks: Option<Vec<i64>>,
    /// Whether a piece no position holds has them (kaboom's default ranks).
    pub absent: bool,
}

/// `doubleStep` and `doubleStepRegionWhite/Black`: the shared ranks, or
/// the region the pieces' `initial_squares` name (each side's squares);
/// the reasons Fairy-Stockfish's one region cannot say it go to `why`.
pub(super) fn initial_moves(ini: &mut String, why: &mut Vec<String>, i: &Initial, pieces: &[PieceSpec], b: &Board<'_>) {
    let mut names: Vec<&str> = pieces
        .iter()
        .filter_map(|p| p.initial_squares.as_ref().map(|s| s.value.as_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    let region = match names.as_slice() {
        [] => None,
        [name] => match (&i.ranks, region_squares(b, name)) {
            (None, Some(sides)) => Some(sides),
            (Some(_), _) => {
                why.push(
                    "initial moves on ranks beside initial moves on squares (`initial_squares`): \
                     Fairy-Stockfish has one region"
                        .to_string(),
                );
                return;
            }
            (None, None) => {
                why.push(format!("initial moves on the region `{name}`, not fixed squares"));
                return;
            }
        },
        _ => {
            why.push("initial moves on several regions (`initial_squares`): Fairy-Stockfish has one".to_string());
            return;
        }
    };
    let (white, black) = match (region, &i.ranks) {
        (Some(sides), _) => sides,
        (None, Some(r)) => (super::rank_list(r, false, b.ranks), super::rank_list(r, true, b.ranks)),
        // Only pieces no position holds have initial moves: Fairy-Stockfish's
        // default region, which the importer leaves at kaboom's default.
        (None, None) if i.absent => ("*2".to_string(), "*7".to_string()),
        (None, None) => {
            let _ = writeln!(ini, "doubleStep = false");
            return;
        }
    };
    let _ = writeln!(
        ini,
        "doubleStep = true\ndoubleStepRegionWhite = {white}\ndoubleStepRegionBlack = {black}"
    );
}

/// The region `name`'s squares for White and for Black, each read from
/// its owner's side, as Fairy-Stockfish regions.
fn region_squares(b: &Board<'_>, name: &str) -> Option<(String, String)> {
    let region = b.regions.iter().find(|r| r.name.value == name)?;
    let side = |color: Color, text: Option<&String>| {
        let text = region.squares.as_ref().map(|s| &s.value).or(text)?;
        b.eval_text(text, color).map(|bits| b.fsf(bits))
    };
    Some((
        side(Color::White, region.white.as_ref().map(|s| &s.value))?,
        side(Color::Black, region.black.as_ref().map(|s| &s.value))?,
    ))
}
