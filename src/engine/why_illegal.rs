//! Why a move of the pieces is not legal, where a move filter clause
//! forbids it (`moves only if`, `captures only if`, `checks must mate`,
//! `longest moves are compulsory`): for `explain`, which names the clause
//! as written. Not used by move generation or search.

use super::move_filter::Observations;
use super::moves::Move;
use super::position::Position;
use crate::compile::Variant;

impl Variant {
    /// The moves the pieces of the side to move could make before any move
    /// filter judges them (no follow-up choices expanded): the moves among
    /// which a filtered one is found.
    pub fn unfiltered_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        for from in pos.occupied[pos.side as usize].iter() {
            self.generate_piece(pos, from, pos.side, true, &mut out);
        }
        self.generate_not_by_pieces(pos, &mut out);
        out
    }

    /// The move filter clause, as the file writes it, that forbids `mv`
    /// (one of [`unfiltered_moves`](Self::unfiltered_moves)) in `pos`: the
    /// first filter it fails; else `checks must mate` when the move checks
    /// without mating; else `longest moves are compulsory` when the move
    /// is legal by every other clause but a longer one is. `None` when no
    /// such clause forbids it (it is legal, or illegal for another reason).
    pub fn forbidding_filter(&self, pos: &Position, mv: &Move) -> Option<&str> {
        let f = &self.programs.filters;
        let mut seen = Observations::new();
        for n in 1..=f.filters.len() {
            if !self.passes_first_filters(pos, mv, &mut seen, n) {
                return Some(&f.labels[n - 1]);
            }
        }
        let mut after = pos.clone();
        after.make(self, *mv);
        if f.checks_mate && !self.check_mates_if_any(&after) {
            return Some(&f.checks_mate_label);
        }
        let side = pos.side as usize;
        if f.longest[side] && self.passes_legality(pos, &after, mv) && !self.legal_moves(pos).contains(mv) {
            return Some(&f.longest_labels[side]);
        }
        None
    }
}
