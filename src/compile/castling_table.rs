//! The castling part of a compiled variant: each castling move of each
//! side, the rights a move keeps, and how FEN and UCI write them.

use crate::base::castling_id::CastlingId;
use crate::base::geometry::Geometry;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::check::{CheckedCastling, CheckedVariant, ResolvedCastling};
use crate::spec::CastlingSide;

/// One castling move of one side, compiled.
#[derive(Clone, Debug)]
pub struct CastlingRule {
    /// The side that castles.
    pub side: Color,
    /// FEN rights letter in this side's case.
    pub letter: char,
    /// Bit of [`Position`](crate::Position)'s castling rights.
    pub right: u16,
    /// King's square before.
    pub king_from: Square,
    /// King's square after.
    pub king_to: Square,
    /// Rook's square before.
    pub rook_from: Square,
    /// Rook's square after.
    pub rook_to: Square,
    /// Kind of the king.
    pub king_kind: Kind,
    /// Kind of the rook.
    pub rook_kind: Kind,
    /// Squares that must be empty (other than the king and rook themselves).
    pub must_be_empty: SquareSet,
    /// Squares the king stands on or crosses, which may not be attacked.
    pub must_be_safe: Vec<Square>,
    /// Pieces brought along: (from, to); each must not have moved.
    pub carry: Vec<(Square, Square)>,
    /// Their kind.
    pub carry_kind: Option<Kind>,
    /// When the rule gives no rook square: the side of the king where the
    /// outermost rook castles (FEN names another rook by its file).
    pub rook_search: Option<CastlingSide>,
    /// The other side's rights this castling takes away (`takes`).
    pub takes: u16,
    /// The right is also gained by a drop that completes the king and the
    /// rook on their squares (`by_drop`).
    pub by_drop: bool,
}

/// The compiled castling rules of a variant.
#[derive(Clone, Debug, Default)]
pub(crate) struct CastlingTable {
    /// One entry per rule, side and set of pieces brought along.
    rules: Vec<CastlingRule>,
    /// Castling rights kept when a move touches each square.
    keep: Vec<u16>,
    /// Whether some castling right is gained by a drop (`by_drop`).
    by_drop: bool,
    /// The castling rules as written, to find their pieces in a FEN.
    written: Vec<CheckedCastling>,
    /// Whether castling is written as the king taking its rook (UCI) and
    /// rights as rook files (FEN): `castling_notation: KingTakesRook`.
    takes_rook: bool,
}

impl CastlingTable {
    /// Compiles the castling rules of a checked variant, found in its
    /// start position.
    pub(crate) fn compile(v: &CheckedVariant) -> CastlingTable {
        let (rules, keep) = compile_rules(v.geometry, &v.castling);
        CastlingTable {
            rules,
            keep,
            by_drop: v.castling.iter().any(|r| r.by_drop),
            written: v.castling_rules.clone(),
            takes_rook: v.castling_notation == crate::spec::CastlingNotation::KingTakesRook,
        }
    }

    /// Recompiles the rules found in another position (a random setup's).
    pub(crate) fn refit(&mut self, g: Geometry, resolved: &[ResolvedCastling]) {
        (self.rules, self.keep) = compile_rules(g, resolved);
    }

    /// The castling moves, both sides.
    #[inline]
    pub(crate) fn rules(&self) -> &[CastlingRule] {
        &self.rules
    }

    /// The castling move `id` (its index in [`rules`](Self::rules)).
    #[inline]
    pub(crate) fn rule(&self, id: CastlingId) -> &CastlingRule {
        &self.rules[id.index()]
    }

    /// The castling moves with their ids.
    #[inline]
    pub(crate) fn with_ids(&self) -> impl Iterator<Item = (CastlingId, &CastlingRule)> {
        self.rules
            .iter()
            .enumerate()
            .map(|(i, r)| (CastlingId::from_index(i), r))
    }

    /// The castling rights a move that touches `sq` keeps.
    #[inline(always)]
    pub(crate) fn keep(&self, sq: Square) -> u16 {
        self.keep[sq.index()]
    }

