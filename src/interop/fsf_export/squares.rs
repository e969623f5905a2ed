//! Square sets of the rule language as Fairy-Stockfish regions: a set of
//! fixed squares (ranks, files, the variant's regions, combined) worked
//! out for one side on the board, and written as a region value
//! (`*8`, `a1 b1`).

use crate::base::square::Color;
use crate::lang::effect_syntax::{NamedSet, SetExpr, SetOp, parse_set};
use crate::spec::RegionSpec;

/// A set of squares: bit `rank * files + file`, both from 0.
pub(super) type Bits = u128;

/// The board and the named regions the sets read.
pub(super) struct Board<'a> {
    /// Files.
    pub files: u32,
    /// Ranks.
    pub ranks: u32,
    /// The variant's regions.
    pub regions: &'a [RegionSpec],
}

impl Board<'_> {
    fn bit(&self, file: u32, rank: u32) -> Bits {
        1 << (rank * self.files + file)
    }

    fn rank(&self, rank: u32) -> Bits {
        (0..self.files).fold(0, |a, f| a | self.bit(f, rank))
    }

    fn all(&self) -> Bits {
        (0..self.ranks).fold(0, |a, r| a | self.rank(r))
    }

    /// The squares of `set` read for `owner`, or `None` if it holds more
    /// than fixed squares (pieces, moves).
    pub fn eval(&self, set: &SetExpr, owner: Color) -> Option<Bits> {
        if self.files * self.ranks > Bits::BITS {
            return None;
        }
        Some(match set {
            SetExpr::Named(NamedSet::All) => self.all(),
            SetExpr::Ranks(from, low, high) => {
                let side = from.side(owner);
                (u32::from(*low)..=u32::from(*high))
                    .filter(|r| (1..=self.ranks).contains(r))
                    .map(|r| if side == Color::White { r - 1 } else { self.ranks - r })
                    .fold(0, |a, r| a | self.rank(r))
            }
            SetExpr::Files(low, high) => (u32::from(*low)..=u32::from(*high))
                .filter(|f| *f < self.files)
                .fold(0, |a, f| a | (0..self.ranks).fold(0, |b, r| b | self.bit(f, r))),
            SetExpr::Binary(op, x, y) => {
                let (x, y) = (self.eval(x, owner)?, self.eval(y, owner)?);
                match op {
                    SetOp::Union => x | y,
                    SetOp::Difference => x & !y,
                    SetOp::Intersection => x & y,
                }
            }
            SetExpr::Region(from, name) => {
                let side = from.side(owner);
                let region = self.regions.iter().find(|r| r.name.value == name.name)?;
                let text = match (&region.squares, side) {
                    (Some(s), _) => s,
                    (None, Color::White) => region.white.as_ref()?,
                    (None, Color::Black) => region.black.as_ref()?,
                };
                self.eval(&parse_set(&text.value).ok()?, side)?
            }
            _ => return None,
        })
    }

    /// The squares of a region sentence read for `owner`.
    pub fn eval_text(&self, text: &str, owner: Color) -> Option<Bits> {
        self.eval(&parse_set(text).ok()?, owner)
    }

    /// `bits` as a Fairy-Stockfish region: whole ranks as `*N`, other
    /// squares by name; `-` for none.
    pub fn fsf(&self, bits: Bits) -> String {
        let mut words = Vec::new();
        for r in 0..self.ranks {
            let row = self.rank(r);
            if bits & row == row {
                words.push(format!("*{}", r + 1));
                continue;
            }
            for f in (0..self.files).filter(|&f| bits & self.bit(f, r) != 0) {
                words.push(format!("{}{}", char::from(b'a' + f as u8), r + 1));
            }
        }
        if words.is_empty() {
            "-".to_string()
        } else {
            words.join(" ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_files_and_regions_read_for_a_side() {
        let board = Board {
            files: 8,
            ranks: 8,
            regions: &[],
        };
        let set = parse_set("ranks(1..1)").unwrap();
        assert_eq!(board.fsf(board.eval(&set, Color::White).unwrap()), "*1");
        assert_eq!(board.fsf(board.eval(&set, Color::Black).unwrap()), "*8");
        let centre = parse_set("ranks(4..5) & files(d..e)").unwrap();
        assert_eq!(board.fsf(board.eval(&centre, Color::White).unwrap()), "d4 e4 d5 e5");
        assert!(board.eval(&parse_set("own K").unwrap(), Color::White).is_none());
    }
}
