//! What kaboom tells XBoard about a variant it does not know itself: a
//! `setup` line (the piece-to-glyph table, the board size, the start
//! position) and one `piece` line per piece with its Betza moves, as
//! XBoard 4.9 reads them (the protocol's engine-defined variants), and
//! reading the size-prefixed variant names XBoard sends back
//! (`10x8+0_NAME`).

use crate::Variant;
use crate::notation::fen;

/// XBoard's piece glyphs, in the order of its piece-to-char table; the
/// last is the king. Each slot is named by the letter XBoard gives it by
/// default (Ferz, Alfil, Archbishop, Chancellor, Wazir, Man, cannOn,
/// nigHtrider, ...).
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The piece-to-char table for `variant`: each piece gets the glyph slot
/// of its own letter when that slot is free, else the first free one; the
/// royal piece (or the piece lettered K) takes the king's slot. `None`
/// when the variant has more pieces than XBoard has glyphs.
pub fn piece_table(variant: &Variant) -> Option<String> {
    let slots: Vec<char> = SLOTS.chars().collect();
    let king = slots.len() - 1;
    let mut table = vec!['.'; slots.len()];
    let pieces = &variant.pieces();
    let royal = pieces
        .iter()
        .position(|p| p.royal)
        .or_else(|| pieces.iter().position(|p| p.letter == 'K'));
    if let Some(r) = royal {
        table[king] = pieces[r].letter;
    }
    let mut rest = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        if Some(i) == royal {
            continue;
        }
        match slots[..king].iter().position(|&s| s == p.letter) {
            Some(s) if table[s] == '.' => table[s] = p.letter,
            _ => rest.push(p.letter),
        }
    }
    for letter in rest {
        let free = table[..king].iter().position(|&c| c == '.')?;
        table[free] = letter;
    }
    let white: String = table.iter().collect();
    Some(format!("{white}{}", white.to_ascii_lowercase()))
}

/// The variant names XBoard knows and plays by its own rules: it needs no
/// description of them. The list is data (`data/xboard-variants.txt`).
const KNOWN_TO_XBOARD: &str = include_str!("../../data/xboard-variants.txt");

/// Whether XBoard knows `name` itself.
fn known_to_xboard(name: &str) -> bool {
    KNOWN_TO_XBOARD
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .any(|l| l == name)
}

/// The lines that describe `variant` to XBoard: `setup (TABLE)
/// WxH+0_NAME FEN`, then `piece X& BETZA` for each piece (the king's with
/// `O` and its castling distance when it castles). Nothing for the
/// variants XBoard knows itself (`data/xboard-variants.txt`).
pub fn describe(variant: &Variant, xboard_name: &str) -> Vec<String> {
    if known_to_xboard(xboard_name) {
        return Vec::new();
    }
    let Some(table) = piece_table(variant) else {
        return vec![format!(
            "telluser kaboom: {} has more piece kinds than XBoard has glyphs; the board may show them wrongly",
            variant.name()
        )];
    };
    let g = variant.geometry();
    // The six standard fields: XBoard reads no more.
    let written = fen::write(variant, &variant.start_position());
    let start = written.split_whitespace().take(6).collect::<Vec<_>>().join(" ");
    let mut lines = vec![format!(
        "setup ({table}) {}x{}+0_{xboard_name} {start}",
        g.files, g.ranks
    )];
    for (kind, piece) in variant.pieces().iter().enumerate() {
        let castle = variant
            .castling_rules()
            .iter()
            .find(|c| usize::from(c.king_kind) == kind)
            .map(|c| format!("O{}", (g.file(c.king_to) - g.file(c.king_from)).abs()))
            .unwrap_or_default();
        lines.push(format!("piece {}& {}{castle}", piece.letter, piece.template));
    }
    lines
}

/// A variant name as XBoard may send it, without a board-size prefix:
/// `10x8+0_capablanca` and `10x8_capablanca` are `capablanca`.
pub fn strip_size(name: &str) -> &str {
    match name.split_once('_') {
        Some((size, rest))
            if size.split_once('x').is_some_and(|(w, h)| {
                w.bytes().all(|b| b.is_ascii_digit())
                    && !w.is_empty()
                    && h.split('+')
                        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            }) =>
        {
            rest
        }
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_keep_letters_on_their_own_glyphs() {
        let text = r#"(extends: "chess", name: "10x8", board: (files: 10, ranks: 8),
            pieces: [(letter: 'A', name: "bishop-knight", moves: "BN"), (letter: 'C', name: "rook-knight", moves: "RN")],
            start: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1", castling: [])"#;
        let ten_by_eight = Variant::from_text("ten.ron", text).unwrap();
        let t = piece_table(&ten_by_eight).unwrap();
        assert_eq!(t, "PNBRQ..AC............Kpnbrq..ac............k");
        assert_eq!(strip_size("10x8+0_mine"), "mine");
        assert_eq!(strip_size("10x8_mine"), "mine");
        assert_eq!(strip_size("my-variant"), "my-variant");
        assert_eq!(strip_size("x_y"), "x_y");
    }
}
