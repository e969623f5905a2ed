//! Attack tables: for every side and square, where an attacker of that side
//! would have to stand, so "is this square attacked?" walks a few short
//! lists instead of generating the opponent's moves.

use super::tables::{CAPTURE, HOP_BEHIND, HOP_OVER, MoveTables, oriented};
use crate::base::geometry::Geometry;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::check::{CheckedPiece, CheckedVariant};
use crate::lang::betza::{Hop, Reach};

/// Pieces on `from` whose kind is in `kinds` attack the square, provided
/// the path squares are empty (for a hop: hold exactly one piece, the
/// hurdle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackLeap {
    /// Where the attacker stands.
    pub from: Square,
    /// `0` for a leap or a step of a ride; [`HOP_OVER`]: exactly one
    /// square of the path holds a piece; [`HOP_BEHIND`]: only the last one
    /// (next to the target) does.
    pub hop: u8,
    /// Number of squares that must be empty (but for the hurdle).
    pub path_len: u8,
    /// Start of those squares in [`AttackTables::squares`].
    pub path: u32,
    /// The kinds that attack this way.
    pub kinds: KindSet,
}

/// The first piece along the ray, within `len` squares, attacks the square
/// when its kind is in `kinds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackRay {
    /// Start of the ray's squares in [`AttackTables::squares`], nearest first.
    pub ray: u32,
    /// Number of squares.
    pub len: u8,
    /// The kinds that attack along this ray.
    pub kinds: KindSet,
    /// `0` for a plain ray; [`HOP_OVER`]: the attacker is the first piece
    /// beyond exactly one other (`p`); [`HOP_BEHIND`]: the square next
    /// to the target must be occupied and the attacker is the first piece
    /// beyond it (`g`).
    pub hop: u8,
    /// How the square indices run along the ray, nearest first: `1`
    /// upwards, `-1` downwards, `0` neither (a board whose edges join).
    /// Where they run one way, the ray's first piece is the lowest (or
    /// highest) of its occupied squares.
    pub order: i8,
}

/// The plain leaps (no path, no hop) of some kinds towards one square,
/// as one set of origins (see [`AttackTables::leap_groups`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeapGroup {
    /// Bit `k` set when kind `k` attacks from these squares.
    pub kinds: KindSet,
    /// Where such an attacker stands.
    pub origins: SquareSet,
}

/// Where the lists of one (side, square) sit in the pools.
#[derive(Clone, Copy, Debug, Default)]
pub struct AttackSlot {
    /// First leap.
    pub leaps: u32,
    /// One past the last leap.
    pub leaps_end: u32,
    /// First ray.
    pub rays: u32,
    /// One past the last ray.
    pub rays_end: u32,
}

/// All attack tables of a variant.
#[derive(Clone, Debug, Default)]
pub struct AttackTables {
    /// Attack leaps, grouped by slot.
    pub leaps: Vec<AttackLeap>,
    /// Attack rays, grouped by slot.
    pub rays: Vec<AttackRay>,
    /// Squares of paths and rays.
    pub squares: Vec<Square>,
    /// One slot per (attacking side, attacked square).
    pub slots: Vec<AttackSlot>,
    /// For each (attacking side, square): the squares of lame leaps' paths
    /// towards it, which, emptied, could open an attack on it. (Lines are
    /// handled by looking for pins at run time.)
    pub leap_exposure: Vec<SquareSet>,
    /// For each (attacking side, square): where the leaps towards it start,
    /// so that a test finds no leaping attacker at once where no piece of
    /// that side stands on any of them.
    pub leap_origins: Vec<SquareSet>,
    /// For each (attacking side, square): every square its leaps and rays
    /// read (leaps' origins and paths, rays' squares), so that a test
    /// that looks only at what reads some square may stop at once.
    pub slot_reads: Vec<SquareSet>,
    /// Per ray of [`AttackTables::rays`]: its squares as a set (a piece
    /// leaving or entering a hopper's ray may open or close a hop).
    pub ray_sets: Vec<SquareSet>,
    /// Per slot, the plain leaps towards its square (no path, no hop)
    /// merged by kinds: the squares from which pieces of those kinds
    /// attack it whatever stands around them. The slot's groups are
    /// `leap_groups[leap_groups_at[i]..leap_groups_at[i + 1]]`.
    pub leap_groups: Vec<LeapGroup>,
    /// Where each slot's [`leap_groups`](Self::leap_groups) start (one
    /// entry more than the slots).
    pub leap_groups_at: Vec<u32>,
    /// Per slot, the indices in [`leaps`](Self::leaps) of its other leaps
    /// (with a path or a hop): `lame_leaps[lame_leaps_at[i]..lame_leaps_at[i + 1]]`.
    pub lame_leaps: Vec<u32>,
    /// Where each slot's [`lame_leaps`](Self::lame_leaps) start (one
    /// entry more than the slots).
    pub lame_leaps_at: Vec<u32>,
    /// Number of squares on the board.
    pub board_squares: usize,
    /// Some piece attacks by hopping: any move may then open or close an
    /// attack (by moving a hurdle), so no move is legal without a look.
    pub has_hops: bool,
    /// Some attack leap is a hop (a confined hopper's): attack tests then
    /// count the pieces on leaps' paths.
    pub has_hop_leaps: bool,
    /// The kinds that attack along some ray (the others attack by leaps
    /// alone).
    pub ray_kinds: KindSet,
}

