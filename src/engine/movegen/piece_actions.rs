//! A piece's actions and the side's own: moves written as effect programs
//! rather than move templates, each aimed at the squares its target set or
//! its template reaches, and kept where its condition holds.

use crate::base::action::ActionId;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{CompiledAction, NamedSet, SetNode};
use crate::compile::tables::{CAPTURE, MoveTables, QUIET};
use crate::engine::context::Context;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl Variant {
    /// Appends the actions of the piece on `from`.
    pub(in crate::engine) fn generate_piece_actions(
        &self,
        pos: &Position,
        from: Square,
        kind: Kind,
        side: Color,
        may_compel: bool,
        out: &mut Vec<Move>,
    ) {
        for &index in self.owned_actions(kind) {
            self.generate_action(pos, usize::from(index), from, kind, side, may_compel, out);
        }
    }

    /// The indices of the actions of `kind`'s pieces, in generation order
    /// (each still to be checked against [`action_open`](Self::action_open)).
    #[inline(always)]
    pub(in crate::engine) fn owned_actions(&self, kind: Kind) -> &[u16] {
        self.programs
            .owned_actions
            .get(kind.index())
            .map_or(&[][..], Vec::as_slice)
    }

    /// Whether `side`'s piece of `kind` on `from` may take `action` now,
    /// whatever it is aimed at: the piece owns it, has not used it up
    /// (`once`), and its condition holds where it ignores the target.
    #[inline(always)]
    pub(in crate::engine) fn action_open(
        &self,
        pos: &Position,
        action: &CompiledAction,
        from: Square,
        kind: Kind,
        side: Color,
    ) -> bool {
        if action.owner != Some(kind)
            || action
                .once_bit
                .is_some_and(|bit| pos.used[side as usize] >> bit & 1 != 0)
        {
            return false;
        }
        // A condition that ignores the target is evaluated once, or read
        // off the origins where it holds.
        match &action.when_origins {
            Some(origins) => origins[side as usize].contains(from),
            None => {
                action.when_uses_target
                    || action
                        .when
                        .is_none_or(|c| self.eval_cond(c, pos, &ctx(side, from, from)))
            }
        }
    }

    /// Appends the moves of the action at `index` of the piece on `from`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn generate_action(
        &self,
        pos: &Position,
        index: usize,
        from: Square,
        kind: Kind,
        side: Color,
        may_compel: bool,
        out: &mut Vec<Move>,
    ) {
        let action = &self.programs.actions[index];
        if !self.action_open(pos, action, from, kind, side) {
            return;
        }
        let site = ActionSite {
            index: ActionId::from_index(index),
            from,
            kind,
            side,
            may_compel,
        };
        let emit = |to: Square, out: &mut Vec<Move>| {
            if !action.when_uses_target || action.when.is_none_or(|c| self.eval_cond(c, pos, &ctx(side, from, to))) {
                self.emit_action(pos, action, &site, to, out);
            }
        };
        if let Some(set) = action.target {
            // Aimed at its own square (`origin`): no set to build.
            if matches!(self.programs.sets[set as usize], SetNode::Named(NamedSet::Origin)) {
                emit(from, out);
            } else {
                for to in self.eval_set(set, pos, &ctx(side, from, from)).iter() {
                    emit(to, out);
                }
            }
        } else if let Some(t) = &action.tables {
            if !action_reaches(action, t, pos, from, side) {
                return;
            }
            for_each_table_target(t, pos, from, side, |to| emit(to, out));
        }
    }

    /// Appends the moves of the action at `index` of the piece on `from`
    /// aimed at `to` (a target it may be aimed at now).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn emit_action_at(
        &self,
        pos: &Position,
        index: usize,
        from: Square,
        kind: Kind,
        side: Color,
        may_compel: bool,
        to: Square,
        out: &mut Vec<Move>,
    ) {
        let site = ActionSite {
            index: ActionId::from_index(index),
            from,
            kind,
            side,
            may_compel,
        };
        self.emit_action(pos, &self.programs.actions[index], &site, to, out);
    }

    /// Appends the moves of one action of the piece at `site.from` aimed
    /// at `to`: the compelled piece's own moves, one per promotion choice,
    /// or one.
    fn emit_action(&self, pos: &Position, action: &CompiledAction, site: &ActionSite, to: Square, out: &mut Vec<Move>) {
        let from = site.from;
        if action.compel {
            // The piece on the target makes one of its own moves.
            let cell = pos.board[to.index()];
            if site.may_compel && cell.is_piece() && to != from {
                let start = out.len();
                self.generate_piece(pos, to, cell.color(), false, out);
                for m in &mut out[start..] {
                    m.controller = Some(from);
                }
            }
            return;
        }
        let move_kind = MoveKind::Action(site.index);
        let start = out.len();
        if action.promotes {
            self.push_promotions(pos, out, site.kind, site.side, Move::new(from, to, move_kind));
        } else if action.stays {
            out.push(Move::new(from, to, move_kind));
        } else {
            self.push(pos, out, site.kind, site.side, from, to, move_kind);
        }
        if action.asks_one_direction {
            // Its one choice, a direction, is known now: one move each.
            let end = out.len();
            for i in start..end {
                self.push_directions(out[i], to, out);
            }
            out.drain(start..end);
        }
    }

    /// Appends the actions of the side to move that belong to no piece.
    pub(super) fn generate_side_actions(&self, pos: &Position, out: &mut Vec<Move>) {
        self.for_each_side_action(pos, |index, _, to| {
            out.push(Move::new(to, to, MoveKind::Action(index)));
        });
    }

    /// Calls `f` with each action of the side to move that belongs to no
    /// piece, and each square it may be aimed at now (the move is
    /// `Move::new(to, to, MoveKind::Action(index))`), in generation order.
    #[inline(always)]
    pub(in crate::engine) fn for_each_side_action(
        &self,
        pos: &Position,
        mut f: impl FnMut(ActionId, &CompiledAction, Square),
    ) {
        let us = pos.side;
        for &index in &self.programs.side_actions {
            let index = usize::from(index);
            let action = &self.programs.actions[index];
            if action.once_bit.is_some_and(|bit| pos.used[us as usize] >> bit & 1 != 0) {
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
            if !action.when_uses_target && !check(Square::new(0)) {
                continue;
            }
            for to in self.eval_set(set, pos, &Self::still(us)).iter() {
                if !action.when_uses_target || check(to) {
                    f(ActionId::from_index(index), action, to);
                }
            }
        }
    }
}

