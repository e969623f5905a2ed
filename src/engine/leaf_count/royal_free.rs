//! Perft's last ply for a side with no royal piece where that makes
//! every move legal (`Programs::royal_free_legal`, a side that wins by
//! other means than keeping a king): nothing is judged, and the moves
//! are counted as those of free pieces.

use super::{LeafCounter, each_square};
use crate::compile::Variant;
use crate::engine::moves::Move;
use crate::engine::position::Position;

impl Variant {
    /// [`count_legal`](Self::count_legal) past its early answers, for a
    /// side with no royal piece where that makes every move legal
    /// (`Programs::royal_free_legal`): the kinds that move by steps
    /// counted a whole kind at once, every other piece's plain moves as
    /// they are generated, and the moves that are not plain (promotions,
    /// en passant) listed, every one of them legal.
    #[inline(never)]
    pub(super) fn count_royal_free(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        let us = pos.side;
        let mut counter = LeafCounter::<false>::new(true, true, listed);
        let empty = pos.empty_squares(&self.programs.all);
        let enemy = pos.occupied[us.flip() as usize];
        let rest = self.count_step_kinds(pos, us, pos.occupied[us as usize], &empty, &enemy, &mut counter);
        // Through the counter, which counts each plain move as it comes
        // (`count_free_piece` is left to `count_legal`, where it is
        // inlined: a second caller would keep it out of line there).
        each_square(&rest, |from| self.generate_piece(pos, from, us, true, &mut counter));
        let counted = counter.counted;
        self.generate_not_by_pieces(pos, listed);
        counted + listed.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// White's pawns against Black's army: White loses with its last
    /// piece.
    const PAWNS: &str = r#"(
        extends: "chess",
        name: "Pawns",
        start: "rnbqkbnr/pppppppp/8/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        end: ["count(own) == 0: loss", "checkmate: loss", "stalemate: draw"],
    )"#;

    /// Along seeded random games, White's last ply counted without
    /// judging a move equals the count that judges each (the same
    /// variant with `royal_free_legal` off) and the legal list's length;
    /// and each end condition read quickly agrees with the interpreter.
    #[test]
    fn royal_free_counts_agree_with_judged_moves() {
        let fast = Variant::from_text("pawns.ron", PAWNS).unwrap();
        assert!(fast.programs.royal_free_legal);
        let mut slow = fast.clone();
        slow.programs.royal_free_legal = false;
        let mut rng = ChaCha8Rng::seed_from_u64(40);
        let (mut checked, mut listed) = (0, Vec::new());
        for game in 0..40 {
            let mut pos: Position = fast.start_position();
            for ply in 0..120 {
                let moves = fast.legal_moves(&pos);
                let counted = fast.count_legal(&pos, &mut listed);
                assert_eq!(counted, moves.len() as u64, "game {game}, ply {ply}");
                assert_eq!(counted, slow.count_legal(&pos, &mut listed), "game {game}, ply {ply}");
                checked += usize::from(pos.royals[pos.side as usize].is_empty());
                for (id, _) in fast.programs.conds.iter().enumerate() {
                    let ctx = Variant::still(pos.side);
                    let id = id as crate::compile::ir::CondId;
                    assert_eq!(fast.eval_cond_quick(id, &pos, &ctx), fast.eval_cond(id, &pos, &ctx));
                }
                if moves.is_empty() || fast.ended_by_rule(&pos).is_some() {
                    break;
                }
                pos.make(&fast, moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(checked > 1000, "too few royal-free positions: {checked}");
    }

    /// A promotion to a royal kind, or a clause that reads more than own
    /// royal pieces, judges every move.
    #[test]
    fn royal_free_needs_no_royal_promotion() {
        let royal_promotion = PAWNS.replace(
            r#"end: ["#,
            r#"promotion: (pieces: "P", ranks: [8], choices: "QK"), end: ["#,
        );
        let forbids = PAWNS.replace(
            r#"end: ["#,
            r#"legal: ["own royal not attacked", "not attacked(enemy royal)"], end: ["#,
        );
        for text in [royal_promotion, forbids] {
            let variant = Variant::from_text("pawns.ron", &text).unwrap();
            assert!(!variant.programs.royal_free_legal);
        }
    }
}
