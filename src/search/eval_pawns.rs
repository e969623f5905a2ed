//! Terms of the pieces that promote ("pawns", in general terms: a kind
//! with a promotion zone that gains by promoting), from square-set masks
//! built at load:
//!
//! * passed: no enemy piece of the same kind ahead of it (nearer its
//!   zone) on its file or the neighbouring files; worth a quarter of what
//!   its best promotion gains times the square of its progress, half of
//!   that with all the material on the board, all of it with none;
//! * doubled (another own one ahead on its file), isolated (no own one of
//!   any promoting kind on the neighbouring files), protected (attacked
//!   by an own promoting piece);
//! * shelter: own promoting pieces one or two ranks in front of a royal
//!   piece, on its file or the neighbouring ones, with material on the
//!   board.
//!
//! All are zero where no kind promotes.

use super::eval_reach::Reach;
use crate::base::piece::Kind;
use crate::base::set_words::SetWords;
use crate::base::square::{Color, Square, SquareSet};
use crate::base::weights::EvalWeights;
use crate::compile::Variant;
use crate::engine::position::Position;

/// Promoting kinds looked at; further ones are left out.
pub(super) const MAX_PAWN_KINDS: usize = 4;
/// Per piece that is not the last on its file (doubled), centipawns.
const DOUBLED: i32 = 12;
/// Per piece with no own promoting piece on the neighbouring files.
const ISOLATED: i32 = 12;
/// Per piece attacked by an own promoting piece.
const PROTECTED: i32 = 6;
/// Per own promoting piece in front of a royal piece.
const SHELTER: i32 = 10;

/// Where the promoting pieces stand and what they attack, per side.
#[derive(Clone, Copy, Debug)]
pub(super) struct PawnSets<W> {
    /// Per side and promoting kind (its slot), its pieces.
    pub by_kind: [[W; MAX_PAWN_KINDS]; 2],
    /// Per side, every promoting piece.
    pub all: [W; 2],
    /// Per side, the squares its promoting pieces attack.
    pub attacks: [W; 2],
}

/// The masks and weights of the promoting pieces' terms.
#[derive(Clone, Debug, Default)]
pub(super) struct Pawns {
    /// Per kind, its slot among the promoting kinds (`u8::MAX`: none).
    slot_of: Vec<u8>,
    /// Per (slot, side, square): where an enemy piece of the kind stops
    /// it being passed.
    front: Vec<SquareSet>,
    /// Per (slot, side, square): the squares ahead on its file.
    ahead: Vec<SquareSet>,
    /// Per (slot, side, square): the passed bonus there (weighted).
    passed: Vec<i32>,
    /// Per square: the squares of the neighbouring files.
    beside: Vec<SquareSet>,
    /// Per (side, square): the shelter squares of a royal piece there.
    shelter: Vec<SquareSet>,
    doubled: i32,
    isolated: i32,
    protected: i32,
    shelter_bonus: i32,
    squares: usize,
}

/// Ranks from `sq` to the nearest square of `zone`.
fn distance(variant: &Variant, zone: &SquareSet, sq: Square) -> i32 {
    let g = variant.geometry;
    zone.iter().map(|z| (g.rank(z) - g.rank(sq)).abs()).min().unwrap_or(0)
}

/// The squares of `variant` on files within `files` of `sq`'s whose
/// distance `d` passes `keep`.
fn mask(variant: &Variant, sq: Square, files: i32, keep: impl Fn(Square) -> bool) -> SquareSet {
    let g = variant.geometry;
    let mut set = SquareSet::EMPTY;
    for q in Square::all(g.squares()) {
        if (g.file(q) - g.file(sq)).abs() <= files && keep(q) {
            set.insert(q);
        }
    }
    set
}

