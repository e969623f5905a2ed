//! The attack test of a king's move in one machine word: on a board of at
//! most 64 squares, where no hop, `cannot_hop`/`cannot_capture` or move
//! filter reads more than which squares are taken, each ray's first piece
//! is found by one bit scan of the ray's squares met with the board
//! instead of a walk, and the plain leaps are read from their merged
//! origin sets. Whether the test applies is fixed per variant
//! ([`Variant::attacks_in_words`]); elsewhere the general walk decides.

use super::position::Position;
use crate::base::kind_set::KindSet;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square};
use crate::compile::Variant;

impl Variant {
    /// Whether [`attacked_after_leaving_word`](Self::attacked_after_leaving_word)
    /// may stand for the general attack test: no move filter, no
    /// `cannot_hop`/`cannot_capture`, no hop, at most 64 squares.
    #[inline(always)]
    pub(super) fn attacks_in_words(&self) -> bool {
        let t = &self.attacks;
        t.board_squares <= 64 && !(t.has_hops || t.has_hop_leaps || self.pieces.has_limits() || self.has_move_filters())
    }

    /// Whether a piece of `by` attacks `sq` once the square `vacated` is
    /// empty (a king's move from `vacated` to `sq`), as
    /// [`is_attacked_after_leaving`](Self::is_attacked_after_leaving)
    /// judges it, where [`attacks_in_words`](Self::attacks_in_words).
    #[inline]
    pub(super) fn attacked_after_leaving_word(&self, pos: &Position, sq: Square, by: Color, vacated: Square) -> bool {
        let t = &self.attacks;
        let index = t.slot_index(by, sq);
        let slot = t.slots[index];
        let cell = |s: Square| {
            if s == vacated {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        let attacker = |s: Square, kinds: KindSet| {
            let c = cell(s);
            c.is_side(by) && kinds.contains(c.kind())
        };
        let gone = !(1u64 << (vacated.index() & 63));
        let theirs = pos.occupied[by as usize].0[0] & gone;
        let mut taken = (pos.occupied[0].0[0] | pos.occupied[1].0[0]) & gone;
        if pos.may_have_blocked.0 {
            taken |= pos.blocked_squares().0[0];
        }
        // No piece of theirs where a leap towards `sq` starts: no leap.
        if t.leap_origins[index].0[0] & theirs != 0 {
            for group in t.leap_groups_of(index) {
                let mut at = group.origins.0[0] & theirs;
                while at != 0 {
                    if attacker(Square::from_index(at.trailing_zeros() as usize), group.kinds) {
                        return true;
                    }
                    at &= at - 1;
                }
            }
            for leap in t.lame_leaps_of(index) {
                if attacker(leap.from, leap.kinds)
                    && (t.run(leap.path, leap.path_len).iter()).all(|&s| cell(s).is_empty())
                {
                    return true;
                }
            }
        }
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            let stops = on_ray.0[0] & taken;
            // No piece of theirs on it: no attack along it.
            if on_ray.0[0] & theirs == 0 {
                continue;
            }
            let first = match ray.order {
                1 => Square::from_index(stops.trailing_zeros() as usize),
                -1 => Square::from_index(63 - stops.leading_zeros() as usize),
                _ => match t.run(ray.ray, ray.len).iter().find(|&&s| !cell(s).is_empty()) {
                    Some(&s) => s,
                    None => continue,
                },
            };
            if attacker(first, ray.kinds) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Along seeded random games (both sides to move), the word test
    /// agrees with the general walk for every royal piece of either side
    /// leaving its square for any square of the board; returns how many
    /// tests found an attack.
    fn agrees(variant: &Variant, games: usize, plies: usize) -> usize {
        assert!(variant.attacks_in_words(), "{}", variant.name);
        let mut rng = ChaCha8Rng::seed_from_u64(0xa77 ^ games as u64);
        let mut attacked = 0;
        for _game in 0..games {
            let mut pos: Position = variant.start_position();
            for _ply in 0..plies {
                for side in [pos.side, pos.side.flip()] {
                    for vacated in pos.royals[side as usize].iter() {
                        for sq in variant.programs.all.iter() {
                            let general = variant.attacked(
                                |s| {
                                    if s == vacated {
                                        crate::base::piece::Cell::EMPTY
                                    } else {
                                        pos.board[s.index()]
                                    }
                                },
                                &pos.occupied[side.flip() as usize],
                                sq,
                                side.flip(),
                            );
                            let word = variant.attacked_after_leaving_word(&pos, sq, side.flip(), vacated);
                            assert_eq!(word, general, "{}: {vacated:?} to {sq:?}", variant.name);
                            attacked += usize::from(word);
                        }
                    }
                }
                let moves: Vec<Move> = variant.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        attacked
    }

    #[test]
    fn word_attacks_agree_with_the_walk() {
        let chess = r#"(extends: "chess", name: "Plain chess")"#;
        let variants = [
            Variant::from_text("chess.ron", chess).unwrap(),
            Variant::from_text("race.ron", crate::engine::legality::tests::KING_RACE).unwrap(),
        ];
        for variant in variants {
            assert!(agrees(&variant, 12, 60) > 1000, "{}", variant.name);
        }
    }
}
