//! What a move did ([`kaboom::Event`]) as Python dictionaries: `kind`
//! (`"moved"`, `"captured"`, `"removed"`, ...), and as fits, `piece` (its
//! FEN letter, upper case White), `square`, `from` and `to`.

use kaboom::{Cell, Color, Event, Square, Variant};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The FEN letter of a piece: upper case White, lower case Black.
fn letter(variant: &Variant, cell: Cell) -> String {
    let Some(info) = variant.pieces().get(cell.kind().index()) else {
        return "*".to_string();
    };
    let c = if cell.color() == Color::White {
        info.letter
    } else {
        info.letter.to_ascii_lowercase()
    };
    c.to_string()
}

/// The events of one move as a list of dictionaries.
pub fn to_python<'py>(py: Python<'py>, variant: &Variant, events: &[Event]) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let name = |sq: Square| variant.geometry().name(sq);
    events
        .iter()
        .map(|event| {
            let d = PyDict::new(py);
            let (kind, piece, square, from_to) = match *event {
                Event::Moved { piece, from, to } => ("moved", Some(piece), None, Some((from, to))),
                Event::Captured { piece, at } => ("captured", Some(piece), Some(at), None),
                Event::Removed { piece, at } => ("removed", Some(piece), Some(at), None),
                Event::Pushed { piece, from, to } => ("pushed", Some(piece), None, Some((from, to))),
                Event::PushedOff { piece, from } => ("pushed_off", Some(piece), Some(from), None),
                Event::Blocked { at } => ("blocked", None, Some(at), None),
                Event::Unblocked { at } => ("unblocked", None, Some(at), None),
                Event::Bounced { piece, from, to } => ("bounced", Some(piece), None, Some((from, to))),
                Event::Dropped { piece, at } => ("dropped", Some(piece), Some(at), None),
                Event::Promoted { at, piece } => ("promoted", Some(piece), Some(at), None),
                Event::Shielded { at } => ("shielded", None, Some(at), None),
                Event::Placed {
                    piece,
                    from: Some(from),
                    at,
                } => ("placed", Some(piece), None, Some((from, at))),
                Event::Placed { piece, from: None, at } => ("placed", Some(piece), Some(at), None),
                Event::Recoloured { at, piece } => ("recoloured", Some(piece), Some(at), None),
                Event::Transformed { at, piece } => ("transformed", Some(piece), Some(at), None),
                Event::Marked { at, .. } => ("marked", None, Some(at), None),
                Event::Unmarked { at, .. } => ("unmarked", None, Some(at), None),
            };
            d.set_item("kind", kind)?;
            if let Some(piece) = piece {
                d.set_item("piece", letter(variant, piece))?;
            }
            if let Some(sq) = square {
                d.set_item("square", name(sq))?;
            }
            if let Some((from, to)) = from_to {
                d.set_item("from", name(from))?;
                d.set_item("to", name(to))?;
            }
            if let Event::Marked { mark, .. } | Event::Unmarked { mark, .. } = *event {
                d.set_item("mark", variant.mark_name(mark))?;
            }
            Ok(d)
        })
        .collect()
}
