//! Placement (`place(WHO, WHERE, ...)`, docs/effects.md, Placement): a
//! piece put on a square computed from the move. Who appears (the
//! captured piece, the moving piece, a new piece), where (a game-array
//! square, its mirror, the capture square, a set's square, reflected or
//! shifted), and what happens when that square is taken (the piece
//! vanishes, the move is illegal, the occupant is removed) are
//! independent parts. Also the general attack test of variants whose
//! placements change which captures of a royal piece are real, and the
//! castling rights a rook or king regains on its own square.

use super::context::{Answers, Context};
use super::moves::{Choice, ChoiceKind};
use super::position::Position;
use super::trace::{Asked, Event, LastChoice, Trace};
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{
    CompiledPlacement, HomeOwner, KindTo, PlaceBase, PlaceFrom, SideFilter, WhenTaken, home_base,
};

impl Variant {
    /// Runs placement `index` of the programs.
    pub(crate) fn run_place<T: Trace>(
        &self,
        index: u16,
        pos: &mut Position,
        ctx: &Context,
        answers: &mut Answers,
        trace: &mut T,
    ) {
        let pl = &self.programs.placements[index as usize];
        let captured = answers.victim;
        let mover = pos.cell(ctx.mover);
        let (piece, from) = match pl.who {
            PlaceFrom::Captured => match captured {
                Some((cell, _)) => (cell, None),
                None => return,
            },
            PlaceFrom::Mover if mover.is_piece() => (mover, Some(ctx.mover)),
            PlaceFrom::Mover => return,
            PlaceFrom::New(side, kind) => {
                let side = match side {
                    SideFilter::Enemy => ctx.side.flip(),
                    SideFilter::White => Color::White,
                    SideFilter::Black => Color::Black,
                    SideFilter::Own | SideFilter::Any => ctx.side,
                };
                (Cell::piece(kind, side), None)
            }
        };
        if !pl.royal && self.is_royal(piece.kind()) {
            return;
        }
        let piece = match pl.becomes {
            Some(to) => self.placed_as(piece, to, captured.map(|(cell, _)| cell)),
            None => piece,
        };
        let reference = captured.map_or(ctx.target, |(_, at)| at);
        if pl.chosen {
            return self.place_chosen(pl, pos, ctx, answers, (piece, from, reference), trace);
        }
        let square = self.place_square(pl, pos, ctx, (piece, mover, captured), reference);
        let taken = match square {
            // A moving piece whose square is its own stays: a capture
            // on the square its capturer is placed on is legal.
            Some(sq) if Some(sq) == from => {
                answers.placed.insert(sq);
                return;
            }
            Some(sq) => {
                let cell = pos.cell(sq);
                if cell.is_empty() || (pl.taken == WhenTaken::Remove && cell.is_piece()) {
                    if cell.is_piece() {
                        trace.area(single(sq));
                        pos.remove_piece(self, sq, false, trace);
                    }
                    let shown = from.or(captured.map(|(_, at)| at));
                    self.put(pos, piece, from, sq, shown, trace);
                    if pl.promote {
                        self.promote_placed(pos, sq, trace);
                    }
                    answers.placed.insert(sq);
                    return;
                }
                pl.taken
            }
            None => pl.taken,
        };
        if taken == WhenTaken::Illegal {
            pos.last.refused = true;
        } else if let Some(at) = from {
            // A moving piece with nowhere to go vanishes.
            pos.clear(at);
            pos.count_removal(self, piece);
            trace.record(Event::Removed { piece, at });
        }
    }

