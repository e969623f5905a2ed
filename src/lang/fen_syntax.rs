//! FEN syntax for boards of any size: multi-digit empty runs (`10`), ranks
//! past 9, and `*` for a blocked square. This module reads the text into a
//! [`FenRecord`] with error columns; `notation::fen` turns a record into a
//! position of a variant.

use std::ops::Range;

/// What a FEN says stands on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenCell {
    /// Nothing.
    Empty,
    /// A square nothing may enter (`*`).
    Blocked,
    /// A square a random setup fills (`?`, only in setup templates).
    Slot,
    /// A piece letter: upper case White, lower case Black.
    Piece(char),
}

/// A FEN read into its fields, board in square order (a1 first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenRecord {
    /// One cell per square, index `rank * files + file`.
    pub board: Vec<FenCell>,
    /// `w` or `b`.
    pub white_to_move: bool,
    /// Castling letters as written, `-` read as empty; with the byte range.
    pub castling: (String, Range<usize>),
    /// En passant square as written, if any; with the byte range.
    pub en_passant: Option<(String, Range<usize>)>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove: u32,
    /// Move number, starting at 1.
    pub fullmove: u32,
    /// Extra `key=value` fields after the six standard ones, with spans.
    pub extras: Vec<(String, String, Range<usize>)>,
    /// Fairy-Stockfish's remaining-checks field after the en passant
    /// square (`3+3`: White's, then Black's), with its byte range.
    pub checks_left: Option<([u32; 2], Range<usize>)>,
    /// Pieces in hand, in brackets after the board (`[QPnp]`: upper case
    /// White's, lower case Black's), as written, with its byte range.
    pub holdings: Option<(String, Range<usize>)>,
    /// Squares (indexes into `board`) of pieces marked promoted (`Q~`).
    pub promoted: Vec<usize>,
}

/// A problem in a FEN, at a byte range of the FEN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FenError {
    /// What is wrong.
    pub message: String,
    /// Byte range in the FEN.
    pub span: Range<usize>,
    /// How to fix it.
    pub help: String,
}

impl FenError {
    fn new(message: impl Into<String>, span: Range<usize>, help: impl Into<String>) -> Self {
        FenError {
            message: message.into(),
            span,
            help: help.into(),
        }
    }
}

/// Longest FEN kaboom reads (a 16x16 board fits in far less).
pub const MAX_FEN_BYTES: usize = 16384;

/// Reads a FEN for a board of `files` x `ranks`. `is_letter` says which
/// letters (either case) name pieces. The halfmove and fullmove fields may
/// be left out (EPD style); they then read as 0 and 1.
pub fn parse(text: &str, files: u8, ranks: u8, is_letter: impl Fn(char) -> bool) -> Result<FenRecord, FenError> {
    parse_with_promoted(text, files, ranks, is_letter, |_| None)
}

