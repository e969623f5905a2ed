//! Move generation: pseudo-legal moves read from the move tables, then the
//! variant's check rule. Moves go into a caller's buffer, which is cleared
//! and reused, so a search allocates nothing per node.

mod castling_moves;
mod landing_judge;
mod piece_actions;
mod refusals;
mod safe_moves;
mod shortcut_tests;
mod staged;
mod wanted_moves;

pub(super) use piece_actions::{action_reaches, for_each_table_target};
pub(super) use safe_moves::SafeMoves;
pub(crate) use staged::Judge;

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::set_ops::{difference, intersection};
use super::split_colours::SplitColours;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::tables::{CAPTURE, EN_PASSANT, HOPS, QUIET, Ride, SETS_EN_PASSANT};

thread_local! {
    static GENERATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many legal move lists ([`Variant::generate_legal`], and so
/// [`Variant::legal_moves`]) this thread has generated so far: what a
/// test counts to show that writing a list of moves generates it once.
pub fn legal_generations() -> u64 {
    GENERATIONS.with(std::cell::Cell::get)
}

impl Variant {
    /// Every legal move of the side to move, in generation order.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate_legal(pos, &mut moves);
        moves
    }

    /// Fills `out` (after clearing it) with the legal moves of the side to
    /// move. A position ended by an end rule has none.
    pub fn generate_legal(&self, pos: &Position, out: &mut Vec<Move>) {
        GENERATIONS.with(|n| n.set(n.get() + 1));
        if self.programs.filters.longest[pos.side as usize]
            && !self.programs.has_choices
            && !self.pass_on_stalemate
            && !self.gating()
        {
            self.generate_longest(pos, out);
        } else {
            self.generate_legal_by_clauses(pos, out);
            if self.gating() {
                self.add_gated(pos, out);
            }
            self.keep_longest(pos, out);
        }
        if self.programs.captures_compulsory && out.iter().any(Move::is_capture) {
            out.retain(Move::is_capture);
        }
        if self.programs.drops_compulsory && out.iter().any(Move::is_drop) {
            out.retain(Move::is_drop);
        }
    }

    /// The legal moves by the clauses that judge each move alone (not
    /// `captures are compulsory`, which compares them): the base moves,
    /// completed by their follow-up choices where the variant offers any,
    /// each judged by the legality clauses (by a shortcut where the move
    /// cannot endanger a royal piece).
    fn generate_legal_by_clauses(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.ended_by_rule(pos).is_some() {
            return;
        }
        self.generate_judged(pos, out);
        // A pass on stalemate only: where another move is legal (and the
        // side is not in check), no pass.
        if self.pass_on_stalemate && out.iter().any(|m| m.kind != MoveKind::Pass) && !self.in_check(pos) {
            out.retain(|m| m.kind != MoveKind::Pass);
        }
    }

    /// The legal moves of [`generate_legal_by_clauses`] that are longest
    /// (`longest moves are compulsory` binding the side to move), judging
    /// only as many as it takes: the base moves longest first, length by
    /// length, until one of a length passes the clauses. Moves with
    /// follow-up choices and a pass on stalemate are left to the general
    /// path (see [`generate_legal`](Self::generate_legal)).
    ///
    /// [`generate_legal_by_clauses`]: Self::generate_legal_by_clauses
    fn generate_longest(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.ended_by_rule(pos).is_some() {
            return;
        }
        self.generate_base(pos, out);
        let judged = !self.programs.legal.is_empty() || self.programs.placement_refuses;
        let safe = judged.then(|| SafeMoves::new(self, pos));
        let mut below = i32::MAX;
        loop {
            let Some(length) = out.iter().map(|m| self.move_length(m)).filter(|&l| l < below).max() else {
                out.clear();
                return;
            };
            if let Some(safe) = &safe {
                out.retain(|m| self.move_length(m) != length || self.judge(safe, pos, m, None));
            }
            if out.iter().any(|m| self.move_length(m) == length) {
                out.retain(|m| self.move_length(m) == length);
                return;
            }
            below = length;
        }
    }

    /// Whether the side to move has a legal move, not a drop, that takes a
    /// piece from a square of `from` to a square of `to` (an action that
    /// leaves its piece in place takes it nowhere): the `can reach`
    /// condition of end rules. The moves are judged as the legal ones are,
    /// but the end rules are not asked (they are what asks). The move list
    /// is a buffer kept per thread, so this allocates nothing once warm.
    pub(crate) fn can_reach(&self, pos: &Position, from: SquareSet, to: SquareSet) -> bool {
        thread_local! {
            static MOVES: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let reaches = |moves: &mut Vec<Move>| {
            moves.clear();
            self.generate_judged(pos, moves);
            let captures_only = self.programs.captures_compulsory && moves.iter().any(Move::is_capture);
            // A legal drop where drops are compulsory: no move reaches.
            if self.programs.drops_compulsory && moves.iter().any(Move::is_drop) {
                return false;
            }
            moves.iter().any(|m| {
                let lands = match m.kind {
                    MoveKind::Drop(_) => false,
                    MoveKind::Action(i) => !self.programs.actions[i.index()].stays,
                    _ => true,
                };
                lands && (!captures_only || m.is_capture()) && from.contains(m.from) && to.contains(m.to)
            })
        };
        MOVES.with(|cell| match cell.try_borrow_mut() {
            Ok(mut moves) => reaches(&mut moves),
            Err(_) => reaches(&mut Vec::new()),
        })
    }

    /// Appends to `out` (cleared) the moves that pass the legality clauses
    /// judging each move alone, whatever the end rules say.
    fn generate_judged(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate_base(pos, out);
        if self.programs.legal.is_empty() && !self.programs.placement_refuses {
            if self.programs.has_choices {
                self.expand_follow_ups(pos, out, 0, false, false, &mut |_, _| true);
            }
            return;
        }
        let safe = SafeMoves::new(self, pos);
        if self.programs.has_choices {
            let mut keep = |mv: &Move, child: Option<&Position>| self.judge(&safe, pos, mv, child);
            return self.expand_follow_ups(pos, out, 0, true, safe.royal_attacks_decide(), &mut keep);
        }
        out.retain(|mv| self.judge(&safe, pos, mv, None));
    }

    /// Whether `mv` passes the legality clauses: by the shortcut, or on
    /// `child` (the position it leads to), played here if not given.
    #[inline]
    pub(super) fn judge(&self, safe: &SafeMoves, pos: &Position, mv: &Move, child: Option<&Position>) -> bool {
        if let MoveKind::Action(index) = mv.kind
            && let Some(legal) = safe.judge_walls(self, pos, mv, index)
        {
            return legal;
        }
        if let MoveKind::Action(index) = mv.kind
            && let Some(legal) = self.judge_exchange(pos, mv, index, safe.attacked, || safe.enemy_checks(self, pos))
        {
            return legal;
        }
        if safe.allows(self, pos, mv) {
            return true;
        }
        if let Some(legal) = safe.judged_by_landings(self, pos, mv) {
            return legal;
        }
        match child {
            Some(child) => self.passes_legality(pos, child, mv),
            None => {
                let mut child = pos.clone();
                child.make_with_before(self, *mv, safe.before);
                self.passes_legality(pos, &child, mv)
            }
        }
    }

    /// Whether the royal on `royal` is attacked by `them`, and its pinned
    /// pieces (see [`pinned`](Self::pinned)), in one walk of its lines
    /// where no hopper or piece limit needs the general attack test. A
    /// line that holds no piece of `them` neither attacks nor pins.
    #[inline]
    fn attacked_and_pinned(&self, pos: &Position, royal: Square, them: Color) -> (bool, SquareSet) {
        let t = &self.attacks;
        if t.has_hops || t.has_hop_leaps || self.pieces.has_limits() {
            // The board's attacks, move filters or not (see `SafeMoves`).
            let attacked = self.attacked(|s| pos.board[s.index()], &pos.occupied[them as usize], royal, them);
            return (attacked, self.pinned(pos, royal, them));
        }
        let index = t.slot_index(them, royal);
        let slot = t.slots[index];
        let theirs = &pos.occupied[them as usize];
        let mut attacked = t.leap_origins[index].intersects(theirs)
            && t.leaps[slot.leaps as usize..slot.leaps_end as usize]
                .iter()
                .any(|leap| {
                    let attacker = pos.board[leap.from.index()];
                    attacker.is_side(them)
                        && leap.kinds.contains(attacker.kind())
                        && t.run(leap.path, leap.path_len)
                            .iter()
                            .all(|&s| pos.board[s.index()].is_empty())
                });
        let mut pinned = SquareSet::EMPTY;
        let rays = slot.rays as usize..slot.rays_end as usize;
        for (ray, squares) in t.rays[rays.clone()].iter().zip(&t.ray_sets[rays]) {
            if !squares.intersects(theirs) {
                continue;
            }
            let mut shield = None;
            for &s in t.run(ray.ray, ray.len) {
                let cell = pos.board[s.index()];
                if cell.is_empty() {
                    continue;
                }
                if cell.is_side(them) {
                    if ray.kinds.contains(cell.kind()) {
                        match shield {
                            None => attacked = true,
                            Some(own) => pinned.insert(own),
                        }
                    }
                    break;
                }
                // A second piece of ours, or a wall, ends the line.
                if shield.is_some() || !cell.is_side(them.flip()) {
                    break;
                }
                shield = Some(s);
            }
        }
        (attacked, pinned)
    }

    /// Pieces of the royal's side that stand alone between the royal on
    /// `royal` and an enemy rider attacking along that line: moving one
    /// may expose the royal.
    fn pinned(&self, pos: &Position, royal: Square, them: Color) -> SquareSet {
        let t = &self.attacks;
        let slot = t.slot(them, royal);
        let mut pinned = SquareSet::EMPTY;
        for ray in &t.rays[slot.rays as usize..slot.rays_end as usize] {
            let mut shield = None;
            for &s in t.run(ray.ray, ray.len) {
                let cell = pos.board[s.index()];
                if cell.is_empty() {
                    continue;
                }
                match shield {
                    None if cell.is_side(them.flip()) => shield = Some(s),
                    None => break,
                    Some(own) => {
                        if cell.is_side(them) && ray.kinds.contains(cell.kind()) {
                            pinned.insert(own);
                        }
                        break;
                    }
                }
            }
        }
        pinned
    }

    /// Appends every pseudo-legal move of the side to move to `out`: moves
    /// the pieces may make, before the legality clauses are applied.
    #[doc(hidden)]
    pub fn generate_pseudo_legal(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        self.generate_base(pos, out);
        if self.programs.has_choices {
            self.expand_follow_ups(pos, out, start, false, false, &mut |_, _| true);
        }
    }

    /// Appends the moves before any follow-up choice.
    pub(super) fn generate_base(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let start = out.len();
        for from in pos.occupied[us as usize].iter() {
            self.generate_piece(pos, from, us, true, out);
        }
        if self.programs.filters.captures_detour {
            self.detour_captures(pos, out, start);
        }
        self.generate_not_by_pieces(pos, out);
        // Attacks read through a detour alone filter no move.
        if self.has_move_filters() && !self.programs.filters.filters.is_empty() {
            self.retain_filtered(pos, out, start);
        }
    }

    /// Appends the base moves that are not a piece's own: castling, the
    /// side's actions, drops and a pass.
    pub(super) fn generate_not_by_pieces(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate_not_by_pieces_with(pos, out, |variant, out| variant.generate_side_actions(pos, out));
    }

    /// Whether [`generate_not_by_pieces`](Self::generate_not_by_pieces)
    /// may add a move: false, read without calling it, where the position
    /// has no castling right and the variant no moves by rights, no side
    /// actions, no drops and no pass.
    #[inline]
    pub(super) fn may_move_not_by_pieces(&self, pos: &Position) -> bool {
        pos.castling != 0
            || self.rights.moves.is_some()
            || !self.programs.side_actions.is_empty()
            || self.programs.drops.is_some()
            || self.pass
            || self.pass_on_stalemate
    }

    /// [`generate_not_by_pieces`](Self::generate_not_by_pieces), the
    /// side's actions left to `side_actions` (perft's last ply counts
    /// those it may judge unlisted).
    #[inline(always)]
    pub(super) fn generate_not_by_pieces_with(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        side_actions: impl FnOnce(&Variant, &mut Vec<Move>),
    ) {
        self.generate_castling(pos, out);
        self.generate_right_moves(pos, out);
        side_actions(self, out);
        if self.programs.drops.is_some() {
            self.generate_drops(pos, out);
        }
        if (self.pass || self.pass_on_stalemate)
            && let Some(sq) = self.pass_square(pos)
        {
            out.push(Move::new(sq, sq, MoveKind::Pass));
        }
    }

    /// The square a pass of the side to move is written with: its royal
    /// piece's, else its first piece's; none without pieces (no pass).
    pub(crate) fn pass_square(&self, pos: &Position) -> Option<Square> {
        let us = pos.side as usize;
        pos.royals[us].iter().next().or_else(|| pos.occupied[us].iter().next())
    }

    /// Appends the drops of the side to move: each kind it holds, onto
    /// each empty square of its drop zone.
    fn generate_drops(&self, pos: &Position, out: &mut Vec<Move>) {
        let Some(drops) = &self.programs.drops else { return };
        if !drops.drop_moves {
            return;
        }
        let us = pos.side;
        // Squares no piece stands on; a blocked one is skipped below.
        let free = difference(self.programs.all, pos.occupied[0].union(&pos.occupied[1]));
        let zone_of = |kind: Kind| match drops.zones.get(kind.index()).copied().flatten() {
            Some(zone) => intersection(free, self.eval_set(zone, pos, &Self::still(us))),
            None => free,
        };
        // `split_colours`: the split kinds' counts, read once.
        let split = (!drops.split_colours.is_empty())
            .then(|| SplitColours::new(self, pos, &drops.split_colours, free, zone_of));
        for (slot, &kind) in self.hands.kinds().iter().enumerate() {
            if pos.hands[us as usize][slot] == 0 && !drops.free {
                continue;
            }
            let mut squares = zone_of(kind);
            if let Some(split) = &split {
                squares = squares.iter().filter(|&sq| split.allows(kind, sq)).collect();
            }
            for sq in squares.iter().filter(|&sq| pos.board[sq.index()].is_empty()) {
                out.push(Move::new(sq, sq, MoveKind::Drop(kind)));
            }
            // `drop_promoted`: the same squares again, as the promoted form.
            if let Some(form) = self.hands.form(slot) {
                for sq in squares.iter().filter(|&sq| pos.board[sq.index()].is_empty()) {
                    out.push(Move::new(sq, sq, MoveKind::Drop(form)));
                }
            }
        }
    }

    /// Appends the moves and actions of the piece on `from`, which belongs
    /// to `side` (the side to move, or the other when compelled).
    #[inline]
    pub(super) fn generate_piece<S: MoveSink>(
        &self,
        pos: &Position,
        from: Square,
        side: Color,
        may_compel: bool,
        out: &mut S,
    ) {
        // A variant without `cannot_hop`/`cannot_capture` gets a copy of
        // the generator without their tests.
        if self.pieces.has_limits() {
            self.generate_piece_with::<true, false, S>(pos, from, side, may_compel, out);
        } else {
            self.generate_piece_with::<false, false, S>(pos, from, side, may_compel, out);
        }
    }

    /// [`generate_piece`](Self::generate_piece) less the quiet moves that
    /// cannot promote: captures, en passant, moves into a promotion zone
    /// and the piece's actions (the noisy generator's part, see
    /// `staged.rs`).
    #[inline]
    pub(super) fn generate_piece_noisy(&self, pos: &Position, from: Square, side: Color, out: &mut Vec<Move>) {
        if self.pieces.has_limits() {
            self.generate_piece_with::<true, true, Vec<Move>>(pos, from, side, true, out);
        } else {
            self.generate_piece_with::<false, true, Vec<Move>>(pos, from, side, true, out);
        }
    }

    /// The piece generator; with `NOISY`, quiet moves that cannot promote
    /// are left out.
    fn generate_piece_with<const LIMITS: bool, const NOISY: bool, S: MoveSink>(
        &self,
        pos: &Position,
        from: Square,
        side: Color,
        may_compel: bool,
        out: &mut S,
    ) {
        let t = &self.moves;
        let kind = pos.board[from.index()].kind();
        let slot = t.slot(kind, side, from);
        let promotes_on = self.promotion_targets(kind, side, from);
        // A capture whose piece moves on promotes where it ends, not here
        // (`follow_up` offers its promotions with the further move).
        let capture_promotes_on = if self.programs.promotes_after_move_on.contains(kind) {
            &SquareSet::EMPTY
        } else {
            promotes_on
        };
        // The kinds it may not capture (`spares`: the others) or hop over.
        let (spares, no_hurdle) = if LIMITS {
            (
                KindSet::ALL.difference(self.pieces.cannot_capture(kind)),
                self.pieces.cannot_hop(kind),
            )
        } else {
            (KindSet::ALL, KindSet::EMPTY)
        };
        // Destinations listed so far (moves and captures; en passant), kept
        // only when two routes of the template reach the same square.
        let mut seen = [SquareSet::EMPTY; 2];
        let mut first = |class: usize, to: Square| -> bool {
            if !slot.repeats {
                return true;
            }
            let new = !seen[class].contains(to);
            seen[class].insert(to);
            new
        };
        for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
            if leap.path_len > 0
                && !t
                    .run(leap.path, leap.path_len)
                    .iter()
                    .all(|&s| pos.board[s.index()].is_empty())
            {
                continue;
            }
            let target = pos.board[leap.to.index()];
            if target.is_empty() {
                if leap.flags & QUIET != 0 {
                    if NOISY && !promotes_on.contains(leap.to) {
                        continue;
                    }
                    if first(0, leap.to) {
                        let move_kind = if leap.flags & SETS_EN_PASSANT != 0 {
                            MoveKind::Initial
                        } else {
                            MoveKind::Quiet
                        };
                        out.take(self, pos, promotes_on, kind, side, from, leap.to, move_kind);
                    }
                } else if leap.flags & EN_PASSANT != 0 && pos.ep_targets.contains(leap.to) && first(1, leap.to) {
                    out.take(
                        self,
                        pos,
                        capture_promotes_on,
                        kind,
                        side,
                        from,
                        leap.to,
                        MoveKind::EnPassant,
                    );
                }
            } else if leap.flags & CAPTURE != 0
                && target.is_side(side.flip())
                && (!LIMITS || spares.contains(target.kind()))
                && first(0, leap.to)
            {
                out.take(
                    self,
                    pos,
                    capture_promotes_on,
                    kind,
                    side,
                    from,
                    leap.to,
                    MoveKind::Capture,
                );
            }
        }
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            let run = t.landing_run(ride, |s| pos.board[s.index()].is_empty());
            if LIMITS && ride.flags & HOPS != 0 && !no_hurdle.is_empty() && !self.hurdle_allowed(pos, ride, no_hurdle) {
                continue;
            }
            for (i, &to) in run.iter().enumerate() {
                let target = pos.board[to.index()];
                if target.is_empty() {
                    if ride.flags & QUIET != 0 {
                        if (!NOISY || promotes_on.contains(to)) && first(0, to) {
                            let move_kind = if i > 0 && ride.flags & SETS_EN_PASSANT != 0 {
                                MoveKind::Initial
                            } else {
                                MoveKind::Quiet
                            };
                            out.take(self, pos, promotes_on, kind, side, from, to, move_kind);
                        }
                    } else if ride.flags & EN_PASSANT != 0 && pos.ep_targets.contains(to) && first(1, to) {
                        out.take(
                            self,
                            pos,
                            capture_promotes_on,
                            kind,
                            side,
                            from,
                            to,
                            MoveKind::EnPassant,
                        );
                    }
                    continue;
                }
                if ride.flags & CAPTURE != 0
                    && target.is_side(side.flip())
                    && (!LIMITS || spares.contains(target.kind()))
                    && first(0, to)
                {
                    out.take(self, pos, capture_promotes_on, kind, side, from, to, MoveKind::Capture);
                }
                break;
            }
        }
        if self.programs.action_kinds.contains(kind) && self.programs.may_act_from(kind, side, from) {
            self.generate_piece_actions(pos, from, kind, side, may_compel, out.listed());
        }
    }

    /// Whether the hurdle of a hop (the first piece on its ray) is of a
    /// kind outside `no_hurdle`.
    fn hurdle_allowed(&self, pos: &Position, ride: &Ride, no_hurdle: KindSet) -> bool {
        let ray = self.moves.run(ride.ray, ride.len);
        let Some(hurdle) = ray.iter().find(|&&s| !pos.board[s.index()].is_empty()) else {
            return true; // no hurdle: the hop lands nowhere
        };
        !no_hurdle.contains(pos.board[(*hurdle).index()].kind())
    }
    /// Pushes a move, once per promotion choice open to the mover when it
    /// ends in the mover's promotion zone (or starts there, for a rule with
    /// `from_zone`) and, for a rule with `on_capture`, captures (for one
    /// with `on_quiet`, does not capture; en passant
    /// only if the rule lets it: `en_passant`); and as it
    /// is unless promotion is compulsory there (so a move into a compulsory
    /// rank with no choice open is not made at all).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        kind: Kind,
        us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        let promotes_on = self.promotion_targets(kind, us, from);
        self.push_with(pos, out, promotes_on, kind, us, from, to, move_kind);
    }

    /// The squares where a move of `us`'s piece of `kind` from `from` may
    /// promote: its zone, or every square when it starts in a zone that
    /// promotes moves leaving it. Read once per piece: it does not depend
    /// on where the move goes.
    #[inline(always)]
    pub(super) fn promotion_targets(&self, kind: Kind, us: Color, from: Square) -> &SquareSet {
        self.promotion.targets(kind, us, from)
    }

    /// [`push`](Self::push) with the promotion squares already looked up.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_with(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        promotes_on: &SquareSet,
        kind: Kind,
        us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        if promotes_on.contains(to)
            && (!self.promotion.only_on_capture(kind) || matches!(move_kind, MoveKind::Capture | MoveKind::EnPassant))
            && (!self.promotion.only_on_quiet(kind) || !matches!(move_kind, MoveKind::Capture | MoveKind::EnPassant))
            && (move_kind != MoveKind::EnPassant || !self.promotion.not_en_passant(kind))
            && self.push_promoting(pos, out, kind, us, Move::new(from, to, move_kind))
        {
            return;
        }
        out.push(Move::new(from, to, move_kind));
    }

    /// Pushes a move that may promote once per choice open to the mover;
    /// whether promotion is compulsory (so the move may not also be made
    /// as it is): it ends on a compulsory rank, or starts on one of a rule
    /// with `from_zone`. Kept out of line: most moves never reach it.
    #[inline(never)]
    fn push_promoting(&self, pos: &Position, out: &mut Vec<Move>, kind: Kind, us: Color, mv: Move) -> bool {
        self.push_promotions(pos, out, kind, us, mv);
        self.promotion.is_forced(kind, us, mv.from, mv.to)
    }

    /// Pushes `mv` once per promotion choice open to `us`'s piece of `kind`.
    fn push_promotions(&self, pos: &Position, out: &mut Vec<Move>, kind: Kind, us: Color, mv: Move) {
        for &choice in self.promotion.choices(kind, us) {
            if self.may_promote_to(pos, us, choice) {
                out.push(Move {
                    promotion: Some(choice),
                    ..mv
                });
            }
        }
    }

    /// Whether `us` may promote to `kind` now: the kind has no limit, or
    /// the side has fewer than its limit on the board (`limits`).
    #[inline]
    pub(crate) fn may_promote_to(&self, pos: &Position, us: Color, kind: Kind) -> bool {
        if !self.promotion.is_limited() {
            return true;
        }
        let limit = self.promotion.limit(kind);
        limit == 0
            || (pos.occupied[us as usize]
                .iter()
                .filter(|&sq| pos.board[sq.index()].kind() == kind)
                .count() as u32)
                < limit
    }
}

/// Where the piece generator puts what it finds: a move list, or a counter
/// (perft's last ply) that counts the moves it may judge by their kind
/// alone and lists the others.
pub(crate) trait MoveSink {
    /// Takes a move of `us`'s piece of `kind` from `from` to `to`, before
    /// its promotion choices (`promotes_on`: where it may promote) are
    /// expanded.
    #[allow(clippy::too_many_arguments)]
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
    );

    /// The list for moves that need more than their kind to judge: the
    /// piece's actions go there.
    fn listed(&mut self) -> &mut Vec<Move>;
}

impl MoveSink for Vec<Move> {
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
        variant.push_with(pos, self, promotes_on, kind, us, from, to, move_kind);
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self
    }
}
