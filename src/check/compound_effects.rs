//! Checks of the compound moves' effects: `move(S as ...)`, a further
//! move of a piece after the move, and `exchange(S)`, an action's piece
//! exchanging places with another. Each misuse is reported at the
//! sentence that makes it.

use super::checker::Checker;
use crate::lang::effect_syntax::{Effect, MoveAs, NamedSet, SetExpr, Trigger, TriggeredRule};
use crate::spec::Spanned;

/// Where an effect sentence stands, for what its effects may do.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// A triggered rule.
    Rule(Trigger),
    /// A piece's action.
    PieceAction,
    /// A side's action (no piece acts).
    SideAction,
}

/// Reports the compound-move effects of one sentence that cannot work
/// where they stand: `as captured` outside an `on capture` rule (there is
/// no captured piece to move as), a further move of `mover` in a rule
/// with a condition (its promotion waits for it, so the rule must fire
/// whenever its kinds capture), and `exchange` outside a piece's action
/// (it exchanges the acting piece).
pub(super) fn check_compound(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    effects: &[Effect],
    place: Place,
    guarded: bool,
) {
    for effect in effects {
        match effect {
            Effect::MoveOn { as_, set, .. } => {
                if *as_ == MoveAs::Captured && place != Place::Rule(Trigger::Capture) {
                    c.error(
                        "`move(S as captured)` moves as the piece the move captured, so it stands only in an `on capture` rule",
                        text.location.clone(),
                        "write it as `on capture: move(mover as captured, required)`, or use `as own` elsewhere",
                    );
                }
                if guarded && place == Place::Rule(Trigger::Capture) && *set == SetExpr::Named(NamedSet::Mover) {
                    c.error(
                        "a capture whose piece moves on (`move(mover as ...)`) promotes where it ends, so the rule may not have an `if` condition",
                        text.location.clone(),
                        "choose the capturers with `by` instead (`on capture by P: ...`), or move the condition into `onto`",
                    );
                }
            }
            Effect::Exchange(_) if place != Place::PieceAction => c.error(
                "`exchange(S)` exchanges the acting piece with another, so it stands only in a piece's action",
                text.location.clone(),
                "give the piece an action: `actions: [(name: \"swap\", target: \"enemy Q\", effect: \"exchange(target)\")]`",
            ),
            _ => {}
        }
    }
}

/// [`check_compound`] for a triggered rule.
pub(super) fn check_rule(c: &mut Checker<'_>, text: &Spanned<String>, rule: &TriggeredRule) {
    check_compound(c, text, &rule.effects, Place::Rule(rule.trigger), rule.guard.is_some());
}
