//! Perft's last ply for the side's actions that only wall squares in
//! (`walls_only`, their walls tabled per target at load:
//! `CompiledAction::walls_by_square`): each one the legality shortcut
//! judges (`SafeMoves::judge_walled`) is counted, or dropped, as it is
//! found, instead of being listed and judged one by one.

use crate::compile::Variant;
use crate::engine::movegen::SafeMoves;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl Variant {
    /// Appends to `listed` the moves not by pieces (castling, rights, the
    /// side's actions, drops, a pass) that must be judged one by one, and
    /// returns how many others are legal: the side's actions the shortcut
    /// judges from their tabled walls. Kept out of line: only variants
    /// with such an action come here.
    #[inline(never)]
    pub(super) fn count_not_by_pieces(&self, safe: &SafeMoves, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        let mut counted = 0;
        self.generate_not_by_pieces_with(pos, listed, |variant, out| {
            counted = variant.count_side_actions(safe, pos, out);
        });
        counted
    }

    /// Appends to `listed` the side's actions that must be judged one by
    /// one, and returns how many others are legal: those the shortcut
    /// judges from their tabled walls.
    fn count_side_actions(&self, safe: &SafeMoves, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        let mut counted = 0;
        self.for_each_side_action(pos, |index, action, to| {
            if action.walls_by_square.is_some()
                && safe.judges_walls(action)
                && let Some(legal) = safe.judge_walled(self, pos, action, to, to)
            {
                counted += u64::from(legal);
                return;
            }
            listed.push(Move::new(to, to, MoveKind::Action(index)));
        });
        counted
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::{Move, MoveKind};
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Chess with a bomb a side, once, while 16 pieces stand: `walls`
    /// removed and then blocked; legality as Tilting the Balance writes it.
    fn bombs(walls: &str) -> Variant {
        let text = format!(
            r#"(
            extends: "chess",
            name: "Bombs",
            actions: [
                (name: "bomb", target: "ranks(1..3)", once: true, when: "count(any) >= 16",
                 effect: "remove({walls}); block({walls})"),
            ],
            legal: [
                "own royal survives unless not exists(enemy royal)",
                "own royal not attacked unless not exists(enemy royal)",
            ],
        )"#
        );
        Variant::from_text("bombs.ron", &text).unwrap()
    }

    /// The variant judging its walls the general way: no table (each
    /// action's blocks interpreted), and not even the walls shortcut
    /// (each action played).
    fn untabled(variant: &Variant, shortcut: bool) -> Variant {
        let mut slow = variant.clone();
        slow.programs.side_walls_tabled = false;
        for action in &mut slow.programs.actions {
            action.walls_by_square = None;
            action.walls_only &= shortcut;
        }
        slow
    }

    /// On every position of some random games (an action played one time
    /// in eight it is drawn), the last ply's count and the legal moves
    /// match the general paths'; returns how many positions had a wall
    /// action legal, and how many had one refused.
    fn matches_general(variant: &Variant, games: usize, plies: usize) -> (usize, usize) {
        assert!(variant.programs.side_walls_tabled);
        assert!(variant.programs.actions.iter().all(|a| a.walls_by_square.is_some()));
        let (general, played) = (untabled(variant, true), untabled(variant, false));
        let mut rng = ChaCha8Rng::seed_from_u64(0x3a11 ^ games as u64);
        let mut listed = Vec::new();
        let (mut legal, mut refused) = (0, 0);
        for game in 0..games {
            let mut pos: Position = variant.start_position();
            for ply in 0..plies {
                let moves: Vec<Move> = variant.legal_moves(&pos);
                let at = format!("{}: game {game}, ply {ply}", variant.name);
                assert_eq!(moves, general.legal_moves(&pos), "{at}");
                assert_eq!(moves, played.legal_moves(&pos), "{at}");
                for v in [variant, &general, &played] {
                    assert_eq!(v.count_legal(&pos, &mut listed), moves.len() as u64, "{at}");
                }
                let mut all = Vec::new();
                variant.generate_base(&pos, &mut all);
                let actions = |list: &[Move]| list.iter().filter(|m| matches!(m.kind, MoveKind::Action(_))).count();
                legal += usize::from(actions(&moves) > 0);
                refused += usize::from(actions(&all) > actions(&moves));
                if moves.is_empty() {
                    break;
                }
                let mut mv = moves[rng.random_range(0..moves.len())];
                while matches!(mv.kind, MoveKind::Action(_)) && rng.random_range(0..8) != 0 {
                    mv = moves[rng.random_range(0..moves.len())];
                }
                pos.make(variant, mv);
            }
        }
        (legal, refused)
    }

    #[test]
    fn tabled_walls_count_and_judge_as_the_general_path() {
        for walls in ["area(target, 1)", "manhattan(target, 2)", "adjacent(target) + target"] {
            let (legal, refused) = matches_general(&bombs(walls), 12, 60);
            assert!(legal > 100 && refused > 20, "{walls}: {legal} {refused}");
        }
    }

    /// The test above fails when the table is wrong: a bomb table that
    /// walls nothing lets a bomb next to its own king pass.
    #[test]
    #[should_panic]
    fn a_wrong_wall_table_is_caught() {
        let mut variant = bombs("area(target, 1)");
        for action in &mut variant.programs.actions {
            if let Some(tables) = &mut action.walls_by_square {
                tables
                    .iter_mut()
                    .flatten()
                    .for_each(|walls| *walls = crate::base::square::SquareSet::EMPTY);
            }
        }
        matches_general(&variant, 4, 40);
    }
}
