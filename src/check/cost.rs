//! The cost of a variant's sentences: an upper bound, in steps (a square
//! visited, a ray square looked at, a set combined), on the work one
//! evaluation may do on the variant's board. A variant whose sentences
//! would cost too much per move, or whose actions too much per piece, is
//! refused when it is checked, so no position takes long to search.

use super::resolve::Resolved;
use super::sentences::{ActionTargets, CheckedSentences};
use crate::base::piece::Kind;
use crate::lang::betza::{Reach, Template};
use crate::lang::effect_syntax::{Comparison, Direction, EndCondition, LegalClause, NamedSet, Quantity, SetOp};

type SetExpr = crate::lang::effect_syntax::SetExpr<Resolved>;
type Cond = crate::lang::effect_syntax::Cond<Resolved>;
type Effect = crate::lang::effect_syntax::Effect<Resolved>;

/// Most steps the rules, legality clauses and end conditions may cost
/// together for one move.
pub const MAX_MOVE_COST: u64 = 1_000_000;

/// Most steps the actions of one piece (or of a side) may cost to list
/// their targets: a condition that depends on the target counts once per
/// target, one that does not counts once.
pub const MAX_ACTION_COST: u64 = 1_000_000;

/// Most distinct templates (by their directions) the variant's `first(...)`
/// and `lines(...)` may use: each becomes a table of rays per square.
pub const MAX_RAY_TABLES: usize = 32;

/// Most moves one position may offer, by an upper bound computed from the
/// pieces, promotion, actions, castling and choices: move lists stay
/// within a few megabytes per ply.
pub const MAX_MOVES: u64 = 1_000_000;

/// Steps counted for testing whether one square is attacked.
const ATTACK_STEPS: u64 = 64;

/// Largest distance along a line on any board.
const LONGEST_RAY: u64 = 15;

/// Most steps the moves of one position may cost together: the bound on
/// the moves a position offers ([`Costs::move_bound`]) times the steps of
/// the sentences for one move. Each is limited on its own
/// ([`MAX_MOVES`], [`MAX_MOVE_COST`]); this bounds their product, the work
/// of listing one position's legal moves (each judged by the legality
/// clauses on the position it leads to) or of playing each of them once.
pub const MAX_POSITION_COST: u64 = POSITION_COST_LIMIT;

const POSITION_COST_LIMIT: u64 = 1_000_000_000;

/// The most work one game's `replay` may cost, in the steps of the
/// variant's load-time estimate of a position
/// ([`Variant::position_cost`](crate::Variant::position_cost)): each move
/// read costs one generation of its position's legal moves, so at most
/// this divided by the estimate moves of a game are replayed
/// (a generation costs far less than its estimate: see docs/limits.md). 2,000-move
/// games of every bundled variant replay (the costliest, `kaboom`, up to
/// 3,251 moves), and a variant at
/// [`MAX_POSITION_COST`] stops after 400 (docs/limits.md, Replay).
pub const MAX_REPLAY_COST: u64 = 400_000_000_000;

/// The steps of a variant's sentences for one move, sentence by sentence.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SentenceCosts {
    /// Each triggered rule, guard and effects.
    pub rules: Vec<u64>,
    /// Each legality clause.
    pub legal: Vec<u64>,
    /// Each end rule's condition.
    pub end: Vec<u64>,
    /// The action effects together.
    pub actions: u64,
}

impl SentenceCosts {
    /// All of them together: the sentences' cost for one move.
    pub fn total(&self) -> u64 {
        (self.rules.iter().chain(&self.legal).chain(&self.end)).fold(self.actions, |a, b| a.saturating_add(*b))
    }
}

/// Estimates on a board of `squares` squares.
pub struct Costs {
    squares: u64,
}

/// The cost of the rules per move, or of one action per piece, over the limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverBudget {
    /// What costs too much, and how much.
    pub message: String,
    /// Which limit it is over.
    pub limit: u64,
}

fn over(what: String, cost: u64, limit: u64) -> OverBudget {
    OverBudget {
        message: format!("{what} costs about {cost} steps; at most {limit} are allowed"),
        limit,
    }
}

impl Costs {
    /// Estimates for a board of `squares` squares.
    pub fn new(squares: usize) -> Self {
        Self {
            squares: squares as u64,
        }
    }

