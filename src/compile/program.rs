//! Effect programs: sentences compiled into flat arrays of small nodes
//! that refer to each other by index. The engine evaluates them with no
//! strings, no maps and no allocation.

use super::ir::{Comparison, EndOutcome, NamedSet, SideFilter};
use crate::base::geometry::Geometry;
use crate::base::limits::MAX_COUNTERS;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::check::analysis::{cond_uses_target, template_directions};
use crate::check::{CheckedAction, CheckedSentences};
use crate::lang::effect_syntax::{
    Cond, Direction, Effect, EndCondition, KindFilter, LegalClause, Quantity, SetExpr, SetOp, Trigger,
};

/// Index of a set node.
pub type SetId = u32;
/// Index of a condition node.
pub type CondId = u32;

/// A square-set node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetNode {
    /// A named set: target, origin, mover, path, all, shielded, blocked, empty.
    Named(NamedSet),
    /// Pieces of a side whose kind is in the mask.
    Pieces {
        /// Relative side.
        side: SideFilter,
        /// Bit `k` for kind `k`.
        kinds: u64,
    },
    /// Squares within `radius` of the set.
    Area {
        /// The set.
        set: SetId,
        /// King steps.
        radius: u8,
    },
    /// The set's neighbours.
    Adjacent {
        /// The set.
        set: SetId,
    },
    /// Squares within a Manhattan radius of the set.
    Manhattan {
        /// The set.
        set: SetId,
        /// Index into [`Programs::manhattan`] (the radius).
        radius: u8,
    },
    /// The first piece along each ray of a template, from a precomputed table.
    First {
        /// The set.
        set: SetId,
        /// Index into [`Programs::rays`].
        table: u32,
    },
    /// Lines through the set, from a precomputed table.
    Lines {
        /// The set.
        set: SetId,
        /// Index into [`Programs::lines`].
        table: u32,
    },
    /// A zone per side, from a precomputed table.
    Zone {
        /// Index into [`Programs::zones`].
        table: u32,
    },
    /// `a + b`
    Union(SetId, SetId),
    /// `a - b`
    Difference(SetId, SetId),
    /// `a & b`
    Intersection(SetId, SetId),
}

/// A condition node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CondNode {
    /// A constant.
    Truth(bool),
    /// Negation.
    Not(CondId),
    /// Both.
    And(CondId, CondId),
    /// Either.
    Or(CondId, CondId),
    /// Pieces on a set compared with a number.
    Count(SetId, Comparison, u32),
    /// A capture counter compared with a number.
    Captured(u8, Comparison, u32),
    /// Squares of a set (empty or not) compared with a number.
    Squares(SetId, Comparison, u32),
    /// Some square of the set holds a piece.
    Exists(SetId),
    /// Some piece on the set is attacked by the other side.
    Attacked(SetId),
    /// The two sets touch.
    Touching(SetId, SetId),
    /// The first set is non-empty and inside the second.
    Within(SetId, SetId),
}

/// One step of an effect program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Remove the pieces on the set.
    Remove(SetId),
    /// Push the pieces on the set.
    Push {
        /// What is pushed.
        set: SetId,
        /// Which way.
        direction: PushDirection,
        /// How many squares.
        distance: u8,
    },
    /// Block the squares of the set.
    Block(SetId),
    /// Remove the acting piece, shields or not.
    Consume,
    /// Bounce the chosen piece of the set away from `from`.
    Bounce {
        /// Pieces that may be chosen.
        set: SetId,
        /// What they bounce away from.
        from: SetId,
        /// Whether a bounce into the promotion zone promotes.
        promote: bool,
    },
}

/// Which way a push goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushDirection {
    /// The direction of the move.
    Along,
    /// Away from the nearest square of a set.
    AwayFrom(SetId),
    /// The direction the mover chose: towards the move's choice square.
    Chosen,
}

/// A triggered rule, compiled.
#[derive(Clone, Debug)]
pub struct CompiledRule {
    /// Fires only when this holds.
    pub guard: Option<CondId>,
    /// What happens.
    pub ops: Vec<Op>,
    /// (After-move rules) not after castling.
    pub except_castling: bool,
}