impl AttackTables {
    /// The slot for attacks by `side` on `sq`.
    #[inline]
    pub fn slot(&self, side: Color, sq: Square) -> AttackSlot {
        self.slots[self.slot_index(side, sq)]
    }

    /// Where the slot for attacks by `side` on `sq` is, in `slots` and the
    /// tables that follow its order.
    #[inline]
    pub fn slot_index(&self, side: Color, sq: Square) -> usize {
        side as usize * self.board_squares + sq.index()
    }

    /// The plain leaps towards the slot at `index`, merged by kinds.
    #[inline]
    pub fn leap_groups_of(&self, index: usize) -> &[LeapGroup] {
        &self.leap_groups[self.leap_groups_at[index] as usize..self.leap_groups_at[index + 1] as usize]
    }

    /// The leaps with a path or a hop towards the slot at `index`.
    #[inline]
    pub fn lame_leaps_of(&self, index: usize) -> impl Iterator<Item = &AttackLeap> {
        let at = &self.lame_leaps[self.lame_leaps_at[index] as usize..self.lame_leaps_at[index + 1] as usize];
        at.iter().map(|&i| &self.leaps[i as usize])
    }

    /// The squares `[start, start + len)` of the pool.
    #[inline]
    pub fn run(&self, start: u32, len: u8) -> &[Square] {
        &self.squares[start as usize..start as usize + len as usize]
    }

    /// Per (attacking side, attacking kind, square `q`), at index
    /// `(side * kinds + kind) * squares + q`: the squares `s` whose attack
    /// test by that side's pieces of that kind reads `q` (a leap's origin
    /// or path, a ray's square). Whether `s` is attacked by such a piece
    /// changes only with what stands on `s` or on a square that reads it.
    pub fn readers(&self, kinds: usize) -> Vec<SquareSet> {
        let n = self.board_squares;
        let mut out = vec![SquareSet::EMPTY; 2 * kinds * n];
        for side in Color::BOTH {
            for s in 0..n {
                let sq = Square::from_index(s);
                let slot = self.slot(side, sq);
                let leaps = &self.leaps[slot.leaps as usize..slot.leaps_end as usize];
                let rays = &self.rays[slot.rays as usize..slot.rays_end as usize];
                let read = (leaps.iter())
                    .flat_map(|l| {
                        let path = self.run(l.path, l.path_len).iter().copied();
                        std::iter::once(l.from).chain(path).map(|q| (q, l.kinds))
                    })
                    .chain(
                        rays.iter()
                            .flat_map(|r| self.run(r.ray, r.len).iter().map(|&q| (q, r.kinds))),
                    );
                for (q, set) in read {
                    for kind in set.iter().map(Kind::index).filter(|&k| k < kinds) {
                        out[(side as usize * kinds + kind) * n + q.index()].insert(sq);
                    }
                }
            }
        }
        out
    }
}

