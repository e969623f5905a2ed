//! Perft's last ply where every move is legal (no clause judges one): a
//! piece's actions counted, not listed. An action that makes one move
//! per target (no compelled moves, no promotion there, no direction to
//! choose) counts its targets as a set; the template's targets are met
//! with the board as sets where they are leaps, and its rides walked.
//! Every other action's moves are listed, as `generate_piece_actions`
//! lists them.

use super::piece_actions::{ActionSink, ActionSite};
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::CompiledAction;
use crate::compile::tables::{CAPTURE, MoveTables, QUIET};
use crate::engine::moves::Move;
use crate::engine::position::Position;

/// An [`ActionSink`] that counts the moves of the actions that make one
/// move per target and lists the others.
pub(in crate::engine) struct ActionCount<'a> {
    /// The moves counted.
    pub(in crate::engine) counted: u64,
    /// Where the other actions' moves go.
    pub(in crate::engine) listed: &'a mut Vec<Move>,
    /// The empty squares of the position.
    empty: SquareSet,
}

impl<'a> ActionCount<'a> {
    /// A count of actions on a board whose empty squares are `empty`,
    /// nothing counted yet.
    pub(in crate::engine) fn new(empty: SquareSet, listed: &'a mut Vec<Move>) -> ActionCount<'a> {
        ActionCount {
            counted: 0,
            listed,
            empty,
        }
    }

    /// The squares of `targets` where `action` makes exactly one move, or
    /// `None` where it may make another number at any of them.
    #[inline(always)]
    fn single<'s>(variant: &'s Variant, action: &CompiledAction, site: &ActionSite) -> Option<&'s SquareSet> {
        if action.compel || action.asks_one_direction || action.promotes {
            return None;
        }
        // Staying, it never promotes; moving, it may where it lands.
        Some(if action.stays {
            &SquareSet::EMPTY
        } else {
            variant.promotion_targets(site.kind, site.side, site.from)
        })
    }
}

impl ActionSink for ActionCount<'_> {
    #[inline(always)]
    fn take_one(&mut self, variant: &Variant, pos: &Position, action: &CompiledAction, site: &ActionSite, to: Square) {
        match Self::single(variant, action, site) {
            Some(promotes_on) if !promotes_on.contains(to) => self.counted += 1,
            _ => variant.emit_action(pos, action, site, to, self.listed),
        }
    }

    #[inline(always)]
    fn take_set(
        &mut self,
        variant: &Variant,
        pos: &Position,
        action: &CompiledAction,
        site: &ActionSite,
        targets: SquareSet,
    ) {
        let Some(promotes_on) = Self::single(variant, action, site) else {
            for to in targets.iter() {
                variant.emit_action(pos, action, site, to, self.listed);
            }
            return;
        };
        self.counted += u64::from(targets.difference(promotes_on).len());
        for to in targets.intersection(promotes_on).iter() {
            variant.emit_action(pos, action, site, to, self.listed);
        }
    }

    #[inline(always)]
    fn take_table(
        &mut self,
        variant: &Variant,
        pos: &Position,
        action: &CompiledAction,
        site: &ActionSite,
        t: &MoveTables,
    ) {
        let targets = table_targets(t, pos, site.from, site.side, &self.empty);
        self.take_set(variant, pos, action, site, targets);
    }
}

