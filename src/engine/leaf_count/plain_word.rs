//! Perft's last ply where giving check is forbidden, on a board of at
//! most 64 squares: a check-free piece (one whose move may give check
//! only by its own arrival, see `SafeMoves::check_free_pieces`) of a kind
//! whose moves fire no rule and never promote, standing where its moves
//! are all plain leaps and one-way rides ([`Slot::plain`]), has them
//! counted in single words: its leap sets met with the board, each ride's
//! squares before its first piece and that piece found by one bit scan,
//! its check squares left out. Bitboard engines count sliders so.
//!
//! [`Slot::plain`]: crate::compile::tables::Slot

use crate::base::piece::{Kind, MAX_KINDS};
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::compile::tables::{CAPTURE, MoveTables, QUIET, SETS_EN_PASSANT};
use crate::engine::check_squares::CheckSquares;

/// Per kind of the side to move, worked out at its first check-free
/// piece: its check squares and whether its pieces may be counted in
/// words (see [`Variant::count_plain_word`]).
pub(super) struct KindChecks<W> {
    checks: [W; MAX_KINDS],
    known: u32,
    words: u32,
}

impl<W: SetWords> KindChecks<W> {
    /// Nothing worked out yet.
    #[inline(always)]
    pub(super) fn new() -> KindChecks<W> {
        KindChecks {
            checks: [W::EMPTY; MAX_KINDS],
            known: 0,
            words: 0,
        }
    }

    /// The check squares of `kind` (from `c`), and whether its pieces
    /// of `us` may be counted in words where `plain` (no plain move
    /// fires a rule).
    #[inline(always)]
    pub(super) fn of(&mut self, variant: &Variant, c: &CheckSquares, kind: Kind, us: Color, plain: bool) -> (W, bool) {
        let i = kind.index() % MAX_KINDS;
        let bit = 1u32 << i;
        if self.known & bit == 0 {
            self.known |= bit;
            self.checks[i] = W::load(&c.squares_of(kind));
            if W::ONE_WORD && plain && variant.moves.word_kinds[us as usize].contains(kind) {
                self.words |= bit;
            }
        }
        (self.checks[i], self.words & bit != 0)
    }
}

impl Variant {
    /// Whether the plain slots of `kind` of `us` may be counted in words:
    /// no limits (`cannot_hop`), no action, no promotion. Found at load
    /// (`MoveTables::word_kinds`).
    pub(crate) fn counts_in_words(&self, kind: Kind, us: Color) -> bool {
        !self.pieces.has_limits()
            && !self.programs.action_kinds.contains(kind)
            && self.promotion.zone(kind, us).is_empty()
            && self.promotion.leaving_zone(kind, us).is_empty()
    }

    /// How many moves the piece of `kind` (of `us`, whose kind
    /// [`KindChecks`] lets be counted in words) on `from` has to squares
    /// outside `excluded`, on a board whose empty squares are `empty`
    /// and enemy pieces `enemy`; `None` where its slot is not plain.
    #[inline(always)]
    pub(super) fn count_plain_word(
        &self,
        kind: Kind,
        us: Color,
        from: Square,
        empty: u64,
        enemy: u64,
        excluded: u64,
    ) -> Option<u64> {
        let targets = self.plain_word_targets::<false>(kind, us, from, empty, enemy)?;
        Some(u64::from((targets & !excluded).count_ones()))
    }

    /// [`count_plain_word`](Self::count_plain_word)'s count as its
    /// captures and its quiet moves apart.
    #[inline(always)]
    pub(super) fn plain_word_moves(
        &self,
        kind: Kind,
        us: Color,
        from: Square,
        empty: u64,
        enemy: u64,
        excluded: u64,
    ) -> Option<(u32, u32)> {
        let targets = self.plain_word_targets::<false>(kind, us, from, empty, enemy)? & !excluded;
        Some(((targets & enemy).count_ones(), (targets & empty).count_ones()))
    }

    /// The targets of the moves of the piece of `kind` (of `us`, one
    /// whose moves may be counted in words: see
    /// [`KindChecks::of`]) on `from`, on a board whose empty squares are
    /// `empty` and enemy pieces `enemy`, as one word: its leap sets met
    /// with the board, each ride's squares before its first piece and
    /// that piece found by one bit scan. `None` where its slot is not
    /// plain, and with `NO_INITIAL` where a ride of it may set en passant
    /// (a gatherer of targets tells those moves apart).
    #[inline(always)]
    pub(super) fn plain_word_targets<const NO_INITIAL: bool>(
        &self,
        kind: Kind,
        us: Color,
        from: Square,
        empty: u64,
        enemy: u64,
    ) -> Option<u64> {
        let t = &self.moves;
        word_targets::<NO_INITIAL>(t, t.slot_index(kind, us, from), empty, enemy)
    }
}

