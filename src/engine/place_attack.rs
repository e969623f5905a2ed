//! Attacks where placements decide which captures of a royal piece are
//! real (`Programs::placement_attacks`): a check is a capture of the
//! royal piece read backwards, so the royal piece on a square is attacked
//! when some capture the other side could make, played with its rules,
//! leaves its side with fewer royal pieces. Under `else illegal` a
//! capture whose piece finds its square taken is no attack;
//! under `including royal` a royal piece placed back is not lost; under
//! `else remove` a capture elsewhere whose piece lands on the royal piece
//! removes it. The plain attack tables first say which
//! captures could exist; only those are played.

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{HomeOwner, Legal, PlaceBase, PlaceFrom, WhenTaken};

thread_local! {
    static MOVES: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Set while a capture is being played to judge an attack: an attack
    /// asked meanwhile (the probe's own castling asks whether its king is
    /// in check) takes the plain tables, so that two kings in plain check
    /// do not ask each other's castling in turn without end.
    static PROBING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl Variant {
    /// Whether `by` attacks the royal piece on `sq`: the plain attack test,
    /// or where placements decide (see the module), a capture played.
    #[inline]
    pub(crate) fn royal_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        if !self.programs.placement_attacks {
            return self.is_attacked(pos, sq, by);
        }
        self.attacked_by_placement(pos, sq, by)
    }

    #[inline(never)]
    fn attacked_by_placement(&self, pos: &Position, sq: Square, by: Color) -> bool {
        let victim = pos.cell(sq);
        if !victim.is_side(by.flip()) || !self.is_royal(victim.kind()) || PROBING.with(|p| p.get()) {
            return self.is_attacked(pos, sq, by);
        }
        let them = by.flip();
        let mut targets = SquareSet::EMPTY;
        if self.is_attacked(pos, sq, by) {
            targets.insert(sq);
        }
        if self.programs.placement_removes {
            let mut royals = pos.royals[them as usize];
            royals.remove(sq);
            let candidates: SquareSet = match &self.programs.removal_landings {
                // The pieces not royal where a capture of some kind
                // there lands on `sq`, and the royal ones, then each by
                // its kind.
                Some(l) => (pos.occupied[them as usize].difference(&pos.royals[them as usize]))
                    .intersection(&l.sources[them as usize][sq.index()])
                    .union(&royals)
                    .iter()
                    .filter(|&y| l.lands(pos.cell(y), y, sq))
                    .collect(),
                None => (pos.occupied[them as usize].iter())
                    .filter(|&y| y != sq && self.may_place_on(pos, y, sq))
                    .collect(),
            };
            for y in candidates.iter() {
                if self.is_attacked(pos, y, by) {
                    targets.insert(y);
                }
            }
        }
        if targets.is_empty() {
            return false;
        }
        let mut probe = pos.clone();
        if probe.side != by {
            // En passant targets belong to the side to move.
            probe.side = by;
            probe.ep_targets = SquareSet::EMPTY;
        }
        let royals = pos.royals[them as usize].len();
        let loses_royal = |mv: &Move| {
            let mut after = probe.clone();
            after.make(self, *mv);
            !after.last.refused && after.royals[them as usize].len() < royals
        };
        let judge = |moves: &mut Vec<Move>| {
            moves.clear();
            self.generate_pseudo_legal(&probe, moves);
            (moves.iter())
                .filter(|m| matches!(m.kind, MoveKind::Capture | MoveKind::EnPassant) && targets.contains(m.to))
                .any(loses_royal)
        };
        PROBING.with(|p| p.set(true));
        let attacked = MOVES.with(|cell| match cell.try_borrow_mut() {
            Ok(mut moves) => judge(&mut moves),
            Err(_) => judge(&mut Vec::new()),
        });
        PROBING.with(|p| p.set(false));
        attacked
    }

    /// Whether a capture of the piece on `y` may put a piece on `sq` by a
    /// placement that removes what it lands on (when the square depends
    /// on the capturing piece: yes). Where one placement removes and its
    /// square follows from the captured piece, the load's table
    /// (`Programs::removal_landings`) says the same.
    fn may_place_on(&self, pos: &Position, y: Square, sq: Square) -> bool {
        let piece = pos.cell(y);
        let ctx = Self::still(piece.color().flip());
        (self.programs.placements.iter())
            .filter(|p| p.taken == WhenTaken::Remove)
            .any(|p| match (p.who, p.base) {
                (PlaceFrom::Captured, PlaceBase::Home { of, .. }) if of != HomeOwner::Mover => self
                    .place_square(p, pos, &ctx, (piece, Cell::EMPTY, Some((piece, y))), y)
                    .is_some_and(|s| s == sq),
                (PlaceFrom::Captured, PlaceBase::CaptureSquare) => self
                    .place_square(p, pos, &ctx, (piece, Cell::EMPTY, Some((piece, y))), y)
                    .is_some_and(|s| s == sq),
                _ => true,
            })
    }

    /// [`royal_safe_on`](Self::royal_safe_on) where placements decide
    /// attacks: the royal piece moved to `sq` on a copy of the board,
    /// judged there.
    pub(crate) fn royal_safe_by_placement(&self, pos: &Position, from: Square, sq: Square) -> bool {
        let us = pos.side;
        let mut there = pos.clone();
        if sq != from {
            there.clear(sq);
            there.relocate(from, sq);
        }
        let attacked = self.royal_attacked(&there, sq, us.flip());
        let still = Self::still(us);
        self.programs.legal.iter().all(|clause| match *clause {
            Legal::Survives(_) => true,
            Legal::NotAttacked(_) if !attacked => true,
            Legal::NotAttacked(None) => false,
            Legal::NotAttacked(Some(unless)) => self.eval_cond(unless, &there, &still),
            Legal::Forbids(c) => !self.eval_cond(c, &there, &still),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::base::piece::{Cell, Kind};
    use crate::base::square::{Color, Square};
    use crate::compile::Variant;
    use crate::engine::position::Position;

    /// The load's landing table says what the placement computed per
    /// piece and square says, for every kind and side of piece on every
    /// square, and its sources hold every piece not royal that lands.
    #[test]
    fn the_landing_table_agrees_with_the_placement() {
        for base in ["home", "mirror home", "home rank"] {
            let text = format!(
                r#"(extends: "chess", name: "Reborn", rules: ["on capture: place(captured, {base}, else remove)"],
                    legal: ["own royal survives", "own royal not attacked"])"#
            );
            let v = Variant::from_text("reborn.ron", &text).unwrap();
            let l = v
                .programs
                .removal_landings
                .as_ref()
                .expect("one removing placement of a fixed square");
            let g = v.geometry;
            let mut landed = 0;
            for k in 0..v.pieces().len() {
                for side in [Color::White, Color::Black] {
                    let piece = Cell::piece(Kind::from_index(k), side);
                    for y in Square::all(g.squares()) {
                        let mut pos = Position::empty(g);
                        pos.set(&v, y, piece);
                        for sq in Square::all(g.squares()) {
                            let lands = l.lands(piece, y, sq);
                            assert_eq!(lands, v.may_place_on(&pos, y, sq), "{base}: {piece:?} on {y:?}, {sq:?}");
                            // The sources hold every landing of a piece not
                            // royal (of any kind: the kind is read after).
                            let source = l.sources[side as usize][sq.index()].contains(y);
                            assert!(
                                source || !lands || v.is_royal(piece.kind()),
                                "{base}: {piece:?} on {y:?}"
                            );
                            landed += usize::from(lands);
                        }
                    }
                }
            }
            assert!(landed > 0, "{base}");
        }
        // Two placements that remove: no table, each computed.
        let text = r#"(extends: "chess", name: "Twice", rules: ["on capture: place(captured, home, else remove)",
            "on capture: place(captured, mirror home, else remove)"], legal: ["own royal not attacked"])"#;
        assert!(
            Variant::from_text("twice.ron", text)
                .unwrap()
                .programs
                .removal_landings
                .is_none()
        );
    }
}