    /// Squares (at most) along the rays of template `t` from one square,
    /// each direction counted once at its longest reach.
    pub fn ray_squares(t: &Template) -> u64 {
        let mut rays: Vec<((i32, i32), u64)> = Vec::new();
        for c in &t.components {
            for &v in &c.vectors {
                let step = v.0.unsigned_abs().max(v.1.unsigned_abs()).max(1) as u64;
                let reach = match c.reach {
                    Reach::Leap => 1,
                    Reach::Ride { max } => max.map_or(LONGEST_RAY, |m| m as u64).min(LONGEST_RAY / step),
                };
                match rays.iter_mut().find(|(d, _)| *d == v) {
                    Some(entry) => entry.1 = entry.1.max(reach),
                    None => rays.push((v, reach.max(1))),
                }
            }
        }
        rays.iter().map(|(_, r)| r).sum()
    }

    /// (most squares in the set, steps to evaluate it).
    pub fn set(&self, e: &SetExpr) -> (u64, u64) {
        let n = self.squares;
        match e {
            SetExpr::Named(NamedSet::Target | NamedSet::Origin | NamedSet::Mover) => (1, 1),
            SetExpr::Named(NamedSet::Path) => (LONGEST_RAY, LONGEST_RAY),
            SetExpr::Named(NamedSet::All) => (n, 1),
            SetExpr::Named(_) | SetExpr::Pieces(..) => (n, n),
            SetExpr::Ranks(..) | SetExpr::Files(..) | SetExpr::Region(..) => (n, 1),
            SetExpr::Last(_) => (2, 1),
            SetExpr::Area(s, r) => {
                let (size, cost) = self.set(s);
                let side = 2 * *r as u64 + 1;
                (n.min(size.saturating_mul(side * side)), cost.saturating_add(size))
            }
            SetExpr::Adjacent(s) => {
                let (size, cost) = self.set(s);
                (n.min(size.saturating_mul(9)), cost.saturating_add(size))
            }
            SetExpr::Manhattan(s, r) => {
                let (size, cost) = self.set(s);
                let r = *r as u64;
                (
                    n.min(size.saturating_mul(2 * r * r + 2 * r + 1)),
                    cost.saturating_add(size),
                )
            }
            SetExpr::Lines(s, t, ..) => {
                let (size, cost) = self.set(s);
                (
                    n.min(size.saturating_mul(Self::ray_squares(t))),
                    cost.saturating_add(size),
                )
            }
            SetExpr::Marked(_) => (n, n),
            SetExpr::First(s, t) | SetExpr::Reach(s, t) | SetExpr::Enclosed(s, t) | SetExpr::Enclosing(s, t, _) => {
                let (size, cost) = self.set(s);
                let rays = Self::ray_squares(t);
                (
                    n.min(size.saturating_mul(rays)),
                    cost.saturating_add(size.saturating_mul(rays)),
                )
            }
            SetExpr::Binary(op, a, b) => {
                let ((sa, ca), (sb, cb)) = (self.set(a), self.set(b));
                let size = match op {
                    SetOp::Union => n.min(sa + sb),
                    SetOp::Difference => sa,
                    SetOp::Intersection => sa.min(sb),
                };
                (size, ca.saturating_add(cb).saturating_add(1))
            }
        }
    }

