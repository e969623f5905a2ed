//! The move type: a small copyable value that names everything a move does.

use crate::base::action::ActionId;
use crate::base::castling_id::CastlingId;
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
    Castle(CastlingId),
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

/// A choice slot's tag byte: no choice (the slots past the last).
const TAG_NONE: u8 = 0;
/// A piece and where it goes.
const TAG_PIECE: u8 = 1;
/// A direction.
const TAG_DIRECTION: u8 = 2;
/// A square.
const TAG_SQUARE: u8 = 3;
/// A placement's square with no promotion; `TAG_PLACE + 1 + k` with a
/// promotion to kind `k`.
const TAG_PLACE: u8 = 4;

// Every promotion of a placed piece has a tag of its own.
const _: () = assert!(TAG_PLACE as usize + 1 + crate::base::piece::MAX_KINDS <= u8::MAX as usize);

/// The follow-up choices of a move, in the order its effects ask for them
/// (an action's effects, then capture, arrival and after-move rules, each
/// in file order). Every effect that offers a choice takes the next one.
///
/// Each choice is three bytes: its piece's square, its target and a tag
/// byte that says what was chosen and, for a placement, the kind the placed
/// piece promotes to (so a move's size does not grow with the promotion).
/// The tag of a slot past the last choice is 0; unused squares are 0 too,
/// so equal choices compare and hash equal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Choices {
    pieces: [Square; MAX_CHOICES],
    targets: [Square; MAX_CHOICES],
    tags: [u8; MAX_CHOICES],
}

impl Choices {
    /// No choice.
    pub const NONE: Choices = Choices {
        pieces: [Square::new(0); MAX_CHOICES],
        targets: [Square::new(0); MAX_CHOICES],
        tags: [TAG_NONE; MAX_CHOICES],
    };

    /// How many choices there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.tags.iter().take_while(|&&t| t != TAG_NONE).count()
    }

    /// Whether the move makes no choice.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.tags[0] == TAG_NONE
    }

    /// Choice `i`, if the move makes that many.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Choice> {
        let kind = match *self.tags.get(i)? {
            TAG_NONE => return None,
            TAG_PIECE => ChoiceKind::Piece,
            TAG_DIRECTION => ChoiceKind::Direction,
            TAG_SQUARE => ChoiceKind::Square,
            TAG_PLACE => ChoiceKind::Place(None),
            tag => ChoiceKind::Place(Some(Kind::new(tag - TAG_PLACE - 1))),
        };
        Some(Choice {
            piece: self.pieces[i],
            to: self.targets[i],
            kind,
        })
    }

    /// The choices in order.
    pub fn iter(&self) -> impl Iterator<Item = Choice> + '_ {
        (0..MAX_CHOICES).map_while(|i| self.get(i))
    }

    /// These choices followed by `c`, or `None` when there are already
    /// [`MAX_CHOICES`] (or `c` promotes to a kind past
    /// [`MAX_KINDS`](crate::base::piece::MAX_KINDS), which no variant has).
    #[inline]
    pub fn with(self, c: Choice) -> Option<Choices> {
        let i = self.len();
        if i >= MAX_CHOICES {
            return None;
        }
        let tag = match c.kind {
            ChoiceKind::Piece => TAG_PIECE,
            ChoiceKind::Direction => TAG_DIRECTION,
            ChoiceKind::Square => TAG_SQUARE,
            ChoiceKind::Place(None) => TAG_PLACE,
            ChoiceKind::Place(Some(k)) if k.index() < crate::base::piece::MAX_KINDS => TAG_PLACE + 1 + k.get(),
            ChoiceKind::Place(Some(_)) => return None,
        };
        let mut out = self;
        out.pieces[i] = c.piece;
        out.targets[i] = c.to;
        out.tags[i] = tag;
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
    fn a_move_stays_small() {
        // A move is copied into every list and out of it for each make:
        // the promotion of a placed piece rides in its choice's tag byte
        // rather than in bytes of its own (chess perft 4 cost 2.3% more
        // instructions while a move was 19 bytes).
        assert_eq!(std::mem::size_of::<Choices>(), 3 * MAX_CHOICES);
        assert!(std::mem::size_of::<Move>() <= 17, "{}", std::mem::size_of::<Move>());
    }

    #[test]
    fn every_placed_promotion_round_trips() {
        for k in 0..crate::base::piece::MAX_KINDS {
            let c = Choice {
                piece: Square::new(9),
                to: Square::new(200),
                kind: ChoiceKind::Place(Some(Kind::from_index(k))),
            };
            let choices = Choices::NONE.with(c).unwrap();
            assert_eq!(choices.len(), 1);
            assert_eq!(choices.get(0), Some(c));
            assert_eq!(choices.get(1), None);
        }
        let past = Choice {
            piece: Square::new(0),
            to: Square::new(0),
            kind: ChoiceKind::Place(Some(Kind::new(255))),
        };
        assert_eq!(Choices::NONE.with(past), None, "no tag for it");
        assert!(Choices::NONE.is_empty());
        assert_eq!(Choices::NONE.len(), 0);
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