/// The targets of the moves of the slot at `index` of `t`, on a board
/// whose empty squares are `empty` and enemy pieces `enemy` (a board of
/// at most 64 squares), as one word: its leap sets met with the board,
/// each ride's squares before its first piece and that piece found by one
/// bit scan. `None` where the slot is not plain ([`Slot::plain`]), and
/// with `NO_INITIAL` where a ride of it may set en passant.
///
/// [`Slot::plain`]: crate::compile::tables::Slot
#[inline(always)]
fn word_targets<const NO_INITIAL: bool>(t: &MoveTables, index: usize, empty: u64, enemy: u64) -> Option<u64> {
    let slot = t.slots[index];
    if !slot.plain {
        return None;
    }
    let sets = &t.leap_sets[index];
    let mut targets = (sets.quiet.0[0] & empty) | (sets.capture.0[0] & enemy);
    let rides = slot.rides as usize..slot.rides_end as usize;
    for (ride, on_ray) in t.rides[rides.clone()].iter().zip(&t.ride_sets[rides]) {
        if NO_INITIAL && ride.flags & SETS_EN_PASSANT != 0 {
            return None;
        }
        let on_ray = on_ray.0[0];
        let stops = on_ray & !empty;
        // The first piece, as a one-square set, and the squares before
        // it, with no branch on whether a piece stops the ride.
        let (first, before) = if ride.order > 0 {
            let first = stops & stops.wrapping_neg();
            (first, on_ray & first.wrapping_sub(1))
        } else {
            // The highest piece and the squares above it (none: no
            // first piece, the whole ray).
            let zeros = stops.leading_zeros() & 63;
            let none = 0u64.wrapping_sub(u64::from(stops == 0));
            let first = ((1u64 << 63) >> zeros) & !none;
            (first, on_ray & (!(u64::MAX >> zeros) | none))
        };
        let quiet = 0u64.wrapping_sub(u64::from(ride.flags & QUIET != 0));
        let capture = 0u64.wrapping_sub(u64::from(ride.flags & CAPTURE != 0));
        targets |= (before & quiet) | (first & enemy & capture);
    }
    Some(targets)
}

/// How many moves the slot at `index` of `t` has to squares of
/// `allowed`, on a board whose empty squares are `empty` and enemy pieces
/// `enemy` (see [`word_targets`]); `None` where the slot is not plain.
/// Shared by a piece's own moves and an action's template (see
/// `action_count`).
#[inline(always)]
pub(super) fn word_count(t: &MoveTables, index: usize, empty: u64, enemy: u64, allowed: u64) -> Option<u32> {
    word_targets::<false>(t, index, empty, enemy).map(|targets| (targets & allowed).count_ones())
}

#[cfg(test)]
mod tests {
    use super::KindChecks;
    use crate::base::square::Square;
    use crate::compile::Variant;
    use crate::engine::check_squares::CheckSquares;
    use crate::engine::movegen::SafeMoves;
    use crate::engine::moves::{Move, MoveKind};
    use crate::engine::position::Position;

    /// Racing kings with riders of other shapes: a nightrider (rides
    /// whose steps are not a king's), a bishop that captures along its
    /// diagonals and steps quietly sideways (capture-only rides), a queen
    /// that moves like one and captures like a rook (quiet-only rides),
    /// and a rook of three squares at most.
    const RIDERS: &str = r#"(
        extends: "chess",
        name: "Riders race",
        start: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        castling: [],
        legal: ["own royal not attacked", "not attacked(enemy royal)"],
        end: ["exists(own royal & white ranks(8)): win", "stalemate: draw"],
        pieces: [
            (letter: 'N', name: "nightrider", moves: "NN", value: 300),
            (letter: 'B', name: "bishop", moves: "cBmW", value: 300),
            (letter: 'Q', name: "queen", moves: "mQcR", value: 900),
            (letter: 'R', name: "rook", moves: "R3", value: 500),
        ],
    )"#;

    /// On positions along random games, each check-free piece counted in
    /// words has as many moves as the legal moves from its square, listed
    /// and judged one by one; and the last ply's count is the length of
    /// the legal list.
    #[test]
    fn word_counts_agree_with_the_legal_moves() {
        let variants = [
            Variant::from_text("race.ron", crate::engine::legality::tests::KING_RACE).unwrap(),
            Variant::from_text("riders.ron", RIDERS).unwrap(),
        ];
        for variant in variants {
            let mut seed = 0x0b17_b0a2_u64;
            let mut pieces = 0;
            for _game in 0..30 {
                let mut pos: Position = variant.start_position();
                for _ply in 0..60 {
                    let moves = variant.legal_moves(&pos);
                    pieces += word_counts(&variant, &pos, &moves);
                    let mut listed = Vec::new();
                    assert_eq!(
                        variant.count_legal(&pos, &mut listed),
                        moves.len() as u64,
                        "{}",
                        variant.name
                    );
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    pos.make(&variant, moves[(seed >> 33) as usize % moves.len()]);
                }
            }
            assert!(
                pieces > 2000,
                "{}: too few pieces counted in words: {pieces}",
                variant.name
            );
        }
    }

    /// Checks the word count of each check-free piece of `pos` that has
    /// one against `moves` (the legal moves); how many it checked.
    fn word_counts(variant: &Variant, pos: &Position, moves: &[Move]) -> usize {
        let Some(c) = CheckSquares::new(variant, pos) else {
            return 0;
        };
        let us = pos.side;
        let safe = SafeMoves::knowing_checks(variant, pos, Some(&c));
        let plain = [MoveKind::Quiet, MoveKind::Capture]
            .iter()
            .all(|&kind| variant.is_plain(&Move::new(Square::new(0), Square::new(0), kind)));
        let empty = pos.empty_squares(&variant.programs.all).0[0];
        let enemy = pos.occupied[us.flip() as usize].0[0];
        let mut kinds = KindChecks::<u64>::new();
        let mut checked = 0;
        for from in safe.check_free_pieces(pos, &c).iter() {
            let kind = pos.board[from.index()].kind();
            let (checks, words) = kinds.of(variant, &c, kind, us, plain);
            assert_eq!(checks, c.squares_of(kind).0[0]);
            let Some(n) = words
                .then(|| variant.count_plain_word(kind, us, from, empty, enemy, checks))
                .flatten()
            else {
                continue;
            };
            let legal = moves.iter().filter(|mv| mv.from == from).count();
            assert_eq!(n, legal as u64, "{}: the piece on {from:?}", variant.name);
            checked += 1;
        }
        checked
    }
}
