//! Perft's last ply where the variant's one rule is a direct bounce of
//! the pieces around the mover (`Programs::bounce_steps`): a free piece's
//! plain moves are counted as chess counts them, and the bounces after
//! them by sets. For each group of pairs with the same steps (the piece
//! one step from the mover, where it goes one step further), the board's
//! sets moved by those steps give the mover squares after a move to which
//! that bounce is offered and surely legal; the counts per square are
//! kept as bit planes, met with each piece's targets. A move whose origin
//! one of its target's pairs names has the count of its target less the
//! bounce of its own piece and plus those into its origin; one to a
//! square where some bounce offered is not surely legal has its bounces
//! counted one by one, as the list judges them. Every other move is
//! listed and judged as [`Variant::generate_legal`] judges it.

use super::{LeafCounter, Targets, each_square_of};
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::BounceSteps;
use crate::engine::follow_up::{BounceJudge, BounceRisks};
use crate::engine::movegen::SafeMoves;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

/// Bit planes enough for [`BounceSteps::MAX_CLASSES`] bounces a square.
const PLANES: usize = 5;

/// For each square, how many bounces after a plain move there (from a
/// square none of its pairs names, and off every guarded square) are
/// offered and surely legal, as bit planes; and where one offered is not.
struct BounceCounts<W> {
    /// Bit `j` of each square's count.
    planes: [W; PLANES],
    /// How many planes a count may fill: enough for the number of groups,
    /// the same for every position, so that the loops over the planes
    /// stop where the branch predictor expects.
    used: usize,
    /// Squares a move to which offers some bounce not surely legal.
    unsure: W,
    /// Per group, by its slot ([`BounceSteps::slots`]; the last slot,
    /// [`BounceSteps::NO_SLOT`], no group's and empty): what a move from
    /// a square the group's pair names changes in its target's count.
    groups: [GroupSets<W>; BounceSteps::MAX_CLASSES + 1],
}

/// One group's mover squares, as [`BounceCounts::near`] reads them.
#[derive(Clone, Copy)]
struct GroupSets<W> {
    /// Those whose pair's square to go to is empty: the piece there, when
    /// it moves to the mover square, had its bounce counted.
    open: W,
    /// Those whose pair's piece stands there.
    occupied: W,
    /// Those whose pair's piece is ours, off every guarded square.
    ours: W,
    /// Those whose pair's piece is theirs, off every guarded square.
    theirs: W,
}

impl<W: SetWords> GroupSets<W> {
    const EMPTY: Self = GroupSets {
        open: W::EMPTY,
        occupied: W::EMPTY,
        ours: W::EMPTY,
        theirs: W::EMPTY,
    };
}

impl<W: SetWords> BounceCounts<W> {
    /// No counts, no groups: filled in place by [`fill`](Self::fill) (the
    /// sets are too many to be moved cheaply).
    const EMPTY: Self = BounceCounts {
        planes: [W::EMPTY; PLANES],
        used: 0,
        unsure: W::EMPTY,
        groups: [GroupSets::EMPTY; BounceSteps::MAX_CLASSES + 1],
    };

    /// Fills the empty counts with those of `pos`, with `us` to move,
    /// `empty` its empty squares.
    #[inline(always)]
    fn fill(&mut self, steps: &BounceSteps, pos: &Position, us: Color, risks: &BounceRisks, empty: &SquareSet) {
        let occupied = W::load(&pos.occupied[0]).or(W::load(&pos.occupied[1]));
        let empty = W::load(empty);
        let guarded = W::load(&risks.guarded).with(risks.royal);
        let ours = W::load(&pos.occupied[us as usize]).and_not(guarded);
        let theirs = W::load(&pos.occupied[us.flip() as usize]).and_not(guarded);
        // Where an enemy piece may land without a walk: off every line.
        let open = empty.and_not(W::load(&risks.entered));
        // A square's count is at most the number of groups.
        let planes = (usize::BITS - steps.classes.len().leading_zeros()) as usize;
        self.used = planes;
        for (class, group) in steps.classes.iter().zip(self.groups.iter_mut()) {
            let movers = W::load(&class.movers);
            let into = empty.shifted(-class.dest);
            let at_piece = |set: W| movers.and(set.shifted(-class.piece));
            *group = GroupSets {
                open: movers.and(into),
                occupied: at_piece(occupied),
                ours: at_piece(ours),
                theirs: at_piece(theirs),
            };
            // No test whether the group offers anything: it changes from
            // group to group, and an empty set adds nothing.
            let offered = group.occupied.and(into);
            let sure = group.ours.and(into).or(group.theirs.and(open.shifted(-class.dest)));
            self.unsure = self.unsure.or(offered.and_not(sure));
            Self::add(&mut self.planes, sure, planes);
        }
    }

