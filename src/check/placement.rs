//! Placements (`place(WHO, WHERE, ...)`, docs/effects.md, Placement)
//! resolved and checked: a new piece names one kind of one side, and the
//! words that read the captured piece (`captured`, `home of captured`,
//! `capture`) stand only in `on capture` rules.

use super::checker::Checker;
use super::resolve::{Resolved, Resolver};
use crate::lang::effect_syntax::{Effect, HomeOf, PlaceWhere, PlaceWho, Placement, SideFilter, Trigger};
use crate::spec::Spanned;

impl Resolver<'_, '_> {
    /// A placement, its new piece's letter resolved.
    pub(super) fn placement(&mut self, p: &Placement) -> Option<Placement<Resolved>> {
        let who = match &p.who {
            PlaceWho::Captured(span) => PlaceWho::Captured(span.clone()),
            PlaceWho::Mover => PlaceWho::Mover,
            PlaceWho::New(side, kinds) => {
                let letters = kinds.as_ref().map_or(&[][..], |k| &k.letters[..]);
                if letters.len() != 1 || *side == SideFilter::Any {
                    let span = letters
                        .first()
                        .map_or(0..0, |(_, s)| s.start..letters.last().map_or(s.end, |l| l.1.end));
                    let at = self.c.inside(self.text, span);
                    self.c.error(
                        "a new piece is one kind of one side",
                        at,
                        "name one side (`own`, `enemy`, `white`, `black`) and one letter: `place(own P, origin)`",
                    );
                    return None;
                }
                PlaceWho::New(*side, self.kinds(kinds)?)
            }
        };
        let becomes = match &p.becomes {
            Some((to, span)) => Some((self.kind_change(to, span)?, span.clone())),
            None => None,
        };
        Some(Placement {
            who,
            becomes,
            at: self.place_where(&p.at)?,
            occupied: p.occupied,
            royal: p.royal,
            promote: p.promote,
            may: p.may,
        })
    }

    fn place_where(&mut self, w: &PlaceWhere) -> Option<PlaceWhere<Resolved>> {
        Some(match w {
            PlaceWhere::Home { of, mirror, rank } => PlaceWhere::Home {
                of: *of,
                mirror: *mirror,
                rank: *rank,
            },
            PlaceWhere::Reflect(inner) => PlaceWhere::Reflect(Box::new(self.place_where(inner)?)),
            PlaceWhere::Shift(inner, f, r) => PlaceWhere::Shift(Box::new(self.place_where(inner)?), *f, *r),
            PlaceWhere::CaptureSquare => PlaceWhere::CaptureSquare,
            PlaceWhere::Set(s) => PlaceWhere::Set(self.set(s)?),
            PlaceWhere::Chosen(s) => PlaceWhere::Chosen(self.set(s)?),
        })
    }
}

/// Whether a placement's square reads the captured piece.
fn reads_capture(w: &PlaceWhere) -> bool {
    match w {
        PlaceWhere::Home { of, .. } => *of == HomeOf::Captured,
        PlaceWhere::Reflect(inner) | PlaceWhere::Shift(inner, ..) => reads_capture(inner),
        PlaceWhere::CaptureSquare => true,
        PlaceWhere::Set(_) | PlaceWhere::Chosen(_) => false,
    }
}

/// Reports each placement of `effects` that reads the captured piece
/// where no piece was captured: outside an `on capture` rule (`trigger`
/// `None` for an action's effect).
pub(super) fn check_placements(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    effects: &[Effect],
    trigger: Option<Trigger>,
) {
    if trigger == Some(Trigger::Capture) {
        return;
    }
    for effect in effects {
        let Effect::Place(p) = effect else { continue };
        let where_ = if trigger.is_some() { "this rule" } else { "an action" };
        if let PlaceWho::Captured(span) = &p.who {
            let at = c.inside(text, span.clone());
            c.error(
                format!(
                    "`captured` names the piece a move captured, and {where_} fires after moves that capture nothing"
                ),
                at,
                "place the captured piece in an `on capture` rule: `on capture: place(captured, home)`",
            );
        } else if reads_capture(&p.at) {
            c.error(
                format!("the square `capture` and `home of captured` read the piece a move captured, and {where_} fires after moves that capture nothing"),
                text.location.clone(),
                "use them in an `on capture` rule",
            );
        }
    }
}

/// The set a placement's square is read from, if it names one.
pub(super) fn place_set<P: crate::lang::effect_syntax::Phase>(
    w: &PlaceWhere<P>,
) -> Option<&crate::lang::effect_syntax::SetExpr<P>> {
    match w {
        PlaceWhere::Reflect(inner) | PlaceWhere::Shift(inner, ..) => place_set(inner),
        PlaceWhere::Set(s) | PlaceWhere::Chosen(s) => Some(s),
        PlaceWhere::Home { .. } | PlaceWhere::CaptureSquare => None,
    }
}

/// Reports a `may place` whose square is not chosen (there is nothing to
/// decline but the placement itself: write the square `chosen`) and one
/// that is not the last effect of its rule; returns whether the rule ends
/// with a `may place` (so no choice may come after it).
pub(super) fn check_may_place(c: &mut Checker<'_>, text: &Spanned<String>, effects: &[Effect]) -> bool {
    let mut ends = false;
    for (i, effect) in effects.iter().enumerate() {
        let Effect::Place(p) = effect else { continue };
        if !p.may {
            continue;
        }
        if !matches!(p.at, PlaceWhere::Chosen(_)) {
            c.error(
                "`may place` lets the mover choose the square or decline, and this placement's square is not chosen",
                text.location.clone(),
                "let the mover choose the square: `may place(captured, chosen empty)`; without `may`, a fixed square is placed on whenever it can be",
            );
        } else if i + 1 != effects.len() {
            c.error(
                "`may place` must be the last effect of its rule: the mover may decline it, so no choice may follow",
                text.location.clone(),
                "write it last: `on capture: ...; may place(captured, chosen empty)`",
            );
        } else {
            ends = true;
        }
    }
    ends
}

/// What the check of choices after `may place` reads of one rule.
pub(super) struct ChoosingRule<'t> {
    /// When it fires: its trigger (capture, arrival, after move), then its
    /// place in the file.
    pub when: (u8, usize),
    /// It ends with `may place`.
    pub may_place: bool,
    /// Some effect of it asks for a choice.
    pub asks: bool,
    /// Its text, for errors.
    pub text: &'t Spanned<String>,
}

/// Reports each rule that asks for a choice and fires after a rule ending
/// with `may place` (which the mover may decline, so it must be the last
/// choice of a move).
pub(super) fn check_choices_after_may_place(c: &mut Checker<'_>, rules: &mut [ChoosingRule<'_>]) {
    rules.sort_by_key(|r| r.when);
    let Some(first) = rules.iter().position(|r| r.may_place) else {
        return;
    };
    for rule in rules[first + 1..].iter().filter(|r| r.asks) {
        c.error(
            "a choice comes after `may place`, which the mover may decline; a declinable placement must be the last choice of a move",
            rule.text.location.clone(),
            "make this rule fire before the one with `may place` (an earlier trigger, or earlier in the file)",
        );
    }
}
