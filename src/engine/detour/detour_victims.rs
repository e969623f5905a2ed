//! A position's detour captures with the second legs worked out per
//! victim (see `engine::detour`), where no piece hops and the board has
//! at most 64 squares (`MoveFilters::detour_by_victim`): for each enemy
//! piece, once, the squares from which a piece of each of the mover's
//! kinds attacks it (the leaps' origins, each ray up to its first piece)
//! and the squares whose emptying could change that (each ray's first
//! piece, the lame leaps' paths). A mover then takes a victim where its
//! first leg's ends meet that set, unless it stands on one of those
//! squares itself: then, as where a ray runs neither way, the second leg
//! is tested with the mover's square empty (`attacked_from_words`). A
//! mover whose first leg, on the empty board, meets none of the squares
//! from which its kind attacks a victim of a kind (and that stands on none
//! of the squares that could change them) takes none of that kind, and
//! its first leg is not worked out. En passant, by a kind that takes so
//! (`MoveFilters::detour_en_passant`), is the general path's.

use super::super::moves::{Move, MoveKind};
use super::super::position::Position;
use super::taken_squares;
use crate::base::piece::Kind;
use crate::base::square::{Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::MoveFilters;
use std::cell::RefCell;

/// The kinds the tables hold (`0..KINDS`): a position with a piece of
/// another kind takes the general path.
const KINDS: usize = 16;
/// The most squares (a board of at most 64).
const SQUARES: usize = 64;

/// The second legs towards each enemy piece (see the module), worked out
/// for each position: rows by the victim's square, columns by the
/// attacker's kind. Kept per thread, so that no position clears it: only
/// the rows and kinds of the position's pieces are written and read.
struct SecondLegs {
    /// Per victim and attacker kind: where such an attacker attacks it.
    from: [[u64; KINDS]; SQUARES],
    /// Per victim: the squares whose emptying could change its row.
    moved: [u64; SQUARES],
    /// Per victim kind and attacker kind: the union of its victims' rows,
    /// less the squares that hold a piece (a first leg ends on an empty
    /// square: the movers' prefilter).
    any: [[u64; KINDS]; KINDS],
    /// Per victim kind: the union of its victims' `moved`, every square
    /// where one has a ray running neither way.
    near: [u64; KINDS],
    /// The victims with a ray running neither way (no row: each mover
    /// tested alone).
    unordered: u64,
    /// The kinds of the side to move (bit `k` for kind `k`).
    ours: u64,
}

thread_local! {
    static LEGS: RefCell<SecondLegs> = const {
        RefCell::new(SecondLegs {
            from: [[0; KINDS]; SQUARES],
            moved: [0; SQUARES],
            any: [[0; KINDS]; KINDS],
            near: [0; KINDS],
            unordered: 0,
            ours: 0,
        })
    };
}

/// A position's enemy pieces by kind, and what the movers' loop reads.
struct Victims {
    /// Per kind: its enemy pieces' squares.
    of_kind: [u64; KINDS],
    /// The kinds of the enemy pieces.
    kinds: u64,
    /// The board's pieces and blocked squares.
    taken: u64,
}

impl Variant {
    /// The detour captures of the side to move appended to `out` by
    /// victims (see the module), in the order of `detour_captures_in`;
    /// false, with nothing appended, where a piece's kind is past the
    /// tables.
    pub(super) fn detour_captures_by_victim(&self, pos: &Position, out: &mut Vec<Move>) -> bool {
        let us = pos.side;
        self.detour_captures_found(pos, &mut |from, kind, targets, en_passant| {
            let promotes_on = self.promotion_targets(kind, us, from);
            push_all(self, pos, out, promotes_on, kind, from, targets, MoveKind::Capture);
            push_all(self, pos, out, promotes_on, kind, from, en_passant, MoveKind::EnPassant);
        })
    }

    /// [`detour_captures_by_victim`](Self::detour_captures_by_victim)
    /// with each mover's captures of a kind handed to `found` (the mover's
    /// square and kind, the capture targets, the en passant targets; never
    /// both empty) instead of pushed, in the same order; false, having
    /// handed nothing, where a piece's kind is past the tables. Perft's
    /// last ply counts them so (`leaf_count::detour_count`).
    pub(crate) fn detour_captures_found(&self, pos: &Position, found: &mut impl FnMut(Square, Kind, u64, u64)) -> bool {
        let us = pos.side;
        let them = us.flip();
        // The side's kinds and the enemy's pieces by kind.
        let mut ours = 0u64;
        let mut w = pos.occupied[us as usize].0[0];
        while w != 0 {
            ours |= 1 << pos.board[w.trailing_zeros() as usize].kind().index();
            w &= w - 1;
        }
        let mut victims = Victims {
            of_kind: [0; KINDS],
            kinds: 0,
            taken: taken_squares(pos).0[0],
        };
        let mut w = pos.occupied[them as usize].0[0];
        while w != 0 {
            let sq = w.trailing_zeros() as usize;
            let kind = pos.board[sq].kind().index();
            if kind >= KINDS {
                return false;
            }
            victims.kinds |= 1 << kind;
            victims.of_kind[kind] |= 1 << sq;
            w &= w - 1;
        }
        if ours >> KINDS != 0 {
            return false;
        }
        LEGS.with(|legs| {
            let Ok(mut legs) = legs.try_borrow_mut() else {
                return false;
            };
            legs.unordered = 0;
            legs.ours = ours;
            self.captures_by_victim(pos, found, &victims, &mut legs);
            true
        })
    }

    /// [`detour_captures_by_victim`](Self::detour_captures_by_victim)'s
    /// loop over the movers and the victims' kinds.
    fn captures_by_victim(
        &self,
        pos: &Position,
        found: &mut impl FnMut(Square, Kind, u64, u64),
        victims: &Victims,
        legs: &mut SecondLegs,
    ) {
        let us = pos.side;
        let them = us.flip();
        let f = &self.programs.filters;
        let ep_victim = pos.board[pos.ep_victim.index()];
        let ep_kind = (!pos.ep_targets.is_empty() && ep_victim.is_side(them)).then(|| ep_victim.kind());
        let mut kinds = victims.kinds;
        while kinds != 0 {
            self.second_legs(pos, legs, victims, kinds.trailing_zeros() as usize);
            kinds &= kinds - 1;
        }
        let mut w = pos.occupied[us as usize].0[0];
        while w != 0 {
            let from = Square::from_index(w.trailing_zeros() as usize);
            w &= w - 1;
            let mover = pos.board[from.index()];
            let column = mover.kind().index() % KINDS;
            let takes_en_passant = f.detour_en_passant.contains(mover.kind());
            let mut kinds = victims.kinds;
            while kinds != 0 {
                let kind = Kind::new(kinds.trailing_zeros() as u8);
                kinds &= kinds - 1;
                let k = kind.index() % KINDS;
                let ep_open = takes_en_passant && ep_kind == Some(kind);
                // No first leg's end, on the empty board, attacks a victim
                // of the kind, and the mover's leaving changes no second leg.
                let at = self.moves.slot_index(kind, them, from);
                if !ep_open
                    && f.detour_quiet_reach[at].0[0] & legs.any[k][column] == 0
                    && legs.near[k] & 1 << from.index() == 0
                {
                    continue;
                }
                let taken = if ep_open {
                    None
                } else {
                    self.victims_taken(pos, legs, victims, from, mover.kind(), kind)
                };
                let (targets, en_passant) = match taken {
                    Some(taken) => (taken, 0),
                    None => {
                        let set = SquareSet([victims.of_kind[k], 0, 0, 0]);
                        let (t, e) = self.detour_targets(pos, from, mover, kind, set, victims.taken, ep_open);
                        (t.0[0], e.0[0])
                    }
                };
                if targets | en_passant != 0 {
                    found(from, mover.kind(), targets, en_passant);
                }
            }
        }
    }

    /// The enemy pieces of `kind` a piece of `mover` on `from` takes by a
    /// detour, its second legs read from `legs` (the kind's rows worked
    /// out); `None` where some test gives no answer a word at a time
    /// (the general path's to give).
    #[inline(always)]
    fn victims_taken(
        &self,
        pos: &Position,
        legs: &SecondLegs,
        victims: &Victims,
        from: Square,
        mover: Kind,
        kind: Kind,
    ) -> Option<u64> {
        let us = pos.side;
        if self.pieces.has_limits() && self.pieces.cannot_capture(mover).contains(kind) {
            return Some(0);
        }
        let (kinds, n) = (self.pieces.len(), self.attacks.board_squares);
        let reach = &self.programs.filters.detour_reach[MoveFilters::detour_index(kinds, n, us, mover, kind, from)];
        let mut targets = victims.of_kind[kind.index() % KINDS] & reach.0[0];
        if targets == 0 {
            return Some(0);
        }
        let rest = victims.taken & !(1 << from.index());
        let first = self.quiet_words(kind, us.flip(), from, rest)?;
        if first == 0 {
            return Some(0);
        }
        let mut found = 0u64;
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let hit = if legs.moved[t] & 1 << from.index() != 0 || legs.unordered & 1 << t != 0 {
                self.attacked_from_words(rest, first, Square::from_index(t), us, mover, kind)?
            } else {
                legs.from[t][mover.index() % KINDS] & first != 0
            };
            if hit {
                found |= 1 << t;
            }
        }
        Some(found)
    }

    /// Works out `legs`' rows of the enemy pieces of kind `k` and their
    /// unions (see [`SecondLegs`]).
    fn second_legs(&self, pos: &Position, legs: &mut SecondLegs, victims: &Victims, k: usize) {
        let (mut any, mut near) = ([0u64; KINDS], 0u64);
        let mut w = victims.of_kind[k];
        while w != 0 {
            let t = w.trailing_zeros() as usize;
            w &= w - 1;
            self.second_leg_row(pos, legs, Square::from_index(t), victims.taken);
            for (any, seen) in any.iter_mut().zip(&legs.from[t]) {
                *any |= seen;
            }
            near |= legs.moved[t];
            if legs.unordered & 1 << t != 0 {
                near = u64::MAX;
            }
        }
        let pieces = pos.occupied[0].0[0] | pos.occupied[1].0[0];
        for any in &mut any {
            *any &= !pieces;
        }
        legs.any[k] = any;
        legs.near[k] = near;
    }

    /// Works out `legs`' row of the victim on `sq` (see [`SecondLegs`]),
    /// `taken` the board's pieces and blocked squares.
    fn second_leg_row(&self, pos: &Position, legs: &mut SecondLegs, sq: Square, taken: u64) {
        let t = &self.attacks;
        let ours = legs.ours;
        let mut out = [0u64; KINDS];
        let mut moved = 0u64;
        let index = t.slot_index(pos.side, sq);
        for g in t.leap_groups_of(index) {
            let mut kinds = g.kinds.bits() & ours;
            while kinds != 0 {
                out[kinds.trailing_zeros() as usize % KINDS] |= g.origins.0[0];
                kinds &= kinds - 1;
            }
        }
        for leap in t.lame_leaps_of(index) {
            let mut kinds = leap.kinds.bits() & ours;
            if kinds == 0 {
                continue;
            }
            let path = t.run(leap.path, leap.path_len);
            let open = path.iter().all(|&s| taken & 1 << s.index() == 0);
            for &s in path {
                moved |= 1 << s.index();
            }
            while open && kinds != 0 {
                out[kinds.trailing_zeros() as usize % KINDS] |= 1 << leap.from.index();
                kinds &= kinds - 1;
            }
        }
        let slot = t.slots[index];
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            let mut kinds = ray.kinds.bits() & ours;
            if kinds == 0 {
                continue;
            }
            let on_ray = on_ray.0[0];
            let stops = on_ray & taken;
            let seen = match ray.order {
                0 => {
                    legs.unordered |= 1 << sq.index();
                    0
                }
                o if o > 0 && stops != 0 => {
                    let first = stops.trailing_zeros();
                    moved |= 1 << first;
                    on_ray & (u64::MAX >> (63 - first))
                }
                o if o < 0 && stops != 0 => {
                    let last = 63 - stops.leading_zeros();
                    moved |= 1 << last;
                    on_ray & (u64::MAX << last)
                }
                _ => on_ray,
            };
            while kinds != 0 {
                out[kinds.trailing_zeros() as usize % KINDS] |= seen;
                kinds &= kinds - 1;
            }
        }
        legs.from[sq.index() % SQUARES] = out;
        legs.moved[sq.index() % SQUARES] = moved;
    }
}

