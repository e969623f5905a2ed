//! The library's values as JSON for the host: diagnostics with their line
//! and column, and what a move did ([`kaboom::Event`]) as objects.

use kaboom::{Cell, Color, Diagnostic, Event, EventPlace, Severity, Sources, Square, Variant};
use serde_json::{Map, Value, json};

/// One diagnostic: `severity` (`"error"` or `"warning"`), `message`, and
/// where it has a place, `file`, `line` and `column` (1-based); `help`.
pub fn diagnostic(d: &Diagnostic, sources: &Sources) -> Value {
    let place = d.location.as_ref().and_then(|loc| {
        let file = sources.files.get(loc.source)?;
        let (line, column) = file.line_col(loc.span.start);
        Some((file.name.clone(), line, column))
    });
    json!({
        "severity": if d.severity == Severity::Error { "error" } else { "warning" },
        "message": d.message,
        "file": place.as_ref().map(|p| p.0.clone()),
        "line": place.as_ref().map(|p| p.1),
        "column": place.as_ref().map(|p| p.2),
        "help": d.help,
    })
}

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

/// The events of one move: `kind` (`"moved"`, `"captured"`, `"removed"`,
/// ...), and as fits, `piece`, `square`, `from` and `to`.
pub fn events(variant: &Variant, events: &[Event]) -> Value {
    let name = |sq: Square| variant.geometry().name(sq);
    Value::Array(
        events
            .iter()
            .map(|event| {
                let parts = event.parts();
                let mut m = Map::new();
                m.insert("kind".into(), parts.kind.into());
                if let Some(piece) = parts.piece {
                    m.insert("piece".into(), letter(variant, piece).into());
                }
                match parts.place {
                    EventPlace::At(sq) => {
                        m.insert("square".into(), name(sq).into());
                    }
                    EventPlace::Path { from, to } => {
                        m.insert("from".into(), name(from).into());
                        m.insert("to".into(), name(to).into());
                    }
                }
                if let Some(mark) = parts.mark {
                    m.insert("mark".into(), variant.mark_name(mark).into());
                }
                Value::Object(m)
            })
            .collect(),
    )
}
