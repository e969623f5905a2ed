//! Interoperability with other chess-variant software: Fairy-Stockfish's
//! `variants.ini` (import and export).

pub mod fsf_convert;
pub mod fsf_export;
pub mod fsf_import;
mod fsf_piece_promotion;
pub mod fsf_pieces;
mod fsf_royalty;
pub mod fsf_state;
pub mod ini;
