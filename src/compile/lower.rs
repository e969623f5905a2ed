//! Lowering: the checked, resolved sentences of a variant compiled into
//! the flat programs of the [IR](super::ir). Names were resolved by the
//! checker (kind masks, parsed templates, counters); a name found
//! unresolved here would be a bug in the checker, not in the file.

use super::ir::QuantityNode;
use super::ir::{
    CompiledAction, CompiledRule, CondId, CondNode, Counting, CountingStart, Drops, End, KindTo, Legal, LineGoal,
    LineMasks, LineSupport, Op, Programs, PushDirection, SetId, SetNode,
};
use super::ir::{PlaceFrom, SideFilter, WhenTaken};
use crate::base::geometry::Geometry;
use crate::base::limits::SHIELD_BOUNCE;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::{NamedSet, RanksFrom};
use crate::check::analysis::{cond_uses_target, template_directions};
use crate::check::{ActionTargets, CheckedAction, CheckedSentences, Resolved};
use crate::lang::betza::Template;
use crate::lang::effect_syntax::{self as ast, Direction, EndCondition, LegalClause, Quantity, SetOp, Trigger};

mod lower_place;

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
}

/// Compiles the checked sentences of a variant; `initial_ranks` gives each
/// kind's initial ranks (for the `i` moves of its actions' templates),
/// `regions` each region's squares per side.
pub fn compile(
    s: &CheckedSentences,
    g: Geometry,
    initial_ranks: &dyn Fn(Kind) -> Vec<i32>,
    regions: &[[SquareSet; 2]],
    royal_kinds: u64,
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
        regions: regions.iter().map(|r| (*r, [None; 4])).collect(),
    };
    for rule in &s.rules {
        b.rule(rule);
    }
    let mut once = 0u8;
    for a in &s.actions {
        let compiled = b.action(a, &mut once, initial_ranks);
        if let Some(k) = a.owner {
            b.p.action_kinds |= k.bit();
        }
        b.p.actions.push(compiled);
    }
    b.p.owned_actions = owned_actions(&b.p.actions);
    b.p.last_ids = (b.action_names.iter())
        .map(|n| b.action_names.iter().position(|m| m == n).unwrap_or(0) as u8)
        .collect();
    b.p.survives_unless_no_enemy_royal = true;
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
            b.p.survives_unless_no_enemy_royal &= no_enemy_royal;
        }
        let legal = match clause {
            LegalClause::Survives(unless) => Legal::Survives(unless.as_ref().map(|c| b.cond(c))),
            LegalClause::NotAttacked(unless, through) => {
                b.p.attacks_through_new_blocks |= *through;
                Legal::NotAttacked(unless.as_ref().map(|c| b.cond(c)))
            }
            LegalClause::Forbids(c) => {
                let cond = b.cond(c);
                let gives_check = matches!(
                    c,
                    Cond::Attacked(ast::SetExpr::Pieces(ast::SideFilter::Enemy, kinds)) if *kinds == royal_kinds
                );
                match b.line_support(c, royal_kinds) {
                    Some((from, other, lines)) => b.p.forbid_lines.push(LineSupport {
                        cond,
                        from,
                        other,
                        lines,
                    }),
                    None if gives_check => b.p.forbids_checks = true,
                    None => match before_gate(c) {
                        // `not (before(x) and ...)` can fail only where x
                        // held before the move.
                        Some(x) => {
                            let bit = b
                                .before_ast
                                .iter()
                                .position(|y| y == x)
                                .expect("lowered with the clause");
                            b.p.forbid_gates |= 1 << bit;
                        }
                        None => b.p.forbids_opaque = true,
                    },
                }
                Legal::Forbids(cond)
            }
            LegalClause::CapturesCompulsory => {
                b.p.captures_compulsory = true;
                continue;
            }
            LegalClause::DropsCompulsory => {
                b.p.drops_compulsory = true;
                continue;
            }
            LegalClause::Filter(f) => {
                let label = s.filter_labels.get(filter_clauses).cloned().unwrap_or_default();
                filter_clauses += 1;
                super::filter_lower::lower_filter_clause(&mut b.p.filters, f, b.g, label);
                continue;
            }
        };
        b.p.legal.push(legal);
    }
    for rule in &s.end {
        let end = b.end(&rule.condition);
        if let End::Holds(c) = end {
            b.p.holds_ends.push((b.p.end.len() as u16, c));
        }
        b.p.end.push((end, rule.outcome));
    }
    if let Some(counting) = &s.counting {
        let limits = counting
            .limits
            .iter()
            .map(|l| (b.cond(&l.when), (2 * l.moves).min(u16::MAX as u32) as u16))
            .collect();
        let starts = counting
            .starts
            .iter()
            .map(|st| CountingStart {
                mover: st.side == crate::spec::CountingSide::Mover,
                when: st.when.as_ref().map(|c| b.cond(c)),
                idle: st.idle,
                plies: st.plies,
                per_piece: st.per_piece,
            })
            .collect();
        b.p.counting = Some(Counting { limits, starts });
    }
    b.p.royal_ends = super::royal_ends::table(&b.p, royal_kinds);
    b.p.end_labels = s.end_labels.clone();
    b.p.shields = s.shields.iter().map(|sh| (sh.kind, sh.radius, sh.against)).collect();
    for rule in &s.shield_rules {
        let squares = b.set(&rule.squares);
        let while_ = rule.while_.as_ref().map(|c| b.cond(c));
        b.p.shield_rules.push((squares, rule.against, while_));
    }
    for &(_, radius, _) in &b.p.shields.clone() {
        b.area_table(radius);
    }
    b.area_table(1);
    if let Some(d) = &s.drops {
        let mut zones = vec![None; 64];
        for (kinds, set) in &d.zones {
            let id = b.set(set);
            for &k in kinds {
                zones[k.index()] = Some(id);
            }
        }
        b.p.drops = Some(Drops {
            captures_to_hand: d.captures_to_hand,
            demote_captured: d.demote_captured,
            zones,
            split_colours: d.split_colours.clone(),
            free: d.free,
            gating: d.gating,
            drop_moves: d.drop_moves,
        });
    }
    b.p.any_effects = b.p.has_effects();
    plan_choices(&mut b.p);
    if let Some(reach) = b.p.bounce_reach {
        // Move generation reads the squares within reach of the mover.
        b.area_table(reach);
    }
    if b.p.bounce_direct {
        let g = b.g;
        let n = g.squares();
        b.p.bounce_away = (0..n * n)
            .map(|i| {
                let (m, sq) = (Square::from_index(i / n), Square::from_index(i % n));
                let step = ((g.file(sq) - g.file(m)).signum(), (g.rank(sq) - g.rank(m)).signum());
                g.offset(sq, step.0, step.1).filter(|_| step != (0, 0)).unwrap_or(sq)
            })
            .collect();
    }
    b.p.removal_reach = super::removal_reach::reach(&b.p, g.squares());
    b.p.rules_keep_legality = rules_keep_legality(&b.p, s, royal_kinds);
    b.p.rules_recolour_mover = !b.p.rules_keep_legality && rules_recolour_mover(&b.p, royal_kinds);
    b.p.turns_mover = turns_mover(&b.p);
    b.p.checks_by_lines = checks_by_lines(&b.p);
    b.p
}

