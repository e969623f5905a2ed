//! Perft's last ply for the kinds that move by fixed steps of square index
//! ([`StepMoves`]): the free pieces of such a kind are counted a whole
//! kind at once, each step group's origins among them moved by its step
//! and met with the board, as bitboard engines count pawns. On a board of
//! at most 64 squares the sets are single words.

use super::{LeafCounter, each_square};
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::{CAPTURE, EN_PASSANT, QUIET, SETS_EN_PASSANT, StepGroup, StepKind, StepMoves};
use crate::engine::movegen::MoveSink;
use crate::engine::moves::MoveKind;
use crate::engine::position::Position;

/// A square set as the step count reads it: one word for a board of at
/// most 64 squares, four for larger ones.
trait StepBits: Copy {
    fn of(set: &SquareSet) -> Self;
    fn and(self, other: Self) -> Self;
    fn and_not(self, other: Self) -> Self;
    fn shifted(self, by: i32) -> Self;
    fn is_none(self) -> bool;
    fn count(self) -> u32;
    fn each(self, f: impl FnMut(usize));
}

impl StepBits for u64 {
    #[inline(always)]
    fn of(set: &SquareSet) -> u64 {
        set.0[0]
    }
    #[inline(always)]
    fn and(self, other: u64) -> u64 {
        self & other
    }
    #[inline(always)]
    fn and_not(self, other: u64) -> u64 {
        self & !other
    }
    #[inline(always)]
    fn shifted(self, by: i32) -> u64 {
        if by >= 0 { self << by } else { self >> -by }
    }
    #[inline(always)]
    fn is_none(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn each(self, mut f: impl FnMut(usize)) {
        let mut w = self;
        while w != 0 {
            f(w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

impl StepBits for SquareSet {
    #[inline(always)]
    fn of(set: &SquareSet) -> SquareSet {
        *set
    }
    #[inline(always)]
    fn and(self, other: SquareSet) -> SquareSet {
        self.intersection(&other)
    }
    #[inline(always)]
    fn and_not(self, other: SquareSet) -> SquareSet {
        self.difference(&other)
    }
    #[inline(always)]
    fn shifted(self, by: i32) -> SquareSet {
        SquareSet::shifted(&self, by, false)
    }
    #[inline(always)]
    fn is_none(self) -> bool {
        self.is_empty()
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.len()
    }
    #[inline(always)]
    fn each(self, mut f: impl FnMut(usize)) {
        each_square(&self, |sq| f(sq.index()));
    }
}

/// What the step count counts into: the moves it counts as they are
/// (out of the promotion zone) counted at once, the others taken one by
/// one as a [`MoveSink`].
pub(super) trait StepSink: MoveSink {
    /// Whether a plain step's targets are met with the board by its
    /// kind's index rather than a `match` on it: the `match` becomes a
    /// jump table whose one indirect branch mispredicts as the kinds of a
    /// pawn's groups alternate; the index costs a few instructions more.
    const INDEXED: bool;
    /// Whether a move of `move_kind` out of the promotion zone counts as
    /// it is.
    fn counts(&self, move_kind: MoveKind) -> bool;
    /// Counts `n` such moves of `move_kind`.
    fn add(&mut self, move_kind: MoveKind, n: u64);
}

impl StepSink for LeafCounter<'_, false> {
    // Chess's count, kept to its instructions.
    const INDEXED: bool = false;

    #[inline(always)]
    fn counts(&self, move_kind: MoveKind) -> bool {
        match move_kind {
            MoveKind::Quiet | MoveKind::Initial => self.quiet_plain,
            MoveKind::Capture => self.capture_plain,
            _ => false,
        }
    }

    #[inline(always)]
    fn add(&mut self, _: MoveKind, n: u64) {
        self.counted += n;
    }
}

/// The moves of the plain step kinds, by [`StepKind`]'s index.
const STEP_MOVES: [MoveKind; 3] = [MoveKind::Quiet, MoveKind::Capture, MoveKind::EnPassant];

/// What one kind's count reads: the board's empty, enemy and en passant
/// squares and the kind's promotion zone.
struct StepBoard<'p, B> {
    pos: &'p Position,
    us: Color,
    kind: Kind,
    empty: B,
    enemy: B,
    ep: B,
    zone: B,
    promotes_on: &'p SquareSet,
}

impl Variant {
    /// Counts the moves of the free pieces in `free` (`us`'s) whose kind
    /// moves by fixed steps a whole kind at once, as `count_free_piece`
    /// would count them one by one. Moves the counter may not count as
    /// they are (into the promotion zone, en passant, a move that fires a
    /// rule) go through it one by one. Returns the free pieces left.
    #[inline]
    pub(super) fn count_step_kinds(
        &self,
        pos: &Position,
        us: Color,
        free: SquareSet,
        empty: &SquareSet,
        enemy: &SquareSet,
        counter: &mut impl StepSink,
    ) -> SquareSet {
        let steps: &StepMoves = &self.moves.steps;
        let kinds = steps.kinds[us as usize];
        if kinds.is_empty() || self.pieces.has_limits() {
            return free;
        }
        let mut rest = free;
        for kind in kinds.iter() {
            // Promotion that depends on the origin, and actions, are left
            // to the piece-by-piece count.
            if self.programs.action_kinds.contains(kind) || !self.promotion.leaving_zone(kind, us).is_empty() {
                continue;
            }
            let pieces = Self::pieces_of_kind(pos, &rest, kind, us, steps.small);
            if pieces.is_empty() {
                continue;
            }
            rest = rest.difference(&pieces);
            let promotes_on = self.promotion.zone(kind, us);
            let groups = steps.of(kind, us);
            if steps.small {
                let board = StepBoard::<u64>::new(pos, us, kind, empty, enemy, promotes_on);
                self.count_steps(&board, groups, pieces.0[0], counter);
            } else {
                let board = StepBoard::<SquareSet>::new(pos, us, kind, empty, enemy, promotes_on);
                self.count_steps(&board, groups, pieces, counter);
            }
        }
        rest
    }

    /// The squares of `rest` (pieces of `us`) that hold a piece of `kind`:
    /// where there are many on a board of at most 64 squares, read from
    /// the board eight cells at a time; else each piece's kind read.
    #[inline(always)]
    fn pieces_of_kind(pos: &Position, rest: &SquareSet, kind: Kind, us: Color, small: bool) -> SquareSet {
        if small && rest.0[0].count_ones() > 6 {
            return SquareSet([rest.0[0] & pos.word_holding(Cell::piece(kind, us)), 0, 0, 0]);
        }
        let mut pieces = SquareSet::EMPTY;
        each_square(rest, |sq| {
            if pos.board[sq.index()].kind() == kind {
                pieces.insert(sq);
            }
        });
        pieces
    }

    /// Counts the moves of `groups` of the pieces on `pieces`.
    #[inline(always)]
    fn count_steps<B: StepBits, C: StepSink>(
        &self,
        board: &StepBoard<'_, B>,
        groups: &[StepGroup],
        pieces: B,
        counter: &mut C,
    ) {
        // With `C::INDEXED`, what the targets of a plain step kind are met
        // with, by its index: the empty squares, the enemy's, the empty en
        // passant targets.
        let meets = if C::INDEXED {
            [board.empty, board.enemy, board.empty.and(board.ep)]
        } else {
            [board.empty; 3]
        };
        for group in groups {
            let mut origins = pieces.and(B::of(&group.origins));
            if origins.is_none() {
                continue;
            }
            let step = i32::from(group.step);
            // With `C::INDEXED`, met with the board by the kind's index.
            let (targets, move_kind) = if C::INDEXED && group.what != StepKind::Lame {
                let i = group.what as usize;
                (origins.shifted(step).and(meets[i]), STEP_MOVES[i])
            } else {
                match group.what {
                    StepKind::Quiet => (origins.shifted(step).and(board.empty), MoveKind::Quiet),
                    StepKind::Capture => (origins.shifted(step).and(board.enemy), MoveKind::Capture),
                    StepKind::EnPassant => (
                        origins.shifted(step).and(board.empty).and(board.ep),
                        MoveKind::EnPassant,
                    ),
                    StepKind::Lame => {
                        for &p in &group.path[..usize::from(group.path_len)] {
                            origins = origins.and(board.empty.shifted(-i32::from(p)));
                        }
                        let landed = origins.shifted(step);
                        let flags = group.flags;
                        if flags & CAPTURE != 0 {
                            self.take_steps(board, step, landed.and(board.enemy), MoveKind::Capture, counter);
                        }
                        if flags & QUIET != 0 {
                            let initial = flags & SETS_EN_PASSANT != 0;
                            let kind = if initial { MoveKind::Initial } else { MoveKind::Quiet };
                            (landed.and(board.empty), kind)
                        } else if flags & EN_PASSANT != 0 {
                            (landed.and(board.empty).and(board.ep), MoveKind::EnPassant)
                        } else {
                            continue;
                        }
                    }
                }
            };
            self.take_steps(board, step, targets, move_kind, counter);
        }
    }

    /// Takes the moves to `targets`, each made by a step of `step`: the
    /// ones the counter counts as they are, out of the promotion zone,
    /// counted at once; the others given to it one by one.
    #[inline(always)]
    fn take_steps<B: StepBits>(
        &self,
        board: &StepBoard<'_, B>,
        step: i32,
        targets: B,
        move_kind: MoveKind,
        counter: &mut impl StepSink,
    ) {
        let one_by_one = if counter.counts(move_kind) {
            counter.add(move_kind, u64::from(targets.and_not(board.zone).count()));
            targets.and(board.zone)
        } else {
            targets
        };
        one_by_one.each(|to| {
            let from = Square::from_index((to as i32 - step) as usize);
            let to = Square::from_index(to);
            counter.take(
                self,
                board.pos,
                board.promotes_on,
                board.kind,
                board.us,
                from,
                to,
                move_kind,
            );
        });
    }
}

impl<'p, B: StepBits> StepBoard<'p, B> {
    #[inline(always)]
    fn new(
        pos: &'p Position,
        us: Color,
        kind: Kind,
        empty: &SquareSet,
        enemy: &SquareSet,
        promotes_on: &'p SquareSet,
    ) -> StepBoard<'p, B> {
        StepBoard {
            pos,
            us,
            kind,
            empty: B::of(empty),
            enemy: B::of(enemy),
            ep: B::of(&pos.ep_targets),
            zone: B::of(promotes_on),
            promotes_on,
        }
    }
}
