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

impl RanksFrom {
    /// The side whose first rank is rank 1, for a rule owned by `owner`.
    pub fn side(self, owner: crate::base::square::Color) -> crate::base::square::Color {
        use crate::base::square::Color;
        match self {
            RanksFrom::Own => owner,
            RanksFrom::Enemy => owner.flip(),
            RanksFrom::White => Color::White,
            RanksFrom::Black => Color::Black,
        }
    }
}

/// The words of the sentence language a region may not be named: the
/// named sets, the sides and the words conditions and sets are built of
/// (a region with such a name could never be told from the word).
pub const SET_WORDS: &[&str] = &[
    "target", "origin", "mover", "path", "all", "shielded", "blocked", "empty", "light", "dark", "own", "enemy", "any",
    "not", "royal", "and", "or", "in", "true", "false", "along", "away", "from", "chosen", "sparing", "promote",
    "unless", "attacked", "survives", "if", "except", "castling", "white", "black", "can",
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
    /// The squares of every piece the move moved: the mover; after
    /// castling the king, the rook and the pieces carried.
    Moved,
    /// The squares the move emptied that are still empty: the origin, a
    /// castling rook's square, the square of a pawn taken en passant.
    Vacated,
}

/// How the pieces of a line goal stand on their line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineGoal {
    /// On consecutive squares of one line (`in_row(S, n, T)`).
    InRow,
    /// Anywhere on one line, gaps allowed (`collinear(S, n, T)`).
    Collinear,
    /// Filling a square block of `n` by `n` squares (`in_block(S, n)`).
    Block,
}

/// Fewest pieces a line goal may ask for (one piece is `exists(S)`).
pub const LINE_GOAL_MIN: u8 = 2;

/// Most pieces a line goal may ask for: the longest side of a board.
pub const LINE_GOAL_MAX: u8 = 16;

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

/// An outcome, for the side to move or for a named side.
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
    /// White wins, whoever is to move.
    WhiteWins,
    /// Black wins, whoever is to move.
    BlackWins,
}

impl EndOutcome {
    /// The outcome for the side to move, `side`: a named side's win
    /// becomes a win or a loss.
    pub fn relative_to(self, side: crate::base::square::Color) -> EndOutcome {
        use crate::base::square::Color;
        match (self, side) {
            (EndOutcome::WhiteWins, Color::White) | (EndOutcome::BlackWins, Color::Black) => EndOutcome::Win,
            (EndOutcome::WhiteWins, Color::Black) | (EndOutcome::BlackWins, Color::White) => EndOutcome::Loss,
            (other, _) => other,
        }
    }
}
