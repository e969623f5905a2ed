//! Interoperability with other chess-variant software: Fairy-Stockfish's
//! `variants.ini` (import and export).

pub(crate) mod fsf_convert;
mod fsf_counting;
pub(crate) mod fsf_export;
pub(crate) mod fsf_import;
mod fsf_petrify;
mod fsf_piece_promotion;
pub(crate) mod fsf_pieces;
mod fsf_royalty;
pub(crate) mod fsf_state;
mod fsf_walling;
pub(crate) mod ini;
#[cfg(test)]
mod test_support;

pub use fsf_export::export;
pub use fsf_import::{Imported, import};
pub use ini::IniError;
