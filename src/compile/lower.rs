//! Lowering: the checked, resolved sentences of a variant compiled into
//! the flat programs of the [IR](super::ir). Names were resolved by the
//! checker (kind masks, parsed templates, counters); a name found
//! unresolved here would be a bug in the checker, not in the file.

use super::ir::QuantityNode;
use super::ir::{
    CompiledAction, CompiledRule, CondId, CondNode, Counting, CountingStart, Drops, End, KindTo, Legal, LineGoal,
    LineSupport, Op, Programs, PushDirection, SetId, SetNode,
};
use crate::base::geometry::Geometry;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::{NamedSet, RanksFrom};
use crate::check::analysis::cond_uses_target;
use crate::check::{ActionTargets, CheckedAction, CheckedSentences, Resolved};
use crate::lang::effect_syntax::{self as ast, Direction, EndCondition, LegalClause, Quantity, SetOp, Trigger};

mod facts;
mod lower_place;
mod lower_tables;

use facts::{checks_by_lines, owned_actions, plan_choices, rules_keep_legality, rules_recolour_mover, turns_mover};

type SetExpr = ast::SetExpr<Resolved>;
type Cond = ast::Cond<Resolved>;
type Effect = ast::Effect<Resolved>;

/// A lines table's key: the template's directions with their reach, and
/// the side that reads them.
type LineKey = (Vec<((i32, i32), usize)>, RanksFrom);

/// What a line-goal mask table is built from: goal, row length (0 for a
/// collinear goal; the side for a block) and directions.
type LineMaskKey = (LineGoal, usize, Vec<(i32, i32)>);

struct Builder {
    p: Programs,
    /// The actions' names, in their order in `p.actions` (for `last(...)`).
    action_names: Vec<String>,
    g: Geometry,
    /// The directions of each table in `p.rays`, to share tables.
    ray_keys: Vec<Vec<((i32, i32), usize)>>,
    /// The directions of each table in `p.lines`.
    line_keys: Vec<LineKey>,
    /// The keys of [`Programs::line_masks`]: goal, row length (0 for a
    /// collinear goal) and directions.
    line_mask_keys: Vec<LineMaskKey>,
    /// Each region's squares per side, and its table in `p.zones` once
    /// a sentence names it.
    regions: Vec<([SquareSet; 2], [Option<u32>; 4])>,
    /// The condition of each `before(...)` bit, as written, so that one
    /// condition written twice is evaluated once.
    before_ast: Vec<Cond>,
    /// Each `since(...)` as written, so that one written twice keeps one bit.
    since_ast: Vec<Cond>,
}

/// Compiles the checked sentences of a variant; `initial_ranks` gives each
/// kind's initial ranks (for the `i` moves of its actions' templates),
/// `regions` each region's squares per side.
pub fn compile(
    s: &CheckedSentences,
    g: Geometry,
    initial_ranks: &dyn Fn(Kind) -> (Vec<i32>, Option<[SquareSet; 2]>),
    regions: &[[SquareSet; 2]],
    royal_kinds: KindSet,
) -> Programs {
    let all: SquareSet = Square::all(g.squares()).collect();
    let mut b = Builder {
        p: Programs {
            all,
            light: (0..g.squares())
                .map(Square::from_index)
                .filter(|&sq| (g.file(sq) + g.rank(sq)) % 2 != 0)
                .collect(),
            counters: s.counters.clone(),
            marks: s.marks.clone(),
            ..Default::default()
        },
        g,
        action_names: s.actions.iter().map(|a| a.name.clone()).collect(),
        ray_keys: Vec::new(),
        line_keys: Vec::new(),
        line_mask_keys: Vec::new(),
        before_ast: Vec::new(),
        since_ast: Vec::new(),
        regions: regions.iter().map(|r| (*r, [None; 4])).collect(),
    };
    for rule in &s.rules {
        b.rule(rule);
    }
    let mut once = 0u8;
    for a in &s.actions {
        let compiled = b.action(a, &mut once, initial_ranks);
        if let Some(k) = a.owner {
            b.p.action_kinds.insert(k);
        }
        b.p.actions.push(compiled);
    }
    b.p.owned_actions = owned_actions(&b.p.actions);
    b.p.side_actions = (b.p.actions.iter().enumerate())
        .filter(|(_, a)| a.owner.is_none())
        .map(|(i, _)| i as u16)
        .collect();
    super::origin_conds::resolve(&mut b.p);
    b.p.last_ids = (b.action_names.iter())
        .map(|n| b.action_names.iter().position(|m| m == n).unwrap_or(0) as u8)
        .collect();
    b.legal_clauses(s, royal_kinds);
    b.ends(s);
    b.p.royal_ends = super::royal_ends::table(&b.p, royal_kinds);
    b.p.check_ends = super::check_ends::table(&b.p);
    b.p.holds_guards = super::end_guards::guards(&b.p);
    b.p.holds_gate = super::end_guards::royal_gate(&b.p, royal_kinds);
    b.p.end_labels = s.end_labels.clone();
    b.shields_and_drops(s);
    b.p.any_effects = b.p.has_effects();
    plan_choices(&mut b.p);
    super::side_walls::resolve(&mut b.p);
    if let Some(reach) = b.p.bounce_reach {
        // Move generation reads the squares within reach of the mover.
        b.area_table(reach);
    }
    b.bounce_tables();
    b.p.removal_reach = super::removal_reach::reach(&b.p, g.squares());
    b.p.rules_keep_legality = rules_keep_legality(&b.p, s, royal_kinds);
    b.p.rules_recolour_mover = !b.p.rules_keep_legality && rules_recolour_mover(&b.p, royal_kinds);
    b.p.turns_mover = turns_mover(&b.p);
    b.p.checks_by_lines = checks_by_lines(&b.p);
    b.p
}

