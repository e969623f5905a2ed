//! The engine's IR for a variant's sentences: effect programs as flat
//! arrays of small nodes that refer to each other by index, and the tables
//! they read. The engine evaluates them with no strings, no maps and no
//! allocation. The words it shares with the effect-sentence syntax tree
//! (sides, named sets, comparisons, outcomes) live in `base::vocabulary`;
//! this file, its submodules and the engine read no syntax-tree or
//! checker type: they import only `base`. Placements', move filters',
//! legality clauses' and game ends' nodes, and the per-move tables
//! (removal reach, clock resets), live in submodules of their own,
//! re-exported here.

use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Square, SquareSet};
pub use crate::base::vocabulary::{Comparison, EndOutcome, LineGoal, NamedSet, RanksFrom, SideFilter};

mod filters;
mod game_ends;
mod move_tables_ir;
mod place_nodes;

pub use filters::{FilterNode, MoveFilter, MoveFilters};
pub use game_ends::{CheckEnds, Counting, CountingStart, End, Legal, LineSupport};
pub use move_tables_ir::{BounceSteps, ClockResets, RemovalReach};
pub use place_nodes::{
    CompiledPlacement, HomeOwner, Homes, PlaceBase, PlaceFrom, PlaceStep, RemovalLandings, WhenTaken, home_base,
};

/// Index of a set node.
pub type SetId = u32;
/// Index of a condition node.
pub type CondId = u32;

/// A square-set node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetNode {
    /// A named set: target, origin, mover, path, all, shielded, blocked, empty.
    Named(NamedSet),
    /// The origin and target of the last move when it was one of these
    /// actions (bit `i` for action `i`), else no square: `last(swap)`.
    Last(u64),
    /// Pieces of a side whose kind is in the mask.
    Pieces {
        /// Relative side.
        side: SideFilter,
        /// The kinds.
        kinds: KindSet,
    },
    /// Squares within `radius` of the set.
    Area {
        /// The set.
        set: SetId,
        /// King steps.
        radius: u8,
    },
    /// The set's neighbours.
    Adjacent {
        /// The set.
        set: SetId,
    },
    /// Squares within a Manhattan radius of the set.
    Manhattan {
        /// The set.
        set: SetId,
        /// Index into [`Programs::manhattan`] (the radius).
        radius: u8,
    },
    /// The first piece along each ray of a template, from a precomputed table.
    First {
        /// The set.
        set: SetId,
        /// Index into [`Programs::rays`].
        table: u32,
    },
    /// The empty squares along each ray of a template, from the set, up
    /// to the first square that is not empty (a leap's ray is its one
    /// landing square).
    Reach {
        /// The set.
        set: SetId,
        /// Index into [`Programs::rays`].
        table: u32,
    },
    /// Lines through the set, from a precomputed table.
    Lines {
        /// The set.
        set: SetId,
        /// Index into [`Programs::lines`].
        table: u32,
        /// Only the squares on the lines of at least this many squares of
        /// the set (1: every line).
        at_least: u8,
    },
    /// A zone per side, from a precomputed table.
    Zone {
        /// Index into [`Programs::zones`].
        table: u32,
    },
    /// The enemy pieces in an unbroken run along a ray of a template from
    /// a square of the set, closed by an own piece (from a rays table).
    Enclosed {
        /// The set.
        set: SetId,
        /// Index into [`Programs::rays`].
        table: u32,
    },
    /// The squares of the set from which a ray of a template runs over an
    /// unbroken run of enemy pieces closed by an own piece (from a rays
    /// table).
    Enclosing {
        /// The set.
        set: SetId,
        /// Index into [`Programs::rays`].
        table: u32,
        /// Blocked squares count as part of the run (`through blocked`).
        through_blocked: bool,
    },
    /// The squares of the pieces carrying mark `i` (an index into the
    /// variant's mark names).
    Marked(u8),
    /// `a + b`
    Union(SetId, SetId),
    /// `a - b`
    Difference(SetId, SetId),
    /// `a & b`
    Intersection(SetId, SetId),
}

