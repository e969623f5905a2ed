//! `castlingRookPieces`: the letters of the pieces on the castling rooks'
//! squares in the start position, read for each side whose right the
//! start FEN gives (a side without it may have another piece there, as
//! in empire, where White's castling squares hold no rook).

/// The piece on `file` (0-based) of a FEN row, if any.
fn piece_at(row: &str, file: u32) -> Option<char> {
    let mut at = 0u32;
    let mut digits = String::new();
    for ch in row.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        at += digits.parse::<u32>().unwrap_or(0);
        digits.clear();
        if at == file {
            return Some(ch);
        }
        at += 1;
    }
    None
}

/// The letters (lower case) of the rook of the castling right `letter`
/// (White's, upper case), its rook on `file` (0-based) of White's `rank`
/// (1-based) and Black's mirror of it, for each side `rights` (the start
/// FEN's castling field) gives it to; White's where it gives neither.
pub(super) fn rook_letters(
    rows: &[&str],
    rights: &str,
    ranks: u32,
    (file, rank): (u32, u32),
    letter: char,
) -> Vec<char> {
    let white = rights.contains(letter.to_ascii_uppercase());
    let black = rights.contains(letter.to_ascii_lowercase());
    let mut out = Vec::new();
    for (on, row) in [(white || !black, ranks.checked_sub(rank)), (black, rank.checked_sub(1))] {
        let Some(row) = row.filter(|_| on).and_then(|r| rows.get(r as usize)) else {
            continue;
        };
        if let Some(p) = piece_at(row, file).map(|c| c.to_ascii_lowercase())
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::rook_letters;

    #[test]
    fn the_rook_is_read_for_the_sides_that_castle() {
        let rows: Vec<&str> = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET".split('/').collect();
        assert_eq!(rook_letters(&rows, "kq", 8, (7, 1), 'K'), ['r']);
        assert_eq!(rook_letters(&rows, "-", 8, (7, 1), 'K'), ['t']);
        assert_eq!(rook_letters(&rows, "KQkq", 8, (0, 1), 'Q'), ['t', 'r']);
    }
}