impl Builder {
    /// The legality clauses, into [`Programs::legal`] and the flags that
    /// tell the engine what they read.
    fn legal_clauses(&mut self, s: &CheckedSentences, royal_kinds: KindSet) {
        self.p.survives_unless_no_enemy_royal = true;
        let mut filter_clauses = 0;
        for clause in &s.legal {
            if let LegalClause::Survives(Some(unless)) = clause {
                let no_enemy_royal = matches!(
                    unless,
                    Cond::Not(inner) if matches!(
                        &**inner,
                        Cond::Exists(SetExpr::Pieces(ast::SideFilter::Enemy, kinds)) if *kinds == royal_kinds
                    )
                );
                self.p.survives_unless_no_enemy_royal &= no_enemy_royal;
            }
            let legal = match clause {
                LegalClause::Survives(unless) => Legal::Survives(unless.as_ref().map(|c| self.cond(c))),
                LegalClause::NotAttacked(unless, through) => {
                    self.p.attacks_through_new_blocks |= *through;
                    Legal::NotAttacked(unless.as_ref().map(|c| self.cond(c)))
                }
                LegalClause::Forbids(c) => {
                    let cond = self.cond(c);
                    let gives_check = matches!(
                        c,
                        Cond::Attacked(ast::SetExpr::Pieces(ast::SideFilter::Enemy, kinds), None) if *kinds == royal_kinds
                    );
                    match self.line_support(c, royal_kinds) {
                        Some((from, other, lines)) => self.p.forbid_lines.push(LineSupport {
                            cond,
                            from,
                            other,
                            lines,
                        }),
                        None if gives_check => self.p.forbids_checks = true,
                        None => match before_gate(c) {
                            // `not (before(x) and ...)` can fail only where x
                            // held before the move.
                            Some(x) => {
                                let bit = self
                                    .before_ast
                                    .iter()
                                    .position(|y| y == x)
                                    .expect("lowered with the clause");
                                self.p.forbid_gates |= 1 << bit;
                            }
                            None => self.p.forbids_opaque = true,
                        },
                    }
                    Legal::Forbids(cond)
                }
                LegalClause::CapturesCompulsory => {
                    self.p.captures_compulsory = true;
                    continue;
                }
                LegalClause::DropsCompulsory => {
                    self.p.drops_compulsory = true;
                    continue;
                }
                LegalClause::Filter(f) => {
                    let label = s.filter_labels.get(filter_clauses).cloned().unwrap_or_default();
                    filter_clauses += 1;
                    super::filter_lower::lower_filter_clause(&mut self.p.filters, f, self.g, label);
                    continue;
                }
            };
            self.p.legal.push(legal);
        }
    }