/// A condition node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CondNode {
    /// A constant.
    Truth(bool),
    /// Negation.
    Not(CondId),
    /// Both.
    And(CondId, CondId),
    /// Either.
    Or(CondId, CondId),
    /// Pieces on a set compared with a number.
    Count(SetId, Comparison, u32),
    /// A capture counter compared with a number.
    Captured(u8, Comparison, u32),
    /// Checks given by a side (`true`: the context's side) compared with a number.
    Checks(bool, Comparison, u32),
    /// Squares of a set (empty or not) compared with a number.
    Squares(SetId, Comparison, u32),
    /// Some square of the set holds a piece.
    Exists(SetId),
    /// Some piece on the set is attacked by the other side; with a second
    /// set, by a piece standing on it.
    Attacked(SetId, Option<SetId>),
    /// The set is not empty and each of its squares is attacked.
    AttackedEvery(SetId, Option<SetId>),
    /// The two sets touch.
    Touching(SetId, SetId),
    /// The first set is non-empty and inside the second.
    Within(SetId, SetId),
    /// The side to move has a legal move (not a drop) from a square of the
    /// first set to a square of the second.
    CanReach(SetId, SetId),
    /// Pieces in hand of a side and the kinds of a mask, compared with a number.
    Held(SideFilter, KindSet, Comparison, u32),
    /// Passes made in a row by the moves that led here, compared.
    Passes(Comparison, u32),
    /// The move just made dropped a piece of a kind in the mask.
    Dropped(KindSet),
    /// The move just made was a castling with a right in the mask.
    Castled(u16),
    /// A castling right in the mask is held.
    CastlingRight(u16),
    /// Two numbers compared, the second plus a constant.
    Versus(QuantityNode, Comparison, QuantityNode, i32),
    /// `before(...)` condition number `i` of [`Programs::before`] held
    /// before the last move (a bit the move left in the position).
    Before(u8),
    /// `since(...)` condition number `i` of [`Programs::since`] holds for
    /// the side to move (a bit per side the position keeps).
    Since(u8),
    /// The move just made captured a piece.
    Capture,
    /// `n` pieces of the set on one line (in a row, or anywhere on it),
    /// tested against the masks of a [`Programs::line_masks`] table.
    Line {
        /// In a row, or anywhere on the line.
        goal: LineGoal,
        /// The set whose pieces count.
        set: SetId,
        /// How many pieces.
        n: u8,
        /// Index into [`Programs::line_masks`].
        table: u32,
    },
    /// A chain of pieces of `set` leads from a piece on `from` to one on
    /// `to` by one step or more along the first square of each ray of a
    /// [`Programs::rays`] table, read for `side`.
    Connected {
        /// The pieces that make the chain.
        set: SetId,
        /// Where it starts.
        from: SetId,
        /// Where it must arrive.
        to: SetId,
        /// Index into [`Programs::rays`].
        table: u32,
        /// Whose reading of the directions.
        side: RanksFrom,
    },
}

/// The masks a line goal tests, for each square: one per line direction
/// (a direction and its opposite are one line), each counted from that
/// square onwards. For `in_row(S, n, T)`, the `n - 1` squares that follow
/// the square (only where the board holds them all): a row holds when a
/// piece of the set has every square of one mask in the set too. For
/// `collinear(S, n, T)`, every square that follows it to the edge: the
/// line holds when a piece of the set sees `n - 1` more of them on one
/// mask (the first piece of a line sees all the others). For
/// `in_block(S, n)`, one mask per square: the rest of the `n` by `n` block
/// whose lower left corner it is, tested as a row is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineMasks {
    /// Where each square's masks start in `masks`; one entry more than
    /// there are squares.
    pub starts: Vec<u32>,
    /// Every square's masks, square after square.
    pub masks: Vec<SquareSet>,
}

