//! Forward attack sets for the evaluation: for each (kind, side, square),
//! the squares a piece there attacks, read a word at a time from tables
//! built once from the compiled attack tables (which list, per target,
//! where an attacker would stand).
//!
//! Each attack of a kind from a square is a target and the squares that
//! must be empty between (its path). Attacks whose paths grow one target
//! at a time form a ray: where its squares' indices run one way, the
//! squares attacked along it end at its first piece, found by one bit
//! scan; a target with an empty path is a leap, kept in one set; any
//! other (a lame leap, a ray round a joined edge) is tested alone. Hops
//! are left out: a heuristic need not see a cannon's reach. So are
//! blocked squares (walls, craters, irradiated squares): a ray runs on
//! through them, as the pieces given are the board's only obstacles.

use crate::base::piece::Kind;
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;

/// A ray of attacked squares: those up to its first piece (included).
#[derive(Clone, Copy, Debug)]
struct Ray {
    /// The ray's squares.
    set: SquareSet,
    /// Whether the indices grow away from the attacker (else they fall).
    up: bool,
}

/// A target attacked when its path is empty.
#[derive(Clone, Copy, Debug)]
struct Lame {
    to: Square,
    path: SquareSet,
}

/// Where one (kind, side, square)'s attacks sit.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    leaps: SquareSet,
    rays: (u32, u32),
    lame: (u32, u32),
}

/// The forward attack tables of a variant.
#[derive(Clone, Debug, Default)]
pub(super) struct Reach {
    slots: Vec<Slot>,
    rays: Vec<Ray>,
    lame: Vec<Lame>,
    squares: usize,
    /// Kinds whose every attack from every square stays on its colour.
    pub colour_bound: Vec<bool>,
    /// Kinds that ride along their file (a ray of two squares or more).
    pub file_riders: Vec<bool>,
    /// Per kind, the mean number of squares attacked on the empty board.
    pub average: Vec<f64>,
}

/// One attack: its target and the squares that must be empty.
type Entry = (Square, SquareSet);

/// Every unhopped attack of each (kind, side, origin), from the compiled
/// tables (indexed as [`Reach::index`]).
fn entries(variant: &Variant) -> Vec<Vec<Entry>> {
    let t = &variant.attacks;
    let n = variant.geometry.squares();
    let kinds = variant.pieces.len();
    let mut out = vec![Vec::new(); kinds * 2 * n];
    for side in Color::BOTH {
        for target in Square::all(n) {
            let slot = t.slot(side, target);
            for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                if leap.hop != 0 {
                    continue;
                }
                let path = t
                    .run(leap.path, leap.path_len)
                    .iter()
                    .fold(SquareSet::EMPTY, |mut s, &q| {
                        s.insert(q);
                        s
                    });
                for kind in leap.kinds.iter().filter(|k| k.index() < kinds) {
                    out[(kind.index() * 2 + side as usize) * n + leap.from.index()].push((target, path));
                }
            }
            for ray in &t.rays[slot.rays as usize..slot.rays_end as usize] {
                if ray.hop != 0 {
                    continue;
                }
                let mut path = SquareSet::EMPTY;
                for &from in t.run(ray.ray, ray.len) {
                    for kind in ray.kinds.iter().filter(|k| k.index() < kinds) {
                        out[(kind.index() * 2 + side as usize) * n + from.index()].push((target, path));
                    }
                    path.insert(from);
                }
            }
        }
    }
    for list in &mut out {
        list.sort_by_key(|(to, path)| (path.len(), to.index()));
        list.dedup();
    }
    out
}

/// Chains of attacks whose paths grow one target at a time, and the
/// attacks that extend none.
fn chains(list: &[Entry]) -> (Vec<Vec<Entry>>, Vec<Entry>) {
    let mut chains: Vec<Vec<Entry>> = Vec::new();
    let mut alone = Vec::new();
    for &(to, path) in list {
        if path.is_empty() {
            chains.push(vec![(to, path)]);
            continue;
        }
        let tail = chains.iter_mut().find(|c| {
            let &(last, last_path) = c.last().expect("chains are never empty");
            c.len() as u32 == path.len() && {
                let mut grown = last_path;
                grown.insert(last);
                grown == path
            }
        });
        match tail {
            Some(chain) => chain.push((to, path)),
            None => alone.push((to, path)),
        }
    }
    (chains, alone)
}

