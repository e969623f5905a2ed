//! Scenario files: a variant, a position (or a seed), moves to play and
//! what must come of them, written in RON by a variant's author and run by
//! `kaboom test` (docs/authoring.md). Running one yields a report (boards,
//! traces, FEN, result: what `--snapshot` stores) and the failed
//! expectations.

use crate::base::span::{lenient, lenient_option};
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
    #[serde(deserialize_with = "lenient")]
    pub variant: String,
    /// What the scenario shows, and which rule it pins.
    #[serde(deserialize_with = "lenient")]
    pub description: String,
    /// Seed of a random setup.
    #[serde(default, deserialize_with = "lenient_option")]
    pub seed: Option<u64>,
    /// Start position; default the variant's.
    #[serde(default, deserialize_with = "lenient_option")]
    pub fen: Option<String>,
    /// Accept a `fen` the variant's legality rules make unreachable (a
    /// study position: the side not to move in check, a royal missing).
    #[serde(default, deserialize_with = "lenient")]
    pub allow_illegal: bool,
    /// Moves to play, each of which must be legal, the game not yet over.
    #[serde(default, deserialize_with = "lenient")]
    pub moves: Vec<String>,
    /// Moves that must be legal after the moves above.
    #[serde(default, deserialize_with = "lenient")]
    pub legal: Vec<String>,
    /// Moves that must be illegal after the moves above.
    #[serde(default, deserialize_with = "lenient")]
    pub illegal: Vec<String>,
    /// What the moves must lead to.
    #[serde(default, deserialize_with = "lenient_option")]
    pub expect: Option<Expect>,
}

/// Expectations on where the moves lead.
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The FEN after the moves.
    #[serde(default, deserialize_with = "lenient_option")]
    pub fen: Option<String>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `0-0`, with or without the
    /// reason in brackets), or `none` while the game goes on.
    #[serde(default, deserialize_with = "lenient_option")]
    pub result: Option<String>,
    /// Each move's trace, as `kaboom play` prints it (`moved P e2-e4`).
    #[serde(default, deserialize_with = "lenient_option")]
    pub trace: Option<Vec<String>>,
}

/// A scenario file that could not be run at all.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The file could not be read (missing, not a regular file, too big,
    /// not UTF-8).
    #[error("{message}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why, naming the file.
        message: String,
    },
    /// The file lists more moves or expectations than a scenario may.
    #[error("{path}: {message}")]
    Limit {
        /// The file.
        path: PathBuf,
        /// Which list, how long, and the limit.
        message: String,
    },
    /// Its `variant` names an absolute path, a file that is not `.ron`, or
    /// one outside the folder given on the command line.
    #[error("{path}: variant `{variant}`: {message}\nhelp: {}", crate::spec::SANDBOX_HELP)]
    Refused {
        /// The file.
        path: PathBuf,
        /// The variant as named.
        variant: String,
        /// Why.
        message: String,
    },
    /// The file is not a scenario: every problem found, with its place.
    #[error("{error}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// The diagnostics, as for a variant file.
        error: crate::check::LoadError,
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

/// Largest scenario file kaboom reads (as for variant files).
pub const MAX_SCENARIO_BYTES: u64 = crate::spec::MAX_FILE_BYTES;

/// Most entries in each list of a scenario: `moves`, `legal`, `illegal`,
/// `expect.trace`.
pub const MAX_SCENARIO_ENTRIES: usize = 10_000;

/// The text of a scenario file: a regular file of at most
/// [`MAX_SCENARIO_BYTES`], UTF-8, a byte-order mark skipped.
fn read_text(path: &Path) -> Result<String, ScenarioError> {
    let text = crate::base::files::read_text(path, MAX_SCENARIO_BYTES, "a scenario file").map_err(|e| {
        ScenarioError::Read {
            path: path.into(),
            message: e.to_string(),
        }
    })?;
    Ok(crate::base::files::without_bom(&text).to_string())
}