/// Whether the rules leave every move's legality as it would be without
/// them ([`Programs::rules_keep_legality`]).
fn rules_keep_legality(p: &Programs, s: &CheckedSentences, royal_kinds: u64) -> bool {
    let sequence_royal = (s.kind_sequence.iter())
        .flat_map(|q| &q.kinds)
        .any(|k| k.in_mask(royal_kinds));
    let blind = |op: &Op| match *op {
        Op::Transform { to, royal, .. } => {
            !royal
                && match to {
                    KindTo::Kind(k) => !k.in_mask(royal_kinds),
                    KindTo::Next | KindTo::Previous => !sequence_royal,
                    KindTo::Captured => false,
                }
        }
        Op::Mark { .. } | Op::Unmark { .. } => true,
        _ => false,
    };
    let rules = p.on_capture.iter().chain(&p.on_arrival).chain(&p.after_move);
    p.has_effects()
        && p.actions.is_empty()
        && rules.flat_map(|r| &r.ops).all(blind)
        && p.legal
            .iter()
            .all(|l| matches!(l, Legal::Survives(None) | Legal::NotAttacked(None)))
        && !p.captures_compulsory
        && !p.drops_compulsory
}

/// Whether every rule only marks pieces, changes the side of pieces
/// within the mover (royal ones spared), puts a new piece of the mover's
/// side on an empty square or blocks squares the move left empty, and
/// the legality clauses are plain ([`Programs::rules_recolour_mover`]).
fn rules_recolour_mover(p: &Programs, royal_kinds: u64) -> bool {
    // `moved` is the mover alone for the moves the shortcut judges (no
    // castling), as `vacated` is the origin alone (no castling, no en
    // passant): the shortcut judges only quiet moves, double steps and
    // captures.
    fn within(sets: &[SetNode], set: SetId, named: NamedSet) -> bool {
        match sets[set as usize] {
            SetNode::Named(n) => n == named,
            SetNode::Intersection(a, b) => within(sets, a, named) || within(sets, b, named),
            SetNode::Difference(a, _) => within(sets, a, named),
            _ => false,
        }
    }
    let within_mover = |sets: &[SetNode], set| within(sets, set, NamedSet::Mover) || within(sets, set, NamedSet::Moved);
    // A new piece of the mover's side, put where nothing stands (else
    // not put): it only blocks lines (`compile` rules out hoppers).
    let adds_own = |i: u16| {
        p.placements.get(usize::from(i)).is_some_and(|pl| {
            matches!(pl.who, PlaceFrom::New(SideFilter::Own, kind) if !kind.in_mask(royal_kinds))
                && pl.becomes.is_none()
                && pl.taken == WhenTaken::Vanish
                && !pl.promote
        })
    };
    let allowed = |op: &Op| match *op {
        Op::Recolour { set, royal, .. } => !royal && within_mover(&p.sets, set),
        Op::Mark { .. } | Op::Unmark { .. } => true,
        Op::Place(i) => adds_own(i),
        // A hole where the move left an empty square only blocks lines.
        Op::Block(set) => !p.attacks_through_new_blocks && within(&p.sets, set, NamedSet::Vacated),
        _ => false,
    };
    let rules = p.on_capture.iter().chain(&p.on_arrival).chain(&p.after_move);
    p.has_effects()
        && p.actions.is_empty()
        && rules.flat_map(|r| &r.ops).all(allowed)
        && p.legal
            .iter()
            .all(|l| matches!(l, Legal::Survives(None) | Legal::NotAttacked(None)))
        && !p.captures_compulsory
        && !p.drops_compulsory
}