    /// Steps to evaluate a condition.
    pub fn cond(&self, c: &Cond) -> u64 {
        match c {
            Cond::Truth(_)
            | Cond::Compare(
                Quantity::Captured(_) | Quantity::Checks(_) | Quantity::Held(..) | Quantity::Passes,
                _,
                _,
            )
            | Cond::Dropped(_)
            | Cond::Castled(_)
            | Cond::CastlingRight(_)
            | Cond::Capture => 1,
            Cond::Not(a) | Cond::Before(a) => self.cond(a),
            Cond::Since(d, c) => self.cond(d).saturating_add(self.cond(c)),
            Cond::And(a, b) | Cond::Or(a, b) => self.cond(a).saturating_add(self.cond(b)),
            Cond::Versus(a, _, b, _) => {
                let one = |q: &Quantity<Resolved>| self.cond(&Cond::Compare(q.clone(), Comparison::Equal, 0));
                one(a).saturating_add(one(b))
            }
            Cond::Compare(Quantity::Count(s) | Quantity::Squares(s) | Quantity::Material(s), _, _)
            | Cond::Exists(s) => self.set(s).1.saturating_add(1),
            Cond::Attacked(s, by) | Cond::AttackedEvery(s, by) => {
                let (size, cost) = self.set(s);
                let by = by.as_ref().map_or(0, |b| self.set(b).1);
                cost.saturating_add(by)
                    .saturating_add(size.saturating_mul(ATTACK_STEPS))
            }
            Cond::Touching(a, b) => {
                let ((sa, ca), (_, cb)) = (self.set(a), self.set(b));
                ca.saturating_add(cb).saturating_add(sa)
            }
            Cond::Within(a, b) => self.set(a).1.saturating_add(self.set(b).1),
            // Each piece of the set, along each direction: one mask test.
            Cond::Line(_, s, _, t) => {
                let (size, cost) = self.set(s);
                let directions: u64 = t.components.iter().map(|c| c.vectors.len() as u64).sum();
                cost.saturating_add(size.saturating_mul(directions.max(1)))
            }
            Cond::Block(s, _) => {
                let (size, cost) = self.set(s);
                cost.saturating_add(size)
            }
            // Each piece of the chain, along each direction, once.
            Cond::Connected(_, sets, t) => {
                let [(size, cost), (_, ca), (_, cb)] = [&sets[0], &sets[1], &sets[2]].map(|s| self.set(s));
                let rays = Self::ray_squares(t);
                cost.saturating_add(ca)
                    .saturating_add(cb)
                    .saturating_add(size.saturating_mul(rays.max(1)))
            }
            // Every legal move of the side to move: a piece's moves from
            // each square, each played and judged.
            Cond::CanReach(a, b) => self
                .set(a)
                .1
                .saturating_add(self.set(b).1)
                .saturating_add(self.squares.saturating_mul(self.squares)),
        }
    }

    /// Steps to run an effect (its sets; a push or a bounce moves at most
    /// a line of pieces per square).
    pub fn effect(&self, e: &Effect) -> u64 {
        match e {
            Effect::Remove(s) | Effect::Block(s) => self.set(s).1.saturating_add(self.squares),
            Effect::Shield { squares, .. } => self.set(squares).1.saturating_add(1),
            Effect::Consume => 1,
            Effect::Recolour { set, .. }
            | Effect::Transform { set, .. }
            | Effect::Mark { set, .. }
            | Effect::Unmark { set, .. } => self.set(set).1.saturating_add(self.squares),
            // Its square, and an occupant to remove.
            Effect::Place(p) => super::placement::place_set(&p.at)
                .map_or(0, |s| self.set(s).1)
                .saturating_add(self.squares),
            Effect::BlockChosen { among, unblocking, .. } => self
                .set(among)
                .1
                .saturating_add(unblocking.as_ref().map_or(0, |s| self.set(s).1))
                .saturating_add(self.squares),
            Effect::Push { set, direction, .. } => {
                let (size, cost) = self.set(set);
                let away = match direction {
                    Direction::AwayFrom(s) => self.set(s).1,
                    _ => 0,
                };
                cost.saturating_add(away)
                    .saturating_add(size.saturating_mul(LONGEST_RAY))
            }
            Effect::Bounce { set, from, .. } => self.set(set).1.saturating_add(self.set(from).1),
            // Each piece of the set walks its moves' tables once.
            Effect::MoveOn { set, onto, .. } => {
                let (size, cost) = self.set(set);
                cost.saturating_add(onto.as_ref().map_or(0, |s| self.set(s).1))
                    .saturating_add(size.saturating_mul(self.squares))
            }
            Effect::Exchange(s) => self.set(s).1.saturating_add(1),
        }
    }

    /// Checks the sentences against [`MAX_MOVE_COST`], [`MAX_RAY_TABLES`]
    /// and [`MAX_ACTION_COST`].
    pub fn check(&self, s: &CheckedSentences) -> Vec<OverBudget> {
        let mut over = Vec::new();
        over.extend(self.per_move(s));
        over.extend(ray_tables(s));
        over.extend(self.per_piece(s));
        over
    }

    /// Steps of each triggered rule (its guard and effects), each legality
    /// clause and each end condition, for one move, in file order.
    pub fn sentence_costs(&self, s: &CheckedSentences) -> SentenceCosts {
        let rules = (s.rules.iter())
            .map(|rule| {
                (rule.effects.iter())
                    .map(|e| self.effect(e))
                    .fold(rule.guard.as_ref().map_or(0, |g| self.cond(g)), u64::saturating_add)
            })
            .collect();
        let legal = (s.legal.iter())
            .map(|clause| match clause {
                LegalClause::Survives(Some(c)) | LegalClause::NotAttacked(Some(c), _) | LegalClause::Forbids(c) => {
                    self.cond(c)
                }
                _ => 0,
            })
            .collect();
        let end = (s.end.iter())
            .map(|rule| match &rule.condition {
                EndCondition::Holds(c) => self.cond(c),
                _ => 0,
            })
            .collect();
        let actions = (s.actions.iter())
            .flat_map(|a| &a.effects)
            .map(|e| self.effect(e))
            .fold(0, u64::saturating_add);
        SentenceCosts {
            rules,
            legal,
            end,
            actions,
        }
    }

