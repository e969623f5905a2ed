//! Pseudo-royal types that piece promotion adds to (`promotedPieceType =
//! q:k`, `k` pseudo-royal), where the promoted pieces are not royal
//! throughout ([`super::form_fields::royal_by_promotion`] covers those).
//!
//! Fairy-Stockfish judges a move by the pseudo-royal pieces of the
//! position before it, followed through the move: a piece that promotion
//! makes of the type is not one of them on the move that promotes it, and
//! the count that decides is the count before the move (promoted pieces
//! count as the type they are). Two cases convert exactly:
//!
//! - **The plain pieces royal** ([`FormRoyalty::Plain`]): every promotion
//!   into the type lands in the promoting side's flag region, where the
//!   promoted piece, a flag piece, ends the game at once. Before the
//!   game ends no side has more of the type than it started with, at most
//!   `extinctionPieceCount + 1`: the plain pieces are royal throughout,
//!   and the promoted forms, judged only on the move that makes them, are
//!   not royal.
//! - **Counted** ([`FormRoyalty::Counted`]), for `extinctionPieceCount =
//!   0`: a side's pieces of the type (the forms included) are pseudo-royal
//!   while it has exactly one of them before the move; the clauses
//!   `not (before(count(own X) == 1) and attacked(own X - mover))` (the
//!   pieces that did not move) and `not (before(count(own X) == 1) and
//!   count(own X) == 1 and attacked(own X))` (the one that moved, unless
//!   it has just been promoted: the count then went up to two) say it, and
//!   `stalemate if attacked(own X) and count(own X) <= 1: loss` mates. Only
//!   promotion adds to the type (no drops, no pawn's choice), one piece a
//!   move, from types that are not pseudo-royal; the type promotes no
//!   further, forms are not demoted, its pieces do not castle, and each
//!   side starts with one at least (so no side ever has none).

use super::rule_trees::{all, attacked, count, end, minus, named, pieces};
use super::square_sets::board_squares;
use super::start_fen::fen_rows;
use super::state::{State, Value};
use crate::lang::effect_syntax::{
    Comparison, Cond, EndCondition, EndOutcome, EndRule, LegalClause, NamedSet, SideFilter,
};

/// How a pseudo-royal type that promotion adds to converts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FormRoyalty {
    /// Every piece of the type, promoted or not, is royal.
    Throughout,
    /// The plain pieces are royal, the promoted forms are not.
    Plain,
    /// No piece is royal; the clauses count the pieces.
    Counted,
}

/// How the pseudo-royal type `slot` converts, when promotion adds to it;
/// `None` where it cannot (or where nothing promotes to it).
pub(super) fn form_royalty(state: &State, slot: usize) -> Option<FormRoyalty> {
    if super::form_fields::royal_by_promotion(state, slot) {
        return Some(FormRoyalty::Throughout);
    }
    let ext = &state.extinction_types;
    let sources: Vec<usize> = state
        .promoted_types
        .iter()
        .filter(|&&(_, to)| to == slot)
        .map(|&(from, _)| from)
        .collect();
    let chosen = (0..2).any(|c| {
        let pawns = &state.promotion_pawns[c];
        let choices = &state.promotion_choices[c];
        (pawns.all || !pawns.slots.is_empty()) && (choices.all || choices.slots.contains(&slot))
    });
    if !state.pseudo_royal
        || state.extinction_value == Value::None
        || state.piece_drops
        || state.blast
        || ext.all
        || !ext.slots.contains(&slot)
        || sources.is_empty()
        || chosen
        || state.promoted_types.iter().any(|&(from, _)| from == slot)
        || sources.iter().any(|s| ext.slots.contains(s))
    {
        return None;
    }
    if game_ends_on_promotion(state, slot, &sources) {
        return Some(FormRoyalty::Plain);
    }
    let castles = state.castling && state.castling_king_piece.contains(&Some(slot));
    // A side that starts with none could promote one that the other side
    // then takes, which Fairy-Stockfish allows whatever the taker leaves
    // attacked; with one each at the start no side ever has none.
    let each = start_plain(state, slot).is_some_and(|n| n.iter().all(|&c| c >= 1));
    (state.extinction_count == 0 && !state.piece_demotion && !castles && each).then_some(FormRoyalty::Counted)
}

