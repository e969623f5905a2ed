//! The SVG canvas: squares, coordinates, pieces and marks, in integer
//! user units so that the output is the same bytes every time.

use super::SQUARE as S;
use super::figures;
use super::scene::{ArrowKind, Marks};
use crate::base::geometry::Geometry;
use crate::base::piece::Cell;
use crate::base::square::Square;
use crate::compile::Variant;
use crate::engine::position::Position;
use std::fmt::Write;

/// Room left of the board for rank numbers.
const LEFT: i32 = 20;
/// Room below the board for file letters.
const BOTTOM: i32 = 20;
/// Room above a board for its caption.
pub const TITLE: i32 = 24;
/// Room between two boards side by side.
pub const GAP: i32 = 24;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// Width of one board with its coordinates, wide enough for its caption
/// (about 8 units a character).
pub fn board_width(pos: &Position, caption: &str) -> i32 {
    let text = LEFT + 8 * caption.chars().count().min(200) as i32;
    (LEFT + i32::from(pos.geometry().files) * S + 4).max(text)
}

/// Height of one board with its coordinates.
pub fn board_height(pos: &Position) -> i32 {
    i32::from(pos.geometry().ranks) * S + BOTTOM
}

/// An SVG document being written.
pub struct Canvas {
    out: String,
}

