//! Counting the legal moves of a position without listing them all:
//! perft's last ply. A piece whose plain moves are all legal (see
//! `SafeMoves::free_pieces`) has them counted as the generator finds them;
//! every other move is listed and judged as [`Variant::generate_legal`]
//! judges it, so the count is always the length of that list.

mod block_count;
mod bounce_count;
mod captures_first;
mod detour_count;
mod observed_count;
mod plain_word;
mod royal_free;
mod step_kinds;
mod unjudged;
mod wall_actions;

use super::check_squares::CheckSquares;
use super::movegen::{MoveSink, SafeMoves};
use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::Kind;
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::{CAPTURE, EN_PASSANT, QUIET, SETS_EN_PASSANT};
use plain_word::KindChecks;

impl Variant {
    /// How many legal moves the side to move has: the length of
    /// [`generate_legal`](Self::generate_legal)'s list, with `listed` as
    /// the buffer for the moves that must be judged one by one.
    pub(crate) fn count_legal(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        let p = &self.programs;
        // Gated moves follow the legal ones: the list decides.
        if self.gating() {
            self.generate_legal(pos, listed);
            return listed.len() as u64;
        }
        // Follow-up choices that no clause judges: counted per move.
        if p.has_choices
            && p.legal.is_empty()
            && !p.placement_refuses
            && !(p.captures_compulsory || p.drops_compulsory || self.pass_on_stalemate || p.filters.any_for(pos.side))
        {
            listed.clear();
            if self.ended_by_rule(pos).is_some() {
                return 0;
            }
            self.generate_base(pos, listed);
            if let Some(required) = p.block_empty {
                return self.count_blocks(pos, listed, required);
            }
            return self.count_follow_ups(pos, listed);
        }
        // Captures by a detour, found per victim: counted as found.
        if p.filters.captures_detour
            && self.counts_detours(pos.side)
            && let Some(counted) = self.count_detours(pos, listed)
        {
            return counted;
        }
        // Compulsory captures and a pass on stalemate judge moves against
        // each other, and so do follow-up choices where a move counted as
        // plain may ask for one: the list decides.
        if (p.has_choices && !self.plain_moves_ask_nothing())
            || p.captures_compulsory
            || p.drops_compulsory
            || self.pass_on_stalemate
            || p.filters.any_for(pos.side)
        {
            // `captures are compulsory` the only judge: counted by sets.
            if p.captures_alone_judge {
                return self.count_captures_first(pos, listed);
            }
            // One `not after observed(...)` filter: most moves pass it at
            // sight.
            if p.filters.sole_observed_after.is_some()
                && let Some(counted) = self.count_sole_observed_after(pos, listed)
            {
                return counted;
            }
            // But a direct bounce is counted by sets where no clause
            // compares moves.
            if self.counts_bounces(pos) {
                return self.count_with_bounces(pos, listed);
            }
            self.generate_legal(pos, listed);
            return listed.len() as u64;
        }
        listed.clear();
        if self.ended_by_rule(pos).is_some() {
            return 0;
        }
        let us = pos.side;
        if p.forbids_checks {
            return self.count_legal_forbidding_checks(pos, listed);
        }
        if p.legal.is_empty() && !p.placement_refuses {
            // No clause judges a move: every one is legal.
            return self.count_unjudged(pos, listed);
        }
        if p.royal_free_legal && pos.royals[us as usize].is_empty() {
            return self.count_royal_free(pos, listed);
        }
        let safe = SafeMoves::new(self, pos);
        let free = safe.free_pieces(pos);
        // A free piece's move counts where it is plain, or where its rules
        // keep the plain move's legality and cannot turn the mover (see
        // `SafeMoves::allows`).
        let kept = p.rules_keep_legality || p.rules_recolour_mover;
        let counts = |kind, capture: bool| {
            self.is_plain(&Move::new(Square::new(0), Square::new(0), kind))
                || (kept && !(p.rules_recolour_mover && p.turns_mover[usize::from(capture)]))
        };
        let mut counter =
            LeafCounter::<false>::new(counts(MoveKind::Quiet, false), counts(MoveKind::Capture, true), listed);
        let empty = pos.empty_squares(&p.all);
        let enemy = pos.occupied[us.flip() as usize];
        // `free` holds only pieces of the side to move.
        let rest = self.count_step_kinds(pos, us, free, &empty, &enemy, &mut counter);
        each_square(&rest, |from| {
            if !self.count_free_piece::<false, NoGather, SquareSet>(pos, from, us, &empty, &enemy, &mut counter) {
                self.generate_piece(pos, from, us, true, &mut counter);
            }
        });
        let mut judged = JudgedCounter {
            safe: &safe,
            counted: counter.counted,
            listed: counter.listed,
        };
        each_square(&pos.occupied[us as usize].difference(&free), |from| {
            self.generate_piece(pos, from, us, true, &mut judged);
        });
        counter.counted = judged.counted;
        let mut counted = counter.counted;
        if p.side_walls_tabled && !p.has_choices {
            // The side's walling actions are judged as they are found.
            counted += self.count_not_by_pieces(&safe, pos, listed);
        } else {
            self.generate_not_by_pieces(pos, listed);
        }
        if p.has_choices {
            self.complete_listed(&safe, pos, listed);
        } else {
            listed.retain(|mv| self.judge(&safe, pos, mv, None));
        }
        counted + listed.len() as u64
    }

