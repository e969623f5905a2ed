//! Evaluating compiled square sets, quantities and conditions on a
//! position: what effects, end rules, legality clauses and move filters
//! read. Reads the position, never changes it.

use super::context::Context;
use super::position::Position;
use super::set_ops::{difference, intersection, single};
use crate::base::kind_set::KindSet;
use crate::base::limits::{SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE};
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::LINE_GOAL_MAX;
use crate::compile::Variant;
use crate::compile::ir::{Comparison, LineGoal, LineMasks, NamedSet, PiecesOn, SideFilter};
use crate::compile::ir::{CondId, CondNode, QuantityNode, SetId, SetNode};
use crate::compile::tables::passed_squares;

fn compare<T: PartialOrd>(value: T, cmp: Comparison, n: T) -> bool {
    match cmp {
        Comparison::AtLeast => value >= n,
        Comparison::AtMost => value <= n,
        Comparison::Equal => value == n,
        Comparison::NotEqual => value != n,
        Comparison::More => value > n,
        Comparison::Less => value < n,
    }
}

/// Whether `n` of the squares `pieces` stand on one line of the masks:
/// in a row (every square of some piece's mask is in `pieces` too), or
/// anywhere on it (some piece's mask holds `n - 1` more of them).
fn line_holds(masks: &LineMasks, pieces: SquareSet, goal: LineGoal, n: u8) -> bool {
    if pieces.len() < u32::from(n) {
        return false;
    }
    pieces.iter().any(|sq| {
        masks.of(sq).iter().any(|mask| match goal {
            LineGoal::InRow | LineGoal::Block => difference(*mask, pieces).is_empty(),
            LineGoal::Collinear => intersection(*mask, pieces).len() + 1 >= u32::from(n),
        })
    })
}

impl Variant {
    /// The one square of set `id` when it names a square of the move
    /// (`target`, `origin`, `mover`): read off the context, no set built.
    #[inline]
    fn move_square(&self, id: SetId, ctx: &Context) -> Option<Square> {
        match self.programs.sets[id as usize] {
            SetNode::Named(NamedSet::Target) => Some(ctx.target),
            SetNode::Named(NamedSet::Origin) => Some(ctx.origin),
            SetNode::Named(NamedSet::Mover) => Some(ctx.mover),
            _ => None,
        }
    }

