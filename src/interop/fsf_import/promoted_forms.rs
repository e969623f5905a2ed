//! Fairy-Stockfish's piece promotion and immobility as kaboom data.
//!
//! `promotedPieceType = p:g b:h`: each piece named becomes, on promotion,
//! a promoted form of its own (`promoted_from`), which moves as the piece
//! named and is written `+P` in a FEN, as Fairy-Stockfish writes it.
//!
//! `immobilityIllegal`: no move or drop may leave a piece on a square from
//! which it could never move again, judged on an empty board by the
//! piece's plain moves (not its captures, initial moves or hops). Such
//! squares become ranks where the piece must promote, and leave the
//! piece's drop zone; a piece that cannot promote there is refused.

use super::builtin_pieces::{PAWN, king_index, slot_name};
use super::refusal::{Refusal, refuse};
use super::spec_values::{limits, promotion_rule, ranks_list};
use super::square_sets::full_ranks;
use super::state::{Squares, State, square};
use crate::lang::betza::{self, Reach};
use crate::spec::{PieceSpec, PromotionSpec, Spanned};

/// Pushes a piece entry for each promoted form and returns (the slot that
/// promotes, the form's letter).
pub(super) fn promoted_forms(
    state: &State,
    templates: &[Option<String>],
    pieces: &mut Vec<PieceSpec>,
    refusals: &mut Vec<Refusal>,
) -> Vec<(usize, char)> {
    let mut used: Vec<char> = state
        .pieces
        .iter()
        .flatten()
        .map(|p| p.letter.to_ascii_uppercase())
        .collect();
    let mut out = Vec::new();
    for &(from, to) in &state.promoted_types {
        let Some(base) = state.pieces[from].as_ref() else {
            continue;
        };
        let why = if from == king_index() {
            Some("the royal piece promotes".to_string())
        } else if state
            .promoted_types
            .iter()
            .any(|&(f, _)| f == to && state.pieces[f].is_some())
        {
            Some(format!(
                "`{}` promotes, and so would the pieces promoted to it",
                slot_name(to)
            ))
        } else if templates[to].is_none() {
            Some(format!(
                "`{}` promotes to `{}`, whose moves kaboom could not convert",
                slot_name(from),
                slot_name(to)
            ))
        } else if let Err(why) = form_limit(state, from, to) {
            Some(why)
        } else {
            names_type(state, to).map(|option| {
                format!(
                    "`{option}` names `{}`, which promoted pieces become: Fairy-Stockfish applies it to them too",
                    slot_name(to)
                )
            })
        };
        if let Some(why) = why {
            refusals.push(refuse(None, "piece promotion rules", why));
            continue;
        }
        let Some(letter) = ('A'..='Z').find(|c| !used.contains(c)) else {
            refusals.push(refuse(
                None,
                "piece promotion rules",
                "no piece letter is left for a promoted form",
            ));
            continue;
        };
        used.push(letter);
        // Options on the type promoted to that apply to its forms too.
        pieces.push(PieceSpec {
            letter: Spanned::unplaced(letter),
            name: Spanned::unplaced(format!("promoted {}", slot_name(from))),
            moves: Spanned::unplaced(templates[to].clone().unwrap_or_default()),
            promoted_from: Some(Spanned::unplaced(base.letter.to_ascii_uppercase())),
            within: super::form_fields::form_within(state, to, true)
                .ok()
                .flatten()
                .map(Spanned::unplaced),
            royal: super::royal_forms::form_royalty(state, to) == Some(super::royal_forms::FormRoyalty::Throughout),
            ..PieceSpec::default()
        });
        out.push((from, letter));
    }
    out
}

/// The limit on the promoted form of `from`, which moves as `to`, from a
/// `promotionLimit` on `to`: Fairy-Stockfish counts the pieces of type
/// `to`, which are the promoted forms when no piece of `to` can stand on
/// the board otherwise (none in the start position or a hand, not a pawn's
/// promotion choice, no other piece promoting to it). The built-in pawn's
/// promotion to its form is never limited in Fairy-Stockfish.
pub(super) fn form_limit(state: &State, from: usize, to: usize) -> Result<Option<u32>, String> {
    let Some(&(_, n)) = state.promotion_limit.iter().find(|&&(slot, n)| slot == to && n > 0) else {
        return Ok(None);
    };
    if from == PAWN {
        return Ok(None);
    }
    let shared = state.promoted_types.iter().filter(|&&(_, t)| t == to).count() > 1;
    if plain_possible(state, to) || shared {
        return Err(format!(
            "a promotion limit counts `{}`, which promoted pieces become and other pieces are",
            slot_name(to)
        ));
    }
    Ok(Some(n))
}

