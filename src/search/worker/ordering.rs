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
/// Tags the index of a capture whose static exchange is not yet judged.
pub(super) const PENDING: u16 = 1 << 15;

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
    /// killers, then by history. A capture whose static exchange might
    /// lose is scored as if it did not, its index tagged [`PENDING`]: the
    /// exchange is judged only if the capture comes up
    /// ([`next_move`](Self::next_move)), so the captures after a cut are
    /// never judged. Returns where the first best entry is (0 when there
    /// is none), for the first pick.
    pub(super) fn score_moves(
        &self,
        pos: &Position,
        moves: &[Move],
        hash: Option<usize>,
        ply: usize,
        order: &mut Vec<(i32, u16)>,
    ) -> usize {
        let them = pos.side.flip();
        let [first, second] = self.killers[ply];
        let history = &self.history[(pos.side as usize) << 16..][..1 << 16];
        // The first best entry, found as the entries are made.
        let (mut best, mut top) = (0, i32::MIN);
        order.clear();
        order.extend(moves.iter().enumerate().map(|(i, mv)| {
            // Most moves: no capture, no promotion, no enemy piece where it
            // lands; scored as the general path below scores them.
            let plain_quiet = !mv.is_capture() && mv.promotion.is_none() && !pos.board[mv.to.index()].is_side(them);
            let (score, tag) = if Some(i) == hash {
                (HASH_MOVE, i as u16)
            } else if plain_quiet {
                let score = if is_killer(&first, mv) {
                    KILLER[0]
                } else if is_killer(&second, mv) {
                    KILLER[1]
                } else {
                    history[usize::from(mv.from) << 8 | usize::from(mv.to)]
                };
                (score, i as u16)
            } else {
                self.score_noisy(pos, mv, i, ply)
            };
            if score > top {
                (best, top) = (i, score);
            }
            (score, tag)
        }));
        best
    }

    /// The score of a move that captures, promotes or lands on an enemy
    /// piece, and its index (tagged [`PENDING`] where its exchange is yet
    /// to be judged).
    fn score_noisy(&self, pos: &Position, mv: &Move, i: usize, ply: usize) -> (i32, u16) {
        let eval = &self.shared.engine.eval;
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
            if promotion == 0 && self.may_lose_exchange(victim, attacker) {
                if i < usize::from(PENDING) {
                    return (GOOD_CAPTURE + mvv_lva, i as u16 | PENDING);
                }
                if self.loses_exchange(pos, mv) {
                    return (BAD_CAPTURE + mvv_lva, i as u16);
                }
            }
            (GOOD_CAPTURE + mvv_lva, i as u16)
        } else if self.killers[ply][0] == Some(*mv) {
            (KILLER[0], i as u16)
        } else if self.killers[ply][1] == Some(*mv) {
            (KILLER[1], i as u16)
        } else {
            (self.history[history_index(pos.side as usize, mv)], i as u16)
        }
    }

    /// Whether a capture of a piece worth `victim` by one worth `attacker`
    /// is judged by static exchange: only a plain capture, and only when
    /// its mover is worth more than its victim (else it cannot lose); a
    /// capture with effects never is.
    fn may_lose_exchange(&self, victim: i32, attacker: i32) -> bool {
        self.tech.see && self.shared.engine.exchanges.plain() && attacker > victim
    }

    /// Whether a capture loses material by static exchange.
    fn loses_exchange(&self, pos: &Position, mv: &Move) -> bool {
        self.shared.engine.exchanges.loses(self.variant, pos, mv)
    }

    /// The next move of `order` (scored by [`score_moves`](Self::score_moves)
    /// for `moves`): brings the best remaining entry to `i`, the first of
    /// equals, the others keeping their order (a stable selection), and
    /// returns its score and index. A capture whose exchange is pending is
    /// judged when it comes up: if it loses, it is scored again, after the
    /// quiet moves, and the selection goes on. Its score before the
    /// judgement was never lower than after, so the moves come in the
    /// order that scores judged in advance would give them. `known`: where
    /// the best entry from `i` on is, if the caller knows (the first pick,
    /// from [`score_moves`](Self::score_moves)).
    #[inline]
    pub(super) fn next_move(
        &self,
        pos: &Position,
        moves: &[Move],
        order: &mut [(i32, u16)],
        i: usize,
        mut known: Option<usize>,
    ) -> (i32, usize) {
        loop {
            let best = known.take().unwrap_or_else(|| best_entry(order, i));
            let (score, tag) = order[best];
            if tag & PENDING != 0 {
                let index = tag & !PENDING;
                if self.loses_exchange(pos, &moves[usize::from(index)]) {
                    order[best] = (score - GOOD_CAPTURE + BAD_CAPTURE, index);
                    continue;
                }
                order[best] = (score, index);
            }
            order[i..=best].rotate_right(1);
            return (score, usize::from(tag & !PENDING));
        }
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

/// Whether `mv` is the killer `killer`: the squares compared first.
#[inline]
fn is_killer(killer: &Option<Move>, mv: &Move) -> bool {
    killer
        .as_ref()
        .is_some_and(|k| k.from == mv.from && k.to == mv.to && k == mv)
}

/// The best entry of `order` from `i` on: the first of equals, so that
/// the order of two moves never depends on the moves around them (the
/// quiescence search orders only its noisy moves, in the order the whole
/// list would give them).
#[inline]
fn best_entry(order: &[(i32, u16)], i: usize) -> usize {
    let (mut best, mut top) = (i, order[i].0);
    for (j, &(score, _)) in order.iter().enumerate().skip(i + 1) {
        if score > top {
            (best, top) = (j, score);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::{Shared, Worker};
    use super::*;
    use crate::compile::Variant;
    use crate::search::budget::{Deadlines, Limits};
    use crate::search::{Control, Engine};
    use rand::{RngExt as _, SeedableRng as _};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64};

    /// The general path: every move scored in advance, its exchange judged
    /// at once, then sorted stably, best first.
    fn full_order(w: &Worker, pos: &Position, moves: &[Move], hash: Option<usize>, ply: usize) -> Vec<(i32, usize)> {
        let eval = &w.shared.engine.eval;
        let mut scored: Vec<(i32, usize)> = (moves.iter().enumerate())
            .map(|(i, mv)| {
                let victim = w.victim_value(pos, mv);
                let promotion = mv.promotion.map_or(0, |k| eval.value(k));
                let score = if Some(i) == hash {
                    HASH_MOVE
                } else if victim > 0 || promotion > 0 || mv.is_capture() {
                    let mover = pos.board[mv.from.index()];
                    let attacker = if mover.is_piece() && !w.variant.is_royal(mover.kind()) {
                        eval.value(mover.kind())
                    } else {
                        2000
                    };
                    let mvv_lva = 16 * (victim + promotion) - attacker / 16 + 200;
                    let exchange = || w.shared.engine.exchanges.gain(w.variant, pos, mv);
                    let loses =
                        promotion == 0 && w.may_lose_exchange(victim, attacker) && exchange().is_some_and(|g| g < 0);
                    if loses {
                        BAD_CAPTURE + mvv_lva
                    } else {
                        GOOD_CAPTURE + mvv_lva
                    }
                } else if w.killers[ply][0] == Some(*mv) {
                    KILLER[0]
                } else if w.killers[ply][1] == Some(*mv) {
                    KILLER[1]
                } else {
                    w.history[history_index(pos.side as usize, mv)]
                };
                (score, i)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        scored
    }

    /// Along seeded random games, both sides, with random killers, history
    /// (small values, so that scores tie) and table moves: the order that
    /// `score_moves` and `next_move` give (quiet moves on their own path,
    /// exchanges judged only when their capture comes up) is the order of
    /// the general path, move for move and score for score.
    #[test]
    fn staged_scores_give_the_full_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        let (mut checked, mut pending) = (0, 0);
        for name in crate::search::tests_support::bundled_variant_names() {
            let variant = Arc::new(Variant::load(&name).unwrap());
            let engine = Engine::new(variant.clone());
            let control = Control::new();
            let shared = Shared {
                engine: &engine,
                control: &control,
                done: AtomicBool::new(false),
                nodes: AtomicU64::new(0),
                deadlines: Deadlines::new(&Limits::default(), crate::base::square::Color::White),
                node_limit: None,
                root_moves: &[],
                played: &[],
            };
            let mut w = Worker::new(&shared, &[]);
            let (mut moves, mut order) = (Vec::new(), Vec::new());
            for _game in 0..4 {
                let mut pos = variant.start_position();
                for _ply in 0..80 {
                    variant.generate_legal(&pos, &mut moves);
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    let ply = rng.random_range(0..4);
                    let mut any = || (rng.random_range(0..3) > 0).then(|| moves[rng.random_range(0..moves.len())]);
                    w.killers[ply] = [any(), any()];
                    for mv in &moves {
                        w.history[history_index(pos.side as usize, mv)] = rng.random_range(-3..4);
                    }
                    let hash = (rng.random_range(0..2) == 0).then(|| rng.random_range(0..moves.len()));
                    let full = full_order(&w, &pos, &moves, hash, ply);
                    let mut top = Some(w.score_moves(&pos, &moves, hash, ply, &mut order));
                    pending += order.iter().filter(|(_, tag)| tag & PENDING != 0).count();
                    let staged: Vec<(i32, usize)> = (0..order.len())
                        .map(|i| w.next_move(&pos, &moves, &mut order, i, top.take()))
                        .collect();
                    assert_eq!(staged, full, "{name}");
                    checked += 1;
                    let mv = moves[rng.random_range(0..moves.len())];
                    pos.make(&variant, mv);
                }
            }
        }
        assert!(
            checked > 1000 && pending > 500,
            "{checked} positions, {pending} exchanges pending"
        );
    }
}
