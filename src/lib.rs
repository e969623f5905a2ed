//! kaboom: a rules-as-data interpreter for chess variants.
//!
//! A variant is a RON file (see `docs/format.md`). This crate root is the
//! library's public API, what a tool author needs: load a variant
//! ([`Variant::load`], [`Variant::from_text`], [`Variant::load_seeded`]),
//! read and write positions ([`fen`]) and moves ([`uci`], [`san`]), list
//! the legal moves ([`Variant::legal_moves`]), make a move checked
//! ([`Position::try_make`], [`Game::try_play`]) or unchecked
//! ([`Position::make`], [`Game::play`]), play a [`Game`] to its
//! [`GameResult`], count the move tree ([`Perft`]), report a bad file's
//! diagnostics ([`LoadError`]), follow what a move did ([`Event`]), run
//! [`scenario`] files and convert Fairy-Stockfish variants ([`interop`]),
//! search a position for its best move ([`Engine`] within [`Limits`]),
//! record and replay games as PGN ([`pgn`]), draw boards and moves as SVG
//! ([`view`]) and play matches between engines ([`self_play`]): what the
//! `kaboom` command does, each with a runnable example.
//! Squares, piece kinds and actions are distinct types ([`Square`],
//! [`Kind`], [`ActionId`], [`CastlingId`]).
//!
//! ```
//! use kaboom::{Perft, Variant, fen, uci};
//! let chess = Variant::load("chess").unwrap();
//! let mut pos = chess.start_position();
//! assert_eq!(chess.legal_moves(&pos).len(), 20);
//! // A move read from UCI text is legal: make it unchecked.
//! pos.make(&chess, uci::parse(&chess, &pos, "e2e4").unwrap());
//! // FEN round trip.
//! let text = fen::write(&chess, &pos);
//! assert_eq!(text, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert_eq!(fen::write(&chess, &fen::parse(&chess, &text).unwrap()), text);
//! // A move from elsewhere: make it checked.
//! let again = uci::parse(&chess, &chess.start_position(), "d2d4").unwrap();
//! assert!(pos.try_make(&chess, again).is_err(), "Black is to move");
//! // Perft.
//! assert_eq!(Perft::new().count(&chess, &chess.start_position(), 3), 8902);
//! ```
//!
//! A file with mistakes gives every diagnostic found, with its location:
//!
//! ```
//! let text = r#"(extends: "chess", name: "Bad", pieces: [(letter: 'Z', name: "zebra", moves: "mQ!")])"#;
//! let err = kaboom::Variant::from_text("bad.ron", text).unwrap_err();
//! assert_eq!(err.diagnostics.len(), 1);
//! assert!(err.diagnostics[0].is_error());
//! assert!(err.to_string().contains("unexpected `!` in a movement template"));
//! ```
//!
//! A scenario file plays moves from a position and checks what happens:
//!
//! ```
//! let outcome = kaboom::scenario::run_file(std::path::Path::new("tests/scenarios/atomic-blast.ron")).unwrap();
//! assert!(outcome.failures.is_empty(), "{:?}", outcome.failures);
//! ```
//!
//! Everything else is private to the crate, which is built in layers, each
//! importing only from those below it (see `docs/design.md`):
//!
//! ```text
//! base (squares, geometry, kinds, spans, diagnostics, limits)
//!   <- spec (serde types, loading) <- lang (Betza, sentences, FEN syntax)
//!   <- check (diagnostics) <- compile (tables, effect programs)
//!   <- engine (positions, moves, perft) <- notation (FEN, UCI, SAN)
//!   <- load (the pipeline: spec -> check -> compile -> start position)
//!   <- scenario <- interop <- search <- selfplay <- tune <- picture
//!   <- cli (the `kaboom` command, behind the `cli` feature)
//! ```

#![warn(missing_docs)]
// Every type the public API exposes is nameable by a user
// (tests/public_api.rs names each).
#![deny(unnameable_types)]
// Without the `cli` feature the parts only the command uses are unused.
#![cfg_attr(not(feature = "cli"), allow(dead_code, unused_imports))]

pub(crate) mod base;
pub(crate) mod check;
pub(crate) mod compile;
pub(crate) mod engine;
pub mod interop;
pub(crate) mod lang;
pub(crate) mod load;
pub(crate) mod notation;
pub(crate) mod picture;
pub mod scenario;
pub(crate) mod search;
pub(crate) mod selfplay;
pub(crate) mod spec;
pub(crate) mod tune;

/// Variant files as values both ways: the canonical text `kaboom fmt`
/// writes (fields in one order, defaults left out, comments kept).
pub mod format {
    pub use crate::spec::{Comments, FieldComments, Placed, canonical, comments_of};
}

/// The `kaboom` command line (`src/main.rs` calls [`cli::run`]); not part
/// of the library's API.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;

