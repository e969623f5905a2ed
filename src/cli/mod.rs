//! The command-line interface: argument parsing, one module per subcommand,
//! and rendering of errors. Library errors arrive typed; this module turns
//! them into messages with file, line and column.

mod args;
mod cmd_explain;
mod cmd_export_fsf;
mod cmd_fmt;
mod cmd_go;
mod cmd_import;
mod cmd_match;
mod cmd_moves;
mod cmd_perft;
mod cmd_play;
mod cmd_play_engine;
mod cmd_replay;
mod cmd_setup;
mod cmd_show;
mod cmd_test;
mod cmd_tune;
mod cmd_uci;
mod cmd_validate;
mod cmd_xboard;
mod engine_text;
mod move_input;
mod output;
mod pgn_out;
mod progress;
mod protocol;
mod render;
mod serve;
mod xboard_setup;

/// What the fuzz targets drive (fuzz/fuzz_targets/): the protocols' command
/// lines and match reports; not part of the library's API.
#[doc(hidden)]
pub mod fuzzing {
    pub use super::cmd_uci::transcript as uci_transcript;
    pub use super::cmd_xboard::transcript as xboard_transcript;
    pub use crate::selfplay::{Report, merge};
}

use crate::{Position, Variant};
use args::{Cli, Command, EngineSide};
use clap::Parser;
use output::Output;
use std::io::Write;
use std::process::ExitCode;

/// A failure already rendered for the user, with its exit code.
pub struct Failure {
    message: String,
    code: u8,
    /// The reader of our output went away: end without a message.
    quiet: bool,
}

impl From<std::io::Error> for Failure {
    /// A failed write to stdout or stderr.
    fn from(e: std::io::Error) -> Self {
        Failure {
            message: format!("kaboom: cannot write output: {e}"),
            code: 2,
            quiet: output::is_closed_pipe(&e),
        }
    }
}

impl Failure {
    /// Bad input (variant file, FEN, move): exit code 1.
    fn input(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 1,
            quiet: false,
        }
    }

    /// A file or folder that cannot be read or written: exit code 2.
    fn io(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 2,
            quiet: false,
        }
    }
}

/// Parses the arguments, runs the subcommand and returns the exit code.
pub fn run() -> ExitCode {
    let mut o = Output::std();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help, --version and usage errors: clap's text, written through `o`.
        Err(e) => {
            let written = if e.use_stderr() {
                write!(o.err, "{}", e.render())
            } else {
                write!(o.out, "{}", e.render())
            };
            return match written.and_then(|()| o.flush()) {
                Err(w) if !output::is_closed_pipe(&w) => {
                    let _ = writeln!(o.err, "{}", Failure::from(w).message);
                    ExitCode::from(2)
                }
                _ => ExitCode::from(e.exit_code() as u8),
            };
        }
    };
    let result = dispatch(cli.command, &mut o).and_then(|code| o.flush().map(|()| code).map_err(Failure::from));
    match result {
        Ok(code) => code,
        Err(failure) if failure.quiet => ExitCode::SUCCESS,
        Err(failure) => {
            // A message that cannot be written (stderr on a full disk) is
            // output that cannot be written: exit 2, whatever the failure.
            let written = writeln!(o.err, "{}", failure.message.trim_end()).and_then(|()| o.err.flush());
            match written {
                Err(e) if !output::is_closed_pipe(&e) => ExitCode::from(2),
                _ => ExitCode::from(failure.code),
            }
        }
    }
}

