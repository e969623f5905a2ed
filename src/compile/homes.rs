//! The game array a placement's `home` reads: per kind and side, the
//! squares where the start position has such pieces, and for each
//! reference square the one a placement takes.

use crate::base::geometry::Geometry;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::check::CheckedPiece;
use crate::compile::ir::{
    CompiledPlacement, HomeOwner, Homes, PlaceBase, PlaceFrom, RemovalLandings, WhenTaken, home_base,
};
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

/// Where a capture lands, where one placement alone removes what it
/// lands on (`else remove`) and puts the captured piece on a square that
/// follows from it and its square (a `home` not the mover's, or the
/// capture square, and their steps); else `None` (no such placement,
/// several, or one whose square depends on more). The engine's attack
/// test where placements decide (`engine::place_attack`) reads it instead
/// of computing the placement per piece and move. `royal`: per kind,
/// whether it is royal (left out of the sources).
pub(crate) fn removal_landings(
    g: Geometry,
    placements: &[CompiledPlacement],
    homes: &Homes,
    royal: &[bool],
) -> Option<RemovalLandings> {
    let mut removing = placements.iter().filter(|p| p.taken == WhenTaken::Remove);
    let (Some(pl), None) = (removing.next(), removing.next()) else {
        return None;
    };
    let home = match (pl.who, pl.base) {
        (PlaceFrom::Captured, PlaceBase::Home { of, mirror, rank }) if of != HomeOwner::Mover => Some((mirror, rank)),
        (PlaceFrom::Captured, PlaceBase::CaptureSquare) => None,
        _ => return None,
    };
    let land = |cell: Cell, y: Square| -> Option<Square> {
        let sq = match home {
            Some(how) => home_base(homes, g, cell, how, y)?,
            None => y,
        };
        pl.stepped(g, sq)
    };
    let landing: Vec<[Vec<Option<Square>>; 2]> = (0..royal.len())
        .map(|k| {
            let side = |c: Color| -> Vec<Option<Square>> {
                let cell = Cell::piece(Kind::from_index(k), c);
                Square::all(g.squares()).map(|y| land(cell, y)).collect()
            };
            [side(Color::White), side(Color::Black)]
        })
        .collect();
    let mut sources = [vec![SquareSet::EMPTY; g.squares()], vec![SquareSet::EMPTY; g.squares()]];
    for (sides, _) in landing.iter().zip(royal).filter(|(_, royal)| !**royal) {
        for (side, squares) in sides.iter().enumerate() {
            for (y, to) in squares.iter().enumerate() {
                if let Some(to) = to {
                    sources[side][to.index()].insert(Square::from_index(y));
                }
            }
        }
    }
    Some(RemovalLandings { landing, sources })
}
