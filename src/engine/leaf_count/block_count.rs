//! Perft's last ply where the variant's one rule is a chosen block among
//! the empty squares after every move (`Programs::block_empty`): a move
//! that only moves and captures pieces is offered every square it leaves
//! empty, so its complete forms are counted from the number of empty
//! squares, without playing it. A quiet move empties its origin and fills
//! its target, leaving as many empty squares as before; a capture (en
//! passant too) leaves one more. Every other move (castling, actions,
//! drops) is played as [`Variant::count_follow_ups`] plays it.

use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl Variant {
    /// The complete forms of the base moves in `listed` (each block
    /// chosen), where the one rule is a chosen block among the empty
    /// squares (`required`: a move offered no square is no move; else it
    /// stands without a block).
    #[inline(never)]
    pub(super) fn count_blocks(&self, pos: &Position, listed: &mut Vec<Move>, required: bool) -> u64 {
        let empty = u64::from(pos.empty_squares(&self.programs.all).len());
        let options = |n: u64| if n > 0 { n } else { u64::from(!required) };
        let (quiet, capture) = (options(empty), options(empty + 1));
        let mut counted = 0;
        let mut rest = 0;
        for i in 0..listed.len() {
            let mv = listed[i];
            let plain = mv.choices.is_empty() && mv.gate.is_none();
            match mv.kind {
                MoveKind::Quiet | MoveKind::Initial if plain => counted += quiet,
                MoveKind::Capture | MoveKind::EnPassant if plain => counted += capture,
                _ => {
                    listed[rest] = mv;
                    rest += 1;
                }
            }
        }
        listed.truncate(rest);
        counted + self.count_follow_ups(pos, listed)
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A wall moved after every move, as the variant's one rule; kings
    /// are not royal, so that games go on past a capture of one.
    fn walled(required: &str) -> Variant {
        let text = format!(
            r#"(
            extends: "chess",
            name: "Walled",
            pieces: [(letter: 'K', name: "king", moves: "K")],
            castling: [
                (fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", king_piece: 'K'),
                (fen: 'Q', king: "e1", king_to: "c1", rook: "a1", rook_to: "d1", king_piece: 'K'),
            ],
            rules: ["after move: block(chosen empty, unblocking blocked{required})"],
            legal: [],
            end: ["count(enemy K) <= 0: win", "stalemate: win"],
        )"#
        );
        Variant::from_text("walled.ron", &text).unwrap()
    }

    /// Along seeded random games, the last ply's count with the blocks
    /// counted by the empty squares equals the count that plays each
    /// move (the same variant with `block_empty` off).
    #[test]
    fn block_counts_agree_with_played_moves() {
        for required in ["", ", required"] {
            let fast = walled(required);
            assert_eq!(fast.programs.block_empty, Some(!required.is_empty()));
            let mut slow = fast.clone();
            slow.programs.block_empty = None;
            let mut rng = ChaCha8Rng::seed_from_u64(40);
            let mut checked = 0;
            for game in 0..12 {
                let mut pos: Position = fast.start_position();
                for ply in 0..80 {
                    let mut listed = Vec::new();
                    let counted = fast.count_legal(&pos, &mut listed);
                    assert_eq!(
                        counted,
                        slow.count_legal(&pos, &mut listed),
                        "game {game}, ply {ply}{required}"
                    );
                    checked += 1;
                    let moves = fast.legal_moves(&pos);
                    if moves.is_empty() || fast.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    pos.make(&fast, moves[rng.random_range(0..moves.len())]);
                }
            }
            assert!(checked > 500, "too few positions: {checked}");
        }
    }
}
