//! The load-time prefilter of detour captures (`captures follow a move
//! as captured`, see `engine::detour`): per attacking side, attacking
//! kind, captured kind and square, the squares a piece of that kind could
//! take a piece of the captured kind on by a detour on the empty board.
//! Pieces only ever close a leap's path or a ray, so where no piece hops
//! a detour on a real board is one of these; an attacker whose square
//! does not reach its target this way needs no test at all.

use super::attacks::AttackTables;
use super::ir::{MoveFilters, Programs};
use super::tables::{EN_PASSANT, MoveTables, QUIET};
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};

/// The most entries (sets) the table may hold: a variant whose table
/// would be larger (many kinds on a large board) tests every attacker.
const MAX_ENTRIES: usize = 1 << 18;

/// The table (see the module): at [`MoveFilters::detour_index`], the
/// squares an attacker there may take a piece of the captured kind on by
/// a detour, on the empty board. Empty where pieces hop (an empty board
/// then does not bound what a full one allows) or the table would be too
/// large.
pub fn build(moves: &MoveTables, attacks: &AttackTables, kinds: usize) -> Vec<SquareSet> {
    let n = moves.board_squares;
    if attacks.has_hops || attacks.has_hop_leaps || 2 * kinds * kinds * n > MAX_ENTRIES {
        return Vec::new();
    }
    // readers[(side, kind), q]: the squares whose attack test by such a
    // piece reads q (a superset of where it attacks from q).
    let readers = attacks.readers(kinds);
    let mut out = vec![SquareSet::EMPTY; 2 * kinds * kinds * n];
    for side in Color::BOTH {
        for captured in (0..kinds).map(Kind::from_index) {
            for from in (0..n).map(Square::from_index) {
                let first = first_moves(moves, captured, side.flip(), from);
                for kind in (0..kinds).map(Kind::from_index) {
                    let at = (side as usize * kinds + kind.index()) * n;
                    let mut reach = SquareSet::EMPTY;
                    for m in first.iter() {
                        reach = reach.union(&readers[at + m.index()]);
                    }
                    out[MoveFilters::detour_index(kinds, n, side, kind, captured, from)] = reach;
                }
            }
        }
    }
    out
}

/// Per slot of the move tables (at `MoveTables::slot_index`), every
/// square its piece may reach by a move that captures nothing, on any
/// board (see [`first_moves`]): what a detour's first leg from there
/// may end on (`MoveFilters::detour_quiet_reach`).
pub fn quiet_reach(moves: &MoveTables, kinds: usize) -> Vec<SquareSet> {
    let n = moves.board_squares;
    let mut out = vec![SquareSet::EMPTY; 2 * kinds * n];
    for kind in (0..kinds).map(Kind::from_index) {
        for side in Color::BOTH {
            for from in (0..n).map(Square::from_index) {
                out[moves.slot_index(kind, side, from)] = first_moves(moves, kind, side, from);
            }
        }
    }
    out
}

/// The kinds with a move that captures en passant, for either side and
/// from some square (`MoveFilters::detour_en_passant`).
pub fn en_passant_kinds(moves: &MoveTables, kinds: usize) -> KindSet {
    let mut out = KindSet::EMPTY;
    for kind in (0..kinds).map(Kind::from_index) {
        for side in Color::BOTH {
            for from in (0..moves.board_squares).map(Square::from_index) {
                let slot = moves.slot(kind, side, from);
                let leaps = &moves.leaps[slot.leaps as usize..slot.leaps_end as usize];
                let rides = &moves.rides[slot.rides as usize..slot.rides_end as usize];
                if leaps.iter().any(|l| l.flags & EN_PASSANT != 0) || rides.iter().any(|r| r.flags & EN_PASSANT != 0) {
                    out.insert(kind);
                }
            }
        }
    }
    out
}

/// Every square a piece of `kind` and `side` on `from` may reach by a
/// move that captures nothing, on any board (paths and rays taken as
/// open, a hop's landings as the whole ray).
fn first_moves(moves: &MoveTables, kind: Kind, side: Color, from: Square) -> SquareSet {
    let slot = moves.slot(kind, side, from);
    let mut out = SquareSet::EMPTY;
    for leap in &moves.leaps[slot.leaps as usize..slot.leaps_end as usize] {
        if leap.flags & QUIET != 0 {
            out.insert(leap.to);
        }
    }
    for ride in &moves.rides[slot.rides as usize..slot.rides_end as usize] {
        if ride.flags & QUIET != 0 {
            for &s in moves.run(ride.ray, ride.len) {
                out.insert(s);
            }
        }
    }
    out
}

/// Whether every move that captures nothing of the kinds in `royal`, for
/// both sides and from every square, is a leap without a path (a king's
/// step): the first leg of a detour onto such a piece then reads only
/// where it lands.
pub fn royal_steps_only(moves: &MoveTables, royal: KindSet) -> bool {
    let n = moves.board_squares;
    royal.iter().all(|kind| {
        Color::BOTH.into_iter().all(|side| {
            (0..n).map(Square::from_index).all(|from| {
                let slot = moves.slot(kind, side, from);
                let leaps = &moves.leaps[slot.leaps as usize..slot.leaps_end as usize];
                let rides = &moves.rides[slot.rides as usize..slot.rides_end as usize];
                leaps.iter().all(|l| l.flags & QUIET == 0 || l.path_len == 0)
                    && rides.iter().all(|r| r.flags & QUIET == 0)
            })
        })
    })
}

/// Whether the plain moves of a variant with `captures follow a move as
/// captured` may be judged by the detour's exposure without being played
/// (see `MoveFilters::detour_plain_legal`): the table was built (no
/// hops), no other filter or judging clause, no rule that acts on a move
/// or action, and the royal kinds step (see [`royal_steps_only`]). The
/// caller adds that no kind has piece limits.
pub fn plain_moves_judged(p: &Programs, moves: &MoveTables, royal: KindSet) -> bool {
    let f = &p.filters;
    !f.detour_reach.is_empty()
        && f.filters.is_empty()
        && !f.checks_mate
        && f.longest == [false; 2]
        && p.removal_reach.is_none()
        && !p.rules_keep_legality
        && !p.rules_recolour_mover
        && p.on_capture.is_empty()
        && p.on_arrival.is_empty()
        && p.after_move.is_empty()
        && p.actions.is_empty()
        && royal_steps_only(moves, royal)
}
