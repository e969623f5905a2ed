//! Perft's last ply where captures follow a move as captured (see
//! `engine::detour`) and nothing else makes the list decide
//! ([`Variant::counts_detours`]): the pieces' own moves less their
//! captures, and the detour captures found per victim
//! (`Variant::detour_captures_found`), counted as they are found. A
//! piece whose plain moves are all legal (`SafeMoves::free_pieces`) has
//! its plain quiet moves and its plain captures counted at sight; every
//! other move counts where [`SafeMoves`] allows it, is dropped where it
//! refuses it, and is listed and judged as `generate_legal` judges it
//! otherwise, so that the count is always that list's length.

use super::super::movegen::{MoveSink, SafeMoves};
use super::super::moves::{Move, MoveKind};
use super::super::position::Position;
use super::{Gather, LeafCounter};
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;

impl Variant {
    /// Whether perft's last ply of `side` is counted by
    /// [`count_detours`](Self::count_detours): detour captures found per
    /// victim, the legality clauses judging each move alone, and no
    /// move filter, follow-up choice, longest-move rule, compulsion or
    /// pass on stalemate that would make the list decide.
    #[inline]
    pub(super) fn counts_detours(&self, side: Color) -> bool {
        let p = &self.programs;
        let f = &p.filters;
        f.captures_detour
            && f.detour_by_victim
            && f.filters.is_empty()
            && !f.checks_mate
            && !f.longest[side as usize]
            && !p.has_choices
            && !p.legal.is_empty()
            && !p.captures_compulsory
            && !p.drops_compulsory
            && !self.pass_on_stalemate
    }

    /// How many legal moves the side to move has, where
    /// [`counts_detours`](Self::counts_detours) (see the module); `None`,
    /// having counted nothing, where the detour captures take the general
    /// path (a piece's kind past the tables).
    #[inline(never)]
    pub(super) fn count_detours(&self, pos: &Position, listed: &mut Vec<Move>) -> Option<u64> {
        listed.clear();
        if self.ended_by_rule(pos).is_some() {
            return Some(0);
        }
        let us = pos.side;
        let safe = SafeMoves::new(self, pos);
        let free = safe.free_pieces(pos);
        let plain = |kind| self.is_plain(&Move::new(Square::new(0), Square::new(0), kind));
        let (quiet_plain, capture_plain) = (plain(MoveKind::Quiet), plain(MoveKind::Capture));
        let mut sink = QuietJudged {
            safe: &safe,
            free: false,
            quiet_plain,
            counted: 0,
            listed,
        };
        let free_word = free.0[0];
        let found = self.detour_captures_found(pos, &mut |from, kind, targets, en_passant| {
            let promotes_on = self.promotion_targets(kind, us, from);
            if capture_plain && free_word & 1 << from.index() != 0 && targets & promotes_on.0[0] == 0 {
                sink.counted += u64::from(targets.count_ones());
            } else {
                each_bit(targets, |to| {
                    sink.judge(self, pos, promotes_on, kind, from, to, MoveKind::Capture)
                });
            }
            each_bit(en_passant, |to| {
                sink.judge(self, pos, promotes_on, kind, from, to, MoveKind::EnPassant);
            });
        });
        if !found {
            sink.listed.clear();
            return None;
        }
        let empty = pos.empty_squares(&self.programs.all);
        let enemy = pos.occupied[us.flip() as usize];
        let mut own = pos.occupied[us as usize].0[0];
        while own != 0 {
            let from = Square::from_index(own.trailing_zeros() as usize);
            own &= own - 1;
            sink.free = free_word & 1 << from.index() != 0;
            if sink.free {
                // Its quiet moves counted by sets where its slot allows.
                let mut counter = LeafCounter::<false, QuietOnly>::new(quiet_plain, capture_plain, sink.listed);
                if self.count_free_piece::<false, QuietOnly, u64>(pos, from, us, &empty, &enemy, &mut counter) {
                    sink.counted += counter.counted;
                    continue;
                }
            }
            self.generate_piece(pos, from, us, true, &mut sink);
        }
        let counted = sink.counted;
        self.generate_not_by_pieces(pos, listed);
        listed.retain(|mv| self.judge(&safe, pos, mv, None));
        Some(counted + listed.len() as u64)
    }
}

