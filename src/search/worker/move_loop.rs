//! The moves of a node of the main search: each one tried in turn
//! (pruned, reduced, searched with a null window and again in full), over
//! the whole legal list, or in stages where the rules allow
//! ([`Variant::stages_moves`]): the table's move first, found and judged
//! without generating the list, then, only if it did not cut off, the
//! pseudo-legal list, ordered, each move's legality judged when it is
//! picked. Both orders are the same, so the search is the same node for
//! node; the stages only leave out the work a cut makes useless.
//!
//! [`Variant::stages_moves`]: crate::compile::Variant::stages_moves

use super::{INFINITY, SEE_PRUNE_DEPTH, SEE_PRUNE_MARGIN, Worker};
use crate::engine::movegen::Judge;
use crate::engine::moves::Move;
use crate::engine::position::Position;
use crate::search::draws::end_score;
use crate::search::ends::Verdict;
use crate::search::eval_sums::Sums;
use crate::search::{MATE, MAX_PLY};

/// What a node knows before its moves are tried.
pub(super) struct Node<'p> {
    pub pos: &'p Position,
    /// The position's key without the clock.
    pub key: u64,
    /// The position's evaluation sums.
    pub sums: Sums,
    pub depth: i32,
    pub ply: usize,
    pub beta: i32,
    pub pv_node: bool,
    pub in_check: bool,
    /// The static score where pruning may read it.
    pub static_eval: Option<i32>,
}

/// The best move found so far at a node.
pub(super) struct Best {
    pub score: i32,
    /// What the table stores for it: its index in the legal list, or its
    /// id with staged generation.
    pub tag: Option<u16>,
    /// Alpha, raised by the moves searched.
    pub alpha: i32,
}

/// How a node's moves ended.
pub(super) enum NodeEnd {
    /// An end rule (or no legal move) scored the node.
    Score(i32),
    /// The moves were searched (or the search stopped).
    Searched(Best),
}

/// A move's legality not yet judged, judged legal, judged illegal.
const UNJUDGED: u8 = 0;
const LEGAL: u8 = 1;
const ILLEGAL: u8 = 2;

