//! Interoperability with other chess-variant software: Fairy-Stockfish's
//! `variants.ini` (import and export).

pub(crate) mod fsf_export;
pub(crate) mod fsf_import;
pub(crate) mod ini;

pub use fsf_export::export;
pub use fsf_import::state::Origin;
pub use fsf_import::{Imported, Refusal, import};
pub use ini::IniError;
