//! Perft's last ply where no clause judges a move (no `legal` clause and
//! no placement that refuses one) and no move asks a follow-up choice: every
//! move the generator would list is one legal move, so the count is what
//! it would list, and most of it is counted without listing. A piece
//! whose slot is countable has its own moves counted as a free piece's
//! (in single words where its slot is plain and it promotes nowhere, see
//! `plain_word`), and its actions by their targets
//! ([`Variant::count_actions`]); the rest goes through the generator into
//! the counter, which lists what it cannot count.

use super::plain_word::word_count;
use super::{LeafCounter, OwnMoves, each_square};
use crate::base::geometry::NEIGHBOURS;
use crate::base::piece::Kind;
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{NamedSet, SetNode};
use crate::compile::tables::{CAPTURE, MoveTables, QUIET};
use crate::engine::context::Context;
use crate::engine::movegen::{action_reaches, for_each_table_target};
use crate::engine::moves::Move;
use crate::engine::position::Position;

impl Variant {
    /// [`count_legal`](Self::count_legal) where no clause judges a move
    /// (the caller has cleared `listed` and found the game not ended).
    #[inline(never)]
    pub(super) fn count_unjudged(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        // A board of at most 64 squares: plain slots counted in words.
        if self.moves.board_squares <= 64 {
            self.count_unjudged_as::<u64>(pos, listed, true)
        } else {
            self.count_unjudged_as::<SquareSet>(pos, listed, true)
        }
    }

    /// [`count_unjudged`](Self::count_unjudged), the sets met as `W`;
    /// with `fast` false, every piece goes through the generator (the
    /// general path, which the tests compare with).
    #[inline(always)]
    pub(super) fn count_unjudged_as<W: SetWords>(&self, pos: &Position, listed: &mut Vec<Move>, fast: bool) -> u64 {
        let us = pos.side;
        let mut counter = LeafCounter::<false, OwnMoves>::new(true, true, listed);
        if fast {
            let empty = pos.empty_squares(&self.programs.all);
            each_square(&pos.occupied[us as usize], |from| {
                self.count_unjudged_piece::<W>(pos, from, us, true, &empty, &mut counter);
            });
        } else {
            for from in pos.occupied[us as usize].iter() {
                self.generate_piece(pos, from, us, true, &mut counter);
            }
        }
        let counted = counter.counted;
        self.generate_not_by_pieces(pos, listed);
        counted + listed.len() as u64
    }

    /// Counts into `counter` the moves and actions of `side`'s piece on
    /// `from` (`empty`: the empty squares), as
    /// [`generate_piece`](Self::generate_piece) would list them.
    #[inline]
    fn count_unjudged_piece<W: SetWords>(
        &self,
        pos: &Position,
        from: Square,
        side: Color,
        may_compel: bool,
        empty: &SquareSet,
        counter: &mut LeafCounter<'_, false, OwnMoves>,
    ) {
        let t = &self.moves;
        let kind = pos.board[from.index()].kind();
        let index = t.slot_index(kind, side, from);
        let slot = t.slots[index];
        if !slot.countable || self.pieces.has_limits() {
            self.generate_piece(pos, from, side, may_compel, counter);
            return;
        }
        let enemy = pos.occupied[side.flip() as usize];
        let words = W::ONE_WORD && self.promotion_targets(kind, side, from).is_empty();
        if !self.programs.action_kinds.contains(kind) {
            match words
                .then(|| word_count(t, index, empty.0[0], enemy.0[0], !0))
                .flatten()
            {
                Some(n) => counter.counted += u64::from(n),
                None => {
                    self.count_free_piece::<false, OwnMoves, W>(pos, from, side, empty, &enemy, counter);
                }
            }
            return;
        }
        // The actions counted with the piece's own moves (`SharedActions`).
        let shared = self.shared_actions(kind);
        counter.counted += u64::from(shared.origin);
        let mut skip = shared.origin_mask;
        let pieces = pos.occupied[0].0[0] | pos.occupied[1].0[0];
        let times = [shared.quiet, shared.capture, shared.first];
        let lines = |counts: bool| lines_count(t, index, empty.0[0], enemy.0[0], pieces, counts.then_some(times));
        match words.then(|| lines(shared.line_mask != 0)).flatten() {
            Some(n) => {
                counter.counted += n;
                skip |= shared.line_mask;
            }
            None => {
                self.count_free_piece::<false, OwnMoves, W>(pos, from, side, empty, &enemy, counter);
            }
        }
        if self.owned_actions(kind).len() > skip.count_ones() as usize {
            self.count_actions::<W>(pos, from, kind, side, may_compel, empty, skip, counter);
        }
    }

