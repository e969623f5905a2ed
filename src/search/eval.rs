//! Evaluation, generic and from data: every table is computed once, when
//! the search is set up for a variant; a node only adds up lookups.
//!
//! * Material: each piece's `value` from the variant file; a piece with no
//!   value (or 0) gets `40 + 35 * m`, where `m` is its average number of
//!   destination squares on an empty board (over every square of the
//!   board, for White). Royal pieces count no material: losing them is a
//!   game end, scored by the end rules.
//! * Placement ("mobility-lite"): on each square a piece earns
//!   `4 * (m(square) - m)` centipawns, its empty-board mobility there
//!   against its average, so knights like the centre and rooks do not care,
//!   plus 3 per ring closer to the centre (0 on the board's edge).
//! * Advancement: a piece with a promotion zone earns up to a sixth of what
//!   its best promotion gains, growing with the cube of its progress
//!   towards the zone (in ranks): little for the first steps, much near it.
//! * Royal safety, where the variant has royal pieces: with many pieces on
//!   the board a royal piece prefers its own back ranks and the edge, and
//!   each own piece next to it is worth 6; as material leaves the board
//!   it is drawn to the centre instead.
//! * A tempo bonus of 10 for the side to move.
//! * Where a side left with no pieces wins (the end rules say so of the
//!   start position with the side to move's pieces taken off), material
//!   counts against its owner.
//!
//! The file's optional `evaluation` section scales each term (material,
//! mobility, centre, advancement, royal safety, tempo) in percent of the
//! defaults above ([`EvalWeights`](crate::base::weights::EvalWeights)),
//! and may add a square table per kind ([`super::square_tables`]), which
//! goes into the table per kind, side and square.

use super::conversion::Conversion;
use crate::base::geometry::Geometry;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, MAX_SQUARES, Square, SquareSet};
use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

const PLACEMENT_WEIGHT: i32 = 4;
const CENTRE_WEIGHT: i32 = 3;
const SHIELD_BONUS: i32 = 6;
const TEMPO: i32 = 10;

/// Each side's material, and material plus placement, of one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    /// Per side: material plus placement, of the board and the hand.
    pub score: [i32; 2],
    /// Per side: material, of the board and the hand.
    pub material: [i32; 2],
}

/// The evaluation tables of one variant.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Material per kind, in centipawns (0 for royal kinds).
    pub(super) values: Vec<i32>,
    /// Material plus placement per (kind, side) and square.
    pub(super) table: Vec<i32>,
    /// Royal placement with many pieces on the board, per side and square.
    royal_crowded: [Vec<i32>; 2],
    /// Royal placement with few pieces left, per side and square.
    royal_sparse: [Vec<i32>; 2],
    /// The squares next to each square.
    neighbours: Vec<SquareSet>,
    /// The bonus per own piece next to a royal piece (weighted).
    shield_bonus: i32,
    /// The bonus of the side to move (weighted).
    tempo: i32,
    /// Non-royal material of the start position (both sides), for the phase.
    start_material: i32,
    has_royals: bool,
    /// With drops: the material of each hand slot's kind (a piece in hand
    /// counts as on the board, without placement).
    pub(super) hand_values: Vec<i32>,
    /// Conversion of a won lead and royal goals (`super::conversion`).
    conversion: Conversion,
    /// Per side and square, the square of White's square tables a piece
    /// there reads (`super::square_tables`).
    views: [Vec<u16>; 2],
    /// The terms read from square sets (`super::eval_terms`).
    terms: super::eval_terms::Terms,
}

/// Destination squares of a piece of `kind` and `side` alone on the empty
/// board on `sq`: its own moves and actions, not the side's actions.
fn empty_board_mobility(variant: &Variant, kind: Kind, side: Color, sq: Square, buffer: &mut Vec<Move>) -> u32 {
    let mut pos = Position::empty(variant.geometry);
    pos.side = side;
    pos.set(variant, sq, Cell::piece(kind, side));
    buffer.clear();
    variant.generate_pseudo_legal(&pos, buffer);
    let actions = &variant.programs.actions;
    let mut seen = SquareSet::EMPTY;
    for mv in buffer.iter() {
        let own = match mv.kind {
            MoveKind::Action(i) => actions.get(i.index()).is_some_and(|a| a.owner.is_some()),
            _ => true,
        };
        if own && mv.from == sq && mv.to != sq {
            seen.insert(mv.to);
        }
    }
    seen.len()
}