    /// Replaces the moves in `listed` by the legal ones among their
    /// complete forms, each choice made, as `generate_judged` completes
    /// them. Kept out of line (see [`each_square`]).
    #[inline(never)]
    fn complete_listed(&self, safe: &SafeMoves, pos: &Position, listed: &mut Vec<Move>) {
        let mut keep = |mv: &Move, child: Option<&Position>| self.judge(safe, pos, mv, child);
        self.expand_follow_ups(pos, listed, 0, true, safe.royal_attacks_decide(), &mut keep);
    }

    /// Whether no move that perft's last ply counts without listing it
    /// (a plain move, or one the legality shortcut allows) may ask for a
    /// follow-up choice: no after-move rule (a declined bounce is plain),
    /// no rules that keep a move's legality (counted as plain), and no
    /// check that `not` clauses forbid (counted by their own path).
    fn plain_moves_ask_nothing(&self) -> bool {
        let p = &self.programs;
        p.after_move.is_empty() && !p.rules_keep_legality && !p.rules_recolour_mover && !p.forbids_checks
    }
}

/// Calls `f` on the squares of `set` in order, always inlined with `f`'s
/// body into the caller. `SquareIter::fold` does the same walk, but it is
/// only `#[inline]`: once [`Variant::count_legal`] grew (the follow-up
/// count), the compiler kept the two loops over pieces out of line, which
/// cost chess perft about 5% of its instructions.
#[inline(always)]
fn each_square(set: &SquareSet, mut f: impl FnMut(Square)) {
    for (word, &bits) in set.0.iter().enumerate() {
        let mut w = bits;
        while w != 0 {
            f(Square::from_index(word * 64 + w.trailing_zeros() as usize));
            w &= w - 1;
        }
    }
}

/// [`each_square`] over the words a set of `W` holds: one on a board of
/// at most 64 squares, whose other words are empty.
#[inline(always)]
fn each_square_of<W: SetWords>(set: &SquareSet, mut f: impl FnMut(Square)) {
    if W::ONE_WORD {
        let mut w = set.0[0];
        while w != 0 {
            f(Square::from_index(w.trailing_zeros() as usize));
            w &= w - 1;
        }
    } else {
        each_square(set, f);
    }
}

impl Variant {
    /// [`count_legal`](Self::count_legal) past its early answers, where
    /// giving check is forbidden (a `not attacked(enemy royal)` clause): a
    /// piece that opens no line to an enemy royal (see
    /// `SafeMoves::check_free_pieces`) may give check only by its own
    /// arrival, on the squares [`CheckSquares`] works out for its kind: its
    /// plain moves there are illegal, and its other plain moves count as a
    /// free piece's do (`count_free_piece`, those squares left out). The
    /// other pieces' moves are judged as [`JudgedCounter`] judges them.
    #[inline(never)]
    fn count_legal_forbidding_checks(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        // A board of at most 64 squares: the free pieces' sets in one word.
        if self.moves.board_squares <= 64 {
            self.count_forbidding_checks::<u64>(pos, listed)
        } else {
            self.count_forbidding_checks::<SquareSet>(pos, listed)
        }
    }