impl Pawns {
    /// The masks of `variant`, whose kinds promote with the gains `gain`
    /// (centipawns; kinds that gain nothing are no pawns).
    pub fn new(variant: &Variant, w: EvalWeights, gain: &[i32]) -> Pawns {
        let g = variant.geometry;
        let n = g.squares();
        let pct = |x: i32, weight: u32| (i64::from(x) * i64::from(weight) / 100) as i32;
        let mut p = Pawns {
            slot_of: vec![u8::MAX; variant.pieces.len()],
            doubled: pct(DOUBLED, w.structure),
            isolated: pct(ISOLATED, w.structure),
            protected: pct(PROTECTED, w.structure),
            shelter_bonus: pct(SHELTER, w.shelter),
            squares: n,
            ..Pawns::default()
        };
        let span = (g.ranks as i32 - 1).max(1);
        let mut slots = 0;
        for kind in (0..variant.pieces.len()).map(Kind::from_index) {
            let zones = Color::BOTH.map(|side| variant.promotion.try_zone(kind, side).copied().unwrap_or_default());
            if slots == MAX_PAWN_KINDS || gain[kind.index()] <= 0 || zones.iter().any(SquareSet::is_empty) {
                continue;
            }
            p.slot_of[kind.index()] = slots as u8;
            slots += 1;
            for zone in &zones {
                for sq in Square::all(n) {
                    let d = distance(variant, zone, sq);
                    p.front.push(mask(variant, sq, 1, |q| distance(variant, zone, q) < d));
                    p.ahead.push(mask(variant, sq, 0, |q| distance(variant, zone, q) < d));
                    let progress = (span - d).max(0);
                    p.passed.push(pct(
                        gain[kind.index()] * progress * progress / (4 * span * span),
                        w.passed,
                    ));
                }
            }
            if slots == 1 {
                // A royal piece's shelter: in front as the first kind goes.
                for zone in &zones {
                    for sq in Square::all(n) {
                        let d = distance(variant, zone, sq);
                        p.shelter.push(mask(variant, sq, 1, |q| {
                            (1..=2).contains(&(d - distance(variant, zone, q)))
                        }));
                    }
                }
            }
        }
        p.beside = Square::all(n)
            .map(|sq| mask(variant, sq, 1, |q| g.file(q) != g.file(sq)))
            .collect();
        p
    }

    /// Whether some kind promotes.
    pub fn any(&self) -> bool {
        !self.front.is_empty()
    }

    /// The slot of `kind` among the promoting kinds, if it is one.
    #[inline(always)]
    pub fn slot(&self, kind: Kind) -> Option<usize> {
        let s = self.slot_of[kind.index()];
        (s != u8::MAX).then_some(usize::from(s))
    }

    /// Where each side's promoting pieces stand and what they attack.
    #[inline]
    pub fn sets<W: SetWords>(&self, pos: &Position, reach: &Reach, occupied: W) -> PawnSets<W> {
        let mut sets = PawnSets {
            by_kind: [[W::EMPTY; MAX_PAWN_KINDS]; 2],
            all: [W::EMPTY; 2],
            attacks: [W::EMPTY; 2],
        };
        for side in 0..2 {
            W::load(&pos.occupied[side]).any(|sq| {
                let kind = pos.board[sq.index()].kind();
                if let Some(slot) = self.slot(kind) {
                    sets.by_kind[side][slot] = sets.by_kind[side][slot].with(sq);
                    sets.attacks[side] = sets.attacks[side].or(reach.attacks(kind, side, sq, occupied));
                }
                false
            });
            sets.all[side] = sets.by_kind[side].iter().fold(W::EMPTY, |a, &b| a.or(b));
        }
        sets
    }

