//! Counted ends: `materialCounting = unweighted` turns what would be a
//! draw into a win of the side with more pieces on the board (a draw when
//! the counts are equal), and `adjudicateFullBoard` ends the game once no
//! square is empty. Both are plain end rules of the rule language:
//! `count(own) > count(enemy)` read for the side to move, and
//! `squares(empty) == 0`. `materialCounting = janggi` weighs the pieces
//! instead: each piece type Fairy-Stockfish weighs gets that `value`
//! (times 100), and White wins on a lead of 2 points or more, else Black:
//! `material(white) > material(black) + 100: white wins`.

use super::rule_trees::{compare, end, versus};
use super::state::State;
use crate::lang::effect_syntax::{
    Comparison, Cond, EndCondition, EndOutcome, EndRule, NamedSet, Quantity, SetExpr, SideFilter,
};

/// An end that Fairy-Stockfish scores as a draw (before counting).
#[derive(Clone, Debug)]
pub(crate) enum DrawAt {
    /// A condition that ends the game at once (`passes >= 2`).
    Holds(Cond),
    /// Stalemate.
    Stalemate,
    /// The move rule, after this many moves.
    Moves(u32),
    /// Repetition, this many times.
    Repetitions(u32),
    /// Repetition, this many times, with both sides checking throughout
    /// (`perpetualCheckIllegal` scores it a draw).
    MutualPerpetual(u32),
}

/// The condition under which a full board ends the game:
/// `squares(empty) == 0`.
pub(super) fn full_board() -> Cond {
    compare(Quantity::Squares(SetExpr::Named(NamedSet::Empty)), Comparison::Equal, 0)
}

/// The end rules for `at`, scored `drawn` (what Fairy-Stockfish scores as
/// a draw, or the side with draw odds' win): with unweighted counting, a
/// drawn end is first a win of the side with more pieces; with
/// `materialCounting = janggi`, [`weighed_rules`].
pub(super) fn drawn_rules(state: &State, at: &DrawAt, drawn: EndOutcome) -> Vec<EndRule> {
    if state.othello.weigh_pieces && drawn == EndOutcome::Draw {
        return weighed_rules(at).to_vec();
    }
    let pieces = |side: SideFilter| Quantity::Count(SetExpr::Pieces(side, None));
    let mut rules = Vec::new();
    if state.othello.count_pieces && drawn == EndOutcome::Draw {
        let more = versus(pieces(SideFilter::Own), Comparison::More, pieces(SideFilter::Enemy), 0);
        let fewer = versus(pieces(SideFilter::Own), Comparison::Less, pieces(SideFilter::Enemy), 0);
        rules.push(end(head(at, Some(more)), EndOutcome::Win));
        rules.push(end(head(at, Some(fewer)), EndOutcome::Loss));
    }
    rules.push(end(head(at, None), drawn));
    rules
}

/// The end rules of a draw at `at` under `materialCounting = janggi`:
/// never a draw, White wins with a lead of 2 points (`material(white) >
/// material(black) + 100`, Black holding the half point), else Black (the
/// exporter reads them back against these trees).
pub(crate) fn weighed_rules(at: &DrawAt) -> [EndRule; 2] {
    let material = |side: SideFilter| Quantity::Material(SetExpr::Pieces(side, None));
    let lead = versus(
        material(SideFilter::White),
        Comparison::More,
        material(SideFilter::Black),
        100,
    );
    [
        end(head(at, Some(lead)), EndOutcome::WhiteWins),
        end(head(at, None), EndOutcome::BlackWins),
    ]
}

/// The condition of a rule at `at`, with the condition `counted` where
/// given.
fn head(at: &DrawAt, counted: Option<Cond>) -> EndCondition {
    match at {
        DrawAt::Holds(c) => EndCondition::Holds(match counted {
            None => c.clone(),
            Some(k) => Cond::And(Box::new(c.clone()), Box::new(k)),
        }),
        DrawAt::Stalemate => EndCondition::Stalemate(counted),
        DrawAt::Moves(n) => EndCondition::MoveRule(*n, counted),
        DrawAt::Repetitions(n) => EndCondition::Repetition(*n, counted),
        DrawAt::MutualPerpetual(n) => EndCondition::MutualPerpetualCheck(*n, counted),
    }
}

/// Fairy-Stockfish's janggi weights, by its piece type's name.
const WEIGHTS: &[(&str, i32)] = &[
    ("rook", 13),
    ("janggiCannon", 7),
    ("horse", 5),
    ("janggiElephant", 3),
    ("wazir", 3),
    ("soldier", 2),
];

/// The `value` of the piece in `slot` (1300), where `materialCounting =
/// janggi` weighs it; `None` otherwise.
pub(super) fn piece_value(state: &State, slot: usize) -> Option<i32> {
    if !state.othello.weigh_pieces {
        return None;
    }
    weight(&super::builtin_pieces::slot_name(slot))
}

/// The `value` `materialCounting = janggi` gives a piece of the
/// Fairy-Stockfish type `name` (`rook`: 1300); `None` for a type it does
/// not weigh.
pub(crate) fn weight(name: &str) -> Option<i32> {
    WEIGHTS.iter().find(|(n, _)| *n == name).map(|(_, w)| w * 100)
}