/// Attackers of one (side, target) before pooling: leaps as (from, path,
/// hop, kinds), rays as (direction, longest reach, hop, kinds).
#[derive(Clone, Default)]
struct Sources {
    leaps: Vec<(Square, Vec<Square>, u8, KindSet)>,
    rays: Vec<((i32, i32), usize, u8, KindSet)>,
}

/// Builds the attack tables from the move tables (for leaps, which already
/// respect initial ranks) and the templates (for rays).
pub fn build(v: &CheckedVariant, moves: &MoveTables) -> AttackTables {
    let g: Geometry = v.geometry;
    let n = g.squares();
    // One entry per (attacking side, target).
    let mut sources: Vec<Sources> = vec![Sources::default(); 2 * n];
    for (kind, piece) in v.pieces.iter().enumerate() {
        for side in Color::BOTH {
            let of_side = &mut sources[side as usize * n..(side as usize + 1) * n];
            add_leaps(moves, kind, side, n, of_side);
            if piece.regions.depends_on_square() {
                add_rides_by_square(moves, kind, side, n, of_side);
            } else {
                add_rides(g, piece, kind, side, of_side);
                add_rides_along(g, piece, kind, side, of_side);
            }
        }
    }
    let mut t = AttackTables {
        board_squares: n,
        leap_groups_at: vec![0],
        lame_leaps_at: vec![0],
        ..Default::default()
    };
    for side in Color::BOTH {
        for target in Square::all(n) {
            pool(&mut t, g, target, &sources[side as usize * n + target.index()]);
        }
    }
    t.ray_kinds = t.rays.iter().fold(KindSet::EMPTY, |all, r| all.union(r.kinds));
    t
}

/// Adds kinds `bit` leaping (or hopping, `hop`) from `from` over `path` to
/// a target's attackers, merged with an identical leap of other kinds.
fn add_leap(sources: &mut Sources, from: Square, path: Vec<Square>, hop: u8, bit: KindSet) {
    match sources
        .leaps
        .iter_mut()
        .find(|(f, p, h, _)| *f == from && *p == path && *h == hop)
    {
        Some(entry) => entry.3 = entry.3.union(bit),
        None => sources.leaps.push((from, path, hop, bit)),
    }
}

/// Adds the captures of a ride from `from` along `ray` (nearest first) as
/// leaps over the squares before each square it reaches: for a hop, over
/// a path holding the hurdle.
fn add_ride_as_leaps(by_target: &mut [Sources], from: Square, ray: &[Square], flags: u8, bit: KindSet) {
    let hop = flags & (HOP_OVER | HOP_BEHIND);
    for (i, &to) in ray.iter().enumerate() {
        if hop != 0 && i == 0 {
            continue; // a hop needs a hurdle before its landing square
        }
        add_leap(&mut by_target[to.index()], from, ray[..i].to_vec(), hop, bit);
    }
}

/// The capturing leaps of `kind` (from the move tables), by target.
fn add_leaps(moves: &MoveTables, kind: usize, side: Color, n: usize, by_target: &mut [Sources]) {
    let bit = KindSet::single(Kind::from_index(kind));
    for from in Square::all(n) {
        let slot = moves.slot(Kind::from_index(kind), side, from);
        for leap in &moves.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if leap.flags & CAPTURE == 0 {
                continue;
            }
            let path = moves.run(leap.path, leap.path_len).to_vec();
            add_leap(&mut by_target[leap.to.index()], from, path, 0, bit);
        }
    }
}

/// The capturing rides of a kind whose moves depend on its square (a
/// region confines it, or gives it other moves), read from the move
/// tables square by square: each square a ride reaches is a leap whose
/// path is the squares before it (a hop's path holds its hurdle).
fn add_rides_by_square(moves: &MoveTables, kind: usize, side: Color, n: usize, by_target: &mut [Sources]) {
    let bit = KindSet::single(Kind::from_index(kind));
    for from in Square::all(n) {
        let slot = moves.slot(Kind::from_index(kind), side, from);
        for ride in &moves.rides[slot.rides as usize..slot.rides_end as usize] {
            if ride.flags & CAPTURE == 0 {
                continue;
            }
            add_ride_as_leaps(by_target, from, moves.run(ride.ray, ride.len), ride.flags, bit);
        }
    }
}

