//! `kaboom perft`: Stockfish's `go perft` output on stdout (divide lines,
//! then `Nodes searched: N`), time and speed on stderr. `--threads N`
//! counts the root moves' subtrees on N threads, with the same output. A
//! progress bar over the root moves shows on a terminal when the count
//! takes more than two seconds.

use super::output::Output;
use super::progress::Progress;
use super::{Failure, load_position};
use crate::engine::perft::Perft;
use crate::notation::uci;
use crate::{Move, Position, Variant};
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(
    o: &mut Output,
    variant: &Variant,
    depth: u32,
    fen: super::FenArg<'_>,
    divide: bool,
    threads: usize,
) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, fen)?;
    let started = Instant::now();
    // Depth 1 without --divide is counted at once; otherwise the root is
    // split (one line per move for --divide, a progress bar per root move).
    let nodes = if depth == 0 || (!divide && depth == 1) {
        Perft::new().count(variant, &pos, depth)
    } else {
        let lines = split(variant, &pos, depth, threads);
        if divide {
            for (mv, n) in &lines {
                writeln!(o.out, "{}: {n}", uci::write(variant, mv))?;
            }
            writeln!(o.out)?;
        }
        lines.iter().map(|(_, n)| n).sum()
    };
    let elapsed = started.elapsed();
    writeln!(o.out, "Nodes searched: {nodes}")?;
    let nps = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    writeln!(
        o.err,
        "time: {:.3} s, {:.0} nodes per second, {} thread{}",
        elapsed.as_secs_f64(),
        nps,
        threads.max(1),
        if threads > 1 { "s" } else { "" }
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The count below each root move (in generation order), on `threads`
/// threads, the progress bar moving once per root move.
fn split(variant: &Variant, pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves = variant.legal_moves(pos);
    let progress = Progress::new(moves.len() as u64, "root moves");
    let below = |perft: &mut Perft, mv: Move| {
        let mut child = pos.clone();
        child.make(variant, mv);
        let n = perft.count(variant, &child, depth - 1);
        progress.inc();
        (mv, n)
    };
    // At most one worker per core and per root move: more would only
    // multiply the memory each worker holds.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.min(cores).min(moves.len().max(1));
    if threads <= 1 {
        let mut perft = Perft::new();
        return moves.into_iter().map(|mv| below(&mut perft, mv)).collect();
    }
    use rayon::prelude::*;
    let work = || {
        moves
            .par_iter()
            .map_init(Perft::new, |perft, &mv| below(perft, mv))
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}
