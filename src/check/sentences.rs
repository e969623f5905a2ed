//! Checks the effect sentences of a variant: rules, actions, legality,
//! game end and shields. Every sentence is parsed, every piece letter and
//! template in it resolved (`resolve`), every misuse reported at its place
//! in the file. Each pass reports all its problems and goes on.

use super::checker::Checker;
use super::resolve::{Names, Resolved, Resolver};
use super::sentence_parse::{only_in_end_rules, parse};
use crate::base::kind_set::KindSet;
use crate::base::limits::{
    MAX_BEFORE, MAX_CHOICES, MAX_COUNTERS, MAX_SHIELD_RULES, MAX_SINCE, SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH,
    SHIELD_REMOVE,
};
use crate::base::piece::Kind;
use crate::lang::betza::Template;
use crate::lang::effect_syntax::{
    self as effects, Cond, Direction, Effect, EndCondition, EndRule, LegalClause, PlaceWhere, Quantity, SetExpr,
    Trigger, TriggeredRule,
};
use crate::spec::{EndSpec, PieceSpec, ShieldSpec, Spanned, VariantFile};

mod actions;

use actions::{check_action, unique_names};

/// Where an action may aim.
#[derive(Clone, Debug)]
pub enum ActionTargets {
    /// The moves of a template from the piece (a piece's action only).
    Moves(Template),
    /// A square set.
    Squares(SetExpr<Resolved>),
}

/// An action with its sentences parsed and resolved.
#[derive(Clone, Debug)]
pub struct CheckedAction {
    /// The piece kind that takes it, or `None` for a side's action.
    pub owner: Option<Kind>,
    /// Name, for notation and traces.
    pub name: String,
    /// Where it aims.
    pub targets: ActionTargets,
    /// Whether the piece stays on its square.
    pub stays: bool,
    /// Once per game per side.
    pub once: bool,
    /// Condition for taking it.
    pub when: Option<Cond<Resolved>>,
    /// What happens.
    pub effects: Vec<Effect<Resolved>>,
    /// Compels the piece on the target to move instead.
    pub compel: bool,
    /// Promotes the piece (one move per promotion choice).
    pub promotes: bool,
    /// How the game record writes it.
    pub record: Option<String>,
}

impl CheckedAction {
    /// How many follow-up choices the action's own effects ask for (its
    /// `chosen` pushes).
    pub fn choices(&self) -> usize {
        self.effects.iter().filter(|e| asks_choice(e)).count()
    }
}

/// Whether an effect asks the mover for a follow-up choice: a `chosen`
/// push, a bounce or a chosen square to block.
pub fn asks_choice<S: effects::Phase>(effect: &Effect<S>) -> bool {
    matches!(
        effect,
        Effect::Push {
            direction: Direction::Chosen,
            ..
        } | Effect::Bounce { .. }
            | Effect::BlockChosen { .. }
            | Effect::MoveOn { .. }
    ) || matches!(effect, Effect::Place(p) if p.may || matches!(p.at, PlaceWhere::Chosen(_)))
}

/// Whether every square of the set is blocked whenever it is read.
fn only_blocked(set: &SetExpr) -> bool {
    use crate::lang::effect_syntax::{NamedSet, SetOp};
    match set {
        SetExpr::Named(NamedSet::Blocked) => true,
        SetExpr::Binary(SetOp::Intersection, a, b) => only_blocked(a) || only_blocked(b),
        SetExpr::Binary(SetOp::Difference, a, _) => only_blocked(a),
        SetExpr::Binary(SetOp::Union, a, b) => only_blocked(a) && only_blocked(b),
        _ => false,
    }
}

