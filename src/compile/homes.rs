//! The game array a placement's `home` reads: per kind and side, the
//! squares where the start position has such pieces, and for each
//! reference square the one a placement takes.

use crate::base::geometry::Geometry;
use crate::base::square::{Square, SquareSet};
use crate::check::CheckedPiece;
use crate::lang::fen_syntax::{FenCell, FenRecord};

/// Per kind (in the order of `pieces`), per side (White, Black), per
/// reference square: the game-array square of that kind and side. The
/// one square of the start position holding such a piece; of several, the
/// one on the reference file when they stand one on every file (pawns),
/// else the one of the reference square's colour nearest its file (the
/// lowest of equals); for a kind the start position lacks, the reference
/// file's square on the side's last rank. `light`: the light squares.
pub(crate) fn homes(
    g: Geometry,
    pieces: &[CheckedPiece],
    start: &FenRecord,
    light: &SquareSet,
) -> Vec<[Vec<Option<Square>>; 2]> {
    let mut squares = vec![[Vec::new(), Vec::new()]; pieces.len()];
    for (i, cell) in start.board.iter().enumerate().take(g.squares()) {
        let FenCell::Piece(c) = *cell else { continue };
        let side = usize::from(c.is_ascii_lowercase());
        if let Some(k) = pieces.iter().position(|p| p.letter == c.to_ascii_uppercase()) {
            squares[k][side].push(Square::from_index(i));
        }
    }
    let table = |side: usize, homes: &[Square]| -> Vec<Option<Square>> {
        Square::all(g.squares())
            .map(|reference| home(g, side, homes, reference, light))
            .collect()
    };
    squares.iter().map(|[w, b]| [table(0, w), table(1, b)]).collect()
}

fn home(g: Geometry, side: usize, homes: &[Square], reference: Square, light: &SquareSet) -> Option<Square> {
    let file = g.file(reference);
    match homes.len() {
        0 => {
            let last = if side == 0 { i32::from(g.ranks) - 1 } else { 0 };
            return g.square(file, last);
        }
        1 => return Some(homes[0]),
        _ => {}
    }
    let one_per_file = homes.len() == usize::from(g.files)
        && (0..i32::from(g.files)).all(|f| homes.iter().filter(|&&s| g.file(s) == f).count() == 1);
    if one_per_file {
        return homes.iter().copied().find(|&h| g.file(h) == file);
    }
    let colour = light.contains(reference);
    let any_of_colour = homes.iter().any(|&h| light.contains(h) == colour);
    (homes.iter().copied())
        .filter(|&h| !any_of_colour || light.contains(h) == colour)
        .min_by_key(|&h| ((g.file(h) - file).abs(), h.index()))
}
