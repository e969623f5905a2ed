//! Movement options: double and triple steps and their regions, en
//! passant, mobility regions, `diagonalLines`, which moves reset the move
//! rule, compulsory captures, checks, and facing kings.

use super::{Entry, MAX_RANKS, Origin, Setter, State, colours, rank_squares};

/// The yes/no movement options and the field each sets.
const FLAGS: &[Setter<bool>] = &[
    ("doubleStep", |s| &mut s.double_step),
    ("mustCapture", |s| &mut s.must_capture),
    ("checking", |s| &mut s.checking),
    ("flyingGeneral", |s| &mut s.flying_general),
    ("bikjangRule", |s| &mut s.bikjang),
];

/// Applies `e` if it is a movement option (false if it is not one).
pub(super) fn apply(s: &mut State, e: &Entry, o: &Origin) -> bool {
    if s.apply_flag(FLAGS, e, o) {
        return true;
    }
    let key = e.key.as_str();
    match key {
        "makpongRule" => {
            if let Some(on) = s.boolean(o) {
                s.makpong = on.then(|| o.clone());
            }
        }
        "nMoveRuleTypes" | "nMoveRuleTypesWhite" | "nMoveRuleTypesBlack" => {
            if let Some(t) = s.types(o) {
                for &c in colours(key) {
                    s.move_rule_types[c] = t.clone();
                }
            }
        }
        "doubleStepRegionWhite" | "doubleStepRegionBlack" => {
            if let Some(sq) = s.squares(o) {
                s.double_step_region[usize::from(key.ends_with("Black"))] = sq;
            }
        }
        "doubleStepRank" => {
            if let Some(r) = s.number(o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                let r = r as u8 - 1;
                s.double_step_region = [rank_squares(r), rank_squares(s.ranks.saturating_sub(r + 1))];
            }
        }
        "tripleStepRegionWhite" | "tripleStepRegionBlack" => {
            if let Some(sq) = s.squares(o) {
                s.triple_step_region[usize::from(key.ends_with("Black"))] = sq;
            }
        }
        "enPassantRegion" | "enPassantRegionWhite" | "enPassantRegionBlack" => {
            if let Some(r) = s.squares(o) {
                for &c in colours(key) {
                    s.en_passant_region[c] = Some(r);
                }
            }
        }
        "diagonalLines" => {
            if let Some(sq) = s.squares(o) {
                s.diagonal_lines = sq;
            }
        }
        _ if key.starts_with("mobilityRegionWhite") || key.starts_with("mobilityRegionBlack") => mobility(s, e, o),
        _ => return false,
    }
    true
}

/// `mobilityRegionWhite<Piece>`, `mobilityRegionBlack<Piece>`: the squares
/// a built-in piece type may go to (other pieces' are not read).
fn mobility(s: &mut State, e: &Entry, o: &Origin) {
    let key = e.key.as_str();
    let colour = usize::from(key.starts_with("mobilityRegionBlack"));
    let name = &key["mobilityRegionWhite".len()..];
    let mut chars = name.chars();
    let name: String = chars
        .next()
        .map(|c| c.to_ascii_lowercase())
        .into_iter()
        .chain(chars)
        .collect();
    match super::super::builtin_pieces::slot_of(&name) {
        Some(slot) if e.value.is_empty() || e.value == "-" => {
            s.mobility[slot][colour] = None;
            s.unsupported.remove(key);
        }
        Some(slot) => {
            if let Some(sq) = s.squares(o) {
                s.mobility[slot][colour] = Some(sq);
            }
        }
        None => {
            s.unsupported.insert(key.to_string(), o.clone());
        }
    }
}
