//! A text diagram of a position, rank numbers on the left and file letters
//! below, for `kaboom play` and `kaboom show`.

use super::fen::letter;
use crate::compile::Variant;
use crate::engine::position::Position;

/// Draws the board: pieces by FEN letter, `.` for empty, `*` for blocked.
pub fn diagram(variant: &Variant, pos: &Position) -> String {
    let g = variant.geometry;
    let mut out = String::new();
    for rank in (0..g.ranks as i32).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..g.files as i32 {
            let cell = pos.cell(g.square(file, rank).expect("on the board"));
            out.push(' ');
            out.push(if cell.is_empty() { '.' } else { letter(variant, cell) });
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..g.files {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    out
}
