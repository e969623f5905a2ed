//! The line searched: the keys of the positions before a node (for
//! repetition) and, where the variant has an `N shuttles` or a
//! perpetual-check rule, the moves that led to it (for those rules).

use super::super::draws::end_score;
use super::super::ends::Verdict;
use super::{PATH_FILTER, Worker};
use crate::engine::moves::Move;
use crate::engine::position::Position;
use crate::engine::shuttles::Line;

impl Worker<'_> {
    /// How many plies back the position's key occurred before on the path
    /// or in the game, with the same side to move (the nearest such
    /// occurrence), if it did. The whole path is asked, not only
    /// the plies since the move-rule clock was last reset: the game counts
    /// repetitions so ([`Game`](crate::engine::game::Game)), and where
    /// effects turn pieces over, a pawn's step or a capture can be undone
    /// (a pawn that changes sides walks back), so a move that resets the
    /// clock does not make the positions before it unreachable.
    pub(super) fn repeated(&self, key: u64) -> Option<usize> {
        if self.path_filter[key as usize & (PATH_FILTER - 1)] == 0 {
            return None;
        }
        let len = self.path.len();
        (2..=len).step_by(2).find(|&back| self.path[len - back] == key)
    }

    /// Adds a position's key to the path.
    #[inline]
    pub(super) fn push_path(&mut self, key: u64) {
        self.path.push(key);
        let bucket = &mut self.path_filter[key as usize & (PATH_FILTER - 1)];
        *bucket = bucket.saturating_add(1);
    }

    /// Takes the last key off the path.
    #[inline]
    pub(super) fn pop_path(&mut self) {
        if let Some(key) = self.path.pop() {
            let bucket = &mut self.path_filter[key as usize & (PATH_FILTER - 1)];
            // A saturated bucket stays full: it only costs a walk.
            if *bucket != u16::MAX {
                *bucket -= 1;
            }
        }
    }

    /// What the end rules say of `pos` (see [`Ends::judge`]), the `N
    /// shuttles` and perpetual-check rules judged on the line that led to
    /// it; `repeated` as [`Worker::repeated`] says.
    ///
    /// [`Ends::judge`]: super::ends::Ends::judge
    pub(super) fn judge_node(&self, pos: &Position, no_moves: Option<bool>, repeated: Option<usize>) -> Verdict {
        let ends = &self.shared.engine.ends;
        let Some(line) = &self.line else {
            return ends.judge(self.variant, pos, no_moves, repeated, None);
        };
        let len = line.len();
        let ply = |k: usize| line[len - 1 - k].0;
        let checked_before = |k: usize| line[len - 1 - k].1;
        let line = Line {
            len,
            ply: &ply,
            checked_before: &checked_before,
        };
        ends.judge(self.variant, pos, no_moves, repeated, Some(&line))
    }

    /// At the horizon, where the position repeats and an end rule listed
    /// before the repetition rule needs the legal moves (checkmate,
    /// stalemate): the score the end rules give once the moves are known,
    /// if one holds. Quiescence judges no repetition, so a line that
    /// repeats at the horizon would otherwise be scored as if it went on
    /// (a side ahead walked into a repetition its search could not see).
    pub(super) fn repetition_at_horizon(&mut self, pos: &Position, ply: usize, repeated: Option<usize>) -> Option<i32> {
        repeated?;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.variant.generate_legal(pos, &mut moves);
        let no_moves = moves.is_empty();
        self.moves[ply] = moves;
        match self.judge_node(pos, Some(no_moves), repeated) {
            Verdict::Ends(outcome) => Some(end_score(outcome, ply)),
            _ => None,
        }
    }

    /// Adds a move of the path to the line, where one is kept.
    #[inline]
    pub(super) fn push_line(&mut self, mv: Move, checked_before: bool) {
        if let Some(line) = &mut self.line {
            line.push((mv, checked_before));
        }
    }

    #[inline]
    pub(super) fn pop_line(&mut self) {
        if let Some(line) = &mut self.line {
            line.pop();
        }
    }

    /// What the end rules say of a quiescence node: as [`judge_node`],
    /// and where the line is kept, the rules after a checkmate or
    /// stalemate rule are asked too (the shuttles'), which quiescence
    /// otherwise asks only of a node without legal moves.
    ///
    /// [`judge_node`]: Self::judge_node
    pub(super) fn judge_quiescence(&mut self, pos: &Position, ply: usize) -> Verdict {
        let verdict = self.judge_node(pos, None, None);
        if verdict != Verdict::NeedMoves
            || self.line.is_none()
            || !matches!(self.judge_node(pos, Some(false), None), Verdict::Ends(_))
        {
            return verdict;
        }
        // A rule holds if the side has a move; a checkmate or stalemate
        // rule before it may hold if not.
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.variant.generate_legal(pos, &mut moves);
        let no_moves = moves.is_empty();
        self.moves[ply] = moves;
        self.judge_node(pos, Some(no_moves), None)
    }
}