    /// Counts into `counter` the actions of `side`'s piece of `kind` on
    /// `from`, as `generate_piece_actions` would list them, but those of
    /// `skip` (bit `i`: its `i`-th action), already counted. An action
    /// whose condition reads its target, or that promotes, is listed as
    /// the generator lists it; any other counts its targets: a template
    /// of plain slots in words (where no move onto a target may
    /// promote), else its target set, a target where the piece may
    /// promote listed, one move per square around it where the action's
    /// one choice is a direction, and a compelled piece's own moves
    /// counted as its own (it may not compel in turn).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn count_actions<W: SetWords>(
        &self,
        pos: &Position,
        from: Square,
        kind: Kind,
        side: Color,
        may_compel: bool,
        empty: &SquareSet,
        skip: u64,
        counter: &mut LeafCounter<'_, false, OwnMoves>,
    ) {
        for (i, &index) in self.owned_actions(kind).iter().enumerate() {
            if i < 64 && skip >> i & 1 != 0 {
                continue;
            }
            let index = usize::from(index);
            let action = &self.programs.actions[index];
            if action.when_uses_target || action.promotes {
                self.generate_action(pos, index, from, kind, side, may_compel, counter.listed);
                continue;
            }
            if !self.action_open(pos, action, from, kind, side) {
                continue;
            }
            // Where a move onto the target may promote the moving piece.
            let promotes_on = if action.stays || action.compel {
                &SquareSet::EMPTY
            } else {
                self.promotion_targets(kind, side, from)
            };
            let targets = if let Some(set) = action.target {
                if matches!(self.programs.sets[set as usize], SetNode::Named(NamedSet::Origin)) {
                    let mut origin = SquareSet::EMPTY;
                    origin.insert(from);
                    origin
                } else {
                    let ctx = Context {
                        side,
                        origin: from,
                        target: from,
                        mover: from,
                    };
                    self.eval_set(set, pos, &ctx)
                }
            } else if let Some(t) = &action.tables {
                if !action_reaches(action, t, pos, from, side) {
                    continue;
                }
                let enemy = &pos.occupied[side.flip() as usize];
                if W::ONE_WORD
                    && !action.compel
                    && !action.asks_one_direction
                    && promotes_on.is_empty()
                    && let Some(n) = word_count(t, t.slot_index(Kind::new(0), side, from), empty.0[0], enemy.0[0], !0)
                {
                    counter.counted += u64::from(n);
                    continue;
                }
                let mut set = SquareSet::EMPTY;
                for_each_table_target(t, pos, from, side, |to| set.insert(to));
                set
            } else {
                continue;
            };
            if action.compel {
                if may_compel {
                    for to in targets.iter() {
                        let cell = pos.board[to.index()];
                        if cell.is_piece() && to != from {
                            self.count_unjudged_piece::<W>(pos, to, cell.color(), false, empty, counter);
                        }
                    }
                }
                continue;
            }
            for to in targets.intersection(promotes_on).iter() {
                self.emit_action_at(pos, index, from, kind, side, may_compel, to, counter.listed);
            }
            let rest = targets.difference(promotes_on);
            counter.counted += if action.asks_one_direction {
                rest.iter().map(|to| self.directions_around(to)).sum()
            } else {
                u64::from(rest.len())
            };
        }
    }

    /// How many directions a `chosen` push of the piece on `target` may
    /// take: the squares around it on the board (see `push_directions`).
    fn directions_around(&self, target: Square) -> u64 {
        NEIGHBOURS
            .iter()
            .filter(|&&(df, dr)| self.geometry.offset(target, df, dr).is_some())
            .count() as u64
    }
}

