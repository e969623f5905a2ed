//! Facts about a whole compiled program, found after lowering: which
//! rules can change a move's legality or the mover's colour, the actions
//! each kind owns, the actions that only wall squares in, and the choices
//! a move generator must ask for. Each reads the finished
//! [`Programs`](crate::compile::ir::Programs) and sets one of its flags.

use crate::base::kind_set::KindSet;
use crate::base::limits::{SHIELD_BLOCK, SHIELD_BOUNCE};
use crate::base::vocabulary::NamedSet;
use crate::check::CheckedSentences;
use crate::compile::ir::{
    CompiledAction, CompiledRule, KindTo, Legal, Op, PlaceFrom, Programs, PushDirection, SetId, SetNode, SideFilter,
    WhenTaken,
};

/// Whether the rules leave every move's legality as it would be without
/// them ([`Programs::rules_keep_legality`]).
pub(super) fn rules_keep_legality(p: &Programs, s: &CheckedSentences, royal_kinds: KindSet) -> bool {
    let sequence_royal = (s.kind_sequence.iter())
        .flat_map(|q| &q.kinds)
        .any(|k| royal_kinds.contains(*k));
    let blind = |op: &Op| match *op {
        Op::Transform { to, royal, .. } => {
            !royal
                && match to {
                    KindTo::Kind(k) => !royal_kinds.contains(k),
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
pub(super) fn rules_recolour_mover(p: &Programs, royal_kinds: KindSet) -> bool {
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
            matches!(pl.who, PlaceFrom::New(SideFilter::Own, kind) if !royal_kinds.contains(kind))
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
pub(super) fn owned_actions(actions: &[CompiledAction]) -> Vec<Vec<u16>> {
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
pub(super) fn turns_mover(p: &Programs) -> [bool; 2] {
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
pub(super) fn checks_by_lines(p: &Programs) -> bool {
    p.counts_checks
        && !p.attacks_through_new_blocks
        && !p.placement_attacks
        && !p.filters.any()
        && p.legal.contains(&Legal::NotAttacked(None))
        && (p.legal.iter()).all(|l| matches!(l, Legal::NotAttacked(None) | Legal::Survives(None)))
}

/// Marks a bounce that is the last effect of every move, and notes
/// whether moves ask for follow-up choices at all.
pub(super) fn plan_choices(p: &mut Programs) {
    if let Some(Op::Bounce { last, .. } | Op::BlockChosen { last, .. }) =
        p.after_move.last_mut().and_then(|r| r.ops.last_mut())
    {
        *last = true;
    }
    // A further move that ends the one rule a capture fires (rules for
    // kinds no two of which share one), with no other rule after it.
    let exclusive = {
        let mut seen = KindSet::EMPTY;
        p.on_capture.iter().all(|r| {
            let by = r.by.unwrap_or(KindSet::ALL);
            let ok = seen.intersection(by).is_empty();
            seen = seen.union(by);
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
    let block_shields = p.timed_shields
        || p.shields.iter().any(|&(_, _, bits)| bits & SHIELD_BLOCK != 0)
        || p.shield_rules.iter().any(|&(_, bits, _)| bits & SHIELD_BLOCK != 0);
    p.block_empty = match (&p.on_capture[..], &p.on_arrival[..], &p.after_move[..]) {
        ([], [], [rule]) if rule.guard.is_none() && rule.by.is_none() && !block_shields && !p.counts_checks => {
            match rule.ops[..] {
                [
                    Op::BlockChosen {
                        among,
                        required,
                        last: true,
                        ..
                    },
                ] if p.sets[among as usize] == SetNode::Named(NamedSet::Empty) => Some(required),
                _ => None,
            }
        }
        _ => None,
    };
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
