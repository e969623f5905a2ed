//! Effects that only remove pieces near the move (`blast(target, 1)`,
//! `remove(target)`, `consume`), bounded at load time. A move such rules
//! follow is then judged by the legality shortcut without being played
//! where no royal piece of the mover's side is within their reach and no
//! enemy piece could attack one through the squares they may empty (see
//! `SafeMoves::allows` in the engine). The reach itself is an IR type,
//! [`RemovalReach`].

use super::ir::{Legal, Op, Programs, RemovalReach, SetId, SetNode};
use crate::base::square::{Square, SquareSet};
use crate::base::vocabulary::NamedSet;

/// The reach of the variant's effects when every rule's every effect
/// removes pieces within a bounded distance of the move's squares and
/// every legality clause is `own royal survives` or `own royal not
/// attacked` (so a move that removes no own royal piece and leaves none
/// attacked passes). `None` otherwise, or when no rule has an effect.
pub(super) fn reach(p: &Programs, squares: usize) -> Option<RemovalReach> {
    if !p
        .legal
        .iter()
        .all(|l| matches!(l, Legal::Survives(_) | Legal::NotAttacked(_)))
    {
        return None;
    }
    let rules = p.on_capture.iter().chain(&p.on_arrival).chain(&p.after_move);
    let mut reach = RemovalReach {
        around_target: vec![SquareSet::EMPTY; squares],
        around_origin: vec![SquareSet::EMPTY; squares],
    };
    let mut any = false;
    for rule in rules {
        for op in &rule.ops {
            let bound = match *op {
                Op::Remove(set) => bound(p, set, squares)?,
                // The acting piece stands on the target.
                Op::Consume => Bound {
                    target: singles(squares),
                    origin: None,
                },
                _ => return None,
            };
            merge(&mut reach.around_target, bound.target);
            merge(&mut reach.around_origin, bound.origin);
            any = true;
        }
    }
    any.then_some(reach)
}

/// Per square, the squares a set may hold around the move's target and
/// around its origin (`None`: none around that one).
struct Bound {
    target: Option<Vec<SquareSet>>,
    origin: Option<Vec<SquareSet>>,
}

fn merge(into: &mut [SquareSet], from: Option<Vec<SquareSet>>) {
    for (a, b) in into.iter_mut().zip(from.iter().flatten()) {
        *a = a.union(b);
    }
}

fn singles(squares: usize) -> Option<Vec<SquareSet>> {
    Some(
        (0..squares)
            .map(|i| {
                let mut s = SquareSet::EMPTY;
                s.insert(Square::from_index(i));
                s
            })
            .collect(),
    )
}

/// Which square of the move a named set is (with only removals, the mover
/// stays on the target): `Some(true)` the target, `Some(false)` the origin.
fn centre(p: &Programs, set: SetId) -> Option<bool> {
    match p.sets[set as usize] {
        SetNode::Named(NamedSet::Target | NamedSet::Mover) => Some(true),
        SetNode::Named(NamedSet::Origin) => Some(false),
        _ => None,
    }
}

/// A bound of the squares set `set` may hold, per square of the move;
/// `None` when it may reach beyond every fixed distance of the move.
fn bound(p: &Programs, set: SetId, squares: usize) -> Option<Bound> {
    // `table`: the squares around each square, `None` for the square
    // alone; a table the compiler has not built bounds nothing.
    let around = |centre_set: SetId, table: Option<Option<&Vec<SquareSet>>>| {
        let table = match table {
            Some(Some(t)) if t.len() == squares => Some(t.clone()),
            Some(_) => return None,
            None => singles(squares),
        };
        Some(match centre(p, centre_set)? {
            true => Bound {
                target: table,
                origin: None,
            },
            false => Bound {
                target: None,
                origin: table,
            },
        })
    };
    match p.sets[set as usize] {
        SetNode::Named(_) => around(set, None),
        SetNode::Area { set, radius } => around(set, Some(p.areas.get(usize::from(radius)))),
        SetNode::Adjacent { set } => around(set, Some(p.areas.get(1))),
        SetNode::Manhattan { set, radius } => around(set, Some(p.manhattan.get(usize::from(radius)))),
        SetNode::Difference(a, _) => bound(p, a, squares),
        SetNode::Intersection(a, b) => bound(p, a, squares).or_else(|| bound(p, b, squares)),
        SetNode::Union(a, b) => {
            let (a, b) = (bound(p, a, squares)?, bound(p, b, squares)?);
            let join = |x: Option<Vec<SquareSet>>, y: Option<Vec<SquareSet>>| match (x, y) {
                (Some(mut x), y) => {
                    merge(&mut x, y);
                    Some(x)
                }
                (None, y) => y,
            };
            Some(Bound {
                target: join(a.target, b.target),
                origin: join(a.origin, b.origin),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::base::square::Square;
    use crate::compile::Variant;

    fn load(rules: &str, legal: &str) -> Variant {
        let text = format!("(extends: \"chess\", name: \"Reach\", rules: [{rules}], legal: [{legal}])");
        Variant::from_text("reach.ron", &text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    const KING_SAFE: &str = "\"own royal survives\", \"own royal not attacked\"";

    /// A blast around the target reaches the king steps around it, and
    /// the move's own squares.
    #[test]
    fn a_blast_reaches_its_radius() {
        let v = load(
            "\"on capture: blast(target, 1, sparing any P); remove(target)\"",
            KING_SAFE,
        );
        let reach = v.programs.removal_reach.as_ref().expect("a bounded reach");
        let (b1, e4) = (Square::from_index(1), Square::from_index(28));
        let squares = reach.squares(b1, e4);
        assert_eq!(squares.len(), 9 + 1);
        assert!(squares.contains(Square::from_index(37)) && squares.contains(b1));
    }

    /// Removals around the origin and after every move count too.
    #[test]
    fn origin_and_after_move_removals_are_bounded() {
        let v = load("\"after move: remove(adjacent(origin) - own P)\"", KING_SAFE);
        let reach = v.programs.removal_reach.as_ref().expect("a bounded reach");
        assert_eq!(reach.around_origin[0].len(), 4);
        assert!(reach.around_target[0].is_empty());
    }

    /// Effects other than removals, removals with no bound, and clauses
    /// other than a royal's safety leave every such move to be played.
    #[test]
    fn other_effects_and_clauses_have_no_reach() {
        for (rules, legal) in [
            ("\"on capture: push(adjacent(target), away from target, 1)\"", KING_SAFE),
            ("\"on capture: remove(enemy P)\"", KING_SAFE),
            ("\"on capture: remove(path)\"", KING_SAFE),
            ("\"on capture: remove(target)\"", "\"not exists(own Q & ranks(5..8))\""),
            ("", KING_SAFE),
        ] {
            let v = load(rules, legal);
            assert!(v.programs.removal_reach.is_none(), "{rules} / {legal}");
        }
    }
}
