//! `Variant::generate_legal_wanted`, the legal moves a caller wants
//! without judging the others (the quiescence search's noisy moves),
//! against `generate_legal` filtered: the same moves in the same order,
//! and whether any move is legal at all, along random games of every
//! bundled variant.

use kaboom::{Move, Variant};

/// A small deterministic generator (xorshift64*), so the games are the
/// same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// The predicates asked: captures and promotions (what quiescence
/// wants), none (only whether a move is legal), and an arbitrary half.
fn predicates() -> [fn(&Move) -> bool; 3] {
    [
        |m| m.is_capture() || m.promotion.is_some(),
        |_| false,
        |m| (usize::from(m.from) * 7 + usize::from(m.to)) % 2 == 0,
    ]
}

fn check(variant: &Variant, name: &str, rng: &mut Rng) -> usize {
    let mut all = Vec::new();
    let mut wanted = Vec::new();
    let mut checked = 0;
    for _game in 0..4 {
        let mut pos = variant.start_position();
        for ply in 0..80 {
            variant.generate_legal(&pos, &mut all);
            for keep in predicates() {
                let mut keep_mut = |m: &Move| keep(m);
                let Some(any) = variant.generate_legal_wanted(&pos, &mut wanted, &mut keep_mut) else {
                    return checked;
                };
                let expected: Vec<Move> = all.iter().copied().filter(keep).collect();
                assert_eq!(wanted, expected, "{name}: ply {ply}");
                assert_eq!(any, !all.is_empty(), "{name}: ply {ply}");
                checked += 1;
            }
            if all.is_empty() || variant.ended_by_rule(&pos).is_some() {
                break;
            }
            let mv = all[rng.below(all.len())];
            pos.make(variant, mv);
        }
    }
    checked
}

#[test]
fn the_wanted_moves_are_the_legal_moves_filtered() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut asked = 0;
    for name in kaboom::bundled_names() {
        let variant = Variant::load(name).unwrap();
        asked += usize::from(check(&variant, name, &mut rng) > 0);
    }
    // Most bundled variants take the fast path (chess, atomic, kaboom...).
    assert!(asked >= 8, "{asked}");
}
