//! `after observed(...)` (see `move_filter`) without playing the move:
//! on the board a plain move leaves, only the pieces whose attack test
//! reads its origin or target may have become observed or stopped being
//! so ([`MoveFilters::readers`]); every other piece is observed as it was
//! before the move. What the position's pieces observe is found once per
//! position ([`ObservedBoard`]), so a move costs a few attack tests, not
//! one per piece; where attacks only close as pieces are added (no hops,
//! no piece limits) and nothing is observed before, a move that opens no
//! line between two enemy pieces of a kind costs the attack tests of its
//! mover alone.
//!
//! [`MoveFilters::readers`]: crate::compile::ir::MoveFilters::readers

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::{EN_PASSANT, passed_squares};

/// A move as the board it leaves: `from` emptied, `moved` on `to`
/// (whatever stood there captured), nothing else changed.
#[derive(Clone, Copy)]
pub(super) struct PlainChange {
    pub(super) from: Square,
    pub(super) to: Square,
    pub(super) moved: Cell,
}

/// The most piece kinds whose observations [`ObservedBoard`] keeps per
/// kind (a variant with more judges each move the longer way).
const OBSERVED_KINDS: usize = 16;

/// What the pieces of one position observe (a piece observes an enemy
/// piece of its kind that it attacks, by the attack tables alone), found
/// once for all the position's moves.
#[derive(Clone, Copy)]
pub(super) struct ObservedBoard {
    /// The pieces observed.
    pub(super) before: SquareSet,
    /// Whether some piece of `before` counts, royal pieces spared or not
    /// (indexed by `spare_royal`).
    counting: [bool; 2],
    /// With `monotone`: the squares whose piece alone stands between a
    /// piece and an enemy piece of its kind that would observe it (a ray's
    /// first piece, a lame leap's one blocker).
    opening: SquareSet,
    /// Whether attacks only close as pieces are added (no hops, no piece
    /// limits, at most [`OBSERVED_KINDS`] kinds), so that `opening` says
    /// where an emptied square opens an observation.
    monotone: bool,
    /// With `monotone`, at `side * OBSERVED_KINDS + kind`: the squares of
    /// that side's pieces of that kind.
    pieces: [SquareSet; 2 * OBSERVED_KINDS],
    /// With `monotone`, alike: every square whose attack test reads the
    /// square of one of those pieces (where they might attack).
    reach: [SquareSet; 2 * OBSERVED_KINDS],
    /// Once a double step asked: for that (side, kind), the squares its
    /// pieces could take a piece en passant on.
    en_passant: Option<(Color, Kind, SquareSet)>,
}

impl ObservedBoard {
    /// Whether [`Variant::surely_unobserved`] may judge a move: attacks
    /// are monotone and no piece that counts (royal pieces spared or not,
    /// by `spare_royal`) is observed.
    pub(super) fn judges_alone(&self, spare_royal: bool) -> bool {
        self.monotone && !self.counting[usize::from(spare_royal)]
    }

    /// The squares whose piece, leaving, may open an observation.
    pub(super) fn opening(&self) -> &SquareSet {
        &self.opening
    }
}

impl Variant {
    /// The board change of `mv` (by `piece`), where it is only a piece
    /// going from one square to another: a quiet move, a double step or a
    /// capture on the target, promoted or not, that no rule acts on.
    pub(super) fn plain_change(&self, piece: Cell, mv: &Move) -> Option<PlainChange> {
        if !matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
            || !mv.choices.is_empty()
            || !self.is_plain(mv)
            || self.programs.filters.readers.is_empty()
        {
            return None;
        }
        let kind = mv.promotion.unwrap_or(piece.kind());
        Some(PlainChange {
            from: mv.from,
            to: mv.to,
            moved: Cell::piece(kind, piece.color()),
        })
    }

    /// Whether the piece `piece` on `sq` is attacked by an enemy piece of
    /// its kind on the board `cell` describes (`theirs`: where the enemy
    /// pieces may stand), by the attack tables alone.
    /// With `only`, by the leaps and rays that read one of its squares.
    #[inline]
    fn observed_on(
        &self,
        cell: impl Fn(Square) -> Cell,
        theirs: &SquareSet,
        sq: Square,
        piece: Cell,
        only: Option<&SquareSet>,
    ) -> bool {
        let kind = piece.kind();
        self.attacked_on_board(cell, theirs, sq, piece.color().flip(), only, |_, c: Cell| {
            c.kind() == kind
        })
    }