impl LineMasks {
    /// The masks of square `sq`.
    #[inline]
    pub fn of(&self, sq: Square) -> &[SquareSet] {
        let i = sq.index();
        match (self.starts.get(i), self.starts.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.masks[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// A number a two-sided comparison reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantityNode {
    /// Pieces on the set.
    Count(SetId),
    /// Squares of the set.
    Squares(SetId),
    /// The summed declared values of the pieces on the set.
    Material(SetId),
    /// Pieces in hand of a side and the kinds of a mask.
    Held(SideFilter, KindSet),
    /// Pieces removed, by counter.
    Captured(u8),
    /// Passes in a row.
    Passes,
    /// The number 0 (a comparison with a constant).
    Zero,
}

/// One step of an effect program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Remove the pieces on the set.
    Remove(SetId),
    /// Push the pieces on the set.
    Push {
        /// What is pushed.
        set: SetId,
        /// Which way.
        direction: PushDirection,
        /// How many squares.
        distance: u8,
    },
    /// Block the squares of the set.
    Block(SetId),
    /// Block one square of `among` that the mover chooses (not blocked,
    /// not shielded against `block`), freeing the blocked squares of
    /// `unblocking`; both sets are read before either changes.
    BlockChosen {
        /// The squares to choose from.
        among: SetId,
        /// Blocked squares that become empty again.
        unblocking: Option<SetId>,
        /// A move after which `among` offers no square is illegal.
        required: bool,
        /// Whether it is the last effect of the last `after move` rule:
        /// nothing a move does comes after it.
        last: bool,
    },
    /// Protect the squares of the set from the effects of `against`
    /// (`SHIELD_*` bits) during the next `moves` moves.
    Shield {
        /// The squares.
        set: SetId,
        /// The effects, as `SHIELD_*` bits.
        against: u8,
        /// How many moves, from the next one.
        moves: u8,
    },
    /// Remove the acting piece, shields or not.
    Consume,
    /// Change the side of the pieces on the set.
    Recolour {
        /// The pieces.
        set: SetId,
        /// The side they join, read for the rule's side; `None`: each the
        /// other side.
        to: Option<RanksFrom>,
        /// Royal pieces change too.
        royal: bool,
    },
    /// Change the kind of the pieces on the set.
    Transform {
        /// The pieces.
        set: SetId,
        /// What they become.
        to: KindTo,
        /// Royal pieces change too.
        royal: bool,
    },
    /// Put mark `mark` on the pieces of the set, for `moves` moves from
    /// the next one (0: for good).
    Mark {
        /// The pieces.
        set: SetId,
        /// The mark's index.
        mark: u8,
        /// Moves it lasts (0: for good).
        moves: u8,
    },
    /// Take mark `mark` off the pieces of the set.
    Unmark {
        /// The pieces.
        set: SetId,
        /// The mark's index.
        mark: u8,
    },
    /// Put a piece on a square computed from the move: the placement
    /// [`Programs::placements`] holds at this index.
    Place(u16),
    /// Bounce the chosen piece of the set away from `from`.
    Bounce {
        /// Pieces that may be chosen.
        set: SetId,
        /// What they bounce away from.
        from: SetId,
        /// Whether a bounce into the promotion zone promotes.
        promote: bool,
        /// Whether it is the last effect of the last `after move` rule:
        /// nothing a move does comes after it.
        last: bool,
    },
    /// A compound move: the mover chooses a piece of the set, which moves
    /// on without capturing, by the moves of the captured piece (its kind
    /// and side) or by its own; the move's promotion, if any, happens
    /// where it ends.
    MoveOn {
        /// The pieces that may move on.
        set: SetId,
        /// As the captured piece moves (else by its own moves).
        as_captured: bool,
        /// Where it may end.
        onto: Option<SetId>,
        /// A move after which no piece of the set can move on is illegal.
        required: bool,
        /// Nothing a move does comes after it: the only rules are `on
        /// capture` rules, no two of which fire for one move, and it ends
        /// its rule.
        last: bool,
    },
    /// The acting piece and the piece on the set's square exchange places.
    Exchange(SetId),
}

/// The kind a `transform` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindTo {
    /// This kind.
    Kind(Kind),
    /// The kind of the piece the move captured (no change after a move
    /// that captured none).
    Captured,
    /// One step forward along the variant's kind sequence.
    Next,
    /// One step back along it.
    Previous,
}

/// Pieces in hand and drops, compiled.
#[derive(Clone, Debug, Default)]
pub struct Drops {
    /// A piece captured by a move joins the captor's hand.
    pub captures_to_hand: bool,
    /// A captured promoted piece joins the hand as the piece it promoted
    /// from (promoted pieces are marked); otherwise as it stands.
    pub demote_captured: bool,
    /// Per kind: the set its drops are limited to (its empty squares), or
    /// `None` for any empty square.
    pub zones: Vec<Option<SetId>>,
    /// Kinds dropped split over the square colours (`split_colours`).
    pub split_colours: Vec<Kind>,
    /// Endless hands (`free`): every held kind may always be dropped, and
    /// no hand is counted.
    pub free: bool,
    /// A piece in hand may enter, as part of a move, on the square a
    /// piece holding a gating right leaves (`gating`).
    pub gating: bool,
    /// Pieces in hand may be dropped as moves of their own (else they
    /// only gate).
    pub drop_moves: bool,
}

/// Which way a push goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushDirection {
    /// The direction of the move.
    Along,
    /// Away from the nearest square of a set.
    AwayFrom(SetId),
    /// The direction the mover chose: towards the move's choice square.
    Chosen,
}