/// An action, compiled.
#[derive(Clone, Debug)]
pub struct CompiledAction {
    /// The kind that takes it; `None` for a side's action.
    pub owner: Option<Kind>,
    /// Name, for notation.
    pub name: String,
    /// Targets from a template: move tables with one kind (index 0).
    pub tables: Option<super::tables::MoveTables>,
    /// Targets as a set.
    pub target: Option<SetId>,
    /// The piece stays on its square.
    pub stays: bool,
    /// Bit in [`Position`](crate::engine::position::Position)'s once-used mask.
    pub once_bit: Option<u8>,
    /// Condition, evaluated per target.
    pub when: Option<CondId>,
    /// Whether `when` depends on the target (else it is evaluated once per piece).
    pub when_uses_target: bool,
    /// What happens.
    pub ops: Vec<Op>,
    /// Compels the piece on the target to make one of its own moves.
    pub compel: bool,
    /// A push of this action goes in a direction the mover chooses.
    pub chooses_direction: bool,
    /// The piece promotes: one move per promotion choice.
    pub promotes: bool,
    /// How the game record writes it (`{origin}`, `{target}`, `{removed}`).
    pub record: Option<String>,
}

/// A legality clause, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legal {
    /// The side that moved keeps a royal piece, unless the condition holds.
    Survives(Option<CondId>),
    /// Its royal pieces are not attacked, unless the condition holds.
    NotAttacked(Option<CondId>),
}

/// A game-end condition, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// No legal move, in check.
    Checkmate,
    /// No legal move, not in check.
    Stalemate,
    /// The move rule.
    MoveRule(u32),
    /// Repetition.
    Repetition(u32),
    /// A condition on the position: ends the game at once, in search too.
    Holds(CondId),
    /// A dead position: ends the game in play only.
    Dead(CondId),
}

/// Every program of a variant and the tables they read.
#[derive(Clone, Debug, Default)]
pub struct Programs {
    /// Set nodes.
    pub sets: Vec<SetNode>,
    /// Condition nodes.
    pub conds: Vec<CondNode>,
    /// Area masks per radius (index = radius), per square.
    pub areas: Vec<Vec<SquareSet>>,
    /// Line masks per table, per side of the rule's owner (`f` and `b`
    /// read from that side), per square.
    pub lines: Vec<[Vec<SquareSet>; 2]>,
    /// Manhattan masks per radius (index = radius), per square.
    pub manhattan: Vec<Vec<SquareSet>>,
    /// Rays per table, per side of the rule's owner, per square: each
    /// ray's squares, nearest first.
    pub rays: Vec<[Vec<Vec<Vec<Square>>>; 2]>,
    /// Zones per table, per side.
    pub zones: Vec<[SquareSet; 2]>,
    /// Kind masks of the `captured(...)` counters.
    pub counters: Vec<u64>,
    /// Every square of the board.
    pub all: SquareSet,
    /// The light squares (a1 is dark).
    pub light: SquareSet,
    /// Rules fired by captures.
    pub on_capture: Vec<CompiledRule>,
    /// Rules fired when a piece lands.
    pub on_arrival: Vec<CompiledRule>,
    /// Rules fired after every move.
    pub after_move: Vec<CompiledRule>,
    /// The after-move rule offering a bounce, if any: (rule index, op).
    pub choice: Option<(usize, Op)>,
    /// Actions.
    pub actions: Vec<CompiledAction>,
    /// Bit `k` set when kind `k` has actions.
    pub action_kinds: u64,
    /// Legality clauses.
    pub legal: Vec<Legal>,
    /// When a legal capture exists, only captures are legal.
    pub captures_compulsory: bool,
    /// Game-end rules in order.
    pub end: Vec<(End, EndOutcome)>,
    /// Each end rule's condition as written, for the reason of a result.
    pub end_labels: Vec<String>,
    /// Whether some end rule is a plain condition (checked at every node).
    pub immediate_end: bool,
    /// Shields: (kind, radius, against bits).
    pub shields: Vec<(Kind, u8, u8)>,
    /// Whether any rule or action can change the board beyond a plain move.
    pub any_effects: bool,
}

impl Programs {
    /// Whether any rule or action can change the board beyond a plain move.
    pub fn has_effects(&self) -> bool {
        !(self.on_capture.is_empty()
            && self.on_arrival.is_empty()
            && self.after_move.is_empty()
            && self.actions.is_empty())
    }
}

struct Builder<'a> {
    p: Programs,
    g: Geometry,
    letter_kind: &'a dyn Fn(char) -> Option<Kind>,
    royal_kinds: u64,
    all_kinds: u64,
    /// The directions of each table in `p.rays`, to share tables.
    ray_keys: Vec<Vec<((i32, i32), usize)>>,
    /// The directions of each table in `p.lines`.
    line_keys: Vec<Vec<((i32, i32), usize)>>,
}

