//! Scenario files: a variant, a position (or a seed), moves to play and
//! what must come of them, written in RON by a variant's author and run by
//! `kaboom test` (docs/authoring.md). Running one yields a report (boards,
//! traces, FEN, result: what `--snapshot` stores) and the failed
//! expectations.

use crate::notation::{board, fen, san, trace_text, uci};
use crate::{Game, Variant};
use serde::Deserialize;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// A scenario as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// A bundled variant, or a path relative to the scenario file.
    pub variant: String,
    /// What the scenario shows, and which rule it pins.
    pub description: String,
    /// Seed of a random setup.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Start position; default the variant's.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves to play, each of which must be legal.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Moves that must be legal after the moves above.
    #[serde(default)]
    pub legal: Vec<String>,
    /// Moves that must be illegal after the moves above.
    #[serde(default)]
    pub illegal: Vec<String>,
    /// What the moves must lead to.
    #[serde(default)]
    pub expect: Option<Expect>,
}

/// Expectations on where the moves lead.
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The FEN after the moves.
    #[serde(default)]
    pub fen: Option<String>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `0-0`, with or without the
    /// reason in brackets), or `none` while the game goes on.
    #[serde(default)]
    pub result: Option<String>,
    /// Each move's trace, as `kaboom play` prints it (`moved P e2-e4`).
    #[serde(default)]
    pub trace: Option<Vec<String>>,
}

/// A scenario file that could not be run at all.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The file could not be read.
    #[error("cannot read {path}: {error}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a scenario.
    #[error("{path}:{line}:{column}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Its variant did not load.
    #[error("{path}: variant `{variant}` does not load:\n{error}")]
    Variant {
        /// The file.
        path: PathBuf,
        /// The variant as named.
        variant: String,
        /// The variant's diagnostics.
        error: crate::check::LoadError,
    },
    /// Its start position is not a FEN of the variant.
    #[error("{path}: bad `fen`: {error}")]
    Fen {
        /// The file.
        path: PathBuf,
        /// The FEN problem.
        error: crate::lang::fen_syntax::FenError,
    },
}

/// What running a scenario gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Boards before and after, each move's trace, the game record, the
    /// FEN, the result and the verdict on each listed move.
    pub report: String,
    /// Every expectation that failed, in words; empty when the scenario passes.
    pub failures: Vec<String>,
}

/// Whether a file looks like a scenario (a struct with a `variant` field)
/// rather than a variant file, so folders may hold both.
pub fn looks_like_scenario(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return true;
    };
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    match options.from_str::<ron::Value>(&text) {
        Ok(ron::Value::Map(map)) => map.iter().any(|(k, _)| *k == ron::Value::String("variant".into())),
        _ => true,
    }
}

/// Reads a scenario file.
pub fn read(path: &Path) -> Result<Scenario, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|error| ScenarioError::Read {
        path: path.into(),
        error,
    })?;
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    options.from_str(&text).map_err(|e| ScenarioError::Parse {
        path: path.into(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    })
}

/// Reads and runs a scenario file.
pub fn run_file(path: &Path) -> Result<Outcome, ScenarioError> {
    let scenario = read(path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let reference = if scenario.variant.ends_with(".ron") || scenario.variant.contains('/') {
        dir.join(&scenario.variant).display().to_string()
    } else {
        scenario.variant.clone()
    };
    let variant = Variant::load_seeded(&reference, scenario.seed).map_err(|error| ScenarioError::Variant {
        path: path.into(),
        variant: scenario.variant.clone(),
        error,
    })?;
    let start = match &scenario.fen {
        Some(text) => fen::parse(&variant, text).map_err(|error| ScenarioError::Fen {
            path: path.into(),
            error,
        })?,
        None => variant.start_position(),
    };
    Ok(run(&variant, &scenario, start))
}

/// Runs a scenario on a loaded variant from `start`.
pub fn run(variant: &Variant, s: &Scenario, start: crate::Position) -> Outcome {
    let mut out = String::new();
    let mut failures = Vec::new();
    let _ = writeln!(out, "variant: {}\n{}\n", variant.name, s.description.trim());
    out.push_str(&board::diagram(variant, &start));
    let _ = writeln!(out, "fen: {}\n", fen::write(variant, &start));
    let mut game = Game::new(variant, start);
    let mut record = Vec::new();
    let mut traces = Vec::new();
    for (i, text) in s.moves.iter().enumerate() {
        let mv = match uci::parse(variant, game.position(), text) {
            Ok(mv) => mv,
            Err(e) => {
                failures.push(format!("move {} {e}", i + 1));
                break;
            }
        };
        let before = game.position().clone();
        let events = game.play(mv);
        let described = trace_text::describe_all(variant, &events);
        let _ = writeln!(out, "{}: {described}", uci::write(variant, &mv));
        traces.push(described);
        record.push(san::write(variant, &before, &mv, &events, game.position()));
    }
    if !record.is_empty() {
        let _ = writeln!(out, "record: {}", record.join(" "));
    }
    let _ = writeln!(out);
    out.push_str(&board::diagram(variant, game.position()));
    let final_fen = fen::write(variant, game.position());
    let _ = writeln!(out, "fen: {final_fen}");
    let ending = game.ending();
    if let Some(ending) = &ending {
        let _ = writeln!(out, "result: {} ({})", ending.result.score(), ending.reason);
    }
    for text in &s.legal {
        match uci::parse(variant, game.position(), text) {
            Ok(_) => {
                let _ = writeln!(out, "{text}: legal");
            }
            Err(e) => failures.push(format!("`{text}` should be legal: {e}")),
        }
    }
    for text in &s.illegal {
        match uci::parse(variant, game.position(), text) {
            Ok(_) => failures.push(format!("`{text}` should be illegal, but it is a legal move")),
            Err(_) => {
                let _ = writeln!(out, "{text}: illegal");
            }
        }
    }
    if let Some(expect) = &s.expect {
        if let Some(want) = &expect.fen
            && want.trim() != final_fen
        {
            failures.push(format!("fen:\n  expected {}\n  got      {final_fen}", want.trim()));
        }
        if let Some(want) = &expect.result {
            let got = ending
                .as_ref()
                .map_or("none".to_string(), |e| format!("{} ({})", e.result.score(), e.reason));
            let matches = got == want.trim() || got.split(' ').next() == Some(want.trim());
            if !matches {
                failures.push(format!("result:\n  expected {}\n  got      {got}", want.trim()));
            }
        }
        if let Some(want) = &expect.trace {
            for (i, (w, g)) in want.iter().zip(&traces).enumerate() {
                if w.trim() != g {
                    failures.push(format!(
                        "trace of move {}:\n  expected {}\n  got      {g}",
                        i + 1,
                        w.trim()
                    ));
                }
            }
            if want.len() != traces.len() {
                failures.push(format!("trace: expected {} moves, played {}", want.len(), traces.len()));
            }
        }
    }
    Outcome { report: out, failures }
}