/// Gathers nothing, and leaves a free piece's captures and en passant
/// out of its count: the detour's to find.
#[derive(Default)]
struct QuietOnly;

impl Gather for QuietOnly {
    const ON: bool = false;
    const CAPTURES: bool = false;

    #[inline(always)]
    fn add(&mut self, _: Square, _: bool) {}

    #[inline(always)]
    fn add_set(&mut self, _: SquareSet) {}
}

/// Calls `f` on the squares of the word `bits`, lowest first.
#[inline(always)]
fn each_bit(mut bits: u64, mut f: impl FnMut(Square)) {
    while bits != 0 {
        f(Square::from_index(bits.trailing_zeros() as usize));
        bits &= bits - 1;
    }
}

/// The [`MoveSink`] of [`Variant::count_detours`] for the pieces' own
/// moves: it drops their captures and en passant (a capture is the
/// detour's), counts a plain quiet move of a free piece at sight, and
/// judges the rest (see [`judge`](Self::judge)).
struct QuietJudged<'a, 'b> {
    safe: &'a SafeMoves,
    /// The piece whose moves come next is free.
    free: bool,
    /// A quiet move or double step fires no rule.
    quiet_plain: bool,
    counted: u64,
    listed: &'b mut Vec<Move>,
}

impl QuietJudged<'_, '_> {
    /// Counts the move where [`SafeMoves`] allows it as it is, drops it
    /// where it refuses it, and lists it (its promotions) otherwise.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn judge(
        &mut self,
        variant: &Variant,
        pos: &Position,
        promotes_on: &SquareSet,
        kind: Kind,
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
        variant.push_with(pos, self.listed, promotes_on, kind, pos.side, from, to, move_kind);
    }
}

impl MoveSink for QuietJudged<'_, '_> {
    #[inline(always)]
    fn take(
        &mut self,
        variant: &Variant,
        pos: &Position,
        promotes_on: &SquareSet,
        kind: Kind,
        _us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        match move_kind {
            // The detour's to find.
            MoveKind::Capture | MoveKind::EnPassant => {}
            MoveKind::Quiet | MoveKind::Initial if self.free && self.quiet_plain && !promotes_on.contains(to) => {
                self.counted += 1;
            }
            _ => self.judge(variant, pos, promotes_on, kind, from, to, move_kind),
        }
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.listed
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::detour::tests::{MAKE_AND_TAKE, along_random_games};

    /// The count of perft's last ply with detour captures counted as found
    /// is the length of the general path's legal list (`generate_legal`,
    /// and `count_legal` with the captures by victim off), on positions
    /// along seeded random games, either side to move, and it is the
    /// path taken.
    #[test]
    fn detour_counts_are_the_listed_moves() {
        let fast = Variant::from_text("detours.ron", MAKE_AND_TAKE).unwrap();
        let mut slow = fast.clone();
        slow.programs.filters.detour_by_victim = false;
        let (mut positions, mut moves) = (0, 0);
        along_random_games(&fast, 0xc0de, 16, 100, |game, ply, pos, played| {
            assert!(fast.counts_detours(pos.side) && !slow.counts_detours(pos.side));
            let mut listed = Vec::new();
            let counted = fast.count_detours(pos, &mut listed);
            let mut legal = Vec::new();
            fast.generate_legal(pos, &mut legal);
            assert_eq!(counted, Some(legal.len() as u64), "{game}/{ply} after {played:?}");
            assert_eq!(slow.count_legal(pos, &mut listed), legal.len() as u64, "{game}/{ply}");
            positions += 1;
            moves += legal.len();
        });
        assert!(
            positions > 1000 && moves > 20000,
            "{positions} positions, {moves} moves"
        );
    }
}