    /// Runs a placement whose square the mover chooses (`chosen S`): the
    /// move's next follow-up choice names the square (and the kind a
    /// placed piece promotes to there); a probing trace is offered one
    /// option per square, times the promotions open there. With no
    /// square to offer, the placement does as its `else` says, as on a
    /// taken square. A move that declines it (`may place`), or has no
    /// answer, places nothing: a moving piece stays.
    fn place_chosen<T: Trace>(
        &self,
        pl: &CompiledPlacement,
        pos: &mut Position,
        ctx: &Context,
        answers: &mut Answers,
        (piece, from, reference): (Cell, Option<Square>, Square),
        trace: &mut T,
    ) {
        let PlaceBase::Set(set) = pl.base else { return };
        let squares = self.eval_set(set, pos, ctx);
        let mut options = pos.empty_squares(&squares);
        if pl.taken == WhenTaken::Remove {
            options = options.union(&squares.intersection(&pos.occupied[0].union(&pos.occupied[1])));
        }
        if let Some(at) = from.filter(|&at| squares.contains(at)) {
            options.insert(at);
        }
        if options.is_empty() {
            if pl.taken == WhenTaken::Illegal {
                pos.last.refused = true;
            } else if let Some(at) = from {
                pos.clear(at);
                pos.count_removal(self, piece);
                trace.record(Event::Removed { piece, at });
            }
            return;
        }
        match answers.take() {
            Ok(Choice {
                to,
                kind: ChoiceKind::Place(promotion),
                ..
            }) if options.contains(to) => {
                answers.placed.insert(to);
                if Some(to) == from {
                    return;
                }
                if pos.cell(to).is_piece() {
                    trace.area(single(to));
                    pos.remove_piece(self, to, false, trace);
                }
                self.put(pos, piece, from, to, from.or(Some(reference)), trace);
                if let Some(kind) = promotion.filter(|_| pl.promote) {
                    let promoted = Cell::piece(kind, piece.color());
                    pos.set(self, to, promoted);
                    pos.mark_promoted(self, to);
                    trace.record(Event::Promoted {
                        at: to,
                        piece: promoted,
                    });
                }
            }
            Ok(_) => {}
            Err(first) => {
                if T::PROBES && first {
                    trace.asked(Asked {
                        optional: pl.may,
                        last: pl.last.then_some(LastChoice::Place),
                    });
                    let written = from.unwrap_or(reference);
                    for to in options.iter() {
                        self.offer_place(pos, pl.promote, piece, (written, to), trace);
                    }
                }
            }
        }
    }

    /// Offers `piece` placed on `to` (`reference` the square written
    /// before it: where the piece comes from, a new one from the capture
    /// square): once as it is, and with `promote`, in its promotion
    /// zone, once per promotion the material allows (not as it is where
    /// promotion is compulsory).
    fn offer_place<T: Trace>(
        &self,
        pos: &Position,
        promote: bool,
        piece: Cell,
        (reference, to): (Square, Square),
        trace: &mut T,
    ) {
        let offer = |trace: &mut T, promotion| {
            trace.offer(Choice {
                piece: reference,
                to,
                kind: ChoiceKind::Place(promotion),
            })
        };
        let (kind, side) = (piece.kind(), piece.color());
        if !(promote && self.promotion.zone(kind, side).contains(to)) {
            return offer(trace, None);
        }
        if !self.promotion.forced_zone(kind, side).contains(to) {
            offer(trace, None);
        }
        for &choice in self.promotion.choices(kind, side) {
            if self.may_promote_to(pos, side, choice) {
                offer(trace, Some(choice));
            }
        }
    }

    /// Puts `piece` on the empty `to`, moving it from `lift` if it stands
    /// there; the trace shows it coming from `shown` (a captured piece's
    /// square).
    fn put<T: Trace>(
        &self,
        pos: &mut Position,
        piece: Cell,
        lift: Option<Square>,
        to: Square,
        shown: Option<Square>,
        trace: &mut T,
    ) {
        match lift {
            Some(at) => {
                pos.relocate(at, to);
                if pos.cell(to) != piece {
                    pos.change_piece(self, to, piece);
                }
            }
            None => pos.set(self, to, piece),
        }
        trace.area(single(to));
        trace.record(Event::Placed {
            piece,
            from: shown,
            at: to,
        });
    }