    /// [`count_legal_forbidding_checks`](Self::count_legal_forbidding_checks),
    /// the free pieces' sets met as `W`.
    #[inline(always)]
    fn count_forbidding_checks<W: SetWords>(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        let us = pos.side;
        let check_squares = CheckSquares::new(self, pos);
        let safe = SafeMoves::knowing_checks(self, pos, check_squares.as_ref());
        let plain = |kind| self.is_plain(&Move::new(Square::new(0), Square::new(0), kind));
        let (quiet_plain, capture_plain) = (plain(MoveKind::Quiet), plain(MoveKind::Capture));
        let empty = pos.empty_squares(&self.programs.all);
        let enemy = pos.occupied[us.flip() as usize];
        let mut counted = 0;
        let mut rest = pos.occupied[us as usize];
        if let Some(c) = &check_squares {
            let check_free = safe.check_free_pieces(pos, c);
            rest = rest.difference(&check_free);
            let mut kinds = KindChecks::<W>::new();
            let (empty_word, enemy_word) = (empty.0[0], enemy.0[0]);
            each_square_of::<W>(&check_free, |from| {
                let kind = pos.board[from.index()].kind();
                let (checks, words) = kinds.of(self, c, kind, us, quiet_plain && capture_plain);
                if words
                    && let Some(n) = self.count_plain_word(kind, us, from, empty_word, enemy_word, checks.store().0[0])
                {
                    counted += n;
                    return;
                }
                // Counted as a free piece's, its checks left out.
                let mut fast = LeafCounter::<true>::new(quiet_plain, capture_plain, listed);
                fast.excluded = checks.store();
                if self.count_free_piece::<true, NoGather, W>(pos, from, us, &empty, &enemy, &mut fast) {
                    counted += fast.counted;
                    return;
                }
                let mut counter = NoCheckCounter {
                    safe: &safe,
                    checks: Some(checks.store()),
                    inner: LeafCounter::new(quiet_plain, capture_plain, listed),
                };
                self.generate_piece(pos, from, us, true, &mut counter);
                counted += counter.inner.counted;
            });
        }
        each_square(&rest, |from| {
            let mut counter = NoCheckCounter {
                safe: &safe,
                checks: None,
                inner: LeafCounter::new(quiet_plain, capture_plain, listed),
            };
            self.generate_piece(pos, from, us, true, &mut counter);
            counted += counter.inner.counted;
        });
        self.generate_not_by_pieces(pos, listed);
        listed.retain(|mv| self.judge(&safe, pos, mv, None));
        counted + listed.len() as u64
    }
}

