//! A petrifying pseudo-royal type (`petrifyOnCaptureTypes` naming the
//! royal piece made royal by extinction) as the importer writes it, read
//! back: the piece never captures (`cannot_capture` of every letter), a
//! castling king may not start from or cross a square next to the other
//! side's, and a side with no move whose piece touches it is mated. The
//! clauses are written by the importer's own builder
//! (`fsf_import::petrified_royal_clauses`) for the variant's castling
//! rules and compared with the variant's as syntax trees; they are then
//! taken out of the legality and end rules (the options say them).

use crate::interop::fsf_import::{Castle, petrified_royal_clauses};
use crate::lang::effect_syntax::{parse_end, parse_legal};
use crate::spec::{PieceSpec, VariantFile};

/// Whether `p` is a royal piece that never captures (its `cannot_capture`
/// holds every piece letter of `pieces`, and it hops over anything): the
/// petrifying pseudo-royal piece, which [`take`] judges.
pub(super) fn never_captures(p: &PieceSpec, pieces: &[PieceSpec]) -> bool {
    let Some(c) = p.cannot_capture.as_ref().filter(|_| p.royal && p.cannot_hop.is_none()) else {
        return false;
    };
    let barred = |l: char| c.value.contains(l.to_ascii_uppercase());
    pieces.iter().all(|q| barred(q.letter.value)) && c.value.chars().all(|l| pieces.iter().any(|q| q.letter.value == l))
}

/// The castling rules as the importer's [`Castle`]s (letter, king's
/// file, its destination, rank from the side's first rank); `None` where
/// one has no fixed squares.
fn castles(file: &VariantFile) -> Option<Vec<Castle>> {
    let square = |s: &str| -> Option<(u8, u8)> {
        let f = (s.chars().next()? as u32).checked_sub('a' as u32)?;
        let r: u8 = s[1..].parse().ok()?;
        Some((u8::try_from(f).ok()?, r.checked_sub(1)?))
    };
    file.castling
        .iter()
        .flatten()
        .map(|c| {
            let (king, rank) = square(&c.king.as_ref()?.value)?;
            let (king_to, _) = square(&c.king_to.value)?;
            Some(Castle {
                letter: c.fen.value.to_ascii_uppercase(),
                king_file: king,
                king_to,
                rank,
            })
        })
        .collect()
}

/// Takes the clauses of the petrifying royal piece out of `legal` and
/// `ends`, where the variant has one ([`never_captures`]) whose letter
/// the petrification rule names (`petrified`: the letters of
/// `petrifyOnCaptureTypes`, upper case); pushes why not where they are
/// not the importer's.
pub(super) fn take(
    file: &VariantFile,
    petrified: &str,
    legal: &mut Vec<String>,
    ends: &mut Vec<String>,
    why: &mut Vec<String>,
) {
    let pieces = file.pieces.as_deref().unwrap_or_default();
    let Some(royal) = pieces.iter().find(|p| never_captures(p, pieces)) else {
        return;
    };
    let letter = royal.letter.value.to_ascii_uppercase();
    let refuse = |why: &mut Vec<String>| {
        why.push(format!(
            "piece {letter}: a royal piece that never captures, without the clauses of Fairy-Stockfish's petrifying pseudo-royal type (`petrifyOnCaptureTypes`, `extinctionPseudoRoyal`)"
        ));
    };
    let Some(castles) = castles(file).filter(|_| petrified.contains(letter) && royal.moves.value == "K") else {
        return refuse(why);
    };
    let them = format!(" {letter}");
    let legal_printed = |t: &str| parse_legal(t).map_or_else(|_| t.to_string(), |c| c.to_string());
    let end_printed = |t: &str| parse_end(t).map_or_else(|_| t.to_string(), |r| r.to_string());
    for value in ["loss", "win", "draw"] {
        let (clauses, mated) = petrified_royal_clauses(&them, &castles, Some(value));
        let want: Vec<String> = clauses.iter().map(|c| legal_printed(c)).collect();
        let at = (0..=legal.len().saturating_sub(want.len())).find(|&i| {
            legal.len() >= i + want.len()
                && legal[i..i + want.len()]
                    .iter()
                    .map(|c| legal_printed(c))
                    .eq(want.iter().cloned())
        });
        let mate = ends
            .iter()
            .position(|e| mated.iter().any(|m| end_printed(m) == end_printed(e)));
        if let (Some(i), Some(m)) = (at, mate) {
            legal.drain(i..i + want.len());
            ends.remove(m);
            return;
        }
    }
    refuse(why);
}

#[cfg(test)]
mod tests {
    use super::take;

    const STONE: &str = "(name: \"t\", pieces: [(letter: 'K', name: \"commoner\", moves: \"K\", royal: true, cannot_capture: \"KR\"), \
                         (letter: 'R', name: \"rook\", moves: \"R\")], start: \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\", \
                         castling: [(fen: 'K', king: \"e1\", king_to: \"g1\", rook: \"h1\", rook_to: \"f1\"), \
                         (fen: 'Q', king: \"e1\", king_to: \"c1\", rook: \"a1\", rook_to: \"d1\")])";

    fn file() -> crate::spec::VariantFile {
        crate::spec::Loader::new()
            .load_text("t.ron", STONE)
            .unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn the_petrifying_royal_pieces_clauses_are_taken_out() {
        let mut legal = [
            "own royal not attacked",
            "not (castled(K) and touching(enemy K, files(e..f) & own ranks(1)))",
            "not (castled(k) and touching(enemy K, files(e..f) & own ranks(1)))",
            "not (castled(Q) and touching(enemy K, files(d..e) & own ranks(1)))",
            "not (castled(q) and touching(enemy K, files(d..e) & own ranks(1)))",
        ]
        .map(String::from)
        .to_vec();
        let mut ends = ["stalemate if touching(own K, enemy K): loss", "checkmate: loss"]
            .map(String::from)
            .to_vec();
        let mut why = Vec::new();
        take(&file(), "KR", &mut legal, &mut ends, &mut why);
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(legal, ["own royal not attacked"]);
        assert_eq!(ends, ["checkmate: loss"]);
    }

    #[test]
    fn a_royal_piece_that_never_captures_without_its_clauses_is_refused() {
        let mut legal = vec!["own royal not attacked".to_string()];
        let mut ends = vec!["checkmate: loss".to_string()];
        let mut why = Vec::new();
        take(&file(), "KR", &mut legal, &mut ends, &mut why);
        assert_eq!(why.len(), 1, "{why:?}");
        // Not petrifying: refused too.
        let mut why = Vec::new();
        take(&file(), "R", &mut legal, &mut ends, &mut why);
        assert_eq!(why.len(), 1, "{why:?}");
    }
}
