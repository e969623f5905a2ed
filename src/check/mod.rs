//! Validation: turns a loaded [`VariantFile`](crate::spec::VariantFile)
//! into a [`CheckedVariant`] whose names, squares and templates are
//! resolved, collecting every problem rather than stopping at the first.

mod castling;
mod random_setup;
mod sentences;
mod validate;

pub use crate::base::diagnostic::{Diagnostic, LoadError, Severity};
pub use castling::{CheckedCastling, ResolvedCastling, resolve_castling};
pub use random_setup::{CheckedSetup, mirror, next_permutation};
pub use sentences::{
    CheckedAction, CheckedSentences, CheckedShield, SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE,
};
pub use validate::{CheckedPiece, CheckedPromotion, CheckedVariant, check};