/// Per kind, the indices of the actions it owns, in order (see
/// `Programs::owned_actions`).
fn owned_actions(actions: &[CompiledAction]) -> Vec<Vec<u16>> {
    let mut owned: Vec<Vec<u16>> = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        if let Some(kind) = action.owner {
            if owned.len() <= kind.index() {
                owned.resize(kind.index() + 1, Vec::new());
            }
            owned[kind.index()].push(i as u16);
        }
    }
    owned
}

/// Which moves may fire a rule that changes a piece's side
/// ([`Programs::turns_mover`]): one that captures nothing fires the
/// arrival and after-move rules, a capture those and the capture rules.
fn turns_mover(p: &Programs) -> [bool; 2] {
    let recolours = |rules: &[CompiledRule]| {
        rules
            .iter()
            .flat_map(|r| &r.ops)
            .any(|op| matches!(op, Op::Recolour { .. }))
    };
    let quiet = recolours(&p.on_arrival) || recolours(&p.after_move);
    [quiet, quiet || recolours(&p.on_capture)]
}

/// Whether a move's check is found along the lines through its squares
/// ([`Programs::checks_by_lines`]).
fn checks_by_lines(p: &Programs) -> bool {
    p.counts_checks
        && !p.attacks_through_new_blocks
        && !p.placement_attacks
        && !p.filters.any()
        && p.legal.contains(&Legal::NotAttacked(None))
        && (p.legal.iter()).all(|l| matches!(l, Legal::NotAttacked(None) | Legal::Survives(None)))
}

