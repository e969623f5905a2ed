//! Which squares of a board differ between a position and one made
//! from it: found eight squares at a time, for the child's Zobrist key
//! and the evaluation's sums, which both take out and put back in only
//! what changed.

use crate::base::piece::Cell;
use crate::engine::position::Position;

/// Calls `f(square, before, after)` for each square of the board whose
/// contents (a cell's byte) differ between `parent` and `child`, found
/// eight squares at a time.
#[inline]
pub(crate) fn changed_squares(parent: &Position, child: &Position, mut f: impl FnMut(usize, u8, u8)) {
    let n = child.geometry.squares();
    let words = parent.board.chunks_exact(8).zip(child.board.chunks_exact(8));
    for (w, (before, after)) in words.take(n.div_ceil(8)).enumerate() {
        let base = 8 * w;
        let mut diff = word(before) ^ word(after);
        if n - base < 8 {
            // Squares past the board never hold anything; leave them out.
            diff &= (1u64 << (8 * (n - base))) - 1;
        }
        while diff != 0 {
            let byte = diff.trailing_zeros() as usize / 8;
            f(base + byte, before[byte].0, after[byte].0);
            diff &= !(0xFF << (8 * byte));
        }
    }
}

/// Eight cells as one word.
#[inline]
fn word(cells: &[Cell]) -> u64 {
    let cells: [Cell; 8] = cells.try_into().unwrap_or([Cell::EMPTY; 8]);
    u64::from_le_bytes(cells.map(|c| c.0))
}
