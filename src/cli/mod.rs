//! The command-line interface: argument parsing, one module per subcommand,
//! and rendering of errors. Library errors arrive typed; this module turns
//! them into messages with file, line and column.

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
use clap::{Parser, Subcommand};
use output::Output;
use std::io::Write;
use std::process::ExitCode;

/// kaboom: a rules-as-data interpreter for chess variants.
///
/// VARIANT is a bundled variant name (chess, capablanca, ...) or a path to
/// a .ron variant file. An argument is a path when it has a path separator
/// or a .ron suffix, or when no bundled variant has that name (write
/// ./atomic for a file or folder named like a bundled variant).
#[derive(Parser)]
#[command(name = "kaboom", version, about, long_about = None, after_help = "VARIANT is a path when it has a path separator or a .ron suffix, or when no bundled variant has that name; otherwise it is the bundled variant.", propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lists every legal move, one per line, in UCI coordinates.
    Moves {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Accept a FEN the variant's legality rules make unreachable (a study position).
        #[arg(long)]
        allow_illegal: bool,
        /// Seed of a random setup's start position (default 0).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Counts leaf nodes of the legal move tree (Stockfish's `go perft` output).
    Perft {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Accept a FEN the variant's legality rules make unreachable (a study position).
        #[arg(long)]
        allow_illegal: bool,
        /// Seed of a random setup's start position (default 0).
        #[arg(long)]
        seed: Option<u64>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Count the root moves' subtrees on this many threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// Plays moves, prints the board, the FEN and the result once the game ends.
    Play {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Accept a FEN the variant's legality rules make unreachable (a study position).
        #[arg(long)]
        allow_illegal: bool,
        /// Seed of a random setup's start position (default 0).
        #[arg(long)]
        seed: Option<u64>,
        /// Moves in coordinates (e2e4, e7e8q, e1g1) or algebraic notation (e4, Nf3, O-O, e8=Q).
        moves: Vec<String>,
        /// Also write the game as PGN to this file.
        #[arg(long)]
        pgn: Option<String>,
        /// The engine plays this side (or both); the other side's moves are read from standard input.
        #[arg(long, value_enum)]
        engine: Option<EngineSide>,
        /// The engine's time per move in milliseconds.
        #[arg(long, default_value_t = 500, requires = "engine", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        movetime: u64,
        /// The engine's search threads.
        #[arg(long, default_value_t = 1, requires = "engine", value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// The engine's strength level, 0 (weakest) to 20 (full strength), as UCI's `Skill Level`.
        #[arg(long, requires = "engine", conflicts_with = "elo", value_parser = clap::value_parser!(u8).range(0..=20))]
        skill: Option<u8>,
        /// The engine plays at about this Elo (UCI's `UCI_Elo`, calibrated against Fairy-Stockfish in chess).
        #[arg(long, requires = "engine", value_parser = elo_in_range)]
        elo: Option<i32>,
    },
    /// Searches a position and prints UCI-style `info` lines and `bestmove`.
    #[command(group(clap::ArgGroup::new("limit").args(["depth", "movetime", "nodes"])))]
    Go {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Accept a FEN the variant's legality rules make unreachable (a study position).
        #[arg(long)]
        allow_illegal: bool,
        /// Seed of a random setup's start position (default 0).
        #[arg(long)]
        seed: Option<u64>,
        /// Search to this depth in plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
        depth: Option<u32>,
        /// Search for this many milliseconds (the default: 1000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        movetime: Option<u64>,
        /// Search about this many nodes.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Search threads sharing one hash table.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Hash table size in MB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=4096))]
        hash: u32,
    },
    /// Self-play statistics for balancing a variant: results per side, lengths, endings, mechanics.
    #[command(group(clap::ArgGroup::new("limit").args(["depth", "movetime", "nodes"])))]
    Match {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Games in the whole match (all shards together).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        games: u64,
        /// Nodes per move (the default: 1000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Depth per move, in plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
        depth: Option<u32>,
        /// Milliseconds per move (games then depend on the machine's speed).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        movetime: Option<u64>,
        /// Games played at once, one search thread each.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Random legal plies that open each game (before the engine plays).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=1000))]
        openings: u32,
        /// Master seed: each game's seed comes from it and the game's index.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Play only shard K of N: the games whose index is K-1 modulo N.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Plies after which a game still going is adjudicated a draw.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_plies: u32,
        /// Hash table per game, in MB.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1024))]
        hash: u32,
        /// Who the engine plays: itself, or a random mover.
        #[arg(long, value_enum, default_value_t = cmd_match::OpponentArg::SelfPlay)]
        opponent: cmd_match::OpponentArg,
        /// Output: a summary, or JSON (which match-merge reads).
        #[arg(long, value_enum, default_value_t = cmd_match::Format::Text)]
        format: cmd_match::Format,
    },
    /// Adds up the JSON reports of a match's shards into the report of the whole.
    MatchMerge {
        /// `kaboom match --format json` reports of disjoint shards of one match.
        #[arg(required = true)]
        files: Vec<String>,
        /// Output: a summary, or JSON.
        #[arg(long, value_enum, default_value_t = cmd_match::Format::Text)]
        format: cmd_match::Format,
    },
    /// Fits the evaluation to a variant from self-play (Texel's method): piece values with intervals.
    #[command(group(clap::ArgGroup::new("limit").args(["depth", "nodes"])))]
    Tune {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Games in the whole run (all shards together).
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        games: u64,
        /// Nodes per move (the default: 1000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Depth per move, in plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
        depth: Option<u32>,
        /// Games played at once, one search thread each.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Random legal plies that open each game (before the engine plays).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=1000))]
        openings: u32,
        /// Master seed: each game's seed comes from it and the game's index.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Play only shard K of N: the games whose index is K-1 modulo N.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Plies after which a game still going is adjudicated a draw.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_plies: u32,
        /// Hash table per game, in MB.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1024))]
        hash: u32,
        /// Write the positions collected (JSON, which tune-merge reads) to this file.
        #[arg(long, value_name = "FILE")]
        data: Option<String>,
        /// Set the `evaluation` section of this variant file to the fit.
        #[arg(long, value_name = "FILE")]
        write: Option<String>,
    },
    /// Fits the evaluation to the positions of a tuning run's shards together.
    TuneMerge {
        /// `kaboom tune --data` files of disjoint shards of one run.
        #[arg(required = true)]
        files: Vec<String>,
        /// Set the `evaluation` section of this variant file to the fit.
        #[arg(long, value_name = "FILE")]
        write: Option<String>,
    },
    /// Replays the games of a PGN file, reporting the first illegal move of each.
    Replay {
        /// A PGN file (several games allowed).
        file: String,
        /// Variant for every game (default: each game's `Variant` tag, else chess).
        #[arg(long)]
        variant: Option<String>,
    },
    /// Writes a variant as a Fairy-Stockfish variants.ini section, if it can be.
    ExportFsf {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// The section's name (default: the variant's file stem).
        #[arg(long)]
        name: Option<String>,
    },
    /// Converts Fairy-Stockfish variants.ini sections into kaboom variant files.
    Import {
        /// A Fairy-Stockfish variants.ini file.
        file: String,
        /// Convert only this section.
        #[arg(long)]
        variant: Option<String>,
        /// Folder for the NAME.ron files (default: the current folder).
        #[arg(long)]
        out: Option<String>,
        /// Output: one line per section, or JSON.
        #[arg(long, value_enum, default_value_t = cmd_import::Format::Text)]
        format: cmd_import::Format,
    },
    /// Shows the board and a summary of the variant's pieces.
    Show {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Accept a FEN the variant's legality rules make unreachable (a study position).
        #[arg(long)]
        allow_illegal: bool,
        /// Seed of a random setup's start position (default 0).
        #[arg(long)]
        seed: Option<u64>,
        /// Also draw the board as an SVG picture in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// Prints a random setup's start position for a seed, or how many there are.
    Setup {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// The seed (default 0); the same seed gives the same position everywhere.
        #[arg(long)]
        seed: Option<u64>,
        /// Print the number of distinct start positions instead.
        #[arg(long, conflicts_with = "seed")]
        count: bool,
    },
    /// Explains one move: the boards before and after, what happened in words.
    Explain {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Accept a FEN the variant's legality rules make unreachable (a study position).
        #[arg(long)]
        allow_illegal: bool,
        /// Seed of a random setup's start position (default 0).
        #[arg(long)]
        seed: Option<u64>,
        /// The move, in kaboom's notation (e2e4, a1a5@shove, e1e8,f8g8).
        r#move: String,
        /// Also draw the move as an SVG picture (before and after) in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// Runs scenario files (or every .ron file in folders) and reports passes and failures.
    Test {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<String>,
        /// Store each scenario's report as <name>.snap beside it, and compare later runs with it.
        #[arg(long)]
        snapshot: bool,
    },
    /// Speaks the UCI protocol on stdin and stdout (UCI_Variant, VariantPath, Threads, Hash).
    Uci,
    /// Speaks the XBoard (CECP version 2) protocol on stdin and stdout.
    Xboard {
        /// The variant played until XBoard names another, and after `new`
        /// (default chess): for a second engine XBoard gives only a FEN.
        variant: Option<String>,
    },
    /// Serves a local web playground: edit a variant with live diagnostics, play it, see each move's trace.
    Serve {
        /// Variant files or folders of them to offer beside the bundled variants.
        paths: Vec<String>,
        /// Port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on; only this machine can reach the default.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Prints a variant file in its canonical form (fields in one order, defaults left out, comments kept).
    Fmt {
        /// The variant file.
        file: String,
        /// Write nothing; exit 1, showing the lines that differ, when the file is not canonical.
        #[arg(long, conflicts_with = "write")]
        check: bool,
        /// Rewrite the file in place (atomically) instead of printing it.
        #[arg(long)]
        write: bool,
    },
    /// Loads and checks variant files, reporting every problem found.
    Validate {
        /// Variant files, folders of them, or bundled names.
        #[arg(required = true)]
        files: Vec<String>,
        /// Output: human-readable text, or JSON for editors and CI.
        #[arg(long, value_enum, default_value_t = cmd_validate::Format::Text)]
        format: cmd_validate::Format,
    },
}

/// Which side `kaboom play --engine` plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum EngineSide {
    /// The engine plays White.
    White,
    /// The engine plays Black.
    Black,
    /// The engine plays both sides.
    Both,
}

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

/// Runs one subcommand, writing through `o`.
fn dispatch(command: Command, o: &mut Output) -> Result<ExitCode, Failure> {
    match command {
        Command::Moves {
            variant,
            fen,
            allow_illegal,
            seed,
        } => load_variant_for(&variant, seed, fen.as_deref())
            .and_then(|v| cmd_moves::run(o, &v, fen.as_deref().map(|f| (f, allow_illegal)))),
        Command::Perft {
            variant,
            depth,
            fen,
            allow_illegal,
            seed,
            divide,
            threads,
        } => load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
            cmd_perft::run(
                o,
                &v,
                depth,
                fen.as_deref().map(|f| (f, allow_illegal)),
                divide,
                threads as usize,
            )
        }),
        Command::Play {
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
        } => load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
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
        }),
        Command::Go {
            variant,
            fen,
            allow_illegal,
            seed,
            depth,
            movetime,
            nodes,
            threads,
            hash,
        } => load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
            let limits = cmd_go::GoLimits {
                depth,
                movetime,
                nodes,
                threads: threads as usize,
                hash: hash as usize,
            };
            cmd_go::run(o, v, fen.as_deref().map(|f| (f, allow_illegal)), limits)
        }),
        Command::Match {
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
            format,
        } => cmd_match::run(
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
                    opponent: opponent.into(),
                },
                shard: shard.as_deref(),
                threads: threads as usize,
                format,
            },
        ),
        Command::MatchMerge { files, format } => cmd_match::merge(o, &files, format),
        Command::Tune {
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
            data,
            write,
        } => cmd_tune::run(
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
                },
                shard: shard.as_deref(),
                threads: threads as usize,
                data: data.as_deref(),
                write: write.as_deref(),
            },
        ),
        Command::TuneMerge { files, write } => cmd_tune::merge(o, &files, write.as_deref()),
        Command::Replay { file, variant } => cmd_replay::run(o, &file, variant.as_deref()),
        Command::ExportFsf { variant, name } => cmd_export_fsf::run(o, &variant, name.as_deref()),
        Command::Import {
            file,
            variant,
            out,
            format,
        } => cmd_import::run(o, &file, variant.as_deref(), out.as_deref(), format),
        Command::Show {
            variant,
            fen,
            allow_illegal,
            seed,
            svg,
        } => load_variant_and_file(&variant, seed).and_then(|(mut v, file)| {
            fit_to_fen(&mut v, fen.as_deref());
            cmd_show::run(o, &v, &file, fen.as_deref().map(|f| (f, allow_illegal)), svg.as_deref())
        }),
        Command::Setup { variant, seed, count } => {
            load_variant(&variant, seed).and_then(|v| cmd_setup::run(o, &v, count))
        }
        Command::Explain {
            variant,
            fen,
            allow_illegal,
            seed,
            r#move,
            svg,
        } => load_variant_for(&variant, seed, fen.as_deref()).and_then(|v| {
            cmd_explain::run(
                o,
                &v,
                fen.as_deref().map(|f| (f, allow_illegal)),
                &r#move,
                svg.as_deref(),
            )
        }),
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

/// `--elo`: a whole number within the calibrated range.
fn elo_in_range(text: &str) -> Result<i32, String> {
    let (low, high) = crate::search::Skill::elo_range();
    match text.trim().parse::<i32>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(format!("the Elo is a whole number from {low} to {high}")),
    }
}