    /// The game ends and the count of moves towards a limit.
    fn ends(&mut self, s: &CheckedSentences) {
        for rule in &s.end {
            let end = self.end(&rule.condition);
            if let End::Holds(c) = end {
                self.p.holds_ends.push((self.p.end.len() as u16, c));
            }
            self.p.end.push((end, rule.outcome));
        }
        if let Some(counting) = &s.counting {
            let limits = counting
                .limits
                .iter()
                .map(|l| (self.cond(&l.when), (2 * l.moves).min(u16::MAX as u32) as u16))
                .collect();
            let starts = counting
                .starts
                .iter()
                .map(|st| CountingStart {
                    mover: st.side == crate::spec::CountingSide::Mover,
                    when: st.when.as_ref().map(|c| self.cond(c)),
                    idle: st.idle,
                    plies: st.plies,
                    per_piece: st.per_piece,
                })
                .collect();
            self.p.counting = Some(Counting { limits, starts });
        }
    }

    /// The shields, shield rules and drops, with the area tables they read.
    fn shields_and_drops(&mut self, s: &CheckedSentences) {
        self.p.shields = s.shields.iter().map(|sh| (sh.kind, sh.radius, sh.against)).collect();
        for rule in &s.shield_rules {
            let squares = self.set(&rule.squares);
            let while_ = rule.while_.as_ref().map(|c| self.cond(c));
            self.p.shield_rules.push((squares, rule.against, while_));
        }
        for &(_, radius, _) in &self.p.shields.clone() {
            self.area_table(radius);
        }
        self.area_table(1);
        if let Some(d) = &s.drops {
            let mut zones = vec![None; 64];
            for (kinds, set) in &d.zones {
                let id = self.set(set);
                for &k in kinds {
                    zones[k.index()] = Some(id);
                }
            }
            self.p.drops = Some(Drops {
                captures_to_hand: d.captures_to_hand,
                demote_captured: d.demote_captured,
                zones,
                split_colours: d.split_colours.clone(),
                free: d.free,
                gating: d.gating,
                drop_moves: d.drop_moves,
            });
        }
    }

    /// A triggered rule, into the list of its trigger.
    fn rule(&mut self, rule: &ast::TriggeredRule<Resolved>) {
        let guard = rule.guard.as_ref().map(|c| self.cond(c));
        let ops: Vec<Op> = rule.effects.iter().map(|e| self.op(e)).collect();
        let by = rule.by;
        if rule.trigger == Trigger::Capture
            && ops.iter().any(|op| matches!(op, Op::MoveOn { set, .. } if self.p.sets[*set as usize] == SetNode::Named(NamedSet::Mover)))
        {
            // The capturer moves on: it promotes where it ends.
            self.p.promotes_after_move_on = self.p.promotes_after_move_on.union(by.unwrap_or(KindSet::ALL));
        }
        match rule.trigger {
            Trigger::Capture => self.p.on_capture.push(CompiledRule {
                by,
                guard,
                ops,
                except_castling: false,
            }),
            Trigger::Arrival => self.p.on_arrival.push(CompiledRule {
                by,
                guard,
                ops,
                except_castling: true,
            }),
            Trigger::AfterMove { except_castling } => {
                self.p.after_move.push(CompiledRule {
                    by,
                    guard,
                    ops,
                    except_castling,
                });
            }
        }
    }

    /// A game-end condition.
    fn end(&mut self, condition: &EndCondition<Resolved>) -> End {
        match condition {
            EndCondition::Checkmate(c) => End::Checkmate(c.as_ref().map(|c| self.cond(c))),
            EndCondition::Stalemate(c) => End::Stalemate(c.as_ref().map(|c| self.cond(c))),
            EndCondition::MoveRule(n, c) => End::MoveRule(*n, c.as_ref().map(|c| self.cond(c))),
            EndCondition::Repetition(n, c) => End::Repetition(*n, c.as_ref().map(|c| self.cond(c))),
            EndCondition::PerpetualCheck(n) => End::PerpetualCheck(*n),
            EndCondition::MutualPerpetualCheck(n, c) => End::MutualPerpetualCheck(*n, c.as_ref().map(|c| self.cond(c))),
            EndCondition::Shuttles(n, kinds) => End::Shuttles(*n, *kinds),
            EndCondition::CountingOver => End::CountingOver,
            EndCondition::Holds(c) => {
                self.p.immediate_end = true;
                End::Holds(self.cond(c))
            }
            EndCondition::Dead(c) => End::Dead(self.cond(c)),
        }
    }

