//! The generic engine: positions, move generation, legality, game end and
//! perft. It reads only the compiled [`Variant`](crate::compile::Variant).

pub mod attack;
mod change;
mod check_squares;
mod clock;
mod compound;
pub mod count;
mod follow_up;
pub mod game;
pub mod interpret;
mod leaf_count;
pub mod legality;
pub mod marks;
mod move_filter;
pub mod movegen;
pub mod moves;
mod observed_after;
pub mod perft;
mod place;
mod place_attack;
pub mod position;
pub mod recent;
mod split_colours;
pub mod timed_shields;
pub mod trace;
