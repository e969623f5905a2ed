//! Move tables: for every piece type, side and square, the leaps and rays
//! the piece may take, precomputed so that move generation only reads
//! integers.

use crate::base::geometry::Geometry;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::check::CheckedVariant;
use crate::check::regions::PieceRegions;
use crate::lang::betza::{Component, Hop, Reach, Template};

/// The move may end on an empty square.
pub const QUIET: u8 = 1;
/// The move may capture an enemy piece on its destination.
pub const CAPTURE: u8 = 2;
/// The move may capture en passant.
pub const EN_PASSANT: u8 = 4;
/// A quiet move that leaves en passant targets on the squares it passes.
pub const SETS_EN_PASSANT: u8 = 8;
/// A ride that must jump one piece and may land anywhere beyond it (`p`).
pub const HOP_OVER: u8 = 16;
/// A ride that must jump one piece and lands just beyond it (`g`).
pub const HOP_BEHIND: u8 = 32;
/// Either kind of hop.
pub const HOPS: u8 = HOP_OVER | HOP_BEHIND;

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
    /// `QUIET`, `CAPTURE`, `SETS_EN_PASSANT`, `HOP_OVER`, `HOP_BEHIND`.
    pub flags: u8,
    /// 1 where the ray's square indices rise along it, -1 where they
    /// fall, 0 otherwise: with 1 (-1) its first piece is the lowest
    /// (highest) occupied square of its [`MoveTables::ride_sets`] set.
    pub order: i8,
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
    /// Some square is reached by two of these leaps and rides (after the
    /// exact duplicates were merged): move generation then lists each
    /// destination once, at its first open route.
    pub repeats: bool,
    /// No square is repeated and no ride hops: perft's last ply counts
    /// such a piece's moves from its [`LeapSets`] and its rides, without
    /// listing the moves that are legal as they are.
    pub countable: bool,
    /// Countable, and every move is in the [`LeapSets`]' `quiet` and
    /// `capture` sets or on a ride whose indices run one way (see
    /// [`Ride::order`]) that moves and captures only (and may leave en
    /// passant targets): on a board of at most 64 squares the piece's
    /// moves are counted a word at a time (perft's last ply).
    pub plain: bool,
    /// Every move that captures nothing is in the [`LeapSets`]' `quiet`
    /// set or on a ride whose indices run one way and that does not hop:
    /// on a board of at most 64 squares such moves are found a word at a
    /// time (a detour's first leg).
    pub quiet_plain: bool,
}

/// A slot's leaps as square sets, for counting the moves of a piece that
/// may make every plain move (perft's last ply): the moves to empty
/// squares and the captures are then the sets met with the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct LeapSets {
    /// Where the plain leaps with no path to keep clear move to an empty
    /// square (quiet moves).
    pub quiet: SquareSet,
    /// Where the plain leaps with no path capture an enemy piece.
    pub capture: SquareSet,
    /// Where leaps that are not quiet capture en passant.
    pub en_passant: SquareSet,
    /// First of the other leaps (a path to keep clear, or a double step
    /// that leaves en passant targets) in [`MoveTables::rest_leaps`].
    pub rest: u32,
    /// One past the last of them.
    pub rest_end: u32,
}

/// All move tables of a variant.
#[derive(Clone, Debug, Default)]
pub struct MoveTables {
    /// Every leap, grouped by slot.
    pub leaps: Vec<Leap>,
    /// Every ride, grouped by slot.
    pub rides: Vec<Ride>,
    /// The squares of each ride as a set, in the order of `rides`.
    pub ride_sets: Vec<SquareSet>,
    /// Squares of lame paths and rays.
    pub squares: Vec<Square>,
    /// One slot per (kind, side, square).
    pub slots: Vec<Slot>,
    /// The leaps of each slot as square sets, in the order of `slots`.
    pub leap_sets: Vec<LeapSets>,
    /// The leaps that [`LeapSets`] does not hold as sets, grouped by slot.
    pub rest_leaps: Vec<Leap>,
    /// Number of squares on the board.
    pub board_squares: usize,
    /// The kinds whose moves are counted a whole kind at once (worked out
    /// by `shift_moves::build` for a variant's own tables; empty here).
    pub steps: StepMoves,
    /// Per side, the kinds whose plain slots perft's last ply may count
    /// in single words (no limits, no action, no promotion; see
    /// `Variant::counts_in_words`), found at load (empty here).
    pub word_kinds: [KindSet; 2],
}