    /// The rules, legality clauses, end conditions and action effects of one move.
    fn per_move(&self, s: &CheckedSentences) -> Option<OverBudget> {
        let per_move = self.sentence_costs(s).total();
        (per_move > MAX_MOVE_COST).then(|| {
            self::over(
                "the variant's rules, legality clauses, end conditions and action effects, for one move,".into(),
                per_move,
                MAX_MOVE_COST,
            )
        })
    }

    /// The actions' targets for one piece: each action, and all together.
    fn per_piece(&self, s: &CheckedSentences) -> Vec<OverBudget> {
        let mut over = Vec::new();
        let mut per_piece = 0u64;
        for a in &s.actions {
            let (targets, target_cost) = match &a.targets {
                ActionTargets::Squares(set) => self.set(set),
                ActionTargets::Moves(t) => {
                    let rays: u64 = t.components.iter().map(|c| c.vectors.len() as u64 * LONGEST_RAY).sum();
                    let n = self.squares.min(rays);
                    (n, n)
                }
            };
            let when = a.when.as_ref().map_or(0, |c| self.cond(c));
            let uses_target = a.when.as_ref().is_some_and(super::analysis::cond_uses_target);
            let cost = target_cost.saturating_add(if uses_target {
                when.saturating_mul(targets.max(1))
            } else {
                when
            });
            per_piece = per_piece.saturating_add(cost);
            if cost > MAX_ACTION_COST {
                over.push(self::over(
                    format!("action `{}`, listing its targets for one piece,", a.name),
                    cost,
                    MAX_ACTION_COST,
                ));
            }
        }
        if per_piece > MAX_ACTION_COST && over.is_empty() {
            over.push(self::over(
                "the variant's actions together, listing their targets for one piece,".into(),
                per_piece,
                MAX_ACTION_COST,
            ));
        }
        over
    }
}

/// The distinct templates (by their directions) of `first(...)`,
/// `reach(...)` and `lines(...)`, each a table of rays per square, against [`MAX_RAY_TABLES`].
fn ray_tables(s: &CheckedSentences) -> Option<OverBudget> {
    let mut tables: Vec<Vec<((i32, i32), usize)>> = Vec::new();
    let mut note = |e: &SetExpr| {
        if let SetExpr::First(_, t) | SetExpr::Lines(_, t, ..) | SetExpr::Reach(_, t) = e {
            let d = super::analysis::template_directions(t);
            if !tables.contains(&d) {
                tables.push(d);
            }
        }
    };
    // Every condition (rules, actions, legality, end rules, dead positions
    // included), every effect and every action's target set.
    for c in s.conditions() {
        cond_sets(c, &mut note);
    }
    for rule in &s.rules {
        rule.effects.iter().for_each(|e| effect_sets(e, &mut note));
    }
    for a in &s.actions {
        if let ActionTargets::Squares(t) = &a.targets {
            set_walk(t, &mut note);
        }
        a.effects.iter().for_each(|e| effect_sets(e, &mut note));
    }
    (tables.len() > MAX_RAY_TABLES).then(|| OverBudget {
        message: format!(
            "the variant uses {} different templates in `first(...)`, `reach(...)` and `lines(...)`; at most {MAX_RAY_TABLES} are allowed",
            tables.len()
        ),
        limit: MAX_RAY_TABLES as u64,
    })
}

impl Costs {
    /// Squares (at most) a template's moves reach from one square.
    fn reach(&self, t: &crate::lang::betza::Template) -> u64 {
        let all: u64 = t
            .components
            .iter()
            .map(|c| {
                let per = match c.reach {
                    Reach::Leap => 1,
                    Reach::Ride { max } => max.map_or(LONGEST_RAY, |m| (m as u64).min(LONGEST_RAY)),
                };
                c.vectors.len() as u64 * per
            })
            .sum();
        all.min(self.squares)
    }

