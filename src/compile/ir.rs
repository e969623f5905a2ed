//! The small enums of the engine's IR. The effect-sentence syntax tree
//! (`lang::effect_syntax`) has enums of the same names; compiling maps each
//! to its IR twin here, so the engine never reads a syntax-tree type.

use crate::lang::effect_syntax as ast;

/// Which side's pieces a set takes, relative to the side whose rule it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideFilter {
    /// The side whose rule, move or action it is.
    Own,
    /// The other side.
    Enemy,
    /// Either side.
    Any,
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

/// How a count compares with a number.
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

/// An outcome of a game-end rule, for the side to move.
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

impl From<ast::SideFilter> for SideFilter {
    fn from(s: ast::SideFilter) -> Self {
        match s {
            ast::SideFilter::Own => SideFilter::Own,
            ast::SideFilter::Enemy => SideFilter::Enemy,
            ast::SideFilter::Any => SideFilter::Any,
        }
    }
}

impl From<ast::NamedSet> for NamedSet {
    fn from(n: ast::NamedSet) -> Self {
        match n {
            ast::NamedSet::Target => NamedSet::Target,
            ast::NamedSet::Origin => NamedSet::Origin,
            ast::NamedSet::Mover => NamedSet::Mover,
            ast::NamedSet::Path => NamedSet::Path,
            ast::NamedSet::All => NamedSet::All,
            ast::NamedSet::Shielded => NamedSet::Shielded,
            ast::NamedSet::Blocked => NamedSet::Blocked,
            ast::NamedSet::Empty => NamedSet::Empty,
            ast::NamedSet::Light => NamedSet::Light,
            ast::NamedSet::Dark => NamedSet::Dark,
        }
    }
}

impl From<ast::Comparison> for Comparison {
    fn from(c: ast::Comparison) -> Self {
        match c {
            ast::Comparison::AtLeast => Comparison::AtLeast,
            ast::Comparison::AtMost => Comparison::AtMost,
            ast::Comparison::Equal => Comparison::Equal,
            ast::Comparison::NotEqual => Comparison::NotEqual,
            ast::Comparison::More => Comparison::More,
            ast::Comparison::Less => Comparison::Less,
        }
    }
}

impl From<ast::EndOutcome> for EndOutcome {
    fn from(o: ast::EndOutcome) -> Self {
        match o {
            ast::EndOutcome::Win => EndOutcome::Win,
            ast::EndOutcome::Loss => EndOutcome::Loss,
            ast::EndOutcome::Draw => EndOutcome::Draw,
            ast::EndOutcome::BothLose => EndOutcome::BothLose,
        }
    }
}
