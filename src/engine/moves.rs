//! The move type: a small copyable value that names everything a move does.

use crate::base::piece::Kind;
use crate::base::square::Square;

/// How a move is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The piece moves to an empty square.
    Quiet,
    /// The piece moves to an empty square over squares that become en
    /// passant targets (a pawn's double step).
    Initial,
    /// The piece captures the enemy piece on its destination.
    Capture,
    /// The piece captures en passant: the victim stands elsewhere.
    EnPassant,
    /// Castling by the variant's castling rule with this index.
    Castle(u8),
    /// The variant's action with this index, aimed at `to`.
    Action(u8),
}

/// A choice made with a move: a piece and the square it goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The square of the chosen piece.
    pub piece: Square,
    /// The square it goes to.
    pub to: Square,
}

/// One legal or pseudo-legal move.
///
/// For castling, `from` and `to` are the king's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square the moving piece leaves.
    pub from: Square,
    /// Square the moving piece arrives on.
    pub to: Square,
    /// How the move is carried out.
    pub kind: MoveKind,
    /// The kind the piece promotes to, if it does.
    pub promotion: Option<Kind>,
    /// A choice the mover made: a piece to bounce and where it goes, or the
    /// piece a chosen-direction push moves and the square it sends it to.
    pub choice: Option<Choice>,
    /// For a compelled move: the square of the piece that compels it (the
    /// moving piece may then belong to either side).
    pub controller: Option<Square>,
}

impl Move {
    /// A move with no promotion and no choice.
    #[inline]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: None,
            choice: None,
            controller: None,
        }
    }

    /// Whether the move removes an enemy piece.
    #[inline]
    pub fn is_capture(&self) -> bool {
        matches!(self.kind, MoveKind::Capture | MoveKind::EnPassant)
    }
}
