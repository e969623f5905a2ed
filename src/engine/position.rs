//! The position: a mailbox board with per-side occupancy sets, the side to
//! move, castling rights, en passant targets and clocks. Small and `Clone`,
//! so search copies it rather than undoing moves.

use super::clock::Before;
use super::count::Count;
use super::interpret::{Answers, Context, MadeBy};
use super::marks::Marks;
use super::moves::{IllegalMove, Move, MoveKind};
use super::timed_shields::TimedShields;
use super::trace::{Event, NoTrace, Trace};
use crate::base::action::ActionId;
use crate::base::geometry::Geometry;
use crate::base::limits::{MAX_CARRY, MAX_COUNTERS, MAX_HAND_KINDS};
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, MAX_SQUARES, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::passed_squares;

/// A position of some variant. It knows its board size but not its rules:
/// every operation that needs rules takes the [`Variant`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Cell; MAX_SQUARES],
    pub(crate) occupied: [SquareSet; 2],
    pub(crate) royals: [SquareSet; 2],
    pub(crate) side: Color,
    pub(crate) castling: u16,
    pub(crate) ep_targets: SquareSet,
    pub(crate) ep_victim: Square,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Pieces removed so far, per `captured(...)` counter of the variant.
    pub(crate) captured: [u16; MAX_COUNTERS],
    /// Once-per-game actions used, one bit per action, per side.
    pub(crate) used: [u16; 2],
    /// Checks each side has given, where a condition reads them.
    pub(crate) checks: [u8; 2],
    /// The count of moves towards a limit, where the variant keeps one.
    pub(crate) count: Count,
    /// Squares of pieces that may castle along and have not moved.
    pub(crate) unmoved: SquareSet,
    /// With drops: pieces in hand, per side, per hand slot of the variant.
    pub(crate) hands: [[u8; MAX_HAND_KINDS]; 2],
    /// With drops: squares of pieces that promoted (captured, one returns
    /// to the hand as the piece it promoted from).
    pub(crate) promoted: SquareSet,
    /// How the moves that led here were made: what `dropped(...)` and
    /// `passes` read.
    pub(crate) last: LastMoves,
    /// Shields raised by effects for some moves.
    pub(crate) timed_shields: TimedShields,
    /// The marks pieces carry (`mark(S, name)`).
    pub(crate) marks: Marks,
    /// The last move, where a rule reads it (`last(name)`): part of the
    /// position, unlike `last`.
    pub(crate) recent: super::recent::Recent,
    /// Whether some cell may be blocked: set by [`block`](Self::block),
    /// never cleared, so that counting moves with square sets may skip
    /// reading the blocked squares off the board.
    pub(crate) may_have_blocked: BlockedHint,
    pub(crate) geometry: Geometry,
}

/// Whether a position may have blocked cells: a hint about how it was
/// reached, not part of what it is (two positions that differ only in it
/// are equal and hash alike).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BlockedHint(pub(crate) bool);

/// Equality and hashing that see no difference between two values: for
/// what a position carries about how it was reached, not what it is.
macro_rules! equal_whatever_they_hold {
    ($($t:ty),*) => {$(
        impl PartialEq for $t {
            fn eq(&self, _: &$t) -> bool {
                true
            }
        }

        impl Eq for $t {}

        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
        }
    )*};
}

equal_whatever_they_hold!(BlockedHint, LastMoves);

/// How the last moves that led to a position were made: the kind the last
/// one dropped, if it dropped a piece, and how many passes in a row ended
/// there. How the position was reached, not what it is: a FEN does not
/// carry it (as in Fairy-Stockfish, a position set up from a FEN has no
/// last move), and two positions that differ only in it are equal and
/// hash alike, for repetitions and round trips.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LastMoves {
    /// The kind the last move dropped, if it was a drop.
    pub(crate) dropped: Option<Kind>,
    /// Passes made in a row, the last move included (0: it was no pass).
    pub(crate) passes: u8,
    /// Bit `i` set when the variant's `before(...)` condition `i` held on
    /// the position before the last move, for the side that made it.
    pub(crate) before: u8,
    /// The castling right the last move castled with (0: it was no castling).
    pub(crate) castled: u16,
    /// The piece the last move captured, if it captured one (what
    /// `capture` and `transform(S, captured)` read).
    pub(crate) captured: Option<Cell>,
    /// Where that piece stood (the target, or the square of a pawn taken
    /// en passant).
    pub(crate) victim: Square,
    /// A placement refused the last move (`else illegal`): it is illegal.
    pub(crate) refused: bool,
}

