//! When a side has reached its flag region, as Fairy-Stockfish's
//! `flag_reached` judges it: some flag piece stands in the region, and
//! either `flagPieceCount` of them do or (`flagPieceBlockedWin`) no square
//! of the region is empty. With `flagPieceSafe`, exactly the count needed
//! must all be unattacked (more than needed, or a blocked region reached
//! with fewer, need not be).

use super::rule_trees::{all, any, attacked, both, count, exists, named, not};
use super::state::State;
use crate::lang::effect_syntax::{Comparison, Cond, NamedSet, Quantity, SetExpr, parse_set};

/// The condition that the pieces `there` (a side's flag pieces inside the
/// region `goal`) have reached the region; `safe` adds the safety test of
/// `flagPieceSafe`.
pub(super) fn reached(state: &State, there: &SetExpr, goal: &SetExpr, safe: bool) -> Cond {
    reached_cond(there, goal, state.flag_piece_count, state.flag_piece_blocked_win, safe)
}

/// [`reached`] for `flagPieceCount = n` and `flagPieceBlockedWin =
/// blocked`, printed for the exporter, which composes the rules it would
/// import from it: a disjunction in brackets, so that it stays one
/// condition inside `a and b`; empty where `there` or `goal` does not read
/// as a set.
pub(crate) fn reached_text(there: &str, goal: &str, n: u32, blocked: bool, safe: bool) -> String {
    match (parse_set(there), parse_set(goal)) {
        (Ok(there), Ok(goal)) => match reached_cond(&there, &goal, n, blocked, safe) {
            c @ Cond::Or(..) => format!("({c})"),
            c => c.to_string(),
        },
        _ => String::new(),
    }
}

/// The reaching condition as a tree.
fn reached_cond(there: &SetExpr, goal: &SetExpr, n: u32, blocked: bool, safe: bool) -> Cond {
    let counted = |op: Comparison| count(there.clone(), op, n);
    // A blocked region: some flag piece there and no square of it empty.
    let blocked = blocked.then(|| {
        let full = Cond::Compare(
            Quantity::Squares(both(goal.clone(), named(NamedSet::Empty))),
            Comparison::Equal,
            0,
        );
        [exists(there.clone()), full]
    });
    let exactly_safe = || all([counted(Comparison::Equal), not(attacked(there.clone()))]);
    match (safe, blocked) {
        (false, None) => counted(Comparison::AtLeast),
        (false, Some(b)) => any([counted(Comparison::AtLeast), all(b)]),
        (true, None) => any([counted(Comparison::More), exactly_safe()]),
        (true, Some([there, full])) => any([
            counted(Comparison::More),
            exactly_safe(),
            all([counted(Comparison::Less), there, full]),
        ]),
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::game::{Game, GameResult};
    use crate::interop::fsf_import::test_support::{one, variant};

    fn result(v: &crate::Variant, fen: &str) -> Option<GameResult> {
        let pos = crate::notation::fen::parse(v, fen).unwrap();
        Game::new(v, pos).ending().map(|e| e.result)
    }

    /// The exporter puts the text inside `a and b`: a disjunction keeps
    /// its brackets.
    #[test]
    fn the_printed_condition_stays_one_condition_inside_a_conjunction() {
        let safe = super::reached_text("own K & flag", "flag", 1, false, true);
        assert_eq!(
            safe,
            "(count(own K & flag) > 1 or count(own K & flag) == 1 and not attacked(own K & flag))"
        );
        assert_eq!(
            super::reached_text("own K & flag", "flag", 2, false, false),
            "count(own K & flag) >= 2"
        );
    }

    #[test]
    fn a_full_flag_region_with_one_flag_piece_in_it_is_reached() {
        let ini = "[blocked]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = p:mF\nstartFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1\n\
                   flagPiece = p\nflagRegionWhite = a5 b5 c5 d5 e5 a4 e4\nflagRegionBlack = a1 b1 c1 d1 e1 a2 e2\n\
                   flagPieceCount = 7\nflagPieceBlockedWin = true\nnFoldRule = 0\nnMoveRule = 0\n";
        let ron = one(ini).unwrap();
        let v = variant(&ron);
        // White's region full, one white piece in it: White has won.
        assert_eq!(
            result(&v, "Ppppp/p3p/5/4P/PPPP1 b - - 0 1"),
            Some(GameResult::WhiteWins)
        );
        // A square of it empty: not yet.
        assert_eq!(result(&v, "P1ppp/p3p/5/4P/PPPP1 b - - 0 1"), None);
        // Full, but none of White's pieces in it: not reached.
        assert_eq!(result(&v, "ppppp/p3p/5/4P/PPPP1 b - - 0 1"), None);
    }

    #[test]
    fn with_flag_move_only_an_unsafe_flag_piece_gives_the_extra_move() {
        let ini = "[safe:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true\ncastling = false\n";
        let v = variant(&one(ini).unwrap());
        // White's knight safe on b8: Black has lost at once.
        assert_eq!(
            result(&v, "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1"),
            Some(GameResult::WhiteWins)
        );
        // Attacked: Black may still take it.
        assert_eq!(result(&v, "1N2k3/8/2n5/8/8/8/8/4K3 b - - 0 1"), None);
        // Not taken a move later: White wins, safe or not.
        assert_eq!(
            result(&v, "1N2k3/8/2n5/8/8/8/8/4K3 w - - 0 1"),
            Some(GameResult::WhiteWins)
        );
    }
}
