//! Parsing triggered rules and effects (`on capture: remove(target)`,
//! an action's effect): the sentences whose effects name every effect
//! family, so this file dispatches to the parsers of the families kept
//! in their own files (changes of pieces, placements), which read sets
//! and conditions through `parse`.

use super::SentenceError;
use super::ast::{Direction, Effect, MoveAs, SetExpr, SetOp, Trigger, TriggeredRule};
use super::grammar::Rule as G;
use super::parse::{first, lower_cond, lower_kinds, lower_set, parse_top, shield_bit, small, span};
use super::{parse_change, place_parse};
use pest::iterators::Pair;

/// Parses a triggered rule: `on capture: remove(area(target, 1))`.
pub fn parse_rule(text: &str) -> Result<TriggeredRule, SentenceError> {
    let top = parse_top(G::rule_sentence, text)?;
    let mut rule = TriggeredRule {
        trigger: Trigger::Capture,
        by: None,
        guard: None,
        effects: Vec::new(),
    };
    for p in top.into_inner() {
        match p.as_rule() {
            G::trigger => {
                let inner = first(p);
                rule.trigger = match inner.as_rule() {
                    G::on_capture => Trigger::Capture,
                    G::on_arrival => Trigger::Arrival,
                    _ => Trigger::AfterMove {
                        except_castling: inner.into_inner().next().is_some(),
                    },
                };
            }
            G::by_kinds => rule.by = Some(Some(lower_kinds(first(p)))),
            G::guard => rule.guard = Some(lower_cond(first(p))?),
            G::effects => rule.effects = lower_effects(p)?,
            _ => {}
        }
    }
    Ok(rule)
}

/// Parses the effect of an action: one or more effects separated by `;`.
pub fn parse_effects(text: &str) -> Result<Vec<Effect>, SentenceError> {
    let top = parse_top(G::effect_sentence, text)?;
    lower_effects(first(top))
}

/// `shield(S against remove, push for N moves)`.
fn lower_timed_shield(p: Pair<'_, G>) -> Result<Effect, SentenceError> {
    let max = crate::base::limits::MAX_SHIELD_MOVES;
    let (mut squares, mut against, mut moves) = (None, 0, 0);
    for part in p.into_inner() {
        match part.as_rule() {
            G::set => squares = Some(lower_set(part)?),
            G::shield_effect => against |= shield_bit(&part),
            G::distance => {
                let at = span(&part);
                moves = small(part, u32::from(max), "shield duration")?;
                if moves == 0 {
                    return Err(SentenceError {
                        message: "a shield for 0 moves protects nothing".into(),
                        span: at,
                        help: format!("shield for 1 to {max} moves"),
                    });
                }
            }
            _ => {}
        }
    }
    Ok(Effect::Shield {
        squares: squares.expect("a shield names its squares"),
        against,
        moves,
    })
}

fn lower_effects(pair: Pair<'_, G>) -> Result<Vec<Effect>, SentenceError> {
    pair.into_inner().map(|effect| lower_effect(first(effect))).collect()
}

// One arm per effect rule of grammar/effect.pest: it reads better whole,
// next to the grammar it mirrors.
fn lower_effect(p: Pair<'_, G>) -> Result<Effect, SentenceError> {
    let rule = p.as_rule();
    match rule {
        G::shield_for => return lower_timed_shield(p),
        G::recolour => return parse_change::recolour(p),
        G::transform => return parse_change::transform(p),
        G::mark => return parse_change::mark(p, false),
        G::unmark => return parse_change::mark(p, true),
        _ => {}
    }
    if rule == G::place {
        return place_parse::lower_place(p);
    }
    let mut inner = p.into_inner();
    let mut next = || inner.next().expect("the grammar guarantees the parts");
    Ok(match rule {
        G::remove => Effect::Remove(lower_set(next())?),
        G::block | G::irradiate => Effect::Block(lower_set(next())?),
        G::blast => {
            // Named for what it is; lowered to the general form.
            let centre = lower_set(next())?;
            let area = SetExpr::Area(Box::new(centre), small(next(), 15, "blast radius")?);
            match inner.next() {
                Some(spared) => Effect::Remove(SetExpr::Binary(
                    SetOp::Difference,
                    Box::new(area),
                    Box::new(lower_set(spared)?),
                )),
                None => Effect::Remove(area),
            }
        }
        G::consume => Effect::Consume,
        G::block_chosen => {
            let _chosen = next();
            let among = lower_set(next())?;
            let mut unblocking = None;
            let mut required = false;
            for part in inner.by_ref() {
                if part.as_rule() == G::required {
                    required = true;
                } else {
                    unblocking = Some(lower_set(part)?);
                }
            }
            Effect::BlockChosen {
                among,
                unblocking,
                required,
            }
        }
        G::push => {
            let set = lower_set(next())?;
            let dir = first(next());
            let direction = match dir.as_rule() {
                G::along => Direction::Along,
                G::chosen => Direction::Chosen,
                _ => Direction::AwayFrom(lower_set(first(dir))?),
            };
            let distance = match inner.next() {
                Some(d) => small(d, 16, "push distance")?,
                None => 1,
            };
            Effect::Push {
                set,
                direction,
                distance,
            }
        }
        G::move_on => {
            let set = lower_set(next())?;
            let as_ = if next().as_str().eq_ignore_ascii_case("own") {
                MoveAs::Own
            } else {
                MoveAs::Captured
            };
            let mut onto = None;
            let mut required = false;
            for part in inner.by_ref() {
                if part.as_rule() == G::required {
                    required = true;
                } else {
                    onto = Some(lower_set(part)?);
                }
            }
            Effect::MoveOn {
                set,
                as_,
                onto,
                required,
            }
        }
        G::exchange => Effect::Exchange(lower_set(next())?),
        _ => {
            let set = lower_set(next())?;
            let from = lower_set(next())?;
            Effect::Bounce {
                set,
                from,
                promote: inner.next().is_some(),
            }
        }
    })
}
