//! The position: a mailbox board with per-side occupancy sets, the side to
//! move, castling rights, en passant targets and clocks. Small and `Clone`,
//! so search copies it rather than undoing moves.

use super::geometry::Geometry;
use super::moves::{Move, MoveKind};
use super::piece::Cell;
use super::square::{Color, MAX_SQUARES, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::passed_squares;

/// A position of some variant. It knows its board size but not its rules:
/// every operation that needs rules takes the [`Variant`].
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub(crate) geometry: Geometry,
}

impl Position {
    /// An empty board of the given size, White to move.
    pub fn empty(geometry: Geometry) -> Position {
        Position {
            board: [Cell::EMPTY; MAX_SQUARES],
            occupied: [SquareSet::EMPTY; 2],
            royals: [SquareSet::EMPTY; 2],
            side: Color::White,
            castling: 0,
            ep_targets: SquareSet::EMPTY,
            ep_victim: 0,
            halfmove: 0,
            fullmove: 1,
            geometry,
        }
    }

    /// What stands on `sq`.
    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.board[sq as usize]
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

    /// Castling rights still held, one bit per castling rule and side.
    pub fn castling_rights(&self) -> u16 {
        self.castling
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

    /// Puts `cell` on `sq`, keeping the occupancy sets right.
    pub(crate) fn set(&mut self, variant: &Variant, sq: Square, cell: Cell) {
        self.clear(sq);
        self.board[sq as usize] = cell;
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
        let cell = self.board[sq as usize];
        if cell.is_piece() {
            let side = cell.color() as usize;
            self.occupied[side].remove(sq);
            self.royals[side].remove(sq);
        }
        self.board[sq as usize] = Cell::EMPTY;
    }

    /// Moves whatever stands on `from` to the empty square `to`.
    #[inline]
    fn relocate(&mut self, from: Square, to: Square) {
        let cell = self.board[from as usize];
        self.board[from as usize] = Cell::EMPTY;
        self.board[to as usize] = cell;
        let side = cell.color() as usize;
        self.occupied[side].remove(from);
        self.occupied[side].insert(to);
        if self.royals[side].contains(from) {
            self.royals[side].remove(from);
            self.royals[side].insert(to);
        }
    }

    /// Plays `mv`, which must be pseudo-legal in this position.
    pub fn make(&mut self, variant: &Variant, mv: Move) {
        let us = self.side;
        let moving = self.board[mv.from as usize];
        let mut resets_clock = variant.pawn_kinds >> moving.kind() & 1 != 0;
        let mut new_ep = SquareSet::EMPTY;
        match mv.kind {
            MoveKind::Quiet => self.relocate(mv.from, mv.to),
            MoveKind::Initial => {
                self.relocate(mv.from, mv.to);
                let delta = (
                    self.geometry.file(mv.to) - self.geometry.file(mv.from),
                    self.geometry.rank(mv.to) - self.geometry.rank(mv.from),
                );
                new_ep = passed_squares(&self.geometry, mv.from, delta).into_iter().collect();
                self.ep_victim = mv.to;
            }
            MoveKind::Capture => {
                self.clear(mv.to);
                self.relocate(mv.from, mv.to);
                resets_clock = true;
            }
            MoveKind::EnPassant => {
                self.clear(self.ep_victim);
                self.relocate(mv.from, mv.to);
                resets_clock = true;
            }
            MoveKind::Castle(index) => {
                let rule = &variant.castling[index as usize];
                let king = self.board[rule.king_from as usize];
                let rook = self.board[rule.rook_from as usize];
                self.clear(rule.king_from);
                self.clear(rule.rook_from);
                self.set(variant, rule.rook_to, rook);
                self.set(variant, rule.king_to, king);
            }
        }
        if let Some(kind) = mv.promotion {
            self.set(variant, mv.to, Cell::piece(kind, us));
        }
        let keep = &variant.castling_keep;
        self.castling &= keep[mv.from as usize] & keep[mv.to as usize];
        if new_ep.is_empty() {
            self.ep_victim = 0;
        }
        self.ep_targets = new_ep;
        self.halfmove = if resets_clock { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
    }
}
