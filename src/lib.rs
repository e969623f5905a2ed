//! kaboom: a rules-as-data interpreter for chess variants.
//!
//! A variant is a RON file (see `docs/format.md`). The crate is built in
//! layers, each importing only from those below it (see `docs/design.md`):
//!
//! ```text
//! base (squares, geometry, kinds, spans, diagnostics, limits)
//!   <- spec (serde types, loading) <- lang (Betza, sentences, FEN syntax)
//!   <- check (diagnostics) <- compile (tables, effect programs)
//!   <- engine (positions, moves, perft) <- notation (FEN, UCI, SAN)
//!   <- load (the pipeline: spec -> check -> compile -> start position)
//!   <- scenario
//! ```
//!
//! ```
//! let chess = kaboom::Variant::load("chess").unwrap();
//! let start = chess.start_position();
//! assert_eq!(chess.legal_moves(&start).len(), 20);
//! ```

#![warn(missing_docs)]

pub mod base;
pub mod check;
pub mod compile;
pub mod engine;
pub mod interop;
pub mod lang;
pub mod load;
pub mod notation;
pub mod picture;
pub mod scenario;
pub mod search;
pub mod selfplay;
pub mod spec;

pub use base::action::ActionId;
pub use base::piece::Kind;
pub use base::square::{Color, Square};
pub use compile::Variant;
pub use engine::game::{Ending, Game, GameResult};
pub use engine::moves::{Move, MoveKind};
pub use engine::perft::Perft;
pub use engine::position::Position;
