//! The evaluation as a linear function of what the tuner fits: each
//! non-royal kind's material value (in centipawns) and the weights of the
//! other terms (placement from mobility, centre, advancement, royal
//! safety, tempo; 1.0 is 100%). A position's feature vector, White's view:
//!
//! * per kind, White's pieces of it less Black's (board and hand; negated
//!   where material counts against its owner, as the evaluation does);
//! * per term, what the term adds at 100%: the evaluation with that term
//!   at 1000% and material at 100% (the rest off) less the evaluation with
//!   material alone, divided by ten. Reading the terms from the
//!   evaluation itself keeps the two from drifting apart.
//!
//! * per kind and square of White's square tables (the `evaluation`
//!   section's `squares`), White's pieces of that kind reading that square
//!   less Black's: each side's piece reads the square the evaluation's own
//!   [`Evaluation::white_view`] gives it, so the tables' symmetry is the
//!   evaluation's. Without squares fitted (`--no-squares`), the tables as
//!   they are make one feature, `squares`, whose weight stays 1.
//!
//! The terms read from square sets (`passed` to `open_files`,
//! `search::eval_terms`) are not modelled yet: the features are those of
//! the evaluation with them off, and a fit leaves their weights as the
//! file has them.
//!
//! Two terms depend on the material values themselves (advancement on
//! what a promotion gains, royal safety on the game's phase): their
//! features are taken with the values as they are; a fit is one step of a
//! fixed-point iteration, which a second `kaboom tune` run continues.

use crate::base::piece::Kind;
use crate::base::square::Color;
use crate::base::weights::EvalWeights;
use crate::compile::Variant;
use crate::engine::position::Position;
use crate::search::eval::Evaluation;

/// The weighted terms, as the `evaluation` section names them.
/// (The terms read from square sets, `passed` to `open_files`, are not
/// fitted: each stays at its weight in the file, off in the features.)
pub const TERMS: [&str; 5] = ["mobility", "centre", "advancement", "royal_safety", "tempo"];

/// What a position's features are computed with.
pub struct Features {
    /// The measured kinds: every non-royal kind.
    kinds: Vec<Kind>,
    /// 1, or -1 where material counts against its owner.
    sign: f32,
    /// Material alone.
    material: Evaluation,
    /// Material and one term at 1000%, per term of [`TERMS`].
    terms: Vec<Evaluation>,
    /// The hand slots' kinds.
    hand_kinds: Vec<Kind>,
    /// The parameters as the variant has them now.
    start: Vec<f64>,
    /// Whether each kind's square table is fitted, a feature per kind
    /// and square; else the tables as they are are one fixed feature
    /// (where the variant has any).
    squares: bool,
    /// The variant's square tables (per kind, White's, by square; empty:
    /// none).
    tables: Vec<Vec<i32>>,
    /// Squares on the board.
    board: usize,
}

fn weights(term: Option<&str>) -> EvalWeights {
    let mut w = EvalWeights {
        material: 100,
        mobility: 0,
        centre: 0,
        advancement: 0,
        royal_safety: 0,
        tempo: 0,
        passed: 0,
        structure: 0,
        attacks: 0,
        shelter: 0,
        pair: 0,
        open_files: 0,
    };
    if let Some(slot) = term.and_then(|t| w.by_name(t)) {
        *slot = 1000;
    }
    w
}

impl Features {
    /// The features of `variant`'s evaluation, with a feature per kind and
    /// square where `squares`.
    pub fn new(variant: &Variant, squares: bool) -> Features {
        // The terms are read without the square tables, which have
        // features of their own.
        let with = |term: Option<&str>| {
            let mut v = variant.clone();
            v.evaluation = weights(term);
            v.evaluation_squares.iter_mut().for_each(Vec::clear);
            Evaluation::new(&v)
        };
        let kinds: Vec<Kind> = (0..variant.pieces.len())
            .map(Kind::from_index)
            .filter(|&k| !variant.is_royal(k))
            .collect();
        let now = Evaluation::new(variant);
        // The sign shows in any non-zero value.
        let sign = if kinds.iter().any(|&k| now.value(k) < 0) {
            -1.0
        } else {
            1.0
        };
        let mut start: Vec<f64> = kinds
            .iter()
            .map(|&k| f64::from(sign) * f64::from(now.value(k)))
            .collect();
        let mut w = variant.evaluation;
        for term in TERMS {
            let weight = w.by_name(term).map_or(100, |v| *v);
            start.push(f64::from(weight) / 100.0);
        }
        let tables = variant.evaluation_squares.clone();
        let board = variant.geometry.squares();
        if squares {
            for kind in 0..variant.pieces.len() {
                let table = tables.get(kind).filter(|t| !t.is_empty());
                start.extend((0..board).map(|sq| f64::from(table.map_or(0, |t| t[sq]))));
            }
        } else if tables.iter().any(|t| !t.is_empty()) {
            start.push(1.0);
        }
        Features {
            squares,
            tables,
            board,
            sign,
            material: with(None),
            terms: TERMS.iter().map(|&t| with(Some(t))).collect(),
            hand_kinds: variant.hands.kinds().to_vec(),
            kinds,
            start,
        }
    }

