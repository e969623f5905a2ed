//! Counting the legal moves of a position without listing them all:
//! perft's last ply. A piece whose plain moves are all legal (see
//! `SafeMoves::free_pieces`) has them counted as the generator finds them;
//! every other move is listed and judged as [`Variant::generate_legal`]
//! judges it, so the count is always the length of that list.

use super::movegen::{MoveSink, SafeMoves};
use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;

impl Variant {
    /// How many legal moves the side to move has: the length of
    /// [`generate_legal`](Self::generate_legal)'s list, with `listed` as
    /// the buffer for the moves that must be judged one by one.
    pub(crate) fn count_legal(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        let p = &self.programs;
        // Follow-up choices, compulsory captures and a pass on stalemate
        // judge moves against each other: the list decides.
        if p.has_choices || p.captures_compulsory || p.drops_compulsory || self.pass_on_stalemate {
            self.generate_legal(pos, listed);
            return listed.len() as u64;
        }
        listed.clear();
        if self.ended_by_rule(pos).is_some() {
            return 0;
        }
        let us = pos.side;
        if p.legal.is_empty() {
            // No clause judges a move: every one is legal.
            let mut counter = LeafCounter::new(true, true, listed);
            for from in pos.occupied[us as usize].iter() {
                self.generate_piece(pos, from, us, true, &mut counter);
            }
            let counted = counter.counted;
            self.generate_not_by_pieces(pos, listed);
            return counted + listed.len() as u64;
        }
        let safe = SafeMoves::new(self, pos);
        let free = safe.free_pieces(pos);
        let plain = |kind| self.is_plain(&Move::new(Square::new(0), Square::new(0), kind));
        let mut counter = LeafCounter::new(plain(MoveKind::Quiet), plain(MoveKind::Capture), listed);
        for from in pos.occupied[us as usize].iter() {
            if free.contains(from) {
                if !self.count_simple_piece(pos, from, us, &mut counter) {
                    self.generate_piece(pos, from, us, true, &mut counter);
                }
            } else {
                self.generate_piece(pos, from, us, true, counter.listed);
            }
        }
        let counted = counter.counted;
        self.generate_not_by_pieces(pos, listed);
        listed.retain(|mv| self.judge(&safe, pos, mv, None));
        counted + listed.len() as u64
    }
}

impl Variant {
    /// Counts the moves of the free piece on `from` into `counter` when its
    /// slot is simple (see [`Slot::simple`](crate::compile::tables::Slot)),
    /// it promotes nowhere and has no actions: each leap or ray square
    /// counts when empty, and captures too when plain (else they are
    /// listed). False, having done nothing, for any other piece.
    #[inline]
    fn count_simple_piece(&self, pos: &Position, from: Square, us: Color, counter: &mut LeafCounter) -> bool {
        let t = &self.moves;
        let kind = pos.board[from.index()].kind();
        let slot = t.slot(kind, us, from);
        if !slot.simple
            || self.piece_limits
            || kind.in_mask(self.programs.action_kinds)
            || !self.promotion_targets(kind, us, from).is_empty()
        {
            return false;
        }
        let them = us.flip();
        let mut counted = 0u64;
        // A capture counts when plain; else it is listed to be judged.
        let capture_plain = counter.capture_plain;
        let take = |to: Square, cell: Cell, listed: &mut Vec<Move>| -> u64 {
            if !cell.is_side(them) {
                0
            } else if capture_plain {
                1
            } else {
                listed.push(Move::new(from, to, MoveKind::Capture));
                0
            }
        };
        let quiet = u64::from(counter.quiet_plain);
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            let cell = pos.board[leap.to.index()];
            if cell.is_empty() {
                if quiet == 0 {
                    counter.listed.push(Move::new(from, leap.to, MoveKind::Quiet));
                }
                counted += quiet;
            } else {
                counted += take(leap.to, cell, counter.listed);
            }
        }
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            for &to in t.run(ride.ray, ride.len) {
                let cell = pos.board[to.index()];
                if cell.is_empty() {
                    if quiet == 0 {
                        counter.listed.push(Move::new(from, to, MoveKind::Quiet));
                    }
                    counted += quiet;
                    continue;
                }
                counted += take(to, cell, counter.listed);
                break;
            }
        }
        counter.counted += counted;
        true
    }
}

/// A [`MoveSink`] for pieces whose plain moves are all legal: it counts
/// the quiet moves and captures that are plain and promote nowhere, and
/// lists the rest (en passant, promotions, moves that fire a rule).
struct LeafCounter<'a> {
    counted: u64,
    /// A quiet move or double step fires no rule.
    quiet_plain: bool,
    /// A capture fires no rule.
    capture_plain: bool,
    listed: &'a mut Vec<Move>,
}

impl<'a> LeafCounter<'a> {
    fn new(quiet_plain: bool, capture_plain: bool, listed: &'a mut Vec<Move>) -> LeafCounter<'a> {
        LeafCounter {
            counted: 0,
            quiet_plain,
            capture_plain,
            listed,
        }
    }
}

impl MoveSink for LeafCounter<'_> {
    #[inline(always)]
    fn take(
        &mut self,
        variant: &Variant,
        pos: &Position,
        promotes_on: &SquareSet,
        kind: Kind,
        us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        let plain = match move_kind {
            MoveKind::Quiet | MoveKind::Initial => self.quiet_plain,
            MoveKind::Capture => self.capture_plain,
            _ => false,
        };
        if plain && !promotes_on.contains(to) {
            self.counted += 1;
        } else {
            variant.push_with(pos, self.listed, promotes_on, kind, us, from, to, move_kind);
        }
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.listed
    }
}