/// The capturing rides `moves_along` adds to `piece`, square by square:
/// each ray cut where it leaves its entry's squares, each square it
/// reaches a leap over the squares before it. (Its leaps come with the
/// move tables' leaps.)
fn add_rides_along(g: Geometry, piece: &CheckedPiece, kind: usize, side: Color, by_target: &mut [Sources]) {
    let bit = KindSet::single(Kind::from_index(kind));
    for (squares, template) in &piece.regions.moves_along {
        let squares = squares[side as usize];
        for from in squares.iter() {
            let rank = g.relative_rank(side, g.rank(from));
            for c in template.components.iter().filter(|c| c.capture) {
                let Reach::Ride { max } = c.reach else {
                    continue;
                };
                if c.initial && !piece.regions.initial_allows(&piece.initial_ranks, side, from, rank) {
                    continue;
                }
                let hop = match c.hop {
                    Hop::None => 0,
                    Hop::Over => HOP_OVER,
                    Hop::Behind => HOP_BEHIND,
                };
                let limit = max.map_or(usize::MAX, |m| m as usize);
                for &v0 in &c.vectors {
                    let (dx, dy) = oriented(v0, side);
                    let ray: Vec<Square> = (1..)
                        .map_while(|k| g.offset(from, dx * k, dy * k))
                        .take(limit)
                        .take_while(|&to| squares.contains(to))
                        .collect();
                    add_ride_as_leaps(by_target, from, &ray, hop, bit);
                }
            }
        }
    }
}

/// The capturing rides of `piece`, by target: rays; an initial-only ride
/// attacks from its initial ranks only, so it is stored as leaps with a
/// path.
fn add_rides(g: Geometry, piece: &CheckedPiece, kind: usize, side: Color, by_target: &mut [Sources]) {
    let bit = KindSet::single(Kind::from_index(kind));
    for c in piece.template.components.iter().filter(|c| c.capture) {
        let Reach::Ride { max } = c.reach else {
            continue;
        };
        let limit = max.map_or(usize::MAX, |m| m as usize);
        let hop = match c.hop {
            Hop::None => 0,
            Hop::Over => HOP_OVER,
            Hop::Behind => HOP_BEHIND,
        };
        for &v0 in &c.vectors {
            let (dx, dy) = oriented(v0, side);
            for (target, sources) in by_target.iter_mut().enumerate() {
                let target = Square::from_index(target);
                if c.initial {
                    let mut path = Vec::new();
                    for k in 1..=limit.min(16) as i32 {
                        let Some(from) = g.offset(target, -dx * k, -dy * k) else {
                            break;
                        };
                        let rank = g.relative_rank(side, g.rank(from));
                        if piece.regions.initial_allows(&piece.initial_ranks, side, from, rank) {
                            // Nearest the attacker first, as every leap's path.
                            sources
                                .leaps
                                .push((from, path.iter().rev().copied().collect(), hop, bit));
                        }
                        path.push(from);
                    }
                    continue;
                }
                match sources
                    .rays
                    .iter_mut()
                    .find(|(d, m, h, _)| *d == (dx, dy) && *m == limit && *h == hop)
                {
                    Some(entry) => entry.3 = entry.3.union(bit),
                    None => sources.rays.push(((dx, dy), limit, hop, bit)),
                }
            }
        }
    }
}