/// Whether pieces are worth having: -1 when a side left with no pieces at
/// all wins by the variant's end rules (asked of the start position with
/// the side to move's pieces taken off), else 1. Material then counts
/// against its owner.
fn material_sign(variant: &Variant) -> i32 {
    // A variant fitted to another arrangement's FEN may no longer read its
    // own start record: then the board is empty for both sides.
    let mut bare = Position::empty(variant.geometry);
    if let Ok(start) = crate::notation::fen::position_from_record(variant, &variant.start_record) {
        let them = start.side.flip() as usize;
        bare.side = start.side;
        for sq in start.occupied[them].iter() {
            bare.set(variant, sq, start.board[sq.index()]);
        }
    }
    match variant.ended_by_rule(&bare) {
        Some((_, crate::compile::ir::EndOutcome::Win)) => -1,
        _ => 1,
    }
}

/// A term scaled by its weight, in percent.
fn pct(x: i32, weight: u32) -> i32 {
    (i64::from(x) * i64::from(weight) / 100) as i32
}

/// Closeness to the centre: 0 on the outermost ring, growing inwards.
fn closeness(g: Geometry, sq: Square) -> i32 {
    let centre_f = f64::from(g.files as i32 - 1) / 2.0;
    let centre_r = f64::from(g.ranks as i32 - 1) / 2.0;
    let df = (f64::from(g.file(sq)) - centre_f).abs();
    let dr = (f64::from(g.rank(sq)) - centre_r).abs();
    (centre_f.max(centre_r) - df.max(dr)).round() as i32
}

/// The mean empty-board mobility of `kind` for `side` over the `n` squares.
fn average(mobility: &[i32], n: usize, kind: usize, side: usize) -> f64 {
    let row = &mobility[(kind * 2 + side) * MAX_SQUARES..][..n];
    row.iter().map(|&m| f64::from(m)).sum::<f64>() / n.max(1) as f64
}

/// Each piece's value per (kind, side, square): its material, its
/// mobility there against its mean (not for a royal piece), its closeness
/// to the centre, and the approach to its promotion zone.
#[allow(clippy::needless_range_loop)] // kinds and sides index several tables
fn placement_table(variant: &Variant, mobility: &[i32], values: &[i32], best_promotion: &[i32]) -> Vec<i32> {
    let g = variant.geometry;
    let w = variant.evaluation;
    let n = g.squares();
    let kinds = variant.pieces.len();
    let mut table = vec![0i32; kinds * 2 * MAX_SQUARES];
    for kind in 0..kinds {
        for side in Color::BOTH {
            let row = kind * 2 + side as usize;
            let avg = average(mobility, n, kind, side as usize);
            let zone = variant
                .promotion
                .try_zone(Kind::from_index(kind), side)
                .copied()
                .unwrap_or_default();
            let gain = (best_promotion.get(kind).copied().unwrap_or(0) - values[kind]).max(0);
            let span = (g.ranks as i32 - 1).max(1);
            for sq in 0..n {
                let mut v = values[kind];
                if !variant.is_royal(Kind::from_index(kind)) {
                    let m = f64::from(mobility[row * MAX_SQUARES + sq]);
                    let placement = f64::from(PLACEMENT_WEIGHT) * f64::from(w.mobility) / 100.0;
                    v += (placement * (m - avg)).round() as i32;
                    v += pct(CENTRE_WEIGHT * closeness(g, Square::from_index(sq)), w.centre);
                }
                if !zone.is_empty() && gain > 0 {
                    let rank = g.rank(Square::from_index(sq));
                    let distance = zone.iter().map(|z| (g.rank(z) - rank).abs()).min().unwrap_or(span);
                    let progress = (span - distance).max(0);
                    v += pct(
                        gain * progress * progress * progress / (6 * span * span * span),
                        w.advancement,
                    );
                }
                table[row * MAX_SQUARES + sq] = v;
            }
        }
    }
    table
}