/// Reads a FEN as [`parse`] does, where `+X` names a promoted form:
/// `promoted` gives the letter (in X's case) of the piece that is X
/// promoted, as Fairy-Stockfish writes shogi's promoted pieces (`+P`).
pub fn parse_with_promoted(
    text: &str,
    files: u8,
    ranks: u8,
    is_letter: impl Fn(char) -> bool,
    promoted: impl Fn(char) -> Option<char>,
) -> Result<FenRecord, FenError> {
    if text.len() > MAX_FEN_BYTES {
        return Err(FenError::new(
            format!("the FEN has {} bytes; at most {MAX_FEN_BYTES} are read", text.len()),
            0..0,
            "check that the argument is a FEN",
        ));
    }
    let mut fields = split_fields(text);
    // Fairy-Stockfish writes the checks each side has left (`3+3`) between
    // the en passant square and the halfmove clock.
    let checks_left = match fields.get(4).map(|(f, span)| (f.split_once('+'), span.clone())) {
        Some((Some((w, b)), span)) => {
            let count = |s: &str| s.parse::<u32>().ok().filter(|n| *n <= 99);
            let (Some(w), Some(b)) = (count(w), count(b)) else {
                return Err(FenError::new(
                    format!("checks left `{}` are not two numbers", fields[4].0),
                    span,
                    "write the checks each side has left as `3+3` (at most 99 each)",
                ));
            };
            fields.remove(4);
            Some(([w, b], span))
        }
        _ => None,
    };
    if fields.is_empty() {
        return Err(FenError::new(
            "the FEN is empty",
            0..0,
            "write the board, then the side to move, e.g. `8/8/8/8/8/8/8/8 w - - 0 1`",
        ));
    }
    let mut extras = Vec::new();
    for (field, span) in fields.iter().skip(6) {
        let Some((key, value)) = field.split_once('=') else {
            return Err(FenError::new(
                format!("unexpected field `{field}` after the move number"),
                span.clone(),
                "state a variant adds is written after the six FEN fields as `key=value` (docs/format.md)",
            ));
        };
        extras.push((key.to_string(), value.to_string(), span.clone()));
    }
    let (board_text, board_span) = &fields[0];
    // Pieces in hand follow the board in brackets, as Fairy-Stockfish writes them.
    let (board_text, holdings) = match board_text.find('[') {
        Some(open) => {
            let inner = &board_text[open + 1..];
            let at = board_span.start + open;
            let Some(held) = inner.strip_suffix(']') else {
                return Err(FenError::new(
                    "the pieces in hand are not closed by `]`",
                    at..board_span.end,
                    "write the pieces in hand in brackets right after the board: `[Pn]`, or `[]` for none",
                ));
            };
            (&board_text[..open], Some((held.to_string(), at..board_span.end)))
        }
        None => (board_text.as_str(), None),
    };
    let (board, promoted) = parse_board_marked(board_text, board_span.start, files, ranks, &is_letter, &promoted)?;
    let white_to_move = match fields.get(1) {
        None => {
            return Err(FenError::new(
                "the FEN has no side to move",
                text.len()..text.len(),
                "add ` w` or ` b` after the board",
            ));
        }
        Some((s, _)) if s == "w" => true,
        Some((s, _)) if s == "b" => false,
        Some((s, span)) => {
            return Err(FenError::new(
                format!("side to move `{s}` is neither `w` nor `b`"),
                span.clone(),
                "write `w` or `b`",
            ));
        }
    };
    let castling = match fields.get(2) {
        None => (String::new(), text.len()..text.len()),
        Some((s, span)) if s == "-" => (String::new(), span.clone()),
        Some((s, span)) => (s.clone(), span.clone()),
    };
    let en_passant = match fields.get(3) {
        None => None,
        Some((s, _)) if s == "-" => None,
        Some((s, span)) => Some((s.clone(), span.clone())),
    };
    let number = |index: usize, default: u32, what: &str| -> Result<u32, FenError> {
        match fields.get(index) {
            None => Ok(default),
            Some((s, span)) => s.parse::<u32>().ok().filter(|n| *n <= 100_000).ok_or_else(|| {
                FenError::new(
                    format!("{what} `{s}` is not a number"),
                    span.clone(),
                    format!("write the {what} as a whole number"),
                )
            }),
        }
    };
    let halfmove = number(4, 0, "halfmove clock")?;
    let fullmove = number(5, 1, "move number")?.max(1);
    Ok(FenRecord {
        board,
        white_to_move,
        castling,
        en_passant,
        halfmove,
        fullmove,
        extras,
        checks_left,
        holdings,
        promoted,
    })
}