impl Worker<'_> {
    /// The node's moves from the whole legal list, ordered (the table's
    /// move, `hash`, an index in it).
    pub(super) fn listed_moves(
        &mut self,
        node: &Node,
        alpha: i32,
        hash: Option<u16>,
        verdict: Verdict,
        repeated: Option<usize>,
    ) -> NodeEnd {
        let (pos, ply) = (node.pos, node.ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.variant.generate_legal(pos, &mut moves);
        if verdict != Verdict::Continues || moves.is_empty() {
            let none = moves.is_empty();
            if let Some(score) = self.ends_with_moves_known(ply, pos, none, repeated) {
                self.moves[ply] = moves;
                return NodeEnd::Score(score);
            }
        }
        let mut order = std::mem::take(&mut self.order[ply]);
        let mut top = Some(self.score_moves(pos, &moves, hash.map(usize::from), ply, &mut order));
        let mut best = Best {
            score: -INFINITY,
            tag: None,
            alpha,
        };
        self.push_path(node.key);
        for searched in 0..order.len() {
            let (_, index) = self.next_move(pos, &moves, &mut order, searched, top.take());
            if self.try_move(node, &mut best, moves[index], index as u16, searched) {
                break;
            }
        }
        self.pop_path();
        self.moves[ply] = moves;
        self.order[ply] = order;
        NodeEnd::Searched(best)
    }

    /// The node's moves in stages (`hash`: the table's move's id): the
    /// same moves in the same order as [`listed_moves`](Self::listed_moves).
    pub(super) fn staged_moves(
        &mut self,
        node: &Node,
        alpha: i32,
        hash: Option<u16>,
        verdict: Verdict,
        repeated: Option<usize>,
    ) -> NodeEnd {
        let (pos, ply) = (node.pos, node.ply);
        let variant = self.variant;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ids = std::mem::take(&mut self.ids[ply]);
        let mut legal = std::mem::take(&mut self.legal[ply]);
        let judge = Judge::new();
        let mut best = Best {
            score: -INFINITY,
            tag: None,
            alpha,
        };
        let ended = variant.ended_by_rule(pos).is_some();
        let restore = |w: &mut Self, moves: Vec<Move>, ids: Vec<u16>, legal: Vec<u8>| {
            w.moves[ply] = moves;
            w.ids[ply] = ids;
            w.legal[ply] = legal;
        };
        // Stage one: the table's move, where it is legal here.
        let first = hash
            .filter(|_| ply > 0 && !ended && self.tech.tt_first)
            .and_then(|id| Some((variant.move_by_id(pos, id, &mut moves)?, id)))
            .filter(|(mv, _)| variant.is_legal_staged(&judge, pos, mv));
        if let Some((mv, id)) = first {
            // A legal move exists: the end rules that ask are answered.
            if verdict != Verdict::Continues
                && let Some(score) = self.ends_with_moves_known(ply, pos, false, repeated)
            {
                restore(self, moves, ids, legal);
                return NodeEnd::Score(score);
            }
            self.push_path(node.key);
            let cut = self.try_move(node, &mut best, mv, id, 0);
            self.pop_path();
            if cut {
                restore(self, moves, ids, legal);
                return NodeEnd::Searched(best);
            }
        }
        // Stage two: the rest, legality judged as each move is picked.
        if ended {
            moves.clear();
            ids.clear();
        } else {
            variant.generate_staged(pos, &mut moves, &mut ids);
        }
        legal.clear();
        legal.resize(moves.len(), UNJUDGED);
        if first.is_none() {
            let any = (0..moves.len()).any(|i| legal_at(variant, &judge, pos, &moves, &mut legal, i));
            if (verdict != Verdict::Continues || !any)
                && let Some(score) = self.ends_with_moves_known(ply, pos, !any, repeated)
            {
                restore(self, moves, ids, legal);
                return NodeEnd::Score(score);
            }
        }
        let skip = first.map(|(_, id)| id);
        // At the root the table's move was not tried first: it is ordered first.
        let hash_index = hash
            .filter(|_| first.is_none())
            .and_then(|h| ids.iter().position(|&i| i == h));
        let mut order = std::mem::take(&mut self.order[ply]);
        let mut top = Some(self.score_moves(pos, &moves, hash_index, ply, &mut order));
        self.push_path(node.key);
        let mut searched = usize::from(first.is_some());
        for i in 0..order.len() {
            let index = self.next_move(pos, &moves, &mut order, i, top.take()).1;
            let id = ids[index];
            if skip == Some(id) || !legal_at(variant, &judge, pos, &moves, &mut legal, index) {
                continue;
            }
            if self.try_move(node, &mut best, moves[index], id, searched) {
                break;
            }
            searched += 1;
        }
        self.pop_path();
        self.order[ply] = order;
        restore(self, moves, ids, legal);
        NodeEnd::Searched(best)
    }

    /// Where the node's legal moves are known (`none`: it has none), the
    /// score an end rule gives it, or 0 with no legal move and no rule.
    fn ends_with_moves_known(&self, ply: usize, pos: &Position, none: bool, repeated: Option<usize>) -> Option<i32> {
        match self.judge_node(pos, Some(none), repeated) {
            Verdict::Ends(outcome) if ply > 0 || none => Some(end_score(outcome, ply)),
            _ if none => Some(0),
            _ => None,
        }
    }

    /// Tries one move at a node: skips it where pruning allows, else
    /// searches it (the first, `searched == 0`, with the full window; the
    /// others reduced and with a null window first) and updates `best`,
    /// the principal variation, killers and history. Whether the node's
    /// search ends here (a cut, or the search stopped).
    pub(super) fn try_move(&mut self, node: &Node, best: &mut Best, mv: Move, tag: u16, searched: usize) -> bool {
        let (pos, ply, depth, beta) = (node.pos, node.ply, node.depth, node.beta);
        if ply == 0
            && ((!self.shared.root_moves.is_empty() && !self.shared.root_moves.contains(&mv))
                || self.excluded.contains(&mv))
        {
            return false;
        }
        // Not a capture, promotion or move onto an enemy piece.
        let quiet = !mv.is_capture() && mv.promotion.is_none() && self.victim_value(pos, &mv) == 0;
        if !quiet && searched > 0 && node.static_eval.is_some() && self.losing_capture(pos, &mv, depth) {
            return false;
        }
        // Pruned unless it gives check, which only the child can say:
        // where the variant has no check, the move is not even made.
        let prunable = node.static_eval.is_some_and(|stand| {
            quiet && best.score > -(MATE - 2 * MAX_PLY as i32) && self.prunable(&mv, depth, searched, stand, best.alpha)
        });
        if prunable && !self.has_check {
            return false;
        }
        // A plain quiet move is judged for check on the board it leaves,
        // without being made.
        if prunable && self.variant.quiet_move_checks(pos, &mv, self.quiet_checks_unplayed) == Some(false) {
            return false;
        }
        let mut child = pos.clone();
        child.make(self.variant, mv);
        if prunable && !self.variant.in_check(&child) {
            return false;
        }
        let engine = self.shared.engine;
        let (key, sums) = (engine.eval).child_key_and_sums(&engine.keys, pos, (node.key, &node.sums), &child);
        let child_node = (&child, key, sums);
        self.push_line(mv, node.in_check);
        let alpha = best.alpha;
        let mut score;
        if searched == 0 {
            score = -self.negamax(child_node, depth - 1, ply + 1, -beta, -alpha, node.pv_node);
        } else {
            let reduction = if depth >= 3 && searched >= 3 && quiet && !node.in_check {
                self.reduction(depth, searched, node.pv_node)
            } else {
                0
            };
            score = -self.negamax(child_node, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha, false);
            if score > alpha && reduction > 0 {
                score = -self.negamax(child_node, depth - 1, ply + 1, -alpha - 1, -alpha, false);
            }
            if score > alpha && score < beta {
                score = -self.negamax(child_node, depth - 1, ply + 1, -beta, -alpha, true);
            }
        }
        self.pop_line();
        if self.stopped {
            return true;
        }
        if score > best.score {
            best.score = score;
            best.tag = Some(tag);
            if score > best.alpha {
                best.alpha = score;
                self.update_pv(ply, mv);
                if ply == 0 {
                    self.store_root(mv, score);
                }
                if score >= beta {
                    if quiet {
                        self.reward_quiet(pos.side, ply, mv, depth);
                    }
                    return true;
                }
            }
        }
        if quiet {
            self.punish_quiet(pos.side, mv, depth);
        }
        false
    }
}

