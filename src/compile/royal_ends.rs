//! End rules that only ask whether each side still has its royal pieces
//! (`not exists(own royal)`, `count(own royal) == 0`, combined with
//! `and`, `or`, `not`), or, where no piece is royal, whether each side
//! still has pieces (`count(own) == 0`), resolved at load time into a
//! table read at every node instead of interpreted.

use super::ir::{CondId, CondNode, End, Programs, SetId, SetNode};
use super::origin_conds::compare;
use crate::base::kind_set::KindSet;
use crate::base::vocabulary::SideFilter;

/// For each state of the side to move (bit 0: it has a piece of `kinds`,
/// bit 1: the other side has one), the first plain-condition end rule
/// that holds (its index in [`Programs::end`]). `None` when some such
/// rule asks more than that: the rules are then interpreted.
pub(super) fn table(p: &Programs, kinds: KindSet) -> Option<[Option<u8>; 4]> {
    if kinds.is_empty() {
        return None;
    }
    let mut table = [None; 4];
    for (i, (end, _)) in p.end.iter().enumerate() {
        let End::Holds(c) = *end else { continue };
        for (state, first) in table.iter_mut().enumerate() {
            let holds = eval(p, c, kinds, state & 1 != 0, state & 2 != 0)?;
            if holds && first.is_none() {
                *first = Some(u8::try_from(i).ok()?);
            }
        }
    }
    Some(table)
}

/// The condition's value when the side to move has a piece of `kinds`
/// (`own`) and the other side has one (`enemy`); `None` when it asks more.
fn eval(p: &Programs, c: CondId, kinds: KindSet, own: bool, enemy: bool) -> Option<bool> {
    let eval = |c| eval(p, c, kinds, own, enemy);
    match p.conds[c as usize] {
        CondNode::Truth(b) => Some(b),
        CondNode::Not(a) => eval(a).map(|a| !a),
        CondNode::And(a, b) => Some(eval(a)? & eval(b)?),
        CondNode::Or(a, b) => Some(eval(a)? | eval(b)?),
        CondNode::Exists(set) => exists(p, set, kinds, own, enemy),
        // A count that only tells none from some: against 0 or 1, alike
        // for every count above 0.
        CondNode::Count(set, cmp, n) if n <= 1 && compare(1, cmp, n) == compare(2, cmp, n) => {
            Some(compare(u32::from(exists(p, set, kinds, own, enemy)?), cmp, n))
        }
        _ => None,
    }
}

/// Whether the set's pieces exist, where it is the pieces of `kinds` of
/// a side read relative to the side to move.
fn exists(p: &Programs, set: SetId, kinds: KindSet, own: bool, enemy: bool) -> Option<bool> {
    match p.sets[set as usize] {
        SetNode::Pieces { side, kinds: k } if k == kinds => match side {
            SideFilter::Own => Some(own),
            SideFilter::Enemy => Some(enemy),
            SideFilter::Any => Some(own | enemy),
            SideFilter::White | SideFilter::Black => None,
        },
        _ => None,
    }
}
