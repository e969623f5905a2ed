//! What options that name a piece type promoted pieces become
//! (`promotedPieceType = k:d`) say of the promoted forms, which
//! Fairy-Stockfish counts as pieces of that type: the forms of a
//! pseudo-royal type that stays royal throughout are royal, and the forms
//! of a type with a mobility region keep to it.
//!
//! A pseudo-royal type that promotion adds to stays royal throughout when
//! every promotion into it comes from a pseudo-royal type that nothing
//! adds to, it promotes no further, no pawn may choose it, there are no
//! explosions, no start hand holds one (a royal piece is never taken, so
//! none comes to a hand later), and neither side ever has more of it and the
//! types promoting into it together than `extinctionPieceCount + 1` (the
//! most a side starts with): then every piece of those types is
//! pseudo-royal before and after every move, as Fairy-Stockfish judges
//! them (from the position before the move, the promoted piece included
//! because it was pseudo-royal already).

use super::square_sets::{board_squares, line_convex, mirror, nonempty, region_sentence};
use super::state::{State, Value};

/// Whether the pseudo-royal type `slot`, which promotion adds to, is
/// royal throughout (see the module's comment).
pub(super) fn royal_by_promotion(state: &State, slot: usize) -> bool {
    let ext = &state.extinction_types;
    if !state.pseudo_royal
        || state.extinction_value == Value::None
        || state.blast
        || ext.all
        || !ext.slots.contains(&slot)
        || state.promoted_types.iter().any(|&(from, _)| from == slot)
    {
        return false;
    }
    let chosen = (0..2).any(|c| {
        let pawns = &state.promotion_pawns[c];
        let choices = &state.promotion_choices[c];
        (pawns.all || !pawns.slots.is_empty()) && (choices.all || choices.slots.contains(&slot))
    });
    let sources: Vec<usize> = state
        .promoted_types
        .iter()
        .filter(|&&(_, to)| to == slot)
        .map(|&(from, _)| from)
        .collect();
    if chosen || sources.is_empty() {
        return false;
    }
    let added = |s: usize| state.promoted_types.iter().any(|&(_, to)| to == s);
    if sources.iter().any(|&s| !ext.slots.contains(&s) || added(s)) {
        return false;
    }
    let (board, hand) = state
        .start_fen
        .split(' ')
        .next()
        .unwrap_or_default()
        .split_once('[')
        .unwrap_or((state.start_fen.split(' ').next().unwrap_or_default(), ""));
    let group: Vec<char> = sources
        .iter()
        .chain(std::iter::once(&slot))
        .filter_map(|&s| state.pieces[s].as_ref().map(|p| p.letter.to_ascii_lowercase()))
        .collect();
    let most = [true, false]
        .iter()
        .map(|&white| {
            board
                .chars()
                .filter(|c| c.is_ascii_uppercase() == white && group.contains(&c.to_ascii_lowercase()))
                .count()
        })
        .max()
        .unwrap_or(0);
    // A royal piece is never taken, so with drops a hand holds one only
    // if the start position puts it there.
    let in_hand = hand.chars().any(|c| group.contains(&c.to_ascii_lowercase()));
    !in_hand && u32::try_from(most).is_ok_and(|m| m <= state.extinction_count + 1)
}

/// The `within` of a form that moves as the type `to` by `template`, when
/// `to` has mobility regions that mirror each other (and the form's rides
/// do not cross a gap): `Ok(None)` when it has none, `Err(())` when the
/// regions cannot be a form's `within`.
pub(super) fn form_within(state: &State, to: usize, rides: bool) -> Result<Option<String>, ()> {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    match state.mobility.get(to) {
        None | Some([None, None]) => Ok(None),
        Some([Some(white), Some(black)])
            if white & board == mirror(black & board, files, ranks)
                && (!rides || line_convex(white & board, files, ranks)) =>
        {
            Ok(Some(nonempty(region_sentence(white & board, files, ranks))))
        }
        _ => Err(()),
    }
}

/// The letters of the pieces of type `slot`: the plain piece (where it is
/// written) and every promoted form that becomes that type (`forms`: the
/// slot that promotes, the form's letter); `None` when there are none.
pub(super) fn type_letters(state: &State, slot: usize, forms: &[(usize, char)]) -> Option<Vec<char>> {
    let plain = state.pieces[slot].as_ref().map(|p| p.letter.to_ascii_uppercase());
    let promoted = forms
        .iter()
        .filter(|&&(from, _)| state.promoted_types.iter().any(|&(f, t)| f == from && t == slot))
        .map(|&(_, letter)| letter);
    let all: Vec<char> = plain.into_iter().chain(promoted).collect();
    (!all.is_empty()).then_some(all)
}

#[cfg(test)]
mod tests {
    use crate::interop::fsf_import::test_support::{legal, one, variant};

    #[test]
    fn a_pseudo_royal_piece_promoting_to_a_pseudo_royal_type_stays_royal() {
        let ini = "[crowned]\nmaxRank = 5\nmaxFile = 5\nrook = r\ncustomPiece1 = k:WF\ncustomPiece2 = d:mQ2cQ2\n\
                   startFen = 2k2/5/5/5/2K2 w - - 0 1\npromotionRegionWhite = *5\npromotionRegionBlack = *1\n\
                   promotionPieceTypes = -\nmandatoryPiecePromotion = true\npromotedPieceType = k:d\n\
                   extinctionValue = loss\nextinctionPieceTypes = kd\nextinctionPseudoRoyal = true\n\
                   flagPiece = d\nflagRegionWhite = c5\nflagRegionBlack = c1\n";
        let ron = one(ini).unwrap_or_else(|e| panic!("{e:?}"));
        let form = ron
            .lines()
            .find(|l| l.contains("promoted_from: 'K'"))
            .unwrap_or_else(|| panic!("{ron}"));
        assert!(form.contains("royal: true"), "{form}");
        // The flag piece is the promoted form.
        let letter = form.split('\'').nth(1).unwrap();
        assert!(ron.contains(&format!("count(enemy {letter} & ")), "{ron}");
        let v = variant(&ron);
        // The promoted king on c3 may not be left attacked: the rook on b3
        // may take on a3 but not step off the rank.
        let moves = legal(&v, "4k/5/rR+K2/5/5 w - - 0 1");
        assert!(moves.contains(&"b3a3".to_string()), "{moves:?}");
        assert!(!moves.contains(&"b3b4".to_string()), "{moves:?}");
    }
}
