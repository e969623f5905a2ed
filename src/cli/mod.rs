//! The command-line interface: argument parsing, one module per subcommand,
//! and rendering of errors. Library errors arrive typed; this module turns
//! them into messages with file, line and column.

mod moves;
mod perft;
mod play;
mod render;
mod show;
mod validate;

use clap::{Parser, Subcommand};
use kaboom::{Position, Variant};
use std::process::ExitCode;

/// kaboom: a rules-as-data interpreter for chess variants.
///
/// VARIANT is a bundled variant name (chess, capablanca, ...) or a path to
/// a .ron variant file.
#[derive(Parser)]
#[command(name = "kaboom", version, about, long_about = None, propagate_version = true)]
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
    },
    /// Counts leaf nodes of the legal move tree (Stockfish's `go perft` output).
    Perft {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Depth in plies.
        depth: u32,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
    },
    /// Plays moves, prints the board, the FEN and the result once the game ends.
    Play {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves in UCI coordinates (e2e4, e7e8q, e1g1).
        moves: Vec<String>,
    },
    /// Shows the board and a summary of the variant's pieces.
    Show {
        /// Bundled variant name or path to a .ron file.
        variant: String,
        /// Position in FEN (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Loads and checks variant files, reporting every problem found.
    Validate {
        /// Variant files (or bundled names).
        #[arg(required = true)]
        files: Vec<String>,
    },
}

/// A failure already rendered for the user, with its exit code.
pub struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// Bad input (variant file, FEN, move): exit code 1.
    fn input(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 1,
        }
    }
}

/// Parses the arguments, runs the subcommand and returns the exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Moves { variant, fen } => moves::run(&variant, fen.as_deref()),
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
        } => perft::run(&variant, depth, fen.as_deref(), divide),
        Command::Play { variant, fen, moves } => play::run(&variant, fen.as_deref(), &moves),
        Command::Show { variant, fen } => show::run(&variant, fen.as_deref()),
        Command::Validate { files } => validate::run(&files),
    };
    match result {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("{}", failure.message.trim_end());
            ExitCode::from(failure.code)
        }
    }
}

/// Loads a variant, rendering its diagnostics on failure.
fn load_variant(name: &str) -> Result<Variant, Failure> {
    Variant::load(name).map_err(|e| Failure::input(render::load_error(&e)))
}

/// The position given by `--fen`, or the variant's start position.
fn load_position(variant: &Variant, fen: Option<&str>) -> Result<Position, Failure> {
    match fen {
        None => Ok(variant.start_position()),
        Some(text) => {
            kaboom::notation::fen::parse(variant, text).map_err(|e| Failure::input(render::fen_error(text, &e)))
        }
    }
}
