//! Bounces found without playing the move: where the variant's one rule
//! is a bounce away from the mover of the pieces near its landing square,
//! the pieces that could bounce, where they go and whether a bounce leaves
//! a royal piece of the mover attacked are read off the board before it.

use crate::base::piece::Cell;
use crate::base::square::{Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::Op;
use crate::engine::context::Context;
use crate::engine::moves::{Choice, ChoiceKind, Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::set_ops::intersection;

/// What judging the bounces after plain moves reads once per position.
pub(super) struct BounceJudge {
    /// Moves are judged at all (by `keep`).
    judges: bool,
    /// A move that removes no royal piece of the side to move and leaves
    /// none attacked passes the legality clauses.
    decides: bool,
    /// Some legality clause is `own royal not attacked`: without one, with
    /// `decides`, every such move passes.
    check: bool,
    /// The lines of the side to move's one royal piece, when it has one,
    /// no hopper attacks and it is not attacked now.
    lines: Option<RoyalLines>,
}

/// The squares around a royal piece through which attacks reach it.
struct RoyalLines {
    royal: Square,
    /// Squares of the attack rays towards it.
    lines: SquareSet,
    /// Squares of lame leaps' paths towards it: emptying one may open an
    /// attack.
    exposure: SquareSet,
    /// Squares leaps to it start from.
    leap_from: SquareSet,
}

impl BounceJudge {
    pub(super) fn new(variant: &Variant, pos: &Position, judges: bool, decides: bool) -> BounceJudge {
        let check = variant.has_check();
        let us = pos.side;
        let them = us.flip();
        let royals = pos.royals[us as usize];
        let t = &variant.attacks;
        let lines = (judges
            && decides
            && check
            && royals.len() == 1
            && !t.has_hops
            && !t.has_hop_leaps
            && !variant.pieces.has_limits())
        .then(|| royals.iter().next())
        .flatten()
        .filter(|&royal| !variant.is_attacked(pos, royal, them))
        .map(|royal| {
            let slot = t.slot(them, royal);
            let mut lines = SquareSet::EMPTY;
            for set in &t.ray_sets[slot.rays as usize..slot.rays_end as usize] {
                lines = lines.union(set);
            }
            let mut leap_from = SquareSet::EMPTY;
            for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                leap_from.insert(leap.from);
            }
            RoyalLines {
                royal,
                lines,
                exposure: t.leap_exposure[them as usize * t.board_squares + royal.index()],
                leap_from,
            }
        });
        BounceJudge {
            judges,
            decides,
            check,
            lines,
        }
    }
}

impl Variant {
    /// False when `mv` surely asks for nothing: the variant's one rule is a
    /// bounce away from the mover of pieces near it, `mv` is a plain move,
    /// and after it no piece within reach of its landing square could step
    /// directly away from it (each such square off the board or taken).
    /// Found without playing the move; true when unsure.
    #[inline]
    pub(super) fn may_bounce_after(&self, pos: &Position, mv: &Move) -> bool {
        let Some(reach) = self.programs.bounce_reach else {
            return true;
        };
        if !mv.choices.is_empty()
            || !matches!(
                mv.kind,
                MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant
            )
        {
            return true;
        }
        let g = self.geometry;
        let (from, to) = (mv.from, mv.to);
        // A square the move empties: its origin, an en passant victim's.
        let vacated = |sq: Square| sq == from || (mv.kind == MoveKind::EnPassant && sq == pos.ep_victim);
        let mut near = pos.occupied[0].union(&pos.occupied[1]);
        near = intersection(near, self.programs.areas[reach as usize][to.index()]);
        near.remove(from);
        near.remove(to);
        near.iter().any(|sq| {
            let step = ((g.file(sq) - g.file(to)).signum(), (g.rank(sq) - g.rank(to)).signum());
            g.offset(sq, step.0, step.1)
                .is_some_and(|dest| pos.cell(dest).is_empty() || vacated(dest))
        })
    }

    /// The bounces after the plain move `mv`, found and judged without
    /// playing it, where the variant's one rule is a bounce of a set fixed
    /// by the move's squares away from the mover, with nothing to stop it
    /// (`Programs::bounce_direct`). The board after `mv` is `pos` with its
    /// origin (and an en passant victim's square) empty and its target
    /// holding the moved piece: the pieces the bounce may pick, their
    /// destinations and, with `judge.decides`, whether a royal piece of the
    /// mover is attacked after move and bounce are read from that board. A
    /// bounce that leaves one attacked is judged by `keep` (played); a move
    /// whose bounce may promote is left to the slow path (`None`). Appends
    /// the bounced moves `keep` accepts and returns whether `mv` itself (the
    /// bounce declined: a plain move) is accepted, as `complete` does.
    pub(super) fn direct_bounces(
        &self,
        pos: &Position,
        mv: Move,
        judge: &BounceJudge,
        out: &mut Vec<Move>,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) -> Option<bool> {
        let p = &self.programs;
        let (reach, Op::Bounce { set, promote, .. }) = (p.bounce_reach?, p.after_move[0].ops[0]) else {
            return None;
        };
        if !mv.choices.is_empty()
            || mv.controller.is_some()
            || !matches!(
                mv.kind,
                MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant
            )
        {
            return None;
        }
        let (from, to) = (mv.from, mv.to);
        let moving = pos.cell(from);
        if !moving.is_piece() {
            return None;
        }
        // A square the move empties besides its origin: an en passant victim's.
        let victim = if mv.kind == MoveKind::EnPassant {
            pos.ep_victim
        } else {
            from
        };
        let n = self.geometry.squares();
        let away = &p.bounce_away[to.index() * n..(to.index() + 1) * n];
        // Where the piece on `sq` would go: one step away from the mover, to
        // a square empty after the move.
        let destination = |sq: Square| {
            let dest = away[sq.index()];
            (dest != sq && (dest == from || dest == victim || (dest != to && pos.cell(dest).is_empty())))
                .then_some(dest)
        };
        let mut movable = intersection(
            pos.occupied[0].union(&pos.occupied[1]),
            p.areas[reach as usize][to.index()],
        );
        movable.remove(from);
        movable.remove(to);
        movable.remove(victim);
        if !movable.is_empty() && !p.bounce_whole_reach {
            // The set is fixed by the move's squares: read on `pos`, it is
            // what the rule reads after the move.
            let ctx = Context {
                side: moving.color(),
                origin: from,
                target: to,
                mover: to,
            };
            movable = intersection(movable, self.eval_set(set, pos, &ctx));
        }
        if promote
            && movable
                .iter()
                .any(|sq| destination(sq).is_some_and(|dest| self.may_promote_on_bounce(pos, sq, dest)))
        {
            return None;
        }
        let complete = !judge.judges || keep(&mv, None);
        if movable.is_empty() {
            return Some(complete);
        }
        let us = moving.color();
        let moved = match mv.promotion {
            Some(kind) => Cell::piece(kind, us),
            None => moving,
        };
        let lines = judge.lines.as_ref().filter(|l| from != l.royal);
        for sq in movable.iter() {
            let Some(dest) = destination(sq) else { continue };
            let choice = Choice {
                piece: sq,
                to: dest,
                kind: ChoiceKind::Piece,
            };
            let Some(choices) = mv.choices.with(choice) else {
                continue;
            };
            let next = Move { choices, ..mv };
            let accepted = !judge.judges
                || (judge.decides && (!judge.check || !self.bounce_exposes(pos, lines, mv, victim, moved, sq, dest)))
                || keep(&next, None);
            if accepted {
                out.push(next);
            }
        }
        Some(complete)
    }

    /// Whether a royal piece of the side making the plain move `mv` is
    /// attacked on the board `mv` leaves (its origin and `victim` empty,
    /// its target holding `moved`) once the piece on `sq` has bounced to
    /// `dest`. With `lines` (the side's one royal piece, unattacked now and
    /// not moved by `mv`), only the attack rays through a square the move
    /// and bounce empty, or through `dest` when the bounced piece is an
    /// enemy, are walked: filling a square with a friendly piece only
    /// blocks, emptying one off the rays and lame leaps' paths opens none.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn bounce_exposes(
        &self,
        pos: &Position,
        lines: Option<&RoyalLines>,
        mv: Move,
        victim: Square,
        moved: Cell,
        sq: Square,
        dest: Square,
    ) -> bool {
        let (from, to) = (mv.from, mv.to);
        let us = moved.color();
        let bounced = pos.cell(sq);
        let cell = |s: Square| {
            if s == dest {
                bounced
            } else if s == to {
                moved
            } else if s == sq || s == from || s == victim {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        if let Some(l) = lines
            && sq != l.royal
        {
            let enemy = !bounced.is_side(us);
            let mut touched = SquareSet::EMPTY;
            touched.insert(from);
            touched.insert(victim);
            touched.insert(sq);
            let leaps_change = touched.intersects(&l.exposure) || (enemy && l.leap_from.contains(dest));
            if !leaps_change {
                if enemy {
                    touched.insert(dest);
                }
                if !touched.intersects(&l.lines) {
                    return false;
                }
                let t = &self.attacks;
                let them = us.flip();
                let slot = t.slot(them, l.royal);
                let (first, last) = (slot.rays as usize, slot.rays_end as usize);
                return t.rays[first..last]
                    .iter()
                    .zip(&t.ray_sets[first..last])
                    .any(|(ray, set)| {
                        set.intersects(&touched)
                            && t.run(ray.ray, ray.len)
                                .iter()
                                .map(|&s| cell(s))
                                .find(|c| !c.is_empty())
                                .is_some_and(|c| c.is_side(them) && ray.kinds.contains(c.kind()))
                    });
            }
        }
        pos.royals[us as usize].iter().any(|r| {
            let r = if r == from {
                to
            } else if r == sq {
                dest
            } else {
                r
            };
            // A bounce may move their pieces: no set narrows the search.
            self.attacked(cell, &SquareSet::FULL, r, us.flip())
        })
    }
}
