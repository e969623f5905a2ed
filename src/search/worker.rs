//! One search thread: iterative deepening over principal variation search
//! with a quiescence search, reading and writing the shared table. Every
//! buffer it needs (moves and their order per ply, the principal
//! variation, killers, history, the keys of the path) is allocated when
//! the thread starts; a node allocates nothing.

use super::draws::end_score;
use super::ends::Verdict;
use super::eval_sums::Sums;
use super::tt::{Bound, Entry};
use super::{Engine, Info, MATE, MAX_PLY, Score, is_mate};
use crate::base::square::{Square, SquareSet};
use crate::base::wall_clock::Instant;
use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use move_loop::{Node, NodeEnd};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

mod move_loop;
mod ordering;
mod path;
mod quiescence;

/// Scores beyond every real evaluation.
pub(crate) const INFINITY: i32 = MATE + 1000;
/// Plies of quiescence search beyond the horizon, in check or not; past
/// them the static evaluation stands.
const MAX_QUIESCENCE: usize = 8;
/// Noisy moves searched at the first quiescence ply when not in check;
/// one fewer at each ply beyond (never fewer than two), best ordered
/// first: a position full of captures then costs a bounded tree.
const QUIESCENCE_WIDTH: usize = 8;
/// What a capture may gain beyond its victim, for delta pruning.
const DELTA_MARGIN: i32 = 200;
/// How far below alpha the static score after an effect may stand for the
/// effect to be searched in quiescence.
const EFFECT_MARGIN: i32 = 50;
/// Reverse futility pruning: at depth 1 to this, outside the principal
/// variation and out of check, a node whose static score beats beta by
/// `RFP_MARGIN` per ply of depth left returns it.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 90;
/// Futility pruning: at depth 1 to this, a quiet move (one that gives no
/// check and whose effects remove nothing) is skipped when the static
/// score plus `FUTILITY_BASE + FUTILITY_MARGIN * depth` stays below alpha.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_BASE: i32 = 60;
const FUTILITY_MARGIN: i32 = 100;
/// Late-move pruning: at depth 1 to this, quiet moves after the first
/// `LMP_BASE + depth * depth` are skipped.
const LMP_DEPTH: i32 = 4;
const LMP_BASE: usize = 3;
/// The same two depths with `prune_deep`.
const LMP_DEPTH_DEEP: i32 = 6;
const FUTILITY_DEPTH_DEEP: i32 = 5;
/// Null-move reductions with `null_deep`: one ply more per this much of
/// static score above beta (three at most).
const NULL_EVAL_STEP: i32 = 200;
/// Internal iterative reduction from this depth.
const IIR_DEPTH: i32 = 4;
/// Static-exchange pruning of captures: at depth 1 to this, outside the
/// principal variation and out of check, once a move was searched, a
/// plain capture losing more than `SEE_PRUNE_MARGIN` per ply is skipped.
pub(super) const SEE_PRUNE_DEPTH: i32 = 6;
pub(super) const SEE_PRUNE_MARGIN: i32 = 100;
/// Aspiration windows: from this depth the root is searched first in a
/// window this wide around the last iteration's score, widened (doubled)
/// on each failure.
const ASPIRATION_DEPTH: i32 = 4;
const ASPIRATION_WINDOW: i32 = 30;
/// How often (in nodes) a thread looks at the clock and the stop flags.
const CHECK_EVERY: u64 = 256;

/// Buckets of the path's repetition filter (a power of two).
const PATH_FILTER: usize = 4096;

/// What the threads of one search share.
pub(crate) struct Shared<'a> {
    pub engine: &'a Engine,
    pub control: &'a super::Control,
    /// Set when the main thread is done: helpers stop.
    pub done: AtomicBool,
    /// Nodes counted so far by every thread (each adds its count in steps).
    pub nodes: AtomicU64,
    pub deadlines: super::budget::Deadlines,
    pub node_limit: Option<u64>,
    /// The root moves searched; empty: all.
    pub root_moves: &'a [Move],
    /// The game's moves before the root ([`Limits::played`](super::Limits::played)).
    pub played: &'a [(Move, bool)],
}