/// Compiles the checked sentences of a variant.
pub fn compile(
    s: &CheckedSentences,
    g: Geometry,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    royal_kinds: u64,
    kinds: usize,
    initial_ranks: &dyn Fn(Kind) -> Vec<i32>,
) -> Programs {
    let all: SquareSet = (0..g.squares()).map(|i| i as Square).collect();
    let all_kinds = if kinds >= 64 { u64::MAX } else { (1u64 << kinds) - 1 };
    let mut b = Builder {
        p: Programs {
            all,
            light: (0..g.squares())
                .map(|i| i as Square)
                .filter(|&sq| (g.file(sq) + g.rank(sq)) % 2 != 0)
                .collect(),
            ..Default::default()
        },
        g,
        letter_kind,
        royal_kinds,
        all_kinds,
        ray_keys: Vec::new(),
        line_keys: Vec::new(),
    };
    for rule in &s.rules {
        let guard = rule.guard.as_ref().map(|c| b.cond(c));
        let ops: Vec<Op> = rule.effects.iter().map(|e| b.op(e)).collect();
        match rule.trigger {
            Trigger::Capture => b.p.on_capture.push(CompiledRule {
                guard,
                ops,
                except_castling: false,
            }),
            Trigger::Arrival => b.p.on_arrival.push(CompiledRule {
                guard,
                ops,
                except_castling: true,
            }),
            Trigger::AfterMove { except_castling } => {
                if let Some(&last @ Op::Bounce { .. }) = ops.last() {
                    b.p.choice = Some((b.p.after_move.len(), last));
                }
                b.p.after_move.push(CompiledRule {
                    guard,
                    ops,
                    except_castling,
                });
            }
        }
    }
    let mut once = 0u8;
    for a in &s.actions {
        let compiled = b.action(a, &mut once, initial_ranks);
        if let Some(k) = a.owner {
            b.p.action_kinds |= 1 << k;
        }
        b.p.actions.push(compiled);
    }
    for clause in &s.legal {
        let legal = match clause {
            LegalClause::Survives(unless) => Legal::Survives(unless.as_ref().map(|c| b.cond(c))),
            LegalClause::NotAttacked(unless) => Legal::NotAttacked(unless.as_ref().map(|c| b.cond(c))),
            LegalClause::CapturesCompulsory => {
                b.p.captures_compulsory = true;
                continue;
            }
        };
        b.p.legal.push(legal);
    }
    for rule in &s.end {
        let end = match &rule.condition {
            EndCondition::Checkmate => End::Checkmate,
            EndCondition::Stalemate => End::Stalemate,
            EndCondition::MoveRule(n) => End::MoveRule(*n),
            EndCondition::Repetition(n) => End::Repetition(*n),
            EndCondition::Holds(c) => {
                b.p.immediate_end = true;
                End::Holds(b.cond(c))
            }
            EndCondition::Dead(c) => End::Dead(b.cond(c)),
        };
        b.p.end.push((end, rule.outcome.into()));
    }
    b.p.end_labels = s.end_labels.clone();
    b.p.shields = s.shields.iter().map(|sh| (sh.kind, sh.radius, sh.against)).collect();
    for &(_, radius, _) in &b.p.shields.clone() {
        b.area_table(radius);
    }
    b.area_table(1);
    b.p.any_effects = b.p.has_effects();
    b.p
}

