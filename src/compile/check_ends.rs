//! End rules that only compare the checks each side has given with
//! numbers (`checks(enemy) >= 3`, combined with `and`, `or`, `not`),
//! resolved at load time into a table read at every node instead of
//! interpreted; and whether no other condition reads the counts, so that
//! a caller may leave a count unkept where the table reads it alike
//! either way (perft's last made ply, `Variant::check_unread_after`).

use super::ir::{CheckEnds, CondId, CondNode, End, Programs};
use super::origin_conds::compare;

/// The largest count told apart: the table has `(cap + 1)²` entries.
const MAX_CAP: u32 = 15;

/// The table of the plain-condition end rules, `None` when one of them
/// reads more than the check counts, none reads them, or a number is
/// above [`MAX_CAP`] less one.
pub(super) fn table(p: &Programs) -> Option<CheckEnds> {
    let holds: Vec<(usize, CondId)> = (p.end.iter().enumerate())
        .filter_map(|(i, (end, _))| match *end {
            End::Holds(c) => Some((i, c)),
            _ => None,
        })
        .collect();
    let (mut cap, mut reads) = (0, 0);
    for &(_, c) in &holds {
        scan(p, c, &mut cap, &mut reads)?;
    }
    if reads == 0 || cap > MAX_CAP {
        return None;
    }
    let mut first = Vec::new();
    for own in 0..=cap {
        for enemy in 0..=cap {
            let rule = holds.iter().find(|&&(_, c)| eval(p, c, own, enemy));
            first.push(match rule {
                Some(&(i, _)) => Some(u8::try_from(i).ok()?),
                None => None,
            });
        }
    }
    let all_reads = (p.conds.iter()).filter(|c| matches!(c, CondNode::Checks(..))).count();
    Some(CheckEnds {
        cap: u8::try_from(cap).ok()?,
        first,
        sole_reader: all_reads == reads,
    })
}

/// Walks `c`, raising `cap` past each number a count is compared with
/// and counting the comparisons in `reads`; `None` when it reads more.
fn scan(p: &Programs, c: CondId, cap: &mut u32, reads: &mut usize) -> Option<()> {
    match p.conds[c as usize] {
        CondNode::Truth(_) => {}
        CondNode::Not(a) => scan(p, a, cap, reads)?,
        CondNode::And(a, b) | CondNode::Or(a, b) => {
            scan(p, a, cap, reads)?;
            scan(p, b, cap, reads)?;
        }
        CondNode::Checks(_, _, n) => {
            *cap = (*cap).max(n.saturating_add(1));
            *reads += 1;
        }
        _ => return None,
    }
    Some(())
}

/// The value of `c` (one [`scan`] accepted) where the side to move gave
/// `own` checks and the other side `enemy`.
fn eval(p: &Programs, c: CondId, own: u32, enemy: u32) -> bool {
    let eval = |c| eval(p, c, own, enemy);
    match p.conds[c as usize] {
        CondNode::Truth(b) => b,
        CondNode::Not(a) => !eval(a),
        CondNode::And(a, b) => eval(a) && eval(b),
        CondNode::Or(a, b) => eval(a) || eval(b),
        CondNode::Checks(is_own, cmp, n) => compare(if is_own { own } else { enemy }, cmp, n),
        // `scan` refused every other node.
        _ => false,
    }
}
