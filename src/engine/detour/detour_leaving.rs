//! Which own pieces, leaving their squares, let the enemy attack a royal
//! piece by a detour (see `Variant::detour_leaving`), on a board of at
//! most 64 squares where no piece hops. No royal piece is attacked now,
//! so a piece's leaving opens an attacker's detour only where the detour
//! reads its square: the attacker's first leg (the squares its plain slot
//! for the royal kind moves over, or every square where the slot is not
//! plain) or its second leg towards the royal piece (each ray of the
//! attacker's kind: its first piece, and the one behind where that is
//! the enemy's, as in `detour_exposure`; lame leaps' paths). Only those
//! (attacker, leaving piece) pairs are tested, each with the leaving
//! square empty; the others stay as they are, not attacking.

use super::super::position::Position;
use super::taken_squares;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::MoveFilters;
use crate::compile::tables::QUIET;

/// The most attacker kinds whose second legs' squares are kept.
const KINDS: usize = 16;

impl Variant {
    /// Of `leaving` (own non-royal pieces' squares), those whose piece,
    /// leaving, lets `by` attack a royal piece on `royals` by a detour,
    /// with no royal piece attacked now (see the module); `None` where an
    /// attacker's kind is past the table or a ray runs neither way (the
    /// general path's to answer).
    pub(super) fn detour_leaving_words(
        &self,
        pos: &Position,
        royals: &SquareSet,
        by: Color,
        leaving: u64,
    ) -> Option<u64> {
        let theirs = pos.occupied[by as usize].0[0];
        let taken = taken_squares(pos).0[0];
        let (kinds, n) = (self.pieces.len(), self.attacks.board_squares);
        let mut out = 0u64;
        for sq in royals.iter() {
            let victim = pos.board[sq.index()];
            let reads = self.second_leg_reads(pos, sq, by, taken)?;
            let mut attackers = theirs;
            while attackers != 0 && leaving & !out != 0 {
                let a = Square::from_index(attackers.trailing_zeros() as usize);
                attackers &= attackers - 1;
                let kind = pos.board[a.index()].kind();
                let reach = &self.programs.filters.detour_reach
                    [MoveFilters::detour_index(kinds, n, by, kind, victim.kind(), a)];
                if !reach.contains(sq) {
                    continue;
                }
                let second = *reads.get(kind.index())?;
                let mut touched = leaving & !out & (second | self.first_leg_reads(victim, a));
                while touched != 0 {
                    let f = Square::from_index(touched.trailing_zeros() as usize);
                    touched &= touched - 1;
                    if self.opens_detour(pos, a, f, sq, by, taken) {
                        out |= 1 << f.index();
                    }
                }
            }
        }
        Some(out)
    }

    /// Whether `by`'s piece on `a` attacks the piece of the other side
    /// on `sq` by a detour once the piece on `f` has left (`taken` the
    /// board's pieces and blocked squares): both legs a word at a time,
    /// else the general test of that one attacker.
    fn opens_detour(&self, pos: &Position, a: Square, f: Square, sq: Square, by: Color, taken: u64) -> bool {
        let (attacker, victim) = (pos.board[a.index()], pos.board[sq.index()]);
        let rest = taken & !(1 << f.index()) & !(1 << a.index());
        let words = self
            .quiet_words(victim.kind(), victim.color(), a, rest)
            .and_then(|first| self.attacked_from_words(rest, first, sq, by, attacker.kind(), victim.kind()));
        words.unwrap_or_else(|| {
            let board = |s: Square| if s == f { Cell::EMPTY } else { pos.board[s.index()] };
            let mut only = SquareSet::EMPTY;
            only.insert(a);
            self.detour_attacked_on(&board, &only, taken & !(1 << f.index()), sq, by, |_, _| true)
        })
    }

