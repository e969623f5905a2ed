//! Move ordering for a search thread: the table's move, captures and
//! promotions by victim and mover (those losing by static exchange last),
//! killers, then quiet moves by their history; and the updates after a
//! cut.

use super::Worker;
use crate::base::square::Color;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

pub(super) const HASH_MOVE: i32 = 1 << 30;
pub(super) const GOOD_CAPTURE: i32 = 1 << 24;
/// Captures that lose material by static exchange: after every quiet move.
pub(super) const BAD_CAPTURE: i32 = -(1 << 28);
const KILLER: [i32; 2] = [1 << 22, 1 << 21];

const HISTORY_MAX: i32 = 1 << 20;

impl Worker<'_> {
    pub(super) fn victim_value(&self, pos: &Position, mv: &Move) -> i32 {
        let eval = &self.shared.engine.eval;
        let them = pos.side.flip();
        let at = if mv.kind == MoveKind::EnPassant {
            pos.ep_victim
        } else {
            mv.to
        };
        let cell = pos.board[at.index()];
        if cell.is_side(them) { eval.value(cell.kind()) } else { 0 }
    }

    /// Orders the moves: the table's move, then moves onto enemy pieces
    /// (most valuable victim, least valuable attacker) and promotions, then
    /// killers, then by history.
    pub(super) fn score_moves(
        &self,
        pos: &Position,
        moves: &[Move],
        hash: Option<usize>,
        ply: usize,
        order: &mut Vec<(i32, u16)>,
    ) {
        let eval = &self.shared.engine.eval;
        let us = pos.side as usize;
        order.clear();
        for (i, mv) in moves.iter().enumerate() {
            let score = if Some(i) == hash {
                HASH_MOVE
            } else {
                let victim = self.victim_value(pos, mv);
                let promotion = mv.promotion.map_or(0, |k| eval.value(k));
                if victim > 0 || promotion > 0 || mv.is_capture() {
                    let mover = pos.board[mv.from.index()];
                    let attacker = if mover.is_piece() && !self.variant.is_royal(mover.kind()) {
                        eval.value(mover.kind())
                    } else {
                        2000
                    };
                    let mvv_lva = 16 * (victim + promotion) - attacker / 16 + 200;
                    if promotion == 0 && self.loses_exchange(pos, mv, victim, attacker) {
                        BAD_CAPTURE + mvv_lva
                    } else {
                        GOOD_CAPTURE + mvv_lva
                    }
                } else if self.killers[ply][0] == Some(*mv) {
                    KILLER[0]
                } else if self.killers[ply][1] == Some(*mv) {
                    KILLER[1]
                } else {
                    self.history[history_index(us, mv)]
                }
            };
            order.push((score, i as u16));
        }
    }

    /// Whether a capture of a piece worth `victim` by one worth
    /// `attacker` loses material by static exchange. Only a plain capture
    /// is judged, and only when its mover is worth more than its victim
    /// (else it cannot lose); a capture with effects never is.
    fn loses_exchange(&self, pos: &Position, mv: &Move, victim: i32, attacker: i32) -> bool {
        let exchanges = &self.shared.engine.exchanges;
        self.tech.see
            && exchanges.plain()
            && attacker > victim
            && exchanges.gain(self.variant, pos, mv).is_some_and(|g| g < 0)
    }

    pub(super) fn reward_quiet(&mut self, side: Color, ply: usize, mv: Move, depth: i32) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let h = &mut self.history[history_index(side as usize, &mv)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
        if *h >= HISTORY_MAX {
            for v in self.history.iter_mut() {
                *v /= 2;
            }
        }
    }

    pub(super) fn punish_quiet(&mut self, side: Color, mv: Move, depth: i32) {
        let h = &mut self.history[history_index(side as usize, &mv)];
        *h = (*h - depth).max(-HISTORY_MAX);
    }
}

#[inline]
fn history_index(side: usize, mv: &Move) -> usize {
    (side << 16) | (usize::from(mv.from) << 8) | usize::from(mv.to)
}

/// Selection sort step: brings the best remaining entry to `i`, the
/// first of equals; the others keep their order (a stable sort), so that
/// the order of two moves never depends on the moves around them (the
/// quiescence search orders only its noisy moves, in the order the whole
/// list would give them).
#[inline]
pub(super) fn pick(order: &mut [(i32, u16)], i: usize) -> (i32, u16) {
    let mut best = i;
    for j in i + 1..order.len() {
        if order[j].0 > order[best].0 {
            best = j;
        }
    }
    order[i..=best].rotate_right(1);
    order[i]
}
