//! Perft's last ply where captures are compulsory and no clause judges a
//! move alone (every base move is legal but for that rule): the quiet
//! moves are counted as the generator finds them, without being listed,
//! and the rest listed; where a capture is among them the captures are
//! the count, else every move is. The count is always the length of
//! [`Variant::generate_legal`]'s list.

use super::super::moves::Move;
use super::super::position::Position;
use super::LeafCounter;
use crate::compile::Variant;

impl Variant {
    /// The number of legal moves of `pos` where captures are compulsory
    /// and no other rule or clause compares or judges moves; `None` where
    /// this count does not apply (the caller lists them all). Kept out
    /// of line, so that [`Variant::count_legal`] stays as small as it was.
    #[inline(never)]
    pub(super) fn count_compulsory_captures(&self, pos: &Position, listed: &mut Vec<Move>) -> Option<u64> {
        let p = &self.programs;
        if !p.captures_compulsory
            || p.drops_compulsory
            || p.has_choices
            || self.pass_on_stalemate
            || !p.legal.is_empty()
            || p.placement_refuses
            || self.has_move_filters()
            || p.filters.any_for(pos.side)
        {
            return None;
        }
        listed.clear();
        if self.ended_by_rule(pos).is_some() {
            return Some(0);
        }
        let us = pos.side;
        // Quiet moves and double steps counted (a promotion is listed),
        // captures listed.
        let mut counter = LeafCounter::<false>::new(true, false, listed);
        for from in pos.occupied[us as usize].iter() {
            self.generate_piece(pos, from, us, true, &mut counter);
        }
        let quiet = counter.counted;
        self.generate_not_by_pieces(pos, listed);
        let captures = listed.iter().filter(|m| m.is_capture()).count() as u64;
        Some(if captures > 0 {
            captures
        } else {
            quiet + listed.len() as u64
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Losing chess, as a test fixture: captures compulsory, no royal
    /// piece, promotions to any piece but a pawn.
    const GIVEAWAY: &str = r#"(
        name: "Giveaway",
        board: (files: 8, ranks: 8),
        pieces: [
            (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", pawn: true, value: 100),
            (letter: 'N', name: "knight", moves: "N", value: 300),
            (letter: 'B', name: "bishop", moves: "B", value: 300),
            (letter: 'R', name: "rook", moves: "R", value: 500),
            (letter: 'Q', name: "queen", moves: "Q", value: 900),
            (letter: 'K', name: "king", moves: "K", value: 300),
        ],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        promotion: (pieces: "P", ranks: [8], choices: "QRBNK"),
        castling: [],
        legal: ["captures are compulsory"],
        end: ["count(own) == 0: win", "stalemate: win", "50 moves: draw"],
    )"#;

    /// The count is the length of the legal list at every position of
    /// random games, with and without a capture to make (and promotions,
    /// en passant, games won by losing every piece on the way).
    #[test]
    fn compulsory_captures_count_as_the_list() {
        let variant = Variant::from_text("giveaway.ron", GIVEAWAY).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(0xca97);
        let (mut with, mut without, mut listed) = (0, 0, Vec::new());
        for game in 0..40 {
            let mut pos: Position = variant.start_position();
            for ply in 0..150 {
                let moves = variant.legal_moves(&pos);
                let counted = variant.count_compulsory_captures(&pos, &mut listed);
                assert_eq!(counted, Some(moves.len() as u64), "game {game}, ply {ply}");
                assert_eq!(variant.count_legal(&pos, &mut listed), moves.len() as u64);
                if moves.is_empty() {
                    break;
                }
                if moves.iter().any(|m| m.is_capture()) {
                    with += 1;
                } else {
                    without += 1;
                }
                pos.make(&variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(with > 500 && without > 500, "{with} {without}");
    }
}