/// How many plain pieces of `slot` each side (White, Black) has on the
/// start board; `None` if the board cannot be read.
fn start_plain(state: &State, slot: usize) -> Option<[u32; 2]> {
    let plain = state.pieces[slot].as_ref()?.letter.to_ascii_lowercase();
    let board = state.start_fen.split(' ').next().unwrap_or_default();
    let board = board.split_once('[').map_or(board, |(b, _)| b);
    let mut plus = false;
    let mut out = [0u32; 2];
    for c in board.chars() {
        if !plus && c.to_ascii_lowercase() == plain {
            out[usize::from(c.is_ascii_lowercase())] += 1;
        }
        plus = c == '+';
    }
    Some(out)
}

/// Whether every promotion into `slot` (from `sources`) ends the game at
/// once, with no side holding more of `slot` before than
/// `extinctionPieceCount + 1`: the piece promoted is the flag piece and
/// lands in its side's flag region, one flag piece suffices and the other
/// side gets no further move; promotion is compulsory on entering the
/// zone (so no source piece waits there to promote on leaving it) and no
/// source piece starts there or castles into it.
fn game_ends_on_promotion(state: &State, slot: usize, sources: &[usize]) -> bool {
    let board = board_squares(state.files, state.ranks);
    let flags = state.flag_piece.iter().all(|&p| p == Some(slot))
        && state.flag_piece_count == 1
        && !state.flag_move
        && !state.flag_piece_safe;
    if !flags || !state.mandatory_piece_promotion || state.piece_promotion_on_capture {
        return false;
    }
    let zones = [0, 1].map(|c| state.promotion_region[c] & board);
    if (0..2).any(|c| zones[c] & !state.flag_region[c] != 0) {
        return false;
    }
    // The castling ranks: a castling rook (or king) lands on its own.
    let first = (0..state.files).fold(0, |a, f| a | super::state::square(f, 0));
    let last = (0..state.files).fold(0, |a, f| a | super::state::square(f, state.ranks - 1));
    if state.castling && (zones[0] & first != 0 || zones[1] & last != 0) {
        return false;
    }
    let Some(rows) = fen_rows(state.start_fen.split(' ').next().unwrap_or_default(), state.files) else {
        return false;
    };
    let letters: Vec<char> = sources
        .iter()
        .filter_map(|&s| state.pieces[s].as_ref().map(|p| p.letter.to_ascii_lowercase()))
        .collect();
    let plain = state.pieces[slot].as_ref().map(|p| p.letter.to_ascii_lowercase());
    let mut most = [0u32; 2];
    for (rank, row) in rows.iter().enumerate() {
        for (file, cell) in row.iter().enumerate() {
            let Some(c) = *cell else { continue };
            let side = usize::from(c.is_ascii_lowercase());
            let here = super::state::square(file as u8, rank as u8);
            if letters.contains(&c.to_ascii_lowercase()) && zones[side] & here != 0 {
                return false;
            }
            if Some(c.to_ascii_lowercase()) == plain {
                most[side] += 1;
            }
        }
    }
    most.iter().all(|&m| m <= state.extinction_count + 1)
}

/// The clauses and mating rules of a counted type whose pieces have the
/// letters `letters` (the plain piece and its forms): (legality clauses,
/// end rules before checkmate); `mated` is the outcome of checkmate.
pub(crate) fn counted_clauses(letters: &[char], mated: Option<EndOutcome>) -> (Vec<LegalClause>, Vec<EndRule>) {
    let x = || pieces(SideFilter::Own, letters.iter().copied());
    let was_one = || Cond::Before(Box::new(count(x(), Comparison::Equal, 1)));
    let legal = vec![
        LegalClause::Forbids(all([was_one(), attacked(minus(x(), named(NamedSet::Mover)))])),
        LegalClause::Forbids(all([was_one(), count(x(), Comparison::Equal, 1), attacked(x())])),
    ];
    let lone_attacked = all([attacked(x()), count(x(), Comparison::AtMost, 1)]);
    let mating = mated
        .map(|o| end(EndCondition::Stalemate(Some(lone_attacked)), o))
        .into_iter()
        .collect();
    (legal, mating)
}