    /// The pieces of `pos` attacked by an enemy piece of their kind (by
    /// the attack tables alone: no en passant).
    pub(super) fn observed_pieces(&self, pos: &Position) -> SquareSet {
        let cell = |s: Square| pos.board[s.index()];
        let mut out = SquareSet::EMPTY;
        for sq in pos.occupied[0].union(&pos.occupied[1]).iter() {
            let piece = cell(sq);
            if self.observed_on(cell, &pos.occupied[piece.color().flip() as usize], sq, piece, None) {
                out.insert(sq);
            }
        }
        out
    }

    /// The observations of `pos` ([`ObservedBoard`]): the pieces sorted
    /// by side and kind, then for each piece the leaps and rays of its
    /// attack slot that an enemy piece of its kind may use, walked once.
    pub(super) fn observed_board(&self, pos: &Position) -> ObservedBoard {
        let t = &self.attacks;
        let kinds = self.pieces.len();
        let mut board = ObservedBoard {
            before: SquareSet::EMPTY,
            counting: [false; 2],
            opening: SquareSet::EMPTY,
            monotone: !(t.has_hops || t.has_hop_leaps || self.pieces.has_limits() || kinds > OBSERVED_KINDS),
            pieces: [SquareSet::EMPTY; 2 * OBSERVED_KINDS],
            reach: [SquareSet::EMPTY; 2 * OBSERVED_KINDS],
            en_passant: None,
        };
        if !board.monotone {
            board.before = self.observed_pieces(pos);
            board.counting = self.counting_observed(pos, &board.before);
            return board;
        }
        let (n, readers) = (t.board_squares, &self.programs.filters.readers);
        for sq in pos.occupied[0].union(&pos.occupied[1]).iter() {
            let (side, kind) = (
                pos.board[sq.index()].color() as usize,
                pos.board[sq.index()].kind().index(),
            );
            board.pieces[side * OBSERVED_KINDS + kind].insert(sq);
            let reach = &mut board.reach[side * OBSERVED_KINDS + kind];
            *reach = reach.union(&readers[(side * kinds + kind) * n + sq.index()]);
        }
        let mut opening = SquareSet::EMPTY;
        // The squares that stop a ray: pieces, and blocked squares.
        let mut stops = pos.occupied[0].union(&pos.occupied[1]);
        if pos.may_have_blocked.0 {
            stops = stops.union(&pos.blocked_squares());
        }
        // Per side and kind, the pieces an enemy piece of their kind
        // might attack.
        for (k, by) in (0..kinds).flat_map(|k| Color::BOTH.map(|by| (k, by))) {
            let kind = Kind::from_index(k);
            let observers = &board.pieces[by as usize * OBSERVED_KINDS + k];
            let at = by.flip() as usize * OBSERVED_KINDS + k;
            if observers.is_empty() || board.pieces[at].is_empty() {
                continue;
            }
            let watched = board.pieces[at].intersection(&board.reach[by as usize * OBSERVED_KINDS + k]);
            for w in watched.iter() {
                self.walk_observed(pos, &stops, kind, by, w, observers, &mut board.before, &mut opening);
            }
        }
        board.opening = opening;
        board.counting = self.counting_observed(pos, &board.before);
        board
    }