impl MoveTables {
    /// Per side and square (`side * squares + square`) of the tables' one
    /// kind (an action's template): the squares its leaps and rides may
    /// land on, where none of them moves to an empty square (a template of
    /// captures only, which reaches no square when no enemy piece stands
    /// on one of those); empty when some does.
    pub fn capture_reach(&self) -> Vec<SquareSet> {
        let quiet = self.leaps.iter().any(|l| l.flags & QUIET != 0) || self.rides.iter().any(|r| r.flags & QUIET != 0);
        if quiet {
            return Vec::new();
        }
        (0..2 * self.board_squares).map(|i| self.reach(self.slots[i])).collect()
    }

    /// Every square the leaps and rides of `slot` may land on, whatever
    /// stands on the board (for load-time tables, not the hot path).
    pub fn reach(&self, slot: Slot) -> SquareSet {
        let mut reach = SquareSet::EMPTY;
        for leap in &self.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            reach.insert(leap.to);
        }
        for ride in &self.rides[slot.rides as usize..slot.rides_end as usize] {
            for &sq in self.run(ride.ray, ride.len) {
                reach.insert(sq);
            }
        }
        reach
    }

    /// The slot of `kind` of `side` on `sq`.
    #[inline]
    pub fn slot(&self, kind: Kind, side: Color, sq: Square) -> Slot {
        self.slots[self.slot_index(kind, side, sq)]
    }

    /// The leaps of `kind` of `side` on `sq` as square sets.
    #[inline]
    pub fn leap_sets(&self, kind: Kind, side: Color, sq: Square) -> &LeapSets {
        &self.leap_sets[self.slot_index(kind, side, sq)]
    }

    /// The index of the slot of `kind` of `side` on `sq` in `slots` (and
    /// of its sets in `leap_sets`).
    #[inline]
    pub fn slot_index(&self, kind: Kind, side: Color, sq: Square) -> usize {
        (kind.index() * 2 + side as usize) * self.board_squares + sq.index()
    }

    /// The squares `[start, start + len)` of the pool.
    #[inline]
    pub fn run(&self, start: u32, len: u8) -> &[Square] {
        &self.squares[start as usize..start as usize + len as usize]
    }

    /// The squares a ride may land on, in order, read like a plain ride
    /// (empty squares, then the first occupied one): the whole ray, or for
    /// a hopper the squares beyond its hurdle (the first occupied square),
    /// only the first of them for `HOP_BEHIND`, none without a hurdle.
    #[inline]
    pub fn landing_run(&self, ride: &Ride, is_empty: impl Fn(Square) -> bool) -> &[Square] {
        let ray = self.run(ride.ray, ride.len);
        if ride.flags & HOPS == 0 {
            return ray;
        }
        let Some(hurdle) = ray.iter().position(|&s| !is_empty(s)) else {
            return &[];
        };
        let beyond = &ray[hurdle + 1..];
        if ride.flags & HOP_BEHIND != 0 {
            &beyond[..beyond.len().min(1)]
        } else {
            beyond
        }
    }
}

/// A component's vector as seen by `side`: Black's is White's turned
/// half way round, so Black's forward is down the board and its right
/// toward the a-file (as Betza and Fairy-Stockfish read directions).
pub fn oriented((dx, dy): (i32, i32), side: Color) -> (i32, i32) {
    match side {
        Color::White => (dx, dy),
        Color::Black => (-dx, -dy),
    }
}

/// The squares a lame leap passes, from `from` by `(dx, dy)`: first the
/// straight steps along the longer axis, then the diagonal ones, so a lame
/// knight (`nN`) is blocked on its first orthogonal step and `nD` on its middle square.
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
/// line (none for an oblique leap), nearest first: the en passant targets
/// of a move. Computed as it is read, with no allocation.
pub fn passed_squares(
    g: &Geometry,
    from: Square,
    (dx, dy): (i32, i32),
) -> impl Iterator<Item = Square> + Clone + use<> {
    let steps = gcd(dx.abs(), dy.abs());
    let (sx, sy) = if steps > 1 { (dx / steps, dy / steps) } else { (0, 0) };
    let g = *g;
    (1..steps.max(1)).filter_map(move |k| g.offset(from, sx * k, sy * k))
}

