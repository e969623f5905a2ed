//! The effect-sentence syntax tree. Its leaves that name things (piece
//! letters, movement templates) are a [`Phase`]'s types: as parsed
//! ([`Parsed`]: letters and template text with their spans), or resolved by
//! the checker (`check::Resolved`: kind masks and parsed templates), so the
//! compiler reads a tree in which every name is already resolved.

pub use crate::base::vocabulary::{Comparison, EndOutcome, LineGoal, NamedSet, RanksFrom, SideFilter};
use std::fmt::Debug;
use std::ops::Range;

/// What a tree's naming leaves hold at one stage of the pipeline.
pub trait Phase {
    /// Which kinds of piece a set or count takes.
    type Kinds: Clone + Debug + PartialEq + Eq;
    /// A movement template inside a set (`lines(origin, Q)`).
    type Template: Clone + Debug + PartialEq + Eq;
    /// A region the variant names (`palace`).
    type Region: Clone + Debug + PartialEq + Eq;
    /// A castling right (`castling(Q)`).
    type Right: Clone + Debug + PartialEq + Eq;
}

/// The tree as parsed: letters and templates as written, with spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parsed;

impl Phase for Parsed {
    /// `None` takes every kind.
    type Kinds = Option<KindFilter>;
    type Template = TemplateText;
    type Region = RegionName;
    type Right = RightLetter;
}

/// A castling right's FEN letter as written inside a sentence (upper
/// case White's, lower case Black's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RightLetter {
    /// The letter.
    pub letter: char,
    /// Its byte range inside the sentence.
    pub span: Range<usize>,
}

/// A region's name as written inside a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionName {
    /// The name.
    pub name: String,
    /// Its byte range inside the sentence.
    pub span: Range<usize>,
}

/// A template as written inside a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateText {
    /// The template.
    pub text: String,
    /// Its byte range inside the sentence.
    pub span: Range<usize>,
}

/// Which kinds of piece a filter takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindFilter {
    /// Take every kind except these.
    pub negate: bool,
    /// The royal kinds (instead of letters).
    pub royal: bool,
    /// Piece letters with their spans.
    pub letters: Vec<(char, Range<usize>)>,
}

/// A set operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetOp {
    /// `+`
    Union,
    /// `-`
    Difference,
    /// `&`
    Intersection,
}

/// A shield written as a sentence: the squares of `squares`, read for each
/// side in turn, are protected from the effects named (`SHIELD_*` bits)
/// while `while_` holds for that side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShieldRule<P: Phase = Parsed> {
    /// The squares protected.
    pub squares: SetExpr<P>,
    /// The effects it protects from, as `SHIELD_*` bits.
    pub against: u8,
    /// The condition under which it protects (always when absent).
    pub while_: Option<Cond<P>>,
}

/// A square-set expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetExpr<P: Phase = Parsed> {
    /// A named set.
    Named(NamedSet),
    /// Squares holding pieces of a side and kinds.
    Pieces(SideFilter, P::Kinds),
    /// Squares within a radius.
    Area(Box<SetExpr<P>>, u8),
    /// The 8 neighbours, the set excluded.
    Adjacent(Box<SetExpr<P>>),
    /// Lines of a rider template through the set; with a count above 1,
    /// only the squares on the lines of at least that many of its squares;
    /// directions read as a side does (`Own`: the rule's).
    Lines(Box<SetExpr<P>>, P::Template, u8, RanksFrom),
    /// The first piece along each ray of a template from the set.
    First(Box<SetExpr<P>>, P::Template),
    /// The empty squares the moves of a template reach from the set
    /// (rides stop before the first piece or blocked square).
    Reach(Box<SetExpr<P>>, P::Template),
    /// Squares within a Manhattan radius.
    Manhattan(Box<SetExpr<P>>, u8),
    /// Ranks counted from a side's first rank, 1-based inclusive.
    Ranks(RanksFrom, u8, u8),
    /// Files, 0-based inclusive.
    Files(u8, u8),
    /// Two sets combined.
    Binary(SetOp, Box<SetExpr<P>>, Box<SetExpr<P>>),
    /// A region of the variant's `regions` list, read for a side (`Own`:
    /// the rule's; `enemy goal`: the other's).
    Region(RanksFrom, P::Region),
    /// The enemy pieces in an unbroken run along a ray of a rider
    /// template from a square of the set, closed by an own piece.
    Enclosed(Box<SetExpr<P>>, P::Template),
    /// The squares of the set from which a ray of a rider template runs
    /// over an unbroken run of enemy pieces closed by an own piece: where
    /// a piece of the rule's side would enclose some; with `true`
    /// (`through blocked`), blocked squares count as part of the run.
    Enclosing(Box<SetExpr<P>>, P::Template, bool),
    /// The squares of the pieces carrying a mark.
    Marked(MarkName),
    /// The origin and target of the last move when it was an action of
    /// this name (`last(swap)`), else no square.
    Last(ActionName),
}

