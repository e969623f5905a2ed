//! A cheap necessary condition for each plain-condition end rule, read at
//! every node before the rule itself: a rule that asks whether some piece
//! stands on fixed squares (`exists(own royal & white ranks(8))`, alone or
//! in an `and` or `or`) cannot hold while no such piece stands there, which
//! two square sets tell without interpreting the condition.

use super::ir::{CondId, CondNode, PiecesOn, Programs, SetId, SetNode};
use crate::base::kind_set::KindSet;
use crate::base::square::SquareSet;
use crate::base::vocabulary::Comparison;

/// For each rule of [`Programs::holds_ends`], in order, the pieces one of
/// which must stand where it says for the rule to hold (`Some(vec![])`:
/// it never holds), or `None` where no such condition is known.
pub(super) fn guards(p: &Programs) -> Vec<Option<Vec<PiecesOn>>> {
    p.holds_ends.iter().map(|&(_, c)| necessary(p, c)).collect()
}

/// Where every guard asks only for royal pieces on zones: the squares of
/// those zones (read for either side). While no royal piece of either
/// side stands on one, no plain-condition end rule holds, which one
/// intersection tells.
pub(super) fn royal_gate(p: &Programs, royal_kinds: KindSet) -> Option<SquareSet> {
    if royal_kinds.is_empty() || p.holds_guards.is_empty() {
        return None;
    }
    let mut gate = SquareSet::EMPTY;
    for guard in &p.holds_guards {
        for on in guard.as_ref()? {
            let zone = on.zone?;
            if on.kinds.is_empty() || !on.kinds.is_subset(royal_kinds) {
                return None;
            }
            let [a, b] = &p.zones[zone as usize];
            gate = gate.union(a).union(b);
        }
    }
    Some(gate)
}

/// Pieces one of which stands where it says whenever condition `c` holds.
fn necessary(p: &Programs, c: CondId) -> Option<Vec<PiecesOn>> {
    match p.conds[c as usize] {
        CondNode::Truth(false) => Some(Vec::new()),
        CondNode::Exists(set) => pieces_on(p, set).map(|on| vec![on]),
        // At least one piece of the set.
        CondNode::Count(set, cmp, n)
            if matches!(
                (cmp, n),
                (Comparison::AtLeast | Comparison::Equal, 1..) | (Comparison::More, _)
            ) =>
        {
            pieces_on(p, set).map(|on| vec![on])
        }
        // Either side's condition is necessary: the first known one.
        CondNode::And(a, b) => necessary(p, a).or_else(|| necessary(p, b)),
        CondNode::Or(a, b) => {
            let mut either = necessary(p, a)?;
            either.extend(necessary(p, b)?);
            Some(either)
        }
        _ => None,
    }
}

/// Set `set` as pieces on squares fixed at load time: pieces of some
/// kinds and side, all of them or those on a zone.
fn pieces_on(p: &Programs, set: SetId) -> Option<PiecesOn> {
    match p.sets[set as usize] {
        SetNode::Pieces { side, kinds } => Some(PiecesOn {
            side,
            kinds,
            zone: None,
        }),
        SetNode::Intersection(a, b) => match (&p.sets[a as usize], &p.sets[b as usize]) {
            (&SetNode::Pieces { side, kinds }, &SetNode::Zone { table })
            | (&SetNode::Zone { table }, &SetNode::Pieces { side, kinds }) => Some(PiecesOn {
                side,
                kinds,
                zone: Some(table),
            }),
            _ => None,
        },
        _ => None,
    }
}