    fn push_set(&mut self, node: SetNode) -> SetId {
        self.p.sets.push(node);
        (self.p.sets.len() - 1) as SetId
    }

    fn push_cond(&mut self, node: CondNode) -> CondId {
        self.p.conds.push(node);
        (self.p.conds.len() - 1) as CondId
    }

    // One arm per square-set form of the effect grammar: it reads better whole.
    fn set(&mut self, e: &SetExpr) -> SetId {
        let node = match e {
            SetExpr::Named(n) => SetNode::Named(*n),
            SetExpr::Last(a) => {
                self.p.reads_last = true;
                let mask = (self.action_names.iter().enumerate())
                    .filter(|(_, n)| **n == a.name)
                    .fold(0u64, |m, (i, _)| m | 1u64.checked_shl(i as u32).unwrap_or(0));
                SetNode::Last(mask)
            }
            SetExpr::Pieces(side, kinds) => SetNode::Pieces {
                side: *side,
                kinds: *kinds,
            },
            SetExpr::Area(s, r) => {
                self.area_table(*r);
                SetNode::Area {
                    set: self.set(s),
                    radius: *r,
                }
            }
            SetExpr::Adjacent(s) => {
                self.area_table(1);
                SetNode::Adjacent { set: self.set(s) }
            }
            SetExpr::Lines(s, template, at_least, from) => {
                let set = self.set(s);
                let table = self.lines_table(template, *from);
                SetNode::Lines {
                    set,
                    table,
                    at_least: *at_least,
                }
            }
            SetExpr::First(s, template) => {
                let set = self.set(s);
                let table = self.rays_table(template);
                SetNode::First { set, table }
            }
            SetExpr::Reach(s, template) => {
                let set = self.set(s);
                let table = self.rays_table(template);
                SetNode::Reach { set, table }
            }
            SetExpr::Manhattan(s, r) => {
                self.manhattan_table(*r);
                SetNode::Manhattan {
                    set: self.set(s),
                    radius: *r,
                }
            }
            SetExpr::Ranks(from, lo, hi) => {
                let g = self.g;
                let zone = Color::BOTH.map(|owner| {
                    // The side whose first rank counts as rank 1.
                    let side = from.side(owner);
                    (0..g.squares())
                        .map(Square::from_index)
                        .filter(|&sq| {
                            let r = g.relative_rank(side, g.rank(sq)) + 1;
                            r >= *lo as i32 && r <= *hi as i32
                        })
                        .collect()
                });
                self.p.zones.push(zone);
                SetNode::Zone {
                    table: (self.p.zones.len() - 1) as u32,
                }
            }
            SetExpr::Files(lo, hi) => {
                let g = self.g;
                let set: SquareSet = (0..g.squares())
                    .map(Square::from_index)
                    .filter(|&sq| g.file(sq) >= *lo as i32 && g.file(sq) <= *hi as i32)
                    .collect();
                self.p.zones.push([set, set]);
                SetNode::Zone {
                    table: (self.p.zones.len() - 1) as u32,
                }
            }
            SetExpr::Region(from, i) => {
                // One table per region and side it is read for.
                let (squares, tables) = &mut self.regions[*i as usize];
                let read = Color::BOTH.map(|owner| squares[from.side(owner) as usize]);
                let table = *tables[*from as usize].get_or_insert_with(|| {
                    self.p.zones.push(read);
                    (self.p.zones.len() - 1) as u32
                });
                SetNode::Zone { table }
            }
            SetExpr::Enclosed(s, template) => {
                let set = self.set(s);
                let table = self.rays_table(template);
                SetNode::Enclosed { set, table }
            }
            SetExpr::Enclosing(s, template, through_blocked) => {
                let set = self.set(s);
                let table = self.rays_table(template);
                SetNode::Enclosing {
                    set,
                    table,
                    through_blocked: *through_blocked,
                }
            }
            SetExpr::Marked(m) => SetNode::Marked(self.mark_index(&m.name)),
            SetExpr::Binary(op, a, b) => {
                let (a, b) = (self.set(a), self.set(b));
                match op {
                    SetOp::Union => SetNode::Union(a, b),
                    SetOp::Difference => SetNode::Difference(a, b),
                    SetOp::Intersection => SetNode::Intersection(a, b),
                }
            }
        };
        self.push_set(node)
    }

