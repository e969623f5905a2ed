//! A move explained for people: the board before and after with the
//! squares it touched marked, and what happened in plain words.

use super::fen::letter;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::trace::Event;

fn side(cell: Cell) -> &'static str {
    if cell.color() == Color::White { "White" } else { "Black" }
}

fn name(variant: &Variant, cell: Cell) -> String {
    if cell.is_piece() {
        format!("{} {}", side(cell), variant.pieces.info(cell.kind()).name)
    } else {
        "nothing".to_string()
    }
}

/// The squares a move touched: its own squares and every event's.
pub fn touched(mv: &Move, events: &[Event]) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    set.insert(mv.from);
    set.insert(mv.to);
    for e in events {
        match *e {
            Event::Moved { from, to, .. } | Event::Pushed { from, to, .. } | Event::Bounced { from, to, .. } => {
                set.insert(from);
                set.insert(to);
            }
            Event::Captured { at, .. }
            | Event::Removed { at, .. }
            | Event::Blocked { at }
            | Event::Unblocked { at }
            | Event::Promoted { at, .. }
            | Event::Dropped { at, .. }
            | Event::Shielded { at }
            | Event::Recoloured { at, .. }
            | Event::Transformed { at, .. }
            | Event::Marked { at, .. }
            | Event::Unmarked { at, .. } => set.insert(at),
            Event::PushedOff { from, .. } => set.insert(from),
            Event::Placed { from, at, .. } => {
                set.insert(at);
                if let Some(from) = from {
                    set.insert(from);
                }
            }
        }
    }
    set
}

/// A board diagram with the `marked` squares in brackets: `[P]`, `[.]`.
pub fn marked_diagram(variant: &Variant, pos: &Position, marked: &SquareSet) -> String {
    let g = variant.geometry;
    let mut out = String::new();
    for rank in (0..g.ranks as i32).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..g.files as i32 {
            let sq = g.square(file, rank).expect("on the board");
            let cell = pos.cell(sq);
            let c = if cell.is_empty() { '.' } else { letter(variant, cell) };
            if marked.contains(sq) {
                out.push_str(&format!("[{c}]"));
            } else {
                out.push_str(&format!(" {c} "));
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..g.files {
        out.push_str(&format!(" {} ", (b'a' + file) as char));
    }
    out.push('\n');
    out
}

/// The sentence of the move itself: a castling, an action (a side's, on
/// the actor's own square, or on another square) or a move.
fn opening(variant: &Variant, before: &Position, mv: &Move) -> String {
    let sq = |s: Square| variant.geometry.name(s);
    let mover = before.cell(mv.from);
    match mv.kind {
        MoveKind::Castle(_) => format!("{} castles.", side(mover)),
        MoveKind::Action(i) if variant.is_side_action(i) => {
            format!(
                "{} uses {} on {}.",
                side(Cell::piece(Kind::new(0), before.side_to_move())),
                variant.action_name(i),
                sq(mv.to)
            )
        }
        MoveKind::Action(i) if mv.from == mv.to => {
            format!(
                "{} on {} uses {}.",
                name(variant, mover),
                sq(mv.from),
                variant.action_name(i)
            )
        }
        MoveKind::Action(i) => {
            let target = before.cell(mv.to);
            let on = if target.is_piece() {
                format!("the {} on {}", name(variant, target), sq(mv.to))
            } else {
                sq(mv.to)
            };
            format!(
                "{} on {} uses {} on {on}.",
                name(variant, mover),
                sq(mv.from),
                variant.action_name(i)
            )
        }
        _ => format!("{} moves from {} to {}.", name(variant, mover), sq(mv.from), sq(mv.to)),
    }
}

/// The move and its events in sentences.
pub fn in_words(variant: &Variant, before: &Position, mv: &Move, events: &[Event]) -> Vec<String> {
    let g = variant.geometry;
    let sq = |s: Square| g.name(s);
    let mover = before.cell(mv.from);
    let mut lines = Vec::new();
    let opening = opening(variant, before, mv);
    if let Some(c) = mv.controller {
        lines.push(format!(
            "The {} on {} stays and compels the {} on {} to move.",
            name(variant, before.cell(c)),
            sq(c),
            name(variant, mover),
            sq(mv.from)
        ));
    }
    lines.push(opening);
    for e in &super::trace_text::reading_order(events) {
        let line = match *e {
            Event::Moved { piece, from, to } if piece != mover || from != mv.from => {
                format!("The {} moves from {} to {}.", name(variant, piece), sq(from), sq(to))
            }
            Event::Moved { .. } => continue,
            Event::Captured { piece, at } => format!("It captures the {} on {}.", name(variant, piece), sq(at)),
            Event::Removed { piece, at } => format!("The {} on {} is removed.", name(variant, piece), sq(at)),
            Event::Pushed { piece, from, to } => {
                format!("The {} on {} is pushed to {}.", name(variant, piece), sq(from), sq(to))
            }
            Event::PushedOff { piece, from } => {
                format!(
                    "The {} on {} is pushed off the board and captured.",
                    name(variant, piece),
                    sq(from)
                )
            }
            Event::Blocked { at } => format!("{} is {}.", sq(at), variant.block_word()),
            Event::Unblocked { at } => format!("{} is no longer blocked.", sq(at)),
            Event::Bounced { piece, from, to } => {
                format!("The {} on {} bounces to {}.", name(variant, piece), sq(from), sq(to))
            }
            Event::Promoted { at, piece } => format!("It promotes on {} to a {}.", sq(at), name(variant, piece)),
            Event::Shielded { at } => format!("A shield protects {}.", sq(at)),
            Event::Recoloured { at, piece } => format!("The piece on {} becomes {}'s.", sq(at), side(piece)),
            Event::Transformed { at, piece } => format!(
                "The piece on {} becomes a {}.",
                sq(at),
                variant.pieces.info(piece.kind()).name
            ),
            Event::Marked { at, mark } => format!("The piece on {} is marked {}.", sq(at), variant.mark_name(mark)),
            Event::Unmarked { at, mark } => {
                format!(
                    "The piece on {} is no longer marked {}.",
                    sq(at),
                    variant.mark_name(mark)
                )
            }
            Event::Dropped { piece, at } => {
                format!("A {} from the hand is dropped on {}.", name(variant, piece), sq(at))
            }
            Event::Placed {
                piece,
                from: Some(from),
                at,
            } => {
                format!(
                    "The {} from {} is placed on {}.",
                    name(variant, piece),
                    sq(from),
                    sq(at)
                )
            }
            Event::Placed { piece, from: None, at } => {
                format!("A new {} is placed on {}.", name(variant, piece), sq(at))
            }
        };
        lines.push(line);
    }
    lines
}
