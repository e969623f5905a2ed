//! `moveRepetitionIllegal`: Fairy-Stockfish ends the game, lost for the
//! side that moved, when that side's last four moves took one piece back
//! and forth between two squares (one pass may stand for the second of
//! them) and the move before them brought it there without capture, none
//! of them in check, with no capture or irreversible move meanwhile;
//! only a piece whose mobility region meets the enemy king's (in its
//! `is_optional_game_end`). kaboom's `4 shuttles: win` (the side to move
//! wins), with `by` the kinds of those pieces when not every kind
//! qualifies.

use super::builtin_pieces::king_index;
use super::refusal::{Refusal, refuse};
use super::rule_trees::{end, kinds};
use super::square_sets::board_squares;
use super::state::State;
use crate::lang::effect_syntax::{EndCondition, EndOutcome, EndRule, KindFilter};

/// The end rule (none when no piece qualifies); a refusal, into
/// `refusals`, when the kinds that qualify differ between the sides.
pub(super) fn shuttle_rule(state: &State, refusals: &mut Vec<Refusal>) -> Option<EndRule> {
    let board = board_squares(state.files, state.ranks);
    let region = |slot: usize, side: usize| {
        state
            .mobility
            .get(slot)
            .and_then(|r| r[side])
            .map_or(board, |r| r & board)
    };
    // Per side, whether each piece may stand where the enemy king may.
    let qualifies = |side: usize| -> Vec<(char, bool)> {
        let king = region(king_index(), 1 - side);
        (0..state.pieces.len())
            .filter_map(|slot| {
                let p = state.pieces[slot].as_ref()?;
                Some((p.letter.to_ascii_uppercase(), region(slot, side) & king != 0))
            })
            .collect()
    };
    let white = qualifies(0);
    if white != qualifies(1) {
        refusals.push(refuse(
            None,
            "repetition rules",
            "`moveRepetitionIllegal`: the pieces whose mobility region meets the enemy king's differ between the sides",
        ));
        return None;
    }
    let (yes, no): (Vec<_>, Vec<_>) = white.iter().partition(|(_, q)| *q);
    let letters = |v: &[&(char, bool)]| kinds(v.iter().map(|(c, _)| *c));
    let by = if yes.is_empty() {
        return None;
    } else if no.is_empty() {
        None
    } else if no.len() < yes.len() {
        letters(&no).map(|k| KindFilter { negate: true, ..k })
    } else {
        letters(&yes)
    };
    Some(end(EndCondition::Shuttles(4, by), EndOutcome::Win))
}

#[cfg(test)]
mod tests {
    use crate::interop::fsf_import::test_support::one;

    #[test]
    fn pieces_confined_away_from_the_enemy_king_may_shuttle() {
        // Each king keeps to its own two ranks: it never stands where the
        // other may, so it is exempt; every other piece goes anywhere.
        let ini = "[shuttle:chess]\nmoveRepetitionIllegal = true\nmobilityRegionWhiteKing = *1 *2\nmobilityRegionBlackKing = *7 *8\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains("\"4 shuttles by not K: win\""), "{ron}");
        // Without the regions, every piece counts.
        let ron = one("[free:chess]\nmoveRepetitionIllegal = true\n").unwrap();
        assert!(ron.contains("\"4 shuttles: win\""), "{ron}");
    }
}
