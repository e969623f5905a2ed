//! The trace of a move: what happened, event by event, for `play`,
//! `explain` and scenario snapshots. Search passes [`NoTrace`], which the
//! compiler removes entirely.

use crate::base::piece::Cell;
use crate::base::square::{Square, SquareSet};

/// One thing that happened while a move was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A piece moved.
    Moved {
        /// The piece.
        piece: Cell,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A piece was captured by a move.
    Captured {
        /// The piece captured.
        piece: Cell,
        /// Where it stood.
        at: Square,
    },
    /// A piece was removed by an effect (an explosion, a blast).
    Removed {
        /// The piece.
        piece: Cell,
        /// Where it stood.
        at: Square,
    },
    /// A piece was pushed.
    Pushed {
        /// The piece.
        piece: Cell,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A piece was pushed off the board or into a blocked square, and removed.
    PushedOff {
        /// The piece.
        piece: Cell,
        /// The last square it stood on.
        from: Square,
    },
    /// A square became blocked.
    Blocked {
        /// The square.
        at: Square,
    },
    /// A piece bounced.
    Bounced {
        /// The piece.
        piece: Cell,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A piece promoted.
    Promoted {
        /// Where.
        at: Square,
        /// What it became.
        piece: Cell,
    },
    /// A piece was saved by a shield from an effect.
    Shielded {
        /// Where.
        at: Square,
    },
}

/// Receives events while a move is played.
pub trait Trace {
    /// Records one event.
    fn record(&mut self, event: Event);

    /// Records the squares an effect acts on (the set its sentence names:
    /// a blast's area, the squares a rule blocks), before shields and
    /// whether or not a piece stands there. Pictures shade them; other
    /// tracers ignore them.
    #[inline(always)]
    fn area(&mut self, _squares: SquareSet) {}
}

/// Records the events and the union of the areas effects acted on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorder {
    /// The events, in order.
    pub events: Vec<Event>,
    /// Every square an effect acted on.
    pub area: SquareSet,
}

impl Trace for Recorder {
    fn record(&mut self, event: Event) {
        self.events.push(event);
    }

    fn area(&mut self, squares: SquareSet) {
        self.area = self.area.union(&squares);
    }
}

/// Discards every event: the tracer of search and perft.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn record(&mut self, _: Event) {}
}

impl Trace for Vec<Event> {
    fn record(&mut self, event: Event) {
        self.push(event);
    }
}