/// A triggered rule, compiled.
#[derive(Clone, Debug)]
pub struct CompiledRule {
    /// Fires only for a move made by a piece of these kinds (as it was
    /// before the move); every kind when `None`.
    pub by: Option<KindSet>,
    /// Fires only when this holds.
    pub guard: Option<CondId>,
    /// What happens.
    pub ops: Vec<Op>,
    /// (After-move rules) not after castling.
    pub except_castling: bool,
}

/// An action, compiled.
#[derive(Clone, Debug)]
pub struct CompiledAction {
    /// The kind that takes it; `None` for a side's action.
    pub owner: Option<Kind>,
    /// Name, for notation.
    pub name: String,
    /// Targets from a template: move tables with one kind (index 0).
    pub tables: Option<super::tables::MoveTables>,
    /// With `tables` of captures only: [`MoveTables::capture_reach`](super::tables::MoveTables::capture_reach).
    pub capture_reach: Vec<SquareSet>,
    /// Targets as a set.
    pub target: Option<SetId>,
    /// The piece stays on its square.
    pub stays: bool,
    /// Bit in [`Position`](crate::engine::position::Position)'s once-used mask.
    pub once_bit: Option<u8>,
    /// Condition, evaluated per target.
    pub when: Option<CondId>,
    /// Whether `when` depends on the target (else it is evaluated once per piece).
    pub when_uses_target: bool,
    /// Where `when` reads only the origin and squares fixed at load time:
    /// the origins, per side, where it holds (see `compile::origin_conds`).
    pub when_origins: Option<[SquareSet; 2]>,
    /// What happens.
    pub ops: Vec<Op>,
    /// Compels the piece on the target to make one of its own moves.
    pub compel: bool,
    /// Whether its own effects ask for a follow-up choice.
    pub asks: bool,
    /// Whether they ask for exactly one choice, a `chosen` push, and no
    /// rule asks for any: its options (the squares around the target) are
    /// then known without playing the action, and generated with it.
    pub asks_one_direction: bool,
    /// The piece promotes: one move per promotion choice.
    pub promotes: bool,
    /// Its effects only turn squares into walls (blocks, or a removal of
    /// squares known from the move alone that are then blocked) and no
    /// piece moves: with no shield, hopper or after-move rule, such an
    /// action adds no attack anywhere (each emptied square is walled), so
    /// it leaves no royal piece outside its squares attacked that was not.
    pub walls_only: bool,
    /// For a side's `walls_only` action: the squares it walls, per side it
    /// is played for, per square it is aimed at (its origin, target and
    /// mover at once), where the blocked sets read nothing else (see
    /// `compile::side_walls`).
    pub walls_by_square: Option<[Vec<SquareSet>; 2]>,
    /// How the game record writes it (`{origin}`, `{target}`, `{removed}`).
    pub record: Option<String>,
}

