//! The Fairy-Stockfish piece type a kaboom piece is, by its name.

/// The Fairy-Stockfish piece type a piece is, by its name, where that
/// type moves as the piece does (the pawn: a step forward, captures
/// diagonally forward, and the double step the ini's `doubleStep` gives).
pub(super) fn builtin_name(p: &crate::spec::PieceSpec, template: &str) -> Option<&'static str> {
    use super::super::fsf_import::{Movement, builtin_pieces};
    let name = p.name.value.as_str();
    let builtin = builtin_pieces().iter().find(|b| b.name == name && !b.not_self)?;
    let Movement::Betza(betza) = builtin.movement else {
        return None;
    };
    let pawn_double = name == "pawn" && template.strip_suffix("ifmnD") == Some(betza);
    (template == betza || pawn_double).then_some(builtin.name)
}