impl Variant {
    /// Counts the moves of the free piece on `from` into `counter` when its
    /// slot is countable (see [`Slot::countable`](crate::compile::tables::Slot))
    /// and it has no actions: its plain leaps from its [`LeapSets`] met
    /// with the board (`empty`, `enemy`), its other leaps and its rides one
    /// by one. A move that is not plain as it is (a promotion, en passant,
    /// a capture that fires a rule) goes through the counter, which lists
    /// it. False, having done nothing, for any other piece. With
    /// `EXCLUDES`, a plain move to a square of the counter's `excluded`
    /// set is dropped instead of counted (a check where checks are
    /// forbidden). The leap sets are met with the board as `W` (one word
    /// on a board of at most 64 squares). Where the counter gathers the
    /// targets of the moves it counts (`G` is [`Targets`]), a piece with
    /// actions is counted too, its actions listed; with [`OwnMoves`], its
    /// own moves only.
    ///
    /// [`LeapSets`]: crate::compile::tables::LeapSets
    #[inline(always)]
    fn count_free_piece<const EXCLUDES: bool, G: Gather, W: SetWords>(
        &self,
        pos: &Position,
        from: Square,
        us: Color,
        empty: &SquareSet,
        enemy: &SquareSet,
        counter: &mut LeafCounter<'_, EXCLUDES, G>,
    ) -> bool {
        let t = &self.moves;
        let kind = pos.board[from.index()].kind();
        let slot = t.slot(kind, us, from);
        let acts = self.programs.action_kinds.contains(kind);
        if !slot.countable || self.pieces.has_limits() || (acts && !G::ON && !G::ACTIONS_APART) {
            return false;
        }
        let promotes_on = self.promotion_targets(kind, us, from);
        let sets = t.leap_sets(kind, us, from);
        let promotes = W::load(promotes_on);
        let quiet = W::load(&sets.quiet).and(W::load(empty));
        if counter.quiet_plain && quiet.and(promotes).is_empty() {
            counter.counted += u64::from(counter.kept(quiet).len());
            counter.gather(counter.kept(quiet));
        } else {
            quiet.store().iter().for_each(|to| {
                counter.take(self, pos, promotes_on, kind, us, from, to, MoveKind::Quiet);
            });
        }
        let captures = if G::CAPTURES {
            W::load(&sets.capture).and(W::load(enemy))
        } else {
            W::EMPTY
        };
        if counter.capture_plain && captures.and(promotes).is_empty() {
            counter.counted += u64::from(counter.kept(captures).len());
            counter.gather(counter.kept(captures));
        } else {
            captures.store().iter().for_each(|to| {
                counter.take(self, pos, promotes_on, kind, us, from, to, MoveKind::Capture);
            });
        }
        if G::CAPTURES && sets.en_passant.intersects(&pos.ep_targets) {
            for to in sets.en_passant.intersection(&pos.ep_targets).intersection(empty).iter() {
                counter.take(self, pos, promotes_on, kind, us, from, to, MoveKind::EnPassant);
            }
        }
        for leap in &t.rest_leaps[sets.rest as usize..sets.rest_end as usize] {
            if !t
                .run(leap.path, leap.path_len)
                .iter()
                .all(|&s| pos.board[s.index()].is_empty())
            {
                continue;
            }
            let target = pos.board[leap.to.index()];
            if target.is_empty() {
                if leap.flags & QUIET != 0 {
                    let move_kind = if leap.flags & SETS_EN_PASSANT != 0 {
                        MoveKind::Initial
                    } else {
                        MoveKind::Quiet
                    };
                    counter.take(self, pos, promotes_on, kind, us, from, leap.to, move_kind);
                } else if G::CAPTURES && leap.flags & EN_PASSANT != 0 && pos.ep_targets.contains(leap.to) {
                    counter.take(self, pos, promotes_on, kind, us, from, leap.to, MoveKind::EnPassant);
                }
            } else if G::CAPTURES && leap.flags & CAPTURE != 0 && target.is_side(us.flip()) {
                counter.take(self, pos, promotes_on, kind, us, from, leap.to, MoveKind::Capture);
            }
        }
        // Quiet moves along rays count in one tight loop where each is
        // plain and none promotes (nor, gathering targets, sets en passant).
        let quiet_counted = counter.quiet_plain && promotes_on.is_empty();
        let tight = if G::ON {
            QUIET | CAPTURE
        } else {
            QUIET | CAPTURE | SETS_EN_PASSANT
        };
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            let run = t.run(ride.ray, ride.len);
            if quiet_counted && ride.flags & !tight == 0 && ride.flags & QUIET != 0 {
                let mut quiet = 0;
                for &to in run {
                    let target = pos.board[to.index()];
                    if target.is_empty() {
                        quiet += u64::from(!EXCLUDES || !counter.excluded.contains(to));
                        counter.gathered.add(to, false);
                        continue;
                    }
                    if G::CAPTURES && ride.flags & CAPTURE != 0 && target.is_side(us.flip()) {
                        counter.take(self, pos, promotes_on, kind, us, from, to, MoveKind::Capture);
                    }
                    break;
                }
                counter.counted += quiet;
                continue;
            }
            for (i, &to) in run.iter().enumerate() {
                let target = pos.board[to.index()];
                if target.is_empty() {
                    if ride.flags & QUIET != 0 {
                        let move_kind = if i > 0 && ride.flags & SETS_EN_PASSANT != 0 {
                            MoveKind::Initial
                        } else {
                            MoveKind::Quiet
                        };
                        counter.take(self, pos, promotes_on, kind, us, from, to, move_kind);
                    } else if G::CAPTURES && ride.flags & EN_PASSANT != 0 && pos.ep_targets.contains(to) {
                        counter.take(self, pos, promotes_on, kind, us, from, to, MoveKind::EnPassant);
                    }
                    continue;
                }
                if G::CAPTURES && ride.flags & CAPTURE != 0 && target.is_side(us.flip()) {
                    counter.take(self, pos, promotes_on, kind, us, from, to, MoveKind::Capture);
                }
                break;
            }
        }
        if G::ON && acts && self.programs.may_act_from(kind, us, from) {
            self.generate_piece_actions(pos, from, kind, us, true, counter.listed);
        }
        true
    }
}