impl Position {
    /// An empty board of the given size, White to move.
    pub(crate) fn empty(geometry: Geometry) -> Position {
        Position {
            board: [Cell::EMPTY; MAX_SQUARES],
            occupied: [SquareSet::EMPTY; 2],
            royals: [SquareSet::EMPTY; 2],
            side: Color::White,
            castling: 0,
            ep_targets: SquareSet::EMPTY,
            ep_victim: Square::new(0),
            halfmove: 0,
            fullmove: 1,
            captured: [0; MAX_COUNTERS],
            used: [0; 2],
            checks: [0; 2],
            count: Count::default(),
            unmoved: SquareSet::EMPTY,
            hands: [[0; MAX_HAND_KINDS]; 2],
            promoted: SquareSet::EMPTY,
            last: LastMoves::default(),
            timed_shields: TimedShields::default(),
            marks: Marks::default(),
            recent: super::recent::Recent::default(),
            may_have_blocked: BlockedHint(false),
            geometry,
        }
    }

    /// What stands on `sq`.
    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The board size.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Squares holding pieces of `side`.
    pub fn pieces_of(&self, side: Color) -> SquareSet {
        self.occupied[side as usize]
    }

    /// Squares holding royal pieces of `side`.
    pub fn royals_of(&self, side: Color) -> SquareSet {
        self.royals[side as usize]
    }

