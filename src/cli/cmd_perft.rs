//! `kaboom perft`: Stockfish's `go perft` output on stdout (divide lines,
//! then `Nodes searched: N`), time and speed on stderr. `--threads N`
//! counts the root moves' subtrees on N threads, with the same output.

use super::output::Output;
use super::{Failure, load_position};
use kaboom::Variant;
use kaboom::engine::perft::{Perft, divide_parallel};
use kaboom::notation::uci;
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(
    o: &mut Output,
    variant: &Variant,
    depth: u32,
    fen: Option<&str>,
    divide: bool,
    threads: usize,
) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, fen)?;
    let started = Instant::now();
    let nodes = if depth <= 1 || (threads <= 1 && !divide) {
        Perft::new().count(variant, &pos, depth)
    } else {
        let lines = if threads <= 1 {
            Perft::new().divide(variant, &pos, depth)
        } else {
            divide_parallel(variant, &pos, depth, threads)
        };
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