    /// Adds one to the count of each square of `set` in the bit planes
    /// `to`, through the first `planes` of them (enough for the most
    /// groups a square may have): whether the carry has run out is not
    /// branched on, it changes from group to group.
    #[inline(always)]
    fn add(to: &mut [W; PLANES], set: W, planes: usize) {
        let mut carry = set;
        for plane in to.iter_mut().take(planes) {
            let next = plane.and(carry);
            *plane = plane.xor(carry);
            carry = next;
        }
    }

    /// The count of `to`.
    #[inline(always)]
    fn at(&self, to: Square) -> u64 {
        let mut n = 0;
        for (j, plane) in self.planes[..self.used].iter().enumerate() {
            n |= u64::from(plane.holds(to)) << j;
        }
        n
    }

    /// What the plain move of the free piece on `from` (off the guarded
    /// squares) to `to`, off `unsure`, where one of the pairs of `to`
    /// names `from`, changes in the count of `to`: the bounce of the
    /// moved piece, counted where its square beyond was empty, is gone,
    /// and the bounce into `from` it empties is offered. As (bounces
    /// added, bounces gone); `None` where the one added is not surely
    /// legal (or the steps do not tell the pairs apart). `from_entered`:
    /// whether `from` is in `risks.entered` (an enemy piece bounced there
    /// may attack the royal piece).
    #[inline(always)]
    fn near(&self, steps: &BounceSteps, from: Square, to: Square, from_entered: bool) -> Option<(u64, u64)> {
        // Branch-free: whether a target is one or two steps from its
        // origin, and what stands around it, change from move to move.
        let [own, into] = steps.slots_at(from.index() as i32 - to.index() as i32)?;
        let (own, into) = (self.groups.get(own)?, self.groups.get(into)?);
        let gone = own.open.holds(to);
        let added = into.occupied.holds(to);
        let sure = into.ours.holds(to) | (!from_entered & into.theirs.holds(to));
        if added & !sure {
            return None;
        }
        Some((u64::from(added), u64::from(gone)))
    }

    /// The sum of the counts of the squares of `targets`.
    #[inline(always)]
    fn sum(&self, targets: W) -> u64 {
        let mut sum = 0;
        for (j, plane) in self.planes[..self.used].iter().enumerate() {
            sum += u64::from(targets.and(*plane).len()) << j;
        }
        sum
    }
}

impl Variant {
    /// Whether [`count_with_bounces`](Self::count_with_bounces) counts the
    /// legal moves of `pos`: a direct bounce of the whole reach, grouped
    /// by steps, after every move but castling, and no clause that
    /// compares moves or filters them.
    #[inline]
    pub(super) fn counts_bounces(&self, pos: &Position) -> bool {
        let p = &self.programs;
        !p.bounce_steps.classes.is_empty()
            && p.bounce_whole_reach
            && p.rules_ask[2]
            && !(p.captures_compulsory
                || p.drops_compulsory
                || self.pass_on_stalemate
                || p.filters.any_for(pos.side)
                || self.has_move_filters())
    }

