//! Checks the effect sentences of a variant: rules, actions, legality,
//! game end and shields. Every sentence is parsed, every piece letter in it
//! resolved, every misuse reported at its place in the file.

use super::validate::Checker;
use crate::base::limits::{MAX_COUNTERS, SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE};
use crate::base::piece::Kind;
use crate::lang::betza::{self, Template};
use crate::lang::effect_syntax::{
    self as effects, Cond, Direction, Effect, EndCondition, EndRule, KindFilter, LegalClause, Quantity, SentenceError,
    SetExpr, Trigger, TriggeredRule,
};
use crate::spec::{ActionSpec, Spanned, VariantFile};

/// An action with its sentences parsed.
#[derive(Clone, Debug)]
pub struct CheckedAction {
    /// The piece kind that takes it, or `None` for a side's action.
    pub owner: Option<Kind>,
    /// Name, for notation and traces.
    pub name: String,
    /// Targets as moves of a template.
    pub template: Option<Template>,
    /// Targets as a square set.
    pub target: Option<SetExpr>,
    /// Whether the piece stays on its square.
    pub stays: bool,
    /// Once per game per side.
    pub once: bool,
    /// Condition for taking it.
    pub when: Option<Cond>,
    /// What happens.
    pub effects: Vec<Effect>,
    /// Compels the piece on the target to move instead.
    pub compel: bool,
    /// Promotes the piece (one move per promotion choice).
    pub promotes: bool,
    /// How the game record writes it.
    pub record: Option<String>,
}

/// A shield a piece kind carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckedShield {
    /// The kind that carries it.
    pub kind: Kind,
    /// King steps around the piece.
    pub radius: u8,
    /// `SHIELD_*` bits.
    pub against: u8,
}

/// Every sentence of a variant, parsed and checked.
#[derive(Clone, Debug, Default)]
pub struct CheckedSentences {
    /// Triggered rules, in file order.
    pub rules: Vec<TriggeredRule>,
    /// Actions: the pieces' first, then the side actions.
    pub actions: Vec<CheckedAction>,
    /// Legality clauses.
    pub legal: Vec<LegalClause>,
    /// Game-end rules, in order.
    pub end: Vec<EndRule>,
    /// For each end rule, its condition as written: the reason a game ended.
    pub end_labels: Vec<String>,
    /// Shields.
    pub shields: Vec<CheckedShield>,
}

/// Most triggered rules a variant may have.
pub const MAX_RULES: usize = 64;
/// Most legality clauses.
pub const MAX_LEGAL: usize = 16;
/// Most end rules.
pub const MAX_END: usize = 32;
/// Most actions, pieces' and sides' together.
pub const MAX_ACTIONS: usize = 64;

/// The defaults: the rules of chess.
pub const DEFAULT_LEGAL: &[&str] = &["own royal not attacked"];
/// The default game end: as in chess.
pub const DEFAULT_END: &[&str] = &[
    "checkmate: loss",
    "stalemate: draw",
    "50 moves: draw",
    "3 repetitions: draw",
];