/// Marks a bounce that is the last effect of every move, and notes
/// whether moves ask for follow-up choices at all.
fn plan_choices(p: &mut Programs) {
    if let Some(Op::Bounce { last, .. } | Op::BlockChosen { last, .. }) =
        p.after_move.last_mut().and_then(|r| r.ops.last_mut())
    {
        *last = true;
    }
    // A further move that ends the one rule a capture fires (rules for
    // kinds no two of which share one), with no other rule after it.
    let exclusive = {
        let mut seen = 0u64;
        p.on_capture.iter().all(|r| {
            let by = r.by.unwrap_or(u64::MAX);
            let ok = seen & by == 0;
            seen |= by;
            ok
        })
    };
    if exclusive && p.on_arrival.is_empty() && p.after_move.is_empty() {
        for rule in &mut p.on_capture {
            if let Some(Op::MoveOn { last, .. }) = rule.ops.last_mut() {
                *last = true;
            }
        }
    }
    let placements = std::mem::take(&mut p.placements);
    let asks = |op: &Op| {
        matches!(op, Op::Place(i) if placements[usize::from(*i)].chosen)
            || matches!(
                op,
                Op::Bounce { .. }
                    | Op::BlockChosen { .. }
                    | Op::MoveOn { .. }
                    | Op::Push {
                        direction: PushDirection::Chosen,
                        ..
                    }
            )
    };
    let rules_ask = |rules: &[CompiledRule]| rules.iter().flat_map(|r| &r.ops).any(asks);
    p.rules_ask = [
        rules_ask(&p.on_capture),
        rules_ask(&p.on_arrival),
        rules_ask(&p.after_move),
    ];
    let rules_silent = !p.rules_ask.contains(&true);
    for a in &mut p.actions {
        a.walls_only = (a.owner.is_none() || a.stays) && !a.compel && !a.promotes && walls_only(&a.ops, &p.sets);
        a.asks = a.ops.iter().any(asks);
        a.asks_one_direction = rules_silent
            && a.ops.iter().filter(|op| asks(op)).count() == 1
            && a.ops.iter().any(|op| {
                matches!(
                    op,
                    Op::Push {
                        direction: PushDirection::Chosen,
                        ..
                    }
                )
            });
    }
    p.placements = placements;
    p.blocks = p
        .on_capture
        .iter()
        .chain(&p.on_arrival)
        .chain(&p.after_move)
        .flat_map(|r| &r.ops)
        .chain(p.actions.iter().flat_map(|a| &a.ops))
        .any(|op| matches!(op, Op::Block(_) | Op::BlockChosen { .. }));
    p.has_choices = !rules_silent || p.actions.iter().any(|a| a.asks && !a.asks_one_direction);
    p.bounce_only = p.on_capture.is_empty()
        && p.on_arrival.is_empty()
        && p.after_move.len() == 1
        && matches!(p.after_move[0].ops[..], [Op::Bounce { .. }]);
    p.bounce_reach = match p.after_move.first().map(|r| &r.ops[..]) {
        Some(&[Op::Bounce { set, from, .. }])
            if p.bounce_only && p.sets[from as usize] == SetNode::Named(NamedSet::Mover) =>
        {
            reach_from_mover(&p.sets, set)
        }
        _ => None,
    };
    let bounce_shields = p.timed_shields
        || p.shields.iter().any(|&(_, _, bits)| bits & SHIELD_BOUNCE != 0)
        || p.shield_rules.iter().any(|&(_, bits, _)| bits & SHIELD_BOUNCE != 0);
    p.bounce_direct = p.bounce_reach.is_some()
        && !bounce_shields
        && !p.counts_checks
        && p.after_move[0].guard.is_none()
        && matches!(p.after_move[0].ops[..], [Op::Bounce { set, .. }] if fixed_by_move(&p.sets, set));
    p.bounce_whole_reach = p.bounce_direct
        && matches!(p.after_move[0].ops[..], [Op::Bounce { set, .. }] if matches!(
            p.sets[set as usize],
            SetNode::Adjacent { set: m } | SetNode::Area { set: m, .. } if p.sets[m as usize] == SetNode::Named(NamedSet::Mover)
        ));
}

/// How far from the mover (in king steps) every square of the set lies,
/// when that is known from the set's form alone.
fn reach_from_mover(sets: &[SetNode], id: SetId) -> Option<u8> {
    match sets[id as usize] {
        SetNode::Named(NamedSet::Mover) => Some(0),
        SetNode::Adjacent { set } => reach_from_mover(sets, set)?.checked_add(1),
        SetNode::Area { set, radius } => reach_from_mover(sets, set)?.checked_add(radius),
        SetNode::Union(a, b) => Some(reach_from_mover(sets, a)?.max(reach_from_mover(sets, b)?)),
        SetNode::Intersection(a, b) => match (reach_from_mover(sets, a), reach_from_mover(sets, b)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        },
        SetNode::Difference(a, _) => reach_from_mover(sets, a),
        _ => None,
    }
}

