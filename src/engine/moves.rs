//! The move type: a small copyable value that names everything a move does.

use crate::base::action::ActionId;
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
    Action(ActionId),
    /// A piece of this kind from the mover's hand onto the empty `to`
    /// (`from` is `to`).
    Drop(Kind),
    /// A pass: nothing moves, the turn goes over. `from` and `to` are the
    /// square of the mover's royal piece (else of its first piece), as
    /// Fairy-Stockfish writes a pass (`e2e2`).
    Pass,
}

/// What a follow-up choice picks, which also says how it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceKind {
    /// A direction, named by the square next to `piece` that it points
    /// at (a `chosen` push): written `/f3`.
    Direction,
    /// A piece and the square it goes to (a bounce): written `,f8g8`.
    Piece,
    /// A square (to block), `piece` being the mover's square: written
    /// after it, as Fairy-Stockfish writes a wall, `,e4d5`.
    Square,
    /// A square for a placed piece (`place(WHO, chosen S)`), `piece` being
    /// the placement's reference square (where the captured piece stood),
    /// with the kind a placed piece promotes to there, if it does:
    /// written as a piece and where it goes, `,d1h5`, the promotion
    /// letter after it (`,d1a1q`).
    Place(Option<Kind>),
}

/// One follow-up choice made with a move: a piece and the square it goes
/// to (or, for a direction, the square it points at).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The square of the chosen piece.
    pub piece: Square,
    /// The square it goes to.
    pub to: Square,
    /// What was chosen.
    pub kind: ChoiceKind,
}

pub use crate::base::limits::MAX_CHOICES;

// The kinds of up to 4 choices share one byte.
const _: () = assert!(MAX_CHOICES <= 4);

/// The follow-up choices of a move, in the order its effects ask for them
/// (an action's effects, then capture, arrival and after-move rules, each
/// in file order). Every effect that offers a choice takes the next one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Choices {
    pieces: [Square; MAX_CHOICES],
    targets: [Square; MAX_CHOICES],
    /// Bit `i` set when choice `i` is a direction, bit `4 + i` when it
    /// is a square, both when it is a placement's square (one byte).
    kinds: u8,
    len: u8,
    /// Per choice, the kind a placed piece promotes to (its index + 1; 0
    /// for none).
    promotions: [u8; MAX_CHOICES],
}

impl Choices {
    /// No choice.
    pub const NONE: Choices = Choices {
        pieces: [Square::new(0); MAX_CHOICES],
        targets: [Square::new(0); MAX_CHOICES],
        kinds: 0,
        len: 0,
        promotions: [0; MAX_CHOICES],
    };

    /// How many choices there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the move makes no choice.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Choice `i`, if the move makes that many.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Choice> {
        (i < self.len()).then(|| Choice {
            piece: self.pieces[i],
            to: self.targets[i],
            kind: match (self.kinds >> i & 1 != 0, self.kinds >> (4 + i) & 1 != 0) {
                (true, true) => ChoiceKind::Place(self.promotions[i].checked_sub(1).map(Kind::new)),
                (true, false) => ChoiceKind::Direction,
                (false, true) => ChoiceKind::Square,
                (false, false) => ChoiceKind::Piece,
            },
        })
    }

    /// The choices in order.
    pub fn iter(&self) -> impl Iterator<Item = Choice> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// These choices followed by `c`, or `None` when there are already
    /// [`MAX_CHOICES`].
    #[inline]
    pub fn with(self, c: Choice) -> Option<Choices> {
        let i = self.len();
        if i >= MAX_CHOICES {
            return None;
        }
        let mut out = self;
        out.pieces[i] = c.piece;
        out.targets[i] = c.to;
        match c.kind {
            ChoiceKind::Direction => out.kinds |= 1 << i,
            ChoiceKind::Square => out.kinds |= 1 << (4 + i),
            ChoiceKind::Place(promotion) => {
                out.kinds |= 1 << i | 1 << (4 + i);
                out.promotions[i] = promotion.map_or(0, |k| k.get() + 1);
            }
            ChoiceKind::Piece => {}
        }
        out.len += 1;
        Some(out)
    }
}

/// A piece from the mover's hand that enters, as part of a move, on a
/// square a piece holding a gating right left (`gating`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// The kind that enters.
    pub kind: Kind,
    /// Where: the moving piece's square, or for castling the rook's.
    pub square: Square,
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
    /// The follow-up choices the mover made: a piece to bounce and where
    /// it goes, the direction of a `chosen` push, in the order asked.
    pub choices: Choices,
    /// For a compelled move: the square of the piece that compels it (the
    /// moving piece may then belong to either side).
    pub controller: Option<Square>,
    /// A piece from the hand gated in on a square the move left.
    pub gate: Option<Gate>,
}

impl Move {
    /// A move with no promotion and no follow-up choice.
    #[inline]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: None,
            choices: Choices::NONE,
            controller: None,
            gate: None,
        }
    }

    /// Whether the move removes an enemy piece.
    #[inline]
    pub fn is_capture(&self) -> bool {
        matches!(self.kind, MoveKind::Capture | MoveKind::EnPassant)
    }

    /// Whether the move drops a piece from a hand.
    pub fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop(_))
    }
}

/// A move refused by a checked make ([`Position::try_make`],
/// [`Game::try_play`]): it is not one of the position's legal moves.
///
/// [`Position::try_make`]: crate::Position::try_make
/// [`Game::try_play`]: crate::Game::try_play
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the move is not legal in this position")]
pub struct IllegalMove {
    /// The move refused.
    pub mv: Move,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_keep_their_kinds_in_order() {
        let kinds = [ChoiceKind::Square, ChoiceKind::Direction];
        let mut choices = Choices::NONE;
        for (i, &kind) in kinds.iter().enumerate() {
            choices = choices
                .with(Choice {
                    piece: Square::from_index(i),
                    to: Square::from_index(10 + i),
                    kind,
                })
                .unwrap();
        }
        let got: Vec<ChoiceKind> = choices.iter().map(|c| c.kind).collect();
        assert_eq!(got, kinds);
        assert_eq!(choices.get(0).map(|c| c.to), Some(Square::new(10)));
        let piece = Choice {
            piece: Square::new(0),
            to: Square::new(1),
            kind: ChoiceKind::Piece,
        };
        assert_eq!(choices.with(piece), None, "at most MAX_CHOICES");
        assert_eq!(Choices::NONE.with(piece).and_then(|c| c.get(0)), Some(piece));
    }

    #[test]
    fn a_placement_choice_keeps_its_promotion() {
        let place = |promotion| Choice {
            piece: Square::new(3),
            to: Square::new(0),
            kind: ChoiceKind::Place(promotion),
        };
        let (queen, none) = (place(Some(Kind::new(4))), place(None));
        let choices = Choices::NONE.with(none).and_then(|c| c.with(queen)).unwrap();
        assert_eq!(choices.iter().collect::<Vec<_>>(), [none, queen]);
        assert_ne!(
            Choices::NONE.with(none),
            Choices::NONE.with(queen),
            "moves differ by the promotion"
        );
    }
}
