//! Captures by a detour (`captures follow a move as captured`): a piece
//! captures only by first making a move that captures nothing as a piece
//! of the captured piece's kind and side would (from its own square, with
//! that square seen as empty), and then capturing a piece of that kind by
//! its own moves from where that move ended. The whole is one move, from
//! the piece's square to the captured piece's (or the en passant target):
//! a capture reached by several such first moves is listed once. An
//! attack is read the same way, so a king is in check from a piece that
//! could step as a king would and then take it.
//!
//! The first move reads the captured side's move tables (a pawn's step
//! forward for its side, its double step from its side's initial rank);
//! the capture is the attack test of the capturer alone, standing on the
//! square the first move reached, and en passant where the target is the
//! board's and the piece taken so is of the kind.

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::kind_set::KindSet;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::{EN_PASSANT, HOPS, QUIET};

impl Variant {
    /// Replaces the captures among `out[start..]` (the pieces' own moves
    /// of the side to move) by the captures its pieces make by a detour.
    pub(super) fn detour_captures(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        let mut kept = start;
        for i in start..out.len() {
            if !matches!(out[i].kind, MoveKind::Capture | MoveKind::EnPassant) {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
        let us = pos.side;
        let them = us.flip();
        let mut victims = 0u64;
        for sq in pos.occupied[them as usize].iter() {
            victims |= 1 << pos.board[sq.index()].kind().index();
        }
        for from in pos.occupied[us as usize].iter() {
            let mover = pos.board[from.index()];
            let promotes_on = *self.promotion_targets(mover.kind(), us, from);
            let mut kinds = victims;
            while kinds != 0 {
                let kind = Kind::new(kinds.trailing_zeros() as u8);
                kinds &= kinds - 1;
                let (targets, en_passant) = self.detour_targets(pos, from, mover, kind);
                for to in targets.iter() {
                    self.push_with(pos, out, &promotes_on, mover.kind(), us, from, to, MoveKind::Capture);
                }
                for to in en_passant.iter() {
                    self.push_with(pos, out, &promotes_on, mover.kind(), us, from, to, MoveKind::EnPassant);
                }
            }
        }
    }

    /// The squares on which `mover`, standing on `from`, captures a piece
    /// of `kind` of the other side by a detour, and the en passant targets
    /// on which it takes one so.
    fn detour_targets(&self, pos: &Position, from: Square, mover: Cell, kind: Kind) -> (SquareSet, SquareSet) {
        let us = mover.color();
        let them = us.flip();
        let mut victims = SquareSet::EMPTY;
        for sq in pos.occupied[them as usize].iter() {
            if pos.board[sq.index()].kind() == kind {
                victims.insert(sq);
            }
        }
        let ep_victim = pos.board[pos.ep_victim.index()];
        let ep_open = !pos.ep_targets.is_empty() && ep_victim.is_side(them) && ep_victim.kind() == kind;
        let (mut targets, mut en_passant) = (SquareSet::EMPTY, SquareSet::EMPTY);
        let left = |s: Square| if s == from { Cell::EMPTY } else { pos.board[s.index()] };
        for m in self.quiet_squares(kind, them, from, left).iter() {
            let cell = |s: Square| {
                if s == m { mover } else { left(s) }
            };
            let mut only = SquareSet::EMPTY;
            only.insert(m);
            for t in victims.iter() {
                if !targets.contains(t) && self.attacked_on_board(cell, &only, t, us, None, |s, _| s == m) {
                    targets.insert(t);
                }
            }
            if ep_open {
                en_passant = en_passant.union(&self.en_passant_squares(pos, m, mover, cell));
            }
        }
        (targets, en_passant)
    }

    /// Whether `by` attacks `sq` by a detour, each attacker (its square
    /// and cell) taken where `accept` takes it: the attack test of
    /// `captures follow a move as captured`. An empty square, or one of
    /// `by`'s own pieces, is read by the plain test (`accept`ed alike).
    pub(crate) fn detour_attacked(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        accept: impl Fn(Square, Cell) -> bool,
    ) -> bool {
        let victim = pos.board[sq.index()];
        let them = by.flip();
        if !victim.is_side(them) {
            return self.attacked_accepting(pos, sq, by, accept);
        }
        pos.occupied[by as usize].iter().any(|f| {
            let attacker = pos.board[f.index()];
            if !accept(f, attacker) {
                return false;
            }
            let left = |s: Square| if s == f { Cell::EMPTY } else { pos.board[s.index()] };
            self.quiet_squares(victim.kind(), them, f, left).iter().any(|m| {
                let cell = |s: Square| if s == m { attacker } else { left(s) };
                let mut only = SquareSet::EMPTY;
                only.insert(m);
                self.attacked_on_board(cell, &only, sq, by, None, |s, _| s == m)
            })
        })
    }

    /// The squares a piece of `kind` and `side` on `from` reaches by a move
    /// that captures nothing (no action, no en passant), on the board
    /// `cell` describes.
    fn quiet_squares(&self, kind: Kind, side: Color, from: Square, cell: impl Fn(Square) -> Cell) -> SquareSet {
        let t = &self.moves;
        let slot = t.slot(kind, side, from);
        let empty = |s: Square| cell(s).is_empty();
        let mut out = SquareSet::EMPTY;
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if leap.flags & QUIET != 0 && empty(leap.to) && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s)) {
                out.insert(leap.to);
            }
        }
        let no_hurdle = if self.pieces.has_limits() {
            self.pieces.cannot_hop(kind)
        } else {
            KindSet::EMPTY
        };
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            if ride.flags & QUIET == 0 {
                continue;
            }
            if ride.flags & HOPS != 0 && !no_hurdle.is_empty() {
                // A hurdle of a kind the piece may not hop over: no hop.
                let hurdle = t.run(ride.ray, ride.len).iter().find(|&&s| !empty(s));
                if hurdle.is_some_and(|&s| no_hurdle.contains(cell(s).kind())) {
                    continue;
                }
            }
            for &to in t.landing_run(ride, empty) {
                if !empty(to) {
                    break;
                }
                out.insert(to);
            }
        }
        out
    }

    /// The en passant targets of `pos` that `mover` (of the side to move),
    /// standing on `at` of the board `cell` describes, takes on.
    fn en_passant_squares(&self, pos: &Position, at: Square, mover: Cell, cell: impl Fn(Square) -> Cell) -> SquareSet {
        let t = &self.moves;
        let slot = t.slot(mover.kind(), mover.color(), at);
        let empty = |s: Square| cell(s).is_empty();
        let mut out = SquareSet::EMPTY;
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if leap.flags & EN_PASSANT != 0
                && pos.ep_targets.contains(leap.to)
                && empty(leap.to)
                && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s))
            {
                out.insert(leap.to);
            }
        }
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            if ride.flags & EN_PASSANT == 0 {
                continue;
            }
            for &to in t.landing_run(ride, empty) {
                if !empty(to) {
                    break;
                }
                if pos.ep_targets.contains(to) {
                    out.insert(to);
                }
            }
        }
        out
    }
}
