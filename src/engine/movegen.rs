//! Move generation: pseudo-legal moves read from the move tables, then the
//! variant's check rule. Moves go into a caller's buffer, which is cleared
//! and reused, so a search allocates nothing per node.

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::square::{Color, Square};
use crate::compile::Variant;
use crate::compile::tables::{CAPTURE, EN_PASSANT, QUIET, SETS_EN_PASSANT};

impl Variant {
    /// Every legal move of the side to move, in generation order.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate_legal(pos, &mut moves);
        moves
    }

    /// Fills `out` (after clearing it) with the legal moves of the side to move.
    pub fn generate_legal(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        self.generate_pseudo_legal(pos, out);
        let us = pos.side;
        let royals = pos.royals[us as usize];
        if !self.check || royals.is_empty() {
            return;
        }
        let them = us.flip();
        let mut in_check = false;
        let mut exposure = super::square::SquareSet::EMPTY;
        for sq in royals.iter() {
            in_check |= self.is_attacked(pos, sq, them);
            exposure = exposure.union(&self.attacks.exposure[them as usize * self.attacks.board_squares + sq as usize]);
        }
        out.retain(|mv| {
            let simple = matches!(mv.kind, MoveKind::Quiet | MoveKind::Capture | MoveKind::Initial);
            if simple && !in_check && !royals.contains(mv.from) && !exposure.contains(mv.from) {
                return true;
            }
            let mut child = pos.clone();
            child.make(self, *mv);
            !child.royals[us as usize]
                .iter()
                .any(|sq| self.is_attacked(&child, sq, them))
        });
    }

    /// Appends every pseudo-legal move of the side to move to `out`: moves
    /// the pieces may make, before the check rule is applied.
    pub fn generate_pseudo_legal(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let t = &self.moves;
        for from in pos.occupied[us as usize].iter() {
            let kind = pos.board[from as usize].kind();
            let slot = t.slot(kind, us, from);
            for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                if leap.path_len > 0
                    && !t
                        .run(leap.path, leap.path_len)
                        .iter()
                        .all(|&s| pos.board[s as usize].is_empty())
                {
                    continue;
                }
                let target = pos.board[leap.to as usize];
                if target.is_empty() {
                    if leap.flags & QUIET != 0 {
                        let move_kind = if leap.flags & SETS_EN_PASSANT != 0 {
                            MoveKind::Initial
                        } else {
                            MoveKind::Quiet
                        };
                        self.push(out, kind, us, from, leap.to, move_kind);
                    } else if leap.flags & EN_PASSANT != 0 && pos.ep_targets.contains(leap.to) {
                        self.push(out, kind, us, from, leap.to, MoveKind::EnPassant);
                    }
                } else if leap.flags & CAPTURE != 0 && target.is_side(us.flip()) {
                    self.push(out, kind, us, from, leap.to, MoveKind::Capture);
                }
            }
            for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
                for (i, &to) in t.run(ride.ray, ride.len).iter().enumerate() {
                    let target = pos.board[to as usize];
                    if target.is_empty() {
                        if ride.flags & QUIET != 0 {
                            let move_kind = if i > 0 && ride.flags & SETS_EN_PASSANT != 0 {
                                MoveKind::Initial
                            } else {
                                MoveKind::Quiet
                            };
                            self.push(out, kind, us, from, to, move_kind);
                        } else if ride.flags & EN_PASSANT != 0 && pos.ep_targets.contains(to) {
                            self.push(out, kind, us, from, to, MoveKind::EnPassant);
                        }
                        continue;
                    }
                    if ride.flags & CAPTURE != 0 && target.is_side(us.flip()) {
                        self.push(out, kind, us, from, to, MoveKind::Capture);
                    }
                    break;
                }
            }
        }
        self.generate_castling(pos, out);
    }

    /// Pushes a move, once per promotion choice when it ends in the mover's
    /// promotion zone.
    #[inline]
    fn push(&self, out: &mut Vec<Move>, kind: u8, us: Color, from: Square, to: Square, move_kind: MoveKind) {
        if self.promotion_zone[kind as usize * 2 + us as usize].contains(to) {
            for &choice in &self.promotion_choices {
                out.push(Move {
                    from,
                    to,
                    kind: move_kind,
                    promotion: Some(choice),
                });
            }
            if self.promotion_mandatory {
                return;
            }
        }
        out.push(Move {
            from,
            to,
            kind: move_kind,
            promotion: None,
        });
    }

    fn generate_castling(&self, pos: &Position, out: &mut Vec<Move>) {
        if pos.castling == 0 {
            return;
        }
        let us = pos.side;
        for (index, rule) in self.castling.iter().enumerate() {
            if rule.side != us || pos.castling & rule.right == 0 {
                continue;
            }
            let king = pos.board[rule.king_from as usize];
            let rook = pos.board[rule.rook_from as usize];
            if !king.is_side(us) || king.kind() != rule.king_kind || !rook.is_side(us) || rook.kind() != rule.rook_kind
            {
                continue;
            }
            if rule.must_be_empty.iter().any(|sq| !pos.board[sq as usize].is_empty()) {
                continue;
            }
            if self.check && rule.must_be_safe.iter().any(|&sq| self.is_attacked(pos, sq, us.flip())) {
                continue;
            }
            out.push(Move {
                from: rule.king_from,
                to: rule.king_to,
                kind: MoveKind::Castle(index as u8),
                promotion: None,
            });
        }
    }
}
