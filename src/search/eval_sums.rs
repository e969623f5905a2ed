//! The evaluation's material and placement sums, kept from parent to
//! child: each side's material and its material plus placement (the
//! table per kind, side and square, and the pieces in hand), the part of
//! [`Evaluation::evaluate`] that walks every piece. The search computes
//! them in full at the root and, for a child, takes out and puts back in
//! only the squares whose contents the move changed (found by comparing
//! the two boards eight squares to a word, as [`Keys::child_key`] does)
//! and the hands where they differ; a node's evaluation then adds a few
//! terms to them ([`Evaluation::evaluate_with`]). Comparing the two
//! positions rather than listing what `Position::make` did means no effect
//! (an explosion, a drop, a piece turned over) can be missed, and move
//! generation, which makes moves to judge their legality, pays nothing.
//!

use super::board_diff::changed_squares;
use super::eval::Evaluation;
pub use super::eval::Sums;
use super::zobrist::Keys;
use crate::base::square::MAX_SQUARES;
use crate::engine::position::Position;

impl Evaluation {
    /// The sums of `pos`, computed in full: every piece on the board and
    /// in hand.
    pub fn sums(&self, pos: &Position) -> Sums {
        let mut sums = Sums::default();
        for side in 0..2 {
            for sq in pos.occupied[side].iter() {
                self.count_cell(&mut sums, pos.board[sq.index()].0, sq.index(), 1);
            }
        }
        self.count_hands(&mut sums, pos, 1);
        sums
    }

    /// The sums of `child`, a position made from `parent` (whose sums are
    /// `sums`): the parent's, with the squares and the hands that differ
    /// taken out and put back in. Equal to [`Evaluation::sums`] of the
    /// child (unit test below).
    #[inline]
    pub fn child_sums(&self, parent: &Position, sums: &Sums, child: &Position) -> Sums {
        let mut sums = *sums;
        changed_squares(parent, child, |sq, before, after| {
            self.count_change(&mut sums, sq, before, after)
        });
        self.count_hands_change(&mut sums, parent, child);
        sums
    }

    /// The key and the sums of `child`, made from `parent`'s (`key`,
    /// `sums`) in one walk over the boards: [`Keys::child_key`] and
    /// [`Evaluation::child_sums`] together.
    #[inline]
    pub fn child_key_and_sums(
        &self,
        keys: &Keys,
        parent: &Position,
        (key, sums): (u64, &Sums),
        child: &Position,
    ) -> (u64, Sums) {
        let mut sums = *sums;
        let key = keys.child_key_with(parent, key, child, |sq, before, after| {
            self.count_change(&mut sums, sq, before, after)
        });
        self.count_hands_change(&mut sums, parent, child);
        (key, sums)
    }

    /// Takes out what a square held and puts in what it holds.
    #[inline]
    fn count_change(&self, sums: &mut Sums, sq: usize, before: u8, after: u8) {
        self.count_cell(sums, before, sq, -1);
        self.count_cell(sums, after, sq, 1);
    }

    /// Takes out the parent's hands and puts in the child's, where the
    /// variant has hands and they differ.
    #[inline]
    fn count_hands_change(&self, sums: &mut Sums, parent: &Position, child: &Position) {
        if !self.hand_values.is_empty() && parent.hands != child.hands {
            self.count_hands(sums, parent, -1);
            self.count_hands(sums, child, 1);
        }
    }

    /// Adds (`sign` 1) or takes out (-1) what a square holding the cell
    /// `byte` counts: nothing for an empty or blocked square.
    #[inline]
    fn count_cell(&self, sums: &mut Sums, byte: u8, sq: usize, sign: i32) {
        if byte == 0 || byte == 255 {
            return;
        }
        // A piece's cell is `1 + 2 * kind + side`: its row of the table.
        let row = usize::from(byte - 1);
        let side = row & 1;
        sums.score[side] += sign * self.table[row * MAX_SQUARES + sq];
        sums.material[side] += sign * self.values[row >> 1];
    }

    /// Adds (`sign` 1) or takes out (-1) the pieces in hand of `pos`: each
    /// counts its material, without placement.
    fn count_hands(&self, sums: &mut Sums, pos: &Position, sign: i32) {
        for side in 0..2 {
            for (slot, &value) in self.hand_values.iter().enumerate() {
                let held = sign * value * i32::from(pos.hands[side][slot]);
                sums.score[side] += held;
                sums.material[side] += held;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use rand::{RngExt as _, SeedableRng as _};

    /// Along seeded random games of every bundled variant and fairy file
    /// (drops and hands, explosions, walls, pieces turned over), both
    /// sides: the sums made from the parent's equal the sums computed in
    /// full, for every child of every position of the game (so at every
    /// node a one-ply search visits), alone and with the key; and the
    /// evaluation from them equals the full evaluation.
    #[test]
    fn child_sums_equal_full_sums() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/fairy");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.path().to_str().map(str::to_string))
            .filter(|p| p.ends_with(".ron"))
            .collect();
        files.sort();
        let names = super::super::tests_support::bundled_variant_names();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let (mut checked, mut changed) = (0, 0);
        let mut moves: Vec<Move> = Vec::new();
        for name in names.iter().chain(&files) {
            let variant = Variant::load(name).unwrap();
            let eval = Evaluation::new(&variant);
            let keys = Keys::new(&variant);
            for _game in 0..3 {
                let mut pos = variant.start_position();
                let mut sums = eval.sums(&pos);
                for ply in 0..100 {
                    assert_eq!(sums, eval.sums(&pos), "{name}: ply {ply}");
                    assert_eq!(
                        eval.evaluate_with(&pos, &sums),
                        eval.evaluate(&pos),
                        "{name}: ply {ply}"
                    );
                    variant.generate_legal(&pos, &mut moves);
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    for &mv in &moves {
                        let mut child = pos.clone();
                        child.make(&variant, mv);
                        let made = eval.child_sums(&pos, &sums, &child);
                        assert_eq!(made, eval.sums(&child), "{name}: ply {ply}, {mv:?}");
                        let key = keys.position_key(&pos);
                        let both = eval.child_key_and_sums(&keys, &pos, (key, &sums), &child);
                        assert_eq!(both, (keys.position_key(&child), made), "{name}: ply {ply}, {mv:?}");
                        checked += 1;
                        changed += usize::from(made != sums);
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    let mut child = pos.clone();
                    child.make(&variant, mv);
                    sums = eval.child_sums(&pos, &sums, &child);
                    pos = child;
                }
            }
        }
        assert!(
            checked > 100_000 && changed > 10_000,
            "{checked} children checked, {changed} changed"
        );
    }
}