/// A mark's name as written inside a sentence (`shot` in `marked(shot)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkName {
    /// The name.
    pub name: String,
    /// Its byte range inside the sentence.
    pub span: Range<usize>,
}

/// An action's name as written inside a sentence (`last(swap)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionName {
    /// The name.
    pub name: String,
    /// Its byte range inside the sentence.
    pub span: Range<usize>,
}

/// What kind a `transform` gives the pieces it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KindChange<P: Phase = Parsed> {
    /// A named kind (one letter).
    Kind(P::Kinds, Range<usize>),
    /// The kind of the piece the move captured.
    Captured,
    /// One step forward along the variant's `kind_sequence`.
    Next,
    /// One step back along it.
    Previous,
}

/// How a piece makes the further move of a compound move (`move(S as ...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveAs {
    /// As the piece the move captured moves: its kind, and its side's
    /// directions (a captured black pawn steps down the board).
    Captured,
    /// By its own moves.
    Own,
}

/// A number a condition compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Quantity<P: Phase = Parsed> {
    /// Pieces on the set.
    Count(SetExpr<P>),
    /// Pieces of these kinds removed so far, either side.
    Captured(P::Kinds),
    /// Squares in the set, empty or not.
    Squares(SetExpr<P>),
    /// Checks given so far by a side: `true` for the rule's own side.
    Checks(bool),
    /// Pieces of a side and kinds in hand.
    Held(SideFilter, P::Kinds),
    /// Passes made in a row by the moves that led here.
    Passes,
    /// The summed declared `value` of the pieces on the set.
    Material(SetExpr<P>),
}

