//! How the engine's reports read on the command line and on the UCI
//! protocol: `info depth .. score cp|mate .. nodes .. nps .. pv ..` and
//! `bestmove .. [ponder ..]`, moves in kaboom's coordinates.

use crate::Variant;
use crate::notation::uci;
use crate::search::{Info, SearchResult};

/// One `info` line for a finished iteration.
pub fn info_line(variant: &Variant, info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| uci::write(variant, m)).collect();
    let multipv = if info.multipv > 0 {
        format!(" multipv {}", info.multipv)
    } else {
        String::new()
    };
    format!(
        "info depth {} seldepth {}{multipv} score {} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull,
        pv.join(" ")
    )
}

/// The `bestmove` line; `bestmove (none)` when there is no legal move.
pub fn bestmove_line(variant: &Variant, result: &SearchResult) -> String {
    match result.best {
        None => "bestmove (none)".to_string(),
        Some(best) => match result.ponder {
            Some(p) => format!(
                "bestmove {} ponder {}",
                uci::write(variant, &best),
                uci::write(variant, &p)
            ),
            None => format!("bestmove {}", uci::write(variant, &best)),
        },
    }
}
