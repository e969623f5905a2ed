//! Reading and writing positions and moves: FEN, UCI-style move
//! coordinates, and a text diagram of the board.

pub mod board;
pub mod explain;
pub mod fen;
mod fen_extensions;
mod fen_gates;
mod fen_marks;
pub mod pgn;
pub mod pgn_game;
pub mod reachable;
pub mod san;
pub mod san_match;
pub mod sfen;
pub mod trace_text;
pub mod uci;
pub mod usi;
