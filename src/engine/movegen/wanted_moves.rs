//! The legal moves a caller wants, without judging the others: the
//! quiescence search keeps only noisy moves, and judging the legality of
//! every quiet move it then drops is most of what a node of it costs.

use super::super::moves::Move;
use super::super::position::Position;
use super::SafeMoves;
use crate::compile::Variant;

impl Variant {
    /// Fills `out` (after clearing it) with the legal moves of the side
    /// to move that `wanted` accepts, in generation order: the moves of
    /// [`generate_legal`](Self::generate_legal) that `wanted` keeps,
    /// judging only those (and, when none of them is legal, the others
    /// until one is). Returns whether the side to move has any legal move
    /// at all, or `None`, with `out` untouched, where a move's legality
    /// depends on the other moves or its follow-ups (compulsory captures
    /// or drops, longest moves, a pass on stalemate, gating, follow-up
    /// choices): the caller then filters [`generate_legal`](Self::generate_legal)'s list.
    pub fn generate_legal_wanted(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        wanted: &mut dyn FnMut(&Move) -> bool,
    ) -> Option<bool> {
        let p = &self.programs;
        if p.filters.longest[pos.side as usize]
            || p.has_choices
            || p.captures_compulsory
            || p.drops_compulsory
            || self.pass_on_stalemate
            || self.gating()
        {
            return None;
        }
        out.clear();
        if self.ended_by_rule(pos).is_some() {
            return Some(false);
        }
        self.generate_base(pos, out);
        let judged = !p.legal.is_empty() || p.placement_refuses;
        let safe = judged.then(|| SafeMoves::new(self, pos));
        let legal = |mv: &Move| safe.as_ref().is_none_or(|safe| self.judge(safe, pos, mv, None));
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            if wanted(&mv) && legal(&mv) {
                out[kept] = mv;
                kept += 1;
            }
        }
        if kept > 0 {
            out.truncate(kept);
            return Some(true);
        }
        // Nothing was overwritten: are any of the moves not wanted legal?
        let any = out.iter().any(legal);
        out.clear();
        Some(any)
    }
}
