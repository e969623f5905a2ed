//! Staged move generation for the search: the moves of one piece (the
//! table's move found without generating the rest), the whole list with
//! each move's place in its piece's part, the noisy moves alone (captures
//! and promotions generated directly, for quiescence), and legality
//! judged one move at a time, for the moves actually searched.
//!
//! A move's id is its piece's square (`NOT_BY_PIECES` for castling, the
//! side's actions, drops and a pass) in the high byte and its place among
//! that part's moves in the low byte: the list of one position is always
//! generated in the same order, so an id found again in the same position
//! names the same move, and [`Variant::move_by_id`] finds it by generating
//! one piece's moves. Where the variant's lists are not the plain
//! concatenation of those parts, or a move's legality depends on the other
//! moves, [`Variant::stages_moves`] is false and the search keeps the
//! whole legal list ([`Variant::generate_legal`]).

use super::super::moves::Move;
use super::super::position::Position;
use super::SafeMoves;
use crate::base::square::Square;
use crate::compile::Variant;

/// The part of moves that are not a piece's own (the id's high byte).
const NOT_BY_PIECES: u16 = 0xFF;
/// No id: a part of 255 moves or more.
const NO_ID: u16 = 0xFFFF;

/// The legality shortcut of one position, worked out when first asked
/// (a node cut off by its first move never needs it for the others).
#[derive(Default)]
pub(crate) struct Judge {
    safe: std::cell::OnceCell<Option<SafeMoves>>,
}

impl Judge {
    /// A judge for a position not yet asked about.
    pub(crate) fn new() -> Judge {
        Judge::default()
    }
}

/// The id of the `place`-th move of `part`.
#[inline]
fn id(part: u16, place: usize) -> u16 {
    if place < 0xFF { part << 8 | place as u16 } else { NO_ID }
}

impl Variant {
    /// Whether the search may generate this variant's moves in stages:
    /// each move's legality stands alone (no compulsory captures or
    /// drops, longest moves, pass on stalemate, gating or follow-up
    /// choices), the pseudo-legal list is each piece's moves followed by
    /// the others' (no detour captures or move filters reworking it), and
    /// every square fits an id's byte. Decided once, at load.
    pub fn stages_moves(&self) -> bool {
        let p = &self.programs;
        !(p.filters.longest[0]
            || p.filters.longest[1]
            || p.has_choices
            || p.captures_compulsory
            || p.drops_compulsory
            || self.pass_on_stalemate
            || self.gating()
            || p.filters.captures_detour
            || self.has_move_filters()
            || self.moves.board_squares >= usize::from(NOT_BY_PIECES))
    }

    /// Fills `out` (cleared) with the pseudo-legal moves of the side to
    /// move, in [`generate_legal`](Self::generate_legal)'s order, and
    /// `ids` with each one's id. The caller asks first whether an end
    /// rule has ended the game ([`ended_by_rule`](Self::ended_by_rule):
    /// then no move is legal). Only where [`stages_moves`](Self::stages_moves).
    pub fn generate_staged(&self, pos: &Position, out: &mut Vec<Move>, ids: &mut Vec<u16>) {
        out.clear();
        ids.clear();
        let us = pos.side;
        for from in pos.occupied[us as usize].iter() {
            let start = out.len();
            self.generate_piece(pos, from, us, true, out);
            ids.extend((0..out.len() - start).map(|i| id(u16::from(from.index() as u8), i)));
        }
        let start = out.len();
        self.generate_not_by_pieces(pos, out);
        ids.extend((0..out.len() - start).map(|i| id(NOT_BY_PIECES, i)));
    }

