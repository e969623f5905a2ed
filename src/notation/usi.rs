//! USI move notation (shogi's protocol), as Fairy-Stockfish writes it for
//! any variant: a square is its file counted from the right, 1 up, and
//! its rank as a letter from the top, `a` down (on a 9x9 board White's
//! `c3` is `7g`, Black's `g7` is `3c`); a drop is the piece's letter, `*`
//! and the square (`P*5e`); the rest is written as in kaboom's
//! coordinates ([`crate::notation::uci`]): `+` for promotion to a promoted
//! form (`8h2b+`), a promotion's lower-case letter otherwise. The
//! translation is textual, square by square, both ways.

use crate::base::geometry::Geometry;
use crate::compile::Variant;
use crate::engine::moves::Move;
use crate::engine::position::Position;
use crate::notation::uci::{self, MoveError};

/// Writes `mv` in USI notation.
///
/// ```
/// use kaboom::{uci, usi};
/// let shogi = kaboom::Variant::load("shogi").unwrap();
/// let pos = shogi.start_position();
/// let mv = uci::parse(&shogi, &pos, "c3c4").unwrap();
/// assert_eq!(usi::write(&shogi, &mv), "7g7f");
/// let mv = usi::parse(&shogi, &pos, "2g2f").unwrap();
/// assert_eq!(uci::write(&shogi, &mv), "h3h4");
/// ```
pub fn write(variant: &Variant, mv: &Move) -> String {
    from_coordinates(variant.geometry, &uci::write(variant, mv))
}

/// Reads a move in USI notation, legal in `pos`.
pub fn parse(variant: &Variant, pos: &Position, text: &str) -> Result<Move, MoveError> {
    let coordinates = to_coordinates(variant.geometry, text).map_err(|reason| MoveError::Malformed {
        text: text.to_string(),
        reason,
    })?;
    uci::parse(variant, pos, &coordinates).map_err(|e| match e {
        MoveError::Illegal { legal, .. } => MoveError::Illegal {
            text: text.to_string(),
            legal: legal
                .split(' ')
                .map(|m| from_coordinates(variant.geometry, m))
                .collect::<Vec<_>>()
                .join(" "),
        },
        MoveError::Malformed { reason, .. } => MoveError::Malformed {
            text: text.to_string(),
            reason,
        },
    })
}

/// The USI name of the square at 0-based `file` and `rank`.
fn square_name(g: Geometry, file: u32, rank: u32) -> String {
    let number = u32::from(g.files) - file;
    let letter = char::from(b'a' + (u32::from(g.ranks) - 1 - rank) as u8);
    format!("{number}{letter}")
}

/// Kaboom's move coordinates rewritten in USI: each square name (a
/// lower-case file letter and a rank number) as USI names it, and a
/// drop's `@` as `*`. An action's name after `@` is kept.
pub fn from_coordinates(g: Geometry, text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'@' && b.get(i + 1).is_some_and(u8::is_ascii_lowercase) && !starts_square(g, &b[i + 1..]) {
            // An action's name: copied as it stands.
            let end = b[i + 1..]
                .iter()
                .position(|x| !(x.is_ascii_alphanumeric() || *x == b'_' || *x == b'-'))
                .map_or(b.len(), |n| i + 1 + n);
            out.push_str(&text[i..end]);
            i = end;
        } else if c == b'@' {
            out.push('*');
            i += 1;
        } else if let Some((sq, len)) = c.is_ascii_lowercase().then(|| g.read_square(&text[i..])).flatten() {
            out.push_str(&square_name(g, g.file(sq) as u32, g.rank(sq) as u32));
            i += len;
        } else {
            out.push(char::from(c));
            i += 1;
        }
    }
    out
}

/// Whether `b` starts with a square name of the board.
fn starts_square(g: Geometry, b: &[u8]) -> bool {
    std::str::from_utf8(b).ok().and_then(|t| g.read_square(t)).is_some()
}

/// A USI move rewritten in kaboom's move coordinates: each USI square (a
/// file number counted from the right and a rank letter from the top) by
/// its kaboom name, and a drop's `*` as `@`.
pub fn to_coordinates(g: Geometry, text: &str) -> Result<String, String> {
    if !text.is_ascii() {
        return Err("a USI move is written in ASCII".to_string());
    }
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            let digits = b[i..].iter().take_while(|x| x.is_ascii_digit()).count();
            let letter = b.get(i + digits).copied().filter(u8::is_ascii_lowercase);
            let (Some(letter), true) = (letter, digits <= 2) else {
                return Err(format!(
                    "`{}` is not a USI square (a file number and a rank letter)",
                    &text[i..]
                ));
            };
            let number: u32 = text[i..i + digits].parse().unwrap_or(0);
            let from_top = u32::from(letter - b'a');
            if number == 0 || number > u32::from(g.files) || from_top >= u32::from(g.ranks) {
                return Err(format!("`{}` is not a square of this board", &text[i..=i + digits]));
            }
            let file = u32::from(g.files) - number;
            let rank = u32::from(g.ranks) - 1 - from_top;
            out.push(char::from(b'a' + file as u8));
            out.push_str(&(rank + 1).to_string());
            i += digits + 1;
        } else if c == b'*' {
            out.push('@');
            i += 1;
        } else {
            out.push(char::from(c));
            i += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(files: u8, ranks: u8) -> Geometry {
        Geometry {
            files,
            ranks,
            ..crate::Variant::load("chess").unwrap().geometry
        }
    }

    #[test]
    fn squares_translate_both_ways() {
        let nine = g(9, 9);
        for (coordinates, usi) in [
            ("c3c4", "7g7f"),
            ("b2h8+", "8h2b+"),
            ("P@e5", "P*5e"),
            ("+P@a1", "+P*9i"),
            ("i9a1", "1a9i"),
            ("e7e8q", "5c5bq"),
        ] {
            assert_eq!(from_coordinates(nine, coordinates), usi);
            assert_eq!(to_coordinates(nine, usi).unwrap(), coordinates);
        }
        let wide = g(12, 12);
        assert_eq!(from_coordinates(wide, "a1l12"), "12l1a");
        assert_eq!(to_coordinates(wide, "12l1a").unwrap(), "a1l12");
        assert_eq!(from_coordinates(nine, "d1d1@blast"), "6i6i@blast");
    }

    #[test]
    fn bad_usi_squares_are_refused() {
        let nine = g(9, 9);
        for bad in ["0a1a", "10a1a", "7j7f", "7", "123a1a", "7g7f\u{e9}"] {
            assert!(to_coordinates(nine, bad).is_err(), "{bad}");
        }
    }
}