/// Whether a file looks like a scenario (a struct with a `variant` field)
/// rather than a variant file, so folders may hold both. A file that
/// cannot be read counts as a scenario, so that running it says why.
pub fn looks_like_scenario(path: &Path) -> bool {
    let Ok(text) = read_text(path) else {
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
    let text = read_text(path)?;
    let scenario: Scenario =
        crate::spec::read_ron(&path.display().to_string(), &text).map_err(|error| ScenarioError::Parse {
            path: path.into(),
            error,
        })?;
    let lists = [
        ("moves", scenario.moves.len()),
        ("legal", scenario.legal.len()),
        ("illegal", scenario.illegal.len()),
        (
            "expect.trace",
            scenario
                .expect
                .as_ref()
                .and_then(|e| e.trace.as_ref())
                .map_or(0, Vec::len),
        ),
    ];
    for (list, len) in lists {
        if len > MAX_SCENARIO_ENTRIES {
            return Err(ScenarioError::Limit {
                path: path.into(),
                message: format!("`{list}` has {len} entries; a scenario may have at most {MAX_SCENARIO_ENTRIES}"),
            });
        }
    }
    Ok(scenario)
}

/// Reads and runs a scenario file; its variant file (and the files that
/// extends) must lie under the scenario's folder.
pub fn run_file(path: &Path) -> Result<Outcome, ScenarioError> {
    run_file_in(path, path.parent().unwrap_or(Path::new(".")))
}

/// Reads and runs a scenario file found under `root` (the folder given on
/// the command line): its `variant` is a bundled name or a relative path to
/// a `.ron` file that must lie under `root`, as must the files it extends.
pub fn run_file_in(path: &Path, root: &Path) -> Result<Outcome, ScenarioError> {
    let scenario = read(path)?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let root = std::fs::canonicalize(root).map_err(|e| ScenarioError::Read {
        path: root.into(),
        message: format!("cannot read {}: {e}", root.display()),
    })?;
    let loaded = match crate::spec::resolve_reference(&scenario.variant, dir, &root, false) {
        // A plain name that is not bundled is refused here: loading it by
        // name would look for that file in the working folder.
        Ok(crate::spec::Reference::Bundled(name)) if crate::spec::bundled_source(&name).is_none() => {
            return Err(ScenarioError::Refused {
                path: path.into(),
                variant: scenario.variant.clone(),
                message: format!(
                    "no bundled variant named `{name}` (a plain name is a bundled variant; bundled: {})",
                    crate::spec::bundled_names().join(", ")
                ),
            });
        }
        Ok(crate::spec::Reference::Bundled(name)) => Variant::load_seeded(&name, scenario.seed),
        Ok(crate::spec::Reference::Path(file)) => Variant::load_path(&file, Some(&root), scenario.seed),
        Err((message, _)) => {
            return Err(ScenarioError::Refused {
                path: path.into(),
                variant: scenario.variant.clone(),
                message,
            });
        }
    };
    let mut variant = loaded.map_err(|error| ScenarioError::Variant {
        path: path.into(),
        variant: scenario.variant.clone(),
        error,
    })?;
    let start = match &scenario.fen {
        Some(text) => {
            let pos = fen::parse_fitting(&mut variant, text).map_err(|error| ScenarioError::Fen {
                path: path.into(),
                error,
            })?;
            if !scenario.allow_illegal {
                let board = 0..text.trim().find(char::is_whitespace).unwrap_or(text.trim().len());
                crate::notation::reachable::check_reachable_or_allow(&variant, &pos, board).map_err(|error| {
                    ScenarioError::Fen {
                        path: path.into(),
                        error,
                    }
                })?;
            }
            pos
        }
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
    let traces = play_moves(variant, s, &mut game, &mut out, &mut failures);
    let _ = writeln!(out);
    out.push_str(&board::diagram(variant, game.position()));
    let final_fen = fen::write(variant, game.position());
    let _ = writeln!(out, "fen: {final_fen}");
    let ending = game.ending().map(|e| format!("{} ({})", e.result.score(), e.reason));
    if let Some(ending) = &ending {
        let _ = writeln!(out, "result: {ending}");
    }
    check_move_lists(variant, s, game.position(), &mut out, &mut failures);
    if let Some(expect) = &s.expect {
        let end = Finish {
            fen: &final_fen,
            result: ending.as_deref(),
            traces: &traces,
        };
        check_expectations(expect, &end, &mut failures);
    }
    Outcome { report: out, failures }
}

/// Plays the scenario's moves as `kaboom play` would (none after the game
/// has ended), writing each with its trace and then the record; returns the
/// traces. The first move that fails ends the list, with a failure.
fn play_moves(
    variant: &Variant,
    s: &Scenario,
    game: &mut Game<'_>,
    out: &mut String,
    failures: &mut Vec<String>,
) -> Vec<String> {
    let mut record = Vec::new();
    let mut traces = Vec::new();
    for (i, text) in s.moves.iter().enumerate() {
        if let Some(ending) = game.ending() {
            let when = match i {
                0 => "in the start position".to_string(),
                _ => format!("after move {i} `{}`", s.moves[i - 1]),
            };
            failures.push(format!(
                "move {} `{text}`: the game is already over ({} {}) {when}",
                i + 1,
                ending.result.score(),
                ending.reason
            ));
            break;
        }
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
    traces
}

/// Checks the scenario's `legal` and `illegal` lists in the final position.
fn check_move_lists(
    variant: &Variant,
    s: &Scenario,
    pos: &crate::Position,
    out: &mut String,
    failures: &mut Vec<String>,
) {
    for text in &s.legal {
        match uci::parse(variant, pos, text) {
            Ok(_) => {
                let _ = writeln!(out, "{text}: legal");
            }
            Err(e) => failures.push(format!("`{text}` should be legal: {e}")),
        }
    }
    for text in &s.illegal {
        match uci::parse(variant, pos, text) {
            Ok(_) => failures.push(format!("`{text}` should be illegal, but it is a legal move")),
            Err(_) => {
                let _ = writeln!(out, "{text}: illegal");
            }
        }
    }
}

/// How a scenario's game finished: what its expectations are checked against.
struct Finish<'a> {
    fen: &'a str,
    result: Option<&'a str>,
    traces: &'a [String],
}

/// Checks the scenario's `expect` block: the final FEN, the result (its
/// score alone or with the reason) and each move's trace.
fn check_expectations(expect: &Expect, end: &Finish<'_>, failures: &mut Vec<String>) {
    if let Some(want) = &expect.fen
        && want.trim() != end.fen
    {
        failures.push(format!("fen:\n  expected {}\n  got      {}", want.trim(), end.fen));
    }
    if let Some(want) = &expect.result {
        let got = end.result.unwrap_or("none");
        let matches = got == want.trim() || got.split(' ').next() == Some(want.trim());
        if !matches {
            failures.push(format!("result:\n  expected {}\n  got      {got}", want.trim()));
        }
    }
    if let Some(want) = &expect.trace {
        for (i, (w, g)) in want.iter().zip(end.traces).enumerate() {
            if w.trim() != g {
                failures.push(format!(
                    "trace of move {}:\n  expected {}\n  got      {g}",
                    i + 1,
                    w.trim()
                ));
            }
        }
        if want.len() != end.traces.len() {
            failures.push(format!(
                "trace: expected {} moves, played {}",
                want.len(),
                end.traces.len()
            ));
        }
    }
}
