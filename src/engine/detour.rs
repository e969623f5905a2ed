//! Captures by a detour (`captures follow a move as captured`): a piece
//! captures only by first making a move that captures nothing as a piece
//! of the captured piece's kind and side would (from its own square, with
//! that square seen as empty), and then capturing a piece of that kind by
//! its own moves from where that move ended. The whole is one move, from
//! the piece's square to the captured piece's (or the en passant target):
//! a capture reached by several such first moves is listed once. An
//! attack is read the same way, so a king is in check from a piece that
//! could step as a king would and then take it.
//!
//! The first move reads the captured side's move tables (a pawn's step
//! forward for its side, its double step from its side's initial rank);
//! the capture is the attack test of the capturer alone, standing on the
//! square the first move reached, and en passant where the target is the
//! board's and the piece taken so is of the kind.

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::kind_set::KindSet;
use crate::base::piece::{Cell, Kind};
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::MoveFilters;
use crate::compile::tables::{EN_PASSANT, HOPS, QUIET};

/// The most kinds whose enemy pieces a position's detour captures sort
/// by kind once (the others are looked up per mover).
const KINDS_KEPT: usize = 16;

mod detour_leaving;
mod detour_victims;
mod detour_words;

impl Variant {
    /// Replaces the captures among `out[start..]` (the pieces' own moves
    /// of the side to move) by the captures its pieces make by a detour.
    pub(super) fn detour_captures(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        let mut kept = start;
        for i in start..out.len() {
            if !matches!(out[i].kind, MoveKind::Capture | MoveKind::EnPassant) {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
        if self.programs.filters.detour_by_victim && self.detour_captures_by_victim(pos, out) {
            return;
        }
        if self.moves.board_squares <= 64 {
            self.detour_captures_in::<u64>(pos, out);
        } else {
            self.detour_captures_in::<SquareSet>(pos, out);
        }
    }

    /// [`detour_captures`](Self::detour_captures)' own part, its sets met
    /// as `W` (one word on a board of at most 64 squares).
    fn detour_captures_in<W: SetWords>(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let them = us.flip();
        let mut victims = 0u64;
        // The enemy pieces by kind (the first `KINDS_KEPT` kinds).
        let mut of_kind = [SquareSet::EMPTY; KINDS_KEPT];
        for sq in pos.occupied[them as usize].iter() {
            let kind = pos.board[sq.index()].kind().index();
            victims |= 1 << kind;
            if let Some(set) = of_kind.get_mut(kind) {
                set.insert(sq);
            }
        }
        // The kind en passant may take, if any.
        let ep_victim = pos.board[pos.ep_victim.index()];
        let ep_kind = (!pos.ep_targets.is_empty() && ep_victim.is_side(them)).then(|| ep_victim.kind());
        let taken = W::load(&taken_squares(pos));
        for from in pos.occupied[us as usize].iter() {
            let mover = pos.board[from.index()];
            let promotes_on = *self.promotion_targets(mover.kind(), us, from);
            let mut kinds = victims;
            while kinds != 0 {
                let kind = Kind::new(kinds.trailing_zeros() as u8);
                kinds &= kinds - 1;
                let of_kind = match of_kind.get(kind.index()) {
                    Some(set) => *set,
                    None => (pos.occupied[them as usize].iter())
                        .filter(|sq| pos.board[sq.index()].kind() == kind)
                        .collect(),
                };
                let ep_open = ep_kind == Some(kind);
                let (targets, en_passant) = self.detour_targets(pos, from, mover, kind, of_kind, taken, ep_open);
                if !targets.is_empty() {
                    for to in targets.iter() {
                        self.push_with(pos, out, &promotes_on, mover.kind(), us, from, to, MoveKind::Capture);
                    }
                }
                if ep_open {
                    for to in en_passant.iter() {
                        self.push_with(pos, out, &promotes_on, mover.kind(), us, from, to, MoveKind::EnPassant);
                    }
                }
            }
        }
    }

    /// The squares on which `mover`, standing on `from`, captures a piece
    /// of `kind` of the other side (those on `of_kind`) by a detour, and
    /// with `ep_open` (the board's en passant victim is of `kind`) the
    /// en passant targets on which it takes one so; `taken` holds the
    /// board's pieces and blocked squares.
    #[allow(clippy::too_many_arguments)]
    fn detour_targets<W: SetWords>(
        &self,
        pos: &Position,
        from: Square,
        mover: Cell,
        kind: Kind,
        of_kind: SquareSet,
        taken: W,
        ep_open: bool,
    ) -> (SquareSet, SquareSet) {
        let us = mover.color();
        let them = us.flip();
        let reach = self.detour_reach(us, mover.kind(), kind, from);
        let mut victims = match reach {
            Some(r) => of_kind.intersection(r),
            None => of_kind,
        };
        let (mut targets, mut en_passant) = (SquareSet::EMPTY, SquareSet::EMPTY);
        if victims.is_empty() && !ep_open {
            return (targets, en_passant);
        }
        let left = |s: Square| if s == from { Cell::EMPTY } else { pos.board[s.index()] };
        if reach.is_some() && !victims.is_empty() {
            // No piece hops: every first move's end is tried at once, a
            // word at a time where the slots allow.
            let rest = taken.without(from);
            let words = self.quiet_words(kind, them, from, rest).and_then(|first| {
                let mut found = W::EMPTY;
                for t in victims.iter() {
                    if self.attacked_from_words(rest, first, t, us, mover.kind(), kind)? {
                        found = found.with(t);
                    }
                }
                Some(found.store())
            });
            if let Some(found) = words {
                if !ep_open {
                    return (found, en_passant);
                }
                targets = found;
                victims = SquareSet::EMPTY;
            }
        }
        let first = self.quiet_squares(kind, them, from, left);
        if reach.is_some() {
            // No piece hops: every first move's end is tried at once.
            for t in victims.iter() {
                if self.attacked_from_any(left, &first, t, mover) {
                    targets.insert(t);
                }
            }
            if !ep_open {
                return (targets, en_passant);
            }
            victims = SquareSet::EMPTY;
        }
        for m in first.iter() {
            let cell = |s: Square| {
                if s == m { mover } else { left(s) }
            };
            let mut only = SquareSet::EMPTY;
            only.insert(m);
            for t in victims.iter() {
                if !targets.contains(t) && self.attacked_on_board(cell, &only, t, us, None, |s, _| s == m) {
                    targets.insert(t);
                }
            }
            if ep_open {
                en_passant = en_passant.union(&self.en_passant_squares(pos, m, mover, cell));
            }
        }
        (targets, en_passant)
    }

    /// With the load-time table (no piece hops): the squares an attacker
    /// of `side` and `kind` on `from` may take a piece of `captured` on by
    /// a detour, on the empty board; `None` without the table.
    #[inline]
    fn detour_reach(&self, side: Color, kind: Kind, captured: Kind, from: Square) -> Option<&SquareSet> {
        let table = &self.programs.filters.detour_reach;
        if table.is_empty() {
            return None;
        }
        let (kinds, n) = (self.pieces.len(), self.attacks.board_squares);
        Some(&table[MoveFilters::detour_index(kinds, n, side, kind, captured, from)])
    }

    /// Whether `attacker` (of the side attacking), standing on some
    /// square of `sources` (each empty on the board `cell` describes),
    /// attacks `sq` there by the attack tables, where no piece hops: the
    /// first leg's ends of a detour tried at once. Along a ray the first
    /// of them met is the nearest, and its path is open if any's is.
    fn attacked_from_any(
        &self,
        cell: impl Fn(Square) -> Cell,
        sources: &SquareSet,
        sq: Square,
        attacker: Cell,
    ) -> bool {
        let t = &self.attacks;
        let (by, kind) = (attacker.color(), attacker.kind());
        let victim = cell(sq);
        if sources.is_empty()
            || (self.pieces.has_limits()
                && !victim.is_empty()
                && self.pieces.cannot_capture(kind).contains(victim.kind()))
        {
            return false;
        }
        let index = t.slot_index(by, sq);
        let slot = t.slots[index];
        let empty = |s: Square| cell(s).is_empty();
        if t.leap_origins[index].intersects(sources)
            && t.leaps[slot.leaps as usize..slot.leaps_end as usize]
                .iter()
                .any(|leap| {
                    leap.kinds.contains(kind)
                        && sources.contains(leap.from)
                        && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s))
                })
        {
            return true;
        }
        let rays = slot.rays as usize..slot.rays_end as usize;
        t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]).any(|(ray, on_ray)| {
            ray.kinds.contains(kind)
                && on_ray.intersects(sources)
                && t.run(ray.ray, ray.len)
                    .iter()
                    .find(|&&s| sources.contains(s) || !empty(s))
                    .is_some_and(|&s| sources.contains(s))
        })
    }

    /// Whether `by` attacks `sq` by a detour, each attacker (its square
    /// and cell) taken where `accept` takes it: the attack test of
    /// `captures follow a move as captured`. An empty square, or one of
    /// `by`'s own pieces, is read by the plain test (`accept`ed alike).
    pub(crate) fn detour_attacked(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        accept: impl Fn(Square, Cell) -> bool,
    ) -> bool {
        let victim = pos.board[sq.index()];
        if !victim.is_side(by.flip()) {
            return self.attacked_accepting(pos, sq, by, accept);
        }
        let board = |s: Square| pos.board[s.index()];
        let taken = taken_squares(pos);
        if self.moves.board_squares <= 64 {
            self.detour_attacked_on(&board, &pos.occupied[by as usize], u64::load(&taken), sq, by, accept)
        } else {
            self.detour_attacked_on(&board, &pos.occupied[by as usize], taken, sq, by, accept)
        }
    }

    /// Whether `by` attacks the piece of the other side on `sq` by a
    /// detour once the piece on `vacated` (neither `sq`'s nor one of
    /// `by`'s) has left its square, nothing arriving anywhere: with
    /// `detour_plain_legal`, whether a plain move from `vacated` may
    /// leave the royal piece on `sq` attacked (a piece arriving, or one
    /// of `by`'s taken, only closes a detour).
    pub(crate) fn detour_attacked_vacated(&self, pos: &Position, sq: Square, by: Color, vacated: Square) -> bool {
        let board = |s: Square| {
            if s == vacated {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        let taken = taken_squares(pos);
        let theirs = &pos.occupied[by as usize];
        if self.moves.board_squares <= 64 {
            let taken = u64::load(&taken).without(vacated);
            self.detour_attacked_on(&board, theirs, taken, sq, by, |_, _| true)
        } else {
            self.detour_attacked_on(&board, theirs, taken.without(vacated), sq, by, |_, _| true)
        }
    }

    /// With `detour_plain_legal` and no own royal piece attacked: the
    /// squares of `exposure` (see [`detour_exposure`](Self::detour_exposure))
    /// whose own non-royal piece, leaving, lets `by` attack a royal piece
    /// on `royals` by a detour: each tried once with its square empty, so
    /// that every other piece's plain moves pass unplayed.
    pub(crate) fn detour_leaving(
        &self,
        pos: &Position,
        royals: &SquareSet,
        by: Color,
        exposure: SquareSet,
    ) -> SquareSet {
        let own = pos.occupied[by.flip() as usize].difference(royals);
        if self.programs.filters.detour_by_victim
            && let Some(out) = self.detour_leaving_words(pos, royals, by, exposure.intersection(&own).0[0])
        {
            return SquareSet([out, 0, 0, 0]);
        }
        (exposure.intersection(&own).iter())
            .filter(|&f| royals.iter().any(|sq| self.detour_attacked_vacated(pos, sq, by, f)))
            .collect()
    }

    /// [`detour_attacked`](Self::detour_attacked) on the board `board`
    /// describes, `theirs` the squares of `by`'s pieces there, `taken`
    /// its pieces and blocked squares (met as `W`), `sq` holding a piece
    /// of the other side.
    fn detour_attacked_on<W: SetWords>(
        &self,
        board: &impl Fn(Square) -> Cell,
        theirs: &SquareSet,
        taken: W,
        sq: Square,
        by: Color,
        accept: impl Fn(Square, Cell) -> bool,
    ) -> bool {
        let victim = board(sq);
        let them = by.flip();
        W::load(theirs).any(|f| {
            let attacker = board(f);
            let reach = self.detour_reach(by, attacker.kind(), victim.kind(), f);
            if reach.is_some_and(|r| !r.contains(sq)) {
                return false;
            }
            if reach.is_some() {
                // Both legs a word at a time where the slots allow.
                let rest = taken.without(f);
                let words = self
                    .quiet_words(victim.kind(), them, f, rest)
                    .and_then(|first| self.attacked_from_words(rest, first, sq, by, attacker.kind(), victim.kind()));
                if let Some(detour) = words {
                    return detour && accept(f, attacker);
                }
            }
            let left = |s: Square| if s == f { Cell::EMPTY } else { board(s) };
            let first = self.quiet_squares(victim.kind(), them, f, left);
            let detour = if reach.is_some() {
                self.attacked_from_any(left, &first, sq, attacker)
            } else {
                first.iter().any(|m| {
                    let cell = |s: Square| if s == m { attacker } else { left(s) };
                    let mut only = SquareSet::EMPTY;
                    only.insert(m);
                    self.attacked_on_board(cell, &only, sq, by, None, |s, _| s == m)
                })
            };
            detour && accept(f, attacker)
        })
    }

    /// With `detour_plain_legal`: the squares whose piece, moving off
    /// (a plain move), may let `by` attack the royal piece on `sq` by a
    /// detour where it did not: where an attacker's second leg starts
    /// (the origins of leaps towards `sq`, the first piece along each ray
    /// from it, and the second behind a first of `by`'s, whose square its
    /// own detour leaves empty) and the paths of lame leaps towards it.
    /// The first leg, a royal piece's step without a path, only gains the
    /// square left; a piece arriving only closes.
    pub(crate) fn detour_exposure(&self, pos: &Position, sq: Square, by: Color) -> SquareSet {
        let t = &self.attacks;
        let index = t.slot_index(by, sq);
        let slot = t.slots[index];
        let mut out = t.leap_origins[index].union(&t.leap_exposure[index]);
        for ray in &t.rays[slot.rays as usize..slot.rays_end as usize] {
            let mut pieces = t
                .run(ray.ray, ray.len)
                .iter()
                .filter(|&&s| !pos.board[s.index()].is_empty());
            if let Some(&first) = pieces.next() {
                out.insert(first);
                // The attacker's own square is empty for its second leg:
                // the piece behind an enemy piece may open the ray too.
                if pos.board[first.index()].is_side(by)
                    && let Some(&second) = pieces.next()
                {
                    out.insert(second);
                }
            }
        }
        out
    }

    /// The squares a piece of `kind` and `side` on `from` reaches by a move
    /// that captures nothing (no action, no en passant), on the board
    /// `cell` describes.
    fn quiet_squares(&self, kind: Kind, side: Color, from: Square, cell: impl Fn(Square) -> Cell) -> SquareSet {
        let t = &self.moves;
        let slot = t.slot(kind, side, from);
        let empty = |s: Square| cell(s).is_empty();
        let mut out = SquareSet::EMPTY;
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if leap.flags & QUIET != 0 && empty(leap.to) && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s)) {
                out.insert(leap.to);
            }
        }
        let no_hurdle = if self.pieces.has_limits() {
            self.pieces.cannot_hop(kind)
        } else {
            KindSet::EMPTY
        };
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            if ride.flags & QUIET == 0 {
                continue;
            }
            if ride.flags & HOPS != 0 && !no_hurdle.is_empty() {
                // A hurdle of a kind the piece may not hop over: no hop.
                let hurdle = t.run(ride.ray, ride.len).iter().find(|&&s| !empty(s));
                if hurdle.is_some_and(|&s| no_hurdle.contains(cell(s).kind())) {
                    continue;
                }
            }
            for &to in t.landing_run(ride, empty) {
                if !empty(to) {
                    break;
                }
                out.insert(to);
            }
        }
        out
    }

    /// The en passant targets of `pos` that `mover` (of the side to move),
    /// standing on `at` of the board `cell` describes, takes on.
    fn en_passant_squares(&self, pos: &Position, at: Square, mover: Cell, cell: impl Fn(Square) -> Cell) -> SquareSet {
        let t = &self.moves;
        let slot = t.slot(mover.kind(), mover.color(), at);
        let empty = |s: Square| cell(s).is_empty();
        let mut out = SquareSet::EMPTY;
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if leap.flags & EN_PASSANT != 0
                && pos.ep_targets.contains(leap.to)
                && empty(leap.to)
                && t.run(leap.path, leap.path_len).iter().all(|&s| empty(s))
            {
                out.insert(leap.to);
            }
        }
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            if ride.flags & EN_PASSANT == 0 {
                continue;
            }
            for &to in t.landing_run(ride, empty) {
                if !empty(to) {
                    break;
                }
                if pos.ep_targets.contains(to) {
                    out.insert(to);
                }
            }
        }
        out
    }
}