/// A [`MoveSink`] for pieces whose plain moves are all legal: it counts
/// the quiet moves and captures that are plain and promote nowhere, and
/// lists the rest (en passant, promotions, moves that fire a rule). With
/// `EXCLUDES`, a plain move to a square of `excluded` is dropped. What it
/// gathers of the moves it counts is `G`'s: nothing, or their targets.
struct LeafCounter<'a, const EXCLUDES: bool, G: Gather = NoGather> {
    counted: u64,
    /// With `EXCLUDES`: where a plain move is illegal.
    excluded: SquareSet,
    /// What it gathered of the moves counted since it was last emptied.
    gathered: G,
    /// A quiet move or double step fires no rule.
    quiet_plain: bool,
    /// A capture fires no rule.
    capture_plain: bool,
    listed: &'a mut Vec<Move>,
}

impl<'a, const EXCLUDES: bool, G: Gather> LeafCounter<'a, EXCLUDES, G> {
    fn new(quiet_plain: bool, capture_plain: bool, listed: &'a mut Vec<Move>) -> LeafCounter<'a, EXCLUDES, G> {
        LeafCounter {
            counted: 0,
            excluded: SquareSet::EMPTY,
            gathered: G::default(),
            quiet_plain,
            capture_plain,
            listed,
        }
    }

    /// The squares of `set` a plain move may go to.
    #[inline(always)]
    fn kept<W: SetWords>(&self, set: W) -> W {
        if EXCLUDES {
            set.and_not(W::load(&self.excluded))
        } else {
            set
        }
    }

    /// Gathers the targets of `set` (of moves counted).
    #[inline(always)]
    fn gather<W: SetWords>(&mut self, set: W) {
        if G::ON {
            self.gathered.add_set(set.store());
        }
    }
}

/// What a [`LeafCounter`] gathers of the moves it counts.
trait Gather: Default {
    /// Whether it gathers anything.
    const ON: bool;
    /// Whether a piece with actions is counted too, its actions left to
    /// the caller (see [`OwnMoves`]).
    const ACTIONS_APART: bool = false;
    /// Whether the piece's captures and en passant are counted (or
    /// listed) too: not where they are found otherwise (a detour's, see
    /// `detour_count`).
    const CAPTURES: bool = true;
    /// Gathers the target `to` of a move (`initial`: a double step).
    fn add(&mut self, to: Square, initial: bool);
    /// Gathers the targets of `set`, none of them a double step's.
    fn add_set(&mut self, set: SquareSet);
}

/// Gathers nothing.
#[derive(Default)]
struct NoGather;

impl Gather for NoGather {
    const ON: bool = false;

    #[inline(always)]
    fn add(&mut self, _: Square, _: bool) {}

    #[inline(always)]
    fn add_set(&mut self, _: SquareSet) {}
}

/// Gathers nothing, and counts a piece with actions too, its own moves
/// only: the caller counts its actions (perft's last ply where no clause
/// judges a move, `unjudged`).
#[derive(Default)]
struct OwnMoves;

impl Gather for OwnMoves {
    const ON: bool = false;
    const ACTIONS_APART: bool = true;

    #[inline(always)]
    fn add(&mut self, _: Square, _: bool) {}

    #[inline(always)]
    fn add_set(&mut self, _: SquareSet) {}
}

/// The targets of the moves counted.
#[derive(Default)]
struct Targets {
    all: SquareSet,
    /// Those reached by a double step (a move that sets en passant).
    initial: SquareSet,
}

impl Gather for Targets {
    const ON: bool = true;

