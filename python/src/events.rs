//! What a move did ([`kaboom::Event`]) as Python dictionaries: `kind`
//! (`"moved"`, `"captured"`, `"removed"`, ...), and as fits, `piece` (its
//! FEN letter, upper case White), `square`, `from` and `to`.

use kaboom::{Cell, Color, Event, EventPlace, Square, Variant};
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
            let parts = event.parts();
            d.set_item("kind", parts.kind)?;
            if let Some(piece) = parts.piece {
                d.set_item("piece", letter(variant, piece))?;
            }
            match parts.place {
                EventPlace::At(sq) => d.set_item("square", name(sq))?,
                EventPlace::Path { from, to } => {
                    d.set_item("from", name(from))?;
                    d.set_item("to", name(to))?;
                }
            }
            if let Some(mark) = parts.mark {
                d.set_item("mark", variant.mark_name(mark))?;
            }
            Ok(d)
        })
        .collect()
}