    /// The squares the first leg of a detour from `a` as `victim` moves
    /// reads: its slot's quiet leaps' ends and quiet rides' squares, every
    /// square where those are not plain (see `Slot::quiet_plain`).
    #[inline]
    fn first_leg_reads(&self, victim: Cell, a: Square) -> u64 {
        let t = &self.moves;
        let index = t.slot_index(victim.kind(), victim.color(), a);
        let slot = t.slots[index];
        if !slot.quiet_plain {
            return u64::MAX;
        }
        let mut out = t.leap_sets[index].quiet.0[0];
        let rides = slot.rides as usize..slot.rides_end as usize;
        for (ride, on_ray) in t.rides[rides.clone()].iter().zip(&t.ride_sets[rides]) {
            if ride.flags & QUIET != 0 {
                out |= on_ray.0[0];
            }
        }
        out
    }

    /// Per attacking kind (`KINDS` of them), the squares whose emptying
    /// may change the second leg of `by`'s detours towards `sq`: the
    /// paths of lame leaps, and along each ray of the kind its first
    /// piece and, where that is one of `by`'s (whose own square its
    /// detour leaves empty), the next; `None` where a ray runs neither way
    /// or a kind is past the table.
    fn second_leg_reads(&self, pos: &Position, sq: Square, by: Color, taken: u64) -> Option<[u64; KINDS]> {
        let t = &self.attacks;
        let index = t.slot_index(by, sq);
        let theirs = pos.occupied[by as usize].0[0];
        let mut out = [0u64; KINDS];
        let mut add = |kinds: u64, squares: u64| -> Option<()> {
            if kinds >> KINDS != 0 {
                return None;
            }
            let mut kinds = kinds;
            while kinds != 0 {
                out[kinds.trailing_zeros() as usize] |= squares;
                kinds &= kinds - 1;
            }
            Some(())
        };
        for leap in t.lame_leaps_of(index) {
            let path = t.run(leap.path, leap.path_len);
            add(leap.kinds.bits(), path.iter().fold(0, |w, s| w | 1 << s.index()))?;
        }
        let slot = t.slots[index];
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            let stops = on_ray.0[0] & taken;
            let (first, second) = match ray.order {
                0 => return None,
                o if o > 0 => {
                    let first = stops & stops.wrapping_neg();
                    let behind = stops & !first;
                    (first, behind & behind.wrapping_neg())
                }
                _ => {
                    let first = if stops == 0 {
                        0
                    } else {
                        1 << (63 - stops.leading_zeros())
                    };
                    let behind = stops & !first;
                    (
                        first,
                        if behind == 0 {
                            0
                        } else {
                            1 << (63 - behind.leading_zeros())
                        },
                    )
                }
            };
            add(
                ray.kinds.bits(),
                if first & theirs != 0 { first | second } else { first },
            )?;
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{MAKE_AND_TAKE, along_random_games};
    use crate::base::square::SquareSet;
    use crate::compile::Variant;

    /// The pieces whose leaving opens a detour, found by the squares each
    /// attacker's detour reads, are those found by trying each leaving
    /// piece against every attacker (`detour_by_victim` off): of the
    /// detour's exposure and of every own piece, on positions along
    /// seeded random games where the side to move is not in check.
    #[test]
    fn pieces_leaving_found_by_attacker_are_the_general_paths() {
        let fast = Variant::from_text("detours.ron", MAKE_AND_TAKE).unwrap();
        assert!(fast.programs.filters.detour_by_victim);
        let mut slow = fast.clone();
        slow.programs.filters.detour_by_victim = false;
        let (mut compared, mut found) = (0, 0);
        along_random_games(&fast, 0x1eaf, 16, 100, |game, ply, pos, played| {
            let us = pos.side;
            let royals = pos.royals[us as usize];
            if royals.iter().any(|sq| fast.is_attacked(pos, sq, us.flip())) {
                return;
            }
            let exposure = (royals.iter()).fold(SquareSet::EMPTY, |e, sq| {
                e.union(&fast.detour_exposure(pos, sq, us.flip()))
            });
            for exposure in [exposure, pos.occupied[us as usize]] {
                let leaving = fast.detour_leaving(pos, &royals, us.flip(), exposure);
                let expected = slow.detour_leaving(pos, &royals, us.flip(), exposure);
                assert_eq!(leaving, expected, "{game}/{ply} after {played:?}");
                compared += 1;
                found += usize::from(!leaving.is_empty());
            }
        });
        assert!(
            compared > 1000 && found > 200,
            "{compared} compared, {found} with a piece leaving"
        );
    }
}
