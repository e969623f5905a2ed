//! Move generation: pseudo-legal moves read from the move tables, then the
//! variant's check rule. Moves go into a caller's buffer, which is cleared
//! and reused, so a search allocates nothing per node.

use super::interpret::Context;
use super::moves::{Choice, Move, MoveKind};
use super::position::Position;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::program::Op;
use crate::compile::tables::{CAPTURE, EN_PASSANT, QUIET, SETS_EN_PASSANT};

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
        self.generate_legal_by_clauses(pos, out);
        if self.programs.captures_compulsory && out.iter().any(Move::is_capture) {
            out.retain(Move::is_capture);
        }
    }

    /// The legal moves by the clauses that judge each move alone (not
    /// `captures are compulsory`, which compares them).
    fn generate_legal_by_clauses(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.ended_by_rule(pos).is_some() {
            return;
        }
        if self.programs.choice.is_some() {
            return self.generate_legal_with_choices(pos, out);
        }
        self.generate_pseudo_legal(pos, out);
        if self.programs.legal.is_empty() {
            return;
        }
        let us = pos.side;
        let them = us.flip();
        let royals = pos.royals[us as usize];
        let check_clause = self.has_check();
        let mut attacked = false;
        let mut exposure = crate::base::square::SquareSet::EMPTY;
        for sq in royals.iter() {
            attacked |= self.is_attacked(pos, sq, them);
            exposure = exposure
                .union(&self.attacks.leap_exposure[them as usize * self.attacks.board_squares + sq as usize])
                .union(&self.pinned(pos, sq, them));
        }
        let single_royal = royals.len() == 1;
        out.retain(|mv| {
            // A plain move cannot lose a royal piece; if nothing attacks the
            // royals and the move cannot open a line to them, it is legal.
            let plain = self.is_plain(mv);
            if plain
                && (!check_clause
                    || (!attacked
                        && !self.attacks.has_hops
                        && !royals.contains(mv.from)
                        && !exposure.contains(mv.from)))
            {
                return true;
            }
            // A lone king stepping to a square no enemy attacks (its old
            // square seen as empty) is legal; otherwise, play it to decide.
            if plain
                && single_royal
                && royals.contains(mv.from)
                && !self.is_attacked_after_leaving(pos, mv.to, them, mv.from)
            {
                return true;
            }
            let mut child = pos.clone();
            child.make(self, *mv);
            self.passes_legality(pos, &child, mv)
        });
    }

    /// Pieces of the royal's side that stand alone between the royal on
    /// `royal` and an enemy rider attacking along that line: moving one
    /// may expose the royal.
    fn pinned(&self, pos: &Position, royal: Square, them: Color) -> crate::base::square::SquareSet {
        let t = &self.attacks;
        let slot = t.slot(them, royal);
        let mut pinned = crate::base::square::SquareSet::EMPTY;
        for ray in &t.rays[slot.rays as usize..slot.rays_end as usize] {
            let mut shield = None;
            for &s in t.run(ray.ray, ray.len) {
                let cell = pos.board[s as usize];
                if cell.is_empty() {
                    continue;
                }
                match shield {
                    None if cell.is_side(them.flip()) => shield = Some(s),
                    None => break,
                    Some(own) => {
                        if cell.is_side(them) && ray.kinds >> cell.kind() & 1 != 0 {
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
    pub fn generate_pseudo_legal(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate_base(pos, out);
        if self.programs.choice.is_some() {
            self.expand_choices(pos, out);
        }
    }

    /// Appends the moves before any follow-up choice.
    fn generate_base(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        for from in pos.occupied[us as usize].iter() {
            self.generate_piece(pos, from, us, true, out);
        }
        self.generate_castling(pos, out);
        self.generate_side_actions(pos, out);
    }

    /// Legal moves of a variant whose moves offer a bounce: each base move
    /// is played once; its legality and every bounce it allows are judged
    /// on that position, a bounce by moving one more piece on a copy. Works
    /// in `out` alone: kept base moves are packed at the front, bounces
    /// appended behind the base moves, then the gap is closed.
    fn generate_legal_with_choices(&self, pos: &Position, out: &mut Vec<Move>) {
        let Some((rule_index, Op::Bounce { promote, .. })) = self.programs.choice else {
            return;
        };
        let rule = &self.programs.after_move[rule_index];
        let us = pos.side;
        self.generate_base(pos, out);
        let base_len = out.len();
        // When the bounce is the only rule, a base move played without its
        // bounce is a plain move: the chess shortcut applies to it.
        let p = &self.programs;
        let bounce_only =
            p.on_capture.is_empty() && p.on_arrival.is_empty() && p.after_move.len() == 1 && rule.ops.len() == 1;
        let royals = pos.royals[us as usize];
        let check_clause = self.has_check();
        let (mut attacked, mut exposure) = (false, crate::base::square::SquareSet::EMPTY);
        if bounce_only && check_clause {
            for sq in royals.iter() {
                attacked |= self.is_attacked(pos, sq, us.flip());
                exposure = exposure
                    .union(&self.attacks.leap_exposure[us.flip() as usize * self.attacks.board_squares + sq as usize])
                    .union(&self.pinned(pos, sq, us.flip()));
            }
        }
        let mut kept = 0;
        for i in 0..base_len {
            let mv = out[i];
            let mut child = pos.clone();
            child.make(self, mv);
            let plain = bounce_only
                && mv.controller.is_none()
                && matches!(mv.kind, MoveKind::Quiet | MoveKind::Capture | MoveKind::Initial);
            let shortcut =
                plain && (!check_clause || (!attacked && !royals.contains(mv.from) && !exposure.contains(mv.from)));
            if shortcut || self.passes_legality(pos, &child, &mv) {
                out[kept] = mv;
                kept += 1;
            }
            self.for_each_bounce(&mv, &child, |c, dest| {
                let mut bounced = child.clone();
                self.bounce_to(&mut bounced, c, dest, promote, &mut super::trace::NoTrace);
                let with_choice = Move {
                    choice: Some(Choice { piece: c, to: dest }),
                    ..mv
                };
                if self.passes_legality(pos, &bounced, &with_choice) {
                    out.push(with_choice);
                }
            });
        }
        out.drain(kept..base_len);
    }

    /// Appends the moves and actions of the piece on `from`, which belongs
    /// to `side` (the side to move, or the other when compelled).
    fn generate_piece(&self, pos: &Position, from: Square, side: Color, may_compel: bool, out: &mut Vec<Move>) {
        let t = &self.moves;
        let kind = pos.board[from as usize].kind();
        let slot = t.slot(kind, side, from);
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
                    .all(|&s| pos.board[s as usize].is_empty())
            {
                continue;
            }
            let target = pos.board[leap.to as usize];
            if target.is_empty() {
                if leap.flags & QUIET != 0 {
                    if first(0, leap.to) {
                        let move_kind = if leap.flags & SETS_EN_PASSANT != 0 {
                            MoveKind::Initial
                        } else {
                            MoveKind::Quiet
                        };
                        self.push(out, kind, side, from, leap.to, move_kind);
                    }
                } else if leap.flags & EN_PASSANT != 0 && pos.ep_targets.contains(leap.to) && first(1, leap.to) {
                    self.push(out, kind, side, from, leap.to, MoveKind::EnPassant);
                }
            } else if leap.flags & CAPTURE != 0 && target.is_side(side.flip()) && first(0, leap.to) {
                self.push(out, kind, side, from, leap.to, MoveKind::Capture);
            }
        }
        for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
            let run = t.landing_run(ride, |s| pos.board[s as usize].is_empty());
            for (i, &to) in run.iter().enumerate() {
                let target = pos.board[to as usize];
                if target.is_empty() {
                    if ride.flags & QUIET != 0 {
                        if first(0, to) {
                            let move_kind = if i > 0 && ride.flags & SETS_EN_PASSANT != 0 {
                                MoveKind::Initial
                            } else {
                                MoveKind::Quiet
                            };
                            self.push(out, kind, side, from, to, move_kind);
                        }
                    } else if ride.flags & EN_PASSANT != 0 && pos.ep_targets.contains(to) && first(1, to) {
                        self.push(out, kind, side, from, to, MoveKind::EnPassant);
                    }
                    continue;
                }
                if ride.flags & CAPTURE != 0 && target.is_side(side.flip()) && first(0, to) {
                    self.push(out, kind, side, from, to, MoveKind::Capture);
                }
                break;
            }
        }
        if self.programs.action_kinds >> kind & 1 != 0 {
            self.generate_piece_actions(pos, from, kind, side, may_compel, out);
        }
    }

    /// Appends the actions of the piece on `from`.
    fn generate_piece_actions(
        &self,
        pos: &Position,
        from: Square,
        kind: u8,
        side: Color,
        may_compel: bool,
        out: &mut Vec<Move>,
    ) {
        for (index, action) in self.programs.actions.iter().enumerate() {
            if action.owner != Some(kind)
                || action
                    .once_bit
                    .is_some_and(|bit| pos.used[side as usize] >> bit & 1 != 0)
            {
                continue;
            }
            let check = |to: Square| {
                action.when.is_none_or(|c| {
                    self.eval_cond(
                        c,
                        pos,
                        &Context {
                            side,
                            origin: from,
                            target: to,
                            mover: from,
                        },
                    )
                })
            };
            // A condition that ignores the target is evaluated once.
            if !action.when_uses_target && !check(from) {
                continue;
            }
            let allowed = |to: Square| !action.when_uses_target || check(to);
            let emit = |to: Square, out: &mut Vec<Move>| {
                if !allowed(to) {
                    return;
                }
                if action.compel {
                    // The piece on the target makes one of its own moves.
                    let cell = pos.board[to as usize];
                    if may_compel && cell.is_piece() && to != from {
                        let start = out.len();
                        self.generate_piece(pos, to, cell.color(), false, out);
                        for m in &mut out[start..] {
                            m.controller = Some(from);
                        }
                    }
                    return;
                }
                let start = out.len();
                let move_kind = MoveKind::Action(index as u8);
                if action.promotes {
                    for &choice in &self.promotion_choices {
                        out.push(Move {
                            promotion: Some(choice),
                            ..Move::new(from, to, move_kind)
                        });
                    }
                } else if action.stays {
                    out.push(Move::new(from, to, move_kind));
                } else {
                    self.push(out, kind, side, from, to, move_kind);
                }
                if action.chooses_direction {
                    // One move per direction the pushed piece may go.
                    let g = self.geometry;
                    let end = out.len();
                    for i in start..end {
                        let base = out[i];
                        for (df, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                            if let Some(c) = g.offset(to, df, dr) {
                                out.push(Move {
                                    choice: Some(Choice { piece: to, to: c }),
                                    ..base
                                });
                            }
                        }
                    }
                    out.drain(start..end);
                }
            };
            if let Some(set) = action.target {
                let ctx = Context {
                    side,
                    origin: from,
                    target: from,
                    mover: from,
                };
                for to in self.eval_set(set, pos, &ctx).iter() {
                    emit(to, out);
                }
                continue;
            }
            let Some(t) = &action.tables else { continue };
            let slot = t.slot(0, side, from);
            // A target reached by two routes of the template is one target.
            let mut seen = SquareSet::EMPTY;
            let mut emit = |to: Square, out: &mut Vec<Move>| {
                if slot.repeats {
                    if seen.contains(to) {
                        return;
                    }
                    seen.insert(to);
                }
                emit(to, out);
            };
            for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                if !t
                    .run(leap.path, leap.path_len)
                    .iter()
                    .all(|&s| pos.board[s as usize].is_empty())
                {
                    continue;
                }
                let cell = pos.board[leap.to as usize];
                if (cell.is_empty() && leap.flags & QUIET != 0)
                    || (cell.is_side(side.flip()) && leap.flags & CAPTURE != 0)
                {
                    emit(leap.to, out);
                }
            }
            for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
                for &to in t.landing_run(ride, |s| pos.board[s as usize].is_empty()) {
                    let cell = pos.board[to as usize];
                    if (cell.is_empty() && ride.flags & QUIET != 0)
                        || (cell.is_side(side.flip()) && ride.flags & CAPTURE != 0)
                    {
                        emit(to, out);
                    }
                    if !cell.is_empty() {
                        break;
                    }
                }
            }
        }
    }

    /// Appends the actions of the side to move that belong to no piece.
    fn generate_side_actions(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        for (index, action) in self.programs.actions.iter().enumerate() {
            if action.owner.is_some() || action.once_bit.is_some_and(|bit| pos.used[us as usize] >> bit & 1 != 0) {
                continue;
            }
            let Some(set) = action.target else { continue };
            let check = |to: Square| {
                action.when.is_none_or(|c| {
                    self.eval_cond(
                        c,
                        pos,
                        &Context {
                            side: us,
                            origin: to,
                            target: to,
                            mover: to,
                        },
                    )
                })
            };
            if !action.when_uses_target && !check(0) {
                continue;
            }
            for to in self.eval_set(set, pos, &Self::still(us)).iter() {
                if !action.when_uses_target || check(to) {
                    out.push(Move::new(to, to, MoveKind::Action(index as u8)));
                }
            }
        }
    }

    /// Adds, for every move so far, one move per piece the mover may bounce
    /// afterwards (a bounce that could not move is the same as none).
    fn expand_choices(&self, pos: &Position, out: &mut Vec<Move>) {
        for i in 0..out.len() {
            let mv = out[i];
            let mut child = pos.clone();
            child.make(self, mv);
            self.for_each_bounce(&mv, &child, |c, dest| {
                out.push(Move {
                    choice: Some(Choice { piece: c, to: dest }),
                    ..mv
                });
            });
        }
    }

    /// Calls `f` with each piece the mover may bounce after `mv` (already
    /// played, without a bounce, into `child`) and the square it would go to.
    fn for_each_bounce(&self, mv: &Move, child: &Position, mut f: impl FnMut(Square, Square)) {
        let Some((rule_index, Op::Bounce { set, from, .. })) = self.programs.choice else {
            return;
        };
        let rule = &self.programs.after_move[rule_index];
        if matches!(mv.kind, MoveKind::Castle(_)) && rule.except_castling {
            return;
        }
        let mover = match mv.kind {
            MoveKind::Castle(c) => self.castling[c as usize].king_to,
            MoveKind::Action(a) if self.programs.actions[a as usize].stays => mv.from,
            _ => mv.to,
        };
        let ctx = Context {
            side: child.side.flip(),
            origin: mv.from,
            target: mv.to,
            mover,
        };
        if rule.guard.is_some_and(|g| !self.eval_cond(g, child, &ctx)) {
            return;
        }
        for c in self.eval_set(set, child, &ctx).iter() {
            if let Some(dest) = self.bounce_destination(child, &ctx, from, c) {
                f(c, dest);
            }
        }
    }

    /// Pushes a move, once per promotion choice when it ends in the mover's
    /// promotion zone.
    #[inline]
    fn push(&self, out: &mut Vec<Move>, kind: u8, us: Color, from: Square, to: Square, move_kind: MoveKind) {
        if self.promotion_zone[kind as usize * 2 + us as usize].contains(to) {
            for &choice in &self.promotion_choices {
                out.push(Move {
                    promotion: Some(choice),
                    ..Move::new(from, to, move_kind)
                });
            }
            if self.promotion_mandatory {
                return;
            }
        }
        out.push(Move::new(from, to, move_kind));
    }

    fn generate_castling(&self, pos: &Position, out: &mut Vec<Move>) {
        if pos.castling == 0 {
            return;
        }
        let us = pos.side;
        for (index, rule) in self.castling.iter().enumerate() {
            if rule.side != us || pos.castling & rule.right == 0 {
                continue;
            }
            let king = pos.board[rule.king_from as usize];
            let rook = pos.board[rule.rook_from as usize];
            if !king.is_side(us) || king.kind() != rule.king_kind || !rook.is_side(us) || rook.kind() != rule.rook_kind
            {
                continue;
            }
            if rule.must_be_empty.iter().any(|sq| !pos.board[sq as usize].is_empty()) {
                continue;
            }
            let carried_in_place = rule.carry.iter().all(|&(from, _)| {
                let cell = pos.board[from as usize];
                pos.unmoved.contains(from) && cell.is_side(us) && Some(cell.kind()) == rule.carry_kind
            });
            if !carried_in_place {
                continue;
            }
            // The king may not start from or cross a square where it would
            // be in check (judged with the king standing there); where it
            // lands, the legality of the castled position decides, with the
            // rook in its new place.
            if self.has_check()
                && rule
                    .must_be_safe
                    .iter()
                    .filter(|&&sq| sq == rule.king_from || sq != rule.king_to)
                    .any(|&sq| !self.royal_safe_on(pos, rule.king_from, sq))
            {
                continue;
            }
            out.push(Move::new(rule.king_from, rule.king_to, MoveKind::Castle(index as u8)));
        }
    }
}