/// Mobility per (kind, side, square) on the empty board.
fn mobility_table(variant: &Variant) -> Vec<i32> {
    let n = variant.geometry.squares();
    let kinds = variant.pieces.len();
    let mut buffer = Vec::with_capacity(256);
    let mut mobility = vec![0i32; kinds * 2 * MAX_SQUARES];
    for kind in 0..kinds {
        for side in Color::BOTH {
            for sq in 0..n {
                mobility[(kind * 2 + side as usize) * MAX_SQUARES + sq] = empty_board_mobility(
                    variant,
                    Kind::from_index(kind),
                    side,
                    Square::from_index(sq),
                    &mut buffer,
                ) as i32;
            }
        }
    }
    mobility
}

/// Each square's eight neighbours.
fn neighbours(variant: &Variant) -> Vec<SquareSet> {
    let g = variant.geometry;
    let n = g.squares();
    (0..MAX_SQUARES)
        .map(|sq| {
            let mut set = SquareSet::EMPTY;
            if sq < n {
                for (df, dr) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
                    if let Some(t) = g.offset(Square::from_index(sq), df, dr) {
                        set.insert(t);
                    }
                }
            }
            set
        })
        .collect()
}

/// The start position's material (at least 1); a variant fitted to
/// another arrangement's FEN may no longer read its own start record:
/// then the letters of its start FEN are counted.
fn start_material(variant: &Variant, values: &[i32]) -> i32 {
    match crate::notation::fen::position_from_record(variant, &variant.start_record) {
        Ok(start) => (0..2)
            .flat_map(|side| {
                start.occupied[side]
                    .iter()
                    .map(|sq| start.board[sq.index()])
                    .collect::<Vec<_>>()
            })
            .map(|cell| values[cell.kind().index()])
            .sum::<i32>(),
        Err(_) => variant
            .start_fen
            .split_whitespace()
            .next()
            .unwrap_or("")
            .chars()
            .filter_map(|c| variant.kind_of_letter(c))
            .map(|k| values[k.index()])
            .sum(),
    }
    .abs()
    .max(1)
}