    /// How many legal moves the side to move has, where the one rule is a
    /// direct bounce counted by sets (`Programs::bounce_steps` not empty)
    /// and no clause compares moves: the length of
    /// [`generate_legal`](Self::generate_legal)'s list, with `listed` as
    /// the buffer for the moves judged one by one. Where the bounces are
    /// not judged by the royal lines (see [`BounceJudge::risks`]), every
    /// move is listed.
    #[inline(never)]
    pub(super) fn count_with_bounces(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        listed.clear();
        if self.ended_by_rule(pos).is_some() {
            return 0;
        }
        let safe = SafeMoves::new(self, pos);
        let decides = safe.royal_attacks_decide();
        let attacked = Some(safe.royal_attacked());
        let mut judge = Some(BounceJudge::knowing_attack(self, pos, true, decides, attacked));
        let mut keep = |mv: &Move, child: Option<&Position>| self.judge(&safe, pos, mv, child);
        let risks = judge.as_ref().and_then(|j| j.risks(self));
        let counted = match (&risks, &judge) {
            (Some(risks), Some(j)) if self.moves.board_squares <= 64 => {
                self.count_free_bounces::<u64>(pos, risks, &safe, j, &mut keep, listed)
            }
            (Some(risks), Some(j)) => self.count_free_bounces::<SquareSet>(pos, risks, &safe, j, &mut keep, listed),
            _ => {
                self.generate_base(pos, listed);
                0
            }
        };
        self.expand_follow_ups_with(pos, listed, 0, true, decides, &mut judge, &mut keep);
        counted + listed.len() as u64
    }