/// Runs one subcommand, writing through `o`: the short ones here, the
/// others in a function each (which takes its own kind of command).
fn dispatch(command: Command, o: &mut Output) -> Result<ExitCode, Failure> {
    match command {
        Command::Moves {
            variant,
            fen,
            allow_illegal,
            seed,
        } => load_variant_for(&variant, seed, fen.as_deref())
            .and_then(|v| cmd_moves::run(o, &v, fen.as_deref().map(|f| (f, allow_illegal)))),
        c @ Command::Perft { .. } => perft(o, c),
        c @ Command::Play { .. } => play(o, c),
        c @ Command::Go { .. } => go(o, c),
        c @ Command::Match { .. } => play_match(o, c),
        Command::MatchMerge { files, format } => cmd_match::merge(o, &files, format),
        c @ Command::Tune { .. } => tune(o, c),
        Command::TuneMerge {
            files,
            write,
            square_prior,
            weights,
            label,
        } => {
            let label = label.label().map_err(Failure::io)?;
            let options = crate::tune::FitOptions {
                label,
                ..square_prior.options(weights)
            };
            cmd_tune::merge(o, &files, write.as_deref(), &options)
        }
        Command::Replay { file, variant } => cmd_replay::run(o, &file, variant.as_deref()),
        Command::ExportFsf { variant, name } => cmd_export_fsf::run(o, &variant, name.as_deref()),
        Command::Import {
            file,
            variant,
            out,
            format,
        } => cmd_import::run(o, &file, variant.as_deref(), out.as_deref(), format),
        c @ Command::Show { .. } => show(o, c),
        Command::Setup { variant, seed, count } => {
            load_variant(&variant, seed).and_then(|v| cmd_setup::run(o, &v, count))
        }
        c @ Command::Explain { .. } => explain(o, c),
        Command::Test { paths, snapshot } => cmd_test::run(o, &paths, snapshot),
        Command::Uci => Ok(cmd_uci::run()),
        Command::Xboard { variant } => Ok(cmd_xboard::run(variant.as_deref())),
        Command::Validate { files, format } => cmd_validate::run(o, &files, format),
        Command::Fmt { file, check, write } => {
            let mode = match (check, write) {
                (true, _) => cmd_fmt::Mode::Check,
                (_, true) => cmd_fmt::Mode::Write,
                _ => cmd_fmt::Mode::Print,
            };
            cmd_fmt::run(o, &file, mode)
        }
        Command::Serve { paths, port, host } => serve::run(
            o,
            serve::ServeOptions {
                host: &host,
                port,
                paths: &paths,
            },
        ),
    }
}

/// `kaboom perft`.
fn perft(o: &mut Output, command: Command) -> Result<ExitCode, Failure> {
    let Command::Perft {
        variant,
        depth,
        fen,
        allow_illegal,
        seed,
        divide,
        threads,
    } = command
    else {
        unreachable!("dispatched by its kind")
    };
    load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
        cmd_perft::run(
            o,
            &v,
            depth,
            fen.as_deref().map(|f| (f, allow_illegal)),
            divide,
            threads as usize,
        )
    })
}

/// `kaboom play`, with `--pgn` and `--engine`.
fn play(o: &mut Output, command: Command) -> Result<ExitCode, Failure> {
    let Command::Play {
        variant,
        fen,
        allow_illegal,
        seed,
        moves,
        pgn,
        engine,
        movetime,
        threads,
        skill,
        elo,
    } = command
    else {
        unreachable!("dispatched by its kind")
    };
    load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
        let target = pgn.as_deref().map(|path| cmd_play::PgnTarget {
            path,
            variant_arg: &variant,
        });
        let engine = engine.map(|side| cmd_play_engine::EngineOptions {
            sides: match side {
                EngineSide::White => [true, false],
                EngineSide::Black => [false, true],
                EngineSide::Both => [true, true],
            },
            movetime,
            threads: threads as usize,
            skill: match (skill, elo) {
                (_, Some(elo)) => Some(crate::search::Skill::from_elo(elo)),
                (Some(level), None) => Some(crate::search::Skill::level(level)),
                (None, None) => None,
            },
        });
        cmd_play::run(
            o,
            &v,
            fen.as_deref().map(|f| (f, allow_illegal)),
            &moves,
            target,
            engine,
        )
    })
}

