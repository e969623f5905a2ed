//! Move tables: for every piece type, side and square, the leaps and rays
//! the piece may take, precomputed so that move generation only reads
//! integers.

use crate::base::geometry::Geometry;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square};
use crate::check::CheckedVariant;
use crate::lang::betza::{Component, Reach};

/// The move may end on an empty square.
pub const QUIET: u8 = 1;
/// The move may capture an enemy piece on its destination.
pub const CAPTURE: u8 = 2;
/// The move may capture en passant.
pub const EN_PASSANT: u8 = 4;
/// A quiet move that leaves en passant targets on the squares it passes.
pub const SETS_EN_PASSANT: u8 = 8;

/// One leap from a square: its destination and the squares it passes,
/// which must be empty when the leap is lame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// Destination.
    pub to: Square,
    /// `QUIET`, `CAPTURE`, `EN_PASSANT`, `SETS_EN_PASSANT`.
    pub flags: u8,
    /// Number of squares that must be empty.
    pub path_len: u8,
    /// Start of those squares in [`MoveTables::squares`].
    pub path: u32,
}

/// One ray from a square: the squares in order, already cut to the range
/// and the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ride {
    /// Start of the ray's squares in [`MoveTables::squares`].
    pub ray: u32,
    /// Number of squares.
    pub len: u8,
    /// `QUIET`, `CAPTURE`, `SETS_EN_PASSANT`.
    pub flags: u8,
}

/// Where a piece's leaps and rides from one square sit in the pools.
#[derive(Clone, Copy, Debug, Default)]
pub struct Slot {
    /// First leap.
    pub leaps: u32,
    /// One past the last leap.
    pub leaps_end: u32,
    /// First ride.
    pub rides: u32,
    /// One past the last ride.
    pub rides_end: u32,
}

/// All move tables of a variant.
#[derive(Clone, Debug, Default)]
pub struct MoveTables {
    /// Every leap, grouped by slot.
    pub leaps: Vec<Leap>,
    /// Every ride, grouped by slot.
    pub rides: Vec<Ride>,
    /// Squares of lame paths and rays.
    pub squares: Vec<Square>,
    /// One slot per (kind, side, square).
    pub slots: Vec<Slot>,
    /// Number of squares on the board.
    pub board_squares: usize,
}

impl MoveTables {
    /// The slot of `kind` of `side` on `sq`.
    #[inline]
    pub fn slot(&self, kind: Kind, side: Color, sq: Square) -> Slot {
        self.slots[(kind as usize * 2 + side as usize) * self.board_squares + sq as usize]
    }

    /// The squares `[start, start + len)` of the pool.
    #[inline]
    pub fn run(&self, start: u32, len: u8) -> &[Square] {
        &self.squares[start as usize..start as usize + len as usize]
    }
}

/// A component's vector as seen by `side`.
pub fn oriented((dx, dy): (i32, i32), side: Color) -> (i32, i32) {
    match side {
        Color::White => (dx, dy),
        Color::Black => (dx, -dy),
    }
}

/// The squares a lame leap passes, from `from` by `(dx, dy)`: first the
/// straight steps along the longer axis, then the diagonal ones, so a lame
/// knight is blocked like a xiangqi horse and `nD` like a pawn's double step.
pub fn lame_path(g: &Geometry, from: Square, (dx, dy): (i32, i32)) -> Vec<Square> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let (straight, diagonal) = ((ax - ay).abs(), ax.min(ay));
    let straight_step = if ax > ay { (sx, 0) } else { (0, sy) };
    let mut path = Vec::new();
    let (mut x, mut y) = (0, 0);
    for _ in 0..straight {
        x += straight_step.0;
        y += straight_step.1;
        path.extend(g.offset(from, x, y));
    }
    for _ in 0..diagonal {
        x += sx;
        y += sy;
        path.extend(g.offset(from, x, y));
    }
    path.pop(); // the destination itself
    path
}

