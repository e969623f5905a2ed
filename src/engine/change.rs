//! The effects that change pieces where they stand: their side
//! (`recolour`), their kind (`transform`) and their marks (`mark`,
//! `unmark`); and the sets they read: the squares of the pieces a move
//! moved (`moved`) and emptied (`vacated`), the pieces enclosed between
//! the mover and another own piece (`enclosed`), and the marked ones.
//! A changed piece keeps its square, its marks and whether it promoted;
//! it is never promoted by the change (a pawn turned on its last rank
//! stays a pawn, and moves as its template allows from there).

use super::moves::Move;
use super::position::Position;
use super::trace::{Event, Trace};
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{KindTo, RanksFrom, SetId};

use super::context::Context;

impl Variant {
    /// The squares of the pieces the move moved: the mover, and after
    /// castling the rook and the pieces carried.
    pub(crate) fn moved_squares(&self, pos: &Position, ctx: &Context) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        out.insert(ctx.mover);
        if pos.last.castled != 0
            && let Some(rule) = self.castling.rules().iter().find(|r| r.right == pos.last.castled)
        {
            out.insert(rule.rook_to);
            for &(_, to) in &rule.carry {
                out.insert(to);
            }
        }
        out
    }

    /// The squares the move emptied that are still empty: the origin,
    /// after castling the king's, the rook's and the carried pieces'
    /// squares, and the captured piece's square.
    pub(crate) fn vacated_squares(&self, pos: &Position, ctx: &Context) -> SquareSet {
        let mut left = SquareSet::EMPTY;
        left.insert(ctx.origin);
        if pos.last.castled != 0
            && let Some(rule) = self.castling.rules().iter().find(|r| r.right == pos.last.castled)
        {
            left.insert(rule.king_from);
            left.insert(rule.rook_from);
            for &(from, _) in &rule.carry {
                left.insert(from);
            }
        }
        if pos.last.captured.is_some() {
            left.insert(pos.last.victim);
        }
        left.iter().filter(|&sq| pos.cell(sq).is_empty()).collect()
    }

    /// The enemy pieces (of the rule's side) in an unbroken run along a
    /// ray of table `table` from a square of `set`, closed by an own piece.
    pub(crate) fn enclosed(&self, set: SetId, table: u32, pos: &Position, ctx: &Context) -> SquareSet {
        let rays = &self.programs.rays[table as usize][ctx.side as usize];
        let mut out = SquareSet::EMPTY;
        for sq in self.eval_set(set, pos, ctx).iter() {
            for ray in &rays[sq.index()] {
                let run = enclosed_run(ray, pos, ctx.side, false);
                for &s in &ray[..run] {
                    out.insert(s);
                }
            }
        }
        out
    }

    /// The squares of `set` from which some ray of table `table` runs
    /// over enemy pieces closed by an own piece: where a piece of the
    /// rule's side would enclose some (`enclosed` from there is not empty);
    /// with `through`, blocked squares count as part of the run.
    pub(crate) fn enclosing(
        &self,
        (set, table, through): (SetId, u32, bool),
        pos: &Position,
        ctx: &Context,
    ) -> SquareSet {
        let rays = &self.programs.rays[table as usize][ctx.side as usize];
        self.eval_set(set, pos, ctx)
            .iter()
            .filter(|sq| {
                rays[sq.index()]
                    .iter()
                    .any(|ray| enclosed_run(ray, pos, ctx.side, through) > 0)
            })
            .collect()
    }

    /// With [`rules_recolour_mover`]: whether the mover of `mv`, standing
    /// on its target as a piece of `them` (its promotion made), might
    /// attack one of `royals` (the side to move's) on the board the move
    /// leaves. A royal mover never changes side.
    ///
    /// [`rules_recolour_mover`]: crate::compile::ir::Programs::rules_recolour_mover
    #[inline]
    pub(crate) fn turned_mover_may_check(&self, pos: &Position, royals: &SquareSet, them: Color, mv: &Move) -> bool {
        if royals.contains(mv.from) || royals.is_empty() {
            return false;
        }
        let kind = mv.promotion.unwrap_or(pos.board[mv.from.index()].kind());
        let turned = Cell::piece(kind, them);
        let mut only = SquareSet::EMPTY;
        only.insert(mv.to);
        let cell = |s: Square| {
            if s == mv.to {
                turned
            } else if s == mv.from {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        royals
            .iter()
            .any(|r| self.attacked_on_board(cell, &only, r, them, None, |from, _| from == mv.to))
    }

    /// The pieces of `set` a change reaches: not the royal ones unless
    /// `royal`.
    fn changed_pieces(&self, set: SetId, royal: bool, pos: &Position, ctx: &Context) -> SquareSet {
        let mut pieces = self
            .eval_set(set, pos, ctx)
            .intersection(&pos.occupied[0].union(&pos.occupied[1]));
        if !royal {
            pieces = pieces.difference(&pos.royals[0].union(&pos.royals[1]));
        }
        pieces
    }

    /// `recolour(S[, to SIDE])`: each piece of S joins the side named, or
    /// the other side.
    pub(crate) fn recolour<T: Trace>(
        &self,
        pos: &mut Position,
        ctx: &Context,
        (set, to, royal): (SetId, Option<RanksFrom>, bool),
        trace: &mut T,
    ) {
        let pieces = self.changed_pieces(set, royal, pos, ctx);
        trace.area(pieces);
        for sq in pieces.iter() {
            let cell = pos.cell(sq);
            let side = to.map_or(cell.color().flip(), |s| s.side(ctx.side));
            if side != cell.color() {
                let piece = Cell::piece(cell.kind(), side);
                pos.change_piece(self, sq, piece);
                trace.record(Event::Recoloured { at: sq, piece });
            }
        }
    }

    /// `transform(S, K)`: each piece of S becomes the kind named, the
    /// captured piece's kind, or the next or previous of the kind
    /// sequence (a piece with no such kind stays as it is).
    pub(crate) fn transform<T: Trace>(
        &self,
        pos: &mut Position,
        ctx: &Context,
        (set, to, royal): (SetId, KindTo, bool),
        trace: &mut T,
    ) {
        let pieces = self.changed_pieces(set, royal, pos, ctx);
        trace.area(pieces);
        for sq in pieces.iter() {
            let cell = pos.cell(sq);
            let kind = match to {
                KindTo::Kind(k) => Some(k),
                KindTo::Captured => pos.last.captured.filter(|c| c.is_piece()).map(Cell::kind),
                KindTo::Next => self.kind_sequence.next(cell.kind()),
                KindTo::Previous => self.kind_sequence.previous(cell.kind()),
            };
            if let Some(kind) = kind.filter(|&k| k != cell.kind()) {
                let piece = Cell::piece(kind, cell.color());
                pos.change_piece(self, sq, piece);
                trace.record(Event::Transformed { at: sq, piece });
            }
        }
    }

    /// `mark(S, name[, for N moves])` and `unmark(S, name)`.
    pub(crate) fn mark<T: Trace>(
        &self,
        pos: &mut Position,
        ctx: &Context,
        (set, mark, moves, on): (SetId, u8, u8, bool),
        trace: &mut T,
    ) {
        let pieces = self
            .eval_set(set, pos, ctx)
            .intersection(&pos.occupied[0].union(&pos.occupied[1]));
        let before = pos.marks.of(mark);
        if on {
            pos.marks.mark(pieces, mark, moves);
        } else {
            pos.marks.unmark(pieces, mark);
        }
        if T::RECORDS {
            let after = pos.marks.of(mark);
            for at in pieces.iter() {
                match (before.contains(at), after.contains(at)) {
                    (false, true) => trace.record(Event::Marked { at, mark }),
                    (true, false) => trace.record(Event::Unmarked { at, mark }),
                    _ => {}
                }
            }
        }
    }
}

impl Position {
    /// Replaces the piece on `sq` by `cell` (another side or kind): the
    /// square keeps its marks and whether its piece promoted, but not a
    /// gating right.
    pub(crate) fn change_piece(&mut self, variant: &Variant, sq: Square, cell: Cell) {
        let old = self.board[sq.index()];
        if old.is_piece() {
            let side = old.color() as usize;
            self.occupied[side].remove(sq);
            self.royals[side].remove(sq);
        }
        self.unmoved.remove(sq);
        // A piece changed is another piece: it holds no gating right.
        self.gates.remove(sq);
        self.board[sq.index()] = cell;
        let side = cell.color();
        self.occupied[side as usize].insert(sq);
        if variant.is_royal(cell.kind()) {
            self.royals[side as usize].insert(sq);
        }
    }
}

/// The length of the run of `side`'s enemy pieces (and, with `through`,
/// blocked squares) that starts a ray and is closed by a piece of `side`
/// (0 when the ray starts otherwise or the run is not closed).
fn enclosed_run(ray: &[Square], pos: &Position, side: crate::base::square::Color, through: bool) -> usize {
    let run = ray
        .iter()
        .take_while(|&&s| {
            let cell = pos.cell(s);
            cell.is_side(side.flip()) || (through && cell == Cell::BLOCKED)
        })
        .count();
    if run > 0 && ray.get(run).is_some_and(|&s| pos.cell(s).is_side(side)) {
        run
    } else {
        0
    }
}
