//! Gating rights in FEN (`drops: (gating: true)`), as Fairy-Stockfish
//! writes them in the castling field: a file letter per piece of the first
//! rank that holds one (`KQBCDFGkqbcdfg`), upper case for White; a
//! castling right is also a gating right of its king and its rook.

use crate::base::square::Color;
use crate::compile::{CastlingRule, Variant};
use crate::engine::position::Position;
use crate::lang::fen_syntax::FenError;

/// A gating right (`B`: White's piece on b1), which needs the side's
/// piece on the file's square of its first rank.
pub(super) fn read(
    variant: &Variant,
    pos: &mut Position,
    side: Color,
    file: i32,
    letter: char,
    at: std::ops::Range<usize>,
) -> Result<(), FenError> {
    let g = variant.geometry;
    let rank = if side == Color::White { 0 } else { g.ranks as i32 - 1 };
    let sq = g.square(file, rank).expect("a file of the board");
    if !pos.cell(sq).is_side(side) {
        return Err(FenError {
            message: format!(
                "gating right `{letter}` needs a {} piece on {}",
                if side == Color::White { "White" } else { "Black" },
                g.name(sq)
            ),
            span: at,
            help: "remove the right, or put a piece of that side there".into(),
        });
    }
    pos.gates.insert(sq);
    Ok(())
}

/// The gating rights of `side` as Fairy-Stockfish writes them after its
/// castling rights: the file letters in file order, leaving out the files
/// of the king that still castles and of the rooks it castles with.
pub(super) fn write(variant: &Variant, pos: &Position, side: Color, rights: &mut String) {
    let g = variant.geometry;
    let gates = pos.gates.intersection(&pos.occupied[side as usize]);
    if gates.is_empty() {
        return;
    }
    let held = |r: &&CastlingRule| r.side == side && pos.castling & r.right != 0;
    let mut files: Vec<i32> = gates.iter().map(|sq| g.file(sq)).collect();
    files.sort_unstable();
    files.dedup();
    for file in files {
        let said = variant
            .castling
            .rules()
            .iter()
            .filter(held)
            .any(|r| g.file(r.king_from) == file || g.file(r.rook_from) == file);
        if !said {
            let letter = (b'a' + file as u8) as char;
            rights.push(if side == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
    }
}
