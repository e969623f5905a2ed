//! Castling whose rights a drop gains (`by_drop`) as Fairy-Stockfish's
//! `castlingDroppedPiece`: the two rules the importer writes for it, a
//! kingside (`K`) and a queenside (`Q`) castling of one king piece from
//! one square off the board's edge files, each with one rook piece from
//! the corner of the king's rank, landing next to the king on the inside;
//! no castling right in the start position, and drops on.

use crate::spec::CastlingSpec;
use std::fmt::Write as _;

/// Whether some castling rule is gained by drops.
pub(super) fn applies(castling: &[CastlingSpec]) -> bool {
    castling.iter().any(|c| c.by_drop.as_ref().is_some_and(|b| b.value))
}

/// A square's file and rank (`e1`: 4, 1).
fn square(s: &str) -> Option<(u32, u32)> {
    let f = u32::from(s.bytes().next()?.checked_sub(b'a')?);
    Some((f, s.get(1..)?.parse().ok()?))
}

/// The castling options for rules gained by drops, on a board `files`
/// wide whose start position gives the castling rights `rights`; where
/// Fairy-Stockfish's `castlingDroppedPiece` cannot give the same rules,
/// the reason goes to `why`.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, castling: &[CastlingSpec], rights: &str, files: u32) {
    match options(castling, rights, files, ini.contains("pieceDrops = true\n")) {
        Ok(lines) => {
            let _ = write!(ini, "{lines}");
        }
        Err(reason) => why.push(format!(
            "castling rights gained by drops (`by_drop`) other than `castlingDroppedPiece`'s: {reason}"
        )),
    }
}

/// The options' lines, or why there are none.
fn options(castling: &[CastlingSpec], rights: &str, files: u32, drops: bool) -> Result<String, &'static str> {
    let [k, q] = castling else {
        return Err("Fairy-Stockfish gains a kingside (`K`) and a queenside (`Q`) castling, no other rules");
    };
    if (k.fen.value, q.fen.value) != ('K', 'Q') {
        return Err("the rules are not `K` then `Q`");
    }
    if !drops {
        return Err("no drops");
    }
    if rights != "-" {
        return Err("castling rights in the start position");
    }
    let plain = |c: &CastlingSpec| {
        c.by_drop.as_ref().is_some_and(|b| b.value) && c.carry.is_none() && c.takes.is_none() && c.side.is_none()
    };
    if !plain(k) || !plain(q) {
        return Err("a rule not gained by drops, or one that carries pieces, takes rights or finds its rook by side");
    }
    let letter = |c: &CastlingSpec| {
        (
            c.king_piece.as_ref().map(|p| p.value),
            c.rook_piece.as_ref().map(|p| p.value),
        )
    };
    let (Some(king), Some(rook)) = letter(k) else {
        return Err("a rule without its `king_piece` and `rook_piece`");
    };
    if letter(q) != (Some(king), Some(rook)) {
        return Err("the two rules castle different pieces");
    }
    let at = |s: &Option<crate::spec::Spanned<String>>| s.as_ref().and_then(|s| square(&s.value));
    let (Some(from), Some(q_from)) = (at(&k.king), at(&q.king)) else {
        return Err("a rule without the king's square");
    };
    let (rank, king_file) = (from.1, from.0);
    if q_from != from || king_file == 0 || king_file + 1 >= files {
        return Err("the king's square differs between the rules, or is on an edge file");
    }
    if at(&k.rook) != Some((files - 1, rank)) || at(&q.rook) != Some((0, rank)) {
        return Err("the rooks are not in the corners of the king's rank");
    }
    let (Some(kt), Some(kr), Some(qt), Some(qr)) = (
        square(&k.king_to.value),
        square(&k.rook_to.value),
        square(&q.king_to.value),
        square(&q.rook_to.value),
    ) else {
        return Err("castling squares");
    };
    let on_rank = [kt, kr, qt, qr].iter().all(|s| s.1 == rank);
    if !on_rank || kr.0 + 1 != kt.0 || qr.0 != qt.0 + 1 {
        return Err("the king or rook lands off the rank, or the rook not next to the king on the inside");
    }
    let file = |f: u32| char::from(b'a' + f as u8);
    Ok(format!(
        "castling = true\ncastlingDroppedPiece = true\ncastlingKingFile = {}\ncastlingKingsideFile = {}\n\
         castlingQueensideFile = {}\ncastlingRank = {rank}\ncastlingKingPiece = {}\ncastlingRookPieces = {}\n",
        file(king_file),
        file(kt.0),
        file(qt.0),
        king.to_ascii_lowercase(),
        rook.to_ascii_lowercase()
    ))
}

#[cfg(test)]
mod tests {
    use super::write;
    use crate::spec::CastlingSpec;

    /// The castling rules of a variant file's `castling` field.
    fn rules(castling: &str) -> Vec<CastlingSpec> {
        let text = format!(
            "(name: \"t\", board: (files: 8, ranks: 8), pieces: [(letter: 'K', name: \"king\", moves: \"K\", royal: true), \
             (letter: 'R', name: \"rook\", moves: \"R\")], start: \"8/8/8/8/8/8/8/8[KRRkrr] w - - 0 1\", \
             drops: (), castling: [{castling}])"
        );
        crate::spec::Loader::new()
            .load_text("t.ron", &text)
            .expect("the test variant loads")
            .castling
            .unwrap_or_default()
    }

    const BY_DROP: &str = "(fen: 'K', king: \"e1\", king_to: \"g1\", rook: \"h1\", rook_to: \"f1\", king_piece: 'K', rook_piece: 'R', by_drop: true), \
         (fen: 'Q', king: \"e1\", king_to: \"c1\", rook: \"a1\", rook_to: \"d1\", king_piece: 'K', rook_piece: 'R', by_drop: true)";

    #[test]
    fn rights_gained_by_drops_are_castling_dropped_piece() {
        let mut ini = "pieceDrops = true\n".to_string();
        let mut why = Vec::new();
        write(&mut ini, &mut why, &rules(BY_DROP), "-", 8);
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(
            ini,
            "pieceDrops = true\ncastling = true\ncastlingDroppedPiece = true\ncastlingKingFile = e\n\
             castlingKingsideFile = g\ncastlingQueensideFile = c\ncastlingRank = 1\ncastlingKingPiece = k\n\
             castlingRookPieces = r\n"
        );
    }

    #[test]
    fn rules_fairy_stockfish_would_grant_otherwise_are_refused() {
        let refused = |castling: &str, rights: &str| {
            let mut why = Vec::new();
            write(
                &mut "pieceDrops = true\n".to_string(),
                &mut why,
                &rules(castling),
                rights,
                8,
            );
            why
        };
        // Rights in the start position, one rule only, a rook off the corner.
        assert_eq!(refused(BY_DROP, "KQkq").len(), 1);
        let kingside = BY_DROP.split("), (").next().unwrap().to_string() + ")";
        assert_eq!(refused(&kingside, "-").len(), 1);
        assert_eq!(refused(&BY_DROP.replace("\"h1\"", "\"g1\""), "-").len(), 1);
        // Without drops.
        let mut why = Vec::new();
        write(&mut String::new(), &mut why, &rules(BY_DROP), "-", 8);
        assert!(why[0].contains("no drops"), "{why:?}");
    }
}
