//! Counted ends: `materialCounting = unweighted` turns what would be a
//! draw into a win of the side with more pieces on the board (a draw when
//! the counts are equal), and `adjudicateFullBoard` ends the game once no
//! square is empty. Both are plain end rules of the rule language:
//! `count(own) > count(enemy)` read for the side to move, and
//! `squares(empty) == 0`. `materialCounting = janggi` weighs the pieces
//! instead: each piece type Fairy-Stockfish weighs gets that `value`
//! (times 100), and White wins on a lead of 2 points or more, else Black:
//! `material(white) > material(black) + 100: white wins`.

use super::state::State;

/// An end that Fairy-Stockfish scores as a draw (before counting).
#[derive(Clone, Copy, Debug)]
pub(crate) enum DrawAt<'a> {
    /// A condition that ends the game at once (`passes >= 2`).
    Holds(&'a str),
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

/// The condition under which a full board ends the game.
pub(super) const FULL_BOARD: &str = "squares(empty) == 0";

/// The end rules of a draw at `at` whose result is `drawn` (a draw, or
/// the winner's with draw odds): with unweighted counting, the side with
/// more pieces wins, fewer loses, and equal counts draw.
pub(super) fn drawn_rules(state: &State, at: &DrawAt<'_>, drawn: &str) -> Vec<String> {
    if state.othello.weigh_pieces && drawn == "draw" {
        return weighed_rules(at).to_vec();
    }
    let mut rules = Vec::new();
    if state.othello.count_pieces && drawn == "draw" {
        rules.push(format!("{}: win", head(at, Some("count(own) > count(enemy)"))));
        rules.push(format!("{}: loss", head(at, Some("count(own) < count(enemy)"))));
    }
    rules.push(format!("{}: {drawn}", head(at, None)));
    rules
}

/// The lead White needs under `materialCounting = janggi` (Black holds
/// the half point: 2 points, a point being 100).
const WEIGHED_LEAD: &str = "material(white) > material(black) + 100";

/// The end rules of a draw at `at` under `materialCounting = janggi`:
/// never a draw, White wins with a lead of 2 points, else Black (the
/// exporter reads them back by the same text).
pub(crate) fn weighed_rules(at: &DrawAt<'_>) -> [String; 2] {
    [
        format!("{}: white wins", head(at, Some(WEIGHED_LEAD))),
        format!("{}: black wins", head(at, None)),
    ]
}

/// The head of a rule at `at`, with the condition `counted` where given.
fn head(at: &DrawAt<'_>, counted: Option<&str>) -> String {
    match (at, counted) {
        (DrawAt::Holds(c), None) => (*c).to_string(),
        (DrawAt::Holds(c), Some(k)) => format!("{c} and {k}"),
        (DrawAt::Stalemate, None) => "stalemate".to_string(),
        (DrawAt::Stalemate, Some(k)) => format!("stalemate if {k}"),
        (DrawAt::Moves(n), None) => format!("{n} moves"),
        (DrawAt::Moves(n), Some(k)) => format!("{n} moves if {k}"),
        (DrawAt::Repetitions(n), None) => format!("{n} repetitions"),
        (DrawAt::Repetitions(n), Some(k)) => format!("{n} repetitions if {k}"),
        (DrawAt::MutualPerpetual(n), None) => format!("{n} repetitions by mutual perpetual check"),
        (DrawAt::MutualPerpetual(n), Some(k)) => format!("{n} repetitions by mutual perpetual check if {k}"),
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
