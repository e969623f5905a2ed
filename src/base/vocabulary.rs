//! The words sentences share from parsing to the engine: sides, named
//! square sets, comparisons and outcomes. The syntax tree
//! (`lang::effect_syntax`) and the compiled IR (`compile::ir`) both use
//! these, so neither keeps a twin of the other's.

/// Which side's pieces a filter takes, relative to the side whose rule it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideFilter {
    /// The side whose rule, move or action it is.
    Own,
    /// The other side.
    Enemy,
    /// Either side.
    Any,
}

/// The words of the sentence language a region may not be named: the
/// named sets, the sides and the words conditions and sets are built of
/// (a region with such a name could never be told from the word).
pub const SET_WORDS: &[&str] = &[
    "target", "origin", "mover", "path", "all", "shielded", "blocked", "empty", "light", "dark", "own", "enemy", "any",
    "not", "royal", "and", "or", "in", "true", "false", "along", "away", "from", "chosen", "sparing", "promote",
    "unless", "attacked", "survives", "if", "except", "castling",
];

/// The named square sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamedSet {
    /// Where the move or action aims.
    Target,
    /// Where the moving piece stood.
    Origin,
    /// Where the moving piece stands now.
    Mover,
    /// The squares the move passed over.
    Path,
    /// The whole board.
    All,
    /// Squares under some shield.
    Shielded,
    /// Blocked squares.
    Blocked,
    /// Empty squares.
    Empty,
    /// Light squares (a1 is dark).
    Light,
    /// Dark squares (a1 is dark).
    Dark,
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// `>=`
    AtLeast,
    /// `<=`
    AtMost,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `>`
    More,
    /// `<`
    Less,
}

/// An outcome for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndOutcome {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Drawn.
    Draw,
    /// Both sides lose.
    BothLose,
}