    /// Each side's score from its promoting pieces, with the material
    /// `phase` (in 1/64: 64 with all the start's material, 0 with none).
    pub fn score<W: SetWords>(&self, pos: &Position, sets: &PawnSets<W>, phase: i32) -> [i32; 2] {
        let n = self.squares;
        let mut score = [0i32; 2];
        #[allow(clippy::needless_range_loop)] // a side indexes several arrays
        for side in 0..2 {
            let (mut passed, mut rest) = (0, 0);
            for slot in 0..MAX_PAWN_KINDS {
                let ours = sets.by_kind[side][slot];
                let theirs = sets.by_kind[1 - side][slot];
                ours.any(|sq| {
                    let at = (slot * 2 + side) * n + sq.index();
                    if W::load(&self.front[at]).and(theirs).is_empty() {
                        passed += self.passed[at];
                    }
                    if !W::load(&self.ahead[at]).and(ours).is_empty() {
                        rest -= self.doubled;
                    }
                    if W::load(&self.beside[sq.index()]).and(sets.all[side]).is_empty() {
                        rest -= self.isolated;
                    }
                    if sets.attacks[side].holds(sq) {
                        rest += self.protected;
                    }
                    false
                });
            }
            score[side] = rest + passed * (128 - phase) / 128;
            if !self.shelter.is_empty() {
                for royal in pos.royals[side].iter().take(1) {
                    let shelter = W::load(&self.shelter[side * n + royal.index()]).and(sets.all[side]);
                    score[side] += self.shelter_bonus * shelter.len() as i32 * phase / 64;
                }
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::Move;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The promoting pieces' score walked square by square, without masks:
    /// ahead is towards the zone by rank.
    fn walked(variant: &Variant, p: &Pawns, pos: &Position, gain: &[i32], phase: i32) -> [i32; 2] {
        let g = variant.geometry;
        let n = g.squares();
        let span = (g.ranks as i32 - 1).max(1);
        let promoting = |side: usize, q: Square, slot: Option<usize>| {
            pos.occupied[side].contains(q) && {
                let k = pos.board[q.index()].kind();
                p.slot(k).is_some() && slot.is_none_or(|s| p.slot(k) == Some(s))
            }
        };
        let protected = |side: usize, sq: Square| {
            pos.occupied[side].iter().any(|q| {
                let k = pos.board[q.index()].kind();
                p.slot(k).is_some() && {
                    let zone = *variant.promotion.try_zone(k, Color::BOTH[side]).unwrap();
                    let from = distance(variant, &zone, q);
                    // A step diagonally towards the zone.
                    (g.file(q) - g.file(sq)).abs() == 1 && from - distance(variant, &zone, sq) == 1
                }
            })
        };
        let mut score = [0; 2];
        #[allow(clippy::needless_range_loop)] // a side indexes several arrays
        for side in 0..2 {
            let (mut passed, mut rest) = (0, 0);
            for sq in pos.occupied[side].iter() {
                let kind = pos.board[sq.index()].kind();
                let Some(slot) = p.slot(kind) else { continue };
                let zone = *variant.promotion.try_zone(kind, Color::BOTH[side]).unwrap();
                let d = distance(variant, &zone, sq);
                let near = |q: Square, files: i32| (g.file(q) - g.file(sq)).abs() <= files;
                let ahead = |q: Square| distance(variant, &zone, q) < d;
                let all = Square::all(n);
                if !all
                    .clone()
                    .any(|q| near(q, 1) && ahead(q) && promoting(1 - side, q, Some(slot)))
                {
                    let progress = span - d;
                    passed += gain[kind.index()] * progress * progress / (4 * span * span);
                }
                if all
                    .clone()
                    .any(|q| near(q, 0) && ahead(q) && promoting(side, q, Some(slot)))
                {
                    rest -= DOUBLED;
                }
                if !all
                    .clone()
                    .any(|q| near(q, 1) && !near(q, 0) && promoting(side, q, None))
                {
                    rest -= ISOLATED;
                }
                if protected(side, sq) {
                    rest += PROTECTED;
                }
            }
            score[side] = rest + passed * (128 - phase) / 128;
            if let Some(royal) = pos.royals[side].first() {
                let zone = *variant
                    .promotion
                    .try_zone(p_first(variant, p), Color::BOTH[side])
                    .unwrap();
                let d = distance(variant, &zone, royal);
                let shelter = Square::all(n)
                    .filter(|&q| (g.file(q) - g.file(royal)).abs() <= 1)
                    .filter(|&q| (1..=2).contains(&(d - distance(variant, &zone, q))))
                    .filter(|&q| promoting(side, q, None))
                    .count() as i32;
                score[side] += SHELTER * shelter * phase / 64;
            }
        }
        score
    }

    /// The first promoting kind.
    fn p_first(variant: &Variant, p: &Pawns) -> Kind {
        (0..variant.pieces.len())
            .map(Kind::from_index)
            .find(|&k| p.slot(k) == Some(0))
            .unwrap()
    }

    /// Along seeded random games of chess (both sides), the masks' score
    /// (one word and four) is the walked one.
    #[test]
    fn masks_agree_with_a_walk() {
        let variant = Variant::load("chess").unwrap();
        let gain: Vec<i32> = (0..variant.pieces.len())
            .map(|k| if variant.pieces()[k].value == 100 { 800 } else { 0 })
            .collect();
        let p = Pawns::new(&variant, EvalWeights::default(), &gain);
        let reach = Reach::new(&variant);
        let mut rng = ChaCha8Rng::seed_from_u64(0x9a77);
        let mut seen = 0;
        for _game in 0..8 {
            let mut pos: Position = variant.start_position();
            for ply in 0..120i32 {
                let occupied = pos.occupied[0].union(&pos.occupied[1]);
                let phase = ply % 65;
                let narrow = p.score(&pos, &p.sets(&pos, &reach, occupied.0[0]), phase);
                let wide = p.score(&pos, &p.sets(&pos, &reach, occupied), phase);
                let walked = walked(&variant, &p, &pos, &gain, phase);
                assert_eq!(narrow, walked, "{}", crate::notation::fen::write(&variant, &pos));
                assert_eq!(wide, walked);
                seen += usize::from(walked != [0; 2]);
                let moves: Vec<Move> = variant.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(&variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(seen > 100);
    }
}
