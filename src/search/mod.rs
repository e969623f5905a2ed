//! Search: plays any variant the engine can, with nothing but its
//! compiled rules. Iterative deepening over principal variation search
//! (alpha-beta with null windows), a transposition table shared by the
//! threads (lazy SMP), quiescence over captures and over moves whose
//! effects remove enemy pieces, and a generic evaluation computed from
//! the variant's data when the search is set up (docs/search.md). The
//! command line's `go`, `play --engine`, `uci`, `xboard` and `match` use it
//! (`tests::a_search_finds_a_legal_move` shows the calls).

mod board_diff;
pub mod budget;
mod conversion;
mod draws;
mod ends;
pub mod eval;
mod eval_mobility;
mod eval_pawns;
mod eval_reach;
pub mod eval_sums;
mod eval_terms;
mod see;
pub mod skill;
pub mod square_tables;
mod techniques;
pub mod tt;
mod worker;
pub mod zobrist;

pub use budget::{Control, Limits};
pub use skill::Skill;

use crate::compile::Variant;
use crate::engine::moves::Move;
use crate::engine::position::Position;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use worker::{Shared, Worker};

/// The deepest a search goes, in plies from the root (extensions and
/// quiescence included).
pub const MAX_PLY: usize = 128;
/// The score of winning at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// The default size of the transposition table, in MB.
pub const DEFAULT_HASH_MB: usize = 16;

/// Whether a score is a win or loss found by the search.
pub fn is_mate(score: i32) -> bool {
    score.abs() > MATE - 2 * MAX_PLY as i32
}

/// A score as the protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(i32),
    /// The side to move wins (positive) or loses (negative) in this many moves.
    Mate(i32),
}

impl Score {
    /// The protocol's reading of an internal score.
    pub fn from_internal(score: i32) -> Score {
        if is_mate(score) {
            let plies = MATE - score.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if score > 0 { moves } else { -moves })
        } else {
            Score::Centipawns(score)
        }
    }
}

impl std::fmt::Display for Score {
    /// UCI style: `cp 35`, `mate 3`, `mate -2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// What the search reports after each finished iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The depth finished, in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score of the best move.
    pub score: Score,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the table filled in this search.
    pub hashfull: u32,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
    /// Which of the best lines this is, from 1, when several are searched
    /// ([`Limits::multipv`]); 0 when only one is.
    pub multipv: u32,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// The reply the search expects, if it has one.
    pub ponder: Option<Move>,
    /// The score of the best move.
    pub score: Score,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// A search engine for one variant: its evaluation tables, Zobrist keys
/// and transposition table. Searches share the table, so one engine
/// should play one game at a time (`kaboom go`, and the engine of
/// `kaboom play --engine`, `uci` and `xboard`).
///
/// ```
/// use kaboom::{Control, Engine, Limits, Variant, fen, uci};
/// use std::sync::Arc;
/// let chess = Arc::new(Variant::load("chess").unwrap());
/// // White mates in one: Qh5xf7.
/// let pos = fen::parse(&chess, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
/// let engine = Engine::new(chess.clone());
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let result = engine.search(&pos, &[], &limits, &Control::default(), &mut |_| {});
/// assert_eq!(uci::write(&chess, &result.best.unwrap()), "h5f7");
/// ```
pub struct Engine {
    variant: Arc<Variant>,
    eval: eval::Evaluation,
    keys: zobrist::Keys,
    ends: ends::Ends,
    noise: ends::Noise,
    exchanges: see::Exchanges,
    tt: tt::Table,
    threads: usize,
    techniques: techniques::Techniques,
}

impl Engine {
    /// An engine for `variant` with a table of the default size (16 MB) and one thread.
    pub fn new(variant: Arc<Variant>) -> Engine {
        Engine::with_hash(variant, DEFAULT_HASH_MB)
    }

    /// An engine for `variant` with a table of about `megabytes` MB.
    pub fn with_hash(variant: Arc<Variant>, megabytes: usize) -> Engine {
        let eval = eval::Evaluation::new(&variant);
        Engine {
            exchanges: see::Exchanges::new(&variant, &eval),
            eval,
            keys: zobrist::Keys::new(&variant),
            ends: ends::Ends::new(&variant),
            noise: ends::Noise::new(&variant),
            tt: tt::Table::new(megabytes),
            threads: 1,
            techniques: techniques::Techniques::from_env().for_variant(&variant),
            variant,
        }
    }

    /// The variant this engine plays.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Searches on `threads` threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Forgets everything learned: for a new game.
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// The position's Zobrist key without its move-rule clock, as the
    /// search compares positions for repetition. A game's keys, passed to
    /// [`Engine::search`], let it see repetitions.
    pub fn key(&self, pos: &Position) -> u64 {
        self.keys.position_key(pos)
    }

