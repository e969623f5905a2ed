//! Castling moves: each castling rule whose right is held, whose pieces
//! stand in place and whose path is clear and, where the rule asks, safe.

use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl Variant {
    /// Appends the castling moves of the side to move.
    pub(super) fn generate_castling(&self, pos: &Position, out: &mut Vec<Move>) {
        if pos.castling == 0 {
            return;
        }
        let us = pos.side;
        for (id, rule) in self.castling.with_ids() {
            if rule.side != us || pos.castling & rule.right == 0 {
                continue;
            }
            let king = pos.board[rule.king_from.index()];
            let rook = pos.board[rule.rook_from.index()];
            if !king.is_side(us) || king.kind() != rule.king_kind || !rook.is_side(us) || rook.kind() != rule.rook_kind
            {
                continue;
            }
            if rule.must_be_empty.iter().any(|sq| !pos.board[sq.index()].is_empty()) {
                continue;
            }
            let carried_in_place = rule.carry.iter().all(|&(from, _)| {
                let cell = pos.board[from.index()];
                pos.unmoved.contains(from) && cell.is_side(us) && Some(cell.kind()) == rule.carry_kind
            });
            if !carried_in_place {
                continue;
            }
            // The king may not start from or cross a square where it would
            // be in check (judged with the king standing there); where it
            // lands, the legality of the castled position decides, with the
            // rook in its new place.
            if self.castling_path_judged()
                && rule
                    .must_be_safe
                    .iter()
                    .filter(|&&sq| sq == rule.king_from || sq != rule.king_to)
                    .any(|&sq| !self.royal_safe_on(pos, rule.king_from, sq))
            {
                continue;
            }
            out.push(Move::new(rule.king_from, rule.king_to, MoveKind::Castle(id)));
        }
    }
}
