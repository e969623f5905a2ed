//! Piece types no position of the game can hold: not in the start
//! position or a start hand, never a promotion's result (by the pawns'
//! rule or `promotedPieceType`), not the king. A piece can reach a hand
//! only from the board, so such a type is never dropped either. Their
//! rules can never apply, so a rule kaboom could not say for them (an
//! initial move on a double-step region not mirrored for Black, say) does
//! not stop the conversion.

use super::builtin_pieces::king_index;
use super::state::State;

/// Whether no position of the game can hold a piece of type `slot`.
pub(super) fn never_on_board(state: &State, slot: usize) -> bool {
    let Some(letter) = state.pieces[slot].as_ref().map(|p| p.letter) else {
        return true;
    };
    let in_start = state
        .start_fen
        .split(' ')
        .next()
        .unwrap_or_default()
        .chars()
        .any(|c| c.eq_ignore_ascii_case(&letter));
    let promoted = (0..2).any(|c| {
        let pawns = &state.promotion_pawns[c];
        let any_pawn = pawns.all || !pawns.slots.is_empty();
        let choices = &state.promotion_choices[c];
        any_pawn && (choices.all || choices.slots.contains(&slot))
    }) || state.promoted_types.iter().any(|&(_, to)| to == slot);
    !in_start && !promoted && slot != king_index()
}

#[cfg(test)]
mod tests {
    use crate::interop::fsf_import::test_support::one;

    #[test]
    fn an_absent_pawn_s_double_step_region_does_not_matter_a_present_one_is_squares() {
        // Ten ranks: Fairy-Stockfish's chess double-step region is White's
        // 2nd rank and the 7th (not Black's 2nd); no pawn is ever on the board.
        let ini = "[nopawns:chess]\nmaxRank = 10\nstartFen = rnbqkbnr/8/8/8/8/8/8/8/8/RNBQKBNR w - - 0 1\npromotionPieceTypes = nbrq\n";
        assert!(one(ini).is_ok(), "{:?}", one(ini).err());
        // With pawns in the start position, the pawns' initial moves go on
        // a region with each side's squares.
        let ini = "[pawns:chess]\nmaxRank = 10\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n";
        let ron = one(ini).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(ron.contains("initial_squares: \"double_step\""), "{ron}");
        assert!(
            ron.contains("(name: \"double_step\", white: \"ranks(2)\", black: \"ranks(4)\")"),
            "{ron}"
        );
    }
}