/// Adds a leap to a slot's list, merging it with one to the same square
/// over the same path (the union of the flags).
fn add_leap(leaps: &mut Vec<(Leap, Vec<Square>)>, to: Square, flags: u8, path: Vec<Square>) {
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

/// Adds a ride to a slot's list, merging exact duplicates: a ride with the
/// same squares takes the union of the flags; a ride that is a prefix of
/// another with the same flags adds nothing (and a longer one replaces it).
fn add_ride(rides: &mut Vec<(Vec<Square>, u8)>, ray: Vec<Square>, flags: u8) {
    for (other, other_flags) in rides.iter_mut() {
        if *other == ray && *other_flags & HOPS == flags & HOPS {
            *other_flags |= flags;
            return;
        }
        if *other_flags == flags && other.starts_with(&ray) {
            return;
        }
        if *other_flags == flags && ray.starts_with(other) {
            *other = ray;
            return;
        }
    }
    rides.push((ray, flags));
}

/// A ride's [`Ride::order`]: whether its square indices rise (1) or fall
/// (-1) all along it, or neither (0).
fn ray_order(ray: &[Square]) -> i8 {
    let pairs = || ray.windows(2).map(|w| (w[0].index(), w[1].index()));
    if pairs().all(|(a, b)| a < b) {
        1
    } else if pairs().all(|(a, b)| a > b) {
        -1
    } else {
        0
    }
}

/// Whether some square is the destination of two leaps or rides of a slot.
fn repeats(leaps: &[(Leap, Vec<Square>)], rides: &[(Vec<Square>, u8)]) -> bool {
    let mut seen = crate::base::square::SquareSet::EMPTY;
    let destinations = leaps
        .iter()
        .map(|(l, _)| l.to)
        .chain(rides.iter().flat_map(|(ray, _)| ray.iter().copied()));
    for to in destinations {
        if seen.contains(to) {
            return true;
        }
        seen.insert(to);
    }
    false
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn component_flags(c: &Component) -> u8 {
    (if c.quiet { QUIET } else { 0 })
        | (if c.capture { CAPTURE } else { 0 })
        | (if c.en_passant { EN_PASSANT } else { 0 })
        | match c.hop {
            Hop::None => 0,
            Hop::Over => HOP_OVER,
            Hop::Behind => HOP_BEHIND,
        }
}

/// Builds the move tables of a checked variant. `en_passant` says whether
/// any piece captures en passant (only then do initial moves leave targets).
pub fn build(v: &CheckedVariant, en_passant: bool) -> MoveTables {
    let pieces: Vec<PieceMoves<'_>> = v
        .pieces
        .iter()
        .map(|p| PieceMoves {
            template: &p.template,
            initial_ranks: &p.initial_ranks,
            en_passant_ranks: p.en_passant_ranks.as_deref().unwrap_or(&p.initial_ranks),
            regions: Some(&p.regions),
        })
        .collect();
    build_from(v.geometry, &pieces, en_passant)
}

/// What the move tables need of one kind: its template, the ranks its
/// `i` moves start from, and those whose `i` moves leave en passant targets.
pub struct PieceMoves<'a> {
    /// The movement template.
    pub template: &'a crate::lang::betza::Template,
    /// Ranks (from 0, counted from the owner's side) of its `i` moves.
    pub initial_ranks: &'a [i32],
    /// Ranks whose `i` moves leave en passant targets.
    pub en_passant_ranks: &'a [i32],
    /// The squares it never leaves and its moves on some squares.
    pub regions: Option<&'a PieceRegions>,
}

impl PieceMoves<'_> {
    /// Whether the piece of `side` on `from` (relative rank `rank`, from
    /// 0) may make its `i` moves: on its `initial_squares`, else its
    /// initial ranks.
    fn initial_allows(&self, side: Color, from: Square, rank: i32) -> bool {
        match self.regions {
            Some(r) => r.initial_allows(self.initial_ranks, side, from, rank),
            None => self.initial_ranks.contains(&rank),
        }
    }

    /// The templates of the piece of `side` on `from`, each with the
    /// squares it may not leave (the whole board when it may go anywhere):
    /// its own moves there, then the moves `moves_along` adds, each kept to
    /// its entry's squares.
    fn on(&self, side: Color, from: Square, board: SquareSet) -> Vec<(&Template, SquareSet)> {
        let Some(r) = self.regions else {
            return vec![(self.template, board)];
        };
        let template = r
            .moves_in
            .iter()
            .find(|(squares, _)| squares[side as usize].contains(from))
            .map_or(self.template, |(_, t)| t);
        let mut parts = vec![(template, r.within.map_or(board, |w| w[side as usize]))];
        for (squares, t) in &r.moves_along {
            if squares[side as usize].contains(from) {
                parts.push((t, squares[side as usize]));
            }
        }
        parts
    }
}