impl Canvas {
    /// A document `w` by `h` with the shared definitions (hatching,
    /// arrowheads).
    pub fn new(w: i32, h: i32) -> Canvas {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Noto Sans Symbols2, FreeSerif, sans-serif\">"
        );
        out.push_str(concat!(
            "<style>.fig{font-size:34px;text-anchor:middle}.mark{font-weight:bold;text-anchor:middle}",
            ".coord{font-size:12px;fill:#444;text-anchor:middle}.cap{font-size:14px;fill:#000}</style>\n",
            "<defs><pattern id=\"kb-hatch\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">",
            "<rect width=\"8\" height=\"8\" fill=\"#3c3c3c\"/><path d=\"M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6\" stroke=\"#9a9a9a\" stroke-width=\"2\"/></pattern>\n",
        ));
        for (id, color) in [
            ("move", "#1f5fbf"),
            ("push", "#e07000"),
            ("bounce", "#138a36"),
            ("place", "#8a2be2"),
        ] {
            let _ = writeln!(
                out,
                "<marker id=\"kb-{id}\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{color}\"/></marker>"
            );
        }
        out.push_str("</defs>\n");
        Canvas { out }
    }

    /// Draws a board with its top-left corner at (`ox`, `oy`), its marks
    /// and a caption above it.
    pub fn board(&mut self, variant: &Variant, pos: &Position, marks: &Marks, ox: i32, oy: i32, caption: &str) {
        let at = Place::new(pos.geometry(), ox, oy);
        let o = &mut self.out;
        let _ = writeln!(
            o,
            "<text class=\"cap\" x=\"{}\" y=\"{}\">{}</text>",
            ox + LEFT,
            oy - 8,
            figures::escape(caption)
        );
        let _ = writeln!(o, "<g class=\"board\">");
        squares(o, &at, pos, marks);
        pieces(o, &at, variant, pos);
        overlays(o, &at, marks);
        arrows(o, &at, marks);
        coordinates(o, &at);
        o.push_str("\n</g>\n");
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Where a board is drawn: its geometry and top-left corner.
struct Place {
    g: Geometry,
    ox: i32,
    oy: i32,
    ranks: i32,
    files: i32,
}

impl Place {
    fn new(g: Geometry, ox: i32, oy: i32) -> Place {
        Place {
            g,
            ox,
            oy,
            ranks: i32::from(g.ranks),
            files: i32::from(g.files),
        }
    }

    /// The top-left corner of a square's cell.
    fn at(&self, sq: Square) -> (i32, i32) {
        (
            self.ox + LEFT + self.g.file(sq) * S,
            self.oy + (self.ranks - 1 - self.g.rank(sq)) * S,
        )
    }
}

/// The squares, blocked ones hatched, touched and shaded ones tinted.
fn squares(o: &mut String, p: &Place, pos: &Position, marks: &Marks) {
    let (g, ranks, files) = (p.g, p.ranks, p.files);
    let at = |sq| p.at(sq);
    for rank in 0..ranks {
        for file in 0..files {
            let Some(sq) = g.square(file, rank) else { continue };
            let (x, y) = at(sq);
            let fill = if (file + rank) % 2 == 0 { DARK } else { LIGHT };
            let cell = pos.cell(sq);
            let fill = if cell == Cell::BLOCKED { "url(#kb-hatch)" } else { fill };
            let _ = write!(
                o,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{fill}\" data-square=\"{}\"/>",
                g.name(sq)
            );
            if marks.touched.contains(sq) {
                let _ = write!(
                    o,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"#ffe14d\" fill-opacity=\"0.45\"/>"
                );
            }
            if marks.shaded.contains(sq) {
                let _ = write!(
                    o,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"#e0201a\" fill-opacity=\"0.35\"/>"
                );
            }
            o.push('\n');
        }
    }
}

/// The pieces on the board.
fn pieces(o: &mut String, p: &Place, variant: &Variant, pos: &Position) {
    let (g, ranks, files) = (p.g, p.ranks, p.files);
    let at = |sq| p.at(sq);
    for sq in (0..ranks).flat_map(|r| (0..files).filter_map(move |f| g.square(f, r))) {
        let cell = pos.cell(sq);
        if cell.is_piece() {
            let (x, y) = at(sq);
            figures::piece(
                o,
                &variant.pieces.info(cell.kind()).glyph,
                cell.color(),
                x + S / 2,
                y + S / 2,
            );
            o.push('\n');
        }
    }
}

/// Crosses on removed pieces, rings on shielded squares and the target.
fn overlays(o: &mut String, p: &Place, marks: &Marks) {
    let at = |sq| p.at(sq);
    for sq in marks.removed.iter() {
        let (x, y) = at(sq);
        let _ = writeln!(
            o,
            "<path d=\"M{},{} L{},{} M{},{} L{},{}\" stroke=\"#d00000\" stroke-width=\"4\" stroke-linecap=\"round\"/>",
            x + 6,
            y + 6,
            x + S - 6,
            y + S - 6,
            x + S - 6,
            y + 6,
            x + 6,
            y + S - 6
        );
    }
    for sq in marks.shielded.iter() {
        let (x, y) = at(sq);
        let _ = writeln!(
            o,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>",
            x + S / 2,
            y + S / 2,
            S / 2 - 3
        );
    }
    if let Some(sq) = marks.target {
        let (x, y) = at(sq);
        let _ = writeln!(
            o,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"4\"/>",
            x + S / 2,
            y + S / 2,
            S / 2 - 4
        );
    }
}

/// The arrows of moves, pushes, bounces and placements.
fn arrows(o: &mut String, p: &Place, marks: &Marks) {
    let at = |sq| p.at(sq);
    for a in &marks.arrows {
        let (x1, y1) = at(a.from);
        let (x2, y2) = at(a.to);
        let (id, color, dash) = match a.kind {
            ArrowKind::Move => ("move", "#1f5fbf", ""),
            ArrowKind::Push => ("push", "#e07000", " stroke-dasharray=\"8 4\""),
            ArrowKind::Bounce => ("bounce", "#138a36", " stroke-dasharray=\"3 3\""),
            ArrowKind::Place => ("place", "#8a2be2", " stroke-dasharray=\"2 4\""),
        };
        // Stop short of the centre so that the head sits on the square.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = ((dx * dx + dy * dy) as f64).sqrt().max(1.0);
        let back = 10.0 / len;
        let ex = x2 + S / 2 - (f64::from(dx) * back).round() as i32;
        let ey = y2 + S / 2 - (f64::from(dy) * back).round() as i32;
        let _ = writeln!(
            o,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{ex}\" y2=\"{ey}\" stroke=\"{color}\" stroke-width=\"6\" stroke-opacity=\"0.8\" stroke-linecap=\"round\"{dash} marker-end=\"url(#kb-{id})\"/>",
            x1 + S / 2,
            y1 + S / 2
        );
    }
}

/// File letters below the board, rank numbers left of it.
fn coordinates(o: &mut String, p: &Place) {
    let (ox, oy, ranks, files) = (p.ox, p.oy, p.ranks, p.files);
    for file in 0..files {
        let _ = write!(
            o,
            "<text class=\"coord\" x=\"{}\" y=\"{}\">{}</text>",
            ox + LEFT + file * S + S / 2,
            oy + ranks * S + 14,
            Geometry::file_letter(file)
        );
    }
    for rank in 0..ranks {
        let _ = write!(
            o,
            "<text class=\"coord\" x=\"{}\" y=\"{}\">{}</text>",
            ox + LEFT / 2,
            oy + (ranks - 1 - rank) * S + S / 2 + 4,
            rank + 1
        );
    }
}