    /// The squares of set `id`.
    pub(crate) fn eval_set(&self, id: SetId, pos: &Position, ctx: &Context) -> SquareSet {
        let p = &self.programs;
        match p.sets[id as usize] {
            SetNode::Named(named) => self.eval_named(named, pos, ctx),
            SetNode::Last(actions) => pos.recent.squares(actions),
            SetNode::Pieces { side, kinds } => self.pieces_matching(pos, ctx.side, side, kinds, None),
            SetNode::Area { set, radius } => {
                let table = &p.areas[radius as usize];
                // Around one square of the move: a table's entry.
                if let Some(sq) = self.move_square(set, ctx) {
                    return table[sq.index()];
                }
                self.eval_set(set, pos, ctx)
                    .iter()
                    .fold(SquareSet::EMPTY, |acc, sq| acc.union(&table[sq.index()]))
            }
            SetNode::Adjacent { set } => {
                let base = self.eval_set(set, pos, ctx);
                let around = base
                    .iter()
                    .fold(SquareSet::EMPTY, |acc, sq| acc.union(&p.areas[1][sq.index()]));
                difference(around, base)
            }
            SetNode::Manhattan { set, radius } => {
                let table = &p.manhattan[radius as usize];
                if let Some(sq) = self.move_square(set, ctx) {
                    return table[sq.index()];
                }
                self.eval_set(set, pos, ctx)
                    .iter()
                    .fold(SquareSet::EMPTY, |acc, sq| acc.union(&table[sq.index()]))
            }
            SetNode::First { set, table } => {
                let rays = &p.rays[table as usize][ctx.side as usize];
                let mut hits = SquareSet::EMPTY;
                let mut first = |sq: Square| {
                    for ray in &rays[sq.index()] {
                        if let Some(&hit) = ray.iter().find(|&&s| !pos.cell(s).is_empty())
                            && pos.cell(hit).is_piece()
                        {
                            hits.insert(hit);
                        }
                    }
                };
                match self.move_square(set, ctx) {
                    Some(sq) => first(sq),
                    None => self.eval_set(set, pos, ctx).iter().for_each(first),
                }
                hits
            }
            SetNode::Reach { set, table } => {
                let rays = &p.rays[table as usize][ctx.side as usize];
                let mut reached = SquareSet::EMPTY;
                for sq in self.eval_set(set, pos, ctx).iter() {
                    for ray in &rays[sq.index()] {
                        for &s in ray.iter().take_while(|&&s| pos.cell(s).is_empty()) {
                            reached.insert(s);
                        }
                    }
                }
                reached
            }
            SetNode::Lines { set, table, at_least } => {
                let lines = &p.lines[table as usize][ctx.side as usize];
                let from = self.eval_set(set, pos, ctx);
                if at_least <= 1 {
                    return from
                        .iter()
                        .fold(SquareSet::EMPTY, |acc, sq| acc.union(&lines[sq.index()]));
                }
                // reached[i]: the squares on the lines of more than i
                // squares of the set so far.
                let mut reached = [SquareSet::EMPTY; LINE_GOAL_MAX as usize];
                let top = usize::from(at_least) - 1;
                for sq in from.iter() {
                    let line = &lines[sq.index()];
                    for i in (1..=top).rev() {
                        reached[i] = reached[i].union(&intersection(reached[i - 1], *line));
                    }
                    reached[0] = reached[0].union(line);
                }
                reached[top]
            }
            SetNode::Zone { table } => p.zones[table as usize][ctx.side as usize],
            SetNode::Enclosed { set, table } => self.enclosed(set, table, pos, ctx),
            SetNode::Enclosing {
                set,
                table,
                through_blocked,
            } => self.enclosing((set, table, through_blocked), pos, ctx),
            SetNode::Marked(mark) => pos.marks.of(mark),
            SetNode::Union(a, b) => self.eval_set(a, pos, ctx).union(&self.eval_set(b, pos, ctx)),
            SetNode::Difference(a, b) => {
                let left = self.eval_set(a, pos, ctx);
                match p.sets[b as usize] {
                    // Filter the (usually small) left set instead of listing every piece.
                    SetNode::Pieces { side, kinds } => {
                        let matching = self.pieces_matching(pos, ctx.side, side, kinds, Some(left));
                        difference(left, matching)
                    }
                    _ => difference(left, self.eval_set(b, pos, ctx)),
                }
            }
            SetNode::Intersection(a, b) => {
                let left = self.eval_set(a, pos, ctx);
                match p.sets[b as usize] {
                    SetNode::Pieces { side, kinds } => self.pieces_matching(pos, ctx.side, side, kinds, Some(left)),
                    _ => intersection(left, self.eval_set(b, pos, ctx)),
                }
            }
        }
    }

    pub(super) fn eval_named(&self, named: NamedSet, pos: &Position, ctx: &Context) -> SquareSet {
        let p = &self.programs;
        match named {
            NamedSet::Target => single(ctx.target),
            NamedSet::Origin => single(ctx.origin),
            NamedSet::Mover => single(ctx.mover),
            NamedSet::Moved => self.moved_squares(pos, ctx),
            NamedSet::Vacated => self.vacated_squares(pos, ctx),
            NamedSet::Path => {
                let g = self.geometry;
                let delta = (
                    g.file(ctx.target) - g.file(ctx.origin),
                    g.rank(ctx.target) - g.rank(ctx.origin),
                );
                passed_squares(&g, ctx.origin, delta).collect()
            }
            NamedSet::All => p.all,
            NamedSet::Shielded => self.shielded(pos, SHIELD_REMOVE | SHIELD_PUSH | SHIELD_BLOCK | SHIELD_BOUNCE),
            NamedSet::Blocked => pos.blocked_squares(),
            NamedSet::Empty => difference(
                p.all,
                pos.occupied[0].union(&pos.occupied[1]).union(&pos.blocked_squares()),
            ),
            NamedSet::Light => p.light,
            NamedSet::Dark => difference(p.all, p.light),
        }
    }