/// Builds move tables for a list of pieces, one kind each.
pub fn build_from(g: Geometry, pieces: &[PieceMoves<'_>], en_passant: bool) -> MoveTables {
    let n = g.squares();
    let mut t = MoveTables {
        board_squares: n,
        ..Default::default()
    };
    let board: SquareSet = Square::all(n).collect();
    for (kind, piece) in pieces.iter().enumerate() {
        for side in Color::BOTH {
            for from in Square::all(n) {
                let rank = g.relative_rank(side, g.rank(from));
                let mut slot = Slot {
                    leaps: t.leaps.len() as u32,
                    rides: t.rides.len() as u32,
                    ..Default::default()
                };
                let mut leaps: Vec<(Leap, Vec<Square>)> = Vec::new();
                let mut rides: Vec<(Vec<Square>, u8)> = Vec::new();
                for (template, within) in piece.on(side, from, board) {
                    for c in &template.components {
                        if c.initial && !piece.initial_allows(side, from, rank) {
                            continue;
                        }
                        let flags = component_flags(c);
                        let en_passant = en_passant && piece.en_passant_ranks.contains(&rank);
                        for &v0 in &c.vectors {
                            let v = oriented(v0, side);
                            match c.reach {
                                Reach::Leap => {
                                    let Some(to) = g.offset(from, v.0, v.1).filter(|&to| within.contains(to)) else {
                                        continue;
                                    };
                                    let path = if c.lame { lame_path(&g, from, v) } else { Vec::new() };
                                    let sets_ep = c.initial
                                        && c.quiet
                                        && en_passant
                                        && passed_squares(&g, from, v).next().is_some();
                                    let flags = if sets_ep { flags | SETS_EN_PASSANT } else { flags };
                                    add_leap(&mut leaps, to, flags, path);
                                }
                                Reach::Ride { max } => {
                                    let limit = max.map_or(usize::MAX, |m| m as usize);
                                    let line = (1..).map_while(|k| g.offset(from, v.0 * k, v.1 * k)).take(limit);
                                    if !within.contains(from) {
                                        // A piece outside its squares (promoted,
                                        // dropped or set there) rides over others
                                        // into them: each square of them it reaches
                                        // is a leap over the squares before it.
                                        let mut path = Vec::new();
                                        let mut entered = false;
                                        for to in line {
                                            if within.contains(to) {
                                                entered = true;
                                                add_leap(&mut leaps, to, flags & (QUIET | CAPTURE), path.clone());
                                            } else if entered {
                                                break;
                                            }
                                            path.push(to);
                                        }
                                        continue;
                                    }
                                    let ray: Vec<Square> = line.take_while(|&to| within.contains(to)).collect();
                                    if ray.is_empty() {
                                        continue;
                                    }
                                    let ride_flags = if c.initial && c.quiet && en_passant {
                                        flags | SETS_EN_PASSANT
                                    } else {
                                        flags
                                    };
                                    add_ride(&mut rides, ray, ride_flags);
                                }
                            }
                        }
                    }
                }
                slot.repeats = repeats(&leaps, &rides);
                slot.countable = !slot.repeats && rides.iter().all(|(_, flags)| flags & HOPS == 0);
                let mut sets = LeapSets {
                    rest: t.rest_leaps.len() as u32,
                    ..Default::default()
                };
                for (leap, path) in &leaps {
                    if !path.is_empty() || leap.flags & SETS_EN_PASSANT != 0 {
                        let mut rest = *leap;
                        rest.path = t.squares.len() as u32;
                        t.squares.extend(path);
                        t.rest_leaps.push(rest);
                        continue;
                    }
                    if leap.flags & QUIET != 0 {
                        sets.quiet.insert(leap.to);
                    } else if leap.flags & EN_PASSANT != 0 {
                        sets.en_passant.insert(leap.to);
                    }
                    if leap.flags & CAPTURE != 0 {
                        sets.capture.insert(leap.to);
                    }
                }
                sets.rest_end = t.rest_leaps.len() as u32;
                t.leap_sets.push(sets);
                for (mut leap, path) in leaps {
                    leap.path = t.squares.len() as u32;
                    t.squares.extend(path);
                    t.leaps.push(leap);
                }
                for (ray, flags) in rides {
                    t.rides.push(Ride {
                        ray: t.squares.len() as u32,
                        len: ray.len() as u8,
                        flags,
                        order: ray_order(&ray),
                    });
                    t.ride_sets.push(ray.iter().copied().collect());
                    t.squares.extend(ray);
                }
                slot.leaps_end = t.leaps.len() as u32;
                slot.rides_end = t.rides.len() as u32;
                slot.plain = slot.countable
                    && sets.rest == sets.rest_end
                    && sets.en_passant.is_empty()
                    && t.rides[slot.rides as usize..]
                        .iter()
                        .all(|r| r.order != 0 && r.flags & !(QUIET | CAPTURE | SETS_EN_PASSANT) == 0);
                slot.quiet_plain = t.rest_leaps[sets.rest as usize..sets.rest_end as usize]
                    .iter()
                    .all(|l| l.flags & QUIET == 0)
                    && t.rides[slot.rides as usize..]
                        .iter()
                        .all(|r| r.flags & QUIET == 0 || (r.order != 0 && r.flags & HOPS == 0));
                debug_assert_eq!(t.slots.len(), (kind * 2 + side as usize) * n + from.index());
                t.slots.push(slot);
            }
        }
    }
    t
}

/// Most squares a lame step's path may have.
pub const MAX_PATH: usize = 2;

/// What the moves of a [`StepGroup`] are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A plain step to an empty square (a leap set's `quiet`).
    Quiet,
    /// A plain capture (a leap set's `capture`).
    Capture,
    /// A capture en passant (a leap set's `en_passant`).
    EnPassant,
    /// One of the other leaps (`MoveTables::rest_leaps`): a path to keep
    /// clear, or a double step that leaves en passant targets; `flags`
    /// says what it does.
    Lame,
}

