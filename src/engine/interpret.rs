//! The effect interpreter: evaluates compiled square sets and conditions,
//! and runs effect programs (remove, push, block, bounce) on a position.

use super::context::{Answers, Context, MadeBy};
use super::moves::{Choice, ChoiceKind};
use super::position::Position;
use super::set_ops::{difference, intersection};
use super::trace::{Asked, Event, LastChoice, Trace};
use crate::base::limits::{SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE};
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::LINE_GOAL_MAX;
use crate::compile::Variant;
use crate::compile::ir::{Comparison, LineGoal, LineMasks, NamedSet, SideFilter};
use crate::compile::ir::{CompiledRule, CondId, CondNode, Op, PushDirection, QuantityNode, SetId, SetNode};
use crate::compile::tables::passed_squares;

fn single(sq: Square) -> SquareSet {
    let mut s = SquareSet::EMPTY;
    s.insert(sq);
    s
}

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
                if let SetNode::Named(named @ (NamedSet::Target | NamedSet::Origin | NamedSet::Mover)) =
                    p.sets[set as usize]
                {
                    let sq = match named {
                        NamedSet::Target => ctx.target,
                        NamedSet::Origin => ctx.origin,
                        _ => ctx.mover,
                    };
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
                self.eval_set(set, pos, ctx)
                    .iter()
                    .fold(SquareSet::EMPTY, |acc, sq| acc.union(&table[sq.index()]))
            }
            SetNode::First { set, table } => {
                let rays = &p.rays[table as usize][ctx.side as usize];
                let mut hits = SquareSet::EMPTY;
                for sq in self.eval_set(set, pos, ctx).iter() {
                    for ray in &rays[sq.index()] {
                        if let Some(&hit) = ray.iter().find(|&&s| !pos.cell(s).is_empty())
                            && pos.cell(hit).is_piece()
                        {
                            hits.insert(hit);
                        }
                    }
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

    fn eval_named(&self, named: NamedSet, pos: &Position, ctx: &Context) -> SquareSet {
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
                .map(|sq| i64::from(self.pieces[pos.cell(sq).kind().index()].value))
                .sum(),
            QuantityNode::Held(side, kinds) => i64::from(self.held(pos, ctx.side, side, kinds)),
            QuantityNode::Captured(counter) => i64::from(pos.captured[counter as usize]),
            QuantityNode::Passes => i64::from(pos.last.passes),
            QuantityNode::Zero => 0,
        }
    }

    fn held(&self, pos: &Position, own: Color, side: SideFilter, kinds: u64) -> u32 {
        let sides: &[Color] = match side {
            SideFilter::Own => &[own],
            SideFilter::Enemy => &[own.flip()],
            SideFilter::Any => &Color::BOTH,
            SideFilter::White => &[Color::White],
            SideFilter::Black => &[Color::Black],
        };
        let mut n = 0;
        for &s in sides {
            for (slot, &kind) in self.hand_kinds.iter().enumerate() {
                if kind.in_mask(kinds) {
                    n += u32::from(pos.hands[s as usize][slot]);
                }
            }
        }
        n
    }

    fn pieces_matching(
        &self,
        pos: &Position,
        own: Color,
        side: SideFilter,
        kinds: u64,
        among: Option<SquareSet>,
    ) -> SquareSet {
        // Royal pieces have their own sets: `own royal` reads one.
        let only_royal = kinds & !self.royal_kinds == 0;
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
        let every = (1u64 << self.pieces.len()) - 1;
        if kinds & every == every || (only_royal && kinds == self.royal_kinds) {
            return candidates;
        }
        candidates
            .iter()
            .filter(|&sq| pos.cell(sq).kind().in_mask(kinds))
            .collect()
    }

    /// Whether condition `id` holds.
    pub(crate) fn eval_cond(&self, id: CondId, pos: &Position, ctx: &Context) -> bool {
        let occupied = pos.occupied[0].union(&pos.occupied[1]);
        match self.programs.conds[id as usize] {
            CondNode::Truth(b) => b,
            CondNode::Not(a) => !self.eval_cond(a, pos, ctx),
            CondNode::And(a, b) => self.eval_cond(a, pos, ctx) && self.eval_cond(b, pos, ctx),
            CondNode::Or(a, b) => self.eval_cond(a, pos, ctx) || self.eval_cond(b, pos, ctx),
            CondNode::Count(set, cmp, n) => compare(intersection(self.eval_set(set, pos, ctx), occupied).len(), cmp, n),
            CondNode::Squares(set, cmp, n) => compare(self.eval_set(set, pos, ctx).len(), cmp, n),
            CondNode::Captured(counter, cmp, n) => compare(pos.captured[counter as usize] as u32, cmp, n),
            CondNode::Held(side, kinds, cmp, n) => compare(self.held(pos, ctx.side, side, kinds), cmp, n),
            CondNode::Passes(cmp, n) => compare(u32::from(pos.last.passes), cmp, n),
            CondNode::Dropped(mask) => pos.last.dropped.is_some_and(|kind| kind.in_mask(mask)),
            CondNode::Castled(right) => pos.last.castled & right != 0,
            CondNode::Capture => pos.last.captured.is_some(),
            CondNode::CastlingRight(right) => pos.castling & right != 0,
            CondNode::Before(bit) => pos.last.before >> bit & 1 != 0,
            CondNode::Versus(a, cmp, b, offset) => {
                let b = self.quantity(b, pos, ctx) + i64::from(offset);
                compare(self.quantity(a, pos, ctx), cmp, b)
            }
            CondNode::Checks(own, cmp, n) => {
                let side = if own { ctx.side } else { ctx.side.flip() };
                compare(pos.checks[side as usize] as u32, cmp, n)
            }
            CondNode::Exists(set) => self.eval_set(set, pos, ctx).intersects(&occupied),
            // A piece is attacked by the side opposing it, an empty
            // square by the side opposing the rule's owner; a blocked
            // square never.
            CondNode::Attacked(set) => self.eval_set(set, pos, ctx).iter().any(|sq| {
                let cell = pos.cell(sq);
                let attacker = if cell.is_piece() {
                    cell.color().flip()
                } else if cell.is_empty() {
                    ctx.side.flip()
                } else {
                    return false;
                };
                if cell.is_piece() {
                    self.royal_attacked(pos, sq, attacker)
                } else {
                    self.is_attacked(pos, sq, attacker)
                }
            }),
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
                let pieces = intersection(self.eval_set(set, pos, ctx), occupied);
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
                let chain = intersection(self.eval_set(set, pos, ctx), occupied);
                let start = intersection(self.eval_set(from, pos, ctx), chain);
                let rays = &self.programs.rays[table as usize][side.side(ctx.side) as usize];
                !start.is_empty() && connected(rays, chain, start, self.eval_set(to, pos, ctx))
            }
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
        if self.shield_kinds == 0 {
            return out;
        }
        for sq in pos.occupied[0].union(&pos.occupied[1]).iter() {
            let kind = pos.cell(sq).kind();
            if !kind.in_mask(self.shield_kinds) {
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

    /// Fires the rules of one event (capture, arrival or after move): every
    /// rule's condition is judged on the position at that event, before any
    /// of them acts; then the effects of the rules that hold run in file
    /// order. So one rule's effects never switch another rule of the same
    /// event on or off. `made` says whether the move castled (skipping
    /// `except castling` rules) and which piece made it (for `by`).
    pub(crate) fn fire<T: Trace>(
        &self,
        rules: &[CompiledRule],
        pos: &mut Position,
        ctx: &Context,
        made: MadeBy,
        answers: &mut Answers,
        trace: &mut T,
    ) {
        let applies = |rule: &CompiledRule, pos: &Position| {
            !(made.castled && rule.except_castling)
                && rule
                    .by
                    .is_none_or(|kinds| made.moving.is_piece() && made.moving.kind().in_mask(kinds))
                && rule.guard.is_none_or(|g| self.eval_cond(g, pos, ctx))
        };
        if rules.len() <= 64 {
            let mut holds = 0u64;
            for (i, rule) in rules.iter().enumerate() {
                if applies(rule, pos) {
                    holds |= 1 << i;
                }
            }
            for (i, rule) in rules.iter().enumerate() {
                if holds >> i & 1 != 0 {
                    self.run_ops(&rule.ops, pos, ctx, answers, trace);
                }
            }
        } else {
            // More rules for one event than a mask holds: rare enough to allocate.
            let holds: Vec<bool> = rules.iter().map(|rule| applies(rule, pos)).collect();
            for (rule, _) in rules.iter().zip(holds).filter(|(_, h)| *h) {
                self.run_ops(&rule.ops, pos, ctx, answers, trace);
            }
        }
    }

    /// Runs an effect program. A `chosen` push and a bounce each take the
    /// move's next follow-up choice; without one, the push does nothing
    /// and nothing bounces (a probing trace is offered the options).
    pub(crate) fn run_ops<T: Trace>(
        &self,
        ops: &[Op],
        pos: &mut Position,
        ctx: &Context,
        answers: &mut Answers,
        trace: &mut T,
    ) {
        for op in ops {
            match *op {
                Op::Remove(set) => {
                    let squares = self.eval_set(set, pos, ctx);
                    trace.area(squares);
                    let shield = self.shielded(pos, SHIELD_REMOVE);
                    for sq in squares.iter() {
                        if !pos.cell(sq).is_piece() {
                            continue;
                        }
                        if shield.contains(sq) {
                            trace.record(Event::Shielded { at: sq });
                        } else {
                            pos.remove_piece(self, sq, false, trace);
                        }
                    }
                }
                Op::Place(index) => self.run_place(index, pos, ctx, answers, trace),
                Op::Consume => {
                    // Spent, not captured: no `captured(...)` count.
                    let piece = pos.cell(ctx.mover);
                    if piece.is_piece() {
                        pos.clear(ctx.mover);
                        trace.record(Event::Removed { piece, at: ctx.mover });
                    }
                }
                Op::Recolour { set, to, royal } => self.recolour(pos, ctx, (set, to, royal), trace),
                Op::Transform { set, to, royal } => self.transform(pos, ctx, (set, to, royal), trace),
                Op::Mark { set, mark, moves } => self.mark(pos, ctx, (set, mark, moves, true), trace),
                Op::Unmark { set, mark } => self.mark(pos, ctx, (set, mark, 0, false), trace),
                Op::Shield { set, against, moves } => {
                    let squares = self.eval_set(set, pos, ctx);
                    trace.area(squares);
                    pos.timed_shields.raise(squares, against, moves);
                }
                Op::Block(set) => {
                    let squares = self.eval_set(set, pos, ctx);
                    trace.area(squares);
                    let shield = self.shielded(pos, SHIELD_BLOCK);
                    for sq in squares.iter() {
                        if shield.contains(sq) {
                            trace.record(Event::Shielded { at: sq });
                            continue;
                        }
                        if pos.cell(sq).is_piece() {
                            pos.remove_piece(self, sq, false, trace);
                        }
                        if pos.cell(sq) != Cell::BLOCKED {
                            pos.block(sq);
                            trace.record(Event::Blocked { at: sq });
                        }
                    }
                }
                Op::BlockChosen {
                    among,
                    unblocking,
                    required,
                    last,
                } => {
                    let (options, free) = self.block_options(pos, ctx, among, unblocking);
                    if options.is_empty() {
                        // No square to choose: the effect does nothing, as
                        // an effect on an empty set does, and the move
                        // stands (it asks for no answer). A required
                        // choice with no option is asked with none, so
                        // the move is no move at all.
                        if required && T::PROBES && answers.open() {
                            trace.asked(Asked {
                                optional: false,
                                last: None,
                            });
                        }
                        continue;
                    }
                    match answers.take() {
                        Ok(c) if options.contains(c.to) => self.block_chosen(pos, c.to, free, trace),
                        Ok(_) => {}
                        Err(first) => {
                            if T::PROBES && first {
                                trace.asked(Asked {
                                    optional: false,
                                    last: last.then_some(LastChoice::Block { unblocking: free }),
                                });
                                trace.offer_squares(ctx.mover, options, ChoiceKind::Square);
                            }
                        }
                    }
                }
                Op::Push {
                    set,
                    direction,
                    distance,
                } => {
                    let choice = match direction {
                        PushDirection::Chosen => match answers.take() {
                            Ok(c) => Some(c),
                            Err(first) => {
                                if T::PROBES && first {
                                    self.offer_directions(ctx, trace);
                                }
                                continue;
                            }
                        },
                        _ => None,
                    };
                    let arrived = self.push_pieces(pos, ctx, set, direction, choice, distance, trace);
                    answers.moved_pawn |= arrived.iter().any(|sq| self.is_pawn(pos.cell(sq)));
                }
                Op::MoveOn {
                    set,
                    as_captured,
                    onto,
                    required,
                    last,
                } => {
                    let m = super::compound::MoveOn {
                        set,
                        as_captured,
                        onto,
                        required,
                        last,
                    };
                    self.run_move_on(pos, ctx, answers, &m, trace);
                }
                Op::Exchange(set) => self.run_exchange(pos, ctx, set, trace),
                Op::Bounce {
                    set,
                    from,
                    promote,
                    last,
                } => match answers.take() {
                    Ok(c) => {
                        let piece = pos.cell(c.piece);
                        if self.bounce(pos, ctx, set, from, promote, c.piece, trace) {
                            answers.moved_pawn |= self.is_pawn(piece);
                        }
                    }
                    Err(first) => {
                        if T::PROBES && first {
                            self.offer_bounces(pos, ctx, set, from, promote, last, trace);
                        }
                    }
                },
            }
        }
    }

    /// The squares a chosen block may pick (those of `among` neither
    /// blocked nor shielded against `block`) and the blocked squares it
    /// frees (those of `unblocking`), both read before it acts.
    fn block_options(
        &self,
        pos: &Position,
        ctx: &Context,
        among: SetId,
        unblocking: Option<SetId>,
    ) -> (SquareSet, SquareSet) {
        let blocked = self.eval_named(NamedSet::Blocked, pos, ctx);
        let options = difference(self.eval_set(among, pos, ctx), blocked);
        let options = difference(options, self.shielded(pos, SHIELD_BLOCK));
        let free = unblocking.map_or(SquareSet::EMPTY, |s| intersection(self.eval_set(s, pos, ctx), blocked));
        (options, free)
    }

    /// Blocks the chosen square `to` (removing a piece there) and frees
    /// the blocked squares of `free`.
    pub(crate) fn block_chosen<T: Trace>(&self, pos: &mut Position, to: Square, free: SquareSet, trace: &mut T) {
        trace.area(single(to));
        if pos.cell(to).is_piece() {
            pos.remove_piece(self, to, false, trace);
        }
        pos.block(to);
        trace.record(Event::Blocked { at: to });
        for sq in free.iter() {
            if sq != to && pos.cell(sq) == Cell::BLOCKED {
                pos.board[sq.index()] = Cell::EMPTY;
                trace.record(Event::Unblocked { at: sq });
            }
        }
    }

    /// Offers, as a `chosen` push's options, the squares next to the target.
    fn offer_directions<T: Trace>(&self, ctx: &Context, trace: &mut T) {
        trace.asked(Asked {
            optional: false,
            last: None,
        });
        for (df, dr) in crate::base::geometry::NEIGHBOURS {
            if let Some(to) = self.geometry.offset(ctx.target, df, dr) {
                trace.offer(Choice {
                    piece: ctx.target,
                    to,
                    kind: ChoiceKind::Direction,
                });
            }
        }
    }

    /// Offers, as a bounce's options, each piece of `set` that can bounce
    /// away from `from` now, with the square it would go to (a piece that
    /// cannot move is no option: bouncing it would be the same as none).
    #[allow(clippy::too_many_arguments)]
    fn offer_bounces<T: Trace>(
        &self,
        pos: &Position,
        ctx: &Context,
        set: SetId,
        from: SetId,
        promote: bool,
        last: bool,
        trace: &mut T,
    ) {
        trace.asked(Asked {
            optional: true,
            last: last.then_some(LastChoice::Bounce { promote }),
        });
        let bounce = BounceFrom::new(self, pos, ctx, from);
        let pieces = intersection(self.eval_set(set, pos, ctx), pos.occupied[0].union(&pos.occupied[1]));
        for piece in pieces.iter() {
            if let Some(to) = bounce.destination(self, pos, piece) {
                trace.offer(Choice {
                    piece,
                    to,
                    kind: ChoiceKind::Piece,
                });
            }
        }
    }

    /// The unit step of a push along the move: the signs of the move's
    /// components on a straight line, else the step along its longer axis.
    fn along(&self, ctx: &Context) -> (i32, i32) {
        let g = self.geometry;
        let (dx, dy) = (
            g.file(ctx.target) - g.file(ctx.origin),
            g.rank(ctx.target) - g.rank(ctx.origin),
        );
        if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
            (dx.signum(), dy.signum())
        } else if dx.abs() > dy.abs() {
            (dx.signum(), 0)
        } else {
            (0, dy.signum())
        }
    }

    /// The square of `set` nearest to `sq` (king steps; ties: lowest square).
    fn nearest(&self, set: SquareSet, sq: Square) -> Option<Square> {
        let g = self.geometry;
        set.iter()
            .min_by_key(|&r| (g.file(r) - g.file(sq)).abs().max((g.rank(r) - g.rank(sq)).abs()))
    }

    /// The step from the nearest square of `from` towards `sq`.
    fn away(&self, from: SquareSet, sq: Square) -> Option<(i32, i32)> {
        let g = self.geometry;
        let r = self.nearest(from, sq)?;
        let step = ((g.file(sq) - g.file(r)).signum(), (g.rank(sq) - g.rank(r)).signum());
        (step != (0, 0)).then_some(step)
    }

    #[allow(clippy::too_many_arguments)]
    fn push_pieces<T: Trace>(
        &self,
        pos: &mut Position,
        ctx: &Context,
        set: SetId,
        direction: PushDirection,
        choice: Option<Choice>,
        distance: u8,
        trace: &mut T,
    ) -> SquareSet {
        let g = self.geometry;
        let pieces = intersection(self.eval_set(set, pos, ctx), pos.occupied[0].union(&pos.occupied[1]));
        let from = match direction {
            PushDirection::AwayFrom(f) => Some(self.eval_set(f, pos, ctx)),
            _ => None,
        };
        // Push the pieces farthest along their direction first, so a near
        // piece never shoves a far one that is about to move anyway.
        let mut order = [(Square::new(0), 0i32, 0i32, 0i32); 256];
        let mut count = 0;
        for sq in pieces.iter() {
            let step = match (direction, from) {
                (PushDirection::AwayFrom(_), Some(f)) => self.away(f, sq),
                (PushDirection::Chosen, _) => {
                    let Some(Choice { to: c, .. }) = choice else { continue };
                    Some(((g.file(c) - g.file(sq)).signum(), (g.rank(c) - g.rank(sq)).signum()))
                }
                _ => Some(self.along(ctx)),
            };
            let Some((dx, dy)) = step else { continue };
            if (dx, dy) == (0, 0) {
                continue;
            }
            let key = g.file(sq) * dx + g.rank(sq) * dy;
            order[count] = (sq, dx, dy, key);
            count += 1;
        }
        order[..count].sort_by_key(|&(sq, _, _, key)| (std::cmp::Reverse(key), sq));
        let shield = self.shielded(pos, SHIELD_PUSH);
        let mut arrived = SquareSet::EMPTY;
        for &(sq, dx, dy, _) in &order[..count] {
            if arrived.contains(sq) || !pos.cell(sq).is_piece() {
                continue;
            }
            let mut at = sq;
            for _ in 0..distance {
                match self.push_chain(pos, at, (dx, dy), &shield, &mut arrived, trace, 0) {
                    Some(next) => at = next,
                    None => break,
                }
            }
        }
        arrived
    }

    /// Pushes the piece on `sq` one step, pushing what stands in the way
    /// first. Returns its new square, or `None` if it stayed or left the board.
    #[allow(clippy::too_many_arguments)]
    fn push_chain<T: Trace>(
        &self,
        pos: &mut Position,
        sq: Square,
        (dx, dy): (i32, i32),
        shield: &SquareSet,
        arrived: &mut SquareSet,
        trace: &mut T,
        depth: u32,
    ) -> Option<Square> {
        let piece = pos.cell(sq);
        if !piece.is_piece() || depth > 2 * crate::base::geometry::Geometry::MAX_SIDE as u32 {
            return None;
        }
        if shield.contains(sq) {
            trace.record(Event::Shielded { at: sq });
            return None;
        }
        match self.geometry.offset(sq, dx, dy) {
            Some(next) if pos.cell(next) != Cell::BLOCKED => {
                if pos.cell(next).is_piece() {
                    // Push the piece in the way first; if it could not move
                    // (a shield), this one stays too.
                    self.push_chain(pos, next, (dx, dy), shield, arrived, trace, depth + 1);
                    if pos.cell(next).is_piece() {
                        return None;
                    }
                }
                pos.relocate(sq, next);
                arrived.insert(next);
                trace.record(Event::Pushed {
                    piece,
                    from: sq,
                    to: next,
                });
                Some(next)
            }
            _ => {
                pos.clear(sq);
                pos.count_removal(self, piece);
                trace.record(Event::PushedOff { piece, from: sq });
                None
            }
        }
    }

    /// Where a bounce of the piece on `sq` away from `from` would land, if it can move.
    pub(crate) fn bounce_destination(&self, pos: &Position, ctx: &Context, from: SetId, sq: Square) -> Option<Square> {
        let bounce = BounceFrom::new(self, pos, ctx, from);
        bounce.destination(self, pos, sq)
    }

    /// Bounces the chosen piece, if it is in `set` and can move; returns
    /// whether it moved.
    #[allow(clippy::too_many_arguments)]
    fn bounce<T: Trace>(
        &self,
        pos: &mut Position,
        ctx: &Context,
        set: SetId,
        from: SetId,
        promote: bool,
        choice: Square,
        trace: &mut T,
    ) -> bool {
        if !self.eval_set(set, pos, ctx).contains(choice) {
            return false;
        }
        let Some(to) = self.bounce_destination(pos, ctx, from, choice) else {
            return false;
        };
        self.bounce_to(pos, choice, to, promote, trace);
        true
    }

    /// Whether `cell` holds a piece whose moves reset the move-rule clock.
    #[inline]
    fn is_pawn(&self, cell: Cell) -> bool {
        cell.is_piece() && cell.kind().in_mask(self.pawn_kinds)
    }
}

/// What a bounce away from a set reads once for all the pieces it may
/// move: the set (and its one square, the usual case, whose step needs no
/// search for the nearest square) and the squares shielded from bounces.
struct BounceFrom {
    from: SquareSet,
    single: Option<Square>,
    shield: SquareSet,
}

impl BounceFrom {
    fn new(variant: &Variant, pos: &Position, ctx: &Context, from: SetId) -> BounceFrom {
        let from = variant.eval_set(from, pos, ctx);
        let single = if from.len() == 1 { from.iter().next() } else { None };
        BounceFrom {
            from,
            single,
            shield: variant.shielded(pos, SHIELD_BOUNCE),
        }
    }

    /// Where the piece on `sq` would land, if it can move.
    #[inline]
    fn destination(&self, variant: &Variant, pos: &Position, sq: Square) -> Option<Square> {
        if !pos.cell(sq).is_piece() || self.shield.contains(sq) {
            return None;
        }
        let g = variant.geometry;
        let (dx, dy) = match self.single {
            Some(r) => {
                let step = ((g.file(sq) - g.file(r)).signum(), (g.rank(sq) - g.rank(r)).signum());
                (step != (0, 0)).then_some(step)?
            }
            None => variant.away(self.from, sq)?,
        };
        let to = g.offset(sq, dx, dy)?;
        pos.cell(to).is_empty().then_some(to)
    }
}

impl Variant {
    /// Whether the piece on `from`, bounced to `to`, lands in its promotion
    /// zone where a bounce may promote it (a bounce captures nothing: no
    /// promotion for a rule with `on_capture`).
    #[inline]
    pub(crate) fn may_promote_on_bounce(&self, pos: &Position, from: Square, to: Square) -> bool {
        let piece = pos.cell(from);
        self.promotion_zone.get(piece.kind(), piece.color()).contains(to)
            && !piece.kind().in_mask(self.promotion_on_capture)
    }

    /// Moves the piece on `from` to `to` as a bounce (promoting it when
    /// `promote` and it lands in its zone). The caller checked `to`.
    pub(crate) fn bounce_to<T: Trace>(
        &self,
        pos: &mut Position,
        from: Square,
        to: Square,
        promote: bool,
        trace: &mut T,
    ) {
        let piece = pos.cell(from);
        let promotes = promote && self.may_promote_on_bounce(pos, from, to);
        pos.relocate(from, to);
        trace.record(Event::Bounced { piece, from, to });
        if promotes
            && let Some(&kind) = (self.promotion_choices.get(piece.kind(), piece.color()).iter())
                .find(|&&k| self.may_promote_to(pos, piece.color(), k))
        {
            let promoted = Cell::piece(kind, piece.color());
            pos.set(self, to, promoted);
            pos.mark_promoted(self, to);
            trace.record(Event::Promoted {
                at: to,
                piece: promoted,
            });
        }
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
