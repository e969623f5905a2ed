//! Compound moves: a move that goes on after it has landed (`move(S as
//! captured)`, Take&Make's make), and a piece that exchanges places with
//! another (`exchange(S)`, Messigny's exchange). The further move is a
//! follow-up choice of the move, found and judged as the others are
//! (`follow_up`); its destinations are read from the compiled move tables
//! of the kind and side it moves as.

use super::check_squares::CheckSquares;
use super::context::{Answers, Context};
use super::moves::{Choice, ChoiceKind, Move};
use super::position::Position;
use super::set_ops::intersection;
use super::trace::{Asked, Event, LastChoice, Trace};
use crate::base::action::ActionId;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::NamedSet;
use crate::compile::Variant;
use crate::compile::ir::{Legal, Op, SetId, SetNode};
use crate::compile::tables::QUIET;

/// What a further move reads once for all the pieces that may make it.
#[derive(Clone, Copy)]
pub(crate) struct MoveOn {
    /// The pieces that may move on.
    pub set: SetId,
    /// As the captured piece moves (else by their own moves).
    pub as_captured: bool,
    /// Where they may end.
    pub onto: Option<SetId>,
    /// A move after which none can move on is no move.
    pub required: bool,
    /// Nothing a move does comes after it (`LastChoice::MoveOn`).
    pub last: bool,
}