/// The moves of the plain slot at `index` of `t` (as [`word_count`]
/// counts them, every square allowed) and, with `times`, of the actions
/// counted with them (`SharedActions`): the empty squares the slot's
/// lines reach, the enemy pieces (`enemy`) and the pieces (`pieces`)
/// that end them, each times its number of actions (`times`, in that
/// order). `None` where the slot is not plain.
#[inline(always)]
fn lines_count(
    t: &MoveTables,
    index: usize,
    empty: u64,
    enemy: u64,
    pieces: u64,
    times: Option<[u32; 3]>,
) -> Option<u64> {
    let Some([quiet_times, capture_times, first_times]) = times else {
        return word_count(t, index, empty, enemy, !0).map(u64::from);
    };
    let slot = t.slots[index];
    if !slot.plain {
        return None;
    }
    let sets = &t.leap_sets[index];
    let (quiet, capture) = (sets.quiet.0[0], sets.capture.0[0]);
    let leaps = quiet | capture;
    let mut own = (quiet & empty).count_ones() + (capture & enemy).count_ones();
    let (mut reached, mut ended, mut first_pieces) = (
        (leaps & empty).count_ones(),
        (leaps & enemy).count_ones(),
        (leaps & pieces).count_ones(),
    );
    let rides = slot.rides as usize..slot.rides_end as usize;
    for (ride, on_ray) in t.rides[rides.clone()].iter().zip(&t.ride_sets[rides]) {
        let on_ray = on_ray.0[0];
        let stops = on_ray & !empty;
        // The first piece, as a one-square set, and the squares before it.
        let (first, before) = if ride.order > 0 {
            let first = stops & stops.wrapping_neg();
            (first, on_ray & first.wrapping_sub(1))
        } else if stops == 0 {
            (0, on_ray)
        } else {
            let first = 1u64 << (63 - stops.leading_zeros());
            (first, on_ray & !((first << 1).wrapping_sub(1)))
        };
        let (before, ends) = (before.count_ones(), (first & enemy).count_ones());
        own += if ride.flags & QUIET != 0 { before } else { 0 } + if ride.flags & CAPTURE != 0 { ends } else { 0 };
        reached += before;
        ended += ends;
        first_pieces += (first & pieces).count_ones();
    }
    Some(u64::from(
        own + quiet_times * reached + capture_times * ended + first_times * first_pieces,
    ))
}

#[cfg(test)]
mod tests {
    use crate::base::square::SquareSet;
    use crate::compile::Variant;
    use crate::engine::position::Position;