    /// For the piece of `kind` on `w` and the enemy pieces of its kind on
    /// `observers` (of side `by`): adds `w` to `before` where one attacks
    /// it, and to `opening` the squares whose piece alone closes such an
    /// attack.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn walk_observed(
        &self,
        pos: &Position,
        stops: &SquareSet,
        kind: Kind,
        by: Color,
        w: Square,
        observers: &SquareSet,
        observed: &mut SquareSet,
        opening: &mut SquareSet,
    ) {
        let t = &self.attacks;
        let full = |s: &&Square| !pos.board[s.index()].is_empty();
        let index = t.slot_index(by, w);
        let mut before = false;
        if t.leap_origins[index].intersects(observers) {
            // Plain leaps, merged by kinds: open whatever stands around.
            before =
                (t.leap_groups_of(index).iter()).any(|g| g.kinds.contains(kind) && g.origins.intersects(observers));
            for leap in t.lame_leaps_of(index) {
                if leap.kinds.contains(kind) && observers.contains(leap.from) {
                    let mut blockers = t.run(leap.path, leap.path_len).iter().filter(full);
                    match (blockers.next(), blockers.next()) {
                        (None, _) => before = true,
                        (Some(&s), None) => opening.insert(s),
                        _ => {}
                    }
                }
            }
        }
        if t.ray_kinds.contains(kind) {
            let slot = t.slots[index];
            let rays = slot.rays as usize..slot.rays_end as usize;
            for (ray, on_ray) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
                if !ray.kinds.contains(kind) || !on_ray.intersects(observers) {
                    continue;
                }
                // Its first two pieces: where the ray's square indices run
                // one way, the lowest (or highest) of those on it.
                let mut on = on_ray.intersection(stops);
                let (first, second) = match ray.order {
                    1 => (on.first(), on.first().and_then(|b| (on.remove(b), on.first()).1)),
                    -1 => (on.last(), on.last().and_then(|b| (on.remove(b), on.last()).1)),
                    _ => {
                        let mut pieces = t.run(ray.ray, ray.len).iter().filter(full).copied();
                        (pieces.next(), pieces.next())
                    }
                };
                match first {
                    Some(first) if observers.contains(first) => before = true,
                    Some(first) if second.is_some_and(|s| observers.contains(s)) => opening.insert(first),
                    _ => {}
                }
            }
        }
        if before {
            observed.insert(w);
        }
    }

    /// Whether some piece of `observed` counts, royal pieces spared or
    /// not (indexed by `spare_royal`).
    fn counting_observed(&self, pos: &Position, observed: &SquareSet) -> [bool; 2] {
        let spared = |sq: Square| self.is_royal(pos.board[sq.index()].kind());
        [!observed.is_empty(), observed.iter().any(|sq| !spared(sq))]
    }

    /// [`observed_after_change`](Self::observed_after_change) with the
    /// observations of `pos` known. Where attacks are monotone, no piece
    /// that counts is observed before and the move's origin opens no
    /// observation, a piece is observed after the move only if the mover
    /// is, or observes one (every other line is closed as before or more).
    pub(super) fn observed_after_known(
        &self,
        pos: &Position,
        board: &ObservedBoard,
        change: PlainChange,
        spare_royal: bool,
    ) -> bool {
        let PlainChange { from, to, moved } = change;
        if !board.monotone || board.counting[usize::from(spare_royal)] || board.opening.contains(from) {
            return self.observed_after_change(pos, &board.before, change, spare_royal);
        }
        let kind = moved.kind();
        let (us, them) = (moved.color(), moved.color().flip());
        let at = |side: Color| side as usize * OBSERVED_KINDS + kind.index();
        let n = self.attacks.board_squares;
        // Where the mover on `to` might attack (the squares whose attack
        // test reads `to`).
        let readers = &self.programs.filters.readers[(us as usize * self.pieces.len() + kind.index()) * n + to.index()];
        // Neither might an enemy piece of its kind attack it there, nor it
        // one: nothing is observed (most moves end here).
        if !board.reach[at(them)].contains(to) && !readers.intersects(&board.pieces[at(them)]) {
            return false;
        }
        // The enemy pieces of the mover's kind, but one it captures.
        let mut theirs = board.pieces[at(them)];
        theirs.remove(to);
        if theirs.is_empty() || (spare_royal && self.is_royal(kind)) {
            return false;
        }
        let cell = |s: Square| {
            if s == to {
                moved
            } else if s == from {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        let same = |_, c: Cell| c.kind() == kind;
        if board.reach[at(them)].contains(to) && self.attacked_on_board(cell, &theirs, to, them, None, same) {
            return true;
        }
        let mut ours = board.pieces[at(us)];
        ours.remove(from);
        ours.insert(to);
        let mut only = SquareSet::EMPTY;
        only.insert(to);
        (readers.intersection(&theirs).iter()).any(|sq| self.attacked_on_board(cell, &ours, sq, us, Some(&only), same))
    }

    /// Where `board.judges_alone(spare_royal)`: whether a plain move of
    /// `moved` (not promoted, not a double step) from a square off
    /// `board.opening()` onto `to` surely leaves no piece that counts
    /// observed: the mover spared, or no enemy piece of its kind might
    /// attack `to` nor be attacked from there (the first answer of
    /// [`observed_after_known`](Self::observed_after_known)).
    #[inline(always)]
    pub(super) fn surely_unobserved(&self, board: &ObservedBoard, moved: Cell, to: Square, spare_royal: bool) -> bool {
        let kind = moved.kind();
        if spare_royal && self.is_royal(kind) {
            return true;
        }
        let (us, them) = (moved.color() as usize, moved.color().flip() as usize);
        let n = self.attacks.board_squares;
        let readers = &self.programs.filters.readers[(us * self.pieces.len() + kind.index()) * n + to.index()];
        let at = them * OBSERVED_KINDS + kind.index();
        !board.reach[at].contains(to) && !readers.intersects(&board.pieces[at])
    }

    /// Whether an enemy piece of the kind of `piece`, making the double
    /// step `mv`, has an en passant leap onto a square the step passes:
    /// where none has, the piece cannot be taken en passant after it.
    /// The squares such leaps reach are found once per position.
    pub(super) fn may_take_en_passant(
        &self,
        pos: &Position,
        board: &mut ObservedBoard,
        piece: Cell,
        mv: &Move,
    ) -> bool {
        let (kind, them) = (piece.kind(), piece.color().flip());
        if mv.promotion.is_some() {
            return false;
        }
        let landing = match board.en_passant {
            Some((side, k, landing)) if side == them && k == kind => landing,
            _ => {
                let takers = if board.monotone {
                    board.pieces[them as usize * OBSERVED_KINDS + kind.index()]
                } else {
                    pos.occupied[them as usize]
                };
                let t = &self.moves;
                let mut landing = SquareSet::EMPTY;
                for from in takers.iter().filter(|&from| pos.board[from.index()].kind() == kind) {
                    let slot = t.slot(kind, them, from);
                    for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                        if leap.flags & EN_PASSANT != 0 {
                            landing.insert(leap.to);
                        }
                    }
                }
                board.en_passant = Some((them, kind, landing));
                landing
            }
        };
        let g = &self.geometry;
        let delta = (g.file(mv.to) - g.file(mv.from), g.rank(mv.to) - g.rank(mv.from));
        !landing.is_empty() && passed_squares(g, mv.from, delta).any(|s| landing.contains(s))
    }

    /// Whether, on the board `change` leaves `pos`, some piece (royal ones
    /// spared with `spare_royal`) is attacked by an enemy piece of its
    /// kind, by the attack tables alone; `before` holds
    /// [`observed_pieces`](Self::observed_pieces) of `pos`.
    pub(super) fn observed_after_change(
        &self,
        pos: &Position,
        before: &SquareSet,
        change: PlainChange,
        spare_royal: bool,
    ) -> bool {
        let PlainChange { from, to, moved } = change;
        let counts = |sq: Square, piece: Cell| !(spare_royal && self.is_royal(piece.kind())) && sq != from && sq != to;
        // Observed before, and read by neither square for an enemy of its
        // kind: observed still.
        let readers = &self.programs.filters.readers;
        let n = self.attacks.board_squares;
        let kinds = self.pieces.len();
        let reads = |sq: Square, piece: Cell| {
            let at = (piece.color().flip() as usize * kinds + piece.kind().index()) * n;
            readers[at + from.index()].contains(sq) || readers[at + to.index()].contains(sq)
        };
        let mut occupied = pos.occupied;
        for side in &mut occupied {
            side.remove(from);
            side.remove(to);
        }
        occupied[moved.color() as usize].insert(to);
        let mut affected: SquareSet = (occupied[0].union(&occupied[1]).iter())
            .filter(|&sq| sq != to && reads(sq, pos.board[sq.index()]))
            .collect();
        affected.insert(to);
        if before
            .difference(&affected)
            .iter()
            .any(|sq| counts(sq, pos.board[sq.index()]))
        {
            return true;
        }
        let cell = |s: Square| {
            if s == to {
                moved
            } else if s == from {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        // A piece not observed before, but the mover, is observed now only
        // by a leap or ray that reads a square the move changed.
        let mut changed = SquareSet::EMPTY;
        changed.insert(from);
        changed.insert(to);
        affected.iter().any(|sq| {
            let piece = cell(sq);
            let only = (sq != to && !before.contains(sq)).then_some(&changed);
            !(spare_royal && self.is_royal(piece.kind()))
                && self.observed_on(cell, &occupied[piece.color().flip() as usize], sq, piece, only)
        })
    }
}
