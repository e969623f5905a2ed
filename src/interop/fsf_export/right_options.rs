//! Moves held by a right and rights taken by a landing piece
//! (`right_moves`, `takes_rights`) as Fairy-Stockfish's `cambodianMoves`
//! with `gating` (its rights are the gating rights of the FEN, `DEde`):
//! the royal king's `mfsN` leap (not in check), the fers's `mfD`, the
//! rook taking the king's right along `R`, and nothing else.

use super::builtin::builtin_name;
use crate::spec::PieceSpec;
use std::fmt::Write as _;

/// The rights fields Fairy-Stockfish gives a piece under `cambodianMoves`:
/// (held moves, not in check, the letter whose right it takes).
fn expected(p: &PieceSpec, royal: Option<char>) -> (Option<&'static str>, bool, Option<char>) {
    match builtin_name(p, &p.moves.value) {
        _ if p.royal && p.moves.value == "K" => (Some("mfsN"), true, None),
        Some("fers") if !p.royal => (Some("mfD"), false, None),
        Some("rook") if !p.royal => (None, false, royal),
        _ => (None, false, None),
    }
}

/// `gating` and `cambodianMoves` when the pieces hold rights as
/// Fairy-Stockfish's cambodian moves give them; otherwise why not.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, pieces: &[PieceSpec], royal: Option<char>) {
    if !pieces
        .iter()
        .any(|p| p.right_moves.is_some() || p.takes_rights.is_some())
    {
        return;
    }
    let matches = pieces.iter().all(|p| {
        let (moves, not_in_check, takes) = expected(p, royal);
        let held = p.right_moves.as_ref().map(|m| m.value.as_str());
        let taken = p
            .takes_rights
            .as_ref()
            .map(|t| (t.of.value.as_str(), t.along.value.as_str()));
        let want_taken = takes.map(|k| k.to_string());
        held == moves
            && (held.is_none() || p.right_moves_not_in_check == not_in_check)
            && taken == want_taken.as_deref().map(|k| (k, "R"))
    });
    if matches && !ini.contains("gating = true\n") {
        let _ = writeln!(ini, "gating = true\ncambodianMoves = true");
    } else {
        why.push(
            "moves held by a right or rights taken by a landing piece (`right_moves`, `takes_rights`) other than \
             Fairy-Stockfish's `cambodianMoves` gives (the king's `mfsN` not in check, the fers's `mfD`, the rook \
             taking the king's right along `R`)"
                .to_string(),
        );
    }
}
