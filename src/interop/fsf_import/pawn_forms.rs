//! A pawn that promotes both as a pawn (`promotionPawnTypes`, to
//! `promotionPieceTypes`) and to its own promoted form
//! (`promotedPieceType`): Fairy-Stockfish offers both on a move into the
//! zone, the form as one more choice. kaboom says so with one rule for
//! that pawn whose choices are the pawns' and the form's letter.
//!
//! Fairy-Stockfish also promotes a piece that is not its built-in pawn to
//! its form on a move *out of* the zone, which a pawn's rule (into the
//! zone only) cannot say: such a piece, if some plain move takes it out
//! of its zone, is refused.

use super::builtin_pieces::{PAWN, slot_name};
use super::refusal::{Refusal, refuse};
use crate::lang::betza::{self, Reach};

/// The promoted form's part of a pawn's rule on ranks.
pub(super) struct FormChoice {
    /// The form's letter, one more choice.
    pub letter: char,
    /// A limit on the form (`promotionLimit` on the type it moves as).
    pub limit: Option<u32>,
    /// Whether the move must promote: the pawns' `mandatoryPawnPromotion`,
    /// or for a piece that is not the built-in pawn its
    /// `mandatoryPiecePromotion` too.
    pub compulsory: bool,
}

/// What deciding a pawn's form choice reads.
pub(super) struct PawnForm<'a> {
    /// The pawn's slot.
    pub slot: usize,
    /// Its form's letter, if it has one.
    pub form: Option<char>,
    /// Its movement.
    pub template: &'a str,
    /// The zone's ranks, counted from the owner's side.
    pub zone: &'a [u8],
    /// Board ranks.
    pub ranks: u8,
    /// The form's limit (`Ok(None)`: none), or why it cannot be said.
    pub limit: Result<Option<u32>, String>,
}

/// The form choice of the pawn `p` (None when it has no form), or a
/// refusal.
pub(super) fn form_choice(
    state: &super::state::State,
    p: &PawnForm<'_>,
    refusals: &mut Vec<Refusal>,
) -> Option<FormChoice> {
    let letter = p.form?;
    let mut why: Option<String> = None;
    if state.piece_promotion_on_capture {
        why = Some(format!(
            "`{}` promotes both as a pawn and to its promoted form, the latter on captures only",
            slot_name(p.slot)
        ));
    } else if p.slot != PAWN && leaves_zone(p.template, p.zone, p.ranks) {
        why = Some(format!(
            "`{}` promotes both as a pawn and to its promoted form, and may leave the zone (promoting to the form only)",
            slot_name(p.slot)
        ));
    }
    let compulsory = state.mandatory_promotion || (p.slot != PAWN && state.mandatory_piece_promotion);
    let limit = match &p.limit {
        Ok(n) => *n,
        Err(e) => {
            why = Some(e.clone());
            None
        }
    };
    if limit.is_some() && compulsory {
        why = Some(
            "a compulsory piece promotion with a promotion limit: Fairy-Stockfish lets the piece move as it is once the limit is reached"
                .to_string(),
        );
    }
    if let Some(why) = why {
        refusals.push(refuse(None, "piece promotion rules", why));
        return None;
    }
    Some(FormChoice {
        letter,
        limit,
        compulsory,
    })
}

/// Whether some plain move of `template` (not an initial one) takes the
/// piece from one of the `zone` ranks (counted from its owner's side) to a
/// rank outside it, on a board of `ranks` ranks.
fn leaves_zone(template: &str, zone: &[u8], ranks: u8) -> bool {
    let Ok(t) = betza::parse(template) else { return true };
    t.components.iter().filter(|c| !c.initial).any(|c| {
        let steps = match c.reach {
            Reach::Leap => 1,
            Reach::Ride { max } => i32::from(max.unwrap_or(ranks)),
        };
        c.vectors.iter().any(|&(_, dy)| {
            zone.iter().any(|&r| {
                (1..=steps).any(|k| {
                    let to = i32::from(r) + dy * k;
                    (1..=i32::from(ranks)).contains(&to) && !u8::try_from(to).is_ok_and(|to| zone.contains(&to))
                })
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forward_and_sideways_steps_stay_on_the_last_rank() {
        assert!(!leaves_zone("fsW", &[10], 10));
        assert!(!leaves_zone("fKifmnD", &[10], 10));
        assert!(leaves_zone("K", &[10], 10));
        // Within a deeper zone, a backward step out of its first rank leaves it.
        assert!(leaves_zone("bW", &[8, 9, 10], 10));
        assert!(!leaves_zone("fsW", &[8, 9, 10], 10));
    }
}
