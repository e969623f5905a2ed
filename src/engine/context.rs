//! What a move carries while its effects run: the follow-up choices it
//! made (`Answers`), what its trigger may ask of it (`MadeBy`), and what a
//! program's named sets refer to (`Context`). A leaf of the engine, shared
//! by the interpreter, making a move and the compound moves.

use super::moves::{Choice, Choices};
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};

/// What the move being played carries through its effects: its follow-up
/// choices, handed out in order to the effects that ask for one, and
/// whether an effect moved a piece whose moves reset the move-rule clock.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Answers {
    choices: Choices,
    next: u8,
    /// Whether an effect has already asked for a choice the move did not make.
    missed: bool,
    /// Whether a push or a bounce moved a `pawn` piece.
    pub(crate) moved_pawn: bool,
    /// The piece the move captured (empty if none): what `move(S as
    /// captured)` moves as.
    pub(crate) captured: Cell,
    /// The promotion of a capture whose piece moves on: made where the
    /// further move ends.
    pub(crate) promotion: Option<crate::base::piece::Kind>,
    /// Where the moving piece ended a further move (`move(mover as ...)`).
    pub(crate) moved_on: Option<Square>,
    /// The piece the move captured and where it stood, for placements.
    pub(crate) victim: Option<(Cell, Square)>,
    /// The squares placements put pieces on (a rook or king may regain
    /// its castling right there).
    pub(crate) placed: SquareSet,
}

impl Answers {
    /// The answers of a move that made `choices`.
    #[inline]
    pub(crate) fn new(choices: Choices) -> Answers {
        Answers {
            choices,
            next: 0,
            missed: false,
            moved_pawn: false,
            captured: Cell::EMPTY,
            promotion: None,
            moved_on: None,
            victim: None,
            placed: SquareSet::EMPTY,
        }
    }

    /// The next choice, as [`Answers::take`] gives it (for the compound
    /// moves' effects).
    #[inline]
    pub(crate) fn take_choice(&mut self) -> Result<Choice, bool> {
        self.take()
    }

    /// Whether the move has no answer left for the next choice, and none
    /// was missed before (marking it missed, as [`Answers::take`] does).
    #[inline]
    pub(super) fn open(&mut self) -> bool {
        self.choices.get(self.next as usize).is_none() && !std::mem::replace(&mut self.missed, true)
    }

    /// The next choice, if the move made it; `Err(true)` the first time
    /// the move runs out of choices (a probing trace is then told about
    /// the options), `Err(false)` after that.
    #[inline]
    pub(super) fn take(&mut self) -> Result<Choice, bool> {
        match self.choices.get(self.next as usize) {
            Some(c) => {
                self.next += 1;
                Ok(c)
            }
            None => Err(!std::mem::replace(&mut self.missed, true)),
        }
    }
}

/// What a rule's trigger may ask of the move that fired it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MadeBy {
    /// The move castled.
    pub castled: bool,
    /// The piece that made the move, as it was before it.
    pub moving: Cell,
}

/// What a program's named sets refer to while it runs.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// The side whose rule, move or action it is (`own`).
    pub side: Color,
    /// Where the moving piece stood.
    pub origin: Square,
    /// Where the move or action aims.
    pub target: Square,
    /// Where the moving piece stands now.
    pub mover: Square,
}
