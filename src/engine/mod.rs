//! The generic engine: positions, move generation, legality, game end and
//! perft. It reads only the compiled [`Variant`](crate::compile::Variant).

pub mod attack;
mod change;
mod check_squares;
mod clock;
mod compound;
mod context;
pub mod count;
mod detour;
mod evaluate;
pub mod event_parts;
mod follow_up;
pub mod game;
mod gating;
pub mod interpret;
mod keep_count;
mod leaf_count;
pub mod legality;
mod make;
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
mod right_moves;
mod set_ops;
pub(crate) mod shuttles;
mod since;
mod split_colours;
pub mod timed_shields;
pub mod trace;
mod why_illegal;