impl Builder<'_> {
    fn push_set(&mut self, node: SetNode) -> SetId {
        self.p.sets.push(node);
        (self.p.sets.len() - 1) as SetId
    }

    fn push_cond(&mut self, node: CondNode) -> CondId {
        self.p.conds.push(node);
        (self.p.conds.len() - 1) as CondId
    }

    fn kinds(&self, filter: Option<&KindFilter>) -> u64 {
        let Some(f) = filter else { return self.all_kinds };
        let mask = if f.royal {
            self.royal_kinds
        } else {
            f.letters
                .iter()
                .filter_map(|(c, _)| (self.letter_kind)(*c))
                .fold(0, |m, k| m | 1 << k)
        };
        if f.negate { self.all_kinds & !mask } else { mask }
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
            SetExpr::Named(n) => SetNode::Named((*n).into()),
            SetExpr::Pieces(side, kinds) => SetNode::Pieces {
                side: (*side).into(),
                kinds: self.kinds(kinds.as_ref()),
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
            SetExpr::Lines(s, template, _) => {
                let set = self.set(s);
                let table = self.lines_table(template);
                SetNode::Lines { set, table }
            }
            SetExpr::First(s, template, _) => {
                let set = self.set(s);
                let table = self.rays_table(template);
                SetNode::First { set, table }
            }
            SetExpr::Manhattan(s, r) => {
                self.manhattan_table(*r);
                SetNode::Manhattan {
                    set: self.set(s),
                    radius: *r,
                }
            }
            SetExpr::Ranks(lo, hi) => {
                let g = self.g;
                let zone = Color::BOTH.map(|side| {
                    (0..g.squares())
                        .map(|sq| sq as Square)
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
                    .map(|sq| sq as Square)
                    .filter(|&sq| g.file(sq) >= *lo as i32 && g.file(sq) <= *hi as i32)
                    .collect();
                self.p.zones.push([set, set]);
                SetNode::Zone {
                    table: (self.p.zones.len() - 1) as u32,
                }
            }
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

    /// Lines of a template through each square: its rays to the edge,
    /// ignoring what stands on them, once per side of the rule's owner.
    /// Templates with the same directions share one table.
    fn lines_table(&mut self, template: &str) -> u32 {
        let directions = template_directions(template);
        if let Some(i) = self.line_keys.iter().position(|k| *k == directions) {
            return i as u32;
        }
        let table = Color::BOTH.map(|side| {
            template_rays(self.g, &directions, side)
                .into_iter()
                .map(|rays| rays.into_iter().flatten().collect::<SquareSet>())
                .collect()
        });
        self.p.lines.push(table);
        self.line_keys.push(directions);
        (self.p.lines.len() - 1) as u32
    }

    /// Rays of a template from each square, one per direction, once per
    /// side of the rule's owner. Templates with the same directions share
    /// one table.
    fn rays_table(&mut self, template: &str) -> u32 {
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
            Cond::Compare(Quantity::Count(s), cmp, n) => CondNode::Count(self.set(s), (*cmp).into(), *n),
            Cond::Compare(Quantity::Squares(s), cmp, n) => CondNode::Squares(self.set(s), (*cmp).into(), *n),
            Cond::Compare(Quantity::Captured(kinds), cmp, n) => {
                let mask = self.kinds(kinds.as_ref());
                let counter = match self.p.counters.iter().position(|m| *m == mask) {
                    Some(i) => i,
                    None => {
                        self.p.counters.push(mask);
                        self.p.counters.len() - 1
                    }
                };
                CondNode::Captured(counter.min(MAX_COUNTERS - 1) as u8, (*cmp).into(), *n)
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
        };
        self.push_cond(node)
    }

    fn op(&mut self, e: &Effect) -> Op {
        match e {
            Effect::Remove(s) => Op::Remove(self.set(s)),
            Effect::Block(s) => Op::Block(self.set(s)),
            Effect::Consume => Op::Consume,
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
            Effect::Bounce { set, from, promote } => {
                let (set, from) = (self.set(set), self.set(from));
                Op::Bounce {
                    set,
                    from,
                    promote: *promote,
                }
            }
        }
    }

    fn action(&mut self, a: &CheckedAction, once: &mut u8, initial_ranks: &dyn Fn(Kind) -> Vec<i32>) -> CompiledAction {
        let tables = a.template.as_ref().map(|t| {
            let ranks = a.owner.map(initial_ranks).unwrap_or_default();
            super::tables::build_from(self.g, &[(t, ranks.as_slice())], false)
        });
        let once_bit = a.once.then(|| {
            *once += 1;
            *once - 1
        });
        CompiledAction {
            owner: a.owner,
            name: a.name.clone(),
            tables,
            target: a.target.as_ref().map(|s| self.set(s)),
            stays: a.stays,
            once_bit,
            when_uses_target: a.when.as_ref().is_some_and(cond_uses_target),
            when: a.when.as_ref().map(|c| self.cond(c)),
            ops: a.effects.iter().map(|e| self.op(e)).collect(),
            compel: a.compel,
            promotes: a.promotes,
            record: a.record.clone(),
            chooses_direction: a.effects.iter().any(|e| {
                matches!(
                    e,
                    Effect::Push {
                        direction: Direction::Chosen,
                        ..
                    }
                )
            }),
        }
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
                    if let Some(t) = g.offset(sq as Square, df, dr) {
                        set.insert(t);
                    }
                }
            }
            set
        })
        .collect()
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
                    .map_while(|k| g.offset(sq as Square, dx * k, dy * k))
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