    /// Counts the plain moves of the free pieces off `risks.guarded`, and
    /// the bounces after them; lists every other base move in `listed`.
    #[inline(always)]
    fn count_free_bounces<W: SetWords>(
        &self,
        pos: &Position,
        risks: &BounceRisks,
        safe: &SafeMoves,
        judge: &BounceJudge,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
        listed: &mut Vec<Move>,
    ) -> u64 {
        let us = pos.side;
        let p = &self.programs;
        let steps = &p.bounce_steps;
        let empty = pos.empty_squares(&p.all);
        let enemy = pos.occupied[us.flip() as usize];
        let mut counts = BounceCounts::<W>::EMPTY;
        counts.fill(steps, pos, us, risks, &empty);
        let free = safe.free_pieces(pos).difference(&risks.guarded);
        let plain = |kind| self.is_plain(&Move::new(risks.royal, risks.royal, kind));
        let mut counter = LeafCounter::<false, Targets>::new(plain(MoveKind::Quiet), plain(MoveKind::Capture), listed);
        let mut bounces = 0;
        // On one word, a piece whose moves are all plain has its targets
        // found a word at a time (see `Variant::plain_word_targets`).
        let words = W::ONE_WORD && counter.quiet_plain && counter.capture_plain;
        let word_kinds = self.moves.word_kinds[us as usize];
        each_square_of::<W>(&pos.occupied[us as usize], |from| {
            if free.contains(from) {
                let kind = pos.board[from.index()].kind();
                let word = (words && word_kinds.contains(kind))
                    .then(|| self.plain_word_targets::<true>(kind, us, from, empty.0[0], enemy.0[0]))
                    .flatten();
                let counted = match word {
                    Some(all) => {
                        counter.counted += u64::from(all.count_ones());
                        counter.gathered = Targets {
                            all: SquareSet([all, 0, 0, 0]),
                            initial: SquareSet::EMPTY,
                        };
                        true
                    }
                    None => {
                        counter.gathered = Targets::default();
                        self.count_free_piece::<false, Targets, W>(pos, from, us, &empty, &enemy, &mut counter)
                    }
                };
                if counted {
                    let targets = W::load(&counter.gathered.all);
                    let near = W::load(&steps.near[from.index()]);
                    // Every sure target's count, those near `from` then
                    // corrected one by one.
                    bounces += counts.sum(targets.and_not(counts.unsure));
                    let from_entered = risks.entered.contains(from);
                    targets.and(near.or(counts.unsure)).any(|to| {
                        if !counts.unsure.holds(to) {
                            if let Some((added, gone)) = counts.near(steps, from, to, from_entered) {
                                bounces = bounces + added - gone;
                                return false;
                            }
                            // Counted one by one below.
                            bounces -= counts.at(to);
                        }
                        let kind = if counter.gathered.initial.contains(to) {
                            MoveKind::Initial
                        } else if pos.board[to.index()].is_empty() {
                            MoveKind::Quiet
                        } else {
                            MoveKind::Capture
                        };
                        bounces += self.count_bounces_after(pos, Move::new(from, to, kind), judge, keep);
                        false
                    });
                    return;
                }
            }
            self.generate_piece(pos, from, us, true, counter.listed);
        });
        self.generate_not_by_pieces(pos, counter.listed);
        counter.counted + bounces
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// On every position of some random games, the last ply's count (by
    /// sets where it can) is the length of the legal move list (move by
    /// move); returns how many positions were checked.
    fn counted_equals_listed(variant: &Variant, games: usize, plies: usize) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(0xb0b ^ games as u64);
        let mut listed = Vec::new();
        let mut checked = 0;
        for game in 0..games {
            let mut pos: Position = variant.start_position();
            for ply in 0..plies {
                let moves: Vec<Move> = variant.legal_moves(&pos);
                let counted = variant.count_legal(&pos, &mut listed);
                assert_eq!(counted, moves.len() as u64, "{}: game {game}, ply {ply}", variant.name);
                checked += 1;
                if moves.is_empty() {
                    break;
                }
                pos.make(variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        checked
    }

    /// Bouncing pieces' rules, written from chess: a bounce of the
    /// mover's neighbours (`reach`: `adjacent(mover)` or a wider area),
    /// pawns stepping two from their first two ranks and promoting in
    /// place by an action; `pieces` added, `extra` fields.
    fn bounces(name: &str, reach: &str, pieces: &str, extra: &str) -> Variant {
        let text = format!(
            r#"(
            extends: "chess",
            name: "{name}",
            pieces: [
                (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", pawn: true, value: 100, initial_ranks: [1, 2],
                 actions: [(name: "promote", target: "origin", when: "origin in ranks(8)", promotes: true)]),
                {pieces}
            ],
            rules: ["after move except castling: may bounce({reach}, away from mover)"],
            {extra}
        )"#
        );
        Variant::from_text("bounces.ron", &text).unwrap()
    }

    #[test]
    fn bounces_counted_by_sets_match_the_list() {
        let variant = bounces("Near bounces", "adjacent(mover)", "", "");
        let steps = &variant.programs.bounce_steps;
        // The eight directions, each told apart by its steps.
        assert_eq!(steps.classes.len(), 8);
        assert!(steps.by_step.iter().flatten().all(|&c| c != super::BounceSteps::MANY));
        assert!(counted_equals_listed(&variant, 40, 100) > 2000);
    }

    #[test]
    fn bounces_farther_and_on_a_wide_board_counted_by_sets_match_the_list() {
        // A reach of two: 24 groups.
        let far = bounces("Far bounces", "area(mover, 2)", "", "");
        assert_eq!(far.programs.bounce_steps.classes.len(), 24);
        counted_equals_listed(&far, 16, 80);
        // Over 64 squares: the sets in four words.
        let wide = bounces(
            "Wide bounces",
            "adjacent(mover)",
            "",
            r#"board: (files: 10, ranks: 8),
            start: "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RRRNBQKBNR w - - 0 1",
            castling: [],"#,
        );
        assert!(!wide.programs.bounce_steps.classes.is_empty());
        counted_equals_listed(&wide, 16, 80);
        // Two royal pieces a side: no royal lines, every move listed.
        let two = bounces(
            "Two royals",
            "adjacent(mover)",
            r#"(letter: 'C', name: "consort", moves: "K", royal: true),"#,
            r#"start: "rnbqkcnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKCNR w KQkq - 0 1","#,
        );
        counted_equals_listed(&two, 6, 50);
    }
}