impl Builder {
    /// A triggered rule, into the list of its trigger.
    fn rule(&mut self, rule: &ast::TriggeredRule<Resolved>) {
        let guard = rule.guard.as_ref().map(|c| self.cond(c));
        let ops: Vec<Op> = rule.effects.iter().map(|e| self.op(e)).collect();
        let by = rule.by;
        if rule.trigger == Trigger::Capture
            && ops.iter().any(|op| matches!(op, Op::MoveOn { set, .. } if self.p.sets[*set as usize] == SetNode::Named(NamedSet::Mover)))
        {
            // The capturer moves on: it promotes where it ends.
            self.p.promotes_after_move_on |= by.unwrap_or(u64::MAX);
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

    fn area_table(&mut self, radius: u8) {
        let r = radius as usize;
        while self.p.areas.len() <= r {
            self.p.areas.push(Vec::new());
        }
        if !self.p.areas[r].is_empty() {
            return;
        }
        let g = self.g;
        self.p.areas[r] = neighbourhoods(g, radius, false);
    }

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
    fn line_support(&mut self, c: &Cond, royal_kinds: u64) -> Option<(SetId, SetId, u32)> {
        let royal_only = |e: &SetExpr| matches!(e, SetExpr::Pieces(_, kinds) if kinds & !royal_kinds == 0);
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

    /// Lines of a template through each square: its rays to the edge,
    /// ignoring what stands on them, once per side of the rule's owner.
    /// Templates with the same directions share one table.
    /// `from`: the side whose reading of the directions counts (`Own`:
    /// the rule's owner; `White`: White's, whoever owns the rule).
    fn lines_table(&mut self, template: &Template, from: RanksFrom) -> u32 {
        let directions = template_directions(template);
        let key = (directions, from);
        if let Some(i) = self.line_keys.iter().position(|k| *k == key) {
            return i as u32;
        }
        let directions = &key.0;
        let table = Color::BOTH.map(|owner| {
            template_rays(self.g, directions, from.side(owner))
                .into_iter()
                .map(|rays| rays.into_iter().flatten().collect::<SquareSet>())
                .collect()
        });
        self.p.lines.push(table);
        self.line_keys.push(key);
        (self.p.lines.len() - 1) as u32
    }

    /// The masks of a line goal (see [`LineMasks`]), once per side of the
    /// rule's owner. Goals with the same masks share one table.
    fn line_mask_table(&mut self, goal: LineGoal, n: u8, template: &Template) -> u32 {
        // A collinear goal's masks do not depend on `n`.
        let length = match goal {
            LineGoal::InRow | LineGoal::Block => usize::from(n) - 1,
            LineGoal::Collinear => 0,
        };
        let vectors: Vec<(i32, i32)> = template_directions(template).into_iter().map(|(v, _)| v).collect();
        let key = (goal, length, vectors);
        if let Some(i) = self.line_mask_keys.iter().position(|k| *k == key) {
            return i as u32;
        }
        let g = self.g;
        let table = Color::BOTH.map(|side| line_masks(g, &key.2, side, length));
        self.p.line_masks.push(table);
        self.line_mask_keys.push(key);
        (self.p.line_masks.len() - 1) as u32
    }

    /// The masks of `in_block(S, n)`: per square, the other squares of the
    /// `n` by `n` block whose lower left corner it is, where the board
    /// holds the block. The same for both sides.
    fn block_mask_table(&mut self, n: u8) -> u32 {
        let key = (LineGoal::Block, usize::from(n), Vec::new());
        if let Some(i) = self.line_mask_keys.iter().position(|k| *k == key) {
            return i as u32;
        }
        let g = self.g;
        let size = i32::from(n);
        let mut masks = LineMasks::default();
        for sq in 0..g.squares() {
            masks.starts.push(masks.masks.len() as u32);
            let block: Option<SquareSet> = (0..size * size)
                .filter(|i| *i != 0)
                .map(|i| g.offset(Square::from_index(sq), i % size, i / size))
                .collect();
            if let Some(block) = block {
                masks.masks.push(block);
            }
        }
        masks.starts.push(masks.masks.len() as u32);
        self.p.line_masks.push([masks.clone(), masks]);
        self.line_mask_keys.push(key);
        (self.p.line_masks.len() - 1) as u32
    }

    /// Rays of a template from each square, one per direction, once per
    /// side of the rule's owner. Templates with the same directions share
    /// one table.
    fn rays_table(&mut self, template: &Template) -> u32 {
        let directions = template_directions(template);
        if let Some(i) = self.ray_keys.iter().position(|k| *k == directions) {
            return i as u32;
        }
        let g = self.g;
        self.p
            .rays
            .push(Color::BOTH.map(|side| template_rays(g, &directions, side)));
        self.ray_keys.push(directions);
        (self.p.rays.len() - 1) as u32
    }

    fn manhattan_table(&mut self, radius: u8) {
        let r = radius as usize;
        while self.p.manhattan.len() <= r {
            self.p.manhattan.push(Vec::new());
        }
        if !self.p.manhattan[r].is_empty() {
            return;
        }
        let g = self.g;
        self.p.manhattan[r] = neighbourhoods(g, radius, true);
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
    fn counter(&self, mask: u64) -> u8 {
        self.p
            .counters
            .iter()
            .position(|&m| m == mask)
            .expect("the checker lists every `captured(...)` mask") as u8
    }

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
            Cond::Attacked(s) => CondNode::Attacked(self.set(s)),
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
                    ast::KindChange::Kind(mask, _) => KindTo::Kind(Kind::from_index(mask.trailing_zeros() as usize)),
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

    fn action(&mut self, a: &CheckedAction, once: &mut u8, initial_ranks: &dyn Fn(Kind) -> Vec<i32>) -> CompiledAction {
        let (tables, target) = match (&a.targets, a.owner) {
            (ActionTargets::Moves(t), Some(owner)) => {
                let ranks = initial_ranks(owner);
                (
                    Some(super::tables::build_from(
                        self.g,
                        &[super::tables::PieceMoves {
                            template: t,
                            initial_ranks: &ranks,
                            en_passant_ranks: &[],
                            regions: None,
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
            tables,
            target,
            stays: a.stays,
            once_bit,
            when_uses_target: a.when.as_ref().is_some_and(cond_uses_target),
            when: a.when.as_ref().map(|c| self.cond(c)),
            ops: a.effects.iter().map(|e| self.op(e)).collect(),
            compel: a.compel,
            asks: false,
            asks_one_direction: false,
            promotes: a.promotes,
            walls_only: false,
            record: a.record.clone(),
        }
    }
}

/// Whether the effects only wall squares in, squares known from the move
/// alone: each is a `block`, or a `remove` followed by a `block` of the
/// same set.
fn walls_only(ops: &[Op], sets: &[SetNode]) -> bool {
    let mut rest = ops;
    while let Some((op, tail)) = rest.split_first() {
        rest = match (*op, tail.first()) {
            (Op::Block(s), _) if fixed_by_move(sets, s) => tail,
            (Op::Remove(s), Some(&Op::Block(t))) if same_set(sets, s, t) && fixed_by_move(sets, s) => &tail[1..],
            _ => return false,
        };
    }
    !ops.is_empty()
}

/// Whether two set nodes are written alike (each use of a set in the
/// file is a node of its own).
fn same_set(sets: &[SetNode], a: SetId, b: SetId) -> bool {
    let same = |x: SetId, y: SetId| same_set(sets, x, y);
    match (sets[a as usize], sets[b as usize]) {
        _ if a == b => true,
        (SetNode::Area { set: x, radius: r }, SetNode::Area { set: y, radius: q })
        | (SetNode::Manhattan { set: x, radius: r }, SetNode::Manhattan { set: y, radius: q }) => r == q && same(x, y),
        (SetNode::Adjacent { set: x }, SetNode::Adjacent { set: y }) => same(x, y),
        (SetNode::First { set: x, table: t }, SetNode::First { set: y, table: u })
        | (SetNode::Reach { set: x, table: t }, SetNode::Reach { set: y, table: u }) => t == u && same(x, y),
        (
            SetNode::Lines {
                set: x,
                table: t,
                at_least: m,
            },
            SetNode::Lines {
                set: y,
                table: u,
                at_least: n,
            },
        ) => t == u && m == n && same(x, y),
        (SetNode::Union(a1, b1), SetNode::Union(a2, b2))
        | (SetNode::Difference(a1, b1), SetNode::Difference(a2, b2))
        | (SetNode::Intersection(a1, b1), SetNode::Intersection(a2, b2)) => same(a1, a2) && same(b1, b2),
        (x, y) => {
            x == y
                && !matches!(
                    x,
                    SetNode::Area { .. }
                        | SetNode::Manhattan { .. }
                        | SetNode::Adjacent { .. }
                        | SetNode::First { .. }
                        | SetNode::Reach { .. }
                        | SetNode::Lines { .. }
                        | SetNode::Union(..)
                        | SetNode::Difference(..)
                        | SetNode::Intersection(..)
                )
        }
    }
}

/// Whether a set depends only on the move's squares, not on the pieces.
fn fixed_by_move(sets: &[SetNode], id: SetId) -> bool {
    match sets[id as usize] {
        SetNode::Named(named) => matches!(
            named,
            NamedSet::Target
                | NamedSet::Origin
                | NamedSet::Mover
                | NamedSet::Path
                | NamedSet::All
                | NamedSet::Light
                | NamedSet::Dark
        ),
        SetNode::Area { set, .. }
        | SetNode::Adjacent { set }
        | SetNode::Manhattan { set, .. }
        | SetNode::Lines { set, .. } => fixed_by_move(sets, set),
        SetNode::Zone { .. } => true,
        SetNode::Union(a, b) | SetNode::Difference(a, b) | SetNode::Intersection(a, b) => {
            fixed_by_move(sets, a) && fixed_by_move(sets, b)
        }
        SetNode::Pieces { .. }
        | SetNode::First { .. }
        | SetNode::Reach { .. }
        | SetNode::Enclosed { .. }
        | SetNode::Enclosing { .. }
        | SetNode::Marked(_)
        | SetNode::Last(_) => false,
    }
}

/// For each square, the squares within `radius`: king steps, or steps
/// along ranks and files (Manhattan distance).
fn neighbourhoods(g: Geometry, radius: u8, manhattan: bool) -> Vec<SquareSet> {
    let r = radius as i32;
    (0..g.squares())
        .map(|sq| {
            let mut set = SquareSet::EMPTY;
            for df in -r..=r {
                for dr in -r..=r {
                    if manhattan && df.abs() + dr.abs() > r {
                        continue;
                    }
                    if let Some(t) = g.offset(Square::from_index(sq), df, dr) {
                        set.insert(t);
                    }
                }
            }
            set
        })
        .collect()
}

/// The masks of a line goal for `side` (see [`LineMasks`]): per square,
/// per line direction (a vector and its opposite are one line), the
/// `length` squares that follow it, where the board holds them all, or
/// (`length` 0) every square that follows it to the edge, where there is one.
fn line_masks(g: Geometry, vectors: &[(i32, i32)], side: Color, length: usize) -> LineMasks {
    let mut lines: Vec<(i32, i32)> = Vec::new();
    for &v in vectors {
        let (dx, dy) = super::tables::oriented(v, side);
        let line = if dy > 0 || (dy == 0 && dx > 0) {
            (dx, dy)
        } else {
            (-dx, -dy)
        };
        if line != (0, 0) && !lines.contains(&line) {
            lines.push(line);
        }
    }
    let mut out = LineMasks::default();
    for sq in 0..g.squares() {
        out.starts.push(out.masks.len() as u32);
        for &(dx, dy) in &lines {
            let ahead: Vec<Square> = (1..=Geometry::MAX_SIDE as i32)
                .map_while(|k| g.offset(Square::from_index(sq), dx * k, dy * k))
                .collect();
            let mask: SquareSet = match length {
                0 => ahead.into_iter().collect(),
                n if ahead.len() >= n => ahead.into_iter().take(n).collect(),
                _ => continue,
            };
            if !mask.is_empty() {
                out.masks.push(mask);
            }
        }
    }
    out.starts.push(out.masks.len() as u32);
    out
}

/// For each square, the rays along `directions` (White's orientation,
/// turned for `side`) from it, each cut to its range and the board, nearest
/// square first.
fn template_rays(g: Geometry, directions: &[((i32, i32), usize)], side: Color) -> Vec<Vec<Vec<Square>>> {
    (0..g.squares())
        .map(|sq| {
            let mut rays = Vec::new();
            for &(v, limit) in directions {
                let (dx, dy) = super::tables::oriented(v, side);
                let ray: Vec<Square> = (1..=Geometry::MAX_SIDE as i32)
                    .map_while(|k| g.offset(Square::from_index(sq), dx * k, dy * k))
                    .take(limit)
                    .collect();
                if !ray.is_empty() {
                    rays.push(ray);
                }
            }
            rays
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn set(g: Geometry, squares: &[(i32, i32)]) -> SquareSet {
        squares.iter().map(|&(f, r)| g.square(f, r).unwrap()).collect()
    }

    fn masks(template: &str, side: Color, length: usize) -> (Geometry, LineMasks) {
        let g = Geometry::flat(3, 3);
        let t = crate::lang::betza::parse(template).unwrap();
        let vectors: Vec<(i32, i32)> = template_directions(&t).into_iter().map(|(v, _)| v).collect();
        (g, line_masks(g, &vectors, side, length))
    }

    #[test]
    fn a_row_mask_holds_the_squares_that_follow_where_the_board_has_them_all() {
        let (g, m) = masks("K", Color::White, 2);
        let a1 = g.square(0, 0).unwrap();
        // East, north, north-east; the south-east line leaves the board.
        for row in [
            set(g, &[(1, 0), (2, 0)]),
            set(g, &[(1, 1), (2, 2)]),
            set(g, &[(0, 1), (0, 2)]),
        ] {
            assert!(m.of(a1).contains(&row), "{row:?}");
        }
        assert_eq!(m.of(a1).len(), 3);
        // c1 starts one diagonal only (towards a3); b2 starts no row of 3.
        let c1 = g.square(2, 0).unwrap();
        assert!(m.of(c1).contains(&set(g, &[(1, 1), (0, 2)])));
        assert_eq!(m.of(c1).len(), 2);
        assert!(m.of(g.square(1, 1).unwrap()).is_empty());
    }

    #[test]
    fn a_line_and_its_opposite_are_one_mask() {
        let (_, both) = masks("W", Color::White, 0);
        let (_, sideways) = masks("sW", Color::White, 0);
        let (_, left) = masks("lW", Color::White, 0);
        assert_eq!(sideways, left);
        // a1: east and north, each to the edge.
        assert_eq!(both.of(Square::new(0)).len(), 2);
        assert_eq!(sideways.of(Square::new(0)).len(), 1);
        // c3 starts no line: every line through it is counted from its other end.
        assert!(both.of(Square::new(8)).is_empty());
    }

    #[test]
    fn directions_are_read_from_the_rule_side() {
        let (g, white) = masks("frF", Color::White, 0);
        let (_, black) = masks("frF", Color::Black, 0);
        let a1 = g.square(0, 0).unwrap();
        assert_eq!(white.of(a1), &[set(g, &[(1, 1), (2, 2)])]);
        // Black's forward-right is White's backward-left: the same lines
        // (a line and its opposite are one), none of the other diagonal.
        assert_eq!(black.of(a1), white.of(a1));
        let c1 = g.square(2, 0).unwrap();
        assert!(black.of(c1).is_empty());
        let (_, black_left) = masks("flF", Color::Black, 0);
        assert_eq!(black_left.of(c1), &[set(g, &[(1, 1), (0, 2)])]);
    }

    #[test]
    fn a_block_mask_is_the_rest_of_the_block_above_and_right_of_its_corner() {
        let mut b = Builder {
            p: Programs::default(),
            g: Geometry::flat(3, 3),
            action_names: Vec::new(),
            ray_keys: Vec::new(),
            line_keys: Vec::new(),
            line_mask_keys: Vec::new(),
            before_ast: Vec::new(),
            regions: Vec::new(),
        };
        let table = b.block_mask_table(2);
        assert_eq!(b.block_mask_table(2), table, "one table per size");
        let g = b.g;
        let [white, black] = &b.p.line_masks[table as usize];
        assert_eq!(white, black);
        assert_eq!(white.of(Square::new(0)), &[set(g, &[(1, 0), (0, 1), (1, 1)])]);
        // The top rank and the right file start no block.
        for sq in [2, 5, 6, 7, 8] {
            assert!(white.of(Square::new(sq)).is_empty(), "{sq}");
        }
    }
}