    /// Whether some castling right is gained by a drop (`by_drop`).
    #[inline]
    pub(crate) fn any_by_drop(&self) -> bool {
        self.by_drop
    }

    /// Whether castling is written as the king taking its rook (UCI) and
    /// rights as rook files (FEN).
    #[inline]
    pub(crate) fn takes_rook(&self) -> bool {
        self.takes_rook
    }

    /// The castling rules as written.
    pub(crate) fn written(&self) -> &[CheckedCastling] {
        &self.written
    }

    /// Whether some rule finds its king or rook in the position (no
    /// square written for it), as in a random setup.
    pub(crate) fn is_found(&self) -> bool {
        self.written.iter().any(CheckedCastling::is_found)
    }

    /// Whether `letter` (either case) is the rights letter of a written
    /// rule.
    pub(crate) fn has_letter(&self, letter: char) -> bool {
        self.written.iter().any(|r| r.fen == letter.to_ascii_uppercase())
    }
}

/// Compiles the castling rules found in a position: one entry per rule,
/// side and set of pieces brought along; and, per square, the rights kept
/// when a move touches it.
fn compile_rules(g: Geometry, resolved: &[ResolvedCastling]) -> (Vec<CastlingRule>, Vec<u16>) {
    let mut castling = Vec::new();
    let mut castling_keep = vec![u16::MAX; g.squares()];
    for rule in resolved {
        let side = rule.side;
        let (king_from, king_to, rook_from, rook_to) = (rule.king_from, rule.king_to, rule.rook_from, rule.rook_to);
        let right = 1u16 << (rule.rule * 2 + side as usize);
        let takes = rule
            .takes
            .iter()
            .filter_map(|&letter| resolved.iter().find(|r| r.fen == letter))
            .fold(0u16, |mask, r| mask | 1u16 << (r.rule * 2 + side.flip() as usize));
        castling_keep[king_from.index()] &= !right;
        castling_keep[rook_from.index()] &= !right;
        // One entry per set of pieces brought along (none, each, both...).
        for subset in 0..1u32 << rule.carry.len() {
            let carry: Vec<(Square, Square)> = rule
                .carry
                .iter()
                .enumerate()
                .filter(|(k, _)| subset >> k & 1 != 0)
                .map(|(_, &pair)| pair)
                .collect();
            let mut must_be_empty: SquareSet = span(&g, king_from, king_to)
                .into_iter()
                .chain(span(&g, rook_from, rook_to))
                .chain(span(&g, king_from, rook_from))
                .chain(carry.iter().flat_map(|&(from, to)| span(&g, from, to)))
                .collect();
            for sq in [king_from, rook_from]
                .into_iter()
                .chain(carry.iter().map(|&(from, _)| from))
            {
                must_be_empty.remove(sq);
            }
            castling.push(CastlingRule {
                side,
                letter: if side == Color::White {
                    rule.fen
                } else {
                    rule.fen.to_ascii_lowercase()
                },
                right,
                king_from,
                king_to,
                rook_from,
                rook_to,
                king_kind: rule.king_kind,
                rook_kind: rule.rook_kind,
                must_be_empty,
                must_be_safe: span(&g, king_from, king_to),
                carry,
                carry_kind: rule.carry_kind,
                rook_search: rule.rook_search,
                takes,
                by_drop: rule.by_drop,
            });
        }
    }
    (castling, castling_keep)
}

/// The squares from `a` to `b` inclusive when they share a rank, file or
/// diagonal; otherwise just the two squares.
fn span(g: &Geometry, a: Square, b: Square) -> Vec<Square> {
    let (dx, dy) = (g.file(b) - g.file(a), g.rank(b) - g.rank(a));
    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return vec![a, b];
    }
    let steps = dx.abs().max(dy.abs());
    (0..=steps)
        .filter_map(|k| g.offset(a, dx.signum() * k, dy.signum() * k))
        .collect()
}