    /// Moves (at most) one action offers from one square: a compelling
    /// action offers `compelled` moves per target.
    fn action_moves(&self, a: &super::CheckedAction, choices: u64, compelled: u64) -> u64 {
        let targets = match &a.targets {
            ActionTargets::Squares(set) => self.set(set).0,
            ActionTargets::Moves(t) => self.reach(t),
        };
        let directions = 8u64.saturating_pow(a.choices() as u32);
        let each = if a.compel {
            compelled
        } else if a.promotes {
            choices.max(1)
        } else {
            1
        };
        targets.saturating_mul(each).saturating_mul(directions)
    }

    /// An upper bound on the moves one position may offer: every square
    /// holding the piece with the most moves (promotions, actions and
    /// compelled moves included), plus side actions, castling and drops,
    /// each with every follow-up choice.
    pub fn move_bound(
        &self,
        pieces: &[super::CheckedPiece],
        promotions: &[super::CheckedPromotion],
        castling_rules: usize,
        s: &CheckedSentences,
    ) -> u64 {
        let choices = promotions.iter().map(|p| p.choices.len() as u64).max().unwrap_or(0);
        let promotes = |k: usize| promotions.iter().any(|p| p.pieces.contains(&Kind::from_index(k)));
        let base: Vec<u64> = pieces
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let moves = (p.regions.moves_in.iter())
                    .map(|(_, t)| self.reach(t))
                    .fold(self.reach(&p.template), u64::max);
                if promotes(k) { moves * (choices + 1) } else { moves }
            })
            .collect();
        // Moves of a kind, its actions included; a compelled piece makes
        // any of its moves or (not compelling) actions.
        let kind_moves = |k: usize, compelled: u64| -> u64 {
            s.actions
                .iter()
                .filter(|a| a.owner == Some(Kind::from_index(k)))
                .map(|a| self.action_moves(a, choices, compelled))
                .fold(base[k], u64::saturating_add)
        };
        let most_plain = (0..pieces.len()).map(|k| kind_moves(k, 0)).max().unwrap_or(0);
        let per_piece = (0..pieces.len()).map(|k| kind_moves(k, most_plain)).max().unwrap_or(0);
        let action_moves = |a: &super::CheckedAction| self.action_moves(a, choices, most_plain);
        let side: u64 = s.actions.iter().filter(|a| a.owner.is_none()).map(action_moves).sum();
        let castling = castling_rules as u64 * (1 << crate::base::limits::MAX_CARRY);
        // A drop of each kind that may be held, on each square.
        let drops = match s.drops {
            Some(_) => self
                .squares
                .saturating_mul(pieces.iter().filter(|p| !p.royal).count() as u64),
            None => 0,
        };
        let total = self
            .squares
            .saturating_mul(per_piece)
            .saturating_add(side)
            .saturating_add(castling)
            .saturating_add(drops);
        // Each choice the rules ask for: a bounce of any piece of its set
        // or none, a direction out of 8.
        s.rules
            .iter()
            .flat_map(|r| &r.effects)
            .filter_map(|e| match e {
                Effect::Bounce { set, .. } => Some(self.set(set).0 + 1),
                Effect::BlockChosen { among, .. } => Some(self.set(among).0.max(1)),
                Effect::Push {
                    direction: Direction::Chosen,
                    ..
                } => Some(8),
                _ => None,
            })
            .fold(total, u64::saturating_mul)
            .saturating_mul(self.moves_on(pieces, s))
    }

    /// The further moves a move may go on with (`move(S as ...)`), counted
    /// once per move whatever the rules that offer them (they are
    /// alternatives: a piece of S goes on by the moves of one kind): the
    /// most pieces S holds times the most moves a kind has (a promotion
    /// where it ends replaces the capture's, which the moves count); 1
    /// without such rules.
    fn moves_on(&self, pieces: &[super::CheckedPiece], s: &CheckedSentences) -> u64 {
        let most_reach = pieces.iter().map(|p| self.reach(&p.template)).max().unwrap_or(0).max(1);
        s.rules
            .iter()
            .flat_map(|r| &r.effects)
            .filter_map(|e| match e {
                Effect::MoveOn { set, .. } => Some(self.set(set).0.saturating_mul(most_reach).saturating_add(1)),
                _ => None,
            })
            .max()
            .unwrap_or(1)
    }
}

