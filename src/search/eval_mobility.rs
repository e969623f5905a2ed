//! Terms read from each piece's attack set ([`Reach`]), for the kinds that
//! neither promote nor are royal:
//!
//! * attacks ("real mobility"): per square it attacks that no enemy
//!   promoting piece attacks and no own promoting or royal piece holds,
//!   `20 / sqrt(1 + m)` centipawns, `m` the kind's mean number of attacked
//!   squares on the empty board, less the same for half of `m`;
//! * pair: 40 for each colour-bound kind a side has on both colours;
//! * open files: a kind that rides along its file earns 10 where no own
//!   promoting piece stands on its file, 25 where no promoting piece does.

use super::eval_pawns::PawnSets;
use super::eval_reach::Reach;
use crate::base::piece::Kind;
use crate::base::set_words::SetWords;
use crate::base::square::{Square, SquareSet};
use crate::base::weights::EvalWeights;
use crate::compile::Variant;
use crate::engine::position::Position;

/// Fixed point of the attack weights: sixteenths of a centipawn.
const FIXED: i32 = 16;
const PAIR: i32 = 40;
const HALF_OPEN: i32 = 10;
const OPEN: i32 = 25;

/// The weights of the attack-set terms, per kind where they differ.
#[derive(Clone, Debug, Default)]
pub(super) struct Activity {
    /// Per kind: whether its attack set is read at all.
    active: Vec<bool>,
    /// Per kind: sixteenths of a centipawn per safe attacked square.
    unit: Vec<i32>,
    /// Per kind: sixteenths subtracted (half the mean, weighted).
    offset: Vec<i32>,
    /// Per kind: whether it is colour-bound (for the pair).
    colour_bound: Vec<bool>,
    /// Per kind: whether it rides along its file.
    file_rider: Vec<bool>,
    /// Per square: its file.
    file: Vec<SquareSet>,
    /// Per square: its colour (0 or 1).
    colour: Vec<u8>,
    pair: i32,
    half_open: i32,
    open: i32,
}

impl Activity {
    /// The weights of `variant`; `pawn(kind)` says which kinds promote.
    pub fn new(variant: &Variant, w: EvalWeights, reach: &Reach, pawn: impl Fn(Kind) -> bool) -> Activity {
        let g = variant.geometry;
        let n = g.squares();
        let pct = |x: i32, weight: u32| (i64::from(x) * i64::from(weight) / 100) as i32;
        let kinds = variant.pieces.len();
        let plain = |k: usize| !variant.is_royal(Kind::from_index(k)) && !pawn(Kind::from_index(k));
        let unit: Vec<i32> = (0..kinds)
            .map(|k| {
                let u = f64::from(FIXED) * 20.0 / (1.0 + reach.average[k]).sqrt();
                if plain(k) { pct(u.round() as i32, w.attacks) } else { 0 }
            })
            .collect();
        let offset = (0..kinds)
            .map(|k| (f64::from(unit[k]) * reach.average[k] / 2.0).round() as i32)
            .collect();
        let colour_bound: Vec<bool> = (0..kinds)
            .map(|k| plain(k) && reach.colour_bound[k] && w.pair > 0)
            .collect();
        let file_rider: Vec<bool> = (0..kinds)
            .map(|k| plain(k) && reach.file_riders[k] && w.open_files > 0)
            .collect();
        let on = w.attacks > 0;
        Activity {
            active: (0..kinds)
                .map(|k| plain(k) && (on || colour_bound[k] || file_rider[k]))
                .collect(),
            unit,
            offset,
            colour_bound,
            file_rider,
            file: Square::all(n)
                .map(|sq| {
                    let mut set = SquareSet::EMPTY;
                    Square::all(n)
                        .filter(|&q| g.file(q) == g.file(sq))
                        .for_each(|q| set.insert(q));
                    set
                })
                .collect(),
            colour: Square::all(n).map(|sq| ((g.file(sq) + g.rank(sq)) & 1) as u8).collect(),
            pair: pct(PAIR, w.pair),
            half_open: pct(HALF_OPEN, w.open_files),
            open: pct(OPEN, w.open_files),
        }
    }

    /// Whether any kind's attack set is read.
    pub fn any(&self) -> bool {
        self.active.iter().any(|&a| a)
    }

    /// Each side's score from its pieces' attack sets.
    pub fn score<W: SetWords>(&self, pos: &Position, reach: &Reach, pawns: &PawnSets<W>, occupied: W) -> [i32; 2] {
        let mut score = [0i32; 2];
        #[allow(clippy::needless_range_loop)] // a side indexes several arrays
        for side in 0..2 {
            let them = 1 - side;
            let excluded = pawns.attacks[them].or(pawns.all[side]).or(W::load(&pos.royals[side]));
            let (mut fixed, mut plain, mut colours) = (0, 0, 0u64);
            let own_royals = W::load(&pos.royals[side]);
            let movers = W::load(&pos.occupied[side])
                .and_not(pawns.all[side])
                .and_not(own_royals);
            movers.any(|sq| {
                let kind = pos.board[sq.index()].kind();
                let k = kind.index();
                if !self.active[k] {
                    return false;
                }
                let att = reach.attacks(kind, side, sq, occupied);
                fixed += self.unit[k] * att.and_not(excluded).len() as i32 - self.offset[k];
                if self.colour_bound[k] && k < 32 {
                    colours |= 1 << (2 * k + usize::from(self.colour[sq.index()]));
                }
                if self.file_rider[k] {
                    let file = W::load(&self.file[sq.index()]);
                    if file.and(pawns.all[side]).is_empty() {
                        plain += if file.and(pawns.all[them]).is_empty() {
                            self.open
                        } else {
                            self.half_open
                        };
                    }
                }
                false
            });
            plain += self.pair * (colours & (colours >> 1) & 0x5555_5555_5555_5555).count_ones() as i32;
            score[side] = fixed / FIXED + plain;
        }
        score
    }
}