pub use base::action::ActionId;
pub use base::castling_id::CastlingId;
pub use base::diagnostic::{Diagnostic, LoadError, Severity};
pub use base::geometry::{Geometry, Wrap};
pub use base::glyph::{Figure, Glyph, GlyphError};
pub use base::kind_set::{KindSet, KindSetIter};
pub use base::piece::{Cell, Kind, MAX_KINDS};
pub use base::sequence::KindSequence;
pub use base::span::{Location, SourceFile, Sources, StringWalk};
pub use base::square::{Color, MAX_SQUARES, Square, SquareIter, SquareSet};
pub use check::cost::{MAX_POSITION_COST, MAX_REPLAY_COST};
pub use compile::{CastlingRule, PieceInfo, Variant};
pub use engine::event_parts::{EventParts, EventPlace};
pub use engine::game::{Ending, Game, GameResult};
pub use engine::movegen::legal_generations;
pub use engine::moves::{Choice, ChoiceKind, Choices, Gate, IllegalMove, MAX_CHOICES, Move, MoveKind};
pub use engine::perft::Perft;
pub use engine::position::Position;
pub use engine::trace::{Asked, Event, LastChoice, Trace};
pub use load::arrangements::TooExpensive;
pub use search::{Control, Engine, Info, Limits, Score, SearchResult, Skill};
pub use spec::{CastlingSide, bundled_names, bundled_source};

/// On `wasm32-unknown-unknown`, where std has no clock, the host's clock
/// for searches with a time limit (see `wasm/`).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use base::wall_clock::set_clock;

/// Pictures and what a playground shows: a board as SVG
/// ([`board_svg`](view::board_svg), `kaboom show --svg`), a move drawn on
/// the board before it ([`explain_svg`](view::explain_svg),
/// `kaboom explain --svg`), and a move just made with its trace, its
/// sentences and the board after it ([`report`](view::report)).
///
/// ```
/// use kaboom::{Variant, uci, view};
/// let chess = Variant::load("chess").unwrap();
/// let pos = chess.start_position();
/// assert!(view::board_svg(&chess, &pos).starts_with("<svg"));
/// let mv = uci::parse(&chess, &pos, "g1f3").unwrap();
/// assert!(view::explain_svg(&chess, &pos, &mv).contains("</svg>"));
/// ```
pub mod view {
    pub use crate::picture::board as board_svg;
    pub use crate::picture::explain as explain_svg;
    pub use crate::picture::view::{MoveReport, report};
}

/// PGN, as `kaboom play --pgn` writes it and `kaboom replay` reads it:
/// parsing a file's games, writing one, and replaying a game's moves.
///
/// ```
/// let text = "[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 *\n";
/// let games = kaboom::pgn::parse(text).unwrap();
/// assert_eq!(games[0].tag("Variant"), Some("chess"));
/// assert_eq!(games[0].moves.len(), 3);
/// ```
pub mod pgn {
    pub use crate::notation::pgn::{MAX_GAMES, MAX_MOVES, MAX_PGN_BYTES, MoveText, PgnError, PgnGame, parse, write};
    pub use crate::notation::pgn_game::{ReplayStop, record, replay};
}

/// Matches between engines, as `kaboom match` plays them: games of a
/// variant from seeded openings, against itself or a weaker opponent,
/// summed up in a [`Report`](self_play::Report) (shards merge).
///
/// ```
/// use kaboom::self_play::{self, Settings, Shard};
/// let settings = Settings { games: 2, nodes: Some(50), max_plies: 40, ..Settings::default() };
/// let report = self_play::run("chess", &settings, Shard::WHOLE, 1, &|_| {}).unwrap();
/// assert_eq!(report.played, 2);
/// ```
pub mod self_play {
    pub use crate::selfplay::{
        EngineResults, GameRecord, MatchError, MergeError, Opponent, Report, Results, Settings, Shard, Summary,
        game_seed, merge, run,
    };
}

/// FEN: reading a position of a variant and writing one.
pub mod fen {
    pub use crate::lang::fen_syntax::FenError;
    pub use crate::notation::fen::{parse, parse_fitting, write};
    pub use crate::notation::reachable::check_reachable;
}

/// The parsers of the languages inside a variant file (Betza templates,
/// effect sentences), for the fuzz targets; not part of the library's API.
#[doc(hidden)]
pub mod syntax {
    pub use crate::lang::betza;
    pub use crate::lang::effect_syntax as effects;
    pub use crate::notation::pgn;
}

/// UCI move text: `e2e4`, `e7e8q`, drops, actions and follow-up choices.
pub mod uci {
    pub use crate::notation::uci::{MoveError, parse, parse_among, write};
}

/// SFEN, the position format of the USI protocol: reading and writing.
pub mod sfen {
    pub use crate::notation::sfen::{parse, write};
}

/// USI move text (`7g7f`, `P*5e`, `8h2b+`): writing a move, reading one,
/// and the translation to and from kaboom's coordinates.
pub mod usi {
    pub use crate::notation::usi::{from_coordinates, parse, to_coordinates, write};
}

/// Standard algebraic notation: writing a move, reading one.
///
/// ```
/// use kaboom::{Variant, san};
/// let chess = Variant::load("chess").unwrap();
/// let pos = chess.start_position();
/// let mv = san::parse(&chess, &pos, "Nf3").unwrap();
/// assert_eq!(san::write_move(&chess, &pos, &mv), "Nf3");
/// ```
pub mod san {
    pub use crate::notation::san::{legal_moves, normalize, parse, write, write_among, write_move, write_move_among};
    pub use crate::notation::san_match::{MatchError, find, find_among, strip};
}