/// The squares `for_each_table_target` calls its function with, as a
/// set: the plain leaps met with the board (`empty`, the other side's
/// pieces), the other leaps and the rides walked.
fn table_targets(t: &MoveTables, pos: &Position, from: Square, side: Color, empty: &SquareSet) -> SquareSet {
    let slot = t.slot(Kind::new(0), side, from);
    let sets = t.leap_sets(Kind::new(0), side, from);
    let enemy = &pos.occupied[side.flip() as usize];
    let mut targets = sets.quiet.intersection(empty).union(&sets.capture.intersection(enemy));
    let reaches = |cell: Cell, flags: u8| {
        (cell.is_empty() && flags & QUIET != 0) || (cell.is_side(side.flip()) && flags & CAPTURE != 0)
    };
    for leap in &t.rest_leaps[sets.rest as usize..sets.rest_end as usize] {
        let path_clear = t
            .run(leap.path, leap.path_len)
            .iter()
            .all(|&s| pos.board[s.index()].is_empty());
        if path_clear && reaches(pos.board[leap.to.index()], leap.flags) {
            targets.insert(leap.to);
        }
    }
    for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
        for &to in t.landing_run(ride, |s| pos.board[s.index()].is_empty()) {
            let cell = pos.board[to.index()];
            if reaches(cell, ride.flags) {
                targets.insert(to);
            }
            if !cell.is_empty() {
                break;
            }
        }
    }
    targets
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::{Move, MoveKind};
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Chess with bumps instead of captures, and actions of every form:
    /// aimed at the origin, at a set, by a template of leaps or of rides,
    /// promoting, asking a direction, compelling, with a condition on the
    /// target; no legality clause, so every move is legal.
    const BUMPS: &str = r#"(
        extends: "chess",
        name: "Bumps",
        pieces: [
            (letter: 'P', name: "pawn", moves: "fmWifmnD", pawn: true, value: 100, actions: [
                (name: "bump", moves: "fcF", effect: "push(target, along)"),
                (name: "explode", target: "origin", effect: "push(adjacent(origin), away from origin); remove(origin)"),
            ]),
            (letter: 'N', name: "knight", moves: "mN", value: 300, actions: [
                (name: "bump", moves: "cN", effect: "push(target, along)"),
                (name: "stomp", moves: "mN", effect: "push(adjacent(target), away from target)"),
            ]),
            (letter: 'B', name: "bishop", moves: "mB", value: 300, actions: [
                (name: "bump", moves: "cB", effect: "push(target, along)"),
                (name: "snipe", target: "first(origin, B)", effect: "push(target, along)"),
            ]),
            (letter: 'R', name: "rook", moves: "mR", value: 500, actions: [
                (name: "bump", moves: "cR", effect: "push(target, along)"),
                (name: "hop", moves: "mW", when: "target in ranks(3..6)", effect: "push(adjacent(target), away from target)"),
            ]),
            (letter: 'Q', name: "queen", moves: "mQ", value: 900, actions: [
                (name: "bump", moves: "cQ", effect: "push(target, along)"),
                (name: "nova", target: "origin", effect: "remove(lines(origin, Q) + origin)"),
            ]),
            (letter: 'K', name: "king", moves: "mK", royal: true, actions: [
                (name: "bump", moves: "cK", effect: "push(target, chosen)"),
                (name: "control", target: "manhattan(origin, 2) & enemy not Q", compel: true),
            ]),
        ],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        castling: [],
        legal: [],
        end: ["not exists(own royal): loss", "not exists(enemy royal): win", "stalemate: draw"],
    )"#;

    /// On every position of some random games, perft's last ply (actions
    /// counted) counts as many moves as the legal move list holds (the
    /// general path, each action's moves listed); returns how many actions
    /// were legal over the positions checked.
    fn counted_equals_listed(variant: &Variant, games: usize, plies: usize) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(0xac7 ^ games as u64);
        let mut listed = Vec::new();
        let mut actions = 0;
        for game in 0..games {
            let mut pos: Position = variant.start_position();
            for ply in 0..plies {
                let moves: Vec<Move> = variant.legal_moves(&pos);
                let counted = variant.count_legal(&pos, &mut listed);
                assert_eq!(counted, moves.len() as u64, "{}: game {game}, ply {ply}", variant.name);
                actions += moves.iter().filter(|m| matches!(m.kind, MoveKind::Action(_))).count();
                if moves.is_empty() {
                    break;
                }
                pos.make(variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        actions
    }

    #[test]
    fn actions_counted_match_the_list() {
        let variant = Variant::from_text("bumps.ron", BUMPS).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(variant.programs.legal.is_empty() && !variant.programs.has_choices);
        assert!(counted_equals_listed(&variant, 24, 80) > 10_000);
    }

    /// The test above fails when the count is wrong: an action template
    /// whose leap sets (read only by the count) miss its quiet leaps
    /// counts fewer moves than the list holds.
    #[test]
    #[should_panic]
    fn a_wrong_action_count_is_caught() {
        let mut variant = Variant::from_text("bumps.ron", BUMPS).unwrap_or_else(|e| panic!("{e:?}"));
        for action in &mut variant.programs.actions {
            if let Some(tables) = &mut action.tables {
                tables.leap_sets.iter_mut().for_each(|sets| sets.quiet = crate::base::square::SquareSet::EMPTY);
            }
        }
        counted_equals_listed(&variant, 4, 40);
    }
}
