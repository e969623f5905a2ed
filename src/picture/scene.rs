//! What a move's trace marks on the boards before and after it.

use crate::base::square::{Square, SquareSet};
use crate::engine::moves::Move;
use crate::engine::trace::Event;

/// What an arrow shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowKind {
    /// A placement: a piece put on a square (a rebirth).
    Place,
    /// The move itself (or a piece it carries along, as castling's rook).
    Move,
    /// A piece pushed by an effect.
    Push,
    /// A piece bounced by an effect.
    Bounce,
}

/// An arrow from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// What it shows.
    pub kind: ArrowKind,
}

/// Marks drawn over one board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Arrows, drawn in order.
    pub arrows: Vec<Arrow>,
    /// Pieces crossed out: captured or removed by the move.
    pub removed: SquareSet,
    /// Squares an effect acted on (removed, blocked, shielded, pushed off).
    pub shaded: SquareSet,
    /// Squares a shield protected.
    pub shielded: SquareSet,
    /// A square targeted in place (an action on the mover's own square).
    pub target: Option<Square>,
    /// Squares highlighted (the squares a move touched).
    pub touched: SquareSet,
}

/// The marks of a move on the board before it and on the board after it.
/// `area` is the union of the squares the effects acted on.
pub fn marks(mv: &Move, events: &[Event], area: SquareSet) -> (Marks, Marks) {
    let mut before = Marks {
        shaded: area,
        ..Marks::default()
    };
    let mut after = Marks {
        shaded: area,
        ..Marks::default()
    };
    if mv.from == mv.to {
        before.target = Some(mv.to);
    } else {
        before.arrows.push(Arrow {
            from: mv.from,
            to: mv.to,
            kind: ArrowKind::Move,
        });
    }
    if let Some(c) = mv.controller {
        before.arrows.push(Arrow {
            from: c,
            to: mv.from,
            kind: ArrowKind::Move,
        });
    }
    for e in events {
        mark_event(e, &mut before, &mut after);
    }
    after.touched.insert(mv.to);
    (before, after)
}

/// The marks one event of the trace leaves before and after the move: a
/// match over every kind of event, kept whole so that a new event is one
/// more arm here.
fn mark_event(e: &Event, before: &mut Marks, after: &mut Marks) {
    match *e {
        Event::Moved { from, to, .. } => {
            let arrow = Arrow {
                from,
                to,
                kind: ArrowKind::Move,
            };
            if from != to && !before.arrows.contains(&arrow) {
                before.arrows.push(arrow);
            }
            after.touched.insert(to);
        }
        Event::Captured { at, .. } => {
            before.removed.insert(at);
            after.shaded.insert(at);
        }
        Event::Dropped { at, .. } => {
            after.touched.insert(at);
        }
        Event::Removed { at, .. } => {
            before.removed.insert(at);
            before.shaded.insert(at);
            after.shaded.insert(at);
        }
        Event::Pushed { from, to, .. } => {
            before.arrows.push(Arrow {
                from,
                to,
                kind: ArrowKind::Push,
            });
            after.touched.insert(to);
        }
        Event::PushedOff { from, .. } => {
            before.removed.insert(from);
            before.shaded.insert(from);
            after.shaded.insert(from);
        }
        Event::Blocked { at } | Event::Unblocked { at } => {
            before.shaded.insert(at);
            after.shaded.insert(at);
        }
        Event::Recoloured { at, .. }
        | Event::Transformed { at, .. }
        | Event::Marked { at, .. }
        | Event::Unmarked { at, .. } => {
            after.touched.insert(at);
            after.shaded.insert(at);
        }
        Event::Bounced { from, to, .. } => {
            before.arrows.push(Arrow {
                from,
                to,
                kind: ArrowKind::Bounce,
            });
            after.touched.insert(to);
        }
        Event::Promoted { at, .. } => after.touched.insert(at),
        Event::Placed { from, at, .. } => {
            if let Some(from) = from
                && from != at
            {
                before.arrows.push(Arrow {
                    from,
                    to: at,
                    kind: ArrowKind::Place,
                });
            }
            before.shaded.insert(at);
            after.touched.insert(at);
            after.shaded.insert(at);
        }
        Event::Shielded { at } => {
            before.shielded.insert(at);
            before.shaded.insert(at);
            after.shielded.insert(at);
            after.shaded.insert(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::piece::{Cell, Kind};
    use crate::base::square::Color;
    use crate::engine::moves::MoveKind;

    #[test]
    fn a_capture_that_removes_neighbours() {
        let p = Cell::piece(Kind::new(0), Color::Black);
        let mv = Move::new(Square::new(1), Square::new(9), MoveKind::Quiet);
        let events = [
            Event::Captured {
                piece: p,
                at: Square::new(9),
            },
            Event::Moved {
                piece: p,
                from: Square::new(1),
                to: Square::new(9),
            },
            Event::Removed {
                piece: p,
                at: Square::new(9),
            },
            Event::Removed {
                piece: p,
                at: Square::new(10),
            },
        ];
        let (before, after) = marks(&mv, &events, SquareSet::EMPTY);
        assert_eq!(before.arrows.len(), 1);
        assert!(before.removed.contains(Square::new(9)) && before.removed.contains(Square::new(10)));
        assert!(after.shaded.contains(Square::new(9)) && after.shaded.contains(Square::new(10)));
        assert!(!after.shaded.contains(Square::new(1)));
    }
}
