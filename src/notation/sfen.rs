//! SFEN, the position format of the USI protocol (shogi's): the board as
//! in FEN, then the side to move (`b` for the side that moves first,
//! kaboom's White; `w` for the other), the pieces in hand with counts
//! (`2Pn`, `-` for none) and the number of the move in plies from 1:
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`.
//!
//! Read and written as Fairy-Stockfish reads and writes it for any
//! variant: the board and hands as its FEN has them, no castling rights,
//! en passant square or clock (a position read from SFEN has none, and
//! its halfmove clock is 0). Both go through kaboom's FEN, so a SFEN is
//! checked as the FEN it stands for.

use crate::base::square::Color;
use crate::compile::Variant;
use crate::engine::position::Position;
use crate::lang::fen_syntax::FenError;
use crate::notation::fen;

/// The most pieces a SFEN's hands may hold in all (a hand holds at most
/// 16 pieces of each of at most 64 kinds per side, far below this).
const MAX_HAND_PIECES: usize = 4096;

/// Writes `pos` as SFEN.
///
/// ```
/// use kaboom::sfen;
/// let shogi = kaboom::Variant::load("shogi").unwrap();
/// let pos = shogi.start_position();
/// assert_eq!(sfen::write(&shogi, &pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
/// ```
pub fn write(variant: &Variant, pos: &Position) -> String {
    let fen_text = fen::write(variant, pos);
    let first = fen_text.split_whitespace().next().unwrap_or("");
    let (board, hands) = match first.split_once('[') {
        Some((board, rest)) => (board, rest.trim_end_matches(']')),
        None => (first, ""),
    };
    let black = pos.side_to_move() == Color::Black;
    let side = if black { 'w' } else { 'b' };
    let ply = 2 * u64::from(pos.fullmove_number().max(1) - 1) + u64::from(black);
    format!("{board} {side} {} {}", counted_hands(hands), ply + 1)
}

/// The letters of a FEN's hands, each run of one letter written as its
/// count and the letter (`PPp` as `2Pp`); `-` for none.
fn counted_hands(hands: &str) -> String {
    let letters: Vec<char> = hands.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    if letters.is_empty() {
        return "-".to_string();
    }
    let mut out = String::new();
    let mut i = 0;
    while i < letters.len() {
        let run = letters[i..].iter().take_while(|&&c| c == letters[i]).count();
        if run > 1 {
            out.push_str(&run.to_string());
        }
        out.push(letters[i]);
        i += run;
    }
    out
}

/// Reads a SFEN of `variant`: three or four fields (the move number may be
/// left out, and then is 1).
///
/// ```
/// use kaboom::{fen, sfen};
/// let shogi = kaboom::Variant::load("shogi").unwrap();
/// let pos = sfen::parse(&shogi, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4").unwrap();
/// assert_eq!(fen::write(&shogi, &pos), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2");
/// let err = sfen::parse(&shogi, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1").unwrap_err();
/// assert_eq!(err.message, "the side to move is `x`: SFEN writes `b` (the side that moves first) or `w`");
/// ```
pub fn parse(variant: &Variant, text: &str) -> Result<Position, FenError> {
    let text = text.trim();
    let fields: Vec<&str> = text.split_whitespace().collect();
    let whole = 0..text.len();
    let error = |message: String, help: &str| FenError {
        message,
        span: whole.clone(),
        help: help.to_string(),
    };
    if !(3..=4).contains(&fields.len()) {
        return Err(error(
            format!("a SFEN has 3 or 4 fields, this one {}", fields.len()),
            "write the board, the side to move (b or w), the hands (- for none) and the move number",
        ));
    }
    let board = fields[0];
    if board.contains('[') {
        return Err(error(
            "a SFEN writes the hands in their own field, not in brackets".to_string(),
            "write the hands after the side to move: `... b 2Pp 1`",
        ));
    }
    let black = match fields[1] {
        "b" => false,
        "w" => true,
        other => {
            return Err(error(
                format!(
                    "the side to move is `{}`: SFEN writes `b` (the side that moves first) or `w`",
                    short(other)
                ),
                "`b`: the side that moves first (kaboom's White) is to move",
            ));
        }
    };
    let hands =
        expand_hands(fields[2]).map_err(|m| error(m, "write each hand piece as [count]letter, or - for none"))?;
    let number: u64 = match fields.get(3) {
        None => 1,
        Some(n) => n.parse().map_err(|_| {
            error(
                format!("the move number `{}` is not a whole number", short(n)),
                "count the plies from 1",
            )
        })?,
    };
    let ply = number.saturating_sub(1);
    let fullmove = (1 + ply.saturating_sub(u64::from(black)) / 2).min(u64::from(u32::MAX / 2));
    let hand_part = if hands.is_empty() && variant.hands.kinds().is_empty() {
        String::new()
    } else {
        format!("[{hands}]")
    };
    let side = if black { 'b' } else { 'w' };
    let fen_text = format!("{board}{hand_part} {side} - - 0 {fullmove}");
    fen::parse(variant, &fen_text).map_err(|mut e| {
        // The board comes first in both: a span inside it still points there.
        if e.span.end > board.len() {
            e.span = whole.clone();
        }
        e
    })
}

/// The letters of a SFEN's hands field, each as many times as counted.
fn expand_hands(field: &str) -> Result<String, String> {
    if field == "-" {
        return Ok(String::new());
    }
    let mut out = String::new();
    let mut count: Option<usize> = None;
    for c in field.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d as usize;
            if n > MAX_HAND_PIECES {
                return Err(format!("the hands hold more than {MAX_HAND_PIECES} pieces"));
            }
            count = Some(n);
        } else if c.is_ascii_alphabetic() {
            let n = count.take().unwrap_or(1);
            if n == 0 || out.len() + n > MAX_HAND_PIECES {
                return Err(format!("a count of `{c}` in hand must be 1 to {MAX_HAND_PIECES}"));
            }
            out.extend(std::iter::repeat_n(c, n));
        } else {
            return Err(format!(
                "`{}` in the hands is not a count or a piece letter",
                short(&c.to_string())
            ));
        }
    }
    if count.is_some() {
        return Err("the hands end with a count and no piece letter".to_string());
    }
    Ok(out)
}

/// `text`, cut short for an error message.
fn short(text: &str) -> String {
    text.chars().take(16).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_are_counted_and_expanded() {
        assert_eq!(counted_hands("PPPbp"), "3Pbp");
        assert_eq!(counted_hands(""), "-");
        assert_eq!(expand_hands("3Pbp").unwrap(), "PPPbp");
        assert_eq!(expand_hands("-").unwrap(), "");
        assert!(expand_hands("3").is_err());
        assert!(expand_hands("0P").is_err());
        assert!(expand_hands("99999999999P").is_err());
        assert!(expand_hands("P?").is_err());
    }
}
