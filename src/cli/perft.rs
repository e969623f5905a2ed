//! `kaboom perft`: Stockfish's `go perft` output on stdout (divide lines,
//! then `Nodes searched: N`), time and speed on stderr.

use super::{Failure, load_position};
use kaboom::Perft;
use kaboom::Variant;
use kaboom::notation::uci;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(variant: &Variant, depth: u32, fen: Option<&str>, divide: bool) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, fen)?;
    let mut perft = Perft::new();
    let started = Instant::now();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for (mv, n) in perft.divide(variant, &pos, depth) {
            println!("{}: {n}", uci::write(variant, &mv));
            total += n;
        }
        println!();
        total
    } else {
        perft.count(variant, &pos, depth)
    };
    let elapsed = started.elapsed();
    println!("Nodes searched: {nodes}");
    let nps = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    eprintln!("time: {:.3} s, {:.0} nodes per second", elapsed.as_secs_f64(), nps);
    Ok(ExitCode::SUCCESS)
}
