//! `cambodianMoves`: Fairy-Stockfish's first-move leaps held by gating
//! rights, as kaboom's `right_moves` and `takes_rights`. While it holds
//! its right, the king may leap to an empty square one rank forward and
//! two files aside (not in check), and a fers two squares straight
//! forward onto an empty square; a rook landing on the enemy king's rank
//! or file (pieces between ignored) takes the king's right.

use super::builtin_pieces::{king_index, slot_of};
use super::state::State;
use crate::spec::{PieceSpec, Spanned, TakesRightsSpec};

/// The rights fields of the piece of `slot` (`right_moves: "mfsN"`), set
/// on its entry; nothing without `cambodianMoves` and `gating`.
pub(super) fn fields(state: &State, slot: usize, spec: &mut PieceSpec) {
    if !(state.right_moves && state.gating) {
        return;
    }
    if slot == king_index() {
        spec.right_moves = Some(Spanned::unplaced("mfsN".to_string()));
        spec.right_moves_not_in_check = true;
    } else if Some(slot) == slot_of("fers") {
        spec.right_moves = Some(Spanned::unplaced("mfD".to_string()));
    } else if Some(slot) == slot_of("rook")
        && let Some(king) = &state.pieces[king_index()]
    {
        spec.takes_rights = Some(TakesRightsSpec {
            of: Spanned::unplaced(king.letter.to_ascii_uppercase().to_string()),
            along: Spanned::unplaced("R".to_string()),
        });
    }
}
