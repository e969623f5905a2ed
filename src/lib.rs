//! kaboom: a rules-as-data interpreter for chess variants.
//!
//! A variant is a RON file (see `docs/format.md`). It flows one way
//! through the crate:
//!
//! ```text
//! spec (serde types, spans) -> lang (Betza, FEN syntax) -> check (diagnostics)
//!   -> compile (tables) -> engine (positions, moves, perft) -> notation (FEN, UCI)
//! ```
//!
//! ```
//! let chess = kaboom::Variant::load("chess").unwrap();
//! let start = chess.start_position();
//! assert_eq!(chess.legal_moves(&start).len(), 20);
//! ```

pub mod base;
pub mod check;
pub mod compile;
pub mod engine;
pub mod interop;
pub mod lang;
pub mod load;
pub mod notation;
pub mod scenario;
pub mod spec;

pub use compile::Variant;
pub use engine::game::{Ending, Game, GameResult};
pub use engine::moves::{Move, MoveKind};
pub use engine::perft::Perft;
pub use engine::position::Position;