impl Variant {
    /// The empty squares a piece of `kind` and `side` standing on `from`
    /// reaches by its moves that capture nothing: leaps to an empty square
    /// (a lame leap's path clear), rides up to the first piece or blocked
    /// square, hops beyond their hurdle, as its move tables say (its
    /// initial moves from the squares they start from).
    pub(crate) fn quiet_reach(&self, pos: &Position, kind: Kind, side: Color, from: Square) -> SquareSet {
        let t = &self.moves;
        let slot = t.slot(kind, side, from);
        let empty = |s: Square| pos.board[s.index()].is_empty();
        let mut out = SquareSet::EMPTY;
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if leap.flags & QUIET != 0 && empty(leap.to) && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s)) {
                out.insert(leap.to);
            }
        }
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            if ride.flags & QUIET == 0 {
                continue;
            }
            for &to in t.landing_run(ride, empty) {
                if !empty(to) {
                    break;
                }
                out.insert(to);
            }
        }
        out
    }

    /// Where the piece on `sq` may move on: its quiet reach as the kind
    /// and side the effect names, within `onto`.
    fn move_on_squares(&self, pos: &Position, ctx: &Context, answers: &Answers, m: &MoveOn, sq: Square) -> SquareSet {
        let piece = pos.cell(sq);
        let (kind, side) = if m.as_captured {
            if !answers.captured.is_piece() {
                return SquareSet::EMPTY;
            }
            (answers.captured.kind(), answers.captured.color())
        } else {
            (piece.kind(), piece.color())
        };
        let reach = self.quiet_reach(pos, kind, side, sq);
        match m.onto {
            Some(onto) => intersection(reach, self.eval_set(onto, pos, ctx)),
            None => reach,
        }
    }

    /// Runs `move(S as ...)`: takes the move's next choice (a piece of S
    /// and where it goes) and plays it; without one, a probing trace is
    /// offered every option (none, for a required move that has none: the
    /// move is then no move). The mover moving on promotes where it ends,
    /// to the move's promotion.
    pub(crate) fn run_move_on<T: Trace>(
        &self,
        pos: &mut Position,
        ctx: &Context,
        answers: &mut Answers,
        m: &MoveOn,
        trace: &mut T,
    ) {
        let pieces = intersection(self.eval_set(m.set, pos, ctx), pos.occupied[0].union(&pos.occupied[1]));
        match answers.take_choice() {
            Ok(c) => {
                if pieces.contains(c.piece) && self.move_on_squares(pos, ctx, answers, m, c.piece).contains(c.to) {
                    self.move_on_to(pos, ctx, answers, c.piece, c.to, trace);
                }
            }
            Err(first) => {
                if T::PROBES && first {
                    trace.asked(Asked {
                        optional: !m.required,
                        last: m.last.then_some(LastChoice::MoveOn),
                    });
                    for piece in pieces.iter() {
                        for to in self.move_on_squares(pos, ctx, answers, m, piece).iter() {
                            trace.offer(Choice {
                                piece,
                                to,
                                kind: ChoiceKind::Piece,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Moves the piece on `from` on to `to`; the move's own piece promotes
    /// there to the move's promotion, if it has one.
    fn move_on_to<T: Trace>(
        &self,
        pos: &mut Position,
        ctx: &Context,
        answers: &mut Answers,
        from: Square,
        to: Square,
        trace: &mut T,
    ) {
        let piece = pos.cell(from);
        pos.relocate(from, to);
        trace.record(Event::Moved { piece, from, to });
        answers.moved_pawn |= self.pieces.pawns(piece.color()).contains(piece.kind());
        if from != ctx.mover {
            return;
        }
        answers.moved_on = Some(to);
        if let Some(kind) = answers.promotion.take() {
            let promoted = Cell::piece(kind, piece.color());
            pos.set(self, to, promoted);
            if self.pieces.info(piece.kind()).promoted_from != Some(kind) {
                pos.mark_promoted(self, to);
            }
            trace.record(Event::Promoted {
                at: to,
                piece: promoted,
            });
        }
    }

    /// Whether the action `mv` (number `index`), where it only exchanges
    /// its piece with the piece on its target (`exchange(target)`), passes
    /// the legality clauses, judged without playing it: the squares
    /// occupied stay as they are and two pieces change places, so the side
    /// to move's royal pieces are read on that board. `None` where the
    /// action does more, a rule may act on it or a clause reads more than
    /// plain attacks (it is then played). `attacked`: whether a royal
    /// piece of the side to move is attacked now; where none is and no
    /// royal piece of its moves, only the enemy piece that comes to the
    /// origin may attack one: it does where `checks` (the enemy's
    /// [`CheckSquares`], asked once per position) put its kind's attack
    /// on that square, the squares occupied being the same.
    pub(super) fn judge_exchange<'a>(
        &self,
        pos: &Position,
        mv: &Move,
        index: ActionId,
        attacked: bool,
        checks: impl FnOnce() -> Option<&'a CheckSquares>,
    ) -> Option<bool> {
        let p = &self.programs;
        let action = &p.actions[index.index()];
        let [Op::Exchange(set)] = action.ops[..] else {
            return None;
        };
        let (a, b) = (pos.cell(mv.from), pos.cell(mv.to));
        let plain = p.sets[set as usize] == SetNode::Named(NamedSet::Target)
            && (action.owner.is_none() || action.stays)
            && !action.promotes
            && !action.compel
            && mv.controller.is_none()
            && mv.choices.is_empty()
            && mv.from != mv.to
            && a.is_piece()
            && b.is_piece()
            && p.on_capture.is_empty()
            && p.on_arrival.is_empty()
            && p.after_move.is_empty()
            && !p.placement_attacks
            && !p.attacks_through_new_blocks
            && !p.filters.any()
            && !self.pieces.has_limits()
            && (p.legal.iter()).all(|l| matches!(l, Legal::Survives(None) | Legal::NotAttacked(None)));
        if !plain {
            return None;
        }
        if !p.legal.contains(&Legal::NotAttacked(None)) {
            return Some(true);
        }
        let them = pos.side.flip();
        let cell = |s: Square| {
            if s == mv.from {
                b
            } else if s == mv.to {
                a
            } else {
                pos.board[s.index()]
            }
        };
        let ours = &pos.royals[pos.side as usize];
        if !attacked && !ours.contains(mv.from) && !ours.contains(mv.to) {
            // The royal pieces stay and no line opens or closes: only the
            // piece that comes to the origin may give check, if it is an
            // enemy piece.
            if !b.is_side(them) {
                return Some(true);
            }
            if let Some(checks) = checks() {
                return Some(!checks.squares_of(b.kind()).contains(mv.from));
            }
            let mut arrived = SquareSet::EMPTY;
            arrived.insert(mv.from);
            let checks = |r| self.attacked_on_board(cell, &arrived, r, them, None, |s, _| s == mv.from);
            return Some(!ours.iter().any(checks));
        }
        let swapped = |set: &SquareSet| {
            let mut out = *set;
            out.remove(mv.from);
            out.remove(mv.to);
            if set.contains(mv.from) {
                out.insert(mv.to);
            }
            if set.contains(mv.to) {
                out.insert(mv.from);
            }
            out
        };
        let royals = swapped(&pos.royals[pos.side as usize]);
        let theirs = swapped(&pos.occupied[them as usize]);
        let checks = |r| self.attacked_on_board(cell, &theirs, r, them, None, |_, _| true);
        Some(!royals.iter().any(checks))
    }

    /// Runs `exchange(S)`: the acting piece (on `mover`) and the piece on
    /// each square of S, in turn, exchange places.
    pub(crate) fn run_exchange<T: Trace>(&self, pos: &mut Position, ctx: &Context, set: SetId, trace: &mut T) {
        let squares = self.eval_set(set, pos, ctx);
        for sq in squares.iter() {
            let (a, b) = (pos.cell(ctx.mover), pos.cell(sq));
            if sq == ctx.mover || !a.is_piece() || !b.is_piece() {
                continue;
            }
            pos.clear(ctx.mover);
            pos.clear(sq);
            pos.set(self, sq, a);
            pos.set(self, ctx.mover, b);
            trace.record(Event::Moved {
                piece: a,
                from: ctx.mover,
                to: sq,
            });
            trace.record(Event::Moved {
                piece: b,
                from: sq,
                to: ctx.mover,
            });
        }
    }

    /// The promotions a move whose piece moves on may make where it ends:
    /// `mv` as it is when `option` is no further move of the mover, or the
    /// mover may not promote on its square; else one move per promotion
    /// open to it there, and the unpromoted one unless promotion is
    /// compulsory there. Calls `each` with every such move.
    pub(super) fn move_on_promotions(&self, pos: &Position, mv: Move, option: Choice, mut each: impl FnMut(Move)) {
        let p = &self.programs;
        let moving = pos.cell(mv.from);
        let promotes = !p.promotes_after_move_on.is_empty()
            && mv.is_capture()
            && option.kind == ChoiceKind::Piece
            && option.piece == mv.to
            && moving.is_piece()
            && p.promotes_after_move_on.contains(moving.kind())
            && self.promotion.zone(moving.kind(), moving.color()).contains(option.to);
        if !promotes {
            return each(mv);
        }
        let (kind, us) = (moving.kind(), moving.color());
        if !self.promotion.forced_zone(kind, us).contains(option.to) {
            each(mv);
        }
        for &choice in self.promotion.choices(kind, us) {
            if self.may_promote_to(pos, us, choice) {
                each(Move {
                    promotion: Some(choice),
                    ..mv
                });
            }
        }
    }
}