impl Evaluation {
    /// Computes the tables for `variant`.
    #[allow(clippy::needless_range_loop)] // kinds and sides index several tables
    pub fn new(variant: &Variant) -> Evaluation {
        let g = variant.geometry;
        let w = variant.evaluation;
        let n = g.squares();
        let kinds = variant.pieces.len();
        let mobility = mobility_table(variant);
        let average = |kind: usize, side: usize| average(&mobility, n, kind, side);
        let sign = material_sign(variant);
        let values: Vec<i32> = (0..kinds)
            .map(|k| {
                let info = &variant.pieces()[k];
                // The evaluation section's value, else the piece's own.
                let value = match variant.evaluation_values.get(k) {
                    Some(&v) if v != 0 => v,
                    _ => info.value,
                };
                if variant.is_royal(Kind::from_index(k)) {
                    0
                } else if value != 0 {
                    sign * pct(value, w.material)
                } else {
                    sign * pct((40.0 + 35.0 * average(k, 0)).round() as i32, w.material)
                }
            })
            .collect();
        // Per kind, the value of the best piece it may promote to.
        // (Either side's: where they differ, the better.)
        let best_promotion: Vec<i32> = (0..variant.pieces.len())
            .map(|kind| {
                Color::BOTH
                    .iter()
                    .flat_map(|&side| variant.promotion.choices(Kind::from_index(kind), side))
                    .map(|&k| values.get(k.index()).copied().unwrap_or(0))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let closeness = |sq: Square| closeness(g, sq);
        let mut table = placement_table(variant, &mobility, &values, &best_promotion);
        let views = super::square_tables::views(variant);
        super::square_tables::add(variant, &views, &mut table);
        // Royal placement: the closeness to the centre and the relative rank.
        let royal_crowded = Color::BOTH.map(|side| {
            (0..MAX_SQUARES)
                .map(|sq| {
                    let sq = Square::from_index(sq);
                    if sq.index() >= n {
                        return 0;
                    }
                    pct(
                        -10 * g.relative_rank(side, g.rank(sq)).min(4) - 5 * closeness(sq),
                        w.royal_safety,
                    )
                })
                .collect::<Vec<i32>>()
        });
        let royal_sparse = Color::BOTH.map(|_| {
            (0..MAX_SQUARES)
                .map(|sq| {
                    if sq < n {
                        pct(10 * closeness(Square::from_index(sq)), w.royal_safety)
                    } else {
                        0
                    }
                })
                .collect::<Vec<i32>>()
        });
        let start_material = start_material(variant, &values);
        let hand_values = variant.hands.kinds().iter().map(|&k| values[k.index()]).collect();
        let conversion = Conversion::new(variant, w, &closeness, sign > 0);
        let gain: Vec<i32> = (0..kinds).map(|k| (best_promotion[k] - values[k]).max(0)).collect();
        Evaluation {
            terms: super::eval_terms::Terms::new(variant, &gain, sign > 0),
            views,
            conversion,
            hand_values,
            values,
            table,
            royal_crowded,
            royal_sparse,
            neighbours: neighbours(variant),
            shield_bonus: pct(SHIELD_BONUS, w.royal_safety),
            tempo: pct(TEMPO, w.tempo),
            start_material,
            has_royals: !variant.pieces.royal().is_empty(),
        }
    }

    /// The material value of `kind`, in centipawns.
    #[inline]
    pub fn value(&self, kind: Kind) -> i32 {
        self.values.get(kind.index()).copied().unwrap_or(0)
    }

    /// The square of White's square tables (the `evaluation` section's
    /// `squares`) that a piece of `side` on `sq` reads.
    #[inline]
    pub fn white_view(&self, side: Color, sq: Square) -> usize {
        self.views[side as usize]
            .get(sq.index())
            .map_or(sq.index(), |&v| usize::from(v))
    }

    /// The position's score for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(pos, &self.sums(pos))
    }

    /// The position's score for the side to move, from its material and
    /// placement sums (computed in full, [`Evaluation::sums`], or kept from
    /// its parent's, [`Evaluation::child_sums`]).
    #[allow(clippy::needless_range_loop)] // a side indexes several arrays
    pub fn evaluate_with(&self, pos: &Position, sums: &Sums) -> i32 {
        let mut score = sums.score;
        let sides = sums.material;
        let material = sides[0] + sides[1];
        // Phase in 1/64: 64 with all the start's material, 0 with none.
        let phase = (material.abs() * 64 / self.start_material).clamp(0, 64);
        let terms = self.terms.score(pos, phase);
        score[0] += terms[0];
        score[1] += terms[1];
        if self.has_royals {
            let progress = self.conversion.score(pos, sides);
            score[0] += progress[0];
            score[1] += progress[1];
            for side in 0..2 {
                for sq in pos.royals[side].iter() {
                    let s = sq.index();
                    let shield = self.neighbours[s].0.iter().zip(pos.occupied[side].0.iter());
                    let shield = shield.map(|(a, b)| (a & b).count_ones() as i32).sum::<i32>();
                    score[side] += (phase * (self.royal_crowded[side][s] + self.shield_bonus * shield)
                        + (64 - phase) * self.royal_sparse[side][s])
                        / 64;
                }
            }
        }
        let us = pos.side as usize;
        score[us] - score[1 - us] + self.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced_and_material_counts() {
        let chess = Variant::load("chess").unwrap();
        let e = Evaluation::new(&chess);
        let start = chess.start_position();
        assert_eq!(e.evaluate(&start), TEMPO, "a symmetric start is level, plus the tempo");
        let up_a_queen =
            crate::notation::fen::parse(&chess, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert!(e.evaluate(&up_a_queen) > 800);
    }

    #[test]
    fn a_piece_without_value_gets_one_from_its_mobility() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.ron")).unwrap();
        let text = text.replace("value: 300", "value: 0");
        let chess = Variant::from_text("chess-no-minor-values", &text).unwrap();
        let e = Evaluation::new(&chess);
        let knight = chess.kind_of_letter('N').unwrap();
        let bishop = chess.kind_of_letter('B').unwrap();
        // Knight: 336 destinations over 64 squares (5.25); bishop: 560 (8.75).
        assert_eq!(e.value(knight), (40.0f64 + 35.0 * 5.25).round() as i32);
        assert_eq!(e.value(bishop), (40.0f64 + 35.0 * 8.75).round() as i32);
        // A knight in the centre is worth more than in the corner.
        let w = 0;
        let row = knight.index() * 2 + w;
        let d4 = chess.geometry.parse_square("d4").unwrap().index();
        assert!(e.table[row * MAX_SQUARES + d4] > e.table[row * MAX_SQUARES]);
    }

    #[test]
    fn material_counts_against_its_owner_where_losing_every_piece_wins() {
        let chess = Variant::load("chess").unwrap();
        // A side left with no piece, or with no move, wins.
        let text = r#"(extends: "chess", name: "burden", legal: [], end: ["count(own) == 0: win", "stalemate: win"])"#;
        let anti = Variant::from_text("burden.ron", text).unwrap();
        let (e_chess, e_anti) = (Evaluation::new(&chess), Evaluation::new(&anti));
        let pawn = |v: &Variant| v.kind_of_letter('P').unwrap();
        assert!(e_chess.value(pawn(&chess)) > 0);
        assert!(e_anti.value(pawn(&anti)) < 0);
        // Up a queen is good in chess and bad where pieces are a burden.
        let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        assert!(e_chess.evaluate(&crate::notation::fen::parse(&chess, fen).unwrap()) > 500);
        assert!(e_anti.evaluate(&crate::notation::fen::parse(&anti, fen).unwrap()) < -500);
    }

    #[test]
    fn the_sections_values_replace_the_pieces_for_the_evaluation_only() {
        let text = r#"(extends: "chess", name: "tuned", evaluation: (values: {'N': 333, 'Q': 1}))"#;
        let v = Variant::from_text("tuned.ron", text).unwrap();
        let (e, plain) = (Evaluation::new(&v), Evaluation::new(&Variant::load("chess").unwrap()));
        let kind = |c| v.kind_of_letter(c).unwrap();
        assert_eq!((e.value(kind('N')), e.value(kind('Q'))), (333, 1));
        assert_eq!(e.value(kind('R')), plain.value(kind('R')));
        // The rules' value (read by `material(...)` sentences) stays the piece's.
        assert_eq!(v.pieces.info(kind('N')).value, 300);
    }

    #[test]
    fn the_files_weights_change_the_evaluation() {
        let weighted = |section: &str| {
            let text = format!("(extends: \"chess\", evaluation: {section})");
            let v = Variant::from_text("chess-weighted", &text).unwrap();
            let e = Evaluation::new(&v);
            (v, e)
        };
        let chess = Variant::load("chess").unwrap();
        let plain = Evaluation::new(&chess);
        let fen = "rnb1kbnr/pppppppp/8/8/3N4/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
        let pos = crate::notation::fen::parse(&chess, fen).unwrap();
        // Doubled material: the queen up counts twice as much.
        let (v, e) = weighted("(material: 200)");
        let knight = v.kind_of_letter('N').unwrap();
        assert_eq!(e.value(knight), 2 * plain.value(knight));
        let material = |e: &Evaluation, v: &Variant| e.evaluate(&crate::notation::fen::parse(v, fen).unwrap());
        assert!(
            material(&e, &v) > plain.evaluate(&pos) + 800,
            "{} {}",
            material(&e, &v),
            plain.evaluate(&pos)
        );
        // No tempo: the start is exactly level.
        let (v, e) = weighted("(tempo: 0)");
        assert_eq!(e.evaluate(&v.start_position()), 0);
        // No mobility and no centre: a knight is worth the same everywhere.
        let (v, e) = weighted("(mobility: 0, centre: 0)");
        let row = v.kind_of_letter('N').unwrap().index() * 2;
        let d4 = v.geometry.parse_square("d4").unwrap().index();
        assert_eq!(e.table[row * MAX_SQUARES + d4], e.table[row * MAX_SQUARES]);
        assert_ne!(plain.table[row * MAX_SQUARES + d4], plain.table[row * MAX_SQUARES]);
        // Royal safety off: the king's square does not count.
        let (v, e) = weighted(
            "(royal_safety: 0, tempo: 0, shelter: 0, attacks: 0, passed: 0, structure: 0, pair: 0, open_files: 0)",
        );
        let moved =
            crate::notation::fen::parse(&v, "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w kq - 0 1").unwrap();
        assert_eq!(e.evaluate(&moved), 0);
        assert_ne!(
            plain.evaluate(
                &crate::notation::fen::parse(&chess, "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w kq - 0 1")
                    .unwrap()
            ),
            TEMPO
        );
    }
}
