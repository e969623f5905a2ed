//! A detour's two legs a word at a time (see `engine::detour`), where no
//! piece hops: the first leg's squares from the move tables' plain slots
//! (their leap sets, and each one-way ride's squares before its first
//! piece, found by one bit scan), and the second leg's test against all
//! of them at once by the attack tables' merged leap groups and each
//! ray's first square that is either one of them or a piece. The sets
//! are one word on a board of at most 64 squares (`SetWords`).

use crate::base::piece::Kind;
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::compile::tables::QUIET;

impl Variant {
    /// The squares a piece of `kind` and `side` on `from` reaches by a
    /// move that captures nothing, `taken` the squares that hold a piece
    /// or are blocked (`from` not among them), where its slot's such
    /// moves are plain (see `Slot::quiet_plain`); `None` where they are
    /// not (read them square by square).
    #[inline(always)]
    pub(super) fn quiet_words<W: SetWords>(&self, kind: Kind, side: Color, from: Square, taken: W) -> Option<W> {
        let t = &self.moves;
        let index = t.slot_index(kind, side, from);
        let slot = t.slots[index];
        if !slot.quiet_plain {
            return None;
        }
        let mut out = W::load(&t.leap_sets[index].quiet).and_not(taken);
        let rides = slot.rides as usize..slot.rides_end as usize;
        for (ride, on_ray) in t.rides[rides.clone()].iter().zip(&t.ride_sets[rides]) {
            if ride.flags & QUIET == 0 {
                continue;
            }
            out = out.or(before_first(W::load(on_ray), taken, ride.order));
        }
        Some(out)
    }

    /// Whether a piece of `kind` of `by`, standing on some square of
    /// `sources` (all empty), attacks a piece of `victim`'s kind on `sq`,
    /// `taken` the squares that hold a piece or are blocked (the
    /// attacker's own square not among them): the second leg of every
    /// first leg's end at once. Along a ray the first of them met is the
    /// nearest, and its path is open if any's is. `None` where a ray of
    /// the kind towards `sq` runs neither way (read it square by square).
    #[inline(always)]
    pub(super) fn attacked_from_words<W: SetWords>(
        &self,
        taken: W,
        sources: W,
        sq: Square,
        by: Color,
        kind: Kind,
        victim: Kind,
    ) -> Option<bool> {
        let t = &self.attacks;
        if sources.is_empty() || (self.pieces.has_limits() && self.pieces.cannot_capture(kind).contains(victim)) {
            return Some(false);
        }
        let index = t.slot_index(by, sq);
        let by_leap = t
            .leap_groups_of(index)
            .iter()
            .any(|g| g.kinds.contains(kind) && !W::load(&g.origins).and(sources).is_empty());
        if by_leap
            || t.lame_leaps_of(index).any(|leap| {
                leap.kinds.contains(kind)
                    && sources.holds(leap.from)
                    && t.run(leap.path, leap.path_len).iter().all(|&s| !taken.holds(s))
            })
        {
            return Some(true);
        }
        let slot = t.slots[index];
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            if !ray.kinds.contains(kind) {
                continue;
            }
            let on_ray = W::load(on_ray);
            if on_ray.and(sources).is_empty() {
                continue;
            }
            let stops = on_ray.and(sources.or(taken));
            let first = match ray.order {
                0 => return None,
                o if o > 0 => stops.first(),
                _ => stops.last(),
            };
            if first.is_some_and(|s| sources.holds(s)) {
                return Some(true);
            }
        }
        Some(false)
    }
}

/// The squares of a ray (`on_ray`, its indices running up where `order`
/// is positive, down where negative) before its first square in `taken`.
#[inline(always)]
fn before_first<W: SetWords>(on_ray: W, taken: W, order: i8) -> W {
    let stops = on_ray.and(taken);
    if order > 0 {
        match stops.first() {
            Some(first) => on_ray.and_not(W::from_on(first)),
            None => on_ray,
        }
    } else {
        match stops.last() {
            Some(last) => on_ray.and_not(W::up_to(last)),
            None => on_ray,
        }
    }
}
