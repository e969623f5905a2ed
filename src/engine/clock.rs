//! The move-rule clock: which moves reset it, as the variant's
//! `clock_resets` says (docs/format.md, The move-rule clock). A pawn-like
//! piece's move resets it only where the piece cannot undo it, as in
//! Fairy-Stockfish.

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::compile::tables::{HOPS, QUIET, SETS_EN_PASSANT};

/// What the move rule's clock needs to know from before a move: the
/// moving piece, and, in a variant with effects, how many pieces stand on
/// the board (an effect that removes one resets it too, as does one that
/// moves a pawn-like piece: the interpreter tells that).
pub(super) struct Before {
    /// The moving piece, before it moved (empty for a pass or an action
    /// from an empty square).
    moving: Cell,
    /// Pieces on the board (with effects only).
    pieces: u32,
}

impl Before {
    #[inline]
    pub(super) fn take(pos: &Position, variant: &Variant, moving: Cell) -> Before {
        Before {
            moving,
            pieces: if variant.programs.any_effects {
                pos.occupied[0].len() + pos.occupied[1].len()
            } else {
                0
            },
        }
    }

    /// Whether `mv` resets the clock, `pos` being the position after it;
    /// `captured`: the move took a piece, `pushed_pawn`: an effect moved a
    /// pawn-like piece.
    #[inline]
    pub(super) fn resets_clock(
        &self,
        pos: &Position,
        variant: &Variant,
        mv: &Move,
        captured: bool,
        pushed_pawn: bool,
    ) -> bool {
        let c = variant.clock;
        let removed = || {
            captured || (variant.programs.any_effects && pos.occupied[0].len() + pos.occupied[1].len() < self.pieces)
        };
        if c.captures && removed() {
            return true;
        }
        let moving = self.moving.is_piece().then(|| self.moving.kind());
        match mv.kind {
            MoveKind::Drop(_) => return c.drops,
            MoveKind::Pass => return c.passes,
            _ => {}
        }
        if let Some(to) = mv.promotion {
            let promoted_form = moving.is_some_and(|k| variant.pieces.info(to).promoted_from == Some(k));
            let demotion = moving.is_some_and(|k| variant.pieces.info(k).promoted_from == Some(to));
            if (promoted_form && c.promoted_forms) || (!promoted_form && !demotion && c.promotions) {
                return true;
            }
        }
        if !c.pawn_moves {
            return false;
        }
        pushed_pawn
            || moving.is_some_and(|k| {
                variant.pieces.pawns(self.moving.color()).contains(k)
                    && !variant.undoes(k, self.moving.color(), mv.to, mv.from, mv.kind)
            })
    }
}

impl Variant {
    /// Whether `kind` of `side` may move back from `to` to `from` by a
    /// quiet move that is not an initial one, on an empty board: the move
    /// `from`-`to` of kind `moved` is reversible. Castling and actions
    /// never are.
    fn undoes(&self, kind: Kind, side: Color, to: Square, from: Square, moved: MoveKind) -> bool {
        if !matches!(
            moved,
            MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant
        ) {
            return false;
        }
        let t = &self.moves;
        let slot = t.slot(kind, side, to);
        let back = |flags: u8| flags & QUIET != 0 && flags & (SETS_EN_PASSANT | HOPS) == 0;
        t.leaps[slot.leaps as usize..slot.leaps_end as usize]
            .iter()
            .any(|leap| leap.to == from && back(leap.flags))
            || t.rides[slot.rides as usize..slot.rides_end as usize]
                .iter()
                .any(|ride| back(ride.flags) && t.run(ride.ray, ride.len).contains(&from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pawns that step forward, sideways, or (the `R` piece) ride back.
    fn variant() -> Variant {
        let text = r#"(
            extends: "chess",
            name: "Reversible pawns",
            castling: [],
            pieces: [
                (letter: 'P', name: "pawn", moves: "fmWsmWfceFifmnD", pawn: true),
                (letter: 'R', name: "rook", moves: "R", pawn: true),
            ],
            start: "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1",
        )"#;
        Variant::from_text("reversible.ron", text).unwrap()
    }

    fn sq(v: &Variant, name: &str) -> Square {
        v.geometry.parse_square(name).unwrap()
    }

    #[test]
    fn a_move_is_undone_only_by_a_quiet_move_that_is_not_an_initial_one() {
        let v = variant();
        let kind = |letter| Kind::from_index(v.pieces().iter().position(|p| p.letter == letter).unwrap());
        let (p, r) = (kind('P'), kind('R'));
        let undoes = |k, from, to, moved| v.undoes(k, Color::White, sq(&v, to), sq(&v, from), moved);
        assert!(undoes(p, "e2", "d2", MoveKind::Quiet), "sideways and back");
        assert!(!undoes(p, "e2", "e3", MoveKind::Quiet), "no step back");
        assert!(!undoes(p, "e2", "e4", MoveKind::Initial));
        assert!(undoes(r, "a1", "a7", MoveKind::Quiet), "a ride back over empty squares");
        assert!(
            undoes(r, "a1", "a7", MoveKind::Capture),
            "a capture resets the clock anyway"
        );
        assert!(!undoes(r, "a1", "a1", MoveKind::Pass), "nothing undoes a pass");
    }
}