/// Appends the attackers of one (side, target) to the pools, with its slot
/// and the squares of its lame leaps' paths.
fn pool(t: &mut AttackTables, g: Geometry, target: Square, sources: &Sources) {
    let mut slot = AttackSlot {
        leaps: t.leaps.len() as u32,
        rays: t.rays.len() as u32,
        ..Default::default()
    };
    let mut exposure = SquareSet::EMPTY;
    let mut origins = SquareSet::EMPTY;
    for (from, path, hop, kinds) in &sources.leaps {
        origins.insert(*from);
        if path.is_empty() && *hop == 0 {
            let groups = &mut t.leap_groups[*t.leap_groups_at.last().unwrap_or(&0) as usize..];
            match groups.iter_mut().find(|g| g.kinds == *kinds) {
                Some(group) => group.origins.insert(*from),
                None => t.leap_groups.push(LeapGroup {
                    kinds: *kinds,
                    origins: [*from].into_iter().collect(),
                }),
            }
        } else {
            t.lame_leaps.push(t.leaps.len() as u32);
        }
        t.has_hops |= *hop != 0;
        t.has_hop_leaps |= *hop != 0;
        t.leaps.push(AttackLeap {
            from: *from,
            hop: *hop,
            path_len: path.len() as u8,
            path: t.squares.len() as u32,
            kinds: *kinds,
        });
        for &sq in path {
            exposure.insert(sq);
        }
        t.squares.extend(path);
    }
    for ((dx, dy), limit, hop, kinds) in &sources.rays {
        let ray: Vec<Square> = (1..)
            .map_while(|k| g.offset(target, -dx * k, -dy * k))
            .take(*limit)
            .collect();
        if ray.is_empty() {
            continue;
        }
        t.has_hops |= *hop != 0;
        t.ray_sets.push(ray.iter().copied().collect());
        t.rays.push(AttackRay {
            ray: t.squares.len() as u32,
            len: ray.len() as u8,
            kinds: *kinds,
            hop: *hop,
            order: if ray.windows(2).all(|w| w[0].index() < w[1].index()) {
                1
            } else if ray.windows(2).all(|w| w[0].index() > w[1].index()) {
                -1
            } else {
                0
            },
        });
        t.squares.extend(ray);
    }
    slot.leaps_end = t.leaps.len() as u32;
    slot.rays_end = t.rays.len() as u32;
    t.slots.push(slot);
    t.leap_groups_at.push(t.leap_groups.len() as u32);
    t.lame_leaps_at.push(t.lame_leaps.len() as u32);
    let mut reads = exposure.union(&origins);
    for set in &t.ray_sets[slot.rays as usize..] {
        reads = reads.union(set);
    }
    t.slot_reads.push(reads);
    t.leap_exposure.push(exposure);
    t.leap_origins.push(origins);
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;

    /// Every slot's plain leaps (no path, no hop) are its leap groups'
    /// origins, each under its own kinds, and its other leaps are listed
    /// as lame: together they are the slot's leaps, with a lame leap
    /// (a ride's square behind the first, a knight's lame leg) too.
    #[test]
    fn leap_groups_and_lame_leaps_split_each_slot() {
        let lame = r#"(
            extends: "chess",
            name: "Lame leaps",
            pieces: [(letter: 'N', name: "horse", moves: "nN", value: 300)],
        )"#;
        for (variant, lame_expected) in [
            (Variant::load("chess").unwrap(), false),
            (Variant::from_text("lame.ron", lame).unwrap(), true),
        ] {
            let t = &variant.attacks;
            let mut lame_seen = 0;
            for (index, slot) in t.slots.iter().enumerate() {
                let leaps = &t.leaps[slot.leaps as usize..slot.leaps_end as usize];
                let groups = t.leap_groups_of(index);
                for leap in leaps.iter().filter(|l| l.path_len == 0 && l.hop == 0) {
                    let mine: Vec<_> = groups.iter().filter(|g| g.origins.contains(leap.from)).collect();
                    assert!(mine.iter().any(|g| g.kinds == leap.kinds), "slot {index}");
                }
                for g in groups {
                    for from in g.origins.iter() {
                        assert!(
                            leaps
                                .iter()
                                .any(|l| l.from == from && l.kinds == g.kinds && l.path_len == 0)
                        );
                    }
                }
                let lame: Vec<_> = t.lame_leaps_of(index).collect();
                assert!(lame.iter().all(|l| l.path_len != 0 || l.hop != 0));
                assert_eq!(
                    lame.len(),
                    leaps.iter().filter(|l| l.path_len != 0 || l.hop != 0).count()
                );
                lame_seen += lame.len();
            }
            assert_eq!(t.leap_groups_at.len(), t.slots.len() + 1);
            assert_eq!(lame_seen > 0, lame_expected);
        }
    }
}