/// Parses and checks every sentence of `file`.
pub fn check_sentences(
    c: &mut Checker<'_>,
    file: &VariantFile,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    any_royal: bool,
) -> CheckedSentences {
    let mut out = CheckedSentences::default();
    let mut choice_rules = 0;
    let counted = [
        ("rules", file.rules.as_ref().map_or(0, Vec::len), MAX_RULES),
        ("legality clauses", file.legal.as_ref().map_or(0, Vec::len), MAX_LEGAL),
        ("end rules", file.end.as_ref().map_or(0, Vec::len), MAX_END),
        (
            "actions",
            file.actions.as_ref().map_or(0, Vec::len)
                + file.pieces.iter().flatten().map(|p| p.actions.len()).sum::<usize>(),
            MAX_ACTIONS,
        ),
    ];
    for (what, n, max) in counted {
        if n > max {
            c.error(
                format!("the variant has {n} {what}; at most {max} are allowed"),
                c.root(),
                format!("keep to {max} {what}"),
            );
            return out;
        }
    }
    for text in file.rules.iter().flatten() {
        if let Some(rule) = parse(c, text, "rule", effects::parse_rule) {
            letters_in_rule(c, text, &rule, letter_kind);
            let is_after = matches!(rule.trigger, Trigger::AfterMove { .. });
            for (i, effect) in rule.effects.iter().enumerate() {
                if let Effect::Bounce { .. } = effect {
                    choice_rules += 1;
                    if !is_after || i + 1 != rule.effects.len() {
                        c.error(
                            "`may bounce` must be the last effect of an `after move` rule",
                            text.location.clone(),
                            "write it as `after move: ...; may bounce(...)`",
                        );
                    } else if choice_rules > 1 {
                        c.error(
                            "only one rule may offer a bounce",
                            text.location.clone(),
                            "merge the bounces into one `may bounce` over the union of their sets",
                        );
                    }
                }
            }
            out.rules.push(rule);
        }
    }
    for (kind, piece) in file.pieces.iter().flatten().enumerate() {
        unique_names(c, &piece.actions, &format!("the {}", piece.name.value));
        for action in &piece.actions {
            if let Some(a) = check_action(c, action, Some(kind as Kind), letter_kind) {
                out.actions.push(a);
            }
        }
        if let Some(shield) = &piece.shield {
            let mut against = 0;
            for name in &shield.against {
                against |= match name.value.as_str() {
                    "remove" => SHIELD_REMOVE,
                    "push" => SHIELD_PUSH,
                    "block" => SHIELD_BLOCK,
                    "bounce" => SHIELD_BOUNCE,
                    other => {
                        c.error(
                            format!("a shield cannot protect from `{other}`"),
                            name.location.clone(),
                            "write some of `remove`, `push`, `block`, `bounce`",
                        );
                        0
                    }
                };
            }
            if shield.radius.value > 15 {
                c.error(
                    "a shield's radius is at most 15",
                    shield.radius.location.clone(),
                    "write a radius from 0 to 15",
                );
            }
            out.shields.push(CheckedShield {
                kind: kind as Kind,
                radius: shield.radius.value.min(15) as u8,
                against,
            });
        }
    }
    unique_names(c, file.actions.as_deref().unwrap_or_default(), "the side actions");
    for action in file.actions.iter().flatten() {
        if let Some(a) = check_action(c, action, None, letter_kind) {
            out.actions.push(a);
        }
    }
    let chosen = out.actions.iter().any(|a| {
        a.effects.iter().any(|e| {
            matches!(
                e,
                Effect::Push {
                    direction: Direction::Chosen,
                    ..
                }
            )
        })
    });
    if chosen && choice_rules > 0 {
        c.error(
            "a variant may offer one kind of choice per move: `may bounce` or a `chosen` push, not both",
            None,
            "drop the `may bounce` rule or the `chosen` direction",
        );
    }
    let mut counters: Vec<String> = Vec::new();
    for cond in out
        .rules
        .iter()
        .filter_map(|r| r.guard.as_ref())
        .chain(out.actions.iter().filter_map(|a| a.when.as_ref()))
    {
        captured_filters(cond, &mut counters);
    }
    if counters.len() > MAX_COUNTERS {
        c.error(
            format!(
                "the variant uses {} different `captured(...)` counts; at most {} are kept",
                counters.len(),
                MAX_COUNTERS
            ),
            None,
            "use fewer distinct kind lists in `captured(...)`",
        );
    }
    if out.actions.iter().filter(|a| a.once).count() > 16 {
        c.error("at most 16 actions may be `once`", None, "merge some of them");
    }
    let legal_defaults: Vec<Spanned<String>> = DEFAULT_LEGAL.iter().map(|s| Spanned::unplaced(s.to_string())).collect();
    for text in file.legal.as_ref().unwrap_or(&legal_defaults) {
        if let Some(clause) = parse(c, text, "legality clause", effects::parse_legal) {
            if let LegalClause::NotAttacked(Some(cond)) | LegalClause::Survives(Some(cond)) = &clause {
                letters_in_cond(c, text, cond, letter_kind);
            }
            if !any_royal && clause != LegalClause::CapturesCompulsory {
                let (message, help) = if file.legal.is_some() {
                    (
                        "a legality clause names `own royal`, but no piece is royal".to_string(),
                        "mark the king `royal: true`, or remove the clause",
                    )
                } else {
                    (
                        format!(
                            "the default legality clause `{}` needs a royal piece, and no piece is royal",
                            text.value
                        ),
                        "mark the king `royal: true`, or write `legal: []` for a variant without check",
                    )
                };
                c.error(message, text.location.clone().or_else(|| c.root()), help);
            }
            out.legal.push(clause);
        }
    }
    let end_defaults: Vec<Spanned<String>> = DEFAULT_END.iter().map(|s| Spanned::unplaced(s.to_string())).collect();
    for text in file.end.as_ref().unwrap_or(&end_defaults) {
        if let Some(rule) = parse(c, text, "end rule", effects::parse_end) {
            if let EndCondition::Holds(cond) | EndCondition::Dead(cond) = &rule.condition {
                letters_in_cond(c, text, cond, letter_kind);
            }
            out.end.push(rule);
            let label = text
                .value
                .rsplit_once(':')
                .map_or(text.value.as_str(), |(c, _)| c)
                .trim();
            out.end_labels.push(label.to_string());
        }
    }
    out
}

