//! Where a move would give check, worked out once per position: for a
//! variant whose legality forbids giving check, the squares from which
//! each kind of the side to move would attack an enemy royal piece, and
//! the squares whose leaving may open a line to one. Perft's last ply
//! counts the moves of a piece that opens no line without judging each
//! (see `SafeMoves::check_free_pieces`).

use super::position::Position;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::attacks::AttackRay;

/// How many distinct attacker masks (the kinds that attack along the
/// same leaps or rays) [`CheckSquares`] keeps; a variant with more gets
/// none.
const GROUPS: usize = 6;

/// The squares where a plain move of the side to move may give check, in
/// a position where no enemy royal piece is attacked (see
/// [`CheckSquares::new`]).
pub(super) struct CheckSquares {
    /// The squares whose leaving may open an attack on an enemy royal:
    /// lame leaps' paths, and rays' first pieces where they are ours with
    /// an attacker of ours next behind them on the ray.
    discover: SquareSet,
    /// Every square a plain move must leave or reach to attack an enemy
    /// royal: leaps' origins and paths, rays' squares up to and including
    /// their first piece (`SafeMoves`'s `check_near`).
    near: SquareSet,
    /// Per attacker mask, the squares from which a piece of one of its
    /// kinds attacks an enemy royal on the board as it stands (the first
    /// `len` entries).
    groups: [(KindSet, SquareSet); GROUPS],
    len: u8,
    /// Every set uses its first word only (a board of at most 64 squares).
    one_word: bool,
}

impl CheckSquares {
    /// The check squares of `pos` for the side to move. `None` when an
    /// enemy royal piece is attacked already, and for variants whose
    /// attacks these squares do not describe: hops (the moved piece may
    /// be a hurdle), `cannot_hop`/`cannot_capture` (an attack depends on
    /// what it targets), or more attacker masks than it holds.
    pub(super) fn new(variant: &Variant, pos: &Position) -> Option<CheckSquares> {
        Self::of_side(variant, pos, pos.side)
    }

    /// [`new`](Self::new) for the pieces of `us` (the side to move or
    /// not) against the other side's royal pieces.
    pub(super) fn of_side(variant: &Variant, pos: &Position, us: Color) -> Option<CheckSquares> {
        let t = &variant.attacks;
        if t.has_hops || t.has_hop_leaps || variant.pieces.has_limits() {
            return None;
        }
        // A board of at most 64 squares: every set in one word.
        if t.board_squares <= 64 {
            Self::build::<u64>(variant, pos, us)
        } else {
            Self::build::<SquareSet>(variant, pos, us)
        }
    }

    /// [`new`](Self::new) past its refusals, its sets held as `W`.
    #[inline(always)]
    fn build<W: SetWords>(variant: &Variant, pos: &Position, us: Color) -> Option<CheckSquares> {
        let t = &variant.attacks;
        let mut out = Groups::<W> {
            discover: W::EMPTY,
            near: W::EMPTY,
            groups: [(KindSet::EMPTY, W::EMPTY); GROUPS],
            len: 0,
        };
        let attacker = |sq: Square, kinds: KindSet| {
            let at = pos.board[sq.index()];
            at.is_side(us) && kinds.contains(at.kind())
        };
        let ours = W::load(&pos.occupied[us as usize]);
        // The squares that stop a ray: pieces, and blocked squares.
        let mut occupied = ours.or(W::load(&pos.occupied[us.flip() as usize]));
        if pos.may_have_blocked.0 {
            occupied = occupied.or(W::load(&pos.blocked_squares()));
        }
        for r in pos.royals[us.flip() as usize].iter() {
            let index = t.slot_index(us, r);
            let slot = t.slots[index];
            // Every leap's origin and every lame leap's path, at once.
            let paths = W::load(&t.leap_exposure[index]);
            out.near = out.near.or(W::load(&t.leap_origins[index])).or(paths);
            out.discover = out.discover.or(paths);
            // Plain leaps, a set of origins per mask of kinds: always open.
            for g in t.leap_groups_of(index) {
                let origins = W::load(&g.origins);
                if origins.and(ours).any(|s| attacker(s, g.kinds)) {
                    return None;
                }
                let group = out.group(g.kinds)?;
                out.groups[group].1 = out.groups[group].1.or(origins);
            }
            for leap in t.lame_leaps_of(index) {
                let open = (t.run(leap.path, leap.path_len).iter()).all(|&s| pos.board[s.index()].is_empty());
                if !open {
                    continue;
                }
                if attacker(leap.from, leap.kinds) {
                    return None;
                }
                let group = out.group(leap.kinds)?;
                out.groups[group].1 = out.groups[group].1.with(leap.from);
            }
            // The group of the last ray's kinds (rays of one kind often
            // follow each other).
            let mut last: Option<(KindSet, usize)> = None;
            let rays = slot.rays as usize..slot.rays_end as usize;
            for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
                let group = match last {
                    Some((kinds, group)) if kinds == ray.kinds => group,
                    _ => out.group(ray.kinds)?,
                };
                last = Some((ray.kinds, group));
                // The ray's squares up to its first piece, all in the
                // group of its kinds, and the first two pieces.
                let (run, first, second) = ray_run(variant, pos, ray, W::load(on_ray), occupied);
                out.groups[group].1 = out.groups[group].1.or(run);
                let Some(s) = first else {
                    continue;
                };
                if attacker(s, ray.kinds) {
                    return None;
                }
                // Its leaving opens the ray only onto an attacker of ours
                // behind it (it attacks along the ray itself from none of
                // its squares: it attacks from none of them now).
                if pos.board[s.index()].is_side(us) && second.is_some_and(|b| attacker(b, ray.kinds)) {
                    out.discover = out.discover.with(s);
                }
            }
        }
        Some(out.stored())
    }

    /// Every square a plain move must leave or reach to attack an enemy
    /// royal piece, none being attacked now.
    #[inline]
    pub(super) fn near(&self) -> &SquareSet {
        &self.near
    }

    /// The squares whose leaving may open an attack on an enemy royal.
    #[inline]
    pub(super) fn discover(&self) -> &SquareSet {
        &self.discover
    }

    /// The squares from which a piece of `kind` attacks an enemy royal
    /// piece on the board as it stands. A plain move that leaves no
    /// [`discover`](Self::discover) square gives check exactly when it
    /// reaches one of them: it opens no line or leap, the square it
    /// reaches only blocks, and the path from there to the royal is the
    /// same before and after it (its origin lies on none).
    pub(super) fn squares_of(&self, kind: Kind) -> SquareSet {
        if self.one_word {
            let mut out = 0;
            for (kinds, set) in &self.groups[..self.len as usize] {
                if kinds.contains(kind) {
                    out |= set.0[0];
                }
            }
            return SquareSet([out, 0, 0, 0]);
        }
        let mut out = SquareSet::EMPTY;
        for (kinds, set) in &self.groups[..self.len as usize] {
            if kinds.contains(kind) {
                out = out.union(set);
            }
        }
        out
    }
}