    /// Numbers per feature vector.
    pub fn width(&self) -> usize {
        self.start.len()
    }

    /// Where the square features begin in the vector (after the values
    /// and the terms).
    pub fn squares_at(&self) -> usize {
        self.kinds.len() + TERMS.len()
    }

    /// Whether the square tables are fitted, a feature per kind (every
    /// kind, in the variant's order) and square; false: the tables as they
    /// are make one fixed feature, where the variant has any.
    pub fn fits_squares(&self) -> bool {
        self.squares
    }

    /// Whether the variant has square tables not fitted: the one fixed
    /// feature at [`Features::squares_at`].
    pub fn fixed_squares(&self) -> bool {
        !self.squares && self.width() > self.squares_at()
    }

    /// The squares of the board.
    pub fn board(&self) -> usize {
        self.board
    }

    /// The measured kinds, in the order of the vector.
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// The parameters as the variant has them: each kind's value in
    /// centipawns (as the evaluation counts it, material weight
    /// included), then each term's weight (1.0 for 100%).
    pub fn start(&self) -> &[f64] {
        &self.start
    }

    /// Appends the position's features (White's view) to `out`.
    pub fn push(&self, pos: &Position, out: &mut Vec<f32>) {
        let white = if pos.side_to_move() == Color::White { 1 } else { -1 };
        let mut counts = vec![0i32; self.kinds.len()];
        for (side, delta) in [(0usize, 1i32), (1, -1)] {
            for sq in pos.occupied[side].iter() {
                let kind = pos.board[sq.index()].kind();
                if let Some(i) = self.kinds.iter().position(|&k| k == kind) {
                    counts[i] += delta;
                }
            }
            for (slot, &kind) in self.hand_kinds.iter().enumerate() {
                if let Some(i) = self.kinds.iter().position(|&k| k == kind) {
                    counts[i] += delta * i32::from(pos.hands[side][slot]);
                }
            }
        }
        out.extend(counts.iter().map(|&c| self.sign * c as f32));
        let base = self.material.evaluate(pos);
        for term in &self.terms {
            out.push((white * (term.evaluate(pos) - base)) as f32 / 10.0);
        }
        self.push_squares(pos, out);
    }

