//! Validation: turns a loaded [`VariantFile`](crate::spec::VariantFile)
//! into a [`CheckedVariant`] whose names, squares and templates are
//! resolved, collecting every problem rather than stopping at the first.

pub mod analysis;
mod castling;
mod changes;
mod checked_piece;
mod checker;
mod compound_effects;
pub mod cost;
pub mod counting;
pub mod drops;
mod end_words;
mod endings;
mod evaluation;
mod inherited;
pub mod piece_limits;
pub mod piece_rights;
mod placement;
mod position_cost;
mod promotion;
mod random_setup;
pub mod regions;
mod resolve;
mod sentence_parse;
mod sentences;
mod validate;
pub mod words;

pub use crate::base::diagnostic::{Diagnostic, LoadError, Severity};
pub use castling::{CheckedCastling, ResolvedCastling, resolve_castling, resolve_in_position};
pub use checked_piece::CheckedPiece;
pub use drops::CheckedDrops;
pub use evaluation::MAX_SQUARE_VALUE;
pub use promotion::CheckedPromotion;
pub use random_setup::CheckedSetup;
pub use resolve::Resolved;
pub use sentences::{ActionTargets, CheckedAction, CheckedSentences, DEFAULT_END, DEFAULT_LEGAL};
pub use validate::{CheckedVariant, check};