/// A condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond<P: Phase = Parsed> {
    /// `true` or `false`.
    Truth(bool),
    /// `not c`
    Not(Box<Cond<P>>),
    /// `a and b`
    And(Box<Cond<P>>, Box<Cond<P>>),
    /// `a or b`
    Or(Box<Cond<P>>, Box<Cond<P>>),
    /// `quantity op number`
    Compare(Quantity<P>, Comparison, u32),
    /// Some square of the set holds a piece.
    Exists(SetExpr<P>),
    /// Some piece on the set is attacked by the other side; with a second
    /// set, by a piece standing on it (`attacked(S by T)`).
    Attacked(SetExpr<P>, Option<SetExpr<P>>),
    /// The set is not empty and every square of it is attacked (as by
    /// `Attacked`, with the same optional attackers' set):
    /// `attacked(every S)`.
    AttackedEvery(SetExpr<P>, Option<SetExpr<P>>),
    /// A square of the first set is next to one of the second.
    Touching(SetExpr<P>, SetExpr<P>),
    /// The first set is non-empty and inside the second.
    Within(SetExpr<P>, SetExpr<P>),
    /// The side to move has a legal move (not a drop) from a square of the
    /// first set to a square of the second (end rules only).
    CanReach(SetExpr<P>, SetExpr<P>),
    /// The move just made dropped a piece of these kinds (`dropped(P)`).
    Dropped(P::Kinds),
    /// The move just made was a castling with this right (`castled(q)`).
    Castled(P::Right),
    /// The right is still held (`castling(Q)`).
    CastlingRight(P::Right),
    /// `quantity op quantity + offset`: two numbers compared.
    Versus(Quantity<P>, Comparison, Quantity<P>, i32),
    /// The condition held before the last move, for the side that made it.
    Before(Box<Cond<P>>),
    /// `since(d, c)`: `d` held at one of the side to move's turns, and `c`
    /// at each of its turns after that one (end rules only).
    Since(Box<Cond<P>>, Box<Cond<P>>),
    /// `n` pieces of the set on one line along a direction of the
    /// template: in a row, or anywhere on it (`in_row`, `collinear`).
    Line(LineGoal, SetExpr<P>, u8, P::Template),
    /// `n` by `n` pieces of the set filling a square block (`in_block`).
    Block(SetExpr<P>, u8),
    /// A chain of pieces of the first set leads, by one step or more of
    /// the template's directions (one-way, read from the side given), from
    /// a piece on the second set to a piece on the third (`connected`).
    Connected(RanksFrom, Box<[SetExpr<P>; 3]>, P::Template),
    /// The move just made captured a piece (`capture`).
    Capture,
}

/// Which way a push goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Direction<P: Phase = Parsed> {
    /// The direction of the move.
    Along,
    /// Away from the nearest square of the set.
    AwayFrom(SetExpr<P>),
    /// A direction the mover chooses.
    Chosen,
}

/// One effect primitive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect<P: Phase = Parsed> {
    /// Remove the pieces on the set.
    Remove(SetExpr<P>),
    /// Push the pieces on the set.
    Push {
        /// What is pushed.
        set: SetExpr<P>,
        /// Which way.
        direction: Direction<P>,
        /// How many squares.
        distance: u8,
    },
    /// Block the squares of the set.
    Block(SetExpr<P>),
    /// Block one square of `among` that the mover chooses (not a blocked
    /// one, nor one shielded against `block`), and make the blocked
    /// squares of `unblocking` empty again (both sets read before either
    /// changes): a wall placed, or a wall moved.
    BlockChosen {
        /// The squares the mover may choose from.
        among: SetExpr<P>,
        /// Blocked squares that become empty again.
        unblocking: Option<SetExpr<P>>,
        /// A move after which `among` offers no square is illegal (else
        /// the effect does nothing and the move stands).
        required: bool,
    },
    /// Remove the acting piece, shields or not.
    Consume,
    /// Protect the squares of the set (fixed when the effect runs) from
    /// some effects (`SHIELD_*` bits) during the next `moves` moves.
    Shield {
        /// The squares protected.
        squares: SetExpr<P>,
        /// The effects they are protected from, as `SHIELD_*` bits.
        against: u8,
        /// How many moves, from the next one, the protection lasts.
        moves: u8,
    },
    /// Change the side of the pieces on the set: to the other side
    /// (`None`), or to the side named.
    Recolour {
        /// The pieces.
        set: SetExpr<P>,
        /// The side they join; `None`: each the other side.
        to: Option<RanksFrom>,
        /// Royal pieces change too.
        royal: bool,
    },
    /// Change the kind of the pieces on the set.
    Transform {
        /// The pieces.
        set: SetExpr<P>,
        /// What they become.
        to: KindChange<P>,
        /// Royal pieces change too.
        royal: bool,
        /// Where the kind is written in the sentence.
        span: Range<usize>,
    },
    /// Put a mark on the pieces of the set, for good or for some moves.
    Mark {
        /// The pieces.
        set: SetExpr<P>,
        /// The mark.
        mark: MarkName,
        /// Moves it lasts, from the next one (0: for good).
        moves: u8,
    },
    /// Take a mark off the pieces of the set.
    Unmark {
        /// The pieces.
        set: SetExpr<P>,
        /// The mark.
        mark: MarkName,
    },
    /// The mover may bounce one piece of the set away from `from`.
    Bounce {
        /// The pieces that may be bounced.
        set: SetExpr<P>,
        /// The square they bounce away from.
        from: SetExpr<P>,
        /// Whether a bounce into the promotion zone promotes.
        promote: bool,
    },
    /// One piece of the set, chosen by the mover, makes a further move
    /// that captures nothing (a compound move: Take&Make's make).
    MoveOn {
        /// The pieces that may move on (`mover`).
        set: SetExpr<P>,
        /// Whose moves it makes.
        as_: MoveAs,
        /// Where it may end (anywhere when absent).
        onto: Option<SetExpr<P>>,
        /// A move after which no such move exists is illegal (else the
        /// choice may be declined).
        required: bool,
    },
    /// The acting piece and the piece on the set's square exchange places.
    Exchange(SetExpr<P>),
    /// Put a piece on a square computed from the move.
    Place(Box<Placement<P>>),
}

