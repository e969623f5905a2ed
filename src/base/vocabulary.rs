//! The words sentences share from parsing to the engine: sides, named
//! square sets, comparisons and outcomes. The syntax tree
//! (`lang::effect_syntax`) and the compiled IR (`compile::ir`) both use
//! these, so neither keeps a twin of the other's.

/// Which side's pieces a filter takes, relative to the side whose rule it
/// is, or by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideFilter {
    /// The side whose rule, move or action it is.
    Own,
    /// The other side.
    Enemy,
    /// Either side.
    Any,
    /// White, whoever owns the rule.
    White,
    /// Black, whoever owns the rule.
    Black,
}

/// The side whose first rank `ranks(...)` counts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RanksFrom {
    /// The side whose rule it is (`ranks(1..3)`, `own ranks(1..3)`).
    Own,
    /// The other side (`enemy ranks(1)`).
    Enemy,
    /// White, whoever owns the rule: absolute ranks (`white ranks(8)`).
    White,
    /// Black, whoever owns the rule (`black ranks(1)`: White's 8th rank).
    Black,
}

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