/// [`counted_clauses`] printed, for the exporter, which compares them
/// with a file's sentences: `letters` each after a space (` K A`),
/// `mated` the outcome's word (`loss`).
pub(crate) fn counted_clause_texts(letters: &str, mated: Option<&str>) -> (Vec<String>, Vec<String>) {
    let letters: Vec<char> = letters.chars().filter(|c| !c.is_whitespace()).collect();
    let (legal, mating) = counted_clauses(&letters, mated.and_then(super::rule_trees::outcome_named));
    (
        legal.iter().map(ToString::to_string).collect(),
        mating.iter().map(ToString::to_string).collect(),
    )
}

/// The clauses and mating rules of the `counted` types (legality
/// clauses, end rules before checkmate), each type's pieces the plain
/// piece and its promoted `forms` (the slot that promotes, the form's
/// letter); `mated` is the outcome of checkmate.
pub(super) fn count_with_forms(
    state: &State,
    forms: &[(usize, char)],
    counted: &[usize],
    mated: Option<EndOutcome>,
) -> (Vec<LegalClause>, Vec<EndRule>) {
    let (mut legal, mut end) = (Vec::new(), Vec::new());
    for &slot in counted {
        if let Some(letters) = super::form_fields::type_letters(state, slot, forms) {
            let (l, e) = counted_clauses(&letters, mated);
            legal.extend(l);
            end.extend(e);
        }
    }
    (legal, end)
}

#[cfg(test)]
mod tests {
    use crate::interop::fsf_import::test_support::{legal, one, variant};

    #[test]
    fn counted_clauses_judge_the_count_before_the_move() {
        let (legal, end) = super::counted_clauses(&['K', 'A'], Some(crate::lang::effect_syntax::EndOutcome::Loss));
        let legal: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let end: Vec<String> = end.iter().map(ToString::to_string).collect();
        assert_eq!(
            legal,
            [
                "not (before(count(own K A) == 1) and attacked(own K A - mover))",
                "not (before(count(own K A) == 1) and count(own K A) == 1 and attacked(own K A))",
            ]
        );
        assert_eq!(end, ["stalemate if attacked(own K A) and count(own K A) <= 1: loss"]);
    }

    /// A commoner pseudo-royal, and an elephant that promotes to one.
    const PRINCE: &str = "[prince:chess]\nking = -\ncommoner = k\ncustomPiece1 = e:FsfW\n\
                          promotedPieceType = e:k\npromotionPieceTypes = -\ncastling = false\n\
                          extinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\n\
                          startFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";

    #[test]
    fn a_side_that_starts_without_the_type_is_refused() {
        let ini = PRINCE.replace("4k3/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4E3 w");
        let e = one(&ini).unwrap_err();
        assert!(e.iter().any(|r| r.gap == "pseudo-royal pieces"), "{e:?}");
    }

    #[test]
    fn a_promotion_adding_a_second_pseudo_royal_piece_keeps_the_first_royal_for_that_move() {
        let ron = one(PRINCE).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(ron.contains("before(count(own K A) == 1)"), "{ron}");
        let v = variant(&ron);
        // The rook on a1 attacks the king on e1: the elephant's promotion
        // on g8 leaves it attacked, so it is illegal, as every move but
        // the king's is.
        let moves = legal(&v, "k7/6E1/8/8/8/8/8/r3K3 w - - 0 1");
        assert!(moves.iter().all(|m| m.starts_with("e1")), "{moves:?}");
        // With the crown prince on the board, neither is royal: the king
        // may stay attacked.
        let moves = legal(&v, "k5+E1/8/8/8/8/8/8/r3K3 w - - 0 1");
        assert!(moves.iter().any(|m| m.starts_with("g8")), "{moves:?}");
    }
}
