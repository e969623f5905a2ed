//! The game array a placement's `home` reads: per kind and side, the
//! squares where the start position has such pieces.

use crate::base::geometry::Geometry;
use crate::base::square::Square;
use crate::check::CheckedPiece;
use crate::lang::fen_syntax::{FenCell, FenRecord};

/// Per kind (in the order of `pieces`), per side (White, Black): the
/// squares of the start position holding that kind and side.
pub(crate) fn homes(g: Geometry, pieces: &[CheckedPiece], start: &FenRecord) -> Vec<[Vec<Square>; 2]> {
    let mut out = vec![[Vec::new(), Vec::new()]; pieces.len()];
    for (i, cell) in start.board.iter().enumerate().take(g.squares()) {
        let FenCell::Piece(c) = *cell else { continue };
        let side = usize::from(c.is_ascii_lowercase());
        if let Some(k) = pieces.iter().position(|p| p.letter == c.to_ascii_uppercase()) {
            out[k][side].push(Square::from_index(i));
        }
    }
    out
}

/// Per kind, per side: whether its squares stand one on every file.
pub(crate) fn by_file(g: Geometry, homes: &[[Vec<Square>; 2]]) -> Vec<[bool; 2]> {
    let one_per_file = |squares: &[Square]| {
        squares.len() == usize::from(g.files)
            && (0..i32::from(g.files)).all(|f| squares.iter().filter(|&&s| g.file(s) == f).count() == 1)
    };
    homes.iter().map(|[w, b]| [one_per_file(w), one_per_file(b)]).collect()
}
