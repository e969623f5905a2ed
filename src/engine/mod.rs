//! The generic engine: positions, move generation, legality, game end and
//! perft. It reads only the compiled [`Variant`](crate::compile::Variant).

pub mod attack;
pub mod effects;
pub mod game;
pub mod geometry;
pub mod legality;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod position;
pub mod square;
pub mod trace;
