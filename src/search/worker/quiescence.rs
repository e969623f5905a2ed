//! The quiescence search: captures, promotions and moves whose effects
//! remove enemy pieces, from the horizon until the position is quiet.

use super::ordering::{BAD_CAPTURE, GOOD_CAPTURE};
use super::{DELTA_MARGIN, EFFECT_MARGIN, INFINITY, MAX_QUIESCENCE, QUIESCENCE_WIDTH, Worker};
use crate::engine::moves::Move;
use crate::engine::position::Position;
use crate::search::MAX_PLY;
use crate::search::draws::end_score;
use crate::search::ends::Verdict;
use crate::search::eval_sums::Sums;

impl Worker<'_> {
    /// Captures, promotions and moves whose effects remove enemy pieces,
    /// until the position is quiet; every move when in check.
    /// `sums`: the position's evaluation sums, made from its parent's.
    pub(super) fn quiesce(
        &mut self,
        (pos, sums): (&Position, Sums),
        ply: usize,
        qply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let engine = self.shared.engine;
        if let Verdict::Ends(outcome) = self.judge_quiescence(pos, ply) {
            return end_score(outcome, ply);
        }
        debug_assert_eq!(sums, engine.eval.sums(pos), "incremental sums");
        let stand = engine.eval.evaluate_with(pos, &sums);
        if ply >= MAX_PLY - 1 {
            return stand;
        }
        if qply >= MAX_QUIESCENCE {
            // The hard bound, checks included (docs/search.md).
            return stand;
        }
        let in_check = self.has_check && self.variant.in_check(pos);
        let mut best = -INFINITY;
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let any_legal = if in_check {
            self.variant.generate_legal(pos, &mut moves);
            !moves.is_empty()
        } else {
            self.noisy_moves(pos, &mut moves)
        };
        if !any_legal {
            self.moves[ply] = moves;
            return match self.judge_node(pos, Some(true), None) {
                Verdict::Ends(outcome) => end_score(outcome, ply),
                _ => 0,
            };
        }
        if moves.is_empty() {
            // Legal moves, but none noisy: the static score stands.
            self.moves[ply] = moves;
            return best;
        }
        let mut order = std::mem::take(&mut self.order[ply]);
        let mut top = Some(self.score_moves(pos, &moves, None, ply, &mut order));
        let them = pos.side.flip() as usize;
        let width = QUIESCENCE_WIDTH.saturating_sub(qply).max(2);
        let mut searched = 0;
        for i in 0..order.len() {
            if !in_check && searched >= width {
                break;
            }
            let (order_score, index) = self.next_move(pos, &moves, &mut order, i, top.take());
            let mv = moves[index];
            if !in_check && order_score < BAD_CAPTURE / 2 {
                // A capture that loses material by static exchange.
                continue;
            }
            let plain_noisy = order_score >= GOOD_CAPTURE;
            if !in_check && !plain_noisy && !engine.noise.may_remove(self.variant, &mv) {
                continue;
            }
            if !in_check && mv.promotion.is_none() && mv.is_capture() {
                // Delta pruning: even winning the victim cannot reach alpha.
                let victim = self.victim_value(pos, &mv);
                if stand + victim + DELTA_MARGIN < alpha {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.make(self.variant, mv);
            let ended = self.variant.ended_by_rule(&child).is_some();
            if !in_check && !plain_noisy && child.occupied[them].len() >= pos.occupied[them].len() && !ended {
                continue; // the effect removed no enemy piece
            }
            let child_sums = engine.eval.child_sums(pos, &sums, &child);
            if !in_check && !ended && mv.promotion.is_none() && !mv.is_capture() {
                // Delta pruning for effects: what the move leaves cannot reach alpha.
                if -engine.eval.evaluate_with(&child, &child_sums) + EFFECT_MARGIN < alpha {
                    continue;
                }
            }
            searched += 1;
            self.push_line(mv, in_check);
            let score = -self.quiesce((&child, child_sums), ply + 1, qply + 1, -beta, -alpha);
            self.pop_line();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.order[ply] = order;
        if best == -INFINITY {
            // In check, and every move was skipped: none is.
            return stand;
        }
        best
    }

    /// Fills `moves` with the legal moves quiescence may search out of
    /// check (captures, promotions, moves onto enemy pieces, moves whose
    /// effects may remove a piece), judging the legality of no other move
    /// where the variant allows; returns whether the side to move has any
    /// legal move at all.
    fn noisy_moves(&self, pos: &Position, moves: &mut Vec<Move>) -> bool {
        let noise = &self.shared.engine.noise;
        let mut wanted = |mv: &Move| {
            mv.is_capture()
                || mv.promotion.is_some()
                || self.victim_value(pos, mv) > 0
                || noise.may_remove(self.variant, mv)
        };
        if self.tech.noisy {
            return self.variant.generate_noisy_legal(pos, moves, &mut wanted);
        }
        if let Some(any) = self.variant.generate_legal_wanted(pos, moves, &mut wanted) {
            return any;
        }
        self.variant.generate_legal(pos, moves);
        let any = !moves.is_empty();
        moves.retain(|mv| wanted(mv));
        any
    }
}
