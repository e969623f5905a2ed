//! Perft's last ply where no clause judges a move: a piece's plain moves
//! counted as a free piece's (`count_free_piece`) where its slot allows,
//! else as [`LeafCounter`] counts them, and the pieces' actions counted
//! by [`ActionCount`] (listed where a target may make another number of
//! moves than one).

use super::{Gather, LeafCounter, each_square};
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::engine::movegen::{ActionCount, MoveSink};
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl Variant {
    /// How many moves the side to move has where every move is legal,
    /// with `listed` as the buffer for those counted by listing them;
    /// the moves not by pieces are listed too.
    #[inline(never)]
    pub(super) fn count_all_legal(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        let us = pos.side;
        let empty = pos.empty_squares(&self.programs.all);
        let enemy = pos.occupied[us.flip() as usize];
        let mut counter = ActionsCounted {
            plain: LeafCounter::new(true, true, listed),
            empty: Some(empty),
        };
        each_square(&pos.occupied[us as usize], |from| {
            if self.count_free_piece::<false, ActionsApart, SquareSet>(pos, from, us, &empty, &enemy, &mut counter.plain)
            {
                let kind = pos.board[from.index()].kind();
                if self.programs.action_kinds.contains(kind) {
                    counter.take_actions(self, pos, from, kind, us, true);
                }
            } else {
                self.generate_piece(pos, from, us, true, &mut counter);
            }
        });
        let counted = counter.plain.counted;
        self.generate_not_by_pieces(pos, listed);
        counted + listed.len() as u64
    }
}

/// Gathers nothing; the caller counts a piece's actions apart.
#[derive(Default)]
pub(super) struct ActionsApart;

impl Gather for ActionsApart {
    const ON: bool = false;
    const ACTIONS_APART: bool = true;

    #[inline(always)]
    fn add(&mut self, _: Square, _: bool) {}

    #[inline(always)]
    fn add_set(&mut self, _: SquareSet) {}
}

/// Counts every move it can, actions included; lists the rest.
pub(super) struct ActionsCounted<'a> {
    /// The plain moves' counter, which holds the list.
    pub(super) plain: LeafCounter<'a, false, ActionsApart>,
    /// The empty squares, once an action asked.
    pub(super) empty: Option<SquareSet>,
}

impl MoveSink for ActionsCounted<'_> {
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
        self.plain.take(variant, pos, promotes_on, kind, us, from, to, move_kind);
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.plain.listed()
    }

    #[inline(always)]
    fn take_actions(&mut self, variant: &Variant, pos: &Position, from: Square, kind: Kind, side: Color, may_compel: bool) {
        let empty = *self
            .empty
            .get_or_insert_with(|| pos.empty_squares(&variant.programs.all));
        let mut count = ActionCount::new(empty, self.plain.listed());
        variant.take_piece_actions(pos, from, kind, side, may_compel, &mut count);
        let counted = count.counted;
        self.plain.counted += counted;
    }
}
