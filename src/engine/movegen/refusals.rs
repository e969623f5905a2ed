//! The other half of the legality shortcut: plain moves that surely fail
//! the legality clauses, found by the same attack tests that let
//! [`SafeMoves::allows`] pass a move, without playing them. Perft's last
//! ply drops them where it would otherwise list them to be played.

use super::SafeMoves;
use crate::compile::Variant;
use crate::compile::ir::Legal;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl SafeMoves {
    /// What [`refuses`](Self::refuses) may read in `variant`: an attack
    /// test on the board a plain move leaves is what the clauses read
    /// there (no placement decides an attack, no move filter takes attacks
    /// away, no hopper, piece limit or attack through new blocks), and
    /// some clause is `own royal not attacked` without `unless`.
    pub(super) fn may_refuse(variant: &Variant) -> (bool, bool) {
        let p = &variant.programs;
        let t = &variant.attacks;
        let exact = !(p.placement_attacks
            || p.placement_refuses
            || p.attacks_through_new_blocks
            || variant.has_move_filters()
            || t.has_hops
            || t.has_hop_leaps
            || variant.pieces.has_limits());
        let royal = exact && p.legal.iter().any(|l| matches!(l, Legal::NotAttacked(None)));
        (royal, exact && p.forbids_checks)
    }

    /// Whether the plain move `mv` (a quiet move, double step or capture,
    /// no promotion, no rule fired) surely fails the legality clauses: it
    /// leaves an own royal piece attacked where `own royal not attacked`
    /// has no `unless` (the moving royal on its target, or, for a pinned
    /// piece or with a check to answer, any own royal), or it leaves an
    /// enemy royal piece attacked where giving check is forbidden. False
    /// when unsure: the move is then played to be judged.
    #[inline]
    pub(in crate::engine) fn refuses(&self, variant: &Variant, pos: &Position, mv: &Move) -> bool {
        if !(self.refuse_royal || self.refuse_checks)
            || mv.promotion.is_some()
            || !matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
            || !variant.is_plain(mv)
        {
            return false;
        }
        if self.refuse_royal {
            if self.royals.contains(mv.from) {
                if variant.is_attacked_after_leaving(pos, mv.to, self.them, mv.from) {
                    return true;
                }
            } else if self.leaving.contains(mv.from) || self.attacked {
                let moved = pos.board[mv.from.index()];
                if self
                    .royals
                    .iter()
                    .any(|r| variant.is_attacked_after_move(pos, r, self.them, mv.from, mv.to, moved))
                {
                    return true;
                }
            }
        }
        self.refuse_checks && self.gives_check(variant, pos, mv)
    }
}