impl Reach {
    /// Builds the tables of `variant`.
    pub fn new(variant: &Variant) -> Reach {
        let g = variant.geometry;
        let n = g.squares();
        let kinds = variant.pieces.len();
        let mut reach = Reach {
            squares: n,
            colour_bound: vec![true; kinds],
            file_riders: vec![false; kinds],
            average: vec![0.0; kinds],
            ..Reach::default()
        };
        let colour = |sq: Square| (g.file(sq) + g.rank(sq)) & 1;
        for (index, list) in entries(variant).iter().enumerate() {
            let (kind, side, from) = (index / (2 * n), index / n % 2, Square::from_index(index % n));
            if side == 0 {
                reach.average[kind] += list.len() as f64 / n.max(1) as f64;
                if list.iter().any(|&(to, _)| colour(to) != colour(from)) {
                    reach.colour_bound[kind] = false;
                }
            }
            let (chains, mut alone) = chains(list);
            let mut slot = Slot {
                rays: (reach.rays.len() as u32, reach.rays.len() as u32),
                ..Slot::default()
            };
            for chain in chains {
                if chain.len() == 1 {
                    slot.leaps.insert(chain[0].0);
                    continue;
                }
                if chain.iter().all(|&(to, _)| g.file(to) == g.file(from)) {
                    reach.file_riders[kind] = true;
                }
                let up = chain.windows(2).all(|w| w[0].0 < w[1].0);
                let down = chain.windows(2).all(|w| w[0].0 > w[1].0);
                if up || down {
                    let set = chain.iter().fold(SquareSet::EMPTY, |mut s, &(to, _)| {
                        s.insert(to);
                        s
                    });
                    reach.rays.push(Ray { set, up });
                } else {
                    alone.extend(chain);
                }
            }
            slot.rays.1 = reach.rays.len() as u32;
            let at = reach.lame.len() as u32;
            reach.lame.extend(alone.iter().map(|&(to, path)| Lame { to, path }));
            slot.lame = (at, reach.lame.len() as u32);
            reach.slots.push(slot);
        }
        for kind in 0..kinds {
            if reach.average[kind] == 0.0
                || variant
                    .promotion
                    .try_zone(Kind::from_index(kind), Color::White)
                    .is_some_and(|z| !z.is_empty())
            {
                reach.colour_bound[kind] = false;
            }
        }
        reach
    }

    /// The index of (kind, side, square) in the tables.
    #[inline(always)]
    fn index(&self, kind: Kind, side: usize, sq: Square) -> usize {
        (kind.index() * 2 + side) * self.squares + sq.index()
    }

    /// The squares a piece of `kind` and `side` on `sq` attacks, with the
    /// squares of `occupied` taken.
    #[inline]
    pub fn attacks<W: SetWords>(&self, kind: Kind, side: usize, sq: Square, occupied: W) -> W {
        let slot = &self.slots[self.index(kind, side, sq)];
        let mut att = W::load(&slot.leaps);
        for ray in &self.rays[slot.rays.0 as usize..slot.rays.1 as usize] {
            let set = W::load(&ray.set);
            let stops = set.and(occupied);
            let reached = if ray.up {
                stops.first().map(W::up_to)
            } else {
                stops.last().map(W::from_on)
            };
            att = att.or(reached.map_or(set, |r| set.and(r)));
        }
        for lame in &self.lame[slot.lame.0 as usize..slot.lame.1 as usize] {
            if W::load(&lame.path).and(occupied).is_empty() {
                att = att.with(lame.to);
            }
        }
        att
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::Move;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Positions along `games` seeded random games of `plies` plies.
    fn random_positions(variant: &Variant, games: usize, plies: usize) -> Vec<Position> {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed ^ games as u64);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut pos: Position = variant.start_position();
            for _ in 0..plies {
                out.push(pos.clone());
                let moves: Vec<Move> = variant.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        out
    }

    /// Whether `by` attacks `sq` by the general test, with move filters
    /// and hops ignored as the tables ignore them.
    fn general(variant: &Variant, pos: &Position, from: Square, to: Square) -> bool {
        let cell = pos.board[from.index()];
        let mut only = SquareSet::EMPTY;
        only.insert(from);
        let side = if cell.is_side(Color::White) {
            Color::White
        } else {
            Color::Black
        };
        variant.attacked_on_board(|s| pos.board[s.index()], &only, to, side, None, |s, _| s == from)
    }

    /// Along seeded random games of several variants, both sides: every
    /// piece's attack set from the tables (one word and four) is the set
    /// of squares the general attack test says it attacks.
    #[test]
    fn forward_sets_match_the_general_attack_test() {
        let mut tested = 0;
        for name in super::super::tests_support::bundled_variant_names() {
            let name = name.as_str();
            let variant = Variant::load(name).unwrap();
            if variant.attacks.has_hops || variant.attacks.has_hop_leaps {
                continue;
            }
            let reach = Reach::new(&variant);
            let n = variant.geometry.squares();
            tested += 1;
            for pos in random_positions(&variant, 6, 50) {
                if !pos.blocked_squares().is_empty() {
                    // Blocked squares are not read (the module's text).
                    continue;
                }
                let occupied = pos.occupied[0].union(&pos.occupied[1]);
                for side in 0..2 {
                    for sq in pos.occupied[side].iter() {
                        let kind = pos.board[sq.index()].kind();
                        let wide = reach.attacks::<SquareSet>(kind, side, sq, occupied);
                        if n <= 64 {
                            let narrow = reach.attacks::<u64>(kind, side, sq, occupied.0[0]);
                            assert_eq!(narrow, wide.0[0], "{name}: one word and four differ");
                        }
                        for to in Square::all(n) {
                            let said = general(&variant, &pos, sq, to) && to != sq;
                            assert_eq!(wide.contains(to), said, "{name}: {sq:?} to {to:?}");
                        }
                    }
                }
            }
        }
        assert!(tested >= 5, "{tested} variants tested");
    }

    #[test]
    fn a_diagonal_rider_is_colour_bound_and_an_orthogonal_one_rides_files() {
        let chess = Variant::load("chess").unwrap();
        let reach = Reach::new(&chess);
        let k = |c| chess.kind_of_letter(c).unwrap().index();
        assert!(reach.colour_bound[k('B')]);
        assert!(!reach.colour_bound[k('N')] && !reach.colour_bound[k('P')]);
        assert!(reach.file_riders[k('R')] && reach.file_riders[k('Q')]);
        assert!(!reach.file_riders[k('B')] && !reach.file_riders[k('N')]);
    }
}