/// The squares of `pos` that hold a piece or are blocked.
#[inline]
fn taken_squares(pos: &Position) -> SquareSet {
    let mut taken = pos.occupied[0].union(&pos.occupied[1]);
    if pos.may_have_blocked.0 {
        taken = taken.union(&pos.blocked_squares());
    }
    taken
}

#[cfg(test)]
pub(in crate::engine) mod tests {
    use crate::base::square::{Color, SquareSet};
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use crate::engine::perft::Perft;
    use crate::engine::position::Position;

    /// Make&Take written inline (unit tests load no bundled fairy file).
    pub(in crate::engine) const MAKE_AND_TAKE: &str = r#"(
        extends: "chess",
        name: "Detours",
        pieces: [
            (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", pawn: true, value: 100, moves_in: [(squares: "ranks(1)", moves: "")]),
        ],
        legal: ["own royal not attacked", "captures follow a move as captured"],
    )"#;

    /// Plays `games` random games of at most `plies` plies with
    /// `variant`'s legal moves, seeded, and shows `visit` each position
    /// before its move (the game, the ply and the moves played so far).
    pub(in crate::engine) fn along_random_games(
        variant: &Variant,
        seed: u64,
        games: usize,
        plies: usize,
        mut visit: impl FnMut(usize, usize, &Position, &[(usize, usize)]),
    ) {
        let mut seed = seed;
        for game in 0..games {
            let mut pos: Position = variant.start_position();
            let mut played: Vec<(usize, usize)> = Vec::new();
            for ply in 0..plies {
                visit(game, ply, &pos, &played);
                let mut legal = Vec::new();
                variant.generate_legal(&pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let mv = legal[(seed >> 33) as usize % legal.len()];
                played.push((mv.from.index(), mv.to.index()));
                pos.make(variant, mv);
            }
        }
    }

    fn sorted(v: &Variant, pos: &Position) -> Vec<String> {
        let mut out = Vec::new();
        v.generate_legal(pos, &mut out);
        let mut names: Vec<String> = out.iter().map(|m: &Move| format!("{m:?}")).collect();
        names.sort();
        names
    }

    /// The load-time prefilter, the test of every first leg's end at
    /// once (no piece hops) and plain moves judged by the detour's
    /// exposure agree with the test of each end alone and every move
    /// played (the variant without the table and the shortcut): the legal
    /// moves and every square's attacks, on positions along seeded random
    /// games.
    #[test]
    fn the_detour_prefilter_agrees_with_each_first_move_tried() {
        let fast = Variant::from_text("detours.ron", MAKE_AND_TAKE).unwrap();
        assert!(!fast.programs.filters.detour_reach.is_empty() && fast.programs.filters.detour_plain_legal);
        let mut slow = fast.clone();
        slow.programs.filters.detour_reach = Vec::new();
        slow.programs.filters.detour_by_victim = false;
        // Every move played and judged on the board it leads to.
        slow.programs.filters.detour_plain_legal = false;
        let mut mid = fast.clone();
        mid.programs.filters.detour_plain_legal = false;
        mid.programs.filters.detour_by_victim = false;
        let (mut positions, mut attacked) = (0, 0);
        along_random_games(&fast, 0x0de7, 12, 80, |game, ply, pos, played| {
            let moves = sorted(&fast, pos);
            let expected = sorted(&slow, pos);
            if moves != expected {
                let only = |a: &[String], b: &[String]| -> Vec<String> {
                    a.iter().filter(|m| !b.contains(m)).cloned().collect()
                };
                panic!(
                    "{game}/{ply} after {played:?}: fast only {:?}, slow only {:?}, table without the shortcut agrees: {}",
                    only(&moves, &expected),
                    only(&expected, &moves),
                    sorted(&mid, pos) == expected
                );
            }
            positions += 1;
            for side in Color::BOTH {
                for sq in pos.occupied[0].union(&pos.occupied[1]).iter() {
                    let a = fast.is_attacked(pos, sq, side);
                    assert_eq!(a, slow.is_attacked(pos, sq, side), "{game}/{ply}: {sq:?} by {side:?}");
                    attacked += usize::from(a);
                }
            }
        });
        assert!(
            positions > 500 && attacked > 1000,
            "{positions} positions, {attacked} attacks"
        );
    }

    /// Plain moves judged by the pieces whose leaving opens a detour
    /// (`Variant::detour_leaving`, each tried once with its square empty)
    /// count as every move played does: perft 2 from positions along
    /// seeded random games, against the variant that plays every move
    /// (without the table too), and the positions where a piece of the
    /// exposure stays free are many.
    #[test]
    fn plain_moves_judged_by_what_they_leave_count_as_played() {
        let fast = Variant::from_text("detours.ron", MAKE_AND_TAKE).unwrap();
        let mut slow = fast.clone();
        slow.programs.filters.detour_reach = Vec::new();
        slow.programs.filters.detour_by_victim = false;
        slow.programs.filters.detour_plain_legal = false;
        let (mut compared, mut freed) = (0, 0);
        along_random_games(&fast, 0x5eed, 8, 60, |game, ply, pos, played| {
            if ply % 3 == 0 {
                let (a, b) = (Perft::new().count(&fast, pos, 2), Perft::new().count(&slow, pos, 2));
                assert_eq!(a, b, "{game}/{ply} after {played:?}");
                compared += 1;
            }
            let us = pos.side;
            let royals = pos.royals[us as usize];
            let exposure = (royals.iter()).fold(SquareSet::EMPTY, |e, sq| {
                e.union(&fast.detour_exposure(pos, sq, us.flip()))
            });
            let own = pos.occupied[us as usize].difference(&royals);
            let leaving = fast.detour_leaving(pos, &royals, us.flip(), exposure);
            freed += usize::from(exposure.intersection(&own).len() > leaving.len());
        });
        assert!(
            compared > 100 && freed > 100,
            "{compared} compared, {freed} with pieces freed"
        );
    }
}
