//! Helpers the importer's unit tests share: import one section, load a
//! variant, list a position's legal moves.

use super::import;
use super::refusal::Refusal;

/// The conversion of the one section `text` holds.
pub(super) fn one(text: &str) -> Result<String, Vec<Refusal>> {
    import(text).unwrap().pop().unwrap().result
}

/// The variant a converted file describes.
pub(super) fn variant(ron: &str) -> crate::Variant {
    crate::Variant::from_text("x.ron", ron).unwrap()
}

/// The legal moves of `fen` in `v`, in UCI, sorted.
pub(super) fn legal(v: &crate::Variant, fen: &str) -> Vec<String> {
    let pos = crate::notation::fen::parse(v, fen).unwrap();
    let mut moves: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .map(|m| crate::notation::uci::write(v, m))
        .collect();
    moves.sort();
    moves
}
