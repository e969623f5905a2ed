//! Rights of pieces beyond gating (`right_moves`, `takes_rights`): a
//! piece holding a right (its square in [`Position::gates`], read from and
//! written to the FEN's castling field) has its moves held by that right
//! as well; a piece that takes rights takes them from the enemy pieces its
//! `along` template reaches from where it lands, on an empty board.
//! As in Fairy-Stockfish's `cambodianMoves`, the moves held by a right
//! only move (they attack nothing), and a kind may have them barred while
//! its side is in check.

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square};
use crate::compile::Variant;

impl Variant {
    /// Whether positions of this variant hold rights: gating, or a kind
    /// with moves held by a right.
    #[inline]
    pub(crate) fn holds_rights(&self) -> bool {
        self.gating() || !self.rights.kinds.is_empty()
    }

    /// Appends the moves held by a right of the side to move: each piece
    /// holding one, of a kind with such moves (not in check, for a kind
    /// whose moves are barred then), to each empty square its template
    /// reaches over empty squares.
    pub(super) fn generate_right_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let Some(t) = &self.rights.moves else { return };
        let us = pos.side;
        let holders = pos.gates.intersection(&pos.occupied[us as usize]);
        let mut in_check = None;
        for from in holders.iter() {
            let kind = pos.board[from.index()].kind();
            if !self.rights.kinds.contains(kind) {
                continue;
            }
            if self.rights.not_in_check.contains(kind) && *in_check.get_or_insert_with(|| self.in_check(pos)) {
                continue;
            }
            self.right_moves_from(pos, t, kind, us, from, out);
        }
    }

    /// The moves held by a right of `us`'s piece of `kind` on `from`.
    fn right_moves_from(
        &self,
        pos: &Position,
        t: &crate::compile::tables::MoveTables,
        kind: Kind,
        us: Color,
        from: Square,
        out: &mut Vec<Move>,
    ) {
        let empty = |s: &Square| pos.board[s.index()].is_empty();
        let slot = t.slot(kind, us, from);
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if empty(&leap.to) && t.run(leap.path, leap.path_len).iter().all(empty) {
                self.push_right_move(pos, out, kind, us, from, leap.to);
            }
        }
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            for to in t.run(ride.ray, ride.len).iter().copied().take_while(empty) {
                self.push_right_move(pos, out, kind, us, from, to);
            }
        }
    }

    /// Pushes one move held by a right, promoting where moves there do.
    fn push_right_move(&self, pos: &Position, out: &mut Vec<Move>, kind: Kind, us: Color, from: Square, to: Square) {
        if !out
            .iter()
            .any(|m| m.from == from && m.to == to && m.kind == MoveKind::Quiet)
        {
            self.push(pos, out, kind, us, from, to, MoveKind::Quiet);
        }
    }
}

impl Position {
    /// Takes the rights that the piece `us` just landed on `to` takes: an
    /// enemy piece of a kind it takes rights from, holding a right, on a
    /// square its `along` template reaches from `to` on an empty board.
    pub(super) fn take_rights(&mut self, variant: &Variant, us: Color, to: Square) {
        let cell = self.board[to.index()];
        if !cell.is_side(us) {
            return;
        }
        let (of, lines) = &variant.rights.takes[cell.kind().index()];
        if of.is_empty() {
            return;
        }
        let n = variant.geometry.squares();
        let them = self.occupied[us.flip() as usize];
        let reached = lines[us as usize * n + to.index()]
            .intersection(&self.gates)
            .intersection(&them);
        for sq in reached.iter() {
            if of.contains(self.board[sq.index()].kind()) {
                self.gates.remove(sq);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RIGHTS: &str = r#"(
        extends: "chess",
        name: "Rights test",
        pieces: [
            (letter: 'R', name: "rook", moves: "R", takes_rights: (of: "K", along: "R")),
            (letter: 'K', name: "king", moves: "K", royal: true, right_moves: "mfsN", right_moves_not_in_check: true),
        ],
        start: "4k3/8/8/8/8/8/8/R3K3 w Ee - 0 1",
        castling: [],
    )"#;

    #[test]
    fn a_rook_takes_rights_along_its_lines_on_an_empty_board() {
        let v = Variant::from_text("rights.ron", RIGHTS).unwrap();
        let rook = (0..v.pieces.len()).find(|&k| v.pieces()[k].letter == 'R').unwrap();
        let (of, lines) = &v.rights.takes[rook];
        assert!(!of.is_empty());
        // From a1: its rank and its file, 14 squares.
        assert_eq!(lines[Square::new(0).index()].len(), 14);
    }

    #[test]
    fn moves_held_by_a_right_follow_the_right() {
        let v = Variant::from_text("rights.ron", RIGHTS).unwrap();
        let start = v.start_position();
        let mut out = Vec::new();
        v.generate_right_moves(&start, &mut out);
        // e1 to c2 and g2.
        assert_eq!(out.len(), 2);
        let mut lost = start.clone();
        lost.gates = crate::base::square::SquareSet::EMPTY;
        out.clear();
        v.generate_right_moves(&lost, &mut out);
        assert!(out.is_empty());
    }
}