/// Where an action is taken from: the action, the piece and its side.
struct ActionSite {
    index: ActionId,
    from: Square,
    kind: Kind,
    side: Color,
    may_compel: bool,
}

/// What an action of `side`'s piece on `from` carries while it is judged:
/// aimed at `target`.
#[inline(always)]
fn ctx(side: Color, from: Square, target: Square) -> Context {
    Context {
        side,
        origin: from,
        target,
        mover: from,
    }
}

/// False where `action`'s template (`t`) captures only and no enemy piece
/// stands within its reach from `from`: it has no target.
#[inline(always)]
pub(in crate::engine) fn action_reaches(
    action: &CompiledAction,
    t: &MoveTables,
    pos: &Position,
    from: Square,
    side: Color,
) -> bool {
    action
        .capture_reach
        .get(side as usize * t.board_squares + from.index())
        .is_none_or(|reach| reach.intersects(&pos.occupied[side.flip() as usize]))
}

/// Calls `f` with each square an action's template reaches from `from`
/// (quiet moves to empty squares, captures of the other side's pieces),
/// each once when the template reaches it by two routes.
pub(in crate::engine) fn for_each_table_target(
    t: &MoveTables,
    pos: &Position,
    from: Square,
    side: Color,
    mut f: impl FnMut(Square),
) {
    let slot = t.slot(Kind::new(0), side, from);
    let mut seen = SquareSet::EMPTY;
    let mut emit = |to: Square| {
        if slot.repeats {
            if seen.contains(to) {
                return;
            }
            seen.insert(to);
        }
        f(to);
    };
    let reaches = |cell: Cell, flags: u8| {
        (cell.is_empty() && flags & QUIET != 0) || (cell.is_side(side.flip()) && flags & CAPTURE != 0)
    };
    for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
        let path_clear = t
            .run(leap.path, leap.path_len)
            .iter()
            .all(|&s| pos.board[s.index()].is_empty());
        if path_clear && reaches(pos.board[leap.to.index()], leap.flags) {
            emit(leap.to);
        }
    }
    for ride in &t.rides[slot.rides as usize..slot.rides_end as usize] {
        for &to in t.landing_run(ride, |s| pos.board[s.index()].is_empty()) {
            let cell = pos.board[to.index()];
            if reaches(cell, ride.flags) {
                emit(to);
            }
            if !cell.is_empty() {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Chess whose pawns may promote in place from their second and
    /// third ranks (an action whose `when` reads only the origin) and
    /// whose knights may push what they attack from anywhere (an action
    /// with no `when`).
    const ACTING: &str = r#"(
        extends: "chess",
        name: "Acting pawns",
        pieces: [
            (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", pawn: true, value: 100,
             actions: [(name: "promote", target: "origin", when: "origin in ranks(2..3)", promotes: true)]),
            (letter: 'N', name: "knight", moves: "N", value: 300,
             actions: [(name: "bump", moves: "cN", effect: "push(target, along)")]),
        ],
    )"#;

    /// Along seeded random games (both sides to move), a piece that
    /// `Programs::may_act_from` skips has no action the general walk over
    /// its actions would list, and pieces of both kinds are found acting.
    #[test]
    fn skipped_pieces_have_no_actions() {
        let variant = Variant::from_text("acting.ron", ACTING).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(0xac7);
        let (mut skipped, mut acting) = (0, 0);
        for _game in 0..30 {
            let mut pos: Position = variant.start_position();
            for _ply in 0..60 {
                let us = pos.side;
                for from in pos.occupied[us as usize].iter() {
                    let kind = pos.board[from.index()].kind();
                    if !variant.programs.action_kinds.contains(kind) {
                        continue;
                    }
                    let mut listed = Vec::new();
                    variant.generate_piece_actions(&pos, from, kind, us, true, &mut listed);
                    if variant.programs.may_act_from(kind, us, from) {
                        acting += usize::from(!listed.is_empty());
                    } else {
                        assert!(listed.is_empty(), "{from:?} skipped but acts: {listed:?}");
                        skipped += 1;
                    }
                }
                let moves: Vec<Move> = variant.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(&variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(skipped > 1000 && acting > 1000, "skipped {skipped}, acting {acting}");
    }
}