fn parse<T>(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    what: &str,
    parser: fn(&str) -> Result<T, SentenceError>,
) -> Option<T> {
    match parser(&text.value) {
        Ok(v) => Some(v),
        Err(e) => {
            let at = c.inside(text, e.span.clone());
            let help = match piece_named(c, text.value.get(e.span.clone()).unwrap_or_default()) {
                Some(hint) => format!("{hint} {}", e.help),
                None => e.help,
            };
            c.error(format!("{what} `{}`: {}", shorten(&text.value), e.message), at, help);
            None
        }
    }
}

/// "Did you mean" for a piece written by name (`pawn`, `knights`) where
/// sentences take its letter.
fn piece_named(c: &Checker<'_>, word: &str) -> Option<String> {
    let word = word.to_lowercase();
    if word.len() < 2 || !word.chars().all(|ch| ch.is_alphabetic()) {
        return None;
    }
    let singular = word.strip_suffix('s').unwrap_or(&word);
    let exact = c.names.iter().find(|(name, _)| *name == word || name == singular);
    let (name, letter) = match exact {
        Some(found) => found.clone(),
        None => {
            let best = crate::lang::closest_word(singular, c.names.iter().map(|(n, _)| n.as_str()))?;
            c.names.iter().find(|(n, _)| n == best)?.clone()
        }
    };
    Some(format!(
        "pieces are written by letter in sentences: did you mean `{letter}` (the {name})?"
    ))
}