/// Pieces of some kinds and side, anywhere or on a zone: what an end
/// rule's guard asks for (see [`Programs::holds_guards`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PiecesOn {
    /// Relative side.
    pub side: SideFilter,
    /// The kinds.
    pub kinds: KindSet,
    /// Index into [`Programs::zones`], if only pieces there count.
    pub zone: Option<u32>,
}

/// Every program of a variant and the tables they read.
#[derive(Clone, Debug, Default)]
pub struct Programs {
    /// A `not attacked` clause says `through new blocks`: judging a move,
    /// the attack test sees the squares the move blocked as empty.
    pub attacks_through_new_blocks: bool,
    /// Some side's action has its walls tabled
    /// (`CompiledAction::walls_by_square`): perft's last ply counts those
    /// the shortcut judges instead of listing them.
    pub side_walls_tabled: bool,
    /// Set nodes.
    pub sets: Vec<SetNode>,
    /// Condition nodes.
    pub conds: Vec<CondNode>,
    /// Area masks per radius (index = radius), per square.
    pub areas: Vec<Vec<SquareSet>>,
    /// Line masks per table, per side of the rule's owner (`f` and `b`
    /// read from that side), per square.
    pub lines: Vec<[Vec<SquareSet>; 2]>,
    /// Manhattan masks per radius (index = radius), per square.
    pub manhattan: Vec<Vec<SquareSet>>,
    /// Rays per table, per side of the rule's owner, per square: each
    /// ray's squares, nearest first.
    pub rays: Vec<[Vec<Vec<Vec<Square>>>; 2]>,
    /// Zones per table, per side.
    pub zones: Vec<[SquareSet; 2]>,
    /// Line-goal masks per table, per side of the rule's owner (`f` and
    /// `b` read from that side).
    pub line_masks: Vec<[LineMasks; 2]>,
    /// Kind masks of the `captured(...)` counters.
    pub counters: Vec<KindSet>,
    /// The `not <condition>` clauses whose condition reads only lines
    /// from royal pieces.
    pub forbid_lines: Vec<LineSupport>,
    /// Some `not <condition>` clause may read anything: a move's legality
    /// is judged by playing it.
    pub forbids_opaque: bool,
    /// The `before(...)` bits of `not (before(x) and ...)` clauses (each
    /// `x`'s): such a clause judges moves one by one only where its `x`
    /// holds for the side to move; elsewhere it holds for every move.
    pub forbid_gates: u8,
    /// Every `own royal survives` clause holds without its `unless`, or has
    /// `unless not exists(enemy royal)`: a move that removes every royal
    /// piece of its side is then legal exactly when it removes every enemy
    /// royal piece too (and no `not` clause judges it), read without
    /// playing it where the move's removals are known.
    pub survives_unless_no_enemy_royal: bool,
    /// Some `not` clause is `not attacked(enemy royal)`: giving check is
    /// illegal, and move generation judges a plain move by an attack test
    /// on the board it leaves, without playing it.
    pub forbids_checks: bool,
    /// Every square of the board.
    pub all: SquareSet,
    /// The light squares (a1 is dark).
    pub light: SquareSet,
    /// Rules fired by captures.
    pub on_capture: Vec<CompiledRule>,
    /// Rules fired when a piece lands.
    pub on_arrival: Vec<CompiledRule>,
    /// Rules fired after every move.
    pub after_move: Vec<CompiledRule>,
    /// Whether some effect asks the mover for a follow-up choice (a
    /// `chosen` push, a bounce) whose options are not known in advance:
    /// move generation then plays the moves that may ask, to find their
    /// continuations.
    pub has_choices: bool,
    /// Which rules ask for follow-up choices: `[on capture, on arrival,
    /// after move]`.
    pub rules_ask: [bool; 3],
    /// Pieces in hand and drops, if the variant has them.
    pub drops: Option<Drops>,
    /// Whether the only rule is one `after move` rule whose one effect is
    /// a bounce: a move that declines it is then a plain move.
    pub bounce_only: bool,
    /// With `bounce_only`, when the bounce moves pieces away from the
    /// mover and only pieces within this many king steps of it: a move
    /// after which no such piece could bounce asks for nothing, which
    /// move generation sees without playing it.
    pub bounce_reach: Option<u8>,
    /// With `bounce_reach`: the rule has no condition, the pieces it may
    /// bounce are a set fixed by the move's squares (`adjacent(mover)`),
    /// no shield may stop a bounce and no condition counts checks. A plain
    /// move's bounce options are then read from the position before it,
    /// and each option judged on the board it leaves, neither played.
    pub bounce_direct: bool,
    /// With `bounce_direct`, the set is the whole reach around the mover
    /// (`adjacent(mover)`, `area(mover, r)`): no need to evaluate it.
    pub bounce_whole_reach: bool,
    /// With `bounce_direct`, for the mover on `m` and a piece on `sq`
    /// (index `m * squares + sq`): the square one step directly away from
    /// `m`, or `sq` itself when that is off the board (or `sq == m`).
    pub bounce_away: Vec<Square>,
    /// With `bounce_whole_reach`, for the mover on `m`: the pieces' squares
    /// within reach that have a square directly away from `m` on the
    /// board, each with that square, in square order:
    /// `bounce_pairs[bounce_pairs_at[m]..bounce_pairs_at[m + 1]]`.
    pub bounce_pairs: Vec<(Square, Square)>,
    /// Where each square's run of [`bounce_pairs`](Self::bounce_pairs) starts.
    pub bounce_pairs_at: Vec<u32>,
    /// The pairs grouped by their steps, where a bounce does not promote:
    /// perft's last ply counts bounces by sets.
    pub bounce_steps: BounceSteps,
    /// The only rule is one unguarded `after move` rule for every kind
    /// whose one effect is a chosen block among the empty squares
    /// (`block(chosen empty, ...)`), and no shield stops a block: a move
    /// that only moves and captures is offered as many squares as it
    /// leaves empty, which perft's last ply counts. `Some(required)`.
    pub block_empty: Option<bool>,
    /// A side with no royal piece has every move legal: the clauses are
    /// only `own royal survives` and `own royal not attacked`, with no
    /// move filter, effect, drop, refusing placement or promotion to a
    /// royal kind (no move gives a side a royal piece).
    pub royal_free_legal: bool,
    /// Some effect blocks squares (`block`, a chosen block): a wall may stand where a pawn just passed.
    pub blocks: bool,
    /// Actions.
    pub actions: Vec<CompiledAction>,
    /// Some set reads `last(...)`: positions keep the squares and action
    /// of the last move when it was an action (the FEN's `last=`, the
    /// Zobrist key).
    pub reads_last: bool,
    /// With `reads_last`, for each action the first action of the same
    /// name: what a position keeps (the FEN names an action, not a piece's).
    pub last_ids: Vec<u8>,
    /// Kinds whose captures make a further move (an `on capture` rule with
    /// `move(mover as ...)`): such a capture does not promote where it
    /// lands; its promotion is chosen where the further move ends.
    pub promotes_after_move_on: KindSet,
    /// The kinds that have actions.
    pub action_kinds: KindSet,
    /// Per kind (by index), its actions' indices in `actions`, in order: move generation walks only these.
    pub owned_actions: Vec<Vec<u16>>,
    /// Per kind (by index) and side, where one of its actions may be made (`compile::origin_conds`).
    pub action_origins: Vec<[SquareSet; 2]>,
    /// The indices in `actions` of the side's actions (those of no piece), in order: move generation walks only these.
    pub side_actions: Vec<u16>,
    /// Legality clauses.
    pub legal: Vec<Legal>,
    /// Move filters, `checks must mate` and `longest moves are compulsory`.
    pub filters: MoveFilters,
    /// When a legal capture exists, only captures are legal.
    pub captures_compulsory: bool,
    /// `captures are compulsory` alone judges moves (perft's last ply: `leaf_count::captures_first`).
    pub captures_alone_judge: bool,
    /// When a legal drop exists, only drops are legal (after `captures_compulsory` has chosen).
    pub drops_compulsory: bool,
    /// Some condition reads the checks each side has given: moves count them, and the FEN carries them.
    pub counts_checks: bool,
    /// With [`counts_checks`](Self::counts_checks): the legality clauses
    /// are `own royal not attacked` (without `unless` or `through`) and
    /// `own royal survives` (without `unless`), there is one of the first,
    /// and no move filter, no placement that decides attacks: after a
    /// legal move the mover's royal pieces stand unattacked, so a move
    /// that changes only its two squares gives check exactly when a line
    /// or leap through one of them attacks an enemy royal piece (see
    /// `Variant::attacked_reading`), found without the whole attack test.
    pub checks_by_lines: bool,
    /// The count of moves towards a limit (the `counting` field), if any: moves keep it, the FEN carries it.
    pub counting: Option<Counting>,
    /// The largest number of checks a condition asks for: the FEN writes
    /// the checks each side has left before it (`3+3`).
    pub check_limit: u32,
    /// The conditions `before(...)` reads, evaluated as each move is made
    /// (on the position before it, for the side making it), at most
    /// [`crate::base::limits::MAX_BEFORE`].
    pub before: Vec<CondId>,
    /// The conditions `d` and `c` of each `since(d, c)`, evaluated after
    /// each move for the side to move, at most
    /// [`crate::base::limits::MAX_SINCE`].
    pub since: Vec<(CondId, CondId)>,
    /// Game-end rules in order.
    pub end: Vec<(End, EndOutcome)>,
    /// Each end rule's reason in words (its `name`, or a sentence made from
    /// it), `{own}` and `{enemy}` standing for the side it is checked for
    /// and the other.
    pub end_labels: Vec<String>,
    /// Whether some end rule is a plain condition (checked at every node).
    pub immediate_end: bool,
    /// The plain-condition end rules (`End::Holds`), as (index in `end`, condition), in order: what every node asks.
    pub holds_ends: Vec<(u16, CondId)>,
    /// The plain-condition end rules resolved at load time when they only
    /// ask which sides have royal pieces: per state (bit 0: the side to
    /// move has one, bit 1: the other side has one), the first that holds.
    pub royal_ends: Option<[Option<u8>; 4]>,
    /// `royal_ends` asks which sides have any piece (no kind is royal).
    pub ends_read_pieces: bool,
    /// The plain-condition end rules resolved at load time when they only
    /// compare the checks each side has given with numbers (see
    /// `compile::check_ends`).
    pub check_ends: Option<CheckEnds>,
    /// Per rule of [`holds_ends`](Self::holds_ends), in order, pieces one
    /// of which must stand where it says for the rule to hold, checked
    /// before the rule is interpreted (`None`: always interpreted; an
    /// empty list: it never holds). See `compile::end_guards`.
    pub holds_guards: Vec<Option<Vec<PiecesOn>>>,
    /// Where every guard of [`holds_guards`](Self::holds_guards) asks
    /// only for royal pieces on zones: those zones' squares. No such rule
    /// holds while no royal piece stands on one.
    pub holds_gate: Option<SquareSet>,
    /// Where the rules' effects may remove pieces, when they only remove
    /// pieces near the move and the legality clauses only ask for own
    /// royal pieces to survive unattacked: moves are then judged without
    /// being played where no own royal piece is within that reach. `None`
    /// too where pieces hop or have `cannot_hop`/`cannot_capture`.
    pub removal_reach: Option<RemovalReach>,
    /// Shields: (kind, radius, against bits).
    pub shields: Vec<(Kind, u8, u8)>,
    /// Shields written as sentences: the squares (read for each side), the
    /// `SHIELD_*` bits, and the condition they hold under.
    pub shield_rules: Vec<(SetId, u8, Option<CondId>)>,
    /// Whether any rule or action can change the board beyond a plain move.
    pub any_effects: bool,
    /// Whether some effect raises a shield for some moves (`shield(S
    /// against E for N moves)`): moves count such shields down.
    pub timed_shields: bool,
    /// The names of the marks sentences name, by index (FEN writes them).
    pub marks: Vec<String>,
    /// Whether some effect changes a piece's side or kind where it stands
    /// (`recolour`, `transform`).
    pub changes_pieces: bool,
    /// Whether some effect puts a mark for some moves: moves count such
    /// marks down.
    pub timed_marks: bool,
    /// Every rule only changes kinds of pieces other than royal ones into
    /// kinds that are not royal, or marks pieces, and the legality clauses
    /// are plain `own royal survives` and `own royal not attacked`: a
    /// move's legality is then that of the same move without its rules
    /// (a piece that changes kind stands where it stood, of the same
    /// side), and the legality shortcut may judge it without playing it.
    pub rules_keep_legality: bool,
    /// As [`rules_keep_legality`](Self::rules_keep_legality), but some
    /// rule may also change the side of the mover (never a royal piece),
    /// put a new piece of the mover's side (not royal) on an empty square
    /// or block the squares the move left empty (`block(vacated)`): a move
    /// whose plain form is legal is then legal when its mover, standing
    /// on its target as an enemy piece, attacks no own royal piece (else
    /// it is played; a new own piece or a hole only blocks lines). Not
    /// with move filters, hoppers or piece limits.
    pub rules_recolour_mover: bool,
    /// With [`rules_recolour_mover`](Self::rules_recolour_mover): which
    /// moves may fire a rule that changes a piece's side, as `[a move that
    /// captures nothing, a capture]` (decided at load from the rule lists
    /// each fires: a capture fires all three, any other move only the
    /// arrival and after-move rules). A move of the other kind never turns
    /// its mover: the legality shortcut skips its attack test.
    pub turns_mover: [bool; 2],
    /// The placements (`place(...)`) the programs' [`Op::Place`] name.
    pub placements: Vec<CompiledPlacement>,
    /// Per kind, per side, per reference square: the game-array square a
    /// placement's `home` reads (see `compile::homes`), if any.
    pub homes: Vec<[Vec<Option<Square>>; 2]>,
    /// Where one placement alone removes what it lands on and its square
    /// follows from the captured piece and its square: where each capture
    /// lands (see `compile::homes::removal_landings`).
    pub removal_landings: Option<RemovalLandings>,
    /// Some placement makes a move illegal (`else illegal`): a move is
    /// judged on the position it leads to even without legality clauses.
    pub placement_refuses: bool,
    /// A capture may leave the captured royal piece on the board (placed
    /// back), be illegal, or remove a royal piece elsewhere: an attack on
    /// a royal piece is a capture judged by playing it (see
    /// `engine::place_attack`).
    pub placement_attacks: bool,
    /// Some placement removes what it lands on (`else remove`): a capture
    /// anywhere may attack a royal piece, beyond what the attack tables
    /// say, so every move is played to be judged. (Where placements only
    /// make captures illegal or put royal pieces back, an attack is one
    /// the tables see too, and the shortcuts that judge moves by those
    /// tables stay sound.)
    pub placement_removes: bool,
    /// Where [`placement_removes`](Self::placement_removes) comes from one
    /// placement alone, of the captured piece (not royal, of its own
    /// kind) onto a square tabled in
    /// [`removal_landings`](Self::removal_landings), every capture rule
    /// only places, no other rule, action, drop, move filter, hopper or
    /// piece limit exists and the legality clauses are plain `own royal
    /// survives` and `own royal not attacked`: a royal piece is then
    /// attacked exactly where the attack tables say it is, or say so of
    /// a piece of its side whose capture lands on it, and a quiet move or
    /// capture is judged on the board it leaves (its captured piece put
    /// where it lands) without being played (see
    /// `SafeMoves::judged_by_landings` in the engine).
    pub removal_judged: bool,
    /// Some placement's square is chosen by the mover (`place(WHO, chosen
    /// S)`): a move may then close with a placed piece's promotion
    /// (`a1d1,d1a1q`) besides its own (`b7a8q,a8a1q`).
    pub chosen_places: bool,
}

impl Programs {
    /// Whether any rule or action can change the board beyond a plain move.
    pub fn has_effects(&self) -> bool {
        !(self.on_capture.is_empty()
            && self.on_arrival.is_empty()
            && self.after_move.is_empty()
            && self.actions.is_empty())
    }
}