/// The squares strictly between `from` and `from + (dx, dy)` on a straight
/// line (none for an oblique leap): the en passant targets of a move.
pub fn passed_squares(g: &Geometry, from: Square, (dx, dy): (i32, i32)) -> Vec<Square> {
    let steps = gcd(dx.abs(), dy.abs());
    if steps <= 1 {
        return Vec::new();
    }
    let (sx, sy) = (dx / steps, dy / steps);
    (1..steps).filter_map(|k| g.offset(from, sx * k, sy * k)).collect()
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn component_flags(c: &Component) -> u8 {
    (if c.quiet { QUIET } else { 0 })
        | (if c.capture { CAPTURE } else { 0 })
        | (if c.en_passant { EN_PASSANT } else { 0 })
}

/// Removes moves that two components of one template would both generate
/// (`RK`: the rook's first step and the king's step; `R` and `mR2`), so
/// that every move is listed once: where two rides share a direction, the
/// shorter keeps only the kinds of move (quiet, capture) the longer lacks;
/// a leap keeps only those a ride's first step or an unconditional leap to
/// the same square lacks. Moves that differ in whether they leave en
/// passant targets are kept apart.
fn dedupe(t: &mut MoveTables, first_ride: usize, leaps: &mut Vec<(Leap, Vec<Square>)>) {
    const KINDS: u8 = QUIET | CAPTURE;
    let rides = first_ride..t.rides.len();
    for i in rides.clone() {
        for j in rides.clone() {
            let (a, b) = (t.rides[i], t.rides[j]);
            let same_direction = t.squares[a.ray as usize] == t.squares[b.ray as usize];
            let shorter = a.len < b.len || (a.len == b.len && i > j);
            if i != j && same_direction && shorter && a.flags & SETS_EN_PASSANT == b.flags & SETS_EN_PASSANT {
                t.rides[i].flags &= !(b.flags & KINDS);
            }
        }
    }
    let firsts: Vec<(Square, u8)> = t.rides[rides.clone()]
        .iter()
        .map(|r| (t.squares[r.ray as usize], r.flags))
        .collect();
    t.rides.retain_mut_from(first_ride, |r| r.flags & KINDS != 0);
    let plain: Vec<(Square, u8)> = leaps
        .iter()
        .filter(|(_, p)| p.is_empty())
        .map(|(l, _)| (l.to, l.flags))
        .collect();
    for (leap, path) in leaps.iter_mut() {
        for &(to, flags) in &firsts {
            if to == leap.to && flags & SETS_EN_PASSANT == leap.flags & SETS_EN_PASSANT {
                leap.flags &= !(flags & KINDS);
            }
        }
        if !path.is_empty() {
            for &(to, flags) in &plain {
                if to == leap.to && flags & SETS_EN_PASSANT == leap.flags & SETS_EN_PASSANT {
                    leap.flags &= !(flags & (KINDS | EN_PASSANT));
                }
            }
        }
    }
    leaps.retain(|(l, _)| l.flags & (KINDS | EN_PASSANT) != 0);
}

/// Keeping only some elements past an index.
trait RetainFrom<T> {
    fn retain_mut_from(&mut self, start: usize, keep: impl FnMut(&mut T) -> bool);
}

impl<T> RetainFrom<T> for Vec<T> {
    fn retain_mut_from(&mut self, start: usize, mut keep: impl FnMut(&mut T) -> bool) {
        let mut tail = self.split_off(start);
        tail.retain_mut(|x| keep(x));
        self.extend(tail);
    }
}

/// Builds the move tables of a checked variant. `en_passant` says whether
/// any piece captures en passant (only then do initial moves leave targets).
pub fn build(v: &CheckedVariant, en_passant: bool) -> MoveTables {
    let pieces: Vec<(&crate::lang::betza::Template, &[i32])> = v
        .pieces
        .iter()
        .map(|p| (&p.template, p.initial_ranks.as_slice()))
        .collect();
    build_from(v.geometry, &pieces, en_passant)
}

/// Builds move tables for a list of (template, initial ranks), one kind each.
pub fn build_from(g: Geometry, pieces: &[(&crate::lang::betza::Template, &[i32])], en_passant: bool) -> MoveTables {
    let n = g.squares();
    let mut t = MoveTables {
        board_squares: n,
        ..Default::default()
    };
    for (kind, (template, initial_ranks)) in pieces.iter().enumerate() {
        for side in Color::BOTH {
            for from in (0..n).map(|s| s as Square) {
                let rank = g.relative_rank(side, g.rank(from));
                let mut slot = Slot {
                    leaps: t.leaps.len() as u32,
                    rides: t.rides.len() as u32,
                    ..Default::default()
                };
                let mut leaps: Vec<(Leap, Vec<Square>)> = Vec::new();
                for c in &template.components {
                    if c.initial && !initial_ranks.contains(&rank) {
                        continue;
                    }
                    let flags = component_flags(c);
                    for &v0 in &c.vectors {
                        let v = oriented(v0, side);
                        match c.reach {
                            Reach::Leap => {
                                let Some(to) = g.offset(from, v.0, v.1) else {
                                    continue;
                                };
                                let path = if c.lame { lame_path(&g, from, v) } else { Vec::new() };
                                let sets_ep =
                                    c.initial && c.quiet && en_passant && !passed_squares(&g, from, v).is_empty();
                                let flags = if sets_ep { flags | SETS_EN_PASSANT } else { flags };
                                match leaps.iter_mut().find(|(l, p)| l.to == to && *p == path) {
                                    Some((l, _)) => l.flags |= flags,
                                    None => leaps.push((
                                        Leap {
                                            to,
                                            flags,
                                            path_len: path.len() as u8,
                                            path: 0,
                                        },
                                        path,
                                    )),
                                }
                            }
                            Reach::Ride { max } => {
                                let limit = max.map_or(usize::MAX, |m| m as usize);
                                let ray: Vec<Square> = (1..)
                                    .map_while(|k| g.offset(from, v.0 * k, v.1 * k))
                                    .take(limit)
                                    .collect();
                                if ray.is_empty() {
                                    continue;
                                }
                                let ride_flags = if c.initial && c.quiet && en_passant {
                                    flags | SETS_EN_PASSANT
                                } else {
                                    flags
                                };
                                t.rides.push(Ride {
                                    ray: t.squares.len() as u32,
                                    len: ray.len() as u8,
                                    flags: ride_flags,
                                });
                                t.squares.extend(ray);
                            }
                        }
                    }
                }
                dedupe(&mut t, slot.rides as usize, &mut leaps);
                for (mut leap, path) in leaps {
                    leap.path = t.squares.len() as u32;
                    t.squares.extend(path);
                    t.leaps.push(leap);
                }
                slot.leaps_end = t.leaps.len() as u32;
                slot.rides_end = t.rides.len() as u32;
                debug_assert_eq!(t.slots.len(), (kind * 2 + side as usize) * n + from as usize);
                t.slots.push(slot);
            }
        }
    }
    t
}
