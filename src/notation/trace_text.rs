//! Traces in words: one short phrase per event, pieces by FEN letter
//! (upper case White, lower case Black), squares by name.

use super::fen::letter;
use crate::compile::Variant;
use crate::engine::trace::Event;

/// One event as a phrase: `moved P e2-e4`, `captured p d5`, `pushed n c6-c7`.
pub fn describe(variant: &Variant, event: &Event) -> String {
    let g = variant.geometry;
    let l = |cell| letter(variant, cell);
    match *event {
        Event::Moved { piece, from, to } => format!("moved {} {}-{}", l(piece), g.name(from), g.name(to)),
        Event::Captured { piece, at } => format!("captured {} {}", l(piece), g.name(at)),
        Event::Removed { piece, at } => format!("removed {} {}", l(piece), g.name(at)),
        Event::Pushed { piece, from, to } => format!("pushed {} {}-{}", l(piece), g.name(from), g.name(to)),
        Event::PushedOff { piece, from } => format!("pushed off {} {}", l(piece), g.name(from)),
        Event::Blocked { at } => format!("blocked {}", g.name(at)),
        Event::Unblocked { at } => format!("unblocked {}", g.name(at)),
        Event::Bounced { piece, from, to } => format!("bounced {} {}-{}", l(piece), g.name(from), g.name(to)),
        Event::Promoted { at, piece } => format!("promoted {} {}", l(piece), g.name(at)),
        Event::Shielded { at } => format!("shielded {}", g.name(at)),
        Event::Dropped { piece, at } => format!("dropped {} {}", l(piece), g.name(at)),
    }
}

/// Every event of a move, joined: `moved P e4-d5, captured p d5, removed P d5`.
pub fn describe_all(variant: &Variant, events: &[Event]) -> String {
    events
        .iter()
        .map(|e| describe(variant, e))
        .collect::<Vec<_>>()
        .join(", ")
}
