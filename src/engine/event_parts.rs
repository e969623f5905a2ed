//! One event in one shape ([`EventParts`]): its kind as a word, the piece,
//! where it happened and the mark, so that every reader of a trace (the
//! text of `play` and `explain`, the Python and WebAssembly bindings)
//! takes an event apart in one place, and a new event is described once.

use super::trace::Event;
use crate::base::piece::Cell;
use crate::base::square::Square;

/// Where an event happened: on one square, or along a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventPlace {
    /// On one square: where a piece was captured, removed, dropped,
    /// promoted, recoloured, transformed, marked or unmarked, a square
    /// blocked, unblocked or shielded, where a new piece was placed, or the
    /// last square of a piece pushed off.
    At(Square),
    /// From one square to another: a piece moved, pushed or bounced, or a
    /// piece placed from where it stood.
    Path {
        /// Where it came from.
        from: Square,
        /// Where it went.
        to: Square,
    },
}

/// An event taken apart: what every description of a trace needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventParts {
    /// The event's kind as a stable lower-case word, underscores between
    /// words: `moved`, `captured`, `removed`, `pushed`, `pushed_off`,
    /// `blocked`, `unblocked`, `bounced`, `placed`, `dropped`, `promoted`,
    /// `shielded`, `recoloured`, `transformed`, `marked`, `unmarked`.
    pub kind: &'static str,
    /// The piece, where the event has one: the piece that moved, was
    /// captured, removed, pushed, bounced, placed or dropped, or the piece
    /// a square holds after a promotion, a recolouring (its new side) or a
    /// transformation (its new kind).
    pub piece: Option<Cell>,
    /// Where it happened.
    pub place: EventPlace,
    /// The mark's index, for `marked` and `unmarked`
    /// ([`Variant::mark_name`](crate::Variant::mark_name)).
    pub mark: Option<u8>,
}

