//! The command line's arguments: the subcommands and their options, as
//! clap reads them (`kaboom --help`); `dispatch` in the parent runs them.

use super::{cmd_import, cmd_match, cmd_tune, cmd_validate};
use clap::{Parser, Subcommand};

/// kaboom: a rules-as-data interpreter for chess variants.
///
/// VARIANT is a bundled variant name (chess, capablanca, ...) or a path to
/// a .ron variant file. An argument is a path when it has a path separator
/// or a .ron suffix, or when no bundled variant has that name (write
/// ./atomic for a file or folder named like a bundled variant).
#[derive(Parser)]
#[command(name = "kaboom", version, about, long_about = None, after_help = "VARIANT is a path when it has a path separator or a .ron suffix, or when no bundled variant has that name; otherwise it is the bundled variant.", propagate_version = true)]
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

/// The subcommands, with their arguments.
#[derive(Subcommand)]
pub(super) enum Command {
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
        /// Also write every game as PGN to this file, in the order of the
        /// games' indices.
        #[arg(long, value_name = "FILE")]
        games_out: Option<String>,
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
        /// Fit no square tables: keep the variant's as they are.
        #[arg(long)]
        no_squares: bool,
        #[command(flatten)]
        square_prior: SquarePrior,
        /// Write the positions collected (JSON, which tune-merge reads) to this file.
        #[arg(long, value_name = "FILE")]
        data: Option<String>,
        /// Set the `evaluation` section of this variant file to the fit.
        #[arg(long, value_name = "FILE")]
        write: Option<String>,
        /// Which term weights the fit moves (the piece values always move).
        #[arg(long, value_enum, default_value_t = cmd_tune::WeightsArg::Fit)]
        weights: cmd_tune::WeightsArg,
        #[command(flatten)]
        label: LabelChoice,
        /// Nodes of the deeper search that scores each position, with --label search or mix (default 10000).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
        label_nodes: Option<u64>,
    },
    /// Fits the evaluation to the positions of a tuning run's shards together.
    TuneMerge {
        /// `kaboom tune --data` files of disjoint shards of one run.
        #[arg(required = true)]
        files: Vec<String>,
        #[command(flatten)]
        square_prior: SquarePrior,
        /// Set the `evaluation` section of this variant file to the fit.
        #[arg(long, value_name = "FILE")]
        write: Option<String>,
        /// Which term weights the fit moves (the piece values always move).
        #[arg(long, value_enum, default_value_t = cmd_tune::WeightsArg::Fit)]
        weights: cmd_tune::WeightsArg,
        #[command(flatten)]
        label: LabelChoice,
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
pub(super) enum EngineSide {
    /// The engine plays White.
    White,
    /// The engine plays Black.
    Black,
    /// The engine plays both sides.
    Both,
}

/// `--elo`: a whole number within the calibrated range.
fn elo_in_range(text: &str) -> Result<i32, String> {
    let (low, high) = crate::search::Skill::elo_range();
    match text.trim().parse::<i32>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(format!("the Elo is a whole number from {low} to {high}")),
    }
}

/// The square tables' prior, for `kaboom tune` and `tune-merge`
/// (docs/search.md, Tuning).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct SquarePrior {
    /// The prior's standard deviation around each square table entry as it was, in centipawns.
    #[arg(long, value_name = "CP", default_value_t = 10.0, value_parser = positive)]
    pub square_sd: f64,
    /// The smoothness prior between neighbouring squares' changes, in centipawns (0: none).
    #[arg(long, value_name = "CP", default_value_t = 5.0, value_parser = non_negative)]
    pub square_smooth: f64,
}

impl SquarePrior {
    /// The fit's options, the term weights moved as `weights` says.
    pub fn options(self, weights: cmd_tune::WeightsArg) -> crate::tune::FitOptions {
        crate::tune::FitOptions {
            square_sd: self.square_sd,
            square_smooth: (self.square_smooth > 0.0).then_some(self.square_smooth),
            weights: weights.policy(),
            label: None,
        }
    }
}

/// What the positions are fitted against, for `kaboom tune` and
/// `tune-merge` (docs/search.md, Tuning).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct LabelChoice {
    /// What each position is fitted against: its game's result, a deeper search's score, or a mix (`kaboom tune`: result; `tune-merge`: what the data say).
    #[arg(long, value_enum)]
    pub label: Option<cmd_tune::LabelArg>,
    /// With --label mix: the search's weight in the label, from 0 to 1 (default 0.5).
    #[arg(long, value_name = "W", value_parser = unit_interval)]
    pub label_mix: Option<f64>,
}

impl LabelChoice {
    /// The label asked for (`None`: none named), or why the options do not agree.
    pub fn label(self) -> Result<Option<crate::tune::Label>, String> {
        use crate::tune::Label;
        match (self.label, self.label_mix) {
            (Some(cmd_tune::LabelArg::Mix), w) => Ok(Some(Label::Mix(w.unwrap_or(0.5)))),
            (_, Some(_)) => Err("--label-mix needs --label mix".to_string()),
            (Some(cmd_tune::LabelArg::Result), None) => Ok(Some(Label::Result)),
            (Some(cmd_tune::LabelArg::Search), None) => Ok(Some(Label::Search)),
            (None, None) => Ok(None),
        }
    }
}

fn unit_interval(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("`{text}` is not a number from 0 to 1")),
    }
}

fn non_negative(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=10_000.0).contains(&v) => Ok(v),
        _ => Err(format!("`{text}` is not a number from 0 to 10000")),
    }
}

fn positive(text: &str) -> Result<f64, String> {
    match non_negative(text) {
        Ok(v) if v > 0.0 => Ok(v),
        _ => Err(format!("`{text}` is not a number above 0, at most 10000")),
    }
}
