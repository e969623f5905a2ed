//! The position: a mailbox board with per-side occupancy sets, the side to
//! move, castling rights, en passant targets and clocks. Small and `Clone`,
//! so search copies it rather than undoing moves.

use super::count::Count;
use super::marks::Marks;
use super::timed_shields::TimedShields;
use super::trace::{Event, Trace};
use crate::base::geometry::Geometry;
use crate::base::limits::{MAX_COUNTERS, MAX_HAND_KINDS};
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, MAX_SQUARES, Square, SquareSet};
use crate::compile::Variant;

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
    /// Per side, bit `i` set when the variant's `since(...)` condition `i`
    /// held on that side's latest turn (the history it reads: a FEN does
    /// not carry it, see `Variant::keep_since`).
    pub(crate) since: SinceBits,
    /// The count of moves towards a limit, where the variant keeps one.
    pub(crate) count: Count,
    /// Squares of pieces that may castle along and have not moved.
    pub(crate) unmoved: SquareSet,
    /// Squares of pieces that hold a gating right (`gating`): a piece in
    /// hand may enter where such a piece leaves. A right is lost when its
    /// piece leaves or is removed.
    pub(crate) gates: SquareSet,
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
    /// Whether the royal pieces of the side that moved last are known to
    /// stand unattacked (set by a move where the variant's legality says
    /// so, see `Programs::checks_by_lines`; false for a position set up
    /// from a FEN or by hand): the next move's check is then found along
    /// the lines through its squares.
    pub(crate) mover_unattacked: UnattackedHint,
    pub(crate) geometry: Geometry,
}

/// Whether a position may have blocked cells: a hint about how it was
/// reached, not part of what it is (two positions that differ only in it
/// are equal and hash alike).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BlockedHint(pub(crate) bool);

/// Whether the side that moved last has no royal piece attacked: a hint
/// about how a position was reached (by a legal move), not part of what
/// it is.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct UnattackedHint(pub(crate) bool);

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

/// Per side, the bits of the variant's `since(...)` conditions on that
/// side's latest turn: how the position was reached, so two positions that
/// differ only in them are equal and repeat (as in Fairy-Stockfish, whose
/// key leaves the series of checks out).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SinceBits(pub(crate) [u8; 2]);

equal_whatever_they_hold!(BlockedHint, UnattackedHint, LastMoves, SinceBits);

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
            since: SinceBits([0; 2]),
            count: Count::default(),
            unmoved: SquareSet::EMPTY,
            gates: SquareSet::EMPTY,
            hands: [[0; MAX_HAND_KINDS]; 2],
            promoted: SquareSet::EMPTY,
            last: LastMoves::default(),
            timed_shields: TimedShields::default(),
            marks: Marks::default(),
            recent: super::recent::Recent::default(),
            may_have_blocked: BlockedHint(false),
            mover_unattacked: UnattackedHint(false),
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
        if let Some(sq) = self.gates.iter().find(|&sq| !self.board[sq.index()].is_piece()) {
            return Err(format!("a gating right on the empty {}", self.geometry.name(sq)));
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
        self.gates.remove(sq);
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
        let mut words = [0u64; 4];
        let cells = self.geometry.squares().div_ceil(8) * 8;
        for (i, chunk) in self.board[..cells.min(MAX_SQUARES)].chunks_exact(8).enumerate() {
            words[i / 8] |= u64::from(Self::bytes_holding(chunk, Cell::BLOCKED)) << (8 * (i % 8));
        }
        SquareSet(words)
    }

    /// The squares among the first 64 that hold `piece` (not
    /// [`Cell::EMPTY`]: squares off a board of at most 64 squares are
    /// empty), read from the board eight cells at a time: on such a
    /// board, every square where it stands, found without walking the
    /// side's pieces.
    #[inline]
    pub(crate) fn word_holding(&self, piece: Cell) -> u64 {
        let mut word = 0;
        for (i, chunk) in self.board[..64].chunks_exact(8).enumerate() {
            word |= u64::from(Self::bytes_holding(chunk, piece)) << (8 * i);
        }
        word
    }

    /// Which of the eight cells of `chunk` are `cell`, as the bits of a
    /// byte (bit `j` for cell `j`).
    #[inline(always)]
    fn bytes_holding(chunk: &[Cell], cell: Cell) -> u8 {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let bytes: [u8; 8] = std::array::from_fn(|j| chunk[j].0);
        // A matching cell is a zero byte once `cell` is taken away.
        let x = u64::from_le_bytes(bytes) ^ (0x0101_0101_0101_0101 * u64::from(cell.0));
        let zero = !(((x & LOW7) + LOW7) | x) & HIGH;
        // The high bit of each byte, gathered into one byte.
        ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    }

    /// Moves whatever stands on `from` to the empty square `to`.
    #[inline]
    pub(crate) fn relocate(&mut self, from: Square, to: Square) {
        self.unmoved.remove(from);
        self.gates.remove(from);
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
            if mask.contains(piece.kind()) {
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

    /// The squares holding a piece, read eight cells at a time, are
    /// those a walk of the board finds, whatever the neighbouring cells.
    #[test]
    fn word_holding_matches_the_board() {
        let mut pos = Position::empty(Geometry::flat(8, 8));
        let cells = [
            Cell::piece(Kind::new(0), Color::White),
            Cell::piece(Kind::new(0), Color::Black),
            Cell::piece(Kind::new(1), Color::White),
            Cell::piece(Kind::new(31), Color::Black),
            Cell::BLOCKED,
        ];
        for sq in 0..64 {
            pos.board[sq] = cells[(sq * 7 + sq / 9) % cells.len()];
        }
        for cell in cells {
            let naive = (0..64)
                .filter(|&sq| pos.board[sq] == cell)
                .fold(0u64, |w, sq| w | 1 << sq);
            assert_eq!(pos.word_holding(cell), naive, "{cell:?}");
            assert!(naive != 0);
        }
    }
}
