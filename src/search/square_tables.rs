//! The `evaluation` section's square tables (docs/format.md, "Evaluation
//! weights"): written for White, read for Black through the board's own
//! symmetry, found in the start position. Where Black's pieces stand on
//! White's squares mirrored rank for rank (chess and most variants), a
//! Black piece reads the mirrored square; where they stand on White's
//! squares turned half a turn instead (the files mirrored too, as in
//! shogi), the turned square; where neither holds (horde, an empty
//! start), the rank mirror, as the variant's other per-side rules
//! (promotion ranks, initial ranks) are mirrored.
//!
//! The tables are added to the evaluation's table per kind, side and
//! square when the engine is set up: a node pays nothing for them.

use crate::base::square::{Color, MAX_SQUARES, Square};
use crate::compile::Variant;

/// How Black reads a table written for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// The rank mirrored, the file kept.
    Ranks,
    /// Half a turn: the rank and the file mirrored.
    Turn,
}

/// The square `sq` is for the other side under `symmetry`.
fn image(variant: &Variant, symmetry: Symmetry, sq: Square) -> Square {
    let g = variant.geometry;
    let rank = g.ranks as i32 - 1 - g.rank(sq);
    let file = match symmetry {
        Symmetry::Ranks => g.file(sq),
        Symmetry::Turn => g.files as i32 - 1 - g.file(sq),
    };
    g.square(file, rank).unwrap_or(sq)
}

/// The board's symmetry, from the start position: the rank mirror where
/// each side's pieces are the other's mirrored, else half a turn where
/// they are the other's turned, else the rank mirror.
pub fn symmetry(variant: &Variant) -> Symmetry {
    let Ok(start) = crate::notation::fen::position_from_record(variant, &variant.start_record) else {
        return Symmetry::Ranks;
    };
    let holds = |s: Symmetry| {
        start.occupied[0].len() == start.occupied[1].len()
            && start.occupied[0].iter().all(|sq| {
                let to = image(variant, s, sq);
                start.occupied[1].contains(to) && start.board[to.index()].kind() == start.board[sq.index()].kind()
            })
    };
    if !holds(Symmetry::Ranks) && holds(Symmetry::Turn) {
        Symmetry::Turn
    } else {
        Symmetry::Ranks
    }
}

/// For each square, the square of White's tables a piece of `side` on it
/// reads (the square itself for White).
pub fn views(variant: &Variant) -> [Vec<u16>; 2] {
    let n = variant.geometry.squares();
    let symmetry = symmetry(variant);
    let white = (0..n as u16).collect();
    let black = (0..n)
        .map(|sq| image(variant, symmetry, Square::from_index(sq)).index() as u16)
        .collect();
    [white, black]
}

/// Adds each kind's square table to `table` (per kind and side, a row of
/// [`MAX_SQUARES`]), each side reading it through `views`.
pub fn add(variant: &Variant, views: &[Vec<u16>; 2], table: &mut [i32]) {
    for (kind, cells) in variant.evaluation_squares.iter().enumerate() {
        if cells.is_empty() {
            continue;
        }
        for side in Color::BOTH {
            let row = (kind * 2 + side as usize) * MAX_SQUARES;
            for (sq, &white_square) in views[side as usize].iter().enumerate() {
                table[row + sq] += cells.get(usize::from(white_square)).copied().unwrap_or(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(start: &str) -> Variant {
        let text = format!(r#"(extends: "chess", name: "t", start: "{start}", castling: [])"#);
        Variant::from_text("t.ron", &text).unwrap()
    }

    #[test]
    fn the_symmetry_is_the_start_positions() {
        let chess = Variant::load("chess").unwrap();
        assert_eq!(symmetry(&chess), Symmetry::Ranks);
        // King and queen swapped for Black: the start is White's turned.
        let turned = load("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        assert_eq!(symmetry(&turned), Symmetry::Turn);
        // Neither (a knight short): the rank mirror.
        let neither = load("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        assert_eq!(symmetry(&neither), Symmetry::Ranks);
        // Black's b8 reads b1 in chess, g1 where the start is turned.
        let b8 = chess.geometry.parse_square("b8").unwrap().index();
        let name = |v: &Variant| v.geometry.name(Square::from_index(usize::from(views(v)[1][b8])));
        assert_eq!((name(&chess), name(&turned)), ("b1".to_string(), "g1".to_string()));
        assert_eq!(usize::from(views(&chess)[0][b8]), b8);
    }
}