/// [`CheckSquares`] as it is worked out, its sets held as `W`.
struct Groups<W> {
    discover: W,
    near: W,
    groups: [(KindSet, W); GROUPS],
    len: u8,
}

impl<W: SetWords> Groups<W> {
    /// The index of the group of `kinds`, opened empty if there is none
    /// yet; `None` when there are more masks than the groups hold.
    #[inline(always)]
    fn group(&mut self, kinds: KindSet) -> Option<usize> {
        let len = self.len as usize;
        if let Some(group) = self.groups[..len].iter().position(|g| g.0 == kinds) {
            return Some(group);
        }
        if len == GROUPS {
            return None;
        }
        self.groups[len] = (kinds, W::EMPTY);
        self.len += 1;
        Some(len)
    }

    /// The check squares, the rays' squares up to their first pieces
    /// joined to `near` (the leaps' origins are in already).
    #[inline(always)]
    fn stored(self) -> CheckSquares {
        let mut near = self.near;
        for (_, set) in &self.groups[..self.len as usize] {
            near = near.or(*set);
        }
        CheckSquares {
            discover: self.discover.store(),
            near: near.store(),
            groups: self.groups.map(|(kinds, set)| (kinds, set.store())),
            len: self.len,
            one_word: W::ONE_WORD,
        }
    }
}

/// The squares of `ray` (its squares `on_ray`) up to and including its
/// first piece, and its first two pieces. Where the ray's square indices
/// run one way, found on the sets (`occupied`, the squares that are not
/// empty); otherwise by walking it.
#[inline(always)]
fn ray_run<W: SetWords>(
    variant: &Variant,
    pos: &Position,
    ray: &AttackRay,
    on_ray: W,
    occupied: W,
) -> (W, Option<Square>, Option<Square>) {
    let pieces = on_ray.and(occupied);
    match ray.order {
        1 => match pieces.first() {
            None => (on_ray, None, None),
            Some(b) => (on_ray.and(W::up_to(b)), Some(b), pieces.without(b).first()),
        },
        -1 => match pieces.last() {
            None => (on_ray, None, None),
            Some(b) => (on_ray.and(W::from_on(b)), Some(b), pieces.without(b).last()),
        },
        _ => {
            let run = variant.attacks.run(ray.ray, ray.len);
            let mut set = W::EMPTY;
            let mut found = run.iter().copied().filter(|s| !pos.board[s.index()].is_empty());
            let (first, second) = (found.next(), found.next());
            for &s in run {
                set = set.with(s);
                if Some(s) == first {
                    break;
                }
            }
            (set, first, second)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::CheckSquares;
    use crate::compile::Variant;
    use crate::engine::movegen::SafeMoves;
    use crate::engine::position::Position;

    /// Where the check squares are worked out, no enemy royal piece is
    /// attacked and their `near` squares are the ones `SafeMoves` works
    /// out for itself (so it may take them), over random games, with
    /// leaps, lame leaps and rays.
    #[test]
    fn near_squares_are_safe_moves_own() {
        let horses = r#"(
            extends: "chess",
            name: "King race with horses",
            start: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            castling: [],
            legal: ["own royal not attacked", "not attacked(enemy royal)"],
            end: ["exists(own royal & white ranks(8)): win", "stalemate: draw"],
            pieces: [(letter: 'N', name: "horse", moves: "nN", value: 300)],
        )"#;
        let variants = [
            Variant::from_text("race.ron", crate::engine::legality::tests::KING_RACE).unwrap(),
            Variant::from_text("horses.ron", horses).unwrap(),
        ];
        for variant in variants {
            let mut seed = 0x5a7e_u64;
            let (mut known, mut unknown) = (0, 0);
            for _game in 0..20 {
                let mut pos: Position = variant.start_position();
                for _ply in 0..40 {
                    match CheckSquares::new(&variant, &pos) {
                        Some(c) => {
                            assert_eq!(SafeMoves::check_near(&variant, &pos), (true, *c.near()));
                            known += 1;
                        }
                        None => unknown += 1,
                    }
                    let moves = variant.legal_moves(&pos);
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    pos.make(&variant, moves[(seed >> 33) as usize % moves.len()]);
                }
            }
            assert!(
                known > 200,
                "too few positions: {known} ({unknown} without check squares)"
            );
        }
    }
}
