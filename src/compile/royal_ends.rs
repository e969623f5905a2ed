//! End rules that only ask whether each side still has its royal pieces
//! (`not exists(own royal)`, combined with `and`, `or`, `not`), resolved
//! at load time into a table read at every node instead of interpreted.

use super::ir::{CondId, CondNode, End, Programs, SetNode};
use crate::base::kind_set::KindSet;
use crate::base::vocabulary::SideFilter;

/// For each state of the side to move (bit 0: it has a royal piece, bit 1:
/// the other side has one), the first plain-condition end rule that holds
/// (its index in [`Programs::end`]). `None` when some such rule asks more
/// than that: the rules are then interpreted.
pub(super) fn table(p: &Programs, royal_kinds: KindSet) -> Option<[Option<u8>; 4]> {
    if royal_kinds.is_empty() {
        return None;
    }
    let mut table = [None; 4];
    for (i, (end, _)) in p.end.iter().enumerate() {
        let End::Holds(c) = *end else { continue };
        for (state, first) in table.iter_mut().enumerate() {
            let holds = eval(p, c, royal_kinds, state & 1 != 0, state & 2 != 0)?;
            if holds && first.is_none() {
                *first = Some(u8::try_from(i).ok()?);
            }
        }
    }
    Some(table)
}

/// The condition's value when the side to move has a royal piece (`own`)
/// and the other side has one (`enemy`); `None` when it asks more.
fn eval(p: &Programs, c: CondId, royal_kinds: KindSet, own: bool, enemy: bool) -> Option<bool> {
    let eval = |c| eval(p, c, royal_kinds, own, enemy);
    match p.conds[c as usize] {
        CondNode::Truth(b) => Some(b),
        CondNode::Not(a) => eval(a).map(|a| !a),
        CondNode::And(a, b) => Some(eval(a)? & eval(b)?),
        CondNode::Or(a, b) => Some(eval(a)? | eval(b)?),
        CondNode::Exists(set) => match p.sets[set as usize] {
            SetNode::Pieces { side, kinds } if kinds == royal_kinds => match side {
                SideFilter::Own => Some(own),
                SideFilter::Enemy => Some(enemy),
                SideFilter::Any => Some(own | enemy),
                SideFilter::White | SideFilter::Black => None,
            },
            _ => None,
        },
        _ => None,
    }
}
