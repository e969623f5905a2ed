//! Pictures: SVG diagrams of a board and of what a move did.
//!
//! [`board`] draws one position; [`explain`] draws a move as two boards,
//! before and after, with the move as an arrow, pushes and bounces as
//! arrows along their path, removed pieces crossed out, the squares the
//! effects acted on shaded and shields ringed. Everything a picture shows
//! of a move comes from the engine's trace ([`Event`]); nothing here knows
//! a rule. The output is deterministic: the same input gives the same
//! bytes.

mod draw;
mod figures;
mod scene;
pub mod view;

use crate::compile::Variant;
use crate::engine::moves::Move;
use crate::engine::position::Position;
use crate::engine::trace::Recorder;
pub use scene::{Marks, marks};

/// Side of one square, in SVG user units.
pub const SQUARE: i32 = 40;

/// One board, with nothing marked.
pub fn board(variant: &Variant, pos: &Position) -> String {
    let caption = caption(variant, pos);
    let mut svg = draw::Canvas::new(draw::board_width(pos, &caption), draw::board_height(pos) + draw::TITLE);
    svg.board(variant, pos, &Marks::default(), 0, draw::TITLE, &caption);
    svg.finish()
}

/// One board with `marks` over it and `caption` above it.
pub fn board_marked(variant: &Variant, pos: &Position, marks: &Marks, caption: &str) -> String {
    let mut svg = draw::Canvas::new(draw::board_width(pos, caption), draw::board_height(pos) + draw::TITLE);
    svg.board(variant, pos, marks, 0, draw::TITLE, caption);
    svg.finish()
}

/// A move: the board before (with the move's arrows and the pieces it
/// removes crossed out) beside the board after (with the squares the
/// effects acted on shaded). The move must be legal in `before`.
pub fn explain(variant: &Variant, before: &Position, mv: &Move) -> String {
    let mut after = before.clone();
    let mut trace = Recorder::default();
    after.make_traced(variant, *mv, &mut trace);
    let (marks_before, marks_after) = scene::marks(mv, &trace.events, trace.area);
    let caption = format!("before {}", crate::notation::uci::write(variant, mv));
    let w = draw::board_width(before, &caption);
    let h = draw::board_height(before) + draw::TITLE;
    let mut svg = draw::Canvas::new(2 * w + draw::GAP, h);
    svg.board(variant, before, &marks_before, 0, draw::TITLE, &caption);
    svg.board(variant, &after, &marks_after, w + draw::GAP, draw::TITLE, "after");
    svg.finish()
}

fn caption(variant: &Variant, pos: &Position) -> String {
    let side = match pos.side_to_move() {
        crate::base::square::Color::White => "White",
        crate::base::square::Color::Black => "Black",
    };
    format!("{}, {side} to move", variant.name)
}
