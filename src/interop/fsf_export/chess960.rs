//! Castling that finds its king and rook in every position (`side`,
//! `rook_piece`, no squares) with the king taking its rook in UCI
//! (`castling_notation: KingTakesRook`): Fairy-Stockfish's `chess960`.

use crate::spec::{CastlingNotation, CastlingSide, CastlingSpec, VariantFile};
use std::fmt::Write as _;

/// Whether the castling rules are chess960's: every rule finds its
/// squares (`side`, `rook_piece`), and UCI writes castling as the king
/// taking its rook.
pub(super) fn applies(file: &VariantFile, castling: &[CastlingSpec]) -> bool {
    file.castling_notation == Some(CastlingNotation::KingTakesRook)
        && !castling.is_empty()
        && castling
            .iter()
            .all(|c| c.king.is_none() && c.rook.is_none() && c.side.is_some() && c.rook_piece.is_some())
}

/// `chess960` and the files the king and rook land on, the rank, the
/// castling pieces; what Fairy-Stockfish's chess960 cannot say goes to
/// `why`.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, castling: &[CastlingSpec], royal: Option<char>) {
    let _ = writeln!(ini, "castling = true\nchess960 = true");
    let square = |s: &str| -> Option<(u8, u32)> {
        let f = s.bytes().next()?.checked_sub(b'a')?;
        Some((f, s.get(1..)?.parse().ok()?))
    };
    let mut rank = None;
    let mut rooks: Vec<char> = Vec::new();
    for c in castling {
        let kingside = c.side == Some(CastlingSide::Right);
        let (Some(kt), Some(rt)) = (square(&c.king_to.value), square(&c.rook_to.value)) else {
            why.push("castling squares".to_string());
            continue;
        };
        if c.fen.value != if kingside { 'K' } else { 'Q' } {
            why.push(format!(
                "castling right `{}`: Fairy-Stockfish writes K (kingside) and Q (queenside)",
                c.fen.value
            ));
        }
        if kt.1 != rt.1 || rank.is_some_and(|r| r != kt.1) {
            why.push("castling on two ranks".to_string());
        }
        rank = Some(kt.1);
        let inside = if kingside { kt.0.checked_sub(1) } else { Some(kt.0 + 1) };
        if inside != Some(rt.0) {
            why.push("the rook does not land next to the king on the inside".to_string());
        }
        if c.carry.is_some() || c.takes.is_some() || c.by_drop.as_ref().is_some_and(|b| b.value) {
            why.push("chess960 castling that carries pieces, takes rights or is gained by drops".to_string());
        }
        let side = if kingside { "Kingside" } else { "Queenside" };
        let _ = writeln!(ini, "castling{side}File = {}", char::from(b'a' + kt.0));
        if let Some(r) = &c.rook_piece {
            let r = r.value.to_ascii_lowercase();
            if !rooks.contains(&r) {
                rooks.push(r);
            }
        }
    }
    if let Some(r) = rank {
        let _ = writeln!(ini, "castlingRank = {r}");
    }
    let king_piece = castling.iter().find_map(|c| c.king_piece.as_ref().map(|k| k.value));
    if let Some(k) = king_piece.or(royal) {
        let _ = writeln!(ini, "castlingKingPiece = {}", k.to_ascii_lowercase());
    }
    let _ = writeln!(ini, "castlingRookPieces = {}", rooks.iter().collect::<String>());
}
