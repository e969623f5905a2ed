//! `after observed(...)` (see `move_filter`) without playing the move:
//! on the board a plain move leaves, only the pieces whose attack test
//! reads its origin or target may have become observed or stopped being
//! so ([`MoveFilters::readers`]); every other piece is observed as it was
//! before the move. The pieces observed before are found once per
//! position, so a move costs a few attack tests, not one per piece.
//!
//! [`MoveFilters::readers`]: crate::compile::ir::MoveFilters::readers

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::Cell;
use crate::base::square::{Square, SquareSet};
use crate::compile::Variant;

/// A move as the board it leaves: `from` emptied, `moved` on `to`
/// (whatever stood there captured), nothing else changed.
#[derive(Clone, Copy)]
pub(super) struct PlainChange {
    pub(super) from: Square,
    pub(super) to: Square,
    pub(super) moved: Cell,
}

impl Variant {
    /// The board change of `mv` (by `piece`), where it is only a piece
    /// going from one square to another: a quiet move, a double step or a
    /// capture on the target, promoted or not, that no rule acts on.
    pub(super) fn plain_change(&self, piece: Cell, mv: &Move) -> Option<PlainChange> {
        if !matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
            || !mv.choices.is_empty()
            || !self.is_plain(mv)
            || self.programs.filters.readers.is_empty()
        {
            return None;
        }
        let kind = mv.promotion.unwrap_or(piece.kind());
        Some(PlainChange {
            from: mv.from,
            to: mv.to,
            moved: Cell::piece(kind, piece.color()),
        })
    }

    /// Whether the piece `piece` on `sq` is attacked by an enemy piece of
    /// its kind on the board `cell` describes (`theirs`: where the enemy
    /// pieces may stand), by the attack tables alone.
    /// With `only`, by the leaps and rays that read one of its squares.
    #[inline]
    fn observed_on(
        &self,
        cell: impl Fn(Square) -> Cell,
        theirs: &SquareSet,
        sq: Square,
        piece: Cell,
        only: Option<&SquareSet>,
    ) -> bool {
        let kind = piece.kind();
        self.attacked_on_board(cell, theirs, sq, piece.color().flip(), only, |_, c: Cell| {
            c.kind() == kind
        })
    }

    /// The pieces of `pos` attacked by an enemy piece of their kind (by
    /// the attack tables alone: no en passant).
    pub(super) fn observed_pieces(&self, pos: &Position) -> SquareSet {
        let cell = |s: Square| pos.board[s.index()];
        let mut out = SquareSet::EMPTY;
        for sq in pos.occupied[0].union(&pos.occupied[1]).iter() {
            let piece = cell(sq);
            if self.observed_on(cell, &pos.occupied[piece.color().flip() as usize], sq, piece, None) {
                out.insert(sq);
            }
        }
        out
    }

    /// Whether, on the board `change` leaves `pos`, some piece (royal ones
    /// spared with `spare_royal`) is attacked by an enemy piece of its
    /// kind, by the attack tables alone; `before` holds
    /// [`observed_pieces`](Self::observed_pieces) of `pos`.
    pub(super) fn observed_after_change(
        &self,
        pos: &Position,
        before: &SquareSet,
        change: PlainChange,
        spare_royal: bool,
    ) -> bool {
        let PlainChange { from, to, moved } = change;
        let counts = |sq: Square, piece: Cell| !(spare_royal && self.is_royal(piece.kind())) && sq != from && sq != to;
        // Observed before, and read by neither square for an enemy of its
        // kind: observed still.
        let readers = &self.programs.filters.readers;
        let n = self.attacks.board_squares;
        let kinds = self.pieces.len();
        let reads = |sq: Square, piece: Cell| {
            let at = (piece.color().flip() as usize * kinds + piece.kind().index()) * n;
            readers[at + from.index()].contains(sq) || readers[at + to.index()].contains(sq)
        };
        let mut occupied = pos.occupied;
        for side in &mut occupied {
            side.remove(from);
            side.remove(to);
        }
        occupied[moved.color() as usize].insert(to);
        let mut affected: SquareSet = (occupied[0].union(&occupied[1]).iter())
            .filter(|&sq| sq != to && reads(sq, pos.board[sq.index()]))
            .collect();
        affected.insert(to);
        if before
            .difference(&affected)
            .iter()
            .any(|sq| counts(sq, pos.board[sq.index()]))
        {
            return true;
        }
        let cell = |s: Square| {
            if s == to {
                moved
            } else if s == from {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        // A piece not observed before, but the mover, is observed now only
        // by a leap or ray that reads a square the move changed.
        let mut changed = SquareSet::EMPTY;
        changed.insert(from);
        changed.insert(to);
        affected.iter().any(|sq| {
            let piece = cell(sq);
            let only = (sq != to && !before.contains(sq)).then_some(&changed);
            !(spare_royal && self.is_royal(piece.kind()))
                && self.observed_on(cell, &occupied[piece.color().flip() as usize], sq, piece, only)
        })
    }
}
