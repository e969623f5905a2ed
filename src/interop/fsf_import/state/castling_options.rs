//! Castling options: whether castling exists, its pieces, files and rank,
//! Chess960 castling, rights gained by drops or taken by the other side's
//! castling, and castling that wins.

use super::{Entry, MAX_RANKS, Origin, Setter, State, colours};

/// The yes/no castling options and the field each sets.
const FLAGS: &[Setter<bool>] = &[
    ("castling", |s| &mut s.castling),
    ("castlingDroppedPiece", |s| &mut s.castling_dropped_piece),
    ("oppositeCastling", |s| &mut s.opposite_castling),
    ("chess960", |s| &mut s.chess960),
];

/// The castling options that name a file, and the field each sets.
const FILES: &[Setter<u8>] = &[
    ("castlingKingsideFile", |s| &mut s.castling_kingside_file),
    ("castlingKingFile", |s| &mut s.castling_king_file),
    ("castlingQueensideFile", |s| &mut s.castling_queenside_file),
    ("castlingRookQueensideFile", |s| &mut s.castling_rook_queenside_file),
];

/// Applies `e` if it is a castling option (false if it is not one).
pub(super) fn apply(s: &mut State, e: &Entry, o: &Origin) -> bool {
    if s.apply_flag(FLAGS, e, o) {
        return true;
    }
    if let Some((_, field)) = FILES.iter().find(|(k, _)| *k == e.key) {
        if let Some(f) = s.file(o) {
            *field(s) = f;
        }
        return true;
    }
    match e.key.as_str() {
        "castlingRookKingsideFile" => {
            if let Some(f) = s.file(o) {
                s.castling_rook_kingside_file = Some(f);
            }
        }
        "castlingWins" => {
            let letters: String = e.value.chars().filter(|c| !c.is_whitespace()).collect();
            if letters == "-" || letters.is_empty() {
                s.castling_wins.clear();
            } else if letters.chars().all(|c| "KQkq".contains(c)) {
                s.castling_wins = letters;
            } else {
                s.invalid
                    .push((o.clone(), "expected castling rights (K, Q, k, q)".to_string()));
            }
        }
        "castlingRank" => {
            if let Some(r) = s.number(o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                s.castling_rank = r as u8 - 1;
            }
        }
        "castlingKingPiece" | "castlingKingPieceWhite" | "castlingKingPieceBlack" => {
            if let Some(t) = s.one_type(o) {
                for &c in colours(&e.key) {
                    s.castling_king_piece[c] = t;
                }
            }
        }
        "castlingRookPiece" | "castlingRookPieces" | "castlingRookPiecesWhite" | "castlingRookPiecesBlack" => {
            if let Some(t) = s.types(o) {
                for &c in colours(&e.key) {
                    s.castling_rook_pieces[c] = t.clone();
                }
            }
        }
        _ => return false,
    }
    true
}
