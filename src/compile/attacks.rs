//! Attack tables: for every side and square, where an attacker of that side
//! would have to stand, so "is this square attacked?" walks a few short
//! lists instead of generating the opponent's moves.

use super::tables::{CAPTURE, HOP_BEHIND, HOP_OVER, MoveTables, oriented};
use crate::base::geometry::Geometry;
use crate::base::square::{Color, Square, SquareSet};
use crate::check::CheckedVariant;
use crate::lang::betza::{Hop, Reach};

/// Pieces on `from` whose kind is in `kinds` attack the square, provided
/// the path squares are empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackLeap {
    /// Where the attacker stands.
    pub from: Square,
    /// Number of squares that must be empty.
    pub path_len: u8,
    /// Start of those squares in [`AttackTables::squares`].
    pub path: u32,
    /// Bit `k` set when kind `k` attacks this way.
    pub kinds: u64,
}

/// The first piece along the ray, within `len` squares, attacks the square
/// when its kind is in `kinds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackRay {
    /// Start of the ray's squares in [`AttackTables::squares`], nearest first.
    pub ray: u32,
    /// Number of squares.
    pub len: u8,
    /// Bit `k` set when kind `k` attacks along this ray.
    pub kinds: u64,
    /// `0` for a plain ray; [`HOP_OVER`]: the attacker is the first piece
    /// beyond exactly one other (`p`); [`HOP_BEHIND`]: the square next
    /// to the target must be occupied and the attacker is the first piece
    /// beyond it (`g`).
    pub hop: u8,
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
    /// Number of squares on the board.
    pub board_squares: usize,
    /// Some piece attacks by hopping: any move may then open or close an
    /// attack (by moving a hurdle), so no move is legal without a look.
    pub has_hops: bool,
}

impl AttackTables {
    /// The slot for attacks by `side` on `sq`.
    #[inline]
    pub fn slot(&self, side: Color, sq: Square) -> AttackSlot {
        self.slots[side as usize * self.board_squares + sq as usize]
    }

    /// The squares `[start, start + len)` of the pool.
    #[inline]
    pub fn run(&self, start: u32, len: u8) -> &[Square] {
        &self.squares[start as usize..start as usize + len as usize]
    }
}

/// Builds the attack tables from the move tables (for leaps, which already
/// respect initial ranks) and the templates (for rays).
pub fn build(v: &CheckedVariant, moves: &MoveTables) -> AttackTables {
    let g: Geometry = v.geometry;
    let n = g.squares();
    // Gather per (side, target): leaps as (from, path, kinds), rays as (dir, max, kinds).
    type LeapSources = Vec<(Square, Vec<Square>, u64)>;
    type RaySources = Vec<((i32, i32), usize, u8, u64)>;
    let mut leaps: Vec<LeapSources> = vec![Vec::new(); 2 * n];
    let mut rays: Vec<RaySources> = vec![Vec::new(); 2 * n];
    for (kind, piece) in v.pieces.iter().enumerate() {
        let bit = 1u64 << kind;
        for side in Color::BOTH {
            for from in (0..n).map(|s| s as Square) {
                let slot = moves.slot(kind as u8, side, from);
                for leap in &moves.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                    if leap.flags & CAPTURE == 0 {
                        continue;
                    }
                    let path = moves.run(leap.path, leap.path_len).to_vec();
                    let list = &mut leaps[side as usize * n + leap.to as usize];
                    match list.iter_mut().find(|(f, p, _)| *f == from && *p == path) {
                        Some(entry) => entry.2 |= bit,
                        None => list.push((from, path, bit)),
                    }
                }
            }
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
                    for target in (0..n).map(|s| s as Square) {
                        if c.initial {
                            // Initial-only rides attack from initial ranks only:
                            // store them as leaps with a path.
                            let mut path = Vec::new();
                            for k in 1..=limit.min(16) as i32 {
                                let Some(from) = g.offset(target, -dx * k, -dy * k) else {
                                    break;
                                };
                                if piece.initial_ranks.contains(&g.relative_rank(side, g.rank(from))) {
                                    let list = &mut leaps[side as usize * n + target as usize];
                                    list.push((from, path.clone(), bit));
                                }
                                path.push(from);
                            }
                            continue;
                        }
                        let list = &mut rays[side as usize * n + target as usize];
                        match list
                            .iter_mut()
                            .find(|(d, m, h, _)| *d == (dx, dy) && *m == limit && *h == hop)
                        {
                            Some(entry) => entry.3 |= bit,
                            None => list.push(((dx, dy), limit, hop, bit)),
                        }
                    }
                }
            }
        }
    }
    let mut t = AttackTables {
        board_squares: n,
        ..Default::default()
    };
    for side in Color::BOTH {
        for target in (0..n).map(|s| s as Square) {
            let i = side as usize * n + target as usize;
            let mut slot = AttackSlot {
                leaps: t.leaps.len() as u32,
                rays: t.rays.len() as u32,
                ..Default::default()
            };
            let mut exposure = SquareSet::EMPTY;
            for (from, path, kinds) in &leaps[i] {
                t.leaps.push(AttackLeap {
                    from: *from,
                    path_len: path.len() as u8,
                    path: t.squares.len() as u32,
                    kinds: *kinds,
                });
                for &sq in path {
                    exposure.insert(sq);
                }
                t.squares.extend(path);
            }
            for ((dx, dy), limit, hop, kinds) in &rays[i] {
                let ray: Vec<Square> = (1..)
                    .map_while(|k| g.offset(target, -dx * k, -dy * k))
                    .take(*limit)
                    .collect();
                if ray.is_empty() {
                    continue;
                }
                t.has_hops |= *hop != 0;
                t.rays.push(AttackRay {
                    ray: t.squares.len() as u32,
                    len: ray.len() as u8,
                    kinds: *kinds,
                    hop: *hop,
                });
                t.squares.extend(ray);
            }
            slot.leaps_end = t.leaps.len() as u32;
            slot.rays_end = t.rays.len() as u32;
            t.slots.push(slot);
            t.leap_exposure.push(exposure);
        }
    }
    t
}