/// Calls `f` on every set expression inside `e`, `e` included.
fn set_walk(e: &SetExpr, f: &mut impl FnMut(&SetExpr)) {
    f(e);
    match e {
        SetExpr::Area(s, _)
        | SetExpr::Adjacent(s)
        | SetExpr::Manhattan(s, _)
        | SetExpr::Lines(s, ..)
        | SetExpr::First(s, _)
        | SetExpr::Reach(s, _)
        | SetExpr::Enclosed(s, _)
        | SetExpr::Enclosing(s, ..) => set_walk(s, f),
        SetExpr::Binary(_, a, b) => {
            set_walk(a, f);
            set_walk(b, f);
        }
        SetExpr::Named(_)
        | SetExpr::Pieces(..)
        | SetExpr::Ranks(..)
        | SetExpr::Files(..)
        | SetExpr::Region(..)
        | SetExpr::Marked(_) => {}
        SetExpr::Last(_) => {}
    }
}

fn cond_sets(c: &Cond, f: &mut impl FnMut(&SetExpr)) {
    match c {
        Cond::Truth(_)
        | Cond::Compare(Quantity::Captured(_) | Quantity::Checks(_) | Quantity::Held(..) | Quantity::Passes, _, _)
        | Cond::Dropped(_)
        | Cond::Castled(_)
        | Cond::CastlingRight(_)
        | Cond::Capture => {}
        Cond::Not(a) | Cond::Before(a) => cond_sets(a, f),
        Cond::Since(d, c) => {
            cond_sets(d, f);
            cond_sets(c, f);
        }
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond_sets(a, f);
            cond_sets(b, f);
        }
        Cond::Versus(a, _, b, _) => {
            cond_sets(&Cond::Compare(a.clone(), Comparison::Equal, 0), f);
            cond_sets(&Cond::Compare(b.clone(), Comparison::Equal, 0), f);
        }
        Cond::Compare(Quantity::Count(s) | Quantity::Squares(s) | Quantity::Material(s), _, _)
        | Cond::Exists(s)
        | Cond::Attacked(s, None)
        | Cond::AttackedEvery(s, None)
        | Cond::Line(_, s, _, _)
        | Cond::Block(s, _) => set_walk(s, f),
        Cond::Touching(a, b)
        | Cond::Within(a, b)
        | Cond::CanReach(a, b)
        | Cond::Attacked(a, Some(b))
        | Cond::AttackedEvery(a, Some(b)) => {
            set_walk(a, f);
            set_walk(b, f);
        }
        Cond::Connected(_, sets, _) => {
            for s in sets.iter() {
                set_walk(s, f);
            }
        }
    }
}

fn effect_sets(e: &Effect, f: &mut impl FnMut(&SetExpr)) {
    match e {
        Effect::Remove(s) | Effect::Block(s) | Effect::Shield { squares: s, .. } => set_walk(s, f),
        Effect::Consume => {}
        Effect::Recolour { set, .. }
        | Effect::Transform { set, .. }
        | Effect::Mark { set, .. }
        | Effect::Unmark { set, .. } => set_walk(set, f),
        Effect::Place(p) => {
            if let Some(s) = super::placement::place_set(&p.at) {
                set_walk(s, f);
            }
        }
        Effect::BlockChosen { among, unblocking, .. } => {
            set_walk(among, f);
            if let Some(s) = unblocking {
                set_walk(s, f);
            }
        }
        Effect::Push { set, direction, .. } => {
            set_walk(set, f);
            if let Direction::AwayFrom(s) = direction {
                set_walk(s, f);
            }
        }
        Effect::Bounce { set, from, .. } => {
            set_walk(set, f);
            set_walk(from, f);
        }
        Effect::MoveOn { set, onto, .. } => {
            set_walk(set, f);
            if let Some(s) = onto {
                set_walk(s, f);
            }
        }
        Effect::Exchange(s) => set_walk(s, f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_atoms_count_once() {
        let rays = |t: &str| Costs::ray_squares(&crate::lang::betza::parse(t).unwrap());
        assert_eq!(rays("KN"), rays(&"KN".repeat(100)));
        assert_eq!(rays("Q"), 8 * 15);
        assert_eq!(rays("N"), 8);
    }

    #[test]
    fn a_target_condition_costs_per_target() {
        let costs = Costs::new(256);
        // `exists(first(target, Q))`, resolved.
        let queen = crate::lang::betza::parse("Q").unwrap();
        let cond = Cond::Exists(SetExpr::First(Box::new(SetExpr::Named(NamedSet::Target)), queen));
        assert_eq!(costs.cond(&cond), 1 + 1 + 120);
    }
}
