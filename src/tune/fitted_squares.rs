//! The square tables a fit found, per kind: each entry with its interval,
//! in the order of the board's squares (White's view), and the few that
//! differ most from 0, for the report.

use super::Parameter;
use super::features::Features;
use super::fit::Fitted;
use crate::base::square::Square;
use crate::compile::Variant;

/// One kind's square table.
#[derive(Clone, Debug, PartialEq)]
pub struct KindSquares {
    /// The piece's letter.
    pub letter: char,
    /// The piece's name for people.
    pub piece: String,
    /// Files and ranks of the board.
    pub files: usize,
    /// Ranks of the board.
    pub ranks: usize,
    /// Each square's entry in centipawns, by square index (White's view),
    /// named by the square.
    pub cells: Vec<Parameter>,
}

impl KindSquares {
    /// The entries rounded, one list per rank as the file writes them:
    /// the rank farthest from White first, each from the `a` file on.
    pub fn ranks_as_written(&self) -> Vec<Vec<i64>> {
        let bound = crate::check::MAX_SQUARE_VALUE as f64;
        (0..self.ranks)
            .rev()
            .map(|rank| {
                (0..self.files)
                    .map(|file| self.cells[rank * self.files + file].after.round().clamp(-bound, bound) as i64)
                    .collect()
            })
            .collect()
    }

    /// Whether every rounded entry is 0 (the table need not be written).
    pub fn is_zero(&self) -> bool {
        self.ranks_as_written().iter().flatten().all(|&v| v == 0)
    }

    /// The `n` measured entries farthest from 0, largest first (ties by
    /// square).
    pub fn largest(&self, n: usize) -> Vec<&Parameter> {
        let mut measured: Vec<&Parameter> = self.cells.iter().filter(|c| c.measured).collect();
        measured.sort_by(|a, b| b.after.abs().total_cmp(&a.after.abs()));
        measured.truncate(n);
        measured
    }

    /// How many entries the data measured.
    pub fn measured(&self) -> usize {
        self.cells.iter().filter(|c| c.measured).count()
    }
}

/// Each kind's table after the fit: fitted where the features have a
/// feature per kind and square; else as the variant has it (kinds with no
/// table left out).
pub fn kind_squares(variant: &Variant, features: &Features, fitted: &Fitted) -> Vec<KindSquares> {
    let g = variant.geometry;
    let n = features.board();
    let at = features.squares_at();
    let infos = variant.pieces();
    (0..infos.len())
        .filter_map(|kind| {
            let cells: Vec<Parameter> = if features.fits_squares() {
                (0..n)
                    .map(|sq| {
                        let j = at + kind * n + sq;
                        Parameter {
                            name: g.name(Square::from_index(sq)),
                            piece: String::new(),
                            before: features.start()[j],
                            after: fitted.theta[j],
                            half_width: fitted.half_width[j],
                            measured: fitted.fitted[j],
                            kept: None,
                        }
                    })
                    .collect()
            } else {
                let table = variant.evaluation_squares.get(kind).filter(|t| !t.is_empty())?;
                (0..n)
                    .map(|sq| Parameter {
                        name: g.name(Square::from_index(sq)),
                        piece: String::new(),
                        before: f64::from(table[sq]),
                        after: f64::from(table[sq]),
                        half_width: None,
                        measured: false,
                        kept: None,
                    })
                    .collect()
            };
            Some(KindSquares {
                letter: infos[kind].letter,
                piece: infos[kind].name.clone(),
                files: usize::from(g.files),
                ranks: usize::from(g.ranks),
                cells,
            })
        })
        .collect()
}
