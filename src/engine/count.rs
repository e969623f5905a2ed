//! The count of moves towards a limit (a variant's `counting` field,
//! docs/format.md, Counting): the state a position carries. How a move
//! keeps it is in `keep_count`.

/// A position's count: its limit and the plies counted, both in plies
/// (as Fairy-Stockfish's FEN writes them). A limit of 0: no count runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// The limit in plies; 0 while no count runs.
    pub(crate) limit: u16,
    /// The plies counted.
    pub(crate) ply: u16,
}

impl Count {
    /// Whether a count runs.
    pub fn running(self) -> bool {
        self.limit > 0
    }

    /// Whether a running count has gone past its limit: what the end rule
    /// `counting over` reads.
    pub fn over(self) -> bool {
        self.limit > 0 && self.ply > self.limit
    }
}
