//! Piece glyphs: the standard figurines as Unicode chess symbols, any
//! other glyph as a mark in a disc.

use crate::base::glyph::{Figure, Glyph};
use crate::base::square::Color;
use std::fmt::Write;

/// The outline and the filled symbol of a figurine.
fn symbols(f: Figure) -> (char, char) {
    match f {
        Figure::King => ('\u{2654}', '\u{265A}'),
        Figure::Queen => ('\u{2655}', '\u{265B}'),
        Figure::Rook => ('\u{2656}', '\u{265C}'),
        Figure::Bishop => ('\u{2657}', '\u{265D}'),
        Figure::Knight => ('\u{2658}', '\u{265E}'),
        Figure::Pawn => ('\u{2659}', '\u{265F}'),
    }
}

/// Text safe inside an SVG element or attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Draws a piece centred on (`cx`, `cy`).
pub fn piece(out: &mut String, glyph: &Glyph, side: Color, cx: i32, cy: i32) {
    match glyph {
        Glyph::Figure(f) => {
            let (outline, filled) = symbols(*f);
            let y = cy + 13;
            // U+FE0E asks for the text (not emoji) form of the symbol.
            if side == Color::White {
                let _ = write!(
                    out,
                    "<text class=\"fig\" x=\"{cx}\" y=\"{y}\" fill=\"#fff\">{filled}\u{FE0E}</text><text class=\"fig\" x=\"{cx}\" y=\"{y}\" fill=\"#000\">{outline}\u{FE0E}</text>"
                );
            } else {
                let _ = write!(
                    out,
                    "<text class=\"fig\" x=\"{cx}\" y=\"{y}\" fill=\"#000\">{filled}\u{FE0E}</text>"
                );
            }
        }
        Glyph::Mark(text) => {
            let (disc, ink) = if side == Color::White {
                ("#fff", "#000")
            } else {
                ("#222", "#fff")
            };
            let size = if text.chars().count() > 1 { 15 } else { 19 };
            let _ = write!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"15\" fill=\"{disc}\" stroke=\"#000\" stroke-width=\"2\"/><text class=\"mark\" x=\"{cx}\" y=\"{}\" font-size=\"{size}\" fill=\"{ink}\">{}</text>",
                cy + size / 3,
                escape(text)
            );
        }
    }
}
