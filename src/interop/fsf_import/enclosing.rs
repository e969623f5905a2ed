//! The Othello and Ataxx pass: where `enclosingDrop` (reversi, ataxx,
//! snort) and `enclosingDropStart` let a piece be dropped, as a drop zone
//! sentence; the rule that turns pieces after a move
//! (`flipEnclosedPieces`: `recolour`, with `enclosed` for reversi); and
//! what cannot be written.

use super::refusal::{Refusal, refuse};
use super::rule_trees::{any, both, exists, minus, named, not, pieces, template, union};
use super::square_sets::region_set;
use super::state::{Enclosing, State};
use crate::lang::effect_syntax::{Cond, Effect, NamedSet, RanksFrom, SetExpr, SideFilter, Trigger, TriggeredRule};

/// Whether `enclosingDrop` (or its start squares) narrows where every
/// piece may be dropped.
pub(super) fn narrows_drops(state: &State) -> bool {
    state.othello.drop != Enclosing::None
}

/// The set sentence `set` (a group's drop zone) narrowed by
/// `enclosingDrop`, as Fairy-Stockfish reads it for the side that drops:
/// while a square of `enclosingDropStart` is empty, only those squares;
/// else for `reversi` the squares next to an enemy piece from which a
/// queen line runs over enemy pieces (or walls) to an own piece, for `ataxx` the squares next to an own piece,
/// for `snort` the squares no enemy piece stands next to on a rank or file.
pub(super) fn narrowed_zone(state: &State, set: SetExpr) -> SetExpr {
    let adjacent = |side: SideFilter| SetExpr::Adjacent(Box::new(pieces(side, [])));
    let rule = match state.othello.drop {
        Enclosing::None => return set,
        // Next to an enemy piece, and enclosing some: Fairy-Stockfish's
        // line runs on over a wall (the flips stop there).
        Enclosing::Reversi => both(
            adjacent(SideFilter::Enemy),
            SetExpr::Enclosing(Box::new(named(NamedSet::Empty)), template("Q"), true),
        ),
        Enclosing::Ataxx | Enclosing::Quadwrangle => adjacent(SideFilter::Own),
        Enclosing::Snort => minus(
            named(NamedSet::All),
            SetExpr::Manhattan(Box::new(pieces(SideFilter::Enemy, [])), 1),
        ),
    };
    let start = state.othello.drop_start & super::square_sets::board_squares(state.files, state.ranks);
    // The start squares are the same for both sides (absolute ranks).
    let Some(start) = region_set(start, state.files, state.ranks, RanksFrom::White) else {
        return both(set, rule);
    };
    // Far enough to cover the board from any square: while one start
    // square is empty, the rule's squares are left out.
    let far = state.files.max(state.ranks);
    let open = || both(start.clone(), named(NamedSet::Empty));
    let elsewhere = minus(rule, SetExpr::Area(Box::new(open()), far));
    both(set, union([open(), elsewhere]).expect("two sets"))
}

/// The effect rule that turns pieces after every move but a pass
/// (`flipEnclosedPieces`), if any.
pub(super) fn flip_rule(state: &State) -> Option<TriggeredRule> {
    let mover = || named(NamedSet::Mover);
    let next_to = || SetExpr::Adjacent(Box::new(mover()));
    let (guard, turned) = match state.othello.flip {
        Enclosing::None | Enclosing::Snort => return None,
        // The enemy pieces on a queen line between where the piece
        // landed and an own piece.
        Enclosing::Reversi => (None, SetExpr::Enclosed(Box::new(mover()), template("Q"))),
        // The enemy pieces next to where it landed.
        Enclosing::Ataxx => (None, both(next_to(), pieces(SideFilter::Enemy, []))),
        // ... after a drop only where it landed next to an own piece.
        Enclosing::Quadwrangle => (
            Some(any([
                not(Cond::Dropped(None)),
                exists(both(next_to(), pieces(SideFilter::Own, []))),
            ])),
            both(next_to(), pieces(SideFilter::Enemy, [])),
        ),
    };
    Some(TriggeredRule {
        trigger: Trigger::AfterMove { except_castling: false },
        by: None,
        guard,
        effects: vec![Effect::Recolour {
            set: turned,
            to: None,
            royal: false,
        }],
    })
}

/// What this pass cannot express.
pub(super) fn refusals(state: &State) -> Vec<Refusal> {
    let mut out = Vec::new();
    let o = &state.othello;
    if o.drop_start != 0 && o.drop == Enclosing::None && (state.drop_on_top_of_pieces || state.drop_from_any_side) {
        out.push(refuse(
            None,
            "drops and hands",
            "`enclosingDropStart` with `enclosingDrop = top` or `anyside`",
        ));
    }
    out
}