/// The option, if any, whose rule names the piece type `slot` and so, in
/// Fairy-Stockfish, applies to the promoted pieces of that type too
/// (extinction, flag, move rule, mobility region, pawn promotion, doubled
/// drops), where kaboom's rule would name the plain piece only. (Castling
/// pieces do not count: a right is lost once a move touches its squares,
/// so no promoted piece ever castles.)
fn names_type(state: &State, slot: usize) -> Option<&'static str> {
    let named = |t: &super::state::Types| t.slots.contains(&slot);
    if named(&state.extinction_types) && super::royal_forms::form_royalty(state, slot).is_none() {
        Some("extinctionPieceTypes")
    } else if state.move_rule_types.iter().any(|t| t.all || named(t)) {
        Some("nMoveRuleTypes")
    } else if super::form_fields::form_within(state, slot, true).is_err() {
        Some("mobilityRegion")
    } else if state.promotion_pawns.iter().any(|t| t.all || named(t)) {
        Some("promotionPawnTypes")
    } else if state.drop_no_doubled == Some(slot) {
        Some("dropNoDoubled")
    } else {
        None
    }
}

/// Whether a piece of type `slot` can stand on the board as itself, not
/// promoted: it is in the start position or a hand (not after `+`), a
/// pawn's promotion may choose it, or it is the royal piece.
fn plain_possible(state: &State, slot: usize) -> bool {
    let Some(letter) = state.pieces[slot].as_ref().map(|p| p.letter) else {
        return false;
    };
    let mut plain = false;
    let mut after_plus = false;
    for c in state.start_fen.split(' ').next().unwrap_or_default().chars() {
        plain |= !after_plus && c.eq_ignore_ascii_case(&letter);
        after_plus = c == '+';
    }
    let pawns = (0..2).any(|c| {
        let t = &state.promotion_pawns[c];
        let has_pawn = (0..state.pieces.len()).any(|s| state.pieces[s].is_some() && (t.all || t.slots.contains(&s)));
        has_pawn && (state.promotion_choices[c].all || state.promotion_choices[c].slots.contains(&slot))
    });
    plain || pawns || slot == king_index()
}