    /// The lines a condition reads, when it is `exists(first(R, T) & Q)`
    /// with R and Q sets of royal pieces: the lines of T from R's squares
    /// (see [`LineSupport`]).
    fn line_support(&mut self, c: &Cond, royal_kinds: KindSet) -> Option<(SetId, SetId, u32)> {
        let royal_only = |e: &SetExpr| matches!(e, SetExpr::Pieces(_, kinds) if kinds.is_subset(royal_kinds));
        let ast::Cond::Exists(SetExpr::Binary(SetOp::Intersection, first, other)) = c else {
            return None;
        };
        let SetExpr::First(from, template) = &**first else {
            return None;
        };
        if !royal_only(from) || !royal_only(other) {
            return None;
        }
        Some((
            self.set(from),
            self.set(other),
            self.lines_table(template, RanksFrom::Own),
        ))
    }
    /// A number of a two-sided comparison.
    fn quantity(&mut self, q: &Quantity<Resolved>) -> QuantityNode {
        match q {
            Quantity::Count(s) => QuantityNode::Count(self.set(s)),
            Quantity::Squares(s) => QuantityNode::Squares(self.set(s)),
            Quantity::Material(s) => QuantityNode::Material(self.set(s)),
            Quantity::Held(side, kinds) => QuantityNode::Held(*side, *kinds),
            Quantity::Captured(mask) => QuantityNode::Captured(self.counter(*mask)),
            Quantity::Passes => QuantityNode::Passes,
            Quantity::Checks(_) => unreachable!("the checker refuses `checks(...)` in a two-number comparison"),
        }
    }

    /// The counter of a `captured(...)` mask.
    fn counter(&self, mask: KindSet) -> u8 {
        self.p
            .counters
            .iter()
            .position(|&m| m == mask)
            .expect("the checker lists every `captured(...)` mask") as u8
    }

