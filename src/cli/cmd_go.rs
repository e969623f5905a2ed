//! `kaboom go`: searches one position and prints the engine's `info`
//! lines and its `bestmove`, as a UCI engine answers `go`.

use super::engine_text::{bestmove_line, info_line};
use super::output::Output;
use super::{Failure, load_position};
use crate::Variant;
use crate::search::{Control, Engine, Limits};
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// How long `kaboom go` searches when no limit is given, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// What bounds the search, as given on the command line.
pub struct GoLimits {
    /// `--depth`: plies.
    pub depth: Option<u32>,
    /// `--movetime`: milliseconds.
    pub movetime: Option<u64>,
    /// `--nodes`.
    pub nodes: Option<u64>,
    /// `--threads`.
    pub threads: usize,
    /// `--hash`: MB.
    pub hash: usize,
}

/// Searches the position and prints the `info` lines and `bestmove`;
/// where a limit stopped it inside an iteration, an `info nodes` line
/// with the nodes searched in all before `bestmove`.
pub fn run(o: &mut Output, variant: Variant, fen: super::FenArg<'_>, limits: GoLimits) -> Result<ExitCode, Failure> {
    let pos = load_position(&variant, fen)?;
    let variant = Arc::new(variant);
    let mut engine = Engine::with_hash(variant.clone(), limits.hash);
    engine.set_threads(limits.threads);
    let mut search = Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if search.depth.is_none() && search.nodes.is_none() && search.movetime.is_none() {
        search.movetime = Some(Duration::from_millis(DEFAULT_MOVETIME_MS));
    }
    let mut written: std::io::Result<()> = Ok(());
    let mut reported = 0;
    let result = {
        let out = &mut o.out;
        let mut on_info = |info: &crate::search::Info| {
            reported = info.nodes;
            if written.is_ok() {
                written = writeln!(out, "{}", info_line(&variant, info)).and_then(|()| out.flush());
            }
        };
        engine.search(&pos, &[], &search, &Control::new(), &mut on_info)
    };
    written?;
    if result.nodes != reported {
        // Stopped inside an iteration: the nodes searched in all.
        writeln!(o.out, "info nodes {}", result.nodes)?;
    }
    writeln!(o.out, "{}", bestmove_line(&variant, &result))?;
    Ok(ExitCode::SUCCESS)
}