    /// The piece a placement puts down as another kind (`captured as
    /// next`): the kind named, the captured piece's, or a step along the
    /// variant's kind sequence; its own kind where that gives none.
    fn placed_as(&self, piece: Cell, to: KindTo, captured: Option<Cell>) -> Cell {
        let kind = match to {
            KindTo::Kind(k) => Some(k),
            KindTo::Captured => captured.filter(|c| c.is_piece()).map(Cell::kind),
            KindTo::Next => self.kind_sequence.next(piece.kind()),
            KindTo::Previous => self.kind_sequence.previous(piece.kind()),
        };
        kind.map_or(piece, |k| Cell::piece(k, piece.color()))
    }

    /// Promotes the piece placed on `sq` when it stands in its promotion
    /// zone, to its first promotion choice the material allows.
    fn promote_placed<T: Trace>(&self, pos: &mut Position, sq: Square, trace: &mut T) {
        let piece = pos.cell(sq);
        if !self.promotion.zone(piece.kind(), piece.color()).contains(sq) {
            return;
        }
        if let Some(&kind) = (self.promotion.choices(piece.kind(), piece.color()).iter())
            .find(|&&k| self.may_promote_to(pos, piece.color(), k))
        {
            let promoted = Cell::piece(kind, piece.color());
            pos.set(self, sq, promoted);
            pos.mark_promoted(self, sq);
            trace.record(Event::Promoted {
                at: sq,
                piece: promoted,
            });
        }
    }

    /// The square placement `pl` puts `piece` on, if there is one; `mover`
    /// is the moving piece as it stands, `reference` the captured piece's
    /// square (the target when nothing was captured).
    pub(super) fn place_square(
        &self,
        pl: &CompiledPlacement,
        pos: &Position,
        ctx: &Context,
        (piece, mover, captured): (Cell, Cell, Option<(Cell, Square)>),
        reference: Square,
    ) -> Option<Square> {
        let g = self.geometry;
        let sq = match pl.base {
            PlaceBase::Home { of, mirror, rank } => {
                let whose = match of {
                    HomeOwner::Placed => piece,
                    HomeOwner::Captured => captured?.0,
                    HomeOwner::Mover => mover,
                };
                if !whose.is_piece() {
                    return None;
                }
                home_base(&self.programs.homes, g, whose, (mirror, rank), reference)?
            }
            PlaceBase::CaptureSquare => reference,
            PlaceBase::Set(set) => {
                let squares = self.eval_set(set, pos, ctx);
                let empty = pos.empty_squares(&squares);
                empty.iter().next().or_else(|| squares.iter().next())?
            }
        };
        pl.stepped(g, sq)
    }
}

fn single(sq: Square) -> SquareSet {
    let mut s = SquareSet::EMPTY;
    s.insert(sq);
    s
}

impl Variant {
    /// Castling rights regained by pieces a placement put on `placed`
    /// (Popeye's `adjust_castling_rights`): a rook placed on its rule's
    /// square regains that rule's right while its king has not moved (the
    /// side held some right of that king's square before the move), and a
    /// king placed on its square regains the rights of the rooks in place
    /// (a rule whose right the side had lost while keeping another of the
    /// same king stays lost: that rook had moved). `before`: the rights
    /// before the move.
    pub(crate) fn regain_castling(&self, pos: &mut Position, placed: SquareSet, before: u16) {
        for rule in self.castling.rules() {
            let (king_placed, rook_placed) = (placed.contains(rule.king_from), placed.contains(rule.rook_from));
            if !king_placed && !rook_placed {
                continue;
            }
            let (king, rook) = (pos.cell(rule.king_from), pos.cell(rule.rook_from));
            if !(king.is_side(rule.side)
                && king.kind() == rule.king_kind
                && rook.is_side(rule.side)
                && rook.kind() == rule.rook_kind)
            {
                continue;
            }
            let of_king = (self.castling.rules().iter())
                .filter(|r| r.side == rule.side && r.king_from == rule.king_from)
                .fold(0u16, |m, r| m | r.right);
            let king_flag = king_placed || before & of_king != 0;
            let rook_flag = rook_placed || before & rule.right != 0 || before & of_king == 0;
            if king_flag && rook_flag {
                pos.castling |= rule.right;
            }
        }
    }
}