/// Who a placement puts on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceWho<P: Phase = Parsed> {
    /// The piece the move captured, as it was (its kind and side); the
    /// byte range of the word, for errors (only `on capture` has one).
    Captured(Range<usize>),
    /// The piece that moved, as it stands now: moved away from its square.
    Mover,
    /// A new piece of a side (read for the rule's owner) and one kind.
    New(SideFilter, P::Kinds),
}

/// Whose game-array square `home` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeOf {
    /// The placed piece's.
    Placed,
    /// The captured piece's.
    Captured,
    /// The moving piece's, as it stands now.
    Mover,
}

/// Where a placement puts its piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceWhere<P: Phase = Parsed> {
    /// A game-array square of a piece's kind: of its own side, or of the
    /// other (`mirror`); with `rank`, the square of that square's rank on
    /// the reference square's file.
    Home {
        /// Whose kind and side.
        of: HomeOf,
        /// The other side's array.
        mirror: bool,
        /// Only the rank, on the reference file.
        rank: bool,
    },
    /// The point reflection through the board's centre.
    Reflect(Box<PlaceWhere<P>>),
    /// Files and ranks shifted, wrapping round the board.
    Shift(Box<PlaceWhere<P>>, i8, i8),
    /// The square the captured piece stood on (the target, or the square
    /// of a pawn taken en passant); the target when nothing was captured.
    CaptureSquare,
    /// The first square of the set that is empty, else its first square.
    Set(SetExpr<P>),
    /// A square of the set the mover chooses (`chosen S`): one of its empty
    /// squares (with `else remove`, one holding a piece too).
    Chosen(SetExpr<P>),
}

/// What a placement does when its square is taken, blocked or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupied {
    /// The piece is not placed (a moving piece is removed).
    Vanish,
    /// The move is illegal.
    Illegal,
    /// The occupant is removed and the piece placed (on a blocked square
    /// or off the board: as `Vanish`).
    Remove,
}

/// A placement: `place(captured, home)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement<P: Phase = Parsed> {
    /// Who appears.
    pub who: PlaceWho<P>,
    /// The kind it appears as, if not its own (`captured as next`), with
    /// the byte range of the kind, for errors.
    pub becomes: Option<(KindChange<P>, Range<usize>)>,
    /// Where.
    pub at: PlaceWhere<P>,
    /// When the square is taken.
    pub occupied: Occupied,
    /// Royal pieces are placed too.
    pub royal: bool,
    /// A piece placed in its promotion zone promotes (to the first choice;
    /// on a chosen square, to the one the mover chooses).
    pub promote: bool,
    /// The mover may decline the placement (`may place`).
    pub may: bool,
}

