//! Analyses of resolved templates and sentences that both the checker (to
//! bound a variant's cost) and the compiler (to build its programs) need.

use super::resolve::Resolved;
use crate::lang::betza::{Reach, Template};
use crate::lang::effect_syntax::{Comparison, Cond, NamedSet, Quantity, SetExpr};

/// Whether a condition names `target`, `mover` or `path` (which change with
/// the action's target).
pub fn cond_uses_target(c: &Cond<Resolved>) -> bool {
    match c {
        Cond::Truth(_) => false,
        Cond::Not(a) => cond_uses_target(a),
        Cond::And(a, b) | Cond::Or(a, b) => cond_uses_target(a) || cond_uses_target(b),
        Cond::Compare(Quantity::Count(s) | Quantity::Squares(s) | Quantity::Material(s), _, _)
        | Cond::Exists(s)
        | Cond::Attacked(s, None)
        | Cond::AttackedEvery(s, None)
        | Cond::Line(_, s, _, _)
        | Cond::Block(s, _) => set_uses_target(s),
        Cond::Compare(Quantity::Captured(_) | Quantity::Checks(_) | Quantity::Held(..) | Quantity::Passes, _, _)
        | Cond::Dropped(_)
        | Cond::Castled(_)
        | Cond::CastlingRight(_)
        | Cond::Capture => false,
        Cond::Touching(a, b)
        | Cond::Within(a, b)
        | Cond::CanReach(a, b)
        | Cond::Attacked(a, Some(b))
        | Cond::AttackedEvery(a, Some(b)) => set_uses_target(a) || set_uses_target(b),
        Cond::Connected(_, sets, _) => sets.iter().any(set_uses_target),
        Cond::Versus(a, _, b, _) => [a, b]
            .into_iter()
            .any(|q| cond_uses_target(&Cond::Compare(q.clone(), Comparison::Equal, 0))),
        // Read before the move: no target then.
        // Read before the move, or on positions the game has left.
        Cond::Before(_) | Cond::Since(..) => false,
    }
}

fn set_uses_target(s: &SetExpr<Resolved>) -> bool {
    match s {
        SetExpr::Named(n) => matches!(n, NamedSet::Target | NamedSet::Mover | NamedSet::Path),
        SetExpr::Pieces(..) | SetExpr::Ranks(..) | SetExpr::Files(..) | SetExpr::Region(..) | SetExpr::Last(_) => false,
        SetExpr::Area(s, _) | SetExpr::Adjacent(s) | SetExpr::Manhattan(s, _) => set_uses_target(s),
        SetExpr::Lines(s, ..) | SetExpr::First(s, _) | SetExpr::Reach(s, _) | SetExpr::Enclosed(s, _) => {
            set_uses_target(s)
        }
        SetExpr::Enclosing(s, ..) => set_uses_target(s),
        SetExpr::Marked(_) => false,
        SetExpr::Binary(_, a, b) => set_uses_target(a) || set_uses_target(b),
    }
}

/// A template's distinct directions, each with its longest reach (a
/// repeated atom, or a shorter ride along the same line, adds nothing:
/// the first piece along a shorter ray is also the first along the
/// longer one, or it is past the shorter ray's end), sorted.
pub fn template_directions(template: &Template) -> Vec<((i32, i32), usize)> {
    let mut out: Vec<((i32, i32), usize)> = Vec::new();
    for c in &template.components {
        let limit = match c.reach {
            Reach::Leap => 1,
            Reach::Ride { max } => max.map_or(usize::MAX, |m| m as usize),
        };
        for &v in &c.vectors {
            match out.iter_mut().find(|(d, _)| *d == v) {
                Some(entry) => entry.1 = entry.1.max(limit),
                None => out.push((v, limit)),
            }
        }
    }
    out.sort();
    out
}
