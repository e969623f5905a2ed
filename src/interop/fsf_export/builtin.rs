//! The Fairy-Stockfish piece type a kaboom piece is, by its name.

/// The Fairy-Stockfish piece type a piece is, by its name, where that
/// type moves as the piece does (the pawn: a step forward, captures
/// diagonally forward, and the double step the ini's `doubleStep` gives;
/// a type that neither hops over nor captures its own, the janggi
/// cannon, with those fields; the soldier stepping forward only before
/// a rank, `soldierPromotionRank`, with its sideways steps there as
/// `moves_in`).
pub(super) fn builtin_name(p: &crate::spec::PieceSpec, template: &str) -> Option<&'static str> {
    use super::super::fsf_import::{Movement, builtin_pieces};
    let name = p.name.value.as_str();
    let builtin = builtin_pieces().iter().find(|b| b.name == name)?;
    let own = p.letter.value.to_ascii_uppercase().to_string();
    let own_type = |f: &Option<crate::spec::Spanned<String>>| f.as_ref().is_some_and(|s| s.value == own);
    if builtin.not_self && !(own_type(&p.cannot_hop) && own_type(&p.cannot_capture)) {
        return None;
    }
    let Movement::Betza(betza) = builtin.movement else {
        return None;
    };
    let pawn_double = name == "pawn" && template.strip_suffix("ifmnD") == Some(betza);
    let soldier_before_rank =
        name == "soldier" && template == "fW" && matches!(&p.moves_in[..], [m] if m.moves.value == betza);
    (template == betza || pawn_double || soldier_before_rank).then_some(builtin.name)
}
