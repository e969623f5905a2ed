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
    /// The mover's first piece in square order is pawn-like for it (with
    /// `FirstPawnActions` only).
    first_pawn: bool,
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
            first_pawn: variant.clock.first_pawn_actions && first_is_pawn(pos, variant),
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
            MoveKind::Action(_) if self.first_pawn => return true,
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

/// Whether the side to move's piece on its lowest occupied square (a1,
/// b1, ..., h1, a2, ...) is pawn-like for it: the piece Fairy-Stockfish's
/// notation writes standing still for a wall put up instead of a move.
#[inline]
fn first_is_pawn(pos: &Position, variant: &Variant) -> bool {
    let side = pos.side;
    pos.occupied[side as usize].iter().next().is_some_and(|sq| {
        let cell = pos.board[sq.index()];
        cell.is_piece() && variant.pieces.pawns(side).contains(cell.kind())
    })
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

    /// Chess with a side action that walls any empty square, from
    /// `start`, resetting the clock on `resets`.
    fn walls(start: &str, resets: &str) -> Variant {
        let text = format!(
            r#"(
            extends: "chess",
            name: "Walls",
            castling: [],
            start: "{start}",
            clock_resets: [{resets}],
            actions: [(name: "wall", target: "empty", effect: "block(target)")],
        )"#
        );
        Variant::from_text("walls.ron", &text).unwrap()
    }

    /// The halfmove clock after the side to move's first wall.
    fn after_wall(v: &Variant) -> u32 {
        let mut pos = v.start_position();
        let wall = v
            .legal_moves(&pos)
            .into_iter()
            .find(|m| matches!(m.kind, MoveKind::Action(_)));
        pos.make(v, wall.unwrap());
        pos.halfmove_clock()
    }

    #[test]
    fn an_action_resets_the_clock_where_the_first_piece_in_square_order_is_a_pawn() {
        let with = "Captures, PawnMoves, Promotions, PromotedForms, Drops, FirstPawnActions";
        let without = "Captures, PawnMoves, Promotions, PromotedForms, Drops";
        // Black's a7 pawn (square 48) comes before its e8 king (60).
        let black = "4k3/p7/8/8/8/8/4P3/4K3 b - - 5 9";
        assert_eq!(after_wall(&walls(black, with)), 0);
        assert_eq!(
            after_wall(&walls(black, without)),
            6,
            "actions run the clock on by default"
        );
        // White's e1 king (4) comes before its e2 pawn (12), and a1 (0)
        // before all.
        assert_eq!(after_wall(&walls("4k3/p7/8/8/8/8/4P3/4K3 w - - 5 9", with)), 6);
        assert_eq!(after_wall(&walls("4k3/p7/8/8/8/8/4P3/P3K3 w - - 5 9", with)), 0);
        assert_eq!(after_wall(&walls("4k3/p7/8/8/8/8/4P3/R3K3 w - - 5 9", with)), 6);
    }
}