    /// Squares a pawn may capture en passant onto this move.
    pub fn en_passant_targets(&self) -> SquareSet {
        self.ep_targets
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and growing after Black moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Checks that the position is consistent: the per-side and royal sets
    /// agree with the board, nothing stands off the board, en passant
    /// targets are empty squares. For tests and fuzzing; `Err` says what is
    /// wrong.
    #[doc(hidden)]
    pub fn check_consistency(&self, variant: &Variant) -> Result<(), String> {
        let n = self.geometry.squares();
        for sq in 0..MAX_SQUARES {
            let cell = self.board[sq];
            let sq8 = Square::from_index(sq);
            if sq >= n {
                if cell != Cell::EMPTY || self.occupied[0].contains(sq8) || self.occupied[1].contains(sq8) {
                    return Err(format!("something stands off the board, on square index {sq}"));
                }
                continue;
            }
            for side in Color::BOTH {
                let listed = self.occupied[side as usize].contains(sq8);
                if listed != cell.is_side(side) {
                    return Err(format!(
                        "occupancy of {} disagrees with the board",
                        self.geometry.name(sq8)
                    ));
                }
                let royal = cell.is_side(side) && variant.is_royal(cell.kind());
                if self.royals[side as usize].contains(sq8) != royal {
                    return Err(format!(
                        "royal set disagrees with the board on {}",
                        self.geometry.name(sq8)
                    ));
                }
            }
            if cell.is_piece() && cell.kind().index() >= variant.pieces.len() {
                return Err(format!("unknown piece kind on {}", self.geometry.name(sq8)));
            }
        }
        if let Some(sq) = self.ep_targets.iter().find(|&sq| !self.board[sq.index()].is_empty()) {
            return Err(format!("en passant target {} is not empty", self.geometry.name(sq)));
        }
        Ok(())
    }

    /// Puts `cell` on `sq`, keeping the occupancy sets right.
    pub(crate) fn set(&mut self, variant: &Variant, sq: Square, cell: Cell) {
        self.clear(sq);
        self.board[sq.index()] = cell;
        if cell == Cell::BLOCKED {
            self.may_have_blocked = BlockedHint(true);
        }
        if cell.is_piece() {
            let side = cell.color() as usize;
            self.occupied[side].insert(sq);
            if variant.is_royal(cell.kind()) {
                self.royals[side].insert(sq);
            }
        }
    }

    /// Empties `sq`.
    #[inline]
    pub(crate) fn clear(&mut self, sq: Square) {
        self.unmoved.remove(sq);
        self.promoted.remove(sq);
        if self.marks.any() {
            self.marks.clear(sq);
        }
        let cell = self.board[sq.index()];
        if cell.is_piece() {
            let side = cell.color() as usize;
            self.occupied[side].remove(sq);
            self.royals[side].remove(sq);
        }
        self.board[sq.index()] = Cell::EMPTY;
    }

    /// Blocks the cell of `sq` (whatever stood there is overwritten).
    #[inline]
    pub(crate) fn block(&mut self, sq: Square) {
        self.board[sq.index()] = Cell::BLOCKED;
        self.may_have_blocked = BlockedHint(true);
    }

    /// The empty squares of the board: neither a piece nor blocked.
    #[inline]
    pub(crate) fn empty_squares(&self, board: &SquareSet) -> SquareSet {
        let mut taken = self.occupied[0].union(&self.occupied[1]);
        if self.may_have_blocked.0 {
            taken = taken.union(&self.blocked_squares());
        }
        board.difference(&taken)
    }

    /// The blocked squares, read from the board eight cells at a time
    /// (squares off the board are always empty).
    #[inline]
    pub(crate) fn blocked_squares(&self) -> SquareSet {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let mut words = [0u64; 4];
        let cells = self.geometry.squares().div_ceil(8) * 8;
        for (i, chunk) in self.board[..cells.min(MAX_SQUARES)].chunks_exact(8).enumerate() {
            let bytes: [u8; 8] = std::array::from_fn(|j| chunk[j].0);
            // A blocked cell is the byte 0xFF: a zero byte of the complement.
            let x = !u64::from_le_bytes(bytes);
            let zero = !(((x & LOW7) + LOW7) | x) & HIGH;
            // The high bit of each byte, gathered into one byte.
            let bits = ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
            words[i / 8] |= u64::from(bits) << (8 * (i % 8));
        }
        SquareSet(words)
    }

    /// Moves whatever stands on `from` to the empty square `to`.
    #[inline]
    pub(crate) fn relocate(&mut self, from: Square, to: Square) {
        self.unmoved.remove(from);
        if self.marks.any() {
            self.marks.relocate(from, to);
        }
        if self.promoted.contains(from) {
            self.promoted.remove(from);
            self.promoted.insert(to);
        }
        let cell = self.board[from.index()];
        self.board[from.index()] = Cell::EMPTY;
        self.board[to.index()] = cell;
        let side = cell.color() as usize;
        self.occupied[side].remove(from);
        self.occupied[side].insert(to);
        if self.royals[side].contains(from) {
            self.royals[side].remove(from);
            self.royals[side].insert(to);
        }
    }

    /// Counts a removed piece in the variant's `captured(...)` counters.
    #[inline]
    pub(crate) fn count_removal(&mut self, variant: &Variant, piece: Cell) {
        for (i, mask) in variant.programs.counters.iter().enumerate() {
            if piece.kind().in_mask(*mask) {
                self.captured[i] = self.captured[i].saturating_add(1);
            }
        }
    }

    /// Removes the piece on `sq`: captured by a move, or removed by an effect.
    pub(crate) fn remove_piece<T: Trace>(&mut self, variant: &Variant, sq: Square, by_move: bool, trace: &mut T) {
        let piece = self.board[sq.index()];
        self.clear(sq);
        self.count_removal(variant, piece);
        trace.record(if by_move {
            Event::Captured { piece, at: sq }
        } else {
            Event::Removed { piece, at: sq }
        });
    }

    /// Plays `mv` unchecked: it must be one of the position's legal moves
    /// (as [`Variant::legal_moves`] lists them, or a move read by
    /// [`uci::parse`](crate::uci::parse)), else the result is unspecified
    /// (but memory-safe). The fast path, for perft and search.
    ///
    /// ```
    /// let chess = kaboom::Variant::load("chess").unwrap();
    /// let mut pos = chess.start_position();
    /// let mv = kaboom::uci::parse(&chess, &pos, "e2e4").unwrap();
    /// pos.make(&chess, mv);
    /// assert_eq!(kaboom::fen::write(&chess, &pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// ```
    pub fn make(&mut self, variant: &Variant, mv: Move) {
        self.make_traced(variant, mv, &mut NoTrace);
    }

    /// Plays `mv` checked: refuses it, leaving the position as it was,
    /// unless it is one of the position's legal moves.
    ///
    /// ```
    /// use kaboom::{Move, MoveKind, Square, Variant};
    /// let chess = Variant::load("chess").unwrap();
    /// let mut pos = chess.start_position();
    /// let e2e5 = Move::new(Square::new(12), Square::new(36), MoveKind::Quiet);
    /// assert_eq!(pos.try_make(&chess, e2e5).unwrap_err().mv, e2e5);
    /// let e2e4 = Move::new(Square::new(12), Square::new(28), MoveKind::Initial);
    /// assert!(pos.try_make(&chess, e2e4).is_ok());
    /// assert_eq!(pos.side_to_move(), kaboom::Color::Black);
    /// ```
    pub fn try_make(&mut self, variant: &Variant, mv: Move) -> Result<(), IllegalMove> {
        if !variant.legal_moves(self).contains(&mv) {
            return Err(IllegalMove { mv });
        }
        self.make(variant, mv);
        Ok(())
    }

    /// Plays `mv`, reporting every event to `trace`.
    pub fn make_traced<T: Trace>(&mut self, variant: &Variant, mv: Move, trace: &mut T) {
        let before = variant.before_bits(self);
        self.make_from(variant, mv, before, trace);
    }

    /// Plays `mv` where the variant's `before(...)` conditions are known
    /// to hold as `before` says (bits of [`Variant::before_bits`] for this
    /// position): a move generator judging every move of a position
    /// evaluates them once.
    #[inline]
    pub(crate) fn make_with_before(&mut self, variant: &Variant, mv: Move, before: u8) {
        self.make_from(variant, mv, before, &mut NoTrace);
    }

    fn make_from<T: Trace>(&mut self, variant: &Variant, mv: Move, held_before: u8, trace: &mut T) {
        let us = self.side;
        let moving = match mv.kind {
            // A dropped piece comes from the hand.
            MoveKind::Drop(kind) => Cell::piece(kind, us),
            _ => self.board[mv.from.index()],
        };
        // A compelled piece moves as its owner's piece: its promotions,
        // its "own" and "enemy", whoever's turn it is.
        let owner = if moving.is_piece() { moving.color() } else { us };
        let before = Before::take(self, variant, moving);
        let mut ctx = Context {
            side: owner,
            origin: mv.from,
            target: mv.to,
            mover: mv.to,
        };
        let mut answers = Answers::new(mv.choices);
        self.last = LastMoves {
            dropped: match mv.kind {
                MoveKind::Drop(kind) => Some(kind),
                _ => None,
            },
            passes: match mv.kind {
                MoveKind::Pass => self.last.passes.saturating_add(1),
                _ => 0,
            },
            before: held_before,
            castled: match mv.kind {
                MoveKind::Castle(index) => variant.castling[index as usize].right,
                _ => 0,
            },
            captured: None,
            victim: Square::new(0),
            refused: false,
        };
        if variant.programs.reads_last {
            self.recent = match mv.kind {
                MoveKind::Action(action) => super::recent::Recent {
                    action: Some(ActionId::new(variant.programs.last_ids[action.index()])),
                    from: mv.from,
                    to: mv.to,
                },
                _ => super::recent::Recent::default(),
            };
        }
        let made = match mv.kind {
            MoveKind::Pass => return self.make_pass(variant, before.resets_clock(self, variant, &mv, false, false)),
            MoveKind::Quiet | MoveKind::Initial => self.make_quiet(mv, moving, trace),
            MoveKind::Capture | MoveKind::EnPassant => self.make_capture(variant, mv, moving, trace),
            MoveKind::Castle(index) => self.make_castle(variant, index, &mut ctx, trace),
            MoveKind::Action(index) => self.make_action(variant, mv, index, &mut ctx, &mut answers, trace),
            MoveKind::Drop(kind) => self.make_drop(variant, mv, kind, trace),
        };
        answers.captured = made.victim.map_or(Cell::EMPTY, |(piece, _)| piece);
        answers.victim = made.victim;
        // A capture whose piece moves on promotes where it ends.
        let promotion = match mv.promotion {
            Some(kind)
                if made.captured
                    && moving.is_piece()
                    && moving.kind().in_mask(variant.programs.promotes_after_move_on) =>
            {
                answers.promotion = Some(kind);
                None
            }
            p => p,
        };
        if let Some(kind) = promotion {
            let promoted = Cell::piece(kind, owner);
            // A piece keeps its marks as it promotes.
            let marks = self.marks;
            self.set(variant, mv.to, promoted);
            self.marks = marks;
            // A promoted form turning back into its own piece (a demotion)
            // is that piece again, not a promoted one.
            if moving.is_piece() && variant.pieces[moving.kind().index()].promoted_from != Some(kind) {
                self.mark_promoted(variant, mv.to);
            }
            trace.record(Event::Promoted {
                at: mv.to,
                piece: promoted,
            });
        }
        let programs = &variant.programs;
        // Rules fire only where there are some: most moves of most
        // variants fire none.
        let on_capture = made.captured && !programs.on_capture.is_empty();
        let on_arrival = made.landed && !programs.on_arrival.is_empty();
        let after_move = !programs.after_move.is_empty();
        if on_capture {
            variant.fire(
                &programs.on_capture,
                self,
                &ctx,
                MadeBy { castled: false, moving },
                &mut answers,
                trace,
            );
            // A piece that moved on is the mover from here.
            if let Some(to) = answers.moved_on {
                ctx.mover = to;
            }
        }
        if on_arrival {
            variant.fire(
                &programs.on_arrival,
                self,
                &ctx,
                MadeBy { castled: false, moving },
                &mut answers,
                trace,
            );
        }
        if after_move {
            variant.fire(
                &programs.after_move,
                self,
                &ctx,
                MadeBy {
                    castled: made.castled,
                    moving,
                },
                &mut answers,
                trace,
            );
        }
        let effects_ran = on_capture || on_arrival || after_move || matches!(mv.kind, MoveKind::Action(_));
        let rights_before = self.castling;
        self.update_castling(variant, mv, effects_ran);
        if !answers.placed.is_empty() {
            variant.regain_castling(self, answers.placed, rights_before);
        }
        if variant.castling_by_drop
            && let MoveKind::Drop(_) = mv.kind
        {
            self.gain_castling(variant, us, mv.to);
        }
        if programs.timed_shields {
            self.timed_shields.tick();
        }
        if programs.timed_marks {
            self.marks.tick();
        }
        let resets_clock = before.resets_clock(self, variant, &mv, made.captured, answers.moved_pawn);
        let mut new_ep = made.new_ep;
        if variant.programs.blocks && !new_ep.is_empty() {
            // A target an effect filled (a wall put on it) is no target.
            new_ep = new_ep.iter().filter(|&sq| self.board[sq.index()].is_empty()).collect();
        }
        if variant.programs.changes_pieces && !new_ep.is_empty() && self.board[self.ep_victim.index()] != moving {
            // The piece that could be taken en passant changed sides or
            // kind (or left): no target is left behind it.
            new_ep = SquareSet::EMPTY;
        }
        if new_ep.is_empty() {
            self.ep_victim = Square::new(0);
        }
        self.ep_targets = new_ep;
        self.halfmove = if resets_clock { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        if variant.programs.counts_checks && variant.in_check(self) {
            self.checks[us as usize] = self.checks[us as usize].saturating_add(1);
        }
        if let Some(counting) = &variant.programs.counting {
            variant.keep_count(counting, self, us);
        }
    }

    /// A pass: nothing moves and no rule fires; the turn goes over, the
    /// clocks run and en passant targets lapse.
    fn make_pass(&mut self, variant: &Variant, resets_clock: bool) {
        if variant.programs.timed_shields {
            self.timed_shields.tick();
        }
        if variant.programs.timed_marks {
            self.marks.tick();
        }
        self.ep_targets = SquareSet::EMPTY;
        self.ep_victim = Square::new(0);
        self.halfmove = if resets_clock { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        if let Some(counting) = &variant.programs.counting {
            variant.keep_count(counting, self, self.side.flip());
        }
    }

    /// A quiet move; an initial one that passes squares leaves them as en
    /// passant targets.
    #[inline]
    fn make_quiet<T: Trace>(&mut self, mv: Move, moving: Cell, trace: &mut T) -> Made {
        trace.record(Event::Moved {
            piece: moving,
            from: mv.from,
            to: mv.to,
        });
        self.relocate(mv.from, mv.to);
        let mut made = Made::landed();
        // A double step that promotes leaves no target: the piece that
        // could be taken en passant is gone (as in Fairy-Stockfish).
        if mv.kind == MoveKind::Initial && mv.promotion.is_none() {
            let g = self.geometry;
            let delta = (g.file(mv.to) - g.file(mv.from), g.rank(mv.to) - g.rank(mv.from));
            made.new_ep = passed_squares(&g, mv.from, delta).collect();
            self.ep_victim = mv.to;
        }
        made
    }

    /// A capture, on the target square or en passant.
    #[inline]
    fn make_capture<T: Trace>(&mut self, variant: &Variant, mv: Move, moving: Cell, trace: &mut T) -> Made {
        let victim = if mv.kind == MoveKind::Capture {
            mv.to
        } else {
            self.ep_victim
        };
        trace.record(Event::Moved {
            piece: moving,
            from: mv.from,
            to: mv.to,
        });
        let (captured, promoted) = (self.board[victim.index()], self.promoted.contains(victim));
        self.last.captured = Some(captured);
        self.last.victim = victim;
        self.remove_piece(variant, victim, true, trace);
        self.capture_to_hand(variant, captured, promoted);
        self.relocate(mv.from, mv.to);
        Made {
            captured: true,
            victim: Some((captured, victim)),
            ..Made::landed()
        }
    }

    /// A drop: a piece of the mover's hand goes onto the empty `mv.to`
    /// (a promoted form, `drop_promoted`, from its piece's slot).
    fn make_drop<T: Trace>(&mut self, variant: &Variant, mv: Move, kind: Kind, trace: &mut T) -> Made {
        let us = self.side;
        let held_kind = variant.captured_as[kind.index()];
        let free = variant.programs.drops.as_ref().is_some_and(|d| d.free);
        if let Some(slot) = variant.hand_slot.get(held_kind.index()).copied().flatten()
            && !free
        {
            let held = &mut self.hands[us as usize][slot as usize];
            *held = held.saturating_sub(1);
        }
        let piece = Cell::piece(kind, us);
        self.set(variant, mv.to, piece);
        trace.record(Event::Dropped { piece, at: mv.to });
        Made::landed()
    }

    /// Marks the piece on `sq` as promoted, where the variant keeps hands.
    #[inline]
    pub(crate) fn mark_promoted(&mut self, variant: &Variant, sq: Square) {
        // A promoted form (`promoted_from`) says what it was by its kind.
        if variant.marks_promoted()
            && variant.pieces[self.board[sq.index()].kind().index()]
                .promoted_from
                .is_none()
        {
            self.promoted.insert(sq);
        }
    }

    /// Puts a piece captured by the side to move into its hand, where the
    /// variant says captures go to hand: as the kind it promoted from if
    /// it had promoted (`promoted`).
    #[inline]
    fn capture_to_hand(&mut self, variant: &Variant, captured: Cell, promoted: bool) {
        // Endless hands (`free`) count nothing.
        if !variant
            .programs
            .drops
            .as_ref()
            .is_some_and(|d| d.captures_to_hand && !d.free)
            || !captured.is_piece()
        {
            return;
        }
        let kind = match variant.demoted {
            Some(base) if promoted => base,
            _ => variant.captured_as[captured.kind().index()],
        };
        if let Some(slot) = variant.hand_slot.get(kind.index()).copied().flatten() {
            let held = &mut self.hands[self.side as usize][slot as usize];
            *held = held.saturating_add(1);
        }
    }

    /// Castling: the king, the rook and the pieces carried along.
    fn make_castle<T: Trace>(&mut self, variant: &Variant, index: u8, ctx: &mut Context, trace: &mut T) -> Made {
        let rule = &variant.castling[index as usize];
        let king = self.board[rule.king_from.index()];
        let rook = self.board[rule.rook_from.index()];
        // The checker keeps a rule to `MAX_CARRY` carried pieces.
        let mut carried = [Cell::EMPTY; MAX_CARRY];
        for (cell, &(from, _)) in carried.iter_mut().zip(&rule.carry) {
            *cell = self.board[from.index()];
        }
        self.clear(rule.king_from);
        self.clear(rule.rook_from);
        // The king, the rook and the pieces carried keep their marks.
        let marks = self.marks;
        for &(from, _) in &rule.carry {
            self.clear(from);
        }
        self.set(variant, rule.rook_to, rook);
        self.set(variant, rule.king_to, king);
        trace.record(Event::Moved {
            piece: king,
            from: rule.king_from,
            to: rule.king_to,
        });
        trace.record(Event::Moved {
            piece: rook,
            from: rule.rook_from,
            to: rule.rook_to,
        });
        for (&(from, to), &piece) in rule.carry.iter().zip(&carried) {
            self.set(variant, to, piece);
            trace.record(Event::Moved { piece, from, to });
        }
        if marks.any() {
            self.marks = marks;
            let moves = [(rule.king_from, rule.king_to), (rule.rook_from, rule.rook_to)];
            self.marks.permute(moves.iter().chain(&rule.carry).copied());
        }
        // `takes`: the other side's rights this castling takes away.
        self.castling &= !rule.takes;
        ctx.mover = rule.king_to;
        Made {
            castled: true,
            ..Made::default()
        }
    }

    /// An action: its effects run, and a piece that aims at a square lands
    /// there if the square is empty afterwards.
    fn make_action<T: Trace>(
        &mut self,
        variant: &Variant,
        mv: Move,
        index: ActionId,
        ctx: &mut Context,
        answers: &mut Answers,
        trace: &mut T,
    ) -> Made {
        let moving = self.board[mv.from.index()];
        let action = &variant.programs.actions[index.index()];
        if let Some(bit) = action.once_bit {
            self.used[ctx.side as usize] |= 1 << bit;
        }
        // A piece that lands on the target is lifted while the
        // effect runs, so a push may send a piece to its square.
        let lands = action.owner.is_some() && !action.stays && mv.from != mv.to;
        if lands {
            self.clear(mv.from);
        }
        ctx.mover = mv.from;
        variant.run_ops(&action.ops, self, ctx, answers, trace);
        if !lands {
            return Made::default();
        }
        if self.board[mv.to.index()].is_empty() {
            self.set(variant, mv.to, moving);
            trace.record(Event::Moved {
                piece: moving,
                from: mv.from,
                to: mv.to,
            });
            ctx.mover = mv.to;
            return Made::landed();
        }
        if self.board[mv.from.index()].is_empty() {
            self.set(variant, mv.from, moving);
        } else {
            self.count_removal(variant, moving);
            trace.record(Event::Removed {
                piece: moving,
                at: mv.from,
            });
        }
        Made::default()
    }

    /// Castling rights gained by a drop on `at` (`by_drop`): each such
    /// rule of `us` whose king or rook square it is, when its king and
    /// rook now both stand there.
    fn gain_castling(&mut self, variant: &Variant, us: Color, at: Square) {
        for rule in &variant.castling {
            if !rule.by_drop || rule.side != us || (rule.king_from != at && rule.rook_from != at) {
                continue;
            }
            let (king, rook) = (self.board[rule.king_from.index()], self.board[rule.rook_from.index()]);
            if king.is_side(us) && king.kind() == rule.king_kind && rook.is_side(us) && rook.kind() == rule.rook_kind {
                self.castling |= rule.right;
            }
        }
    }

    /// Castling rights after a move: lost when a king's or rook's square
    /// is touched, or, after a move whose rules or action ran (`effects_ran`:
    /// effects may remove pieces anywhere), when a rule's king or rook is
    /// no longer in place.
    #[inline]
    fn update_castling(&mut self, variant: &Variant, mv: Move, effects_ran: bool) {
        let keep = &variant.castling_keep;
        self.castling &= keep[mv.from.index()] & keep[mv.to.index()];
        // Only an effect moves or removes a piece beyond the move's squares.
        if self.castling == 0 || !effects_ran {
            return;
        }
        for rule in &variant.castling {
            let (king, rook) = (self.board[rule.king_from.index()], self.board[rule.rook_from.index()]);
            if !(king.is_side(rule.side)
                && king.kind() == rule.king_kind
                && rook.is_side(rule.side)
                && rook.kind() == rule.rook_kind)
            {
                self.castling &= !rule.right;
            }
        }
    }
}

/// What one kind of move did, for the rules that fire after it.
#[derive(Default)]
struct Made {
    /// A piece was captured by the move.
    captured: bool,
    /// The moving piece landed on the target (arrival rules fire).
    landed: bool,
    /// The move was castling (`after move except castling` rules skip it).
    castled: bool,
    /// The en passant targets the move leaves.
    new_ep: SquareSet,
    /// The piece a capture took and where it stood.
    victim: Option<(Cell, Square)>,
}

impl Made {
    fn landed() -> Made {
        Made {
            landed: true,
            ..Made::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocked_squares_match_the_board() {
        let mut pos = Position::empty(Geometry::flat(16, 16));
        for sq in [0usize, 7, 8, 63, 64, 100, 127, 200, 255] {
            pos.board[sq] = Cell::BLOCKED;
        }
        pos.board[5] = Cell::piece(Kind::new(0), Color::White);
        let naive: SquareSet = (0..MAX_SQUARES)
            .filter(|&sq| pos.board[sq] == Cell::BLOCKED)
            .map(Square::from_index)
            .collect();
        assert_eq!(pos.blocked_squares(), naive);
        assert_eq!(naive.len(), 9);
    }
}
