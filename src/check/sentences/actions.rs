//! Checks the actions of a piece: each action's name, targets, record
//! pattern and effects, and that no two actions of one owner share a name.

use super::super::checker::Checker;
use super::super::resolve::{Names, Resolved, Resolver};
use super::super::sentence_parse::{only_in_end_rules, parse};
use super::{ActionTargets, CheckedAction, check_chosen_block};
use crate::base::piece::Kind;
use crate::lang::betza;
use crate::lang::effect_syntax::{self as effects, Effect};
use crate::spec::ActionSpec;

/// Checks one action. Every pass runs and reports all it finds: a bad
/// template does not hide a bad condition or record in the same action.
pub(super) fn check_action(
    c: &mut Checker<'_>,
    spec: &ActionSpec,
    owner: Option<Kind>,
    names: &Names<'_>,
) -> Option<CheckedAction> {
    check_action_name(c, spec);
    let targets = action_targets(c, spec, owner, names);
    let when = match &spec.when {
        Some(text) => parse(c, text, "condition", effects::parse_condition)
            .and_then(|cond| {
                only_in_end_rules(c, text, &cond, "an action's `when`");
                Resolver { c, text, names }.cond(&cond)
            })
            .map(Some),
        None => Some(None),
    };
    check_record(c, spec);
    let effects = action_effects(c, spec, owner, names);
    let (targets, when, effects) = (targets?, when?, effects?);
    Some(CheckedAction {
        owner,
        name: spec.name.value.clone(),
        stays: spec.stays.unwrap_or(matches!(targets, ActionTargets::Squares(_))),
        targets,
        once: spec.once,
        when,
        effects,
        compel: spec.compel,
        promotes: spec.promotes,
        record: spec.record.as_ref().map(|r| r.value.clone()),
    })
}

fn check_action_name(c: &mut Checker<'_>, spec: &ActionSpec) {
    let name = &spec.name.value;
    if name.is_empty()
        || !name
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_')
    {
        c.error(
            format!("action name `{name}` must be letters, digits, `-` or `_`"),
            spec.name.location.clone(),
            "the name is written in moves (`e1e1@blast`), so keep it one word",
        );
    }
}

/// An action's targets: the moves of a template (a piece's action) or a
/// square set, exactly one of them.
fn action_targets(
    c: &mut Checker<'_>,
    spec: &ActionSpec,
    owner: Option<Kind>,
    names: &Names<'_>,
) -> Option<ActionTargets> {
    let name = &spec.name.value;
    let template = spec.moves.as_ref().map(|t| match betza::parse(&t.value) {
        Ok(template) => Some(template),
        Err(e) => {
            let at = c.inside(t, e.span.clone());
            c.error(
                format!("action `{name}`: movement template `{}`: {}", t.value, e.message),
                at,
                e.help,
            );
            None
        }
    });
    let target = spec.target.as_ref().map(|text| {
        parse(c, text, "action target", effects::parse_set).and_then(|set| Resolver { c, text, names }.set(&set))
    });
    let problem = match (&template, &target, owner) {
        (Some(_), Some(_), _) => (
            format!("action `{name}` has both `moves` and `target`"),
            "give the targets either as moves of a template or as a square set",
        ),
        (None, None, _) => (
            format!("action `{name}` has no targets"),
            "add `moves: \"...\"` (a Betza template) or `target: \"...\"` (a square set, e.g. `origin`)",
        ),
        (Some(_), None, None) => (
            format!("side action `{name}` cannot use `moves`: no piece makes them"),
            "give its targets as a square set: `target: \"ranks(1..3)\"`",
        ),
        (Some(template), None, Some(_)) => return template.clone().map(ActionTargets::Moves),
        (None, Some(set), _) => return set.clone().map(ActionTargets::Squares),
    };
    c.error(problem.0, spec.name.location.clone(), problem.1);
    None
}

/// The placeholders of an action's record.
fn check_record(c: &mut Checker<'_>, spec: &ActionSpec) {
    let Some(record) = &spec.record else { return };
    let mut rest = record.value.as_str();
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|i| open + i);
        let name = close.map(|close| &rest[open + 1..close]);
        if !matches!(name, Some("origin" | "target" | "removed" | "promotion")) {
            c.error(
                format!(
                    "action `{}`: record `{}` has an unknown placeholder",
                    spec.name.value, record.value
                ),
                record.location.clone(),
                "write `{origin}`, `{target}`, `{removed}` or `{promotion}`",
            );
            return;
        }
        rest = &rest[close.map_or(rest.len(), |i| i + 1)..];
    }
}

/// An action's effects: its own, or none when it compels a piece or
/// promotes; never `may bounce`.
fn action_effects(
    c: &mut Checker<'_>,
    spec: &ActionSpec,
    owner: Option<Kind>,
    names: &Names<'_>,
) -> Option<Vec<Effect<Resolved>>> {
    let name = &spec.name.value;
    let text = match (&spec.effect, spec.compel) {
        (Some(text), false) => text,
        (None, true) => return Some(Vec::new()),
        (None, false) if spec.promotes => return Some(Vec::new()),
        (Some(text), true) => {
            c.error(
                format!("action `{name}` compels a piece, so it has no `effect` of its own"),
                text.location.clone(),
                "remove `effect`: the compelled piece's own move is what happens",
            );
            return None;
        }
        (None, false) => {
            c.error(
                format!("action `{name}` has no `effect`"),
                spec.name.location.clone(),
                "add `effect: \"...\"`, or `compel: true` for an action that makes another piece move",
            );
            return None;
        }
    };
    let parsed = parse(c, text, "effect", effects::parse_effects)?;
    let place = if owner.is_some() {
        super::super::compound_effects::Place::PieceAction
    } else {
        super::super::compound_effects::Place::SideAction
    };
    super::super::compound_effects::check_compound(c, text, &parsed, place, false);
    super::super::placement::check_placements(c, text, &parsed, None);
    let mut resolved = Some(Vec::new());
    for effect in &parsed {
        check_chosen_block(c, text, effect);
        if let Effect::Bounce { .. } = effect {
            c.error(
                "`may bounce` belongs in an `after move` rule, not in an action",
                text.location.clone(),
                "move it to `rules: [\"after move: may bounce(...)\"]`",
            );
            resolved = None;
        }
        if matches!(effect, Effect::Place(p) if p.may) {
            c.error(
                "`may place` belongs in a rule, not in an action: a declinable placement must be the last choice of a move",
                text.location.clone(),
                "move it to `rules: [\"on capture: may place(captured, chosen empty)\"]`",
            );
            resolved = None;
        }
        let effect = Resolver { c, text, names }.effect(effect);
        resolved = resolved.zip(effect).map(|(mut all, e)| {
            all.push(e);
            all
        });
    }
    resolved
}

/// Reports a name given to two actions of the same owner (notation tells
/// actions apart by the moving piece and the name).
pub(super) fn unique_names(c: &mut Checker<'_>, actions: &[ActionSpec], owner: &str) {
    for (i, a) in actions.iter().enumerate() {
        if actions[..i].iter().any(|b| b.name.value == a.name.value) {
            c.error(
                format!("two actions of {owner} are named `{}`", a.name.value),
                a.name.location.clone(),
                "give each action of a piece its own name",
            );
        }
    }
}