impl Worker<'_> {
    /// Static-exchange pruning: whether a capture near the horizon loses
    /// more than [`SEE_PRUNE_MARGIN`] per ply of depth by static exchange
    /// (a plain capture that promotes nothing; any other is searched).
    fn losing_capture(&self, pos: &Position, mv: &Move, depth: i32) -> bool {
        let exchanges = &self.shared.engine.exchanges;
        self.tech.see_prune
            && depth <= SEE_PRUNE_DEPTH
            && mv.promotion.is_none()
            && exchanges.plain()
            && exchanges.loses(self.variant, pos, mv)
            && exchanges
                .gain(self.variant, pos, mv)
                .is_some_and(|g| g < -SEE_PRUNE_MARGIN * depth)
    }
}

/// Whether the `i`-th move of `moves` is legal, judged once and kept in
/// `legal`.
#[inline]
fn legal_at(
    variant: &crate::compile::Variant,
    judge: &Judge,
    pos: &Position,
    moves: &[Move],
    legal: &mut [u8],
    i: usize,
) -> bool {
    match legal[i] {
        LEGAL => true,
        ILLEGAL => false,
        _ => {
            let ok = variant.is_legal_staged(judge, pos, &moves[i]);
            legal[i] = if ok { LEGAL } else { ILLEGAL };
            ok
        }
    }
}