/// `kaboom go`.
fn go(o: &mut Output, command: Command) -> Result<ExitCode, Failure> {
    let Command::Go {
        variant,
        fen,
        allow_illegal,
        seed,
        depth,
        movetime,
        nodes,
        threads,
        hash,
    } = command
    else {
        unreachable!("dispatched by its kind")
    };
    load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
        let limits = cmd_go::GoLimits {
            depth,
            movetime,
            nodes,
            threads: threads as usize,
            hash: hash as usize,
        };
        cmd_go::run(o, v, fen.as_deref().map(|f| (f, allow_illegal)), limits)
    })
}

/// `kaboom match`: the settings as the report writes them.
fn play_match(o: &mut Output, command: Command) -> Result<ExitCode, Failure> {
    let Command::Match {
        variant,
        games,
        nodes,
        depth,
        movetime,
        threads,
        openings,
        seed,
        shard,
        max_plies,
        hash,
        opponent,
        games_out,
        format,
    } = command
    else {
        unreachable!("dispatched by its kind")
    };
    cmd_match::run(
        o,
        cmd_match::MatchArgs {
            variant: &variant,
            settings: crate::selfplay::Settings {
                games,
                // 1000 nodes per move when no limit is given, written in the report.
                nodes: nodes.or((depth.is_none() && movetime.is_none()).then_some(1000)),
                depth,
                movetime,
                openings,
                seed,
                max_plies,
                hash_mb: hash as usize,
                opponent: opponent.opponent(),
            },
            shard: shard.as_deref(),
            threads: threads as usize,
            games_out: games_out.as_deref(),
            format,
        },
    )
}

/// `kaboom tune`: the settings as the data writes them.
fn tune(o: &mut Output, command: Command) -> Result<ExitCode, Failure> {
    let Command::Tune {
        variant,
        games,
        nodes,
        depth,
        threads,
        openings,
        seed,
        shard,
        max_plies,
        hash,
        no_squares,
        square_prior,
        data,
        write,
        weights,
        label,
        label_nodes,
    } = command
    else {
        unreachable!("dispatched by its kind")
    };
    let label = label.label().map_err(Failure::io)?.unwrap_or_default();
    let label_nodes = match (label.needs_search(), label_nodes) {
        (true, n) => Some(n.unwrap_or(10_000)),
        (false, None) => None,
        (false, Some(_)) => return Err(Failure::io("--label-nodes needs --label search or mix")),
    };
    cmd_tune::run(
        o,
        cmd_tune::TuneArgs {
            variant: &variant,
            settings: crate::tune::Settings {
                games,
                // 1000 nodes per move when no limit is given, written in the data.
                nodes: nodes.or(depth.is_none().then_some(1000)),
                depth,
                openings,
                seed,
                max_plies,
                hash_mb: hash as usize,
                squares: !no_squares,
                label_nodes,
            },
            shard: shard.as_deref(),
            threads: threads as usize,
            data: data.as_deref(),
            write: write.as_deref(),
            options: square_prior.options(weights),
            label,
        },
    )
}

/// `kaboom show`.
fn show(o: &mut Output, command: Command) -> Result<ExitCode, Failure> {
    let Command::Show {
        variant,
        fen,
        allow_illegal,
        seed,
        svg,
    } = command
    else {
        unreachable!("dispatched by its kind")
    };
    load_variant_and_file(&variant, seed).and_then(|(mut v, file)| {
        fit_to_fen(&mut v, fen.as_deref());
        cmd_show::run(o, &v, &file, fen.as_deref().map(|f| (f, allow_illegal)), svg.as_deref())
    })
}

/// `kaboom explain`.
fn explain(o: &mut Output, command: Command) -> Result<ExitCode, Failure> {
    let Command::Explain {
        variant,
        fen,
        allow_illegal,
        seed,
        r#move,
        svg,
    } = command
    else {
        unreachable!("dispatched by its kind")
    };
    load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
        cmd_explain::run(
            o,
            &v,
            fen.as_deref().map(|f| (f, allow_illegal)),
            &r#move,
            svg.as_deref(),
        )
    })
}

/// Writes a picture to `path`; a path that cannot be written exits 2.
fn write_picture(path: &str, svg: &str) -> Result<(), Failure> {
    std::fs::write(path, svg).map_err(|e| Failure::io(format!("{path}: cannot write the picture: {e}")))
}