/// When a rule fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// After a capture.
    Capture,
    /// After a piece lands.
    Arrival,
    /// After every move.
    AfterMove {
        /// Not after castling.
        except_castling: bool,
    },
}

/// A triggered rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriggeredRule<P: Phase = Parsed> {
    /// When it fires.
    pub trigger: Trigger,
    /// Only for a move made by a piece of these kinds, as it was before the
    /// move (`by Q R`; every kind when absent).
    pub by: Option<P::Kinds>,
    /// Only if this holds.
    pub guard: Option<Cond<P>>,
    /// What happens, in order.
    pub effects: Vec<Effect<P>>,
}

/// A legality clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegalClause<P: Phase = Parsed> {
    /// The side that moved still has a royal piece, unless...
    Survives(Option<Cond<P>>),
    /// No royal piece of the side that moved is attacked, unless...; with
    /// `true` (`through new blocks`), the squares the move blocked are
    /// seen as empty by the attack test.
    NotAttacked(Option<Cond<P>>, bool),
    /// When a legal capture exists, only captures are legal.
    CapturesCompulsory,
    /// When a legal drop exists, only drops are legal.
    DropsCompulsory,
    /// No move may leave a position where the condition holds, judged for
    /// the side that moved (`not <condition>`).
    Forbids(Cond<P>),
    /// A move filter, `checks must mate` or `longest moves are compulsory`.
    Filter(super::filter_clause::FilterClause),
}

/// The condition of a game-end rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndCondition<P: Phase = Parsed> {
    /// No legal move, in check; with a condition, only when it holds too.
    Checkmate(Option<Cond<P>>),
    /// No legal move, not in check; with a condition, only when it holds too.
    Stalemate(Option<Cond<P>>),
    /// Moves by each side without capture or pawn move; with a condition,
    /// only when it holds too.
    MoveRule(u32, Option<Cond<P>>),
    /// Occurrences of the same position; with a condition, only when it
    /// holds too.
    Repetition(u32, Option<Cond<P>>),
    /// Occurrences of the same position, where a side gave check at every
    /// one of its moves since the first of them (`N repetitions by
    /// perpetual check`): the outcome is for that side; a draw when both
    /// sides did.
    PerpetualCheck(u32),
    /// Occurrences of the same position, where both sides gave check at
    /// every one of their moves since the first of them (`N repetitions by
    /// mutual perpetual check`); with a condition, only when it holds too.
    MutualPerpetualCheck(u32, Option<Cond<P>>),
    /// The side that moved has moved one piece back and forth between two
    /// squares with its last N moves (`N shuttles`, `N shuttles by not K
    /// A`: only a piece of those kinds; docs/effects.md, Game end).
    Shuttles(u32, P::Kinds),
    /// Any condition on the position: ends the game at once, in search too.
    Holds(Cond<P>),
    /// A dead position (`dead if <condition>`): ends the game in play, but
    /// search goes on below it, as published perft counts do.
    Dead(Cond<P>),
    /// The variant's count of moves (its `counting` field) has gone past
    /// its limit (`counting over`): ends the game in play only.
    CountingOver,
}

impl<P: Phase> EndCondition<P> {
    /// The condition the rule reads, if it reads one (its `if` condition,
    /// or the condition itself).
    pub fn cond(&self) -> Option<&Cond<P>> {
        match self {
            EndCondition::Checkmate(c)
            | EndCondition::Stalemate(c)
            | EndCondition::MoveRule(_, c)
            | EndCondition::Repetition(_, c)
            | EndCondition::MutualPerpetualCheck(_, c) => c.as_ref(),
            EndCondition::Holds(c) | EndCondition::Dead(c) => Some(c),
            EndCondition::PerpetualCheck(_) | EndCondition::Shuttles(..) | EndCondition::CountingOver => None,
        }
    }
}

/// A game-end rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRule<P: Phase = Parsed> {
    /// When.
    pub condition: EndCondition<P>,
    /// What result.
    pub outcome: EndOutcome,
}
