//! The effect interpreter: runs effect programs (remove, push, block,
//! bounce, and the rest) on a position, firing each event's rules. The
//! square sets and conditions they read are evaluated in `evaluate`.

use super::context::{Answers, Context, MadeBy};
use super::moves::{Choice, ChoiceKind};
use super::position::Position;
use super::set_ops::{difference, intersection, single};
use super::trace::{Asked, Event, LastChoice, Trace};
use crate::base::limits::{SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE};
use crate::base::piece::Cell;
use crate::base::square::{Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::NamedSet;
use crate::compile::ir::{CompiledRule, Op, PushDirection, SetId};

impl Variant {
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
                    .is_none_or(|kinds| made.moving.is_piece() && kinds.contains(made.moving.kind()))
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
        let to = match self.bounce_by_tables(pos, ctx, set, from, choice) {
            Some(to) => to,
            None if self.eval_set(set, pos, ctx).contains(choice) => self.bounce_destination(pos, ctx, from, choice),
            None => None,
        };
        let Some(to) = to else {
            return false;
        };
        self.bounce_to(pos, choice, to, promote, trace);
        true
    }

    /// Where the bounce of the set `set` away from `from` moves the chosen
    /// piece on `choice`, read off the load-time tables where it is the
    /// variant's one direct bounce of the whole reach around the mover
    /// (`Programs::bounce_whole_reach`: no set to evaluate, no shield):
    /// `Some(None)` where the piece is not in reach or cannot move. `None`
    /// for any other bounce, whose sets are evaluated.
    #[inline]
    pub(crate) fn bounce_by_tables(
        &self,
        pos: &Position,
        ctx: &Context,
        set: SetId,
        from: SetId,
        choice: Square,
    ) -> Option<Option<Square>> {
        let p = &self.programs;
        if !p.bounce_whole_reach {
            return None;
        }
        match p.after_move.first()?.ops.first()? {
            &Op::Bounce { set: s, from: f, .. } if s == set && f == from => {}
            _ => return None,
        }
        let reach = usize::from(p.bounce_reach?);
        let mover = ctx.mover.index();
        let dest = p.bounce_away[mover * self.geometry.squares() + choice.index()];
        let moves = p.areas[reach][mover].contains(choice)
            && dest != choice
            && pos.cell(choice).is_piece()
            && pos.cell(dest).is_empty();
        Some(moves.then_some(dest))
    }

    /// Whether `cell` holds a piece whose moves reset the move-rule clock.
    #[inline]
    fn is_pawn(&self, cell: Cell) -> bool {
        cell.is_piece() && self.pieces.pawns(cell.color()).contains(cell.kind())
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
        self.promotion.zone(piece.kind(), piece.color()).contains(to) && !self.promotion.only_on_capture(piece.kind())
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
            && let Some(&kind) = (self.promotion.choices(piece.kind(), piece.color()).iter())
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

#[cfg(test)]
mod tests {
    use crate::base::square::Square;
    use crate::compile::Variant;
    use crate::compile::ir::Op;
    use crate::engine::context::Context;
    use crate::engine::moves::Move;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Along seeded random games (both sides to move), for every mover
    /// square and every square of the board, the bounce read off the
    /// tables is the one the sets and the step away from the mover give.
    fn bounces_by_tables_match_the_sets(text: &str) -> usize {
        let variant = Variant::from_text("bounces.ron", text).unwrap();
        let Some(&Op::Bounce { set, from, .. }) = variant.programs.after_move[0].ops.first() else {
            panic!("a bounce rule");
        };
        let n = variant.geometry.squares();
        let mut moved = 0;
        for game in 0..4 {
            let mut rng = ChaCha8Rng::seed_from_u64(0xb0 ^ game);
            let mut pos: Position = variant.start_position();
            for _ in 0..50 {
                for (m, sq) in (0..n * n).map(|i| (i / n, i % n)) {
                    let (mover, choice) = (Square::from_index(m), Square::from_index(sq));
                    let ctx = Context {
                        side: pos.side,
                        origin: mover,
                        target: mover,
                        mover,
                    };
                    let by_sets = variant
                        .eval_set(set, &pos, &ctx)
                        .contains(choice)
                        .then(|| variant.bounce_destination(&pos, &ctx, from, choice))
                        .flatten();
                    let by_tables = variant.bounce_by_tables(&pos, &ctx, set, from, choice);
                    assert_eq!(by_tables, Some(by_sets), "mover {m}, piece {sq}");
                    moved += usize::from(by_sets.is_some());
                }
                let moves: Vec<Move> = variant.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(&variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        moved
    }

    #[test]
    fn bounces_by_tables_match_the_sets_and_steps() {
        for reach in ["adjacent(mover)", "area(mover, 2)"] {
            let text = format!(
                r#"(
                extends: "chess",
                name: "Bounces",
                rules: ["after move except castling: may bounce({reach}, away from mover)"],
            )"#
            );
            assert!(bounces_by_tables_match_the_sets(&text) > 1000);
        }
        // Joined edges: a step off one edge comes back on the other.
        let cylinder = r#"(
            extends: "chess",
            name: "Cylinder bounces",
            board: (files: 8, ranks: 8, wrap: Files),
            rules: ["after move except castling: may bounce(adjacent(mover), away from mover)"],
        )"#;
        assert!(bounces_by_tables_match_the_sets(cylinder) > 1000);
    }
}
