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

/// Most arrangements whose start position is built to test a `protected`
/// rule while listing a setup's arrangements: past it the setup is too
/// expensive to check, and loading fails with [`TooExpensive`]. Colour
/// rules prune the listing before that, so only arrangements that pass
/// them count.
pub const MAX_FULL_CHECKS: u64 = 200_000;

/// Listing a setup's arrangements would build more than
/// `MAX_FULL_CHECKS` start positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooExpensive;

/// Calls `f` with every arrangement of White's shuffled pieces (one letter
/// per slot, in slot order) that satisfies the rules, in lexicographic
/// order, until `f` returns `false`. Nothing is stored: arrangements are
/// walked slot by slot, and a colour rule broken by the pieces placed so
/// far cuts that branch. `probe` is the variant compiled without
/// castling, used to test protection.
pub fn for_each_arrangement(
    probe: &Variant,
    setup: &CheckedSetup,
    mut f: impl FnMut(&[char]) -> bool,
) -> Result<(), TooExpensive> {
    let mut letters: Vec<(char, usize)> = Vec::new();
    for &p in &setup.pieces {
        match letters.last_mut() {
            Some((c, n)) if *c == p => *n += 1,
            _ => letters.push((p, 1)),
        }
    }
    let colours: Vec<(char, char, bool)> = setup
        .rules
        .iter()
        .filter_map(|r| match r {
            SetupRule::Opposite((a, _), (b, _)) => Some((*a, *b, false)),
            SetupRule::Same((a, _), (b, _)) => Some((*a, *b, true)),
            _ => None,
        })
        .collect();
    let mut walk = Walk {
        probe,
        setup,
        letters,
        colours,
        current: Vec::with_capacity(setup.pieces.len()),
        full_checks: 0,
        protection: setup.rules.iter().any(|r| matches!(r, SetupRule::Protected(_))),
        stop: false,
    };
    walk.step(&mut f)
}

struct Walk<'a> {
    probe: &'a Variant,
    setup: &'a CheckedSetup,
    /// Each distinct letter and how many are left to place.
    letters: Vec<(char, usize)>,
    /// Colour rules: (a, b, same colour).
    colours: Vec<(char, char, bool)>,
    current: Vec<char>,
    full_checks: u64,
    /// Whether a full check builds a position (a `protected` rule).
    protection: bool,
    stop: bool,
}

impl Walk<'_> {
    fn step(&mut self, f: &mut impl FnMut(&[char]) -> bool) -> Result<(), TooExpensive> {
        let slot = self.current.len();
        if slot == self.setup.pieces.len() {
            if self.protection {
                self.full_checks += 1;
                if self.full_checks > MAX_FULL_CHECKS {
                    return Err(TooExpensive);
                }
            }
            if satisfies(self.probe, self.setup, &self.current) && !f(&self.current) {
                self.stop = true;
            }
            return Ok(());
        }
        for i in 0..self.letters.len() {
            let (letter, left) = self.letters[i];
            if left == 0 || !self.colours_hold(slot, letter) {
                continue;
            }
            self.letters[i].1 -= 1;
            self.current.push(letter);
            let result = self.step(f);
            self.current.pop();
            self.letters[i].1 += 1;
            result?;
            if self.stop {
                break;
            }
        }
        Ok(())
    }

    /// Whether `letter` on `slot` keeps every colour rule with the pieces
    /// already placed on the slots before it.
    fn colours_hold(&self, slot: usize, letter: char) -> bool {
        let g = self.probe.geometry;
        let here = colour(g, self.setup.white_slots[slot]);
        self.colours.iter().all(|&(a, b, same)| {
            self.current.iter().enumerate().all(|(j, &placed)| {
                let pair = (letter == a && placed == b) || (letter == b && placed == a);
                !pair || (colour(g, self.setup.white_slots[j]) == here) == same
            })
        })
    }
}

/// The number of arrangements that satisfy the rules, counted without
/// listing them in memory.
pub fn count(probe: &Variant, setup: &CheckedSetup) -> Result<u64, TooExpensive> {
    count_with(probe, setup, &mut |_| {})
}

/// Like [`count`], calling `progress(found)` every 4096 arrangements found.
pub fn count_with(probe: &Variant, setup: &CheckedSetup, progress: &mut dyn FnMut(u64)) -> Result<u64, TooExpensive> {
    let mut n = 0u64;
    for_each_arrangement(probe, setup, |_| {
        n += 1;
        if n.is_multiple_of(4096) {
            progress(n);
        }
        true
    })?;
    Ok(n)
}

/// The `index`-th arrangement (modulo their number) that satisfies the
/// rules, in lexicographic order; `None` if there is none.
pub fn nth(probe: &Variant, setup: &CheckedSetup, index: u64) -> Result<Option<Vec<char>>, TooExpensive> {
    let total = count(probe, setup)?;
    if total == 0 {
        return Ok(None);
    }
    let (mut seen, wanted) = (0u64, index % total);
    let mut found = None;
    for_each_arrangement(probe, setup, |a| {
        if seen == wanted {
            found = Some(a.to_vec());
            return false;
        }
        seen += 1;
        true
    })?;
    Ok(found)
}

/// The number of distinct shuffles of a setup's pieces (the multinomial
/// n! / (n1! n2! ...)), saturating at `u64::MAX`.
pub fn shuffles(setup: &CheckedSetup) -> u64 {
    let mut sorted = setup.pieces.clone();
    sorted.sort_unstable();
    let mut total: u128 = 1;
    let mut run = 0u128;
    for (i, c) in sorted.iter().enumerate() {
        run = if i > 0 && sorted[i - 1] == *c { run + 1 } else { 1 };
        // Multiply by (i + 1) / run, exact at every step.
        total = total.saturating_mul(i as u128 + 1) / run;
    }
    u64::try_from(total).unwrap_or(u64::MAX)
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
                probe.is_attacked(&pos, Square::from_index(i), side)
            }
            _ => true,
        })
    })
}