fn split_fields(text: &str) -> Vec<(String, Range<usize>)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                fields.push((text[s..i].to_string(), s..i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    fields
}

/// Reads the board field (`rnbqkbnr/pppppppp/8/...`) starting at byte
/// `base` of the whole FEN, with the squares of pieces marked promoted
/// (`Q~`, as Fairy-Stockfish marks them).
pub fn parse_board_marked(
    text: &str,
    base: usize,
    files: u8,
    ranks: u8,
    is_letter: &impl Fn(char) -> bool,
    promoted_form: &impl Fn(char) -> Option<char>,
) -> Result<(Vec<FenCell>, Vec<usize>), FenError> {
    let mut promoted = Vec::new();
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(FenError::new(
            format!("the board has {} ranks, the variant has {ranks}", rows.len()),
            base..base + text.len(),
            format!("write {ranks} ranks separated by `/`, the top rank first"),
        ));
    }
    let mut board = vec![FenCell::Empty; files as usize * ranks as usize];
    let mut offset = base;
    for (row_index, row) in rows.iter().enumerate() {
        let rank = ranks as usize - 1 - row_index;
        let mut file = 0usize;
        let bytes = row.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let at = offset + i;
            let c = row[i..].chars().next().unwrap_or(' ');
            let (cell_count, cell, width) = if c.is_ascii_digit() {
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                let run: usize = row[i..j].parse().unwrap_or(usize::MAX);
                if run == 0 || row[i..j].starts_with('0') {
                    return Err(FenError::new(
                        format!("empty run `{}` must be a positive number", &row[i..j]),
                        at..offset + j,
                        "write 1 to 16 empty squares as a number",
                    ));
                }
                (run, FenCell::Empty, j - i)
            } else if c == '*' {
                (1, FenCell::Blocked, 1)
            } else if c == '?' && is_letter('?') {
                (1, FenCell::Slot, 1)
            } else if c.is_ascii_alphabetic() && is_letter(c) {
                (1, FenCell::Piece(c), 1)
            } else if c == '+' {
                let Some(base) = row[i + 1..].chars().next().filter(char::is_ascii_alphabetic) else {
                    return Err(FenError::new(
                        "`+` is not followed by a piece letter",
                        at..at + 1,
                        "write `+` right before the letter of a piece that has a promoted form: `+P`",
                    ));
                };
                match promoted_form(base) {
                    Some(form) => (1, FenCell::Piece(form), 1 + base.len_utf8()),
                    None => {
                        return Err(FenError::new(
                            format!("`+{base}` is not a promoted piece of this variant"),
                            at..at + 1 + base.len_utf8(),
                            "write `+` only before the letter of a piece that has a promoted form (`promoted_from`)",
                        ));
                    }
                }
            } else {
                return Err(FenError::new(
                    format!("`{c}` is not a piece letter of this variant"),
                    at..at + c.len_utf8(),
                    "use the variant's piece letters (upper case White, lower case Black), digits for empty squares, `*` for a blocked square",
                ));
            };
            if file.saturating_add(cell_count) > files as usize {
                return Err(FenError::new(
                    format!("rank {} has more than {files} squares", rank + 1),
                    offset..offset + row.len(),
                    format!("each rank must describe exactly {files} squares"),
                ));
            }
            for k in 0..cell_count {
                board[rank * files as usize + file + k] = cell;
            }
            file += cell_count;
            i += width;
            if matches!(cell, FenCell::Piece(_)) && bytes.get(i) == Some(&b'~') {
                promoted.push(rank * files as usize + file - 1);
                i += 1;
            }
        }
        if file != files as usize {
            return Err(FenError::new(
                format!(
                    "rank {} describes {file} squares, the board has {files} files",
                    rank + 1
                ),
                offset..offset + row.len(),
                format!("each rank must describe exactly {files} squares"),
            ));
        }
        offset += row.len() + 1;
    }
    Ok((board, promoted))
}

/// Writes a board as the first field of a FEN (a1 is `board[0]`).
pub fn board_text(board: &[FenCell], files: u8, ranks: u8) -> String {
    let mut out = String::new();
    for rank in (0..ranks as usize).rev() {
        let mut empty = 0;
        for file in 0..files as usize {
            let ch = match board[rank * files as usize + file] {
                FenCell::Empty => {
                    empty += 1;
                    continue;
                }
                FenCell::Blocked => '*',
                FenCell::Slot => '?',
                FenCell::Piece(c) => c,
            };
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(ch);
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(c: char) -> bool {
        "pnbrqkPNBRQK".contains(c)
    }

    #[test]
    fn reads_multi_digit_runs_and_blocked_squares() {
        let fen = parse("10/10/10/10/10/10/10/4*5/10/k8K w - - 0 1", 10, 10, letters).unwrap();
        assert_eq!(fen.board[0], FenCell::Piece('k'));
        assert_eq!(fen.board[9], FenCell::Piece('K'));
        assert_eq!(fen.board[2 * 10 + 4], FenCell::Blocked);
    }

    #[test]
    fn errors_point_at_the_offending_text() {
        let e = parse("8/8/8/8/8/8/8/7X w - - 0 1", 8, 8, letters).unwrap_err();
        assert_eq!(e.span, 15..16);
        let e = parse("8/8/8/8/8/8/8/9 w - - 0 1", 8, 8, letters).unwrap_err();
        assert!(e.message.contains("more than 8"), "{}", e.message);
        let e = parse("8/8/8/8/8/8/8 w - - 0 1", 8, 8, letters).unwrap_err();
        assert!(e.message.contains("7 ranks"));
        let e = parse("8/8/8/8/8/8/8/8 x", 8, 8, letters).unwrap_err();
        assert_eq!(e.span, 16..17);
    }

    #[test]
    fn huge_empty_runs_are_errors_not_overflows() {
        let e = parse("99999999999999999999999999/8/8/8/8/8/8/8 w - - 0 1", 8, 8, letters).unwrap_err();
        assert!(e.message.contains("more than 8"), "{}", e.message);
        let e = parse("p18446744073709551615/8/8/8/8/8/8/8 w - - 0 1", 8, 8, letters).unwrap_err();
        assert!(e.message.contains("more than 8"), "{}", e.message);
    }

    #[test]
    fn counters_are_optional() {
        let fen = parse("8/8/8/8/8/8/8/8 b -", 8, 8, letters).unwrap();
        assert!(!fen.white_to_move);
        assert_eq!((fen.halfmove, fen.fullmove), (0, 1));
    }
}
