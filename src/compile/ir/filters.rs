//! The IR of move filters (`moves only if ...`, `captures only if ...`,
//! `checks must mate`, `longest moves are compulsory`): each filter's
//! predicate as flat nodes by index, and the tables the filters read.
//! Like the rest of the IR it imports only `base`.

use crate::base::square::{Color, SquareSet};

/// A node of a move filter's predicate (`moves only if ...`), read on the
/// position before the move; children by index into
/// [`MoveFilters::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FilterNode {
    /// A piece of the mover's side (`own`) or the other could capture on
    /// the mover's square, that capture passing the filters before this
    /// one; with `same_kind`, a piece of the mover's kind.
    Observed {
        /// The mover's own side observes.
        own: bool,
        /// Only the mover's kind observes.
        same_kind: bool,
    },
    /// On the board the move leaves, some piece (not royal, with
    /// `spare_royal`) is observed by an enemy piece of its kind.
    ObservedAfter {
        /// Royal pieces are not looked at.
        spare_royal: bool,
    },
    /// The mover is royal.
    Royal,
    /// Origin and target have the same square colour.
    SameColour,
    /// Origin and target lie in different cells of a grid.
    LeavesCell {
        /// Files per cell.
        files: u8,
        /// Ranks per cell.
        ranks: u8,
        /// Files the grid lines are shifted by.
        file_shift: u8,
        /// Ranks the grid lines are shifted by.
        rank_shift: u8,
    },
    /// After the move another piece stands a king's step from the target.
    NextToPiece,
    /// Negation.
    Not(u16),
    /// Both.
    And(u16, u16),
    /// Either.
    Or(u16, u16),
}

/// One move filter: which moves it judges and its predicate's root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFilter {
    /// It judges captures only (`captures only if`); else every move.
    pub captures_only: bool,
    /// The predicate's root in [`MoveFilters::nodes`].
    pub root: u16,
}

/// The move filters of a variant and the clauses that judge a move
/// against others (`checks must mate`, `longest moves are compulsory`).
#[derive(Clone, Debug, Default)]
pub struct MoveFilters {
    /// The filters, in the order written: an observation inside filter
    /// `i` counts only captures that pass filters `0..i`.
    pub filters: Vec<MoveFilter>,
    /// Every predicate's nodes.
    pub nodes: Vec<FilterNode>,
    /// A check is legal only if it mates.
    pub checks_mate: bool,
    /// Only the longest legal moves are legal, per side (White, Black).
    pub longest: [bool; 2],
    /// The squares a king's step from each square.
    pub neighbours: Vec<SquareSet>,
    /// Some node reads the squares occupied after the move
    /// ([`FilterNode::NextToPiece`]): only then are they worked out.
    pub reads_after: bool,
    /// Each filter's clause as written (parallel to `filters`), for
    /// `explain` to name the one that forbids a move.
    pub labels: Vec<String>,
    /// The `checks must mate` clause as written (empty without one).
    pub checks_mate_label: String,
    /// The `longest moves are compulsory` clause binding each side (White,
    /// Black), as written (empty where none binds it).
    pub longest_labels: [String; 2],
    /// Where some node is [`FilterNode::ObservedAfter`]: per (attacking
    /// side, attacking kind, square `q`), the squares whose attack test
    /// by that side's pieces of that kind reads `q` (see
    /// [`AttackTables::readers`]), so that a move is judged by looking
    /// again only at the pieces whose observation it may change. Empty
    /// otherwise.
    ///
    /// [`AttackTables::readers`]: crate::compile::attacks::AttackTables::readers
    pub readers: Vec<SquareSet>,
}

impl MoveFilters {
    /// Some clause of the family is present: every move is then judged on
    /// the board it leads to, and attacks by the filters.
    pub fn any(&self) -> bool {
        !self.filters.is_empty() || self.checks_mate || self.longest != [false; 2]
    }

    /// Some clause of the family binds the moves of `side` (a longest-move
    /// clause may bind one side only): its legal moves are then listed.
    pub fn any_for(&self, side: Color) -> bool {
        !self.filters.is_empty() || self.checks_mate || self.longest[side as usize]
    }
}
