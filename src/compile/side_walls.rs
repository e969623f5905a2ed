//! The walls of a side's action, tabled per target: an action that
//! belongs to no piece and only walls squares in (`walls_only`: `remove(S);
//! block(S)` with `S` known from the move alone, such as
//! `area(target, 1)`) is aimed at one square that is its origin, target
//! and mover at once, so the squares it walls depend only on that square
//! and the side it is played for. The legality shortcut then reads them
//! from this table instead of interpreting the sets for every such move
//! (`SafeMoves::judge_walls` in the engine).

use super::ir::{Op, Programs, SetId, SetNode};
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::NamedSet;

/// Fills `walls_by_square` of each side's `walls_only` action whose
/// blocked sets this module can evaluate from the square alone.
pub(super) fn resolve(p: &mut Programs) {
    let tables: Vec<Option<[Vec<SquareSet>; 2]>> = (p.actions.iter())
        .map(|a| {
            if a.owner.is_some() || !a.walls_only {
                return None;
            }
            let blocks: Vec<SetId> = (a.ops.iter())
                .filter_map(|op| match *op {
                    Op::Block(set) => Some(set),
                    _ => None,
                })
                .collect();
            table(p, &blocks)
        })
        .collect();
    p.side_walls_tabled = tables.iter().any(Option::is_some);
    for (action, table) in p.actions.iter_mut().zip(tables) {
        action.walls_by_square = table;
    }
}

/// The union of `blocks`, per side, per square of the board; `None` when
/// one of them reads more than the square and fixed sets.
fn table(p: &Programs, blocks: &[SetId]) -> Option<[Vec<SquareSet>; 2]> {
    let squares = last_square(&p.all);
    let mut out = [vec![SquareSet::EMPTY; squares], vec![SquareSet::EMPTY; squares]];
    for side in Color::BOTH {
        for sq in p.all.iter() {
            let mut walled = SquareSet::EMPTY;
            for &b in blocks {
                walled = walled.union(&set(p, b, side, sq)?);
            }
            out[side as usize][sq.index()] = walled;
        }
    }
    Some(out)
}

/// One past the highest square of `all`.
fn last_square(all: &SquareSet) -> usize {
    all.iter().last().map_or(0, |s| s.index() + 1)
}

/// Set `id` for an action of `side` aimed at `sq` (its origin, target and
/// mover), as the engine evaluates it; `None` when it reads more.
fn set(p: &Programs, id: SetId, side: Color, sq: Square) -> Option<SquareSet> {
    let set = |s| set(p, s, side, sq);
    let around = |tables: &Vec<Vec<SquareSet>>, radius: u8, base: SquareSet| -> Option<SquareSet> {
        let table = tables.get(usize::from(radius))?;
        base.iter()
            .try_fold(SquareSet::EMPTY, |acc, s| Some(acc.union(table.get(s.index())?)))
    };
    match p.sets[id as usize] {
        SetNode::Named(NamedSet::Origin | NamedSet::Target | NamedSet::Mover) => {
            let mut one = SquareSet::EMPTY;
            one.insert(sq);
            Some(one)
        }
        SetNode::Named(NamedSet::All) => Some(p.all),
        SetNode::Named(NamedSet::Light) => Some(p.light),
        SetNode::Named(NamedSet::Dark) => Some(p.all.difference(&p.light)),
        SetNode::Zone { table } => Some(p.zones.get(table as usize)?[side as usize]),
        SetNode::Area { set: base, radius } => around(&p.areas, radius, set(base)?),
        SetNode::Manhattan { set: base, radius } => around(&p.manhattan, radius, set(base)?),
        SetNode::Adjacent { set: base } => {
            let base = set(base)?;
            Some(around(&p.areas, 1, base)?.difference(&base))
        }
        SetNode::Union(a, b) => Some(set(a)?.union(&set(b)?)),
        SetNode::Difference(a, b) => Some(set(a)?.difference(&set(b)?)),
        SetNode::Intersection(a, b) => Some(set(a)?.intersection(&set(b)?)),
        _ => None,
    }
}
