//! Gating (`drops: (gating: true)`): a piece from the mover's hand enters,
//! as part of a move, on the square a piece holding a gating right left
//! (Seirawan chess). The rights are a square set of the position
//! ([`Position::gates`]), read from and written to the FEN's castling
//! field; a right is lost when its piece leaves or is removed.
//!
//! As in Fairy-Stockfish, a move that gates is legal when the move itself
//! is: the piece gated in is not asked to shield the mover's royal piece.

use super::moves::{Gate, Move, MoveKind};
use super::position::Position;
use super::trace::{Event, Trace};
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, SquareSet};
use crate::compile::Variant;

impl Variant {
    /// Whether pieces in hand may gate in this variant.
    #[inline]
    pub(crate) fn gating(&self) -> bool {
        self.programs.drops.as_ref().is_some_and(|d| d.gating)
    }

    /// Appends to `out` every gated form of its legal moves: for each
    /// move leaving a square of the side's gating rights (castling: the
    /// king's or the rook's), one move per kind in hand whose drop zone
    /// holds that square.
    pub(super) fn add_gated(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let gates = pos.gates.intersection(&pos.occupied[us as usize]);
        if gates.is_empty() || out.is_empty() {
            return;
        }
        let Some(drops) = &self.programs.drops else { return };
        // The kinds the side may gate, each with its zone read once.
        let mut kinds: Vec<(Kind, SquareSet)> = Vec::new();
        for (slot, &kind) in self.hands.kinds().iter().enumerate() {
            if pos.hands[us as usize][slot] == 0 && !drops.free {
                continue;
            }
            let zone = match drops.zones.get(kind.index()).copied().flatten() {
                Some(zone) => self.eval_set(zone, pos, &Self::still(us)),
                None => self.programs.all,
            };
            kinds.push((kind, zone.intersection(&gates)));
        }
        if kinds.is_empty() {
            return;
        }
        let plain = out.len();
        for i in 0..plain {
            let mv = out[i];
            let squares = match mv.kind {
                MoveKind::Drop(_) | MoveKind::Pass => continue,
                MoveKind::Castle(index) => {
                    let rule = self.castling.rule(index);
                    let mut squares = [Some(rule.king_from), Some(rule.rook_from)];
                    // A gate the king or the rook lands on stays shut.
                    for sq in squares.iter_mut() {
                        if sq.is_some_and(|s| s == rule.king_to || s == rule.rook_to) {
                            *sq = None;
                        }
                    }
                    squares
                }
                _ => [Some(mv.from), None],
            };
            for sq in squares.into_iter().flatten() {
                for &(kind, zone) in &kinds {
                    if zone.contains(sq) {
                        out.push(Move {
                            gate: Some(Gate { kind, square: sq }),
                            ..mv
                        });
                    }
                }
            }
        }
    }
}

impl Position {
    /// Gates the piece of `gate` in for `us` (from its hand), after the
    /// move left its square; without pieces in hand and none to come
    /// (captures go to no hand), the side's rights lapse, as
    /// Fairy-Stockfish lets them.
    pub(super) fn gate_in<T: Trace>(&mut self, variant: &Variant, us: Color, gate: Gate, trace: &mut T) {
        let held_kind = variant.hands.captured_as(gate.kind);
        if let Some(slot) = variant.hands.slot(held_kind) {
            let held = &mut self.hands[us as usize][slot as usize];
            *held = held.saturating_sub(1);
        }
        let piece = Cell::piece(gate.kind, us);
        self.set(variant, gate.square, piece);
        trace.record(Event::Dropped { piece, at: gate.square });
        self.lapse_gates(variant, us);
    }

    /// Takes away `us`'s gating rights when its hand is empty and captures
    /// fill no hand: no piece could ever gate again.
    pub(super) fn lapse_gates(&mut self, variant: &Variant, us: Color) {
        let Some(drops) = &variant.programs.drops else { return };
        if drops.captures_to_hand || drops.free || self.hands[us as usize].iter().any(|&n| n > 0) {
            return;
        }
        self.gates = self.gates.difference(&self.occupied[us as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::square::Square;

    /// Whether `side`'s piece on `sq` holds a gating right.
    fn holds_gate(pos: &Position, side: Color, sq: Square) -> bool {
        pos.gates.contains(sq) && pos.cell(sq).is_side(side)
    }

    const SEIRAWAN: &str = r#"(
        extends: "chess",
        name: "Gating test",
        pieces: [
            (name: "hawk", letter: 'H', moves: "BN"),
            (name: "elephant", letter: 'E', moves: "RN"),
        ],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
        drops: (captures_to_hand: false, gating: true, drop_moves: false),
    )"#;

    #[test]
    fn every_move_off_a_gate_may_bring_a_piece_in() {
        let v = Variant::from_text("gating.ron", SEIRAWAN).unwrap();
        let start = v.start_position();
        assert!(holds_gate(&start, Color::White, Square::new(1)));
        // 20 moves, and each of the four knight moves also with H or E.
        assert_eq!(v.legal_moves(&start).len(), 28);
    }
}