    /// Actions the bundled variants may lack, on a board of more than 64
    /// squares (no word counts): one whose condition reads its target,
    /// one that promotes, one that compels, a `chosen` push, targets of a
    /// template with two routes to one square and with lame leaps.
    const WIDE: &str = r#"(
        extends: "chess",
        name: "Wide blasts",
        board: (files: 10, ranks: 8),
        pieces: [
            (letter: 'P', name: "pawn", moves: "fmWifmnD", pawn: true, value: 100, actions: [
                (name: "nudge", moves: "fcF", effect: "push(target, along)"),
                (name: "rise", target: "origin", when: "origin in ranks(7)", promotes: true),
            ]),
            (letter: 'N', name: "knight", moves: "mN", value: 300, actions: [
                (name: "zap", target: "enemy", when: "target in adjacent(origin)", effect: "remove(target)"),
                (name: "shove-around", moves: "mNnN", effect: "push(adjacent(target), away from target)"),
            ]),
            (letter: 'A', name: "bishop-knight", moves: "mBmN", value: 875, actions: [
                (name: "nudge", moves: "cBcN", effect: "push(target, along)"),
            ]),
            (letter: 'K', name: "king", moves: "mK", royal: true, actions: [
                (name: "nudge", moves: "cK", effect: "push(target, chosen)"),
                (name: "command", target: "manhattan(origin, 2) & enemy not Q", compel: true),
            ]),
        ],
        start: "rnabqkbanr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBANR w - - 0 1",
        promotion: (pieces: "P", ranks: [8], choices: "QARBN"),
        castling: [],
        legal: [],
        end: ["not exists(own royal): loss", "stalemate: draw"],
    )"#;

    /// Whether perft's last ply of `variant` reaches `count_unjudged`.
    fn unjudged(variant: &Variant) -> bool {
        let p = &variant.programs;
        let apart = variant.gating()
            || p.has_choices
            || p.captures_compulsory
            || p.drops_compulsory
            || variant.pass_on_stalemate
            || p.filters.any_for(crate::base::square::Color::White)
            || p.filters.any_for(crate::base::square::Color::Black)
            || p.forbids_checks;
        !apart && p.legal.is_empty() && !p.placement_refuses
    }

    /// The last ply's count by the fast path and by the general one.
    fn both(variant: &Variant, pos: &Position) -> (u64, u64) {
        let mut listed = Vec::new();
        let fast = if variant.moves.board_squares <= 64 {
            variant.count_unjudged_as::<u64>(pos, &mut listed, true)
        } else {
            variant.count_unjudged_as::<SquareSet>(pos, &mut listed, true)
        };
        listed.clear();
        let general = variant.count_unjudged_as::<SquareSet>(pos, &mut listed, false);
        (fast, general)
    }

    /// Along seeded random games of every bundled variant whose last ply
    /// counts every move as legal (the seed kaboom among them) and of
    /// [`WIDE`], perft 1 and 2 by the fast count equal the general
    /// path's, and perft 1 the length of the legal list, both sides to
    /// move.
    #[test]
    fn fast_counts_agree_with_the_general_path() {
        // The bundled files, read from the repository (the engine reads
        // no catalogue).
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = Vec::new();
        for dir in ["variants", "variants/fairy"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "ron") {
                    paths.push(path);
                }
            }
        }
        paths.sort();
        let mut variants: Vec<Variant> = paths
            .iter()
            .filter_map(|path| Variant::load(path.to_str()?).ok())
            .filter(unjudged)
            .collect();
        assert!(!variants.is_empty(), "no bundled variant counts every move as legal");
        variants.push(Variant::from_text("wide.ron", WIDE).unwrap());
        for variant in &variants {
            assert!(unjudged(variant), "{}", variant.name);
            let mut seed = 0x5eed_ba11_u64;
            let mut positions = [0u32; 2];
            for game in 0..30 {
                let mut pos: Position = variant.start_position();
                for ply in 0..50 {
                    let moves = variant.legal_moves(&pos);
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    let (fast, general) = both(variant, &pos);
                    assert_eq!(fast, general, "{}: game {game}, ply {ply}", variant.name);
                    assert_eq!(fast, moves.len() as u64, "{}", variant.name);
                    let (mut fast2, mut general2) = (0, 0);
                    for &mv in &moves {
                        let mut child = pos.clone();
                        child.make(variant, mv);
                        if variant.ended_by_rule(&child).is_some() {
                            continue;
                        }
                        let (f, g) = both(variant, &child);
                        fast2 += f;
                        general2 += g;
                    }
                    assert_eq!(fast2, general2, "{}: game {game}, ply {ply}", variant.name);
                    positions[pos.side as usize] += 1;
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    pos.make(variant, moves[(seed >> 33) as usize % moves.len()]);
                }
            }
            assert!(positions.iter().all(|&n| n > 100), "{}: {positions:?}", variant.name);
        }
    }
}