/// Loads a variant (with a random setup's seed), rendering its
/// diagnostics on failure.
/// A file that cannot be read exits 2 like a usage error, whichever
/// subcommand reads it; an invalid one exits 1. `--seed` on a variant with
/// a fixed start position is refused (exit 2): it would be ignored.
fn load_variant(name: &str, seed: Option<u64>) -> Result<Variant, Failure> {
    load_variant_and_file(name, seed).map(|(variant, _)| variant)
}

/// [`load_variant`], with the variant file as it was read (its parents
/// merged), for commands that show what the file says without reading it
/// again.
fn load_variant_and_file(name: &str, seed: Option<u64>) -> Result<(Variant, crate::spec::VariantFile), Failure> {
    let (variant, file) = Variant::load_with_file(name, seed).map_err(|e| {
        let message = render::load_error(&e);
        if file_kind(std::path::Path::new(name)) == FileKind::Scenario {
            Failure::input(format!(
                "{name} is a scenario, not a variant: run it with `kaboom test {name}`"
            ))
        } else if e.diagnostics.iter().any(|d| d.io) {
            Failure::io(message)
        } else {
            Failure::input(message)
        }
    })?;
    if let Some(seed) = seed
        && !variant.has_random_setup()
    {
        return Err(Failure::io(format!(
            "--seed {seed}: {} has a fixed start position; --seed picks a random setup's start position",
            variant.name()
        )));
    }
    Ok((variant, file))
}

/// A `--fen` position, and whether `--allow-illegal` accepts it even if
/// the variant's legality rules make it unreachable.
type FenArg<'a> = Option<(&'a str, bool)>;

/// Loads a variant for a `--fen` position: castling rules that find their
/// pieces find them in that FEN, so a FEN of any start position of a random
/// setup reads without `--seed`. A FEN that does not read is reported when
/// the position is loaded.
fn load_variant_for(name: &str, seed: Option<u64>, fen: Option<&str>) -> Result<Variant, Failure> {
    let mut variant = load_variant(name, seed)?;
    fit_to_fen(&mut variant, fen);
    Ok(variant)
}

/// Fits the castling rules that find their pieces to a `--fen` position.
fn fit_to_fen(variant: &mut Variant, fen: Option<&str>) {
    if let Some(text) = fen {
        let _ = crate::notation::fen::parse_fitting(variant, text);
    }
}

/// What a `.ron` file holds, judged by its top-level fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileKind {
    /// A scenario: it has a `variant` field.
    Scenario,
    /// A variant: a struct without a `variant` field.
    Variant,
    /// Unreadable, or not a RON struct at all.
    Unknown,
}

fn file_kind(path: &std::path::Path) -> FileKind {
    // Read as a variant file is: a regular file, size-limited.
    let Ok(text) = crate::base::files::read_text(path, crate::spec::MAX_FILE_BYTES, "a file") else {
        return FileKind::Unknown;
    };
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    match options.from_str::<ron::Value>(&text) {
        Ok(ron::Value::Map(map)) if map.iter().any(|(k, _)| *k == ron::Value::String("variant".into())) => {
            FileKind::Scenario
        }
        Ok(ron::Value::Map(_)) => FileKind::Variant,
        _ => FileKind::Unknown,
    }
}

/// The position given by `--fen`, or the variant's start position.
fn load_position(variant: &Variant, fen: FenArg<'_>) -> Result<Position, Failure> {
    match fen {
        None => Ok(variant.start_position()),
        Some((text, allow_illegal)) => {
            let failure = |e| Failure::input(render::fen_error(text, &e));
            let pos = crate::notation::fen::parse(variant, text).map_err(failure)?;
            if !allow_illegal {
                let trimmed = text.trim_start();
                let lead = text.len() - trimmed.len();
                let board = lead..lead + trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
                crate::notation::reachable::check_reachable_or_allow(variant, &pos, board).map_err(failure)?;
            }
            Ok(pos)
        }
    }
}