    // One arm per condition form of the effect grammar: it reads better whole.
    fn cond(&mut self, c: &Cond) -> CondId {
        let node = match c {
            Cond::Truth(b) => CondNode::Truth(*b),
            Cond::Not(a) => CondNode::Not(self.cond(a)),
            Cond::And(a, b) => {
                let (a, b) = (self.cond(a), self.cond(b));
                CondNode::And(a, b)
            }
            Cond::Or(a, b) => {
                let (a, b) = (self.cond(a), self.cond(b));
                CondNode::Or(a, b)
            }
            Cond::Compare(Quantity::Count(s), cmp, n) => CondNode::Count(self.set(s), *cmp, *n),
            Cond::Compare(Quantity::Squares(s), cmp, n) => CondNode::Squares(self.set(s), *cmp, *n),
            Cond::Compare(Quantity::Held(side, kinds), cmp, n) => CondNode::Held(*side, *kinds, *cmp, *n),
            Cond::Compare(Quantity::Passes, cmp, n) => CondNode::Passes(*cmp, *n),
            Cond::Compare(Quantity::Captured(mask), cmp, n) => CondNode::Captured(self.counter(*mask), *cmp, *n),
            Cond::Compare(Quantity::Checks(own), cmp, n) => {
                self.p.counts_checks = true;
                let limit = if *cmp == crate::lang::effect_syntax::Comparison::More {
                    n + 1
                } else {
                    *n
                };
                self.p.check_limit = self.p.check_limit.max(limit);
                CondNode::Checks(*own, *cmp, *n)
            }
            Cond::Exists(s) => CondNode::Exists(self.set(s)),
            Cond::Attacked(s, by) => {
                let s = self.set(s);
                let by = by.as_ref().map(|b| self.set(b));
                CondNode::Attacked(s, by)
            }
            Cond::AttackedEvery(s, by) => {
                let s = self.set(s);
                let by = by.as_ref().map(|b| self.set(b));
                CondNode::AttackedEvery(s, by)
            }
            Cond::Touching(a, b) => {
                self.area_table(1);
                let (a, b) = (self.set(a), self.set(b));
                CondNode::Touching(a, b)
            }
            Cond::Within(a, b) => {
                let (a, b) = (self.set(a), self.set(b));
                CondNode::Within(a, b)
            }
            Cond::Dropped(mask) => CondNode::Dropped(*mask),
            Cond::Castled(right) => CondNode::Castled(*right),
            Cond::CastlingRight(right) => CondNode::CastlingRight(*right),
            Cond::Compare(Quantity::Material(s), cmp, n) => {
                let q = QuantityNode::Material(self.set(s));
                CondNode::Versus(q, *cmp, QuantityNode::Zero, i32::try_from(*n).unwrap_or(i32::MAX))
            }
            Cond::Versus(a, cmp, b, offset) => {
                let (a, b) = (self.quantity(a), self.quantity(b));
                CondNode::Versus(a, *cmp, b, *offset)
            }
            Cond::Before(a) => {
                let bit = match self.before_ast.iter().position(|y| y == &**a) {
                    Some(i) => i,
                    None => {
                        let inner = self.cond(a);
                        self.p.before.push(inner);
                        self.before_ast.push((**a).clone());
                        self.p.before.len() - 1
                    }
                };
                CondNode::Before(bit as u8)
            }
            Cond::Since(d, k) => {
                let bit = match self.since_ast.iter().position(|y| y == c) {
                    Some(i) => i,
                    None => {
                        let (d, k) = (self.cond(d), self.cond(k));
                        self.p.since.push((d, k));
                        self.since_ast.push(c.clone());
                        self.p.since.len() - 1
                    }
                };
                CondNode::Since(bit as u8)
            }
            Cond::CanReach(a, b) => {
                let (a, b) = (self.set(a), self.set(b));
                CondNode::CanReach(a, b)
            }
            Cond::Block(s, n) => {
                let set = self.set(s);
                let table = self.block_mask_table(*n);
                CondNode::Line {
                    goal: LineGoal::Block,
                    set,
                    // A first test only (at most 255): the masks decide.
                    n: n.saturating_mul(*n),
                    table,
                }
            }
            Cond::Capture => CondNode::Capture,
            Cond::Connected(side, sets, template) => {
                let [s, a, b] = &**sets;
                let (set, from, to) = (self.set(s), self.set(a), self.set(b));
                let table = self.rays_table(template);
                CondNode::Connected {
                    set,
                    from,
                    to,
                    table,
                    side: *side,
                }
            }
            Cond::Line(goal, s, n, template) => {
                let set = self.set(s);
                let table = self.line_mask_table(*goal, *n, template);
                CondNode::Line {
                    goal: *goal,
                    set,
                    n: *n,
                    table,
                }
            }
        };
        self.push_cond(node)
    }

    /// The index of a mark the checker counted among the variant's marks.
    fn mark_index(&self, name: &str) -> u8 {
        let i = self.p.marks.iter().position(|m| m == name);
        i.expect("the checker lists every mark a sentence names") as u8
    }

