//! Small constructors of the spec values the passes build (a piece's
//! moves on some squares, ranks, a promotion rule): values made in code,
//! with no place in a file.

use crate::spec::{CastlingSpec, MovesInSpec, PromotionSpec, Spanned};
use std::collections::BTreeMap;

/// A string value.
pub(super) fn text(s: impl Into<String>) -> Spanned<String> {
    Spanned::unplaced(s.into())
}

/// The moves a piece has on some squares.
pub(super) fn moves_in(squares: impl Into<String>, moves: impl Into<String>) -> MovesInSpec {
    MovesInSpec {
        squares: text(squares),
        moves: text(moves),
    }
}

/// Ranks counted from a side (from 1), as the spec holds them.
pub(super) fn ranks_list(ranks: &[u8]) -> Spanned<Vec<u32>> {
    Spanned::unplaced(ranks.iter().map(|&r| u32::from(r)).collect())
}

/// A promotion rule for the pieces `pieces` (letters) to `choices`, with
/// every other field at its default: on no ranks or squares yet,
/// `mandatory` unsaid (compulsory), en passant captures promoting.
pub(super) fn promotion_rule(pieces: impl Into<String>, choices: impl Into<String>) -> PromotionSpec {
    PromotionSpec {
        pieces: text(pieces),
        ranks: Spanned::unplaced(Vec::new()),
        squares: None,
        choices: text(choices),
        mandatory: None,
        mandatory_ranks: None,
        limits: None,
        from_zone: false,
        on_capture: false,
        on_quiet: false,
        en_passant: true,
    }
}

/// A castling rule for the right `fen` (White's letter), the king and the
/// rook landing on `king_to` and `rook_to`, every other field unsaid.
pub(super) fn castling_rule(fen: char, king_to: String, rook_to: String) -> CastlingSpec {
    CastlingSpec {
        fen: Spanned::unplaced(fen),
        king: None,
        king_to: text(king_to),
        rook: None,
        rook_to: text(rook_to),
        side: None,
        king_piece: None,
        rook_piece: None,
        carry: None,
        takes: None,
        by_drop: None,
    }
}

/// A promotion rule's `limits` (`None`: no limit).
pub(super) fn limits(map: BTreeMap<char, u32>) -> Option<Spanned<BTreeMap<char, u32>>> {
    (!map.is_empty()).then(|| Spanned::unplaced(map))
}
