//! Action conditions fixed by the acting piece's square: a `when` that
//! reads only the origin and squares known at load time (`origin in
//! ranks(8)`) is resolved into the set of origins, per side, where it
//! holds, so that move generation tests a bit instead of interpreting the
//! condition for every piece at every node; and per kind the union of its
//! actions' origins (`Programs::action_origins`), so that a piece standing
//! where none may be made costs no call.

use super::ir::{CondId, CondNode, NamedSet, Programs, SetId, SetNode};
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::Comparison;

impl Programs {
    /// Whether a piece of `kind` of `side` on `from` may make one of the
    /// actions it owns: the union of their `when_origins` (every square
    /// for an action without them) holds `from`.
    #[inline(always)]
    pub fn may_act_from(&self, kind: Kind, side: Color, from: Square) -> bool {
        self.action_origins
            .get(kind.index())
            .is_some_and(|origins| origins[side as usize].contains(from))
    }
}

/// For each action whose `when` ignores the target and reads only its
/// origin and fixed squares, the origins per side where it holds.
pub(super) fn resolve(p: &mut Programs) {
    let tables: Vec<Option<[SquareSet; 2]>> = (p.actions.iter())
        .map(|a| match a.when {
            Some(c) if !a.when_uses_target => origins(p, c),
            _ => None,
        })
        .collect();
    for (action, table) in p.actions.iter_mut().zip(tables) {
        action.when_origins = table;
    }
    p.action_origins = (p.owned_actions.iter())
        .map(|owned| {
            let mut out = [SquareSet::EMPTY; 2];
            for &i in owned {
                let when = p.actions[usize::from(i)].when_origins;
                for side in Color::BOTH {
                    let from = when.map_or(p.all, |origins| origins[side as usize]);
                    out[side as usize] = out[side as usize].union(&from);
                }
            }
            out
        })
        .collect();
}

/// The origins, per side, where `c` holds; `None` when it reads more.
fn origins(p: &Programs, c: CondId) -> Option<[SquareSet; 2]> {
    let mut out = [SquareSet::EMPTY; 2];
    for side in Color::BOTH {
        for origin in p.all.iter() {
            if cond(p, c, side, origin)? {
                out[side as usize].insert(origin);
            }
        }
    }
    Some(out)
}

/// Whether `value` compares with `n` as `cmp` asks.
pub(super) fn compare(value: u32, cmp: Comparison, n: u32) -> bool {
    match cmp {
        Comparison::AtLeast => value >= n,
        Comparison::AtMost => value <= n,
        Comparison::Equal => value == n,
        Comparison::NotEqual => value != n,
        Comparison::More => value > n,
        Comparison::Less => value < n,
    }
}

/// Condition `c` for `side`'s piece on `origin`, as the engine evaluates
/// it; `None` when it reads the position or the move beyond its origin.
fn cond(p: &Programs, c: CondId, side: Color, origin: Square) -> Option<bool> {
    let cond = |c| cond(p, c, side, origin);
    let set = |s| set(p, s, side, origin);
    match p.conds[c as usize] {
        CondNode::Truth(b) => Some(b),
        CondNode::Not(a) => cond(a).map(|a| !a),
        CondNode::And(a, b) => Some(cond(a)? & cond(b)?),
        CondNode::Or(a, b) => Some(cond(a)? | cond(b)?),
        CondNode::Within(a, b) => {
            let a = set(a)?;
            Some(!a.is_empty() && a.difference(&set(b)?).is_empty())
        }
        CondNode::Squares(s, cmp, n) => Some(compare(set(s)?.len(), cmp, n)),
        _ => None,
    }
}

/// Set `id` for `side`'s piece on `origin`; `None` when it reads more.
fn set(p: &Programs, id: SetId, side: Color, origin: Square) -> Option<SquareSet> {
    let set = |s| set(p, s, side, origin);
    match p.sets[id as usize] {
        SetNode::Named(NamedSet::Origin) => {
            let mut one = SquareSet::EMPTY;
            one.insert(origin);
            Some(one)
        }
        SetNode::Named(NamedSet::All) => Some(p.all),
        SetNode::Named(NamedSet::Light) => Some(p.light),
        SetNode::Named(NamedSet::Dark) => Some(p.all.difference(&p.light)),
        SetNode::Zone { table } => Some(p.zones[table as usize][side as usize]),
        SetNode::Union(a, b) => Some(set(a)?.union(&set(b)?)),
        SetNode::Difference(a, b) => Some(set(a)?.difference(&set(b)?)),
        SetNode::Intersection(a, b) => Some(set(a)?.intersection(&set(b)?)),
        _ => None,
    }
}
