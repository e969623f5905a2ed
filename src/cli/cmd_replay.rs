//! `kaboom replay FILE.pgn`: plays every game of a PGN file (variant from
//! `--variant`, else the game's `Variant` tag, a bundled name or a `.ron`
//! file beside the PGN as `extends` resolves it, else chess; start from the
//! `FEN` tag when given) and reports per game its moves and result, or its
//! first illegal move with the game, the move number and why. Exit 1 if
//! any game has an illegal move or the file is malformed.

use super::output::Output;
use super::{Failure, render};
use crate::notation::fen;
use crate::notation::pgn::{self, MAX_PGN_BYTES};
use crate::notation::pgn_game;
use crate::{Ending, Game, Variant};
use std::collections::HashMap;
use std::io::Write as _;
use std::path::Path;
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
        let loaded = variants.entry(name.clone()).or_insert_with(|| match forced {
            Some(_) => Variant::load(&name).map_err(|e| render::load_error(&e)),
            None => load_tagged(&name, Path::new(path)),
        });
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
        let ending = match replay_moves(o, variant, &mut game, g, path, n)? {
            Some(ending) => ending,
            None => {
                bad += 1;
                continue;
            }
        };
        let (score, reason) = match ending {
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

/// Plays the moves of `g` in `game` ([`pgn_game::replay`]). Returns how
/// the game ended after its last move, or `None` when a move was reported
/// (illegal, after the end, or past the budget).
fn replay_moves(
    o: &mut Output,
    variant: &Variant,
    game: &mut Game<'_>,
    g: &pgn::PgnGame,
    path: &str,
    n: usize,
) -> Result<Option<Option<Ending>>, Failure> {
    match pgn_game::replay(variant, game, g) {
        Ok(ending) => Ok(Some(ending)),
        Err(stop) => {
            let m = &g.moves[stop.index];
            writeln!(
                o.out,
                "{path}:{}:{}: game {n}, move {}{} {}: {}: {}",
                m.line,
                m.col,
                stop.number,
                if stop.black { "..." } else { "." },
                pgn::short(&m.text),
                if stop.past_budget { "stopped" } else { "illegal" },
                stop.why
            )?;
            Ok(None)
        }
    }
}

/// Where a `Variant` tag may lead, for help lines.
const TAG_HELP: &str = "a `Variant` tag names a bundled variant, or a relative path to a .ron file inside \
the PGN's folder (docs/limits.md, Files)";

/// Loads the variant a game's `Variant` tag names, in the sandbox of
/// `extends`: a bundled name, or a relative `.ron` path (a plain name: the
/// `<name>.ron` beside the PGN when there is one) inside the PGN's folder.
/// Anything else is refused without being read, so no tag makes `replay`
/// print a word of a file outside the folder.
fn load_tagged(name: &str, pgn: &Path) -> Result<Variant, String> {
    let dir = match pgn.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let root = std::fs::canonicalize(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let refused = |message: String| format!("  × {message}\n  help: {TAG_HELP}");
    match crate::spec::resolve_reference(name, dir, &root, true) {
        Ok(crate::spec::Reference::Bundled(bundled)) if crate::spec::bundled_source(&bundled).is_some() => {
            Variant::load(&bundled).map_err(|e| render::load_error(&e))
        }
        Ok(crate::spec::Reference::Bundled(unknown)) => Err(refused(format!(
            "`{unknown}` is neither a bundled variant ({}) nor a .ron file beside the PGN",
            crate::spec::bundled_names().join(", ")
        ))),
        Ok(crate::spec::Reference::Path(file)) => {
            Variant::load_path(&file, Some(&root), None).map_err(|e| render::load_error(&e))
        }
        Err((message, _)) => Err(refused(message)),
    }
}