/// A search thread's own state.
pub(crate) struct Worker<'a> {
    shared: &'a Shared<'a>,
    variant: &'a Variant,
    has_check: bool,
    /// The variant's quiet moves are judged for check unplayed
    /// (`Variant::quiet_checks_unplayed`).
    quiet_checks_unplayed: bool,
    moves: Vec<Vec<Move>>,
    /// Per ply, with staged generation: each move's id
    /// (`Variant::generate_staged`) and whether it was judged legal.
    ids: Vec<Vec<u16>>,
    legal: Vec<Vec<u8>>,
    order: Vec<Vec<(i32, u16)>>,
    killers: Vec<[Option<Move>; 2]>,
    /// Per side, origin and destination square.
    history: Vec<i32>,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    /// Keys of the positions before the current one: the game, then the path.
    path: Vec<u64>,
    /// How many keys of `path` fall in each of [`PATH_FILTER`] buckets (by
    /// their low bits): a key whose bucket is empty repeats nothing, so the
    /// walk back along the path is taken only for a likely repetition.
    path_filter: Vec<u16>,
    /// Where the variant has an `N shuttles` or a perpetual-check rule: the
    /// game's moves, then the path's, each with whether its mover was in
    /// check before it.
    line: Option<Vec<(Move, bool)>>,
    /// Nodes searched by this thread, and how many of them are not yet
    /// added to the shared count.
    pub nodes: u64,
    unreported: u64,
    pub seldepth: usize,
    /// The depth of the iteration being searched: checks extend the
    /// search only up to twice it.
    root_depth: i32,
    stopped: bool,
    /// The best root move of the search so far, with its principal variation.
    pub root_best: Option<(Move, i32)>,
    /// Root moves left out of this iteration's search (the lines already
    /// reported when several are searched).
    pub excluded: Vec<Move>,
    pub root_pv: Vec<Move>,
    /// Late-move reductions by depth and move number (64 x 64).
    lmr: Vec<u8>,
    /// The last finished iteration's score, the centre of the next
    /// iteration's aspiration window.
    last_score: Option<i32>,
    /// The techniques in use.
    tech: super::techniques::Techniques,
}

const NO_MOVE: Move = Move {
    from: Square::new(0),
    to: Square::new(0),
    kind: MoveKind::Quiet,
    promotion: None,
    choices: crate::engine::moves::Choices::NONE,
    controller: None,
    gate: None,
};

