//! Validation: turns a loaded [`VariantFile`](crate::spec::VariantFile)
//! into a [`CheckedVariant`] whose names, squares and templates are
//! resolved, collecting every problem rather than stopping at the first.

mod diagnostic;
mod sentences;
mod validate;

pub use diagnostic::{Diagnostic, LoadError, Severity};
pub use sentences::{
    CheckedAction, CheckedSentences, CheckedShield, SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE,
};
pub use validate::{CheckedCastling, CheckedPiece, CheckedPromotion, CheckedVariant, check};