    /// The pseudo-legal move whose id is `id` in this position, found by
    /// generating its part alone into `scratch`; `None` where the part
    /// has no such move. Only where [`stages_moves`](Self::stages_moves).
    pub fn move_by_id(&self, pos: &Position, id: u16, scratch: &mut Vec<Move>) -> Option<Move> {
        let (part, place) = (id >> 8, usize::from(id & 0xFF));
        scratch.clear();
        let us = pos.side;
        if part == NOT_BY_PIECES {
            self.generate_not_by_pieces(pos, scratch);
        } else {
            let from = Square::new(part as u8);
            if usize::from(part) >= self.moves.board_squares || !pos.occupied[us as usize].contains(from) {
                return None;
            }
            self.generate_piece(pos, from, us, true, scratch);
        }
        scratch.get(place).copied()
    }

    /// The legal moves as the staged search finds them, each with its id:
    /// [`generate_staged`](Self::generate_staged)'s moves in its order,
    /// kept where [`is_legal_staged`](Self::is_legal_staged) passes them
    /// (none where an end rule has ended the game); `None` where the
    /// variant's moves are not staged. For tests, which compare it with
    /// [`generate_legal`](Self::generate_legal).
    #[doc(hidden)]
    pub fn staged_legal_moves(&self, pos: &Position) -> Option<Vec<(Move, u16)>> {
        if !self.stages_moves() {
            return None;
        }
        if self.ended_by_rule(pos).is_some() {
            return Some(Vec::new());
        }
        let (mut moves, mut ids) = (Vec::new(), Vec::new());
        self.generate_staged(pos, &mut moves, &mut ids);
        let judge = Judge::new();
        Some(
            moves
                .into_iter()
                .zip(ids)
                .filter(|(mv, _)| self.is_legal_staged(&judge, pos, mv))
                .collect(),
        )
    }

    /// Whether `mv`, a pseudo-legal move of
    /// [`generate_staged`](Self::generate_staged) or
    /// [`move_by_id`](Self::move_by_id), passes the legality clauses, as
    /// [`generate_legal`](Self::generate_legal) judges it.
    #[inline]
    pub(crate) fn is_legal_staged(&self, judge: &Judge, pos: &Position, mv: &Move) -> bool {
        let safe = judge.safe.get_or_init(|| {
            let p = &self.programs;
            (!p.legal.is_empty() || p.placement_refuses).then(|| SafeMoves::new(self, pos))
        });
        safe.as_ref().is_none_or(|safe| self.judge(safe, pos, mv, None))
    }

    /// The legal moves quiescence wants, as
    /// [`generate_legal_wanted`](Self::generate_legal_wanted) gives them
    /// (the same moves in the same order, and whether any move is legal),
    /// but generating only captures, en passant, moves into a promotion
    /// zone and actions (the side's too): where a quiet move can remove
    /// no piece (the caller knows), `wanted` accepts no other move. Only
    /// where [`stages_moves`](Self::stages_moves).
    pub fn generate_noisy_legal(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        wanted: &mut dyn FnMut(&Move) -> bool,
    ) -> bool {
        out.clear();
        if self.ended_by_rule(pos).is_some() {
            return false;
        }
        let us = pos.side;
        for from in pos.occupied[us as usize].iter() {
            self.generate_piece_noisy(pos, from, us, out);
        }
        // Castling, drops and a pass are quiet; the side's actions are not.
        self.generate_side_actions(pos, out);
        let judge = Judge::new();
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            if wanted(&mv) && self.is_legal_staged(&judge, pos, &mv) {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
        kept > 0 || self.any_legal(pos, &judge, out)
    }

    /// Whether the side to move has a legal move, generating one piece's
    /// moves at a time until one is legal (`scratch`, left empty).
    fn any_legal(&self, pos: &Position, judge: &Judge, scratch: &mut Vec<Move>) -> bool {
        let us = pos.side;
        let mut any = false;
        for from in pos.occupied[us as usize].iter() {
            scratch.clear();
            self.generate_piece(pos, from, us, true, scratch);
            if scratch.iter().any(|mv| self.is_legal_staged(judge, pos, mv)) {
                any = true;
                break;
            }
        }
        if !any {
            scratch.clear();
            self.generate_not_by_pieces(pos, scratch);
            any = scratch.iter().any(|mv| self.is_legal_staged(judge, pos, mv));
        }
        scratch.clear();
        any
    }
}