/// The moves of a kind that go by one step of square index from every
/// square of `origins`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepGroup {
    /// What the moves are.
    pub what: StepKind,
    /// The target's index less the origin's.
    pub step: i16,
    /// With [`StepKind::Lame`]: the leap's flags (`QUIET`, `CAPTURE`,
    /// `EN_PASSANT`, `SETS_EN_PASSANT`).
    pub flags: u8,
    /// With [`StepKind::Lame`]: the squares that must be empty, as steps
    /// from the origin; `path_len` of them.
    pub path: [i16; MAX_PATH],
    /// How many of `path` are used.
    pub path_len: u8,
    /// The squares the piece makes these moves from.
    pub origins: SquareSet,
}

/// The kinds counted set-wise and their step groups.
#[derive(Clone, Debug, Default)]
pub struct StepMoves {
    /// Per side, the kinds whose every move is in a group.
    pub kinds: [KindSet; 2],
    /// Per (kind, side) (`kind * 2 + side`): the range of its groups in
    /// `groups`.
    pub ranges: Vec<(u16, u16)>,
    /// Every group, by kind and side.
    pub groups: Vec<StepGroup>,
    /// The board has at most 64 squares: a set is one word.
    pub small: bool,
}

impl StepMoves {
    /// The step groups of `kind` of `side` (empty unless the kind is in
    /// `kinds[side]`).
    #[inline]
    pub fn of(&self, kind: Kind, side: Color) -> &[StepGroup] {
        let (start, end) = self.ranges[kind.index() * 2 + side as usize];
        &self.groups[usize::from(start)..usize::from(end)]
    }
}
