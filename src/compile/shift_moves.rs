//! Pieces counted a whole kind at once: where every move of a kind (for
//! one side) is a step by the same square index from each square it may
//! be made from (a pawn's push, double step and captures, a soldier's
//! steps), perft's last ply counts the moves of all the free pieces of
//! that kind by moving their square set by each step and meeting it with
//! the board, as bitboard engines count pawns. Worked out at load from
//! the move tables, for any piece whose templates allow it (the groups'
//! types live with the tables, in `tables.rs`, which the engine reads).

use super::tables::{MAX_PATH, MoveTables, Slot, StepGroup, StepKind, StepMoves};
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};

/// Most groups of steps a kind may have to be counted set-wise: beyond
/// this, counting piece by piece from the leap sets is as quick.
const MAX_GROUPS: usize = 8;

/// The step groups of the `kinds` kinds of the tables `t`.
pub fn build(t: &MoveTables, kinds: usize) -> StepMoves {
    let n = t.board_squares;
    let mut out = StepMoves {
        small: n <= 64,
        ..Default::default()
    };
    for kind in 0..kinds {
        for side in Color::BOTH {
            let start = out.groups.len();
            let found = groups_of(t, Kind::from_index(kind), side, n);
            if let Some((k, groups)) = found {
                out.kinds[side as usize].insert(k);
                out.groups.extend(groups);
            }
            out.ranges.push((start as u16, out.groups.len() as u16));
        }
    }
    out
}

/// The groups of `kind` of `side`, when every move it has from every
/// square falls into at most [`MAX_GROUPS`] of them, none rides and no
/// square is reached twice.
fn groups_of(t: &MoveTables, kind: Kind, side: Color, n: usize) -> Option<(Kind, Vec<StepGroup>)> {
    let mut groups: Vec<StepGroup> = Vec::new();
    for from in Square::all(n) {
        let slot: Slot = t.slot(kind, side, from);
        if !slot.countable || slot.rides != slot.rides_end {
            return None;
        }
        let sets = t.leap_sets(kind, side, from);
        let origin = from.index() as i32;
        for (set, what) in [
            (&sets.quiet, StepKind::Quiet),
            (&sets.capture, StepKind::Capture),
            (&sets.en_passant, StepKind::EnPassant),
        ] {
            for to in set.iter() {
                add(&mut groups, what, to.index() as i32 - origin, 0, &[], from)?;
            }
        }
        for leap in &t.rest_leaps[sets.rest as usize..sets.rest_end as usize] {
            let path: Vec<i32> = t
                .run(leap.path, leap.path_len)
                .iter()
                .map(|s| s.index() as i32 - origin)
                .collect();
            add(
                &mut groups,
                StepKind::Lame,
                leap.to.index() as i32 - origin,
                leap.flags,
                &path,
                from,
            )?;
        }
    }
    (!groups.is_empty()).then_some((kind, groups))
}

/// Adds the move from `from` by `step` to its group, opening one if need
/// be; `None` when there would be too many groups or the path is too long.
fn add(groups: &mut Vec<StepGroup>, what: StepKind, step: i32, flags: u8, path: &[i32], from: Square) -> Option<()> {
    if path.len() > MAX_PATH {
        return None;
    }
    let mut steps = [0i16; MAX_PATH];
    for (slot, &p) in steps.iter_mut().zip(path) {
        *slot = i16::try_from(p).ok()?;
    }
    let step = i16::try_from(step).ok()?;
    let same = |g: &StepGroup| {
        g.what == what && g.step == step && g.flags == flags && g.path == steps && usize::from(g.path_len) == path.len()
    };
    if let Some(g) = groups.iter_mut().find(|g| same(g)) {
        g.origins.insert(from);
        return Some(());
    }
    if groups.len() == MAX_GROUPS {
        return None;
    }
    let mut origins = SquareSet::EMPTY;
    origins.insert(from);
    groups.push(StepGroup {
        what,
        step,
        flags,
        path: steps,
        path_len: path.len() as u8,
        origins,
    });
    Some(())
}

#[cfg(test)]
mod tests {
    use super::StepKind;
    use crate::base::square::Color;
    use crate::compile::Variant;

    #[test]
    fn a_pawn_moves_by_steps_and_a_knight_does_not() {
        let chess = Variant::load("chess").unwrap();
        let kind = |letter: char| chess.kind_of_letter(letter).unwrap();
        let steps = &chess.moves.steps;
        for side in Color::BOTH {
            assert!(steps.kinds[side as usize].contains(kind('P')));
            assert!(!steps.kinds[side as usize].contains(kind('N')));
            assert!(!steps.kinds[side as usize].contains(kind('K')));
            assert!(steps.of(kind('N'), side).is_empty());
        }
        // Push, double step, two captures and two en passant captures.
        let white = steps.of(kind('P'), Color::White);
        let what = |w: StepKind| white.iter().filter(|g| g.what == w).count();
        assert_eq!(
            [StepKind::Quiet, StepKind::Capture, StepKind::EnPassant, StepKind::Lame].map(what),
            [1, 2, 2, 1]
        );
        let push = white.iter().find(|g| g.what == StepKind::Quiet).unwrap();
        assert_eq!(push.step, 8);
        // Black's push goes down the board.
        let black = steps.of(kind('P'), Color::Black);
        assert_eq!(black.iter().find(|g| g.what == StepKind::Quiet).unwrap().step, -8);
    }
}
