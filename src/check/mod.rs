//! Validation: turns a loaded [`VariantFile`](crate::spec::VariantFile)
//! into a [`CheckedVariant`] whose names, squares and templates are
//! resolved, collecting every problem rather than stopping at the first.

mod castling;
mod diagnostic;
mod sentences;
mod setup;
mod validate;

pub use castling::{CheckedCastling, ResolvedCastling, resolve_castling};
pub use diagnostic::{Diagnostic, LoadError, Severity};
pub use sentences::{
    CheckedAction, CheckedSentences, CheckedShield, DEFAULT_END, DEFAULT_LEGAL, SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE,
};
pub use setup::{CheckedSetup, mirror, next_permutation};
pub use validate::{CheckedPiece, CheckedPromotion, CheckedVariant, check};
