//! The legality shortcut's tests of single moves: a move whose rules
//! remove pieces within a known reach, walls put up by an action, a
//! royal piece's attack judged from the tables, and whether a plain move
//! gives check, each answered without playing the move.

use super::SafeMoves;
use crate::base::action::ActionId;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{CompiledAction, Legal, Op};
use crate::engine::context::Context;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::set_ops::difference;

impl SafeMoves {
    /// Whether `mv`, a move whose rules fire, surely passes the legality
    /// clauses without being played: the rules only remove pieces within
    /// a reach known at load time ([`RemovalReach`]), no own royal piece
    /// stands in it (or moves), and no enemy piece may attack one with the
    /// reach's squares seen as empty (the captured piece left out). The
    /// clauses are then only `own royal survives` (it does) and `own royal
    /// not attacked` (none is).
    ///
    /// [`RemovalReach`]: crate::compile::ir::RemovalReach
    #[inline]
    pub(super) fn allows_removals(&self, variant: &Variant, pos: &Position, mv: &Move) -> bool {
        let Some(reach) = &variant.programs.removal_reach else {
            return false;
        };
        // A reach exists only without hops and piece limits (see `compile`).
        if !matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
            || mv.controller.is_some()
            || !mv.choices.is_empty()
            || mv.promotion.is_some_and(|k| variant.pieces.royal().contains(k))
        {
            return false;
        }
        let through = reach.squares(mv.from, mv.to);
        // The captured piece is gone; a quiet move's target held none.
        !self.royals.intersects(&through)
            && !self
                .royals
                .iter()
                .any(|r| variant.may_be_attacked_through(pos, r, self.them, &through, mv.to))
    }

    /// Whether a move that removes no royal piece of the side to move and
    /// leaves none of them attacked surely passes every legality clause:
    /// no `not <condition>` clause may judge it (each holds for every
    /// move here), so the clauses left are `own royal survives` (it does)
    /// and `own royal not attacked` (none is).
    #[inline]
    pub(in crate::engine) fn royal_attacks_decide(&self) -> bool {
        !self.forbids && !self.no_checks && !self.mate_checks && !self.line_clauses
    }

    /// Whether the action `mv` passes the legality clauses, when that is
    /// known without playing it: it only walls squares in (see
    /// [`CompiledAction::walls_only`]) and no own royal piece is attacked
    /// now, so none outside the walls is after it. Walling no own royal
    /// piece, it passes; walling some but not all of them, too (the others
    /// survive, unattacked); walling all of them, it passes only where each
    /// `own royal survives` clause excuses exactly the loss of every enemy
    /// royal piece (`survives_unless_no_enemy_royal`) and it walls those
    /// too. `None`: it must be played.
    pub(super) fn judge_walls(&self, variant: &Variant, pos: &Position, mv: &Move, index: ActionId) -> Option<bool> {
        let action = &variant.programs.actions[index.index()];
        if !self.judges_walls(action) || mv.controller.is_some() || !mv.choices.is_empty() {
            return None;
        }
        self.judge_walled(variant, pos, action, mv.from, mv.to)
    }

    /// Whether [`judge_walls`](Self::judge_walls) may judge `action` here,
    /// made uncompelled and with no choice.
    #[inline]
    pub(in crate::engine) fn judges_walls(&self, action: &CompiledAction) -> bool {
        action.walls_only && self.walls
    }

    /// [`judge_walls`](Self::judge_walls) of `action` (one it
    /// [`judges_walls`](Self::judges_walls)) taken from `from`, aimed at
    /// `to`: a side's action reads its walls from
    /// `CompiledAction::walls_by_square`, any other evaluates its blocks.
    pub(in crate::engine) fn judge_walled(
        &self,
        variant: &Variant,
        pos: &Position,
        action: &CompiledAction,
        from: Square,
        to: Square,
    ) -> Option<bool> {
        // As the action is played: its side is the owner of the piece it
        // starts from, if one stands there.
        let at = pos.cell(from);
        let side = if at.is_piece() { at.color() } else { pos.side };
        let walled = match &action.walls_by_square {
            Some(table) if from == to => table[side as usize][to.index()],
            _ => self.walls_of(variant, pos, action, side, from, to)?,
        };
        if !walled.intersects(&self.royals) {
            return Some(true);
        }
        if !difference(self.royals, walled).is_empty() {
            return Some(true);
        }
        if !variant.programs.survives_unless_no_enemy_royal {
            return None;
        }
        let survives = variant.programs.legal.iter().any(|l| matches!(l, Legal::Survives(_)));
        let excused = variant
            .programs
            .legal
            .iter()
            .all(|l| !matches!(l, Legal::Survives(None)));
        Some(!survives || (excused && difference(pos.royals[self.them as usize], walled).is_empty()))
    }

