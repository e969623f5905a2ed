//! The trace of a move: what happened, event by event, for `play`,
//! `explain` and scenario snapshots. Search passes [`NoTrace`], which the
//! compiler removes entirely.

use super::moves::{Choice, ChoiceKind};
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
    /// A blocked square became empty again (a wall moved away).
    Unblocked {
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
    /// A placement put a piece on a square (a rebirth): the
    /// captured piece (from the square it was captured on), the moving
    /// piece (from where it stood) or a new piece (from nowhere).
    Placed {
        /// The piece.
        piece: Cell,
        /// Where the moving piece came from (`None`: it appeared).
        from: Option<Square>,
        /// Where it stands now.
        at: Square,
    },
    /// A piece from a hand was put on the board.
    Dropped {
        /// The piece.
        piece: Cell,
        /// Where.
        at: Square,
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
    /// A piece changed sides where it stands (`recolour`).
    Recoloured {
        /// Where.
        at: Square,
        /// The piece it is now.
        piece: Cell,
    },
    /// A piece changed kind where it stands (`transform`).
    Transformed {
        /// Where.
        at: Square,
        /// The piece it is now.
        piece: Cell,
    },
    /// A piece got a mark (`mark`): the mark's index among the variant's
    /// marks ([`Variant::mark_name`](crate::Variant::mark_name)).
    Marked {
        /// Where.
        at: Square,
        /// The mark's index.
        mark: u8,
    },
    /// A piece lost a mark (`unmark`, or a mark for some moves fell).
    Unmarked {
        /// Where.
        at: Square,
        /// The mark's index.
        mark: u8,
    },
}

/// A follow-up choice that a move reached without making it: what move
/// generation learns when it plays a move to find its continuations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    /// Whether the move may also decline it (`may bounce`).
    pub optional: bool,
    /// For a choice that is the last effect of every move (the last
    /// effect of the last `after move` rule): what it does, so that it can
    /// be judged by making it on the position played without it.
    pub last: Option<LastChoice>,
}

/// What a choice that is the last effect of every move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastChoice {
    /// A bounce, promoting or not.
    Bounce {
        /// Whether a bounce into the promotion zone promotes.
        promote: bool,
    },
    /// A chosen square is blocked and these blocked squares are freed.
    Block {
        /// The squares freed.
        unblocking: SquareSet,
    },
    /// A piece moves on (`move(S as ...)`): it only moves, promoting to
    /// the move's promotion where the move's own piece ends.
    MoveOn,
    /// The captured piece is put on the chosen empty square, promoted to
    /// the choice's kind where it names one (`place(captured, chosen S)`).
    Place,
}

/// Receives events while a move is played.
pub trait Trace {
    /// Whether this trace collects the options of follow-up choices (the
    /// probe of move generation); when false, the interpreter does not
    /// compute them.
    const PROBES: bool = false;

    /// Whether this trace keeps events: when false, the interpreter does
    /// not work out the events only a trace would read.
    const RECORDS: bool = true;

    /// Records one event.
    fn record(&mut self, event: Event);

    /// Records the squares an effect acts on (the set its sentence names:
    /// a blast's area, the squares a rule blocks), before shields and
    /// whether or not a piece stands there. Pictures shade them; other
    /// tracers ignore them.
    #[inline(always)]
    fn area(&mut self, _squares: SquareSet) {}

    /// The move reached a follow-up choice it did not make (only the first
    /// such choice of a move is reported).
    fn asked(&mut self, _asked: Asked) {}

    /// One option of the choice just reported by [`Trace::asked`].
    fn offer(&mut self, _choice: Choice) {}

    /// The options of the choice just reported by [`Trace::asked`] that
    /// name one square each, of `squares`, in order, for `piece`.
    #[inline]
    fn offer_squares(&mut self, piece: Square, squares: SquareSet, kind: ChoiceKind) {
        for to in squares.iter() {
            self.offer(Choice { piece, to, kind });
        }
    }
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
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, _: Event) {}
}

impl Trace for Vec<Event> {
    fn record(&mut self, event: Event) {
        self.push(event);
    }
}