    /// The square features: per kind and square of White's tables, the
    /// pieces reading it, White's less Black's; or the tables' sum.
    fn push_squares(&self, pos: &Position, out: &mut Vec<f32>) {
        let at = out.len();
        if self.squares {
            out.resize(at + self.tables.len() * self.board, 0.0);
        } else if self.fixed_squares() {
            out.push(0.0);
        } else {
            return;
        }
        for (side, delta) in [(Color::White, 1.0f32), (Color::Black, -1.0)] {
            for sq in pos.occupied[side as usize].iter() {
                let kind = pos.board[sq.index()].kind().index();
                let cell = self.material.white_view(side, sq);
                if self.squares {
                    out[at + kind * self.board + cell] += delta;
                } else if let Some(&v) = self.tables.get(kind).and_then(|t| t.get(cell)) {
                    out[at] += delta * v as f32;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The features times the parameters as they are give back the
    /// evaluation (White's view), up to the terms' rounding.
    fn check(name: &str, fens: &[&str]) {
        let v = Variant::load(name).unwrap();
        check_variant(&v, true, fens);
    }

    /// [`check`] for a loaded variant, with or without square features.
    /// The terms read from square sets are not modelled (module text):
    /// the evaluation compared is the variant's with them off.
    fn check_variant(v: &Variant, squares: bool, fens: &[&str]) {
        let f = Features::new(v, squares);
        let mut modelled = v.clone();
        for term in ["passed", "structure", "attacks", "shelter", "pair", "open_files"] {
            if let Some(w) = modelled.evaluation.by_name(term) {
                *w = 0;
            }
        }
        let e = Evaluation::new(&modelled);
        for fen in fens {
            let pos = crate::notation::fen::parse(v, fen).unwrap();
            let mut x = Vec::new();
            f.push(&pos, &mut x);
            assert_eq!(x.len(), f.width());
            let linear: f64 = x.iter().zip(f.start()).map(|(&a, &b)| f64::from(a) * b).sum();
            let white = if pos.side_to_move() == Color::White { 1 } else { -1 };
            let direct = f64::from(white * e.evaluate(&pos));
            assert!(
                (linear - direct).abs() <= 8.0,
                "{} {squares} {fen}: {linear} against {direct}",
                v.name
            );
        }
    }

    #[test]
    fn the_features_times_the_parameters_are_the_evaluation() {
        check(
            "chess",
            &[
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
                "8/5k2/3p4/8/2N5/6P1/1K6/8 w - - 0 40",
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ],
        );
        check(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/valid/chess-with-drops.ron"),
            &["r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3"],
        );
        check(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/valid/losing-captures.ron"),
            &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1"],
        );
    }

    /// A knight's table that is not symmetric, and a king's.
    const TABLES: &str = r#"(extends: "chess", name: "tables", evaluation: (squares: {
        'N': [[0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0],
              [0, 0, 0, 40, 0, 0, 0, 0], [0, 0, 0, 0, 0, 17, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [-30, -20, 0, 0, 0, 0, -9, -50]],
        'K': [[-9, -9, -9, -9, -9, -9, -9, -9], [-9, -9, -9, -9, -9, -9, -9, -9], [-9, -9, -9, -9, -9, -9, -9, -9],
              [-9, -9, -9, -9, -9, -9, -9, -9], [-9, -9, -9, -9, -9, -9, -9, -9], [-9, -9, -9, -9, -9, -9, -9, -9],
              [-9, -9, -9, -9, -9, -9, -9, -9], [0, 0, 30, 0, 0, 0, 30, 0]]}))"#;

    #[test]
    fn the_square_tables_are_features_with_squares_or_one_fixed_feature_without() {
        let v = Variant::from_text("tables.ron", TABLES).unwrap();
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
            "6k1/8/3n4/8/3N4/8/8/2K5 w - - 0 40",
        ];
        for squares in [true, false] {
            assert_eq!(Features::new(&v, squares).fixed_squares(), !squares);
            check_variant(&v, squares, &fens);
        }
        // White's knight on d4 reads d4 (40); Black's on d6 reads d3 (0), its
        // mirror; the kings read c1 and g1 (30 each, cancelling).
        let plain = Variant::load("chess").unwrap();
        let fen = "6k1/8/3n4/8/3N4/8/8/2K5 w - - 0 40";
        let eval = |v: &Variant| Evaluation::new(v).evaluate(&crate::notation::fen::parse(v, fen).unwrap());
        assert_eq!(eval(&v) - eval(&plain), 40);
    }

    #[test]
    fn a_kinds_feature_counts_its_pieces_white_less_black() {
        let v = Variant::load("chess").unwrap();
        let f = Features::new(&v, true);
        let pos = crate::notation::fen::parse(&v, "4k3/8/8/8/8/8/PPP5/4K1NN b - - 0 1").unwrap();
        let mut x = Vec::new();
        f.push(&pos, &mut x);
        let at = |letter| {
            let k = v.kind_of_letter(letter).unwrap();
            x[f.kinds().iter().position(|&q| q == k).unwrap()]
        };
        assert_eq!((at('P'), at('N'), at('Q')), (3.0, 2.0, 0.0));
        // The tempo is the side to move's: Black here, so White's view is -10.
        assert_eq!(x[f.squares_at() - 1], -10.0);
        // The knights on g1 and h1, White's; the pawn on a2.
        let square = |letter, name| {
            let k = v.kind_of_letter(letter).unwrap().index();
            x[f.squares_at() + k * 64 + v.geometry.parse_square(name).unwrap().index()]
        };
        assert_eq!(
            (square('N', "g1"), square('N', "h1"), square('P', "a2")),
            (1.0, 1.0, 1.0)
        );
        // Black's king on e8 reads White's e1, as White's king does.
        assert_eq!(square('K', "e1"), 0.0);
    }
}