    /// Squares (within `among`, if given) holding pieces of the relative
    /// side whose kind is in `kinds`.
    /// How many pieces of `kinds` the sides `side` names (read for `own`)
    /// hold in hand.
    /// The number a two-sided comparison reads.
    fn quantity(&self, q: QuantityNode, pos: &Position, ctx: &Context) -> i64 {
        let occupied = || pos.occupied[0].union(&pos.occupied[1]);
        match q {
            QuantityNode::Count(set) => intersection(self.eval_set(set, pos, ctx), occupied()).len() as i64,
            QuantityNode::Squares(set) => self.eval_set(set, pos, ctx).len() as i64,
            QuantityNode::Material(set) => intersection(self.eval_set(set, pos, ctx), occupied())
                .iter()
                .map(|sq| i64::from(self.pieces.info(pos.cell(sq).kind()).value))
                .sum(),
            QuantityNode::Held(side, kinds) => i64::from(self.held(pos, ctx.side, side, kinds)),
            QuantityNode::Captured(counter) => i64::from(pos.captured[counter as usize]),
            QuantityNode::Passes => i64::from(pos.last.passes),
            QuantityNode::Zero => 0,
        }
    }

    fn held(&self, pos: &Position, own: Color, side: SideFilter, kinds: KindSet) -> u32 {
        let sides: &[Color] = match side {
            SideFilter::Own => &[own],
            SideFilter::Enemy => &[own.flip()],
            SideFilter::Any => &Color::BOTH,
            SideFilter::White => &[Color::White],
            SideFilter::Black => &[Color::Black],
        };
        let mut n = 0;
        for &s in sides {
            for (slot, &kind) in self.hands.kinds().iter().enumerate() {
                if kinds.contains(kind) {
                    n += u32::from(pos.hands[s as usize][slot]);
                }
            }
        }
        n
    }

    /// Whether some piece [`PiecesOn`] asks for stands where it says.
    #[inline]
    pub(crate) fn pieces_stand(&self, on: &PiecesOn, pos: &Position, ctx: &Context) -> bool {
        let zone = on.zone.map(|z| self.programs.zones[z as usize][ctx.side as usize]);
        if on.kinds == self.pieces.royal() && !self.pieces.royal().is_empty() {
            // The royal pieces have their own sets.
            let [own, enemy] = [ctx.side, ctx.side.flip()].map(|s| &pos.royals[s as usize]);
            let royals = match on.side {
                SideFilter::Own => *own,
                SideFilter::Enemy => *enemy,
                SideFilter::Any => own.union(enemy),
                SideFilter::White => pos.royals[Color::White as usize],
                SideFilter::Black => pos.royals[Color::Black as usize],
            };
            return zone.map_or(!royals.is_empty(), |z| royals.intersects(&z));
        }
        !self.pieces_matching(pos, ctx.side, on.side, on.kinds, zone).is_empty()
    }

    /// The squares of `side`'s pieces (seen from `own`) that may be of
    /// `kinds`, within `among`, and whether every one of them is (every
    /// kind, or the royal kinds read from their own sets).
    fn piece_candidates(
        &self,
        pos: &Position,
        own: Color,
        side: SideFilter,
        kinds: KindSet,
        among: Option<SquareSet>,
    ) -> (SquareSet, bool) {
        // Royal pieces have their own sets: `own royal` reads one.
        let only_royal = kinds.is_subset(self.pieces.royal());
        let of = |side: Color| {
            if only_royal {
                pos.royals[side as usize]
            } else {
                pos.occupied[side as usize]
            }
        };
        let sides = match side {
            SideFilter::Own => of(own),
            SideFilter::Enemy => of(own.flip()),
            SideFilter::Any => of(Color::White).union(&of(Color::Black)),
            SideFilter::White => of(Color::White),
            SideFilter::Black => of(Color::Black),
        };
        let candidates = match among {
            Some(a) => intersection(a, sides),
            None => sides,
        };
        // Every kind, or the royal ones (read from their own sets above).
        if KindSet::first(self.pieces.len()).is_subset(kinds) || (only_royal && kinds == self.pieces.royal()) {
            return (candidates, true);
        }
        (candidates, false)
    }

