//! The base layer: the vocabulary every other layer shares. Squares,
//! sides and square sets, board geometry, piece kinds and board cells,
//! source locations and diagnostics, and the one reader of named files. It
//! imports nothing else of the crate.

pub mod action;
pub mod castling_id;
pub mod diagnostic;
pub mod files;
pub mod geometry;
pub mod glyph;
pub mod kind_set;
pub mod limits;
pub mod piece;
pub mod sequence;
pub mod set_words;
pub mod span;
pub mod square;
pub mod vocabulary;
pub mod wall_clock;
pub mod weights;