/// Whether no square of the set is ever blocked (squares of pieces, empty squares).
fn never_blocked(set: &SetExpr) -> bool {
    use crate::lang::effect_syntax::{NamedSet, SetOp};
    match set {
        SetExpr::Pieces(..) | SetExpr::Named(NamedSet::Empty) => true,
        SetExpr::Binary(SetOp::Intersection, a, b) => never_blocked(a) || never_blocked(b),
        SetExpr::Binary(SetOp::Difference, a, _) => never_blocked(a),
        SetExpr::Binary(SetOp::Union, a, b) => never_blocked(a) && never_blocked(b),
        _ => false,
    }
}

/// A chosen block that can never be made (its squares are all blocked
/// already), or whose `unblocking` set can never hold a blocked square.
fn check_chosen_block(c: &mut Checker<'_>, text: &Spanned<String>, effect: &Effect) {
    let Effect::BlockChosen { among, unblocking, .. } = effect else {
        return;
    };
    if only_blocked(among) {
        c.error(
            "`block(chosen S)` offers only squares that are blocked already, so no move could make the choice",
            text.location.clone(),
            "choose among squares that are not blocked, such as `block(chosen empty)`; to move a wall, free the old one with `unblocking`: `block(chosen empty, unblocking blocked)`",
        );
    }
    if unblocking.as_ref().is_some_and(never_blocked) {
        c.error(
            "`unblocking` names squares that are never blocked (pieces or empty squares), so it frees nothing",
            text.location.clone(),
            "name blocked squares: `unblocking blocked`",
        );
    }
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

/// Every sentence of a variant, parsed, resolved and checked.
#[derive(Clone, Debug, Default)]
pub struct CheckedSentences {
    /// Triggered rules, in file order.
    pub rules: Vec<TriggeredRule<Resolved>>,
    /// Actions: the pieces' first, then the side actions.
    pub actions: Vec<CheckedAction>,
    /// Legality clauses.
    pub legal: Vec<LegalClause<Resolved>>,
    /// The move filter clauses (`moves only if`, `checks must mate`, ...)
    /// as written, in order: what `explain` names when one forbids a move.
    pub filter_labels: Vec<String>,
    /// Game-end rules, in order.
    pub end: Vec<EndRule<Resolved>>,
    /// For each end rule, its condition as written: the reason a game ended.
    pub end_labels: Vec<String>,
    /// Shields.
    pub shields: Vec<CheckedShield>,
    /// Shields written as sentences (`shields`).
    pub shield_rules: Vec<effects::ShieldRule<Resolved>>,
    /// The distinct kind masks counted by `captured(...)`, at most
    /// [`MAX_COUNTERS`]; a count's counter is its mask's index here.
    pub counters: Vec<KindSet>,
    /// Pieces in hand and drops, if the variant has them.
    pub drops: Option<super::CheckedDrops>,
    /// The count of moves, if the variant has one.
    pub counting: Option<super::counting::CheckedCounting>,
    /// The marks the sentences name, in the order first named.
    pub marks: Vec<String>,
    /// The order of kinds `transform(S, next)` steps along, if declared.
    pub kind_sequence: Option<super::changes::CheckedSequence>,
}

impl CheckedSentences {
    /// Every condition of the rules, actions, legality clauses and end rules.
    pub fn conditions(&self) -> impl Iterator<Item = &Cond<Resolved>> {
        let legal = self.legal.iter().filter_map(|l| match l {
            LegalClause::Survives(c) | LegalClause::NotAttacked(c, _) => c.as_ref(),
            LegalClause::Forbids(c) => Some(c),
            LegalClause::CapturesCompulsory | LegalClause::DropsCompulsory | LegalClause::Filter(_) => None,
        });
        let end = self.end.iter().filter_map(|e| match &e.condition {
            EndCondition::Holds(c) | EndCondition::Dead(c) => Some(c),
            EndCondition::Checkmate(c)
            | EndCondition::Stalemate(c)
            | EndCondition::MoveRule(_, c)
            | EndCondition::Repetition(_, c)
            | EndCondition::MutualPerpetualCheck(_, c) => c.as_ref(),
            EndCondition::PerpetualCheck(_) | EndCondition::Shuttles(..) | EndCondition::CountingOver => None,
        });
        self.rules
            .iter()
            .filter_map(|r| r.guard.as_ref())
            .chain(self.actions.iter().filter_map(|a| a.when.as_ref()))
            .chain(legal)
            .chain(end)
            .chain(self.shield_rules.iter().filter_map(|s| s.while_.as_ref()))
            .chain(self.counting.iter().flat_map(|c| c.conditions()))
    }
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

/// Parses, resolves and checks every sentence of `file`. Each pass reports
/// every problem it finds; a sentence with a problem is left out.
pub(super) fn check_sentences(c: &mut Checker<'_>, file: &VariantFile, names: &Names<'_>) -> CheckedSentences {
    let mut out = CheckedSentences::default();
    if !within_limits(c, file) {
        return out;
    }
    out.rules = check_rules(c, file, names);
    for (kind, piece) in file.pieces.iter().flatten().enumerate() {
        out.actions
            .extend(check_piece_actions(c, piece, Kind::from_index(kind), names));
        if let Some(shield) = &piece.shield {
            out.shields.push(check_shield(c, shield, Kind::from_index(kind)));
        }
    }
    unique_names(c, file.actions.as_deref().unwrap_or_default(), "the side actions");
    for action in file.actions.iter().flatten() {
        out.actions.extend(check_action(c, action, None, names));
    }
    check_choice_count(c, &out);
    if out.actions.iter().filter(|a| a.once).count() > 16 {
        c.error("at most 16 actions may be `once`", None, "merge some of them");
    }
    out.shield_rules = check_shield_rules(c, file, names);
    out.legal = check_legal(c, file, names, &mut out.filter_labels);
    check_through_new_blocks(c, file, &out);
    (out.end, out.end_labels) = check_end(c, file, names);
    out.counting = super::counting::check_counting(c, file, names, &out.end);
    out.counters = check_counters(c, &out);
    check_comparisons(c, &out);
    out.drops = file
        .drops
        .as_ref()
        .and_then(|d| super::drops::check_drops(c, file, d, names));
    out.kind_sequence = super::changes::check_kind_sequence(c, file, names.letter_kind, names.royal);
    out.marks = c.marks.clone();
    out
}

/// Whether the file keeps to the most rules, clauses and actions a
/// variant may have (reporting each count over its limit).
fn within_limits(c: &mut Checker<'_>, file: &VariantFile) -> bool {
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
    let mut ok = true;
    for (what, n, max) in counted {
        if n > max {
            c.error(
                format!("the variant has {n} {what}; at most {max} are allowed"),
                c.root(),
                format!("keep to {max} {what}"),
            );
            ok = false;
        }
    }
    ok
}

/// The triggered rules; `may bounce` must end an `after move` rule, and
/// one rule at most may offer it.
fn check_rules(c: &mut Checker<'_>, file: &VariantFile, names: &Names<'_>) -> Vec<TriggeredRule<Resolved>> {
    let mut rules = Vec::new();
    let mut bounce_rules = 0;
    let mut after_bounce = false;
    // Per rule: when it fires, and whether it ends with `may place` or asks.
    let mut choosing = Vec::new();
    for (index, text) in file.rules.iter().flatten().enumerate() {
        let Some(rule) = parse(c, text, "rule", effects::parse_rule) else {
            continue;
        };
        if let Some(guard) = &rule.guard {
            only_in_end_rules(c, text, guard, "a rule's condition");
        }
        super::compound_effects::check_rule(c, text, &rule);
        let resolved = Resolver { c, text, names }.rule(&rule);
        if let (Trigger::Capture, Some(Some(by))) = (rule.trigger, &rule.by) {
            check_capturers(c, text, by, file);
        }
        let is_after = matches!(rule.trigger, Trigger::AfterMove { .. });
        if is_after
            && after_bounce
            && rule
                .effects
                .iter()
                .any(|e| asks_choice(e) && !matches!(e, Effect::Bounce { .. }))
        {
            c.error(
                "a choice comes after `may bounce`, which the mover may decline; a bounce must be the last choice of a move",
                text.location.clone(),
                "move this rule before the rule with `may bounce`",
            );
        }
        super::placement::check_placements(c, text, &rule.effects, Some(rule.trigger));
        let when = match rule.trigger {
            Trigger::Capture => 0,
            Trigger::Arrival => 1,
            Trigger::AfterMove { .. } => 2,
        };
        let may_place = super::placement::check_may_place(c, text, &rule.effects);
        choosing.push(super::placement::ChoosingRule {
            when: (when, index),
            may_place,
            asks: rule.effects.iter().any(asks_choice),
            text,
        });
        for (i, effect) in rule.effects.iter().enumerate() {
            check_chosen_block(c, text, effect);
            if let Effect::Bounce { .. } = effect {
                bounce_rules += 1;
                after_bounce |= is_after;
                if !is_after || i + 1 != rule.effects.len() {
                    c.error(
                        "`may bounce` must be the last effect of an `after move` rule",
                        text.location.clone(),
                        "write it as `after move: ...; may bounce(...)`",
                    );
                } else if bounce_rules > 1 {
                    c.error(
                        "only one rule may offer a bounce",
                        text.location.clone(),
                        "merge the bounces into one `may bounce` over the union of their sets",
                    );
                }
            }
        }
        rules.extend(resolved);
    }
    super::placement::check_choices_after_may_place(c, &mut choosing);
    rules
}

/// An `on capture by ...` rule must name some piece that captures (a
/// template with a capturing move, or an action); otherwise it never fires.
fn check_capturers(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    by: &crate::lang::effect_syntax::KindFilter,
    file: &VariantFile,
) {
    if by.negate || by.royal {
        return;
    }
    let captures = |piece: &PieceSpec| {
        !piece.actions.is_empty()
            || std::iter::once(&piece.moves.value)
                .chain(piece.moves_in.iter().map(|m| &m.moves.value))
                .any(|t| crate::lang::betza::parse(t).map_or(true, |t| t.components.iter().any(|k| k.capture)))
    };
    let named: Vec<&PieceSpec> = file
        .pieces
        .iter()
        .flatten()
        .filter(|p| by.letters.iter().any(|(l, _)| *l == p.letter.value))
        .collect();
    if !named.is_empty() && !named.iter().any(|p| captures(p)) {
        c.error(
            "`on capture by` names only pieces that never capture: the rule never fires",
            text.location.clone(),
            "name a piece with a capturing move after `by`, or write `on arrival by ...`",
        );
    }
}

/// A piece's actions, their names unique.
fn check_piece_actions(c: &mut Checker<'_>, piece: &PieceSpec, kind: Kind, names: &Names<'_>) -> Vec<CheckedAction> {
    unique_names(c, &piece.actions, &format!("the {}", piece.name.value));
    piece
        .actions
        .iter()
        .filter_map(|action| check_action(c, action, Some(kind), names))
        .collect()
}

fn check_shield(c: &mut Checker<'_>, shield: &ShieldSpec, kind: Kind) -> CheckedShield {
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
    CheckedShield {
        kind,
        radius: shield.radius.value.min(15) as u8,
        against,
    }
}

/// A move makes at most [`MAX_CHOICES`] follow-up choices: those of the
/// action with the most, plus every one the rules may ask for.
fn check_choice_count(c: &mut Checker<'_>, out: &CheckedSentences) {
    let by_rules = out
        .rules
        .iter()
        .flat_map(|r| &r.effects)
        .filter(|e| asks_choice(e))
        .count();
    let by_action = out.actions.iter().map(CheckedAction::choices).max().unwrap_or(0);
    let most = by_rules + by_action;
    if most > MAX_CHOICES {
        c.error(
            format!(
                "one move may have to make {most} follow-up choices (`chosen` pushes, bounces and chosen blocks: {by_action} in one action, {by_rules} in the rules); at most {MAX_CHOICES} are allowed"
            ),
            None,
            "ask for fewer choices: push several pieces with one `chosen` push, or bounce from one rule",
        );
    }
}

/// The distinct kind masks `captured(...)` counts, in the order first
/// used; reports more than [`MAX_COUNTERS`].
fn check_counters(c: &mut Checker<'_>, out: &CheckedSentences) -> Vec<KindSet> {
    let mut counters = Vec::new();
    for cond in out.conditions() {
        captured_masks(cond, &mut counters);
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
    counters
}

/// Reports more than [`MAX_BEFORE`] uses of `before(...)` (each is a bit a
/// move leaves in the position), more than [`MAX_SINCE`] of `since(...)`
/// (a bit per side the position keeps) and `checks(...)` on either side
/// of a comparison of two numbers (the FEN carries checks counted down to
/// one limit).
fn check_comparisons(c: &mut Checker<'_>, out: &CheckedSentences) {
    fn walk(cond: &Cond<Resolved>, uses: &mut [usize; 2], checks: &mut bool) {
        match cond {
            Cond::Not(a) => walk(a, uses, checks),
            Cond::Before(a) => {
                uses[0] += 1;
                walk(a, uses, checks);
            }
            Cond::Since(a, b) => {
                uses[1] += 1;
                walk(a, uses, checks);
                walk(b, uses, checks);
            }
            Cond::And(a, b) | Cond::Or(a, b) => {
                walk(a, uses, checks);
                walk(b, uses, checks);
            }
            Cond::Versus(a, _, b, _) => {
                *checks |= matches!(a, Quantity::Checks(_)) || matches!(b, Quantity::Checks(_));
            }
            _ => {}
        }
    }
    let (mut uses, mut checks) = ([0, 0], false);
    for cond in out.conditions() {
        walk(cond, &mut uses, &mut checks);
    }
    let [befores, sinces] = uses;
    if befores > MAX_BEFORE {
        c.error(
            format!("the variant uses `before(...)` {befores} times; at most {MAX_BEFORE} are kept"),
            None,
            "name the condition once: `before(a or b)` reads as one",
        );
    }
    if sinces > MAX_SINCE {
        c.error(
            format!("the variant uses `since(...)` {sinces} times; at most {MAX_SINCE} are kept"),
            None,
            "name each `since(d, c)` once: the same one written twice still counts twice",
        );
    }
    if checks {
        c.error(
            "`checks(...)` is compared with another number; it may only be compared with a constant",
            None,
            "write `checks(own) >= 3`",
        );
    }
}

/// The `shields` sentences, parsed and resolved.
fn check_shield_rules(
    c: &mut Checker<'_>,
    file: &VariantFile,
    names: &Names<'_>,
) -> Vec<effects::ShieldRule<Resolved>> {
    let texts = file.shields.as_deref().unwrap_or_default();
    if texts.len() > MAX_SHIELD_RULES {
        c.error(
            format!(
                "the variant has {} shields; at most {MAX_SHIELD_RULES} are allowed",
                texts.len()
            ),
            texts[MAX_SHIELD_RULES].location.clone(),
            "merge shields that protect from the same effects (`+` of their squares)",
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    for text in texts {
        let Some(rule) = parse(c, text, "shield", effects::parse_shield) else {
            continue;
        };
        if let Some(cond) = &rule.while_ {
            only_in_end_rules(c, text, cond, "a shield");
        }
        let mut resolver = Resolver { c, text, names };
        let squares = resolver.set(&rule.squares);
        let while_ = match &rule.while_ {
            Some(cond) => resolver.cond(cond).map(Some),
            None => Some(None),
        };
        if squares.as_ref().is_some_and(names_a_move) {
            c.error(
                format!("shield `{}`: its squares name a move (`target`, `origin`, `mover` or `path`), and a shield holds between moves", text.value),
                text.location.clone(),
                "name squares of the position: pieces (`adjacent(own royal)`), ranks, regions",
            );
            continue;
        }
        if let (Some(squares), Some(while_)) = (squares, while_) {
            out.push(effects::ShieldRule {
                squares,
                against: rule.against,
                while_,
            });
        }
    }
    out
}

/// Whether a set reads the move being made, which a shield cannot.
fn names_a_move(e: &effects::SetExpr<Resolved>) -> bool {
    use effects::SetExpr as S;
    match e {
        S::Named(n) => matches!(
            n,
            effects::NamedSet::Target | effects::NamedSet::Origin | effects::NamedSet::Mover | effects::NamedSet::Path
        ),
        S::Area(s, _) | S::Adjacent(s) | S::Manhattan(s, _) | S::Lines(s, ..) | S::First(s, _) => names_a_move(s),
        S::Binary(_, a, b) => names_a_move(a) || names_a_move(b),
        _ => false,
    }
}

/// `through new blocks` sees the squares a move blocked as empty: some
/// rule or action must block squares, or the words change nothing.
fn check_through_new_blocks(c: &mut Checker<'_>, file: &VariantFile, out: &CheckedSentences) {
    if !out.legal.iter().any(|l| matches!(l, LegalClause::NotAttacked(_, true))) {
        return;
    }
    let blocks = |e: &Effect<Resolved>| matches!(e, Effect::Block(_) | Effect::BlockChosen { .. });
    let any = out.rules.iter().flat_map(|r| &r.effects).any(blocks)
        || out.actions.iter().flat_map(|a| &a.effects).any(blocks);
    if !any {
        let at = file
            .legal
            .iter()
            .flatten()
            .find(|t| t.value.to_ascii_lowercase().contains("new blocks"));
        c.error(
            "`through new blocks` in a legality clause, but no rule or action blocks a square",
            at.and_then(|t| t.location.clone()),
            "remove `through new blocks`, or add the rule that blocks squares (`on capture: block(mover)`)",
        );
    }
}

/// `checks must mate` reads check: some `own royal not attacked` clause
/// must say what a check is.
fn checks_mate_needs_check(c: &mut Checker<'_>, file: &VariantFile, text: &Spanned<String>) {
    let has_check = file.legal.as_ref().is_some_and(|all| {
        all.iter()
            .any(|t| matches!(effects::parse_legal(&t.value), Ok(LegalClause::NotAttacked(..))))
    });
    if !has_check {
        c.error(
            "`checks must mate` needs check: no `own royal not attacked` clause says what a check is".to_string(),
            text.location.clone().or_else(|| c.root()),
            "add `own royal not attacked` to `legal`",
        );
    }
}

/// The legality clauses (the default: chess's), each needing a royal piece.
fn check_legal(
    c: &mut Checker<'_>,
    file: &VariantFile,
    names: &Names<'_>,
    filter_labels: &mut Vec<String>,
) -> Vec<LegalClause<Resolved>> {
    let defaults: Vec<Spanned<String>> = DEFAULT_LEGAL.iter().map(|s| Spanned::unplaced(s.to_string())).collect();
    let mut legal = Vec::new();
    let mut detour_seen = false;
    for text in file.legal.as_ref().unwrap_or(&defaults) {
        let Some(clause) = parse(c, text, "legality clause", effects::parse_legal) else {
            continue;
        };
        match &clause {
            LegalClause::Survives(Some(cond))
            | LegalClause::NotAttacked(Some(cond), _)
            | LegalClause::Forbids(cond) => {
                only_in_end_rules(c, text, cond, "a legality clause");
            }
            _ => {}
        }
        if matches!(clause, LegalClause::Filter(effects::FilterClause::ChecksMate)) {
            checks_mate_needs_check(c, file, text);
        }
        if matches!(clause, LegalClause::Filter(effects::FilterClause::CapturesDetour)) {
            if detour_seen {
                c.error(
                    "`captures follow a move as captured` is given twice".to_string(),
                    text.location.clone().or_else(|| c.root()),
                    "keep one: every capture is a detour already",
                );
            }
            detour_seen = true;
        }
        if matches!(clause, LegalClause::Filter(_)) {
            filter_labels.push(text.value.clone());
        }
        let resolved = Resolver { c, text, names }.legal(&clause);
        let names_royal = matches!(clause, LegalClause::Survives(_) | LegalClause::NotAttacked(..));
        if names.royal.is_empty() && names_royal {
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
        legal.extend(resolved);
    }
    legal
}

/// The game-end rules (the default: chess's), with their conditions as
/// written for the reason of a result.
fn check_end(c: &mut Checker<'_>, file: &VariantFile, names: &Names<'_>) -> (Vec<EndRule<Resolved>>, Vec<String>) {
    let defaults: Vec<EndSpec> = DEFAULT_END.iter().map(|s| EndSpec::unplaced(s)).collect();
    let pieces: Vec<String> = c.names.iter().map(|(name, _)| name.clone()).collect();
    let regions: Vec<String> = names.regions.to_vec();
    let (mut end, mut labels) = (Vec::new(), Vec::new());
    for spec in file.end.as_ref().unwrap_or(&defaults) {
        let text = &spec.rule;
        if let Some(name) = &spec.name {
            super::words::check_end_name(c, name);
        }
        let Some(rule) = parse(c, text, "end rule", effects::parse_end) else {
            continue;
        };
        if let Some(cond) = rule.condition.cond() {
            super::sentence_parse::since_inside_since(c, text, cond);
        }
        if let EndCondition::PerpetualCheck(n) | EndCondition::MutualPerpetualCheck(n, _) = rule.condition
            && n < 2
        {
            // The usual outcome of each: a perpetual checker loses, a
            // mutual perpetual is drawn.
            let (mutual, outcome) = if matches!(rule.condition, EndCondition::MutualPerpetualCheck(..)) {
                ("mutual ", "draw")
            } else {
                ("", "loss")
            };
            c.error(
                format!("`{n} repetitions by {mutual}perpetual check`: a position must stand at least twice to repeat"),
                text.location.clone(),
                format!("write 2 or more, as in `3 repetitions by {mutual}perpetual check: {outcome}`"),
            );
            continue;
        }
        if let EndCondition::Shuttles(n, _) = rule.condition
            && n < 2
        {
            c.error(
                format!("`{n} shuttles`: a piece goes back and forth in 2 moves at least"),
                text.location.clone(),
                "write 2 or more, as in `4 shuttles: win`",
            );
            continue;
        }
        if let Some(rule) = (Resolver { c, text, names }).end(&rule) {
            // The reason in words: the rule's name, else a sentence made
            // from the rule itself.
            let label = match &spec.name {
                Some(name) => name.value.clone(),
                None => super::end_words::describe(
                    &rule,
                    &super::end_words::Vocabulary {
                        pieces: &pieces,
                        regions: &regions,
                    },
                ),
            };
            end.push(rule);
            labels.push(label);
        }
    }
    (end, labels)
}

/// Collects the distinct kind masks of `captured(...)` in a condition.
fn captured_masks(cond: &Cond<Resolved>, out: &mut Vec<KindSet>) {
    match cond {
        Cond::Not(a) => captured_masks(a, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            captured_masks(a, out);
            captured_masks(b, out);
        }
        Cond::Compare(Quantity::Captured(mask), _, _) if !out.contains(mask) => out.push(*mask),
        Cond::Versus(a, _, b, _) => {
            for q in [a, b] {
                if let Quantity::Captured(mask) = q
                    && !out.contains(mask)
                {
                    out.push(*mask);
                }
            }
        }
        Cond::Before(a) => captured_masks(a, out),
        Cond::Since(a, b) => {
            captured_masks(a, out);
            captured_masks(b, out);
        }
        _ => {}
    }
}