impl<'a> Worker<'a> {
    pub fn new(shared: &'a Shared<'a>, history: &[u64]) -> Worker<'a> {
        let variant = &*shared.engine.variant;
        let mut path = Vec::with_capacity(history.len() + MAX_PLY + 2);
        path.extend_from_slice(history);
        let mut path_filter = vec![0u16; PATH_FILTER];
        for &key in history {
            let bucket = &mut path_filter[key as usize & (PATH_FILTER - 1)];
            *bucket = bucket.saturating_add(1);
        }
        Worker {
            shared,
            variant,
            has_check: variant.has_check(),
            quiet_checks_unplayed: variant.quiet_checks_unplayed(),
            moves: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            ids: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            legal: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            order: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 256 * 256],
            pv: vec![NO_MOVE; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: vec![0; MAX_PLY + 1],
            path,
            path_filter,
            line: shared.engine.ends.keeps_line.then(|| {
                let mut line = Vec::with_capacity(shared.played.len() + MAX_PLY + 2);
                line.extend_from_slice(shared.played);
                line
            }),
            nodes: 0,
            unreported: 0,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            root_best: None,
            excluded: Vec::with_capacity(64),
            root_pv: Vec::with_capacity(MAX_PLY),
            lmr: lmr_table(),
            last_score: None,
            tech: shared.engine.techniques,
        }
    }

    /// Counts a node; every [`CHECK_EVERY`] nodes reports the count and
    /// looks at the stop flags, the clock and the node limit.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= CHECK_EVERY {
            let s = self.shared;
            let total = s.nodes.fetch_add(self.unreported, Ordering::Relaxed) + self.unreported;
            self.unreported = 0;
            if s.control.stopped()
                || s.done.load(Ordering::Relaxed)
                || s.node_limit.is_some_and(|l| total >= l)
                || (!s.control.pondering.load(Ordering::Relaxed)
                    && s.deadlines.hard.is_some_and(|h| Instant::now() >= h))
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Adds this thread's uncounted nodes to the shared count.
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    /// Whether this thread was stopped.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Searches the root to `depth`; the root's best move is kept in
    /// `root_best` and `root_pv` when the iteration finishes or improves it.
    pub fn search_root(&mut self, root: &Position, depth: i32) -> i32 {
        self.seldepth = 0;
        self.root_depth = depth;
        // The key is computed in full at the root; below, from the parent's.
        let root_key = self.shared.engine.keys.position_key(root);
        let root_sums = self.shared.engine.eval.sums(root);
        let centre = self
            .last_score
            .filter(|s| self.tech.aspiration && depth >= ASPIRATION_DEPTH && !is_mate(*s) && self.excluded.is_empty());
        let Some(centre) = centre else {
            let score = self.negamax((root, root_key, root_sums), depth, 0, -INFINITY, INFINITY, true);
            if self.excluded.is_empty() && !self.stopped {
                self.last_score = Some(score);
            }
            return score;
        };
        // An aspiration window around the last score, widened on each side
        // that fails until the score falls inside.
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (centre - delta, centre + delta);
        loop {
            let score = self.negamax((root, root_key, root_sums), depth, 0, alpha, beta, true);
            if self.stopped {
                return score;
            }
            delta = delta.saturating_mul(2);
            if score <= alpha {
                alpha = if delta > 1000 {
                    -INFINITY
                } else {
                    (score - delta).max(-INFINITY)
                };
            } else if score >= beta {
                beta = if delta > 1000 {
                    INFINITY
                } else {
                    (score + delta).min(INFINITY)
                };
            } else {
                self.last_score = Some(score);
                return score;
            }
        }
    }

    fn store_root(&mut self, mv: Move, score: i32) {
        self.root_best = Some((mv, score));
        self.root_pv.clear();
        self.root_pv.extend_from_slice(&self.pv[..self.pv_len[0]]);
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let row = ply * (MAX_PLY + 1);
        let child = (ply + 1) * (MAX_PLY + 1);
        self.pv[row + ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[row + i] = self.pv[child + i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The search below the root: `node` is the position, its key
    /// without the clock ([`Keys::position_key`], made from its parent's
    /// by [`Keys::child_key`]) and its evaluation's sums (made from its
    /// parent's by [`Evaluation::child_sums`]).
    ///
    /// [`Keys::position_key`]: super::zobrist::Keys::position_key
    /// [`Keys::child_key`]: super::zobrist::Keys::child_key
    /// [`Evaluation::child_sums`]: super::eval::Evaluation::child_sums
    fn negamax(
        &mut self,
        (pos, position_key, sums): (&Position, u64, Sums),
        mut depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let engine = self.shared.engine;
        // Repetition compares positions whatever their clocks; the table
        // also tells them apart by the clock near the move rule's limit.
        debug_assert_eq!(position_key, engine.keys.position_key(pos), "incremental key");
        debug_assert_eq!(sums, engine.eval.sums(pos), "incremental sums");
        let key = position_key ^ engine.keys.clock_key(pos) ^ super::zobrist::history_key(pos);
        let repeated = if ply > 0 && engine.ends.has_repetition {
            self.repeated(position_key)
        } else {
            None
        };
        let verdict = self.judge_node(pos, None, repeated);
        if let Verdict::Ends(outcome) = verdict
            && ply > 0
        {
            return end_score(outcome, ply);
        }
        if ply >= MAX_PLY - 1 {
            return engine.eval.evaluate_with(pos, &sums);
        }
        let in_check = self.has_check && self.variant.in_check(pos);
        if in_check && (ply as i32) < 2 * self.root_depth {
            // A check is searched one ply deeper, but a chain of checks
            // no further than twice the iteration's depth from the root.
            depth += 1;
        }
        if depth <= 0 {
            if verdict == Verdict::NeedMoves
                && let Some(score) = self.repetition_at_horizon(pos, ply, repeated)
            {
                return score;
            }
            return self.quiesce((pos, sums), ply, 0, alpha, beta);
        }
        let entry = engine.tt.probe(key);
        if let Some(e) = entry
            && ply > 0
            && !pv_node
            && e.depth >= depth
        {
            let score = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        // The static score, where pruning may read it: outside the
        // principal variation and out of check.
        let static_eval = if pv_node || in_check || ply == 0 {
            None
        } else {
            Some(engine.eval.evaluate_with(pos, &sums))
        };
        // Reverse futility: a static score far above beta near the horizon
        // is taken as a cut.
        if let Some(stand) = static_eval
            && self.tech.rfp
            && depth <= RFP_DEPTH
            && !is_mate(beta)
            && stand - RFP_MARGIN * depth >= beta
        {
            return stand;
        }
        // Null move: if passing still holds beta, a real move will too.
        if let Some(stand) = static_eval
            && depth >= 3
            && !is_mate(beta)
            && stand >= beta
            && self.has_pieces(pos)
        {
            let mut child = pos.clone();
            child.side = pos.side.flip();
            child.ep_targets = SquareSet::EMPTY;
            child.ep_victim = Square::new(0);
            // No move made it: nothing is known of the passer's royals.
            child.mover_unattacked.0 = false;
            self.push_path(position_key);
            // A pass that no real move reverses, so no shuttle runs through
            // it (a heuristic line in any case: the null move is no move).
            self.push_line(NO_MOVE, false);
            let r = if self.tech.null_deep {
                3 + depth / 3 + ((stand - beta) / NULL_EVAL_STEP).min(3)
            } else {
                2 + depth / 4
            };
            // The board and the hands are the parent's: so are the sums.
            let node = (&child, engine.keys.child_key(pos, position_key, &child), sums);
            let score = -self.negamax(node, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            self.pop_line();
            self.pop_path();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if is_mate(score) { beta } else { score };
            }
        }
        let node = Node {
            pos,
            key: position_key,
            sums,
            depth,
            ply,
            beta,
            pv_node,
            in_check,
            static_eval,
        };
        let hash = entry.and_then(|e| e.move_index);
        // Internal iterative reduction: a node the table knows no move of
        // is likely new, and searched a ply shallower.
        if self.tech.iir && hash.is_none() && ply > 0 && depth >= IIR_DEPTH {
            depth -= 1;
        }
        let node = Node { depth, ..node };
        let searched = if self.tech.staged {
            self.staged_moves(&node, alpha, hash, verdict, repeated)
        } else {
            self.listed_moves(&node, alpha, hash, verdict, repeated)
        };
        let best = match searched {
            NodeEnd::Score(score) => return score,
            NodeEnd::Searched(best) => best,
        };
        if self.stopped {
            return 0;
        }
        let best_score = best.score;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best.alpha > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        engine.tt.store(
            key,
            Entry {
                move_index: best.tag.filter(|_| bound != Bound::Upper),
                score: to_tt(best_score, ply),
                depth,
                bound,
            },
        );
        best_score
    }

    /// Whether a quiet move at a node whose static score is `stand` may
    /// be skipped: late-move pruning (too many moves already tried near
    /// the horizon) or futility pruning (even a good margin cannot bring
    /// the score to alpha). A move whose effects may remove a piece is
    /// always searched, and so is one that gives check (the caller asks).
    fn prunable(&self, mv: &Move, depth: i32, searched: usize, stand: i32, alpha: i32) -> bool {
        let (lmp_depth, futility_depth) = if self.tech.prune_deep {
            (LMP_DEPTH_DEEP, FUTILITY_DEPTH_DEEP)
        } else {
            (LMP_DEPTH, FUTILITY_DEPTH)
        };
        let late = self.tech.lmp && depth <= lmp_depth && searched >= LMP_BASE + (depth * depth) as usize;
        let futile = self.tech.futility
            && depth <= futility_depth
            && !is_mate(alpha)
            && stand + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
        if !late && !futile {
            return false;
        }
        !self.shared.engine.noise.may_remove(self.variant, mv)
    }

    /// How many plies a late quiet move is reduced by: from a table
    /// growing with the logarithms of the depth and of the move's place,
    /// one less at a principal-variation node; at least one ply, and never
    /// into quiescence.
    fn reduction(&self, depth: i32, searched: usize, pv_node: bool) -> i32 {
        if !self.tech.lmr_table {
            return 1 + i32::from(searched >= 8) + i32::from(depth >= 8 && searched >= 16);
        }
        let r = i32::from(self.lmr[(depth as usize).min(63) * 64 + searched.min(63)]) - i32::from(pv_node);
        r.clamp(1, depth - 2)
    }

    /// Whether the side to move has a piece other than royals and pawns
    /// (null-move pruning is unsafe in pawn endings and the like).
    fn has_pieces(&self, pos: &Position) -> bool {
        let v = self.variant;
        pos.occupied[pos.side as usize].iter().any(|sq| {
            let k = pos.board[sq.index()].kind();
            !v.is_royal(k) && !v.pieces.pawns(pos.side).contains(k)
        })
    }

    /// The information line for the iteration just finished.
    pub fn info(&self, depth: u32, score: i32) -> Info {
        let s = self.shared;
        let elapsed = s.deadlines.start.elapsed();
        let nodes = s.nodes.load(Ordering::Relaxed) + self.unreported;
        let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
        Info {
            depth,
            seldepth: self.seldepth as u32,
            score: Score::from_internal(score),
            nodes,
            nps,
            time: elapsed,
            hashfull: s.engine.tt.hashfull(),
            pv: self.root_pv.clone(),
            multipv: 0,
        }
    }
}

/// `0.75 + ln(depth) ln(move number) / 2.25`, rounded down, per depth and
/// move number below 64.
fn lmr_table() -> Vec<u8> {
    (0..64 * 64)
        .map(|i| {
            let (d, m) = ((i / 64) as f64, (i % 64) as f64);
            if d < 1.0 || m < 1.0 {
                0
            } else {
                (0.75 + d.ln() * m.ln() / 2.25) as u8
            }
        })
        .collect()
}

/// A score as stored: mate scores counted from this node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 * 2 {
        score + ply as i32
    } else if score < -(MATE - MAX_PLY as i32 * 2) {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 * 2 {
        score - ply as i32
    } else if score < -(MATE - MAX_PLY as i32 * 2) {
        score + ply as i32
    } else {
        score
    }
}