    /// How many of `side`'s pieces (seen from `own`) are of `kinds`,
    /// counted up to `cap` at most: the squares are read one piece at a
    /// time and the count stops there.
    fn count_pieces_up_to(&self, pos: &Position, own: Color, side: SideFilter, kinds: KindSet, cap: u32) -> u32 {
        let (candidates, all) = self.piece_candidates(pos, own, side, kinds, None);
        if all {
            return candidates.len();
        }
        let mut count = 0;
        for (word, &bits) in candidates.0.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                if kinds.contains(pos.board[word * 64 + bit].kind()) {
                    count += 1;
                    if count >= cap {
                        return count;
                    }
                }
                rest &= rest - 1;
            }
        }
        count
    }

    fn pieces_matching(
        &self,
        pos: &Position,
        own: Color,
        side: SideFilter,
        kinds: KindSet,
        among: Option<SquareSet>,
    ) -> SquareSet {
        let (candidates, all) = self.piece_candidates(pos, own, side, kinds, among);
        if all {
            return candidates;
        }
        // Word by word: no square is built but to read its cell.
        let mut out = SquareSet::EMPTY;
        for (word, (&bits, kept)) in candidates.0.iter().zip(out.0.iter_mut()).enumerate() {
            let mut rest = bits;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                if kinds.contains(pos.board[word * 64 + bit].kind()) {
                    *kept |= 1 << bit;
                }
                rest &= rest - 1;
            }
        }
        out
    }

    /// [`eval_cond`](Self::eval_cond), with a counter compared with a
    /// number (`checks(enemy) >= 3`) or a side's pieces counted
    /// (`count(own) == 0`) read in the caller: a rule checked
    /// once a position then pays no call into the interpreter.
    #[inline(always)]
    pub(crate) fn eval_cond_quick(&self, id: CondId, pos: &Position, ctx: &Context) -> bool {
        match self.programs.conds[id as usize] {
            CondNode::Checks(own, cmp, n) => {
                let side = if own { ctx.side } else { ctx.side.flip() };
                compare(pos.checks[side as usize] as u32, cmp, n)
            }
            // Every piece of some side (`count(own) == 0`): its squares,
            // all of them pieces.
            CondNode::Count(set, cmp, n) => match self.programs.sets[set as usize] {
                SetNode::Pieces { side, kinds } if KindSet::first(self.pieces.len()).is_subset(kinds) => {
                    compare(self.pieces_matching(pos, ctx.side, side, kinds, None).len(), cmp, n)
                }
                _ => self.eval_cond(id, pos, ctx),
            },
            _ => self.eval_cond(id, pos, ctx),
        }
    }

    /// Whether condition `id` holds.
    // One arm per condition node, the grammar's conditions as compiled: it
    // reads better whole, next to `eval_set`'s sets.
    pub(crate) fn eval_cond(&self, id: CondId, pos: &Position, ctx: &Context) -> bool {
        // Worked out only by the arms that read it (a closure the compiler
        // inlines there): most conditions never do.
        let occupied = || pos.occupied[0].union(&pos.occupied[1]);
        match self.programs.conds[id as usize] {
            CondNode::Truth(b) => b,
            CondNode::Not(a) => !self.eval_cond(a, pos, ctx),
            CondNode::And(a, b) => self.eval_cond(a, pos, ctx) && self.eval_cond(b, pos, ctx),
            CondNode::Or(a, b) => self.eval_cond(a, pos, ctx) || self.eval_cond(b, pos, ctx),
            CondNode::Count(set, cmp, n) => {
                // A side's pieces of some kinds: counted only until the
                // comparison is decided (any count above `n` compares as
                // `n + 1` does), which an end rule such as `count(any not
                // K B) == 0` knows at its first piece.
                if let SetNode::Pieces { side, kinds } = self.programs.sets[set as usize] {
                    let counted = self.count_pieces_up_to(pos, ctx.side, side, kinds, n.saturating_add(1));
                    return compare(counted, cmp, n);
                }
                compare(intersection(self.eval_set(set, pos, ctx), occupied()).len(), cmp, n)
            }
            CondNode::Squares(set, cmp, n) => compare(self.eval_set(set, pos, ctx).len(), cmp, n),
            CondNode::Captured(counter, cmp, n) => compare(pos.captured[counter as usize] as u32, cmp, n),
            CondNode::Held(side, kinds, cmp, n) => compare(self.held(pos, ctx.side, side, kinds), cmp, n),
            CondNode::Passes(cmp, n) => compare(u32::from(pos.last.passes), cmp, n),
            CondNode::Dropped(mask) => pos.last.dropped.is_some_and(|kind| mask.contains(kind)),
            CondNode::Castled(right) => pos.last.castled & right != 0,
            CondNode::Capture => pos.last.captured.is_some(),
            CondNode::CastlingRight(right) => pos.castling & right != 0,
            CondNode::Before(bit) => pos.last.before >> bit & 1 != 0,
            CondNode::Since(bit) => pos.since.0[pos.side as usize] >> bit & 1 != 0,
            CondNode::Versus(a, cmp, b, offset) => {
                let b = self.quantity(b, pos, ctx) + i64::from(offset);
                compare(self.quantity(a, pos, ctx), cmp, b)
            }
            CondNode::Checks(own, cmp, n) => {
                let side = if own { ctx.side } else { ctx.side.flip() };
                compare(pos.checks[side as usize] as u32, cmp, n)
            }
            CondNode::Exists(set) => self.eval_set(set, pos, ctx).intersects(&occupied()),
            // A piece is attacked by the side opposing it, an empty
            // square by the side opposing the rule's owner; a blocked
            // square never.
            CondNode::Attacked(set, Some(by)) => {
                let by = self.eval_set(by, pos, ctx);
                self.eval_set(set, pos, ctx)
                    .iter()
                    .any(|sq| self.attacked_from(pos, sq, &by, ctx.side))
            }
            CondNode::Attacked(set, None) => self
                .eval_set(set, pos, ctx)
                .iter()
                .any(|sq| self.square_attacked(pos, sq, ctx)),
            CondNode::AttackedEvery(set, by) => {
                let by = by.map(|b| self.eval_set(b, pos, ctx));
                let set = self.eval_set(set, pos, ctx);
                !set.is_empty()
                    && set.iter().all(|sq| match &by {
                        Some(by) => self.attacked_from(pos, sq, by, ctx.side),
                        None => self.square_attacked(pos, sq, ctx),
                    })
            }
            CondNode::Touching(a, b) => {
                let a = self.eval_set(a, pos, ctx);
                let b = self.eval_set(b, pos, ctx);
                let around = a.iter().fold(SquareSet::EMPTY, |acc, sq| {
                    acc.union(&self.programs.areas[1][sq.index()])
                });
                !a.is_empty() && around.intersects(&b)
            }
            CondNode::Within(a, b) => {
                let a = self.eval_set(a, pos, ctx);
                !a.is_empty() && difference(a, self.eval_set(b, pos, ctx)).is_empty()
            }
            CondNode::CanReach(a, b) => {
                let from = self.eval_set(a, pos, ctx);
                !from.is_empty() && self.can_reach(pos, from, self.eval_set(b, pos, ctx))
            }
            CondNode::Line { goal, set, n, table } => {
                let pieces = intersection(self.eval_set(set, pos, ctx), occupied());
                let masks = &self.programs.line_masks[table as usize][ctx.side as usize];
                line_holds(masks, pieces, goal, n)
            }
            CondNode::Connected {
                set,
                from,
                to,
                table,
                side,
            } => {
                let chain = intersection(self.eval_set(set, pos, ctx), occupied());
                let start = intersection(self.eval_set(from, pos, ctx), chain);
                let rays = &self.programs.rays[table as usize][side.side(ctx.side) as usize];
                !start.is_empty() && connected(rays, chain, start, self.eval_set(to, pos, ctx))
            }
        }
    }

    /// `attacked(S)` for one square: a piece by the side opposing it, an
    /// empty square by the side opposing the rule's owner; a blocked
    /// square never.
    fn square_attacked(&self, pos: &Position, sq: Square, ctx: &Context) -> bool {
        let cell = pos.cell(sq);
        if cell.is_piece() {
            self.royal_attacked(pos, sq, cell.color().flip())
        } else if cell.is_empty() {
            self.is_attacked(pos, sq, ctx.side.flip())
        } else {
            false
        }
    }

    /// Squares protected by shields against any of the `against` effects.
    pub(crate) fn shielded(&self, pos: &Position, against: u8) -> SquareSet {
        let mut out = if self.programs.timed_shields {
            pos.timed_shields.protecting(against)
        } else {
            SquareSet::EMPTY
        };
        for &(squares, bits, while_) in &self.programs.shield_rules {
            if bits & against == 0 {
                continue;
            }
            for side in Color::BOTH {
                let ctx = Self::still(side);
                if while_.is_none_or(|c| self.eval_cond(c, pos, &ctx)) {
                    out = out.union(&self.eval_set(squares, pos, &ctx));
                }
            }
        }
        if self.pieces.shields().is_empty() {
            return out;
        }
        for sq in pos.occupied[0].union(&pos.occupied[1]).iter() {
            let kind = pos.cell(sq).kind();
            if !self.pieces.shields().contains(kind) {
                continue;
            }
            for &(k, radius, bits) in &self.programs.shields {
                if k == kind && bits & against != 0 {
                    out = out.union(&self.programs.areas[radius as usize][sq.index()]);
                }
            }
        }
        out
    }
}

