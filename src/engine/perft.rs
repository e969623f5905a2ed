//! Perft: counts the leaf nodes of the legal move tree, the standard test
//! of a move generator. The last ply's moves are counted, not played.

use super::moves::Move;
use super::position::Position;
use crate::compile::Variant;

/// Reusable move buffers, one per ply, so counting allocates only once.
#[derive(Default)]
pub struct Perft {
    buffers: Vec<Vec<Move>>,
}

impl Perft {
    /// A counter with no buffers yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of leaf nodes `depth` plies below `pos`.
    ///
    /// ```
    /// let xiangqi = kaboom::Variant::load("xiangqi").unwrap();
    /// let start = xiangqi.start_position();
    /// assert_eq!(kaboom::Perft::new().count(&xiangqi, &start, 2), 1920);
    /// ```
    pub fn count(&mut self, variant: &Variant, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        while self.buffers.len() < depth as usize {
            self.buffers.push(Vec::with_capacity(256));
        }
        count(variant, pos, depth, &mut self.buffers)
    }

    /// The leaf count below each legal move of `pos`, in generation order.
    pub fn divide(&mut self, variant: &Variant, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        let moves = variant.legal_moves(pos);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.make(variant, mv);
                (mv, self.count(variant, &child, depth.saturating_sub(1)))
            })
            .collect()
    }
}

fn count(variant: &Variant, pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let (buffer, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return variant.count_legal(pos, buffer);
    }
    variant.generate_legal(pos, buffer);
    // Above the last ply, where no rule reads whether a move gives check
    // (see `Variant::check_unread_after`): the checks are not counted.
    if depth == 2 && variant.programs.counts_checks && variant.check_unread_after(pos) {
        return (buffer.iter())
            .map(|&mv| {
                let mut child = pos.clone();
                child.make_uncounted(variant, mv);
                variant.count_legal(&child, &mut deeper[0])
            })
            .sum();
    }
    let mut nodes = 0;
    for &mv in buffer.iter() {
        let mut child = pos.clone();
        child.make(variant, mv);
        nodes += count(variant, &child, depth - 1, deeper);
    }
    nodes
}
