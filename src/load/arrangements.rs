//! Random setups: every distinct arrangement of the shuffled pieces that
//! satisfies the rules, in a fixed order, so a seed picks the same start
//! position on every machine.

use crate::base::geometry::Geometry;
use crate::base::square::{Color, Square};
use crate::check::CheckedSetup;
use crate::compile::Variant;
use crate::lang::fen_syntax::FenCell;
use crate::lang::setup_syntax::SetupRule;
use rand::{RngExt, SeedableRng};

/// Every arrangement of White's shuffled pieces (one letter per slot, in
/// slot order) that satisfies the rules, in lexicographic order. `probe`
/// is the variant compiled without castling, used to test protection.
pub fn arrangements(probe: &Variant, setup: &CheckedSetup) -> Vec<Vec<char>> {
    let mut out = Vec::new();
    let mut current = setup.pieces.clone();
    loop {
        if satisfies(probe, setup, &current) {
            out.push(current.clone());
        }
        if !crate::check::next_permutation(&mut current) {
            break;
        }
    }
    out
}

/// Most shuffles tried for one seed before giving up on sampling.
const MAX_TRIES: usize = 100_000;

/// The arrangement a seed picks: shuffles White's pieces with ChaCha8
/// seeded by `seed` (Fisher-Yates) until one satisfies the rules. Every
/// distinct arrangement is equally likely, as with the seeds' own
/// step-by-step procedures, and no list of all of them is needed. `None`
/// if no shuffle succeeds (then there may be none at all).
pub fn sample(probe: &Variant, setup: &CheckedSetup, seed: u64) -> Option<Vec<char>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..MAX_TRIES {
        let mut a = setup.pieces.clone();
        for i in (1..a.len()).rev() {
            let j = rng.random_range(0..=i);
            a.swap(i, j);
        }
        if satisfies(probe, setup, &a) {
            return Some(a);
        }
    }
    None
}

fn colour(g: Geometry, sq: Square) -> i32 {
    (g.file(sq) + g.rank(sq)) % 2
}

fn satisfies(probe: &Variant, setup: &CheckedSetup, arrangement: &[char]) -> bool {
    let g = probe.geometry;
    let squares = |letter: char| -> Vec<Square> {
        setup
            .white_slots
            .iter()
            .zip(arrangement)
            .filter(|(_, c)| **c == letter)
            .map(|(&sq, _)| sq)
            .collect()
    };
    let pair = |a: char, b: char| -> Vec<(Square, Square)> {
        if a == b {
            let s = squares(a);
            (0..s.len())
                .flat_map(|i| (i + 1..s.len()).map(move |j| (i, j)))
                .map(|(i, j)| (s[i], s[j]))
                .collect()
        } else {
            squares(a)
                .into_iter()
                .flat_map(|x| squares(b).into_iter().map(move |y| (x, y)))
                .collect()
        }
    };
    let mut protected = Vec::new();
    for rule in &setup.rules {
        let ok = match rule {
            SetupRule::Opposite((a, _), (b, _)) => pair(*a, *b).iter().all(|&(x, y)| colour(g, x) != colour(g, y)),
            SetupRule::Same((a, _), (b, _)) => pair(*a, *b).iter().all(|&(x, y)| colour(g, x) == colour(g, y)),
            SetupRule::Between((k, _), (r1, _), (r2, _)) => {
                let outer: Vec<i32> = if r1 == r2 {
                    squares(*r1).iter().map(|&sq| g.file(sq)).collect()
                } else {
                    squares(*r1)
                        .iter()
                        .chain(squares(*r2).iter())
                        .map(|&sq| g.file(sq))
                        .collect()
                };
                let (Some(&lo), Some(&hi)) = (outer.iter().min(), outer.iter().max()) else {
                    return false;
                };
                squares(*k).iter().all(|&sq| g.file(sq) > lo && g.file(sq) < hi)
            }
            SetupRule::Protected((p, _)) => {
                protected.push(*p);
                true
            }
        };
        if !ok {
            return false;
        }
    }
    let Some(mut record) = setup.fill(g, arrangement) else {
        return false;
    };
    if protected.is_empty() {
        return true;
    }
    record.castling.0.clear();
    let Ok(pos) = crate::notation::fen::position_from_record(probe, &record) else {
        return false;
    };
    protected.iter().all(|&letter| {
        (0..g.squares()).all(|i| match record.board[i] {
            FenCell::Piece(ch) if ch.to_ascii_uppercase() == letter => {
                let side = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                probe.is_attacked(&pos, i as Square, side)
            }
            _ => true,
        })
    })
}