    /// Searches `root` within `limits`. `history` holds the keys
    /// ([`Engine::key`]) of the game's positions before `root`, oldest
    /// first. `on_info` hears of each finished iteration. Returns when a
    /// limit is reached or `control` says stop; the best move is then that
    /// of the deepest iteration (or of a later one's moves searched in full).
    pub fn search(
        &self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        control: &Control,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        let variant = &*self.variant;
        let mut legal = variant.legal_moves(root);
        let chosen: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| limits.search_moves.contains(m))
            .collect();
        if !chosen.is_empty() {
            legal = chosen;
        }
        let restricted = legal.len() < variant.legal_moves(root).len();
        let root_moves: &[Move] = if restricted { &legal } else { &[] };
        let shared = Shared {
            root_moves,
            played: &limits.played,
            engine: self,
            control,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            deadlines: budget::Deadlines::new(limits, root.side_to_move()),
            node_limit: limits.nodes,
        };
        let skill = limits.skill.filter(Skill::weakens);
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as u32 - 8, |d| d.clamp(1, MAX_PLY as u32 - 8))
            .min(skill.map_or(u32::MAX, |s| s.depth()));
        let wanted_lines = if skill.is_some() {
            limits.multipv.max(skill::SKILL_LINES)
        } else {
            limits.multipv
        };
        if legal.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: Score::Centipawns(0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        std::thread::scope(|scope| {
            for id in 1..self.threads {
                let shared = &shared;
                scope.spawn(move || {
                    let mut worker = Worker::new(shared, history);
                    let mut depth = 1 + (id % 2) as i32;
                    while !shared.done.load(Ordering::Relaxed) && depth <= max_depth as i32 {
                        worker.search_root(root, depth);
                        if worker.stopped() {
                            break;
                        }
                        depth += 1;
                    }
                    worker.flush_nodes();
                });
            }
            let mut worker = Worker::new(&shared, history);
            // The lines of the last finished iteration, best first.
            let mut skill_lines: Vec<(Move, i32)> = Vec::new();
            let mut finished = 0;
            let mut score = 0;
            let single = legal.len() == 1;
            for depth in 1..=max_depth {
                let s = worker.search_root(root, depth as i32);
                if worker.stopped() {
                    break;
                }
                finished = depth;
                score = s;
                let lines = (wanted_lines.max(1) as usize).min(legal.len());
                let mut found = Vec::with_capacity(lines);
                found.extend(worker.root_best);
                let mut info = worker.info(depth, score);
                if lines > 1 {
                    info.multipv = 1;
                }
                on_info(&info);
                if lines > 1 {
                    // The next best lines: the root searched again without
                    // the moves already reported; then the best line back.
                    let (best, pv) = (worker.root_best, worker.root_pv.clone());
                    for line in 2..=lines {
                        match worker.root_best {
                            Some((mv, _)) => worker.excluded.push(mv),
                            None => break,
                        }
                        worker.root_best = None;
                        let s = worker.search_root(root, depth as i32);
                        if worker.stopped() || worker.root_best.is_none() {
                            break;
                        }
                        found.extend(worker.root_best);
                        let mut info = worker.info(depth, s);
                        info.multipv = line as u32;
                        on_info(&info);
                    }
                    worker.excluded.clear();
                    worker.root_best = best;
                    worker.root_pv = pv;
                    if worker.stopped() {
                        break;
                    }
                }
                skill_lines = found;
                let past_soft = shared
                    .deadlines
                    .soft
                    .is_some_and(|t| crate::base::wall_clock::Instant::now() >= t)
                    && !control.pondering.load(Ordering::Relaxed);
                let timed = shared.deadlines.soft.is_some();
                if past_soft
                    || (timed && single)
                    || (timed && is_mate(score) && depth as i32 > 2 * (MATE - score.abs()) + 2)
                {
                    break;
                }
            }
            worker.flush_nodes();
            shared.done.store(true, Ordering::Relaxed);
            let (mut best, mut best_score) = match worker.root_best {
                Some((mv, s)) => (mv, s),
                None => (legal[0], score),
            };
            let mut pv = worker.root_pv.clone();
            if let Some((mv, s)) = skill.and_then(|k| k.pick(&skill_lines, self.keys.position_key(root))) {
                (best, best_score) = (mv, s);
            }
            if pv.first() != Some(&best) {
                pv = vec![best];
            }
            SearchResult {
                best: Some(best),
                ponder: pv.get(1).copied(),
                score: Score::from_internal(best_score),
                depth: finished,
                nodes: shared.nodes.load(Ordering::Relaxed),
                pv,
            }
        })
    }
}

#[cfg(test)]
pub(crate) mod tests_support {
    /// The bundled variants' names, read from the repository's `variants/`.
    pub fn bundled_variant_names() -> Vec<String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/variants");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| {
                let p = e.ok()?.path();
                (p.extension()? == "ron").then(|| p.file_stem()?.to_str().map(str::to_string))?
            })
            .collect();
        names.sort();
        names
    }
}

#[cfg(test)]
mod tests;