    #[inline(always)]
    fn add(&mut self, to: Square, initial: bool) {
        self.all.insert(to);
        if initial {
            self.initial.insert(to);
        }
    }

    #[inline(always)]
    fn add_set(&mut self, set: SquareSet) {
        self.all = self.all.union(&set);
    }
}

impl<const EXCLUDES: bool, G: Gather> MoveSink for LeafCounter<'_, EXCLUDES, G> {
    #[inline(always)]
    fn take(
        &mut self,
        variant: &Variant,
        pos: &Position,
        promotes_on: &SquareSet,
        kind: Kind,
        us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        let plain = match move_kind {
            MoveKind::Quiet | MoveKind::Initial => self.quiet_plain,
            MoveKind::Capture => self.capture_plain,
            _ => false,
        };
        if plain && !promotes_on.contains(to) {
            self.counted += u64::from(!EXCLUDES || !self.excluded.contains(to));
            self.gathered.add(to, move_kind == MoveKind::Initial);
        } else {
            variant.push_with(pos, self.listed, promotes_on, kind, us, from, to, move_kind);
        }
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.listed
    }
}

/// The [`MoveSink`] of [`Variant::count_legal_forbidding_checks`]. For a
/// piece with `checks` (one that opens no line to an enemy royal), a plain
/// move there gives check and is dropped, another plain move counts, and
/// the rest (promotions, en passant, moves that fire a rule) are listed
/// to be judged; for any other piece, a move counts where [`SafeMoves`]
/// allows it and is dropped where it [refuses](SafeMoves::refuses) it, as
/// in [`JudgedCounter`].
struct NoCheckCounter<'a, 'b> {
    safe: &'a SafeMoves,
    checks: Option<SquareSet>,
    inner: LeafCounter<'b, false>,
}

impl MoveSink for NoCheckCounter<'_, '_> {
    #[inline(always)]
    fn take(
        &mut self,
        variant: &Variant,
        pos: &Position,
        promotes_on: &SquareSet,
        kind: Kind,
        us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        let counts = match &self.checks {
            Some(checks) => {
                let plain = match move_kind {
                    MoveKind::Quiet | MoveKind::Initial => self.inner.quiet_plain,
                    MoveKind::Capture => self.inner.capture_plain,
                    _ => false,
                } && !promotes_on.contains(to);
                if plain && checks.contains(to) {
                    // It gives check: illegal.
                    return;
                }
                plain
            }
            None => {
                let as_it_is = matches!(move_kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
                    && !promotes_on.contains(to);
                if as_it_is {
                    let mv = Move::new(from, to, move_kind);
                    if self.safe.allows(variant, pos, &mv) {
                        self.inner.counted += 1;
                        return;
                    }
                    if self.safe.refuses(variant, pos, &mv) {
                        return;
                    }
                }
                false
            }
        };
        if counts {
            self.inner.counted += 1;
        } else {
            variant.push_with(pos, self.inner.listed, promotes_on, kind, us, from, to, move_kind);
        }
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.inner.listed
    }
}

/// A [`MoveSink`] for pieces that are not free (royal, pinned, on a line
/// a clause reads, or with a check to answer): it counts the moves that
/// [`SafeMoves`] allows without playing them, as they are found, drops
/// those it refuses (a king stepping into attack, a pinned piece leaving
/// its line, a check where checks are forbidden), and lists the rest
/// (promotions, en passant, moves that must be played to judge).
struct JudgedCounter<'a> {
    safe: &'a SafeMoves,
    counted: u64,
    listed: &'a mut Vec<Move>,
}

impl MoveSink for JudgedCounter<'_> {
    #[inline(always)]
    fn take(
        &mut self,
        variant: &Variant,
        pos: &Position,
        promotes_on: &SquareSet,
        kind: Kind,
        us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        let as_it_is = matches!(move_kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture);
        if as_it_is && !promotes_on.contains(to) {
            let mv = Move::new(from, to, move_kind);
            if self.safe.allows(variant, pos, &mv) {
                self.counted += 1;
                return;
            }
            if self.safe.refuses(variant, pos, &mv) {
                return;
            }
        }
        variant.push_with(pos, self.listed, promotes_on, kind, us, from, to, move_kind);
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.listed
    }
}
