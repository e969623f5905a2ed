//! What a playground shows of a move just made: its notation, its trace
//! in the engine's words and in sentences, the squares it touched and the
//! board after it, marked. `kaboom serve` and the WebAssembly build
//! (`wasm/`) both show a move with [`report`].

use crate::compile::Variant;
use crate::engine::moves::Move;
use crate::engine::position::Position;
use crate::engine::trace::Recorder;
use crate::notation::{explain, san, trace_text, uci};

/// A move made, as a page shows it. Squares are named (`e4`), pieces are
/// FEN letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The move in coordinates (`e2e4`).
    pub uci: String,
    /// The move in algebraic notation (`e4`, `Bxd5`).
    pub san: String,
    /// The trace: every event, as `kaboom explain` writes it.
    pub trace: String,
    /// What happened, one sentence a line.
    pub words: Vec<String>,
    /// The squares the move and its effects touched, sorted.
    pub touched: Vec<String>,
    /// The squares its effects acted on.
    pub area: Vec<String>,
    /// The board after the move as SVG, the move's marks on it.
    pub svg: String,
}

/// The report of `mv`, a legal move in `before`.
pub fn report(variant: &Variant, before: &Position, mv: &Move) -> MoveReport {
    let g = variant.geometry();
    let mut after = before.clone();
    let mut trace = Recorder::default();
    after.make_traced(variant, *mv, &mut trace);
    let (_, marks) = super::marks(mv, &trace.events, trace.area);
    let text = uci::write(variant, mv);
    let caption = format!("{}: after {text}", variant.name());
    let mut touched: Vec<String> = explain::touched(mv, &trace.events).iter().map(|s| g.name(s)).collect();
    touched.sort();
    MoveReport {
        san: san::write(variant, before, mv, &trace.events, &after),
        trace: trace_text::describe_all(variant, &trace.events),
        words: explain::in_words(variant, before, mv, &trace.events),
        touched,
        area: trace.area.iter().map(|s| g.name(s)).collect(),
        svg: super::board_marked(variant, &after, &marks, &caption),
        uci: text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_that_explodes_reports_its_blast() {
        // A capture that removes the pieces around it, pawns spared: the
        // rule written here rather than a bundled variant's name.
        let text = r#"(extends: "chess", name: "Blast", rules: ["on capture: blast(target, 1, sparing any P); remove(target)"])"#;
        let blast = Variant::from_text("blast.ron", text).unwrap();
        let before = crate::notation::fen::parse(&blast, "4k3/8/3p4/2nbr3/3P4/2N5/8/4K3 w - - 0 1").unwrap();
        let mv = uci::parse(&blast, &before, "c3d5").unwrap();
        let r = report(&blast, &before, &mv);
        assert_eq!(r.uci, "c3d5");
        assert_eq!(r.san, "Nxd5");
        for event in ["captured b d5", "removed n c5", "removed r e5", "removed N d5"] {
            assert!(r.trace.contains(event), "{event} in {}", r.trace);
        }
        assert!(r.touched.contains(&"e5".to_string()), "{:?}", r.touched);
        assert!(r.svg.starts_with("<svg"), "{}", &r.svg[..40]);
    }
}