/// Pushes a move of `move_kind` from `from` to each square of `to`
/// (lowest first), promoting where the mover does.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn push_all(
    variant: &Variant,
    pos: &Position,
    out: &mut Vec<Move>,
    promotes_on: &SquareSet,
    kind: Kind,
    from: Square,
    mut to: u64,
    move_kind: MoveKind,
) {
    while to != 0 {
        let sq = Square::from_index(to.trailing_zeros() as usize);
        to &= to - 1;
        variant.push_with(pos, out, promotes_on, kind, pos.side, from, sq, move_kind);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{MAKE_AND_TAKE, along_random_games};
    use crate::compile::Variant;
    use crate::engine::moves::MoveKind;

    /// The detour captures generated by victims are the general path's,
    /// in its order (the word-at-a-time test of each mover and victim,
    /// `detour_by_victim` off), on positions along seeded random games,
    /// either side to move, captures and en passant among them.
    #[test]
    fn captures_by_victim_are_the_general_paths() {
        let fast = Variant::from_text("detours.ron", MAKE_AND_TAKE).unwrap();
        assert!(fast.programs.filters.detour_by_victim);
        let mut slow = fast.clone();
        slow.programs.filters.detour_by_victim = false;
        let (mut positions, mut captures, mut en_passant) = (0, 0, 0);
        along_random_games(&fast, 0xb1c7, 16, 100, |game, ply, pos, played| {
            let (mut moves, mut expected) = (Vec::new(), Vec::new());
            fast.generate_pseudo_legal(pos, &mut moves);
            slow.generate_pseudo_legal(pos, &mut expected);
            assert_eq!(moves, expected, "{game}/{ply} after {played:?}");
            positions += 1;
            captures += moves.iter().filter(|m| m.kind == MoveKind::Capture).count();
            en_passant += moves.iter().filter(|m| m.kind == MoveKind::EnPassant).count();
        });
        assert!(
            positions > 1000 && captures > 2000 && en_passant > 0,
            "{positions} positions, {captures} captures, {en_passant} en passant"
        );
    }
}