/// The promotion targets (`promotedPieceType`) no piece can be without
/// promoting: written as their promoted forms only, which frees their
/// letters. A target that promotes itself, or that an option names, is
/// kept (and refused by [`promoted_forms`]).
pub(super) fn never_plain(state: &State) -> Vec<usize> {
    let mut out: Vec<usize> = state
        .promoted_types
        .iter()
        .map(|&(_, to)| to)
        .filter(|&to| {
            !plain_possible(state, to)
                && !state.promoted_types.iter().any(|&(from, _)| from == to)
                && names_type(state, to).is_none()
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// `state` without the pieces of `slots`.
pub(super) fn without(state: &State, slots: &[usize]) -> State {
    let mut out = state.clone();
    for &s in slots {
        out.pieces[s] = None;
    }
    out
}

/// What the promotion rules of the promoted forms depend on.
pub(super) struct FormZone<'a> {
    /// (the slot that promotes, its form's letter).
    pub forms: &'a [(usize, char)],
    /// Slots that promote by the pawns' rule (`promotionPieceTypes`).
    pub pawn_slots: &'a [usize],
    /// Pawn slots whose pawns' rule offers their form too (or refused it).
    pub merged: &'a [usize],
    /// Whether the pawns' rule exists.
    pub pawn_rule: bool,
    /// The promotion ranks counted from each owner's side, when they are
    /// whole ranks mirrored for Black.
    pub zone: Option<&'a [u8]>,
    /// Each side's promotion region on the board, when it is not whole
    /// ranks mirrored (the forms' rules then go on `promotion_zone`).
    pub sided: Option<[Squares; 2]>,
    /// Per slot, White's squares where the piece could never move again.
    pub immobile: &'a [Squares],
    /// Each converted piece's movement, by slot.
    pub templates: &'a [Option<String>],
    /// Ranks (from the owner's side) where `i` moves are allowed.
    pub initial_ranks: Option<&'a [u8]>,
    /// Board files.
    pub files: u8,
    /// Board ranks.
    pub ranks: u8,
}

/// A promotion rule per promoted form: the piece becomes its form on a
/// move into, out of or within the zone (`from_zone`); compulsory with
/// `mandatoryPiecePromotion` (`mandatoryPawnPromotion` for the built-in
/// pawn, which Fairy-Stockfish moves by its pawn rules), else where the
/// piece could never move again; on captures only with
/// `piecePromotionOnCapture` (`on_capture`). With `pieceDemotion` the form
/// has a rule of its own back to its piece, under the same conditions.
pub(super) fn form_rules(state: &State, z: &FormZone<'_>, refusals: &mut Vec<Refusal>) -> Vec<PromotionSpec> {
    let mut rules = Vec::new();
    if state.piece_demotion && z.pawn_rule && !z.forms.is_empty() {
        refusals.push(refuse(
            None,
            "piece promotion rules",
            "pieces promoted from pawns would turn back into pawns (`pieceDemotion`)",
        ));
    }
    for &(slot, letter) in z.forms {
        if z.merged.contains(&slot) {
            continue;
        }
        if z.pawn_slots.contains(&slot) {
            refusals.push(refuse(
                None,
                "piece promotion rules",
                format!("`{}` promotes both as a pawn and to its promoted form", slot_name(slot)),
            ));
            continue;
        }
        let Some(zone) = z.zone else {
            let per_slot = (z.immobile, z.templates);
            rules.extend(super::sided_forms::rules(
                state,
                z.sided,
                per_slot,
                (slot, letter),
                refusals,
            ));
            continue;
        };
        let template = z.templates[slot].as_deref().unwrap_or_default();
        // Fairy-Stockfish never promotes a capture en passant.
        let en_passant = en_passant_into(template, z.templates, z.initial_ranks, zone, z.ranks);
        let stuck = z.immobile.get(slot).copied().unwrap_or(0) != 0;
        let compulsory = if slot == PAWN {
            state.mandatory_promotion
        } else {
            state.mandatory_piece_promotion
        };
        if state.piece_promotion_on_capture && (stuck || (slot == PAWN && compulsory)) {
            refusals.push(refuse(
                None,
                "piece promotion rules",
                format!(
                    "`{}` promotes on captures only but may not stay as it is on some squares: Fairy-Stockfish then has no quiet move there",
                    slot_name(slot)
                ),
            ));
        }
        let forced = forced_ranks(&[slot], z.immobile, z.files, z.ranks, refusals);
        let (mandatory, mandatory_ranks) = match forced {
            _ if compulsory => (Some(true), None),
            Some(list) if !list.is_empty() => (None, Some(ranks_list(&list))),
            _ => (Some(false), None),
        };
        let to = state
            .promoted_types
            .iter()
            .find(|&&(f, _)| f == slot)
            .map_or(slot, |&(_, t)| t);
        let limit = form_limit(state, slot, to).ok().flatten();
        if compulsory && limit.is_some() {
            refusals.push(refuse(
                None,
                "piece promotion rules",
                "a compulsory piece promotion with a promotion limit: Fairy-Stockfish lets the piece move as it is once the limit is reached",
            ));
        }
        let base = state.pieces[slot]
            .as_ref()
            .map_or('?', |p| p.letter.to_ascii_uppercase());
        // Fairy-Stockfish promotes a piece on a move into, out of or within the zone.
        rules.push(PromotionSpec {
            ranks: ranks_list(zone),
            mandatory,
            mandatory_ranks,
            from_zone: true,
            on_capture: state.piece_promotion_on_capture,
            en_passant: !en_passant,
            limits: limits(limit.map(|n| (letter, n)).into_iter().collect()),
            ..promotion_rule(base, letter)
        });
        if state.piece_demotion {
            if state.immobility_illegal && stuck {
                refusals.push(refuse(
                    None,
                    "piece promotion rules",
                    format!(
                        "the promoted `{}` may turn back into a piece that could never move again on some squares",
                        slot_name(slot)
                    ),
                ));
            }
            rules.push(PromotionSpec {
                ranks: ranks_list(zone),
                mandatory: Some(state.mandatory_piece_promotion),
                from_zone: true,
                on_capture: state.piece_promotion_on_capture,
                ..promotion_rule(letter, base)
            });
        }
    }
    rules
}

/// Whether a piece moving by `template` may capture en passant onto one of
/// the promotion ranks `zone` (counted from its owner's side): some
/// piece's initial (`i`) move from `initial_ranks` passes such a rank,
/// seen from the other side. Fairy-Stockfish never promotes an en passant
/// capture; kaboom does unless the rule says `en_passant: false`.
pub(super) fn en_passant_into(
    template: &str,
    templates: &[Option<String>],
    initial_ranks: Option<&[u8]>,
    zone: &[u8],
    ranks: u8,
) -> bool {
    let captures_ep = betza::parse(template).is_ok_and(|t| t.components.iter().any(|c| c.en_passant));
    if !captures_ep {
        return false;
    }
    let starts = initial_ranks.unwrap_or_default();
    templates
        .iter()
        .flatten()
        .filter_map(|t| betza::parse(t).ok())
        .any(|t| {
            t.components.iter().filter(|c| c.initial && c.quiet).any(|c| {
                let steps = match c.reach {
                    Reach::Leap => 1,
                    Reach::Ride { max } => i32::from(max.unwrap_or(ranks)),
                };
                c.vectors.iter().any(|&(_, dy)| {
                    let far = dy.abs() * steps;
                    // The passed ranks, from the mover's side, then the captor's.
                    starts.iter().any(|&r| {
                        (1..far).any(|k| {
                            let passed = i32::from(r) + k;
                            let seen = i32::from(ranks) + 1 - passed;
                            u8::try_from(seen).is_ok_and(|s| zone.contains(&s))
                        })
                    })
                })
            })
        })
}

/// Per slot, White's squares where the piece could never move again when
/// `immobilityIllegal` holds (else none). A piece with such squares that
/// one of its moves reaches and that does not promote (is not in
/// `promoting`), or whose such squares lie outside the promotion zone
/// `zone` (White's), is refused.
pub(super) fn immobility(
    state: &State,
    templates: &[Option<String>],
    promoting: &[usize],
    zone: Squares,
    files: u8,
    ranks: u8,
    refusals: &mut Vec<Refusal>,
) -> Vec<Squares> {
    let mut out = vec![0; templates.len()];
    if !state.immobility_illegal {
        return out;
    }
    for (slot, template) in templates.iter().enumerate() {
        let Some(template) = template else { continue };
        let stuck = immobile_squares(template, files, ranks);
        if stuck == 0 {
            continue;
        }
        // Squares no move of the piece reaches matter for drops only (a
        // piece that never moves is never stuck by a move).
        let reached = stuck & reachable_squares(template, files, ranks);
        if reached != 0 && (!promoting.contains(&slot) || reached & !zone != 0) {
            refusals.push(refuse(
                None,
                "moves to squares a piece can never leave",
                format!(
                    "`{}` could never move again from some squares, and does not promote on all of them",
                    slot_name(slot)
                ),
            ));
        }
        out[slot] = stuck;
    }
    out
}

/// The ranks (from 1, the owner's side) where the pieces of `slots` must
/// promote because they could never move there: `Some` empty for none; `None` (with a refusal) when they are not whole ranks or differ
/// between the pieces of one rule.
pub(super) fn forced_ranks(
    slots: &[usize],
    immobile: &[Squares],
    files: u8,
    ranks: u8,
    refusals: &mut Vec<Refusal>,
) -> Option<Vec<u8>> {
    let mut sets = slots.iter().map(|&s| immobile.get(s).copied().unwrap_or(0));
    let first = sets.next().unwrap_or(0);
    let whole = full_ranks(first, files, ranks);
    if sets.any(|s| s != first) || whole.is_none() {
        refusals.push(refuse(
            None,
            "moves to squares a piece can never leave",
            "pieces of one promotion rule could never move again on different squares, or not on whole ranks",
        ));
        return None;
    }
    whole
}

/// The squares, seen from White, that some move of `template` (any kind:
/// quiet, capture, initial) reaches from some square of an empty board of
/// `files` x `ranks` (every square when the template does not read).
fn reachable_squares(template: &str, files: u8, ranks: u8) -> Squares {
    let Ok(t) = betza::parse(template) else {
        return !0;
    };
    let mut out = 0;
    for c in &t.components {
        let steps = match c.reach {
            Reach::Leap => 1,
            Reach::Ride { max } => i32::from(max.unwrap_or(files.max(ranks))),
        };
        for r in 0..i32::from(ranks) {
            for f in 0..i32::from(files) {
                for &(dx, dy) in &c.vectors {
                    for k in 1..=steps {
                        let (tf, tr) = (f + dx * k, r + dy * k);
                        if (0..i32::from(files)).contains(&tf) && (0..i32::from(ranks)).contains(&tr) {
                            out |= square(tf as u8, tr as u8);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The squares, seen from White, from which a piece moving by `template`
/// has no plain move on an empty board of `files` x `ranks` (none when the
/// template does not read). A hopper's quiet moves count as its lines on
/// the empty board, as Fairy-Stockfish counts them (`PseudoMoves`: the
/// hopper's range, screens or not).
pub(super) fn immobile_squares(template: &str, files: u8, ranks: u8) -> Squares {
    let Ok(t) = betza::parse(template) else { return 0 };
    let mut out = 0;
    for r in 0..ranks {
        for f in 0..files {
            let moves = t.components.iter().any(|c| {
                c.quiet
                    && !c.initial
                    && c.vectors.iter().any(|&(dx, dy)| {
                        let (tf, tr) = (i32::from(f) + dx, i32::from(r) + dy);
                        (0..i32::from(files)).contains(&tf) && (0..i32::from(ranks)).contains(&tr)
                    })
            });
            if !moves {
                out |= square(f, r);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::fsf_import::state::rank_squares;

    fn board(files: u8, ranks: u8) -> Squares {
        (0..ranks).fold(0, |a, r| a | (0..files).fold(0, |b, f| b | square(f, r)))
    }

    #[test]
    fn forward_steppers_and_jumpers_are_stuck_on_the_last_ranks() {
        let (files, ranks) = (9, 9);
        let last = |n: u8| (ranks - n..ranks).fold(0, |a, r| a | rank_squares(r)) & board(files, ranks);
        assert_eq!(immobile_squares("fW", files, ranks), last(1));
        assert_eq!(immobile_squares("fR", files, ranks), last(1));
        assert_eq!(immobile_squares("ffN", files, ranks), last(2));
        assert_eq!(immobile_squares("WfF", files, ranks), 0);
        // A hopper moves along its lines, whatever screens it needs.
        assert_eq!(immobile_squares("pR", files, ranks), 0);
        assert_eq!(immobile_squares("fpR", files, ranks), last(1));
        // A pawn's captures and initial double step do not count.
        assert_eq!(immobile_squares("fmWfceFifmnD", 8, 8), rank_squares(7) & board(8, 8));
    }

    #[test]
    fn a_piece_without_moves_reaches_no_square() {
        assert_eq!(reachable_squares("", 10, 10), 0);
        assert_eq!(reachable_squares("fW", 9, 9), board(9, 9) & !rank_squares(0));
        assert_eq!(reachable_squares("K", 9, 9), board(9, 9));
    }

    #[test]
    fn en_passant_lands_where_the_double_step_passes() {
        let pawn = "fmWfceFifmnD".to_string();
        let templates = [Some(pawn.clone()), Some("N".to_string())];
        // Double steps from the 2nd rank pass the 3rd: White captures onto
        // its 6th rank on an 8-rank board.
        assert!(en_passant_into(&pawn, &templates, Some(&[2]), &[6, 7, 8], 8));
        assert!(!en_passant_into(&pawn, &templates, Some(&[2]), &[7, 8], 8));
        // A piece that captures no piece en passant never lands there.
        assert!(!en_passant_into("N", &templates, Some(&[2]), &[6, 7, 8], 8));
        // No initial moves: no en passant.
        assert!(!en_passant_into(&pawn, &templates[1..], Some(&[2]), &[6, 7, 8], 8));
    }
}
