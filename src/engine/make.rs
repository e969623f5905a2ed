//! Making a move: the piece moves, captures or drops, castles or acts,
//! then the variant's effects run (the interpreter), and the rights,
//! clocks, counts and en passant targets follow. The one place where a
//! position changes by a move.

use super::clock::Before;
use super::context::{Answers, Context, MadeBy};
use super::moves::{IllegalMove, Move, MoveKind};
use super::position::{LastMoves, Position};
use super::trace::{Event, NoTrace, Trace};
use crate::base::action::ActionId;
use crate::base::castling_id::CastlingId;
use crate::base::limits::MAX_CARRY;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::passed_squares;

impl Position {
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
        self.make_from(variant, mv, before, true, trace);
    }

    /// Plays `mv` where the variant's `before(...)` conditions are known
    /// to hold as `before` says (bits of [`Variant::before_bits`] for this
    /// position): a move generator judging every move of a position
    /// evaluates them once.
    #[inline]
    pub(crate) fn make_with_before(&mut self, variant: &Variant, mv: Move, before: u8) {
        self.make_from(variant, mv, before, true, &mut NoTrace);
    }

    /// Plays `mv` as [`make`](Self::make) does, the check counts left as
    /// they were: for a caller that knows nothing reads whether the move
    /// gave check (see [`Variant::check_unread_after`]).
    #[inline]
    pub(crate) fn make_uncounted(&mut self, variant: &Variant, mv: Move) {
        let before = variant.before_bits(self);
        self.make_from(variant, mv, before, false, &mut NoTrace);
    }

    /// Plays `mv`; with `counts`, a check it gives is counted where a
    /// condition reads the counts. (A flag, not a second copy of this
    /// function: a second copy stopped the compiler inlining its callees
    /// into the first, which cost chess about 0.7% of perft's
    /// instructions.)
    fn make_from<T: Trace>(&mut self, variant: &Variant, mv: Move, held_before: u8, counts: bool, trace: &mut T) {
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
                MoveKind::Castle(index) => variant.castling.rule(index).right,
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
                    && variant.programs.promotes_after_move_on.contains(moving.kind()) =>
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
            if moving.is_piece() && variant.pieces.info(moving.kind()).promoted_from != Some(kind) {
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
        if variant.castling.any_by_drop()
            && let MoveKind::Drop(_) = mv.kind
        {
            self.gain_castling(variant, us, mv.to);
        }
        if let Some(gate) = mv.gate {
            self.gate_in(variant, us, gate, trace);
        }
        if variant.rights.any_takes && !matches!(mv.kind, MoveKind::Pass | MoveKind::Action(_)) {
            self.take_rights(variant, us, mv.to);
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
        if !counts && variant.programs.counts_checks {
            // Uncounted: the hint below is not worked out either.
            self.mover_unattacked.0 = false;
        } else if variant.programs.counts_checks {
            // A move that changed only its two squares, after one that
            // left its mover unattacked, gives check along the lines
            // through them or not at all.
            let by_lines = variant.programs.checks_by_lines;
            let two_squares =
                !effects_ran && matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture);
            let gives_check = if by_lines && two_squares && self.mover_unattacked.0 {
                (self.royals[self.side as usize].iter()).any(|r| variant.attacked_reading(self, r, us, mv.from, mv.to))
            } else {
                variant.in_check(self)
            };
            if gives_check {
                self.checks[us as usize] = self.checks[us as usize].saturating_add(1);
            }
            // `make` plays legal moves only: this one left its mover's
            // royal pieces unattacked.
            self.mover_unattacked.0 = by_lines;
        }
        if let Some(counting) = &variant.programs.counting {
            variant.keep_count(counting, self, us);
        }
        variant.keep_since(self);
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
        self.mover_unattacked.0 = false;
        self.halfmove = if resets_clock { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        if let Some(counting) = &variant.programs.counting {
            variant.keep_count(counting, self, self.side.flip());
        }
        variant.keep_since(self);
    }

    /// A quiet move; an initial one that passes squares leaves them as en
    /// passant targets.
    // Always inlined: with `make_uncounted` a third caller of `make_from`,
    // the compiler kept this out of line (+0.7% of chess's instructions).
    #[inline(always)]
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
        let held_kind = variant.hands.captured_as(kind);
        let free = variant.programs.drops.as_ref().is_some_and(|d| d.free);
        if let Some(slot) = variant.hands.slot(held_kind)
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
            && variant
                .pieces
                .info(self.board[sq.index()].kind())
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
        let kind = match variant.hands.demoted() {
            Some(base) if promoted => base,
            _ => variant.hands.captured_as(captured.kind()),
        };
        if let Some(slot) = variant.hands.slot(kind) {
            let held = &mut self.hands[self.side as usize][slot as usize];
            *held = held.saturating_add(1);
        }
    }

    /// Castling: the king, the rook and the pieces carried along.
    fn make_castle<T: Trace>(
        &mut self,
        variant: &Variant,
        index: CastlingId,
        ctx: &mut Context,
        trace: &mut T,
    ) -> Made {
        let rule = variant.castling.rule(index);
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
        for rule in variant.castling.rules() {
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
        self.castling &= variant.castling.keep(mv.from) & variant.castling.keep(mv.to);
        // Only an effect moves or removes a piece beyond the move's squares.
        if self.castling == 0 || !effects_ran {
            return;
        }
        for rule in variant.castling.rules() {
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