/// Whether the pieces of `chain` reach a square of `goal` from those of
/// `start` by one step or more, each the first square of a ray of `rays`
/// (per square) onto a piece of `chain`.
fn connected(rays: &[Vec<Vec<Square>>], chain: SquareSet, start: SquareSet, goal: SquareSet) -> bool {
    let (mut reached, mut frontier) = (SquareSet::EMPTY, start);
    while !frontier.is_empty() {
        let mut next = SquareSet::EMPTY;
        for sq in frontier.iter() {
            for ray in &rays[sq.index()] {
                if let Some(&s) = ray.first()
                    && chain.contains(s)
                    && !reached.contains(s)
                {
                    next.insert(s);
                }
            }
        }
        reached = reached.union(&next);
        if !intersection(next, goal).is_empty() {
            return true;
        }
        frontier = next;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(squares: &[Square]) -> SquareSet {
        squares.iter().copied().collect()
    }

    /// Squares 0..8 as one line, 0 its first square: each square's mask is
    /// every square after it (collinear) or the next two (a row of 3).
    fn line(collinear: bool) -> LineMasks {
        let mut m = LineMasks::default();
        for sq in 0..8u16 {
            m.starts.push(m.masks.len() as u32);
            let end = if collinear { 8 } else { sq + 3 };
            if end <= 8 && sq + 1 < end {
                m.masks
                    .push(((sq + 1)..end).map(|s| Square::from_index(s as usize)).collect());
            }
        }
        m.starts.push(m.masks.len() as u32);
        m
    }

    /// An action's `when` resolved at load time into origins holds where
    /// the interpreted condition holds, for each side and square.
    #[test]
    fn origin_conditions_resolve_as_they_evaluate() {
        let ranked = r#"(
            extends: "chess",
            name: "Last-rank promotions",
            pieces: [
                (letter: 'P', name: "pawn", moves: "fmWfceF", pawn: true, value: 100,
                 actions: [(name: "promote", target: "origin", promotes: true,
                            when: "origin in ranks(8)")]),
            ],
        )"#;
        let light = r#"(
            extends: "chess",
            name: "Light promotions",
            pieces: [
                (letter: 'P', name: "pawn", moves: "fmWfceF", pawn: true, value: 100,
                 actions: [(name: "promote", target: "origin", promotes: true,
                            when: "origin in light - files(a) + ranks(7) and not origin in ranks(8)")]),
            ],
        )"#;
        let variants = [
            Variant::from_text("ranked.ron", ranked).unwrap(),
            Variant::from_text("light.ron", light).unwrap(),
        ];
        for variant in variants {
            let pos = variant.start_position();
            let mut resolved = 0;
            for action in &variant.programs.actions {
                let (Some(origins), Some(c)) = (action.when_origins, action.when) else {
                    continue;
                };
                resolved += 1;
                for side in Color::BOTH {
                    for sq in variant.programs.all.iter() {
                        let ctx = Context {
                            side,
                            origin: sq,
                            target: sq,
                            mover: sq,
                        };
                        assert_eq!(origins[side as usize].contains(sq), variant.eval_cond(c, &pos, &ctx));
                    }
                }
            }
            assert_eq!(resolved, 1);
        }
    }

    /// A count of some kinds' pieces, counted only until its comparison
    /// is decided, compares as the full count of their squares does:
    /// every comparison, along seeded random games of a variant whose end
    /// rules count kinds (chess's dead positions among them).
    #[test]
    fn counts_stopped_early_compare_as_full_counts() {
        use rand::{RngExt, SeedableRng};
        let text = r#"(
            extends: "chess",
            name: "Counted kinds",
            end: [
                "checkmate: loss",
                "dead if count(enemy not K P) < 2 and count(own N B) >= 3: draw",
                "dead if count(any not K B) == 0 or count(own Q R) > 2 or count(enemy P) <= 5: draw",
                "dead if count(own not K) != 7: draw",
            ],
        )"#;
        let variant = Variant::from_text("counted.ron", text).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        let counted: Vec<_> = (0..variant.programs.conds.len())
            .filter_map(|id| match variant.programs.conds[id] {
                CondNode::Count(set, cmp, n) => match variant.programs.sets[set as usize] {
                    SetNode::Pieces { side, kinds } => Some((id as CondId, side, kinds, cmp, n)),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        assert!(counted.len() >= 6, "{}", counted.len());
        let (mut held, mut failed) = (0, 0);
        for _ in 0..20 {
            let mut pos = variant.start_position();
            for _ in 0..150 {
                for side in Color::BOTH {
                    let ctx = Variant::still(side);
                    for &(id, filter, kinds, cmp, n) in &counted {
                        let full = variant.pieces_matching(&pos, side, filter, kinds, None).len();
                        let expected = compare(full, cmp, n);
                        assert_eq!(variant.eval_cond(id, &pos, &ctx), expected);
                        if expected { held += 1 } else { failed += 1 }
                    }
                }
                let moves = variant.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(&variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(held > 1000 && failed > 1000, "{held} held, {failed} failed");
    }

    #[test]
    fn a_row_needs_consecutive_squares() {
        let rows = line(false);
        assert!(line_holds(
            &rows,
            set(&[Square::new(2), Square::new(3), Square::new(4)]),
            LineGoal::InRow,
            3
        ));
        assert!(line_holds(
            &rows,
            set(&[Square::new(0), Square::new(5), Square::new(6), Square::new(7)]),
            LineGoal::InRow,
            3
        ));
        assert!(!line_holds(
            &rows,
            set(&[Square::new(2), Square::new(3), Square::new(5), Square::new(6)]),
            LineGoal::InRow,
            3
        ));
        assert!(!line_holds(
            &rows,
            set(&[Square::new(6), Square::new(7)]),
            LineGoal::InRow,
            3
        ));
    }

    #[test]
    fn collinear_pieces_may_have_gaps() {
        let lines = line(true);
        assert!(line_holds(
            &lines,
            set(&[Square::new(0), Square::new(4), Square::new(7)]),
            LineGoal::Collinear,
            3
        ));
        assert!(line_holds(
            &lines,
            set(&[Square::new(1), Square::new(2), Square::new(5), Square::new(6)]),
            LineGoal::Collinear,
            4
        ));
        assert!(!line_holds(
            &lines,
            set(&[Square::new(1), Square::new(2), Square::new(5), Square::new(6)]),
            LineGoal::Collinear,
            5
        ));
        assert!(!line_holds(&lines, SquareSet::EMPTY, LineGoal::Collinear, 2));
    }
}
