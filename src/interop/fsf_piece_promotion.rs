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

use super::fsf_convert::{Refusal, full_ranks, refuse, ron_string};
use super::fsf_pieces::{king_index, slot_name};
use super::fsf_state::{Squares, State, square};
use crate::lang::betza::{self, Hop};
use std::fmt::Write as _;

/// Writes a piece line for each promoted form and returns (the slot that
/// promotes, the form's letter).
pub(super) fn promoted_forms(
    state: &State,
    templates: &[Option<String>],
    pieces: &mut String,
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
        } else if templates[to].is_none() {
            Some(format!(
                "`{}` promotes to `{}`, whose moves kaboom could not convert",
                slot_name(from),
                slot_name(to)
            ))
        } else if state.promotion_limit.iter().any(|&(slot, n)| slot == to && n > 0) {
            Some(format!(
                "a promotion limit counts `{}`, which promoted pieces become",
                slot_name(to)
            ))
        } else {
            None
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
        let _ = writeln!(
            pieces,
            "        (letter: '{letter}', name: {}, moves: {}, promoted_from: '{}'),",
            ron_string(&format!("promoted {}", slot_name(from))),
            ron_string(templates[to].as_deref().unwrap_or_default()),
            base.letter.to_ascii_uppercase()
        );
        out.push((from, letter));
    }
    out
}

/// Per slot, White's squares where the piece could never move again when
/// `immobilityIllegal` holds (else none). A piece with such squares that
/// does not promote (is not in `promoting`), or whose squares lie outside
/// the promotion zone `zone` (White's), is refused.
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
        if !promoting.contains(&slot) || stuck & !zone != 0 {
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
/// promote because they could never move there, as a list: `Some("")` for
/// none; `None` (with a refusal) when they are not whole ranks or differ
/// between the pieces of one rule.
pub(super) fn forced_ranks(
    slots: &[usize],
    immobile: &[Squares],
    files: u8,
    ranks: u8,
    refusals: &mut Vec<Refusal>,
) -> Option<String> {
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
    let list: Vec<String> = whole.unwrap_or_default().iter().map(u8::to_string).collect();
    Some(list.join(", "))
}

/// The squares, seen from White, from which a piece moving by `template`
/// has no plain move on an empty board of `files` x `ranks` (none when the
/// template does not read).
pub(super) fn immobile_squares(template: &str, files: u8, ranks: u8) -> Squares {
    let Ok(t) = betza::parse(template) else { return 0 };
    let mut out = 0;
    for r in 0..ranks {
        for f in 0..files {
            let moves = t.components.iter().any(|c| {
                c.quiet
                    && !c.initial
                    && c.hop == Hop::None
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
    use crate::interop::fsf_state::rank_squares;

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
        // A pawn's captures and initial double step do not count.
        assert_eq!(immobile_squares("fmWfceFifmnD", 8, 8), rank_squares(7) & board(8, 8));
    }
}