fn check_action(
    c: &mut Checker<'_>,
    spec: &ActionSpec,
    owner: Option<Kind>,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Option<CheckedAction> {
    let name = spec.name.value.clone();
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
    let template = match &spec.moves {
        Some(t) => match betza::parse(&t.value) {
            Ok(template) => Some(template),
            Err(e) => {
                let at = c.inside(t, e.span.clone());
                c.error(
                    format!("action `{name}`: movement template `{}`: {}", t.value, e.message),
                    at,
                    e.help,
                );
                return None;
            }
        },
        None => None,
    };
    let target = match &spec.target {
        Some(t) => {
            let set = parse(c, t, "action target", effects::parse_set)?;
            letters_in_set(c, t, &set, letter_kind);
            Some(set)
        }
        None => None,
    };
    match (&template, &target, owner) {
        (Some(_), Some(_), _) => {
            c.error(
                format!("action `{name}` has both `moves` and `target`"),
                spec.name.location.clone(),
                "give the targets either as moves of a template or as a square set",
            );
            return None;
        }
        (None, None, _) => {
            c.error(
                format!("action `{name}` has no targets"),
                spec.name.location.clone(),
                "add `moves: \"...\"` (a Betza template) or `target: \"...\"` (a square set, e.g. `origin`)",
            );
            return None;
        }
        (Some(_), None, None) => {
            c.error(
                format!("side action `{name}` cannot use `moves`: no piece makes them"),
                spec.name.location.clone(),
                "give its targets as a square set: `target: \"ranks(1..3)\"`",
            );
            return None;
        }
        _ => {}
    }
    let when = match &spec.when {
        Some(t) => {
            let cond = parse(c, t, "condition", effects::parse_condition)?;
            letters_in_cond(c, t, &cond, letter_kind);
            Some(cond)
        }
        None => None,
    };
    if let Some(record) = &spec.record {
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
                break;
            }
            rest = &rest[close.map_or(rest.len(), |i| i + 1)..];
        }
    }
    let effects = match (&spec.effect, spec.compel) {
        (Some(text), false) => parse(c, text, "effect", effects::parse_effects)?,
        (None, true) => Vec::new(),
        (None, false) if spec.promotes => Vec::new(),
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
    let effect_text = spec.effect.clone().unwrap_or_else(|| Spanned::unplaced(String::new()));
    for effect in &effects {
        if let Effect::Bounce { .. } = effect {
            c.error(
                "`may bounce` belongs in an `after move` rule, not in an action",
                effect_text.location.clone(),
                "move it to `rules: [\"after move: may bounce(...)\"]`",
            );
        }
        letters_in_effect(c, &effect_text, effect, letter_kind);
    }
    Some(CheckedAction {
        owner,
        name,
        stays: spec.stays.unwrap_or(template.is_none()),
        template,
        target,
        once: spec.once,
        when,
        effects,
        compel: spec.compel,
        promotes: spec.promotes,
        record: spec.record.as_ref().map(|r| r.value.clone()),
    })
}

fn letters_in_rule(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    rule: &TriggeredRule,
    lk: &dyn Fn(char) -> Option<Kind>,
) {
    if let Some(guard) = &rule.guard {
        letters_in_cond(c, text, guard, lk);
    }
    for effect in &rule.effects {
        letters_in_effect(c, text, effect, lk);
    }
}

fn letters_in_effect(c: &mut Checker<'_>, text: &Spanned<String>, effect: &Effect, lk: &dyn Fn(char) -> Option<Kind>) {
    match effect {
        Effect::Remove(s) | Effect::Block(s) => letters_in_set(c, text, s, lk),
        Effect::Push { set, direction, .. } => {
            letters_in_set(c, text, set, lk);
            if let Direction::AwayFrom(from) = direction {
                letters_in_set(c, text, from, lk);
            }
        }
        Effect::Bounce { set, from, .. } => {
            letters_in_set(c, text, set, lk);
            letters_in_set(c, text, from, lk);
        }
        Effect::Consume => {}
    }
}

fn letters_in_kinds(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    kinds: &KindFilter,
    lk: &dyn Fn(char) -> Option<Kind>,
) {
    for (letter, span) in &kinds.letters {
        if lk(*letter).is_none() {
            let at = c.inside(text, span.clone());
            c.error(
                format!("`{letter}` is not a piece letter of this variant"),
                at,
                "use the upper-case letter of a piece listed under `pieces`",
            );
        }
    }
}

