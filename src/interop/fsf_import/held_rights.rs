//! `cambodianMoves`: Fairy-Stockfish's first-move leaps held by gating
//! rights, as kaboom's `right_moves` and `takes_rights`. While it holds
//! its right, the king may leap to an empty square one rank forward and
//! two files aside (not in check), and a fers two squares straight
//! forward onto an empty square; a rook landing on the enemy king's rank
//! or file (pieces between ignored) takes the king's right.

use super::builtin_pieces::{king_index, slot_of};
use super::state::State;

/// The rights fields of the piece of `slot` (`, right_moves: "mfsN"`),
/// appended to `extra`; nothing without `cambodianMoves` and `gating`.
pub(super) fn fields(state: &State, slot: usize, extra: &mut String) {
    if !(state.right_moves && state.gating) {
        return;
    }
    if slot == king_index() {
        extra.push_str(", right_moves: \"mfsN\", right_moves_not_in_check: true");
    } else if Some(slot) == slot_of("fers") {
        extra.push_str(", right_moves: \"mfD\"");
    } else if Some(slot) == slot_of("rook")
        && let Some(king) = &state.pieces[king_index()]
    {
        let letter = king.letter.to_ascii_uppercase();
        extra.push_str(&format!(", takes_rights: (of: \"{letter}\", along: \"R\")"));
    }
}