    // One arm per effect of the effect grammar: it reads better whole.
    fn op(&mut self, e: &Effect) -> Op {
        match e {
            Effect::Recolour { set, to, royal } => {
                self.p.changes_pieces = true;
                Op::Recolour {
                    set: self.set(set),
                    to: *to,
                    royal: *royal,
                }
            }
            Effect::Transform { set, to, royal, .. } => {
                self.p.changes_pieces = true;
                let to = match to {
                    ast::KindChange::Kind(mask, _) => {
                        KindTo::Kind(Kind::from_index(mask.bits().trailing_zeros() as usize))
                    }
                    ast::KindChange::Captured => KindTo::Captured,
                    ast::KindChange::Next => KindTo::Next,
                    ast::KindChange::Previous => KindTo::Previous,
                };
                Op::Transform {
                    set: self.set(set),
                    to,
                    royal: *royal,
                }
            }
            Effect::Mark { set, mark, moves } => {
                self.p.timed_marks |= *moves > 0;
                Op::Mark {
                    set: self.set(set),
                    mark: self.mark_index(&mark.name),
                    moves: *moves,
                }
            }
            Effect::Unmark { set, mark } => Op::Unmark {
                set: self.set(set),
                mark: self.mark_index(&mark.name),
            },
            Effect::Remove(s) => Op::Remove(self.set(s)),
            Effect::Block(s) => Op::Block(self.set(s)),
            Effect::Consume => Op::Consume,
            Effect::BlockChosen {
                among,
                unblocking,
                required,
            } => Op::BlockChosen {
                among: self.set(among),
                unblocking: unblocking.as_ref().map(|s| self.set(s)),
                required: *required,
                last: false,
            },
            Effect::Shield {
                squares,
                against,
                moves,
            } => {
                self.p.timed_shields = true;
                Op::Shield {
                    set: self.set(squares),
                    against: *against,
                    moves: *moves,
                }
            }
            Effect::Push {
                set,
                direction,
                distance,
            } => {
                let set = self.set(set);
                let direction = match direction {
                    Direction::Along => PushDirection::Along,
                    Direction::AwayFrom(s) => PushDirection::AwayFrom(self.set(s)),
                    Direction::Chosen => PushDirection::Chosen,
                };
                Op::Push {
                    set,
                    direction,
                    distance: *distance,
                }
            }
            Effect::MoveOn {
                set,
                as_,
                onto,
                required,
            } => Op::MoveOn {
                set: self.set(set),
                as_captured: *as_ == ast::MoveAs::Captured,
                onto: onto.as_ref().map(|s| self.set(s)),
                required: *required,
                last: false,
            },
            Effect::Exchange(s) => Op::Exchange(self.set(s)),
            Effect::Place(p) => self.placement(p),
            Effect::Bounce { set, from, promote } => {
                let (set, from) = (self.set(set), self.set(from));
                Op::Bounce {
                    set,
                    from,
                    promote: *promote,
                    last: false,
                }
            }
        }
    }

    fn action(
        &mut self,
        a: &CheckedAction,
        once: &mut u8,
        initial_ranks: &dyn Fn(Kind) -> (Vec<i32>, Option<[SquareSet; 2]>),
    ) -> CompiledAction {
        let (tables, target) = match (&a.targets, a.owner) {
            (ActionTargets::Moves(t), Some(owner)) => {
                let (ranks, initial) = initial_ranks(owner);
                // The owner's `initial_squares`, where it has them.
                let squares = crate::check::regions::PieceRegions {
                    initial,
                    ..Default::default()
                };
                (
                    Some(super::tables::build_from(
                        self.g,
                        &[super::tables::PieceMoves {
                            template: t,
                            initial_ranks: &ranks,
                            en_passant_ranks: &[],
                            regions: initial.is_some().then_some(&squares),
                        }],
                        false,
                    )),
                    None,
                )
            }
            (ActionTargets::Moves(_), None) => unreachable!("the checker refuses a side action with `moves`"),
            (ActionTargets::Squares(set), _) => (None, Some(self.set(set))),
        };
        let once_bit = a.once.then(|| {
            *once += 1;
            *once - 1
        });
        CompiledAction {
            owner: a.owner,
            name: a.name.clone(),
            capture_reach: tables.as_ref().map_or(Vec::new(), |t| t.capture_reach()),
            tables,
            target,
            stays: a.stays,
            once_bit,
            when_uses_target: a.when.as_ref().is_some_and(cond_uses_target),
            when_origins: None,
            when: a.when.as_ref().map(|c| self.cond(c)),
            ops: a.effects.iter().map(|e| self.op(e)).collect(),
            compel: a.compel,
            asks: false,
            asks_one_direction: false,
            promotes: a.promotes,
            walls_only: false,
            walls_by_square: None,
            record: a.record.clone(),
        }
    }
}

/// The condition `x` of a top-level conjunct `before(x)` of `c`, if `c` is
/// a conjunction with one: then `c` holds only where `x` held before the
/// move.
fn before_gate(c: &Cond) -> Option<&Cond> {
    match c {
        Cond::Before(x) => Some(x),
        Cond::And(a, b) => before_gate(a).or_else(|| before_gate(b)),
        _ => None,
    }
}