fn letters_in_set(c: &mut Checker<'_>, text: &Spanned<String>, set: &SetExpr, lk: &dyn Fn(char) -> Option<Kind>) {
    match set {
        SetExpr::Pieces(_, Some(kinds)) => letters_in_kinds(c, text, kinds, lk),
        SetExpr::Area(s, _) | SetExpr::Adjacent(s) | SetExpr::Manhattan(s, _) => letters_in_set(c, text, s, lk),
        SetExpr::Lines(s, template, span) | SetExpr::First(s, template, span) => {
            letters_in_set(c, text, s, lk);
            let set_name = if matches!(set, SetExpr::First(..)) {
                "first"
            } else {
                "lines"
            };
            if let Ok(parsed) = betza::parse(template)
                && let Some(hopper) = parsed.components.iter().find(|k| k.hop != betza::Hop::None)
            {
                let at = c.inside(text, span.start + hopper.span.start..span.start + hopper.span.end);
                c.error(
                    format!(
                        "`{set_name}(...)` follows plain lines; the hopper `{}` has no place in it",
                        &template[hopper.span.clone()]
                    ),
                    at,
                    "drop `p`/`g` from the template: `first` and `lines` stop at the first piece",
                );
            }
            if let Err(e) = betza::parse(template) {
                let at = c.inside(
                    text,
                    span.start + e.span.start..span.start + e.span.end.max(e.span.start + 1),
                );
                let set = if matches!(set, SetExpr::First(..)) {
                    "first"
                } else {
                    "lines"
                };
                // A long template is shown by its start; the caret shows the rest.
                let shown: String = template.chars().take(24).collect();
                let shown = if shown.len() < template.len() {
                    format!("{shown}…")
                } else {
                    shown
                };
                c.error(format!("`{set}(...)` template `{shown}`: {}", e.message), at, e.help);
            }
        }
        SetExpr::Binary(_, a, b) => {
            letters_in_set(c, text, a, lk);
            letters_in_set(c, text, b, lk);
        }
        _ => {}
    }
}

fn letters_in_cond(c: &mut Checker<'_>, text: &Spanned<String>, cond: &Cond, lk: &dyn Fn(char) -> Option<Kind>) {
    match cond {
        Cond::Not(a) => letters_in_cond(c, text, a, lk),
        Cond::And(a, b) | Cond::Or(a, b) => {
            letters_in_cond(c, text, a, lk);
            letters_in_cond(c, text, b, lk);
        }
        Cond::Compare(Quantity::Count(s) | Quantity::Squares(s), _, _) | Cond::Exists(s) | Cond::Attacked(s) => {
            letters_in_set(c, text, s, lk)
        }
        Cond::Compare(Quantity::Captured(Some(kinds)), _, _) => letters_in_kinds(c, text, kinds, lk),
        Cond::Touching(a, b) | Cond::Within(a, b) => {
            letters_in_set(c, text, a, lk);
            letters_in_set(c, text, b, lk);
        }
        _ => {}
    }
}

/// Collects the distinct kind lists of `captured(...)` in a condition.
fn captured_filters(cond: &Cond, out: &mut Vec<String>) {
    match cond {
        Cond::Not(a) => captured_filters(a, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            captured_filters(a, out);
            captured_filters(b, out);
        }
        Cond::Compare(Quantity::Captured(kinds), _, _) => {
            let key = match kinds {
                None => "all".to_string(),
                Some(k) => {
                    let mut letters: Vec<char> = k.letters.iter().map(|(c, _)| *c).collect();
                    letters.sort();
                    format!("{}{}{}", k.negate, k.royal, letters.into_iter().collect::<String>())
                }
            };
            if !out.contains(&key) {
                out.push(key);
            }
        }
        _ => {}
    }
}

/// Reports a name given to two actions of the same owner (notation tells
/// actions apart by the moving piece and the name).
fn unique_names(c: &mut Checker<'_>, actions: &[ActionSpec], owner: &str) {
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

/// A sentence as quoted in a message: whole if short, else its start.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(77).collect::<String>())
    }
}
