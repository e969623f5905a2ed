//! `kaboom replay FILE.pgn`: plays every game of a PGN file (variant from
//! `--variant`, else the game's `Variant` tag, else chess; start from the
//! `FEN` tag when given) and reports per game its moves and result, or its
//! first illegal move with the game, the move number and why. Exit 1 if
//! any game has an illegal move or the file is malformed.

use super::output::Output;
use super::{Failure, render};
use crate::base::square::Color;
use crate::notation::pgn::{self, MAX_PGN_BYTES};
use crate::notation::{fen, san_match};
use crate::{Game, Variant};
use std::collections::HashMap;
use std::io::Write as _;
use std::process::ExitCode;

pub fn run(o: &mut Output, path: &str, forced: Option<&str>) -> Result<ExitCode, Failure> {
    let text = super::cmd_import::read_text(path, MAX_PGN_BYTES, "a PGN file")?;
    let games =
        pgn::parse(&text).map_err(|e| Failure::input(format!("{path}:{}:{}: error: {}", e.line, e.col, e.message)))?;
    if games.is_empty() {
        return Err(Failure::input(format!("{path}: no games")));
    }
    let mut variants: HashMap<String, Result<Variant, String>> = HashMap::new();
    let mut bad = 0;
    for (i, g) in games.iter().enumerate() {
        let n = i + 1;
        let name = forced.or(g.tag("Variant")).unwrap_or("chess").to_string();
        let loaded = variants
            .entry(name.clone())
            .or_insert_with(|| Variant::load(&name).map_err(|e| render::load_error(&e)));
        let variant = match loaded {
            Ok(v) => &*v,
            Err(msg) => {
                bad += 1;
                writeln!(o.out, "{path}:{}: game {n}: variant `{name}` does not load", g.line)?;
                writeln!(o.err, "{}", msg.trim_end())?;
                continue;
            }
        };
        // A FEN of a random setup finds its castling pieces, as everywhere
        // a FEN is read (no seed needed): the game runs on the variant so fitted.
        let mut fitted = None;
        let start = match g.tag("FEN") {
            Some(f) => match fen::parse_fitting(fitted.insert(variant.clone()), f) {
                Ok(p) => p,
                Err(e) => {
                    bad += 1;
                    writeln!(
                        o.out,
                        "{path}:{}: game {n}: FEN tag: {}",
                        g.line,
                        render::fen_error(f, &e).trim_end()
                    )?;
                    continue;
                }
            },
            None => variant.start_position(),
        };
        let variant = fitted.as_ref().unwrap_or(variant);
        let mut game = Game::new(variant, start);
        let mut failed = false;
        for m in &g.moves {
            let pos = game.position();
            let number = pos.fullmove_number();
            let dots = if pos.side_to_move() == Color::White { "." } else { "..." };
            let why = match game.ending() {
                Some(end) => Some(format!(
                    "the game is already over ({} {})",
                    end.result.score(),
                    end.reason
                )),
                None => match san_match::find(variant, pos, &m.text) {
                    Ok(mv) => {
                        game.play(mv);
                        None
                    }
                    Err(e) => Some(e.to_string()),
                },
            };
            if let Some(why) = why {
                writeln!(
                    o.out,
                    "{path}:{}:{}: game {n}, move {number}{dots} {}: illegal: {why}",
                    m.line, m.col, m.text
                )?;
                failed = true;
                break;
            }
        }
        if failed {
            bad += 1;
            continue;
        }
        let (score, reason) = match game.ending() {
            Some(e) => (e.result.score().to_string(), format!(" ({})", e.reason)),
            None => ("*".to_string(), String::new()),
        };
        let recorded = g.result.as_deref().unwrap_or("*");
        let note = if recorded != score && recorded != "*" {
            format!("; the record says {recorded}")
        } else {
            String::new()
        };
        writeln!(
            o.out,
            "{path}:{}: game {n} ({name}): {} moves, ok, {score}{reason}{note}",
            g.line,
            g.moves.len()
        )?;
    }
    Ok(if bad > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