impl Event {
    /// The event taken apart ([`EventParts`]).
    ///
    /// ```
    /// use kaboom::{Cell, Color, Event, EventPlace, Kind, Square};
    ///
    /// let pawn = Cell::piece(Kind::new(0), Color::White);
    /// let parts = Event::Moved { piece: pawn, from: Square::new(12), to: Square::new(28) }.parts();
    /// assert_eq!(parts.kind, "moved");
    /// assert_eq!(parts.piece, Some(pawn));
    /// assert_eq!(parts.place, EventPlace::Path { from: Square::new(12), to: Square::new(28) });
    /// assert_eq!(parts.mark, None);
    ///
    /// let parts = Event::PushedOff { piece: pawn, from: Square::new(7) }.parts();
    /// assert_eq!((parts.kind, parts.place), ("pushed_off", EventPlace::At(Square::new(7))));
    /// ```
    pub fn parts(&self) -> EventParts {
        use EventPlace::{At, Path};
        let (kind, piece, place) = match *self {
            Event::Moved { piece, from, to } => ("moved", Some(piece), Path { from, to }),
            Event::Captured { piece, at } => ("captured", Some(piece), At(at)),
            Event::Removed { piece, at } => ("removed", Some(piece), At(at)),
            Event::Pushed { piece, from, to } => ("pushed", Some(piece), Path { from, to }),
            Event::PushedOff { piece, from } => ("pushed_off", Some(piece), At(from)),
            Event::Blocked { at } => ("blocked", None, At(at)),
            Event::Unblocked { at } => ("unblocked", None, At(at)),
            Event::Bounced { piece, from, to } => ("bounced", Some(piece), Path { from, to }),
            Event::Placed {
                piece,
                from: Some(from),
                at,
            } => ("placed", Some(piece), Path { from, to: at }),
            Event::Placed { piece, from: None, at } => ("placed", Some(piece), At(at)),
            Event::Dropped { piece, at } => ("dropped", Some(piece), At(at)),
            Event::Promoted { at, piece } => ("promoted", Some(piece), At(at)),
            Event::Shielded { at } => ("shielded", None, At(at)),
            Event::Recoloured { at, piece } => ("recoloured", Some(piece), At(at)),
            Event::Transformed { at, piece } => ("transformed", Some(piece), At(at)),
            Event::Marked { at, .. } => ("marked", None, At(at)),
            Event::Unmarked { at, .. } => ("unmarked", None, At(at)),
        };
        let mark = match *self {
            Event::Marked { mark, .. } | Event::Unmarked { mark, .. } => Some(mark),
            _ => None,
        };
        EventParts {
            kind,
            piece,
            place,
            mark,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::piece::Kind;
    use crate::base::square::Color;

    #[test]
    fn a_placement_from_a_square_is_a_path_and_from_nowhere_a_square() {
        let p = Cell::piece(Kind::new(1), Color::Black);
        let (a, b) = (Square::new(3), Square::new(9));
        let from = Event::Placed {
            piece: p,
            from: Some(a),
            at: b,
        };
        assert_eq!(from.parts().place, EventPlace::Path { from: a, to: b });
        let new = Event::Placed {
            piece: p,
            from: None,
            at: b,
        };
        assert_eq!(new.parts().place, EventPlace::At(b));
        let marked = Event::Marked { at: a, mark: 2 }.parts();
        assert_eq!((marked.kind, marked.piece, marked.mark), ("marked", None, Some(2)));
    }

    /// The shape the Python and WebAssembly bindings had when each matched
    /// every variant itself: (kind, piece, square, (from, to), mark).
    type Shape = (
        &'static str,
        Option<Cell>,
        Option<Square>,
        Option<(Square, Square)>,
        Option<u8>,
    );

    fn old_binding_shape(event: &Event) -> Shape {
        let (kind, piece, square, from_to) = match *event {
            Event::Moved { piece, from, to } => ("moved", Some(piece), None, Some((from, to))),
            Event::Captured { piece, at } => ("captured", Some(piece), Some(at), None),
            Event::Removed { piece, at } => ("removed", Some(piece), Some(at), None),
            Event::Pushed { piece, from, to } => ("pushed", Some(piece), None, Some((from, to))),
            Event::PushedOff { piece, from } => ("pushed_off", Some(piece), Some(from), None),
            Event::Blocked { at } => ("blocked", None, Some(at), None),
            Event::Unblocked { at } => ("unblocked", None, Some(at), None),
            Event::Bounced { piece, from, to } => ("bounced", Some(piece), None, Some((from, to))),
            Event::Dropped { piece, at } => ("dropped", Some(piece), Some(at), None),
            Event::Promoted { at, piece } => ("promoted", Some(piece), Some(at), None),
            Event::Shielded { at } => ("shielded", None, Some(at), None),
            Event::Placed {
                piece,
                from: Some(from),
                at,
            } => ("placed", Some(piece), None, Some((from, at))),
            Event::Placed { piece, from: None, at } => ("placed", Some(piece), Some(at), None),
            Event::Recoloured { at, piece } => ("recoloured", Some(piece), Some(at), None),
            Event::Transformed { at, piece } => ("transformed", Some(piece), Some(at), None),
            Event::Marked { at, .. } => ("marked", None, Some(at), None),
            Event::Unmarked { at, .. } => ("unmarked", None, Some(at), None),
        };
        let mark = match *event {
            Event::Marked { mark, .. } | Event::Unmarked { mark, .. } => Some(mark),
            _ => None,
        };
        (kind, piece, square, from_to, mark)
    }

    #[test]
    fn every_event_keeps_the_shape_the_bindings_wrote() {
        let piece = Cell::piece(Kind::new(2), Color::White);
        let (from, to, at) = (Square::new(4), Square::new(20), Square::new(33));
        let events = [
            Event::Moved { piece, from, to },
            Event::Captured { piece, at },
            Event::Removed { piece, at },
            Event::Pushed { piece, from, to },
            Event::PushedOff { piece, from },
            Event::Blocked { at },
            Event::Unblocked { at },
            Event::Bounced { piece, from, to },
            Event::Placed {
                piece,
                from: Some(from),
                at,
            },
            Event::Placed { piece, from: None, at },
            Event::Dropped { piece, at },
            Event::Promoted { at, piece },
            Event::Shielded { at },
            Event::Recoloured { at, piece },
            Event::Transformed { at, piece },
            Event::Marked { at, mark: 1 },
            Event::Unmarked { at, mark: 3 },
        ];
        for event in &events {
            let parts = event.parts();
            let (square, from_to) = match parts.place {
                EventPlace::At(sq) => (Some(sq), None),
                EventPlace::Path { from, to } => (None, Some((from, to))),
            };
            let shape = (parts.kind, parts.piece, square, from_to, parts.mark);
            assert_eq!(shape, old_binding_shape(event), "{event:?}");
        }
    }
}