    /// The squares a `walls_only` action of `side` from `from` at `to`
    /// walls: each removal is followed by a block of the same squares,
    /// so the blocks name every square it empties. `None` for an effect
    /// of another kind.
    fn walls_of(
        &self,
        variant: &Variant,
        pos: &Position,
        action: &CompiledAction,
        side: Color,
        from: Square,
        to: Square,
    ) -> Option<SquareSet> {
        let ctx = Context {
            side,
            origin: from,
            target: to,
            mover: from,
        };
        let mut walled = SquareSet::EMPTY;
        for op in &action.ops {
            match *op {
                Op::Block(set) => walled = walled.union(&variant.eval_set(set, pos, &ctx)),
                Op::Remove(_) => {}
                _ => return None,
            }
        }
        Some(walled)
    }

    /// Whether a `walls_only` action may pass the shortcut in `pos` at all:
    /// no clause but the royal ones judges it, no own royal piece is
    /// attacked, and nothing (shields, hoppers, after-move rules) may make
    /// walls do more than wall squares in.
    pub(super) fn walls_allowed(
        variant: &Variant,
        forbids: bool,
        no_checks: bool,
        attacked: bool,
        line_clauses: bool,
    ) -> bool {
        let p = &variant.programs;
        !(forbids
            || no_checks
            || attacked
            || line_clauses
            || variant.attacks.has_hops
            || !p.after_move.is_empty()
            || p.timed_shields
            || !p.shield_rules.is_empty()
            || !variant.pieces.shields().is_empty())
    }

    /// Whether no enemy royal piece is attacked now, and the squares a
    /// plain move must leave or reach to attack one (see `check_near`).
    pub(in crate::engine) fn check_near(variant: &Variant, pos: &Position) -> (bool, SquareSet) {
        let t = &variant.attacks;
        let us = pos.side;
        let mut near = SquareSet::EMPTY;
        for r in pos.royals[us.flip() as usize].iter() {
            if variant.is_attacked(pos, r, us) {
                return (false, SquareSet::EMPTY);
            }
            let slot = t.slot(us, r);
            for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                near.insert(leap.from);
                for &s in t.run(leap.path, leap.path_len) {
                    near.insert(s);
                }
            }
            for ray in &t.rays[slot.rays as usize..slot.rays_end as usize] {
                for &s in t.run(ray.ray, ray.len) {
                    near.insert(s);
                    if !pos.board[s.index()].is_empty() {
                        break;
                    }
                }
            }
        }
        (true, near)
    }

    /// Whether the plain move `mv` leaves an enemy royal piece attacked
    /// (one it captures excepted), judged on the board it leaves. When no
    /// royal is attacked now, only the moved piece or a line it opens can
    /// attack one: a move that neither leaves nor reaches a square of
    /// `check_near` gives no check.
    pub(super) fn gives_check(&self, variant: &Variant, pos: &Position, mv: &Move) -> bool {
        if self.check_quiet && !self.check_near.contains(mv.from) && !self.check_near.contains(mv.to) {
            return false;
        }
        let us = pos.side;
        let moved = match mv.promotion {
            Some(kind) => Cell::piece(kind, us),
            None => pos.board[mv.from.index()],
        };
        pos.royals[us.flip() as usize]
            .iter()
            .any(|r| r != mv.to && variant.is_attacked_after_move(pos, r, us, mv.from, mv.to, moved))
    }
}
