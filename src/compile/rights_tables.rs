//! Rights of the position's pieces compiled (`right_moves`,
//! `takes_rights`): the move tables of the moves held by a right, and the
//! lines along which a piece takes rights away.

use super::tables::{self, MoveTables, PieceMoves};
use crate::base::geometry::Geometry;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::check::CheckedVariant;
use crate::lang::betza::Template;

/// What the variant does with rights (beyond gating).
#[derive(Clone, Debug, Default)]
pub struct CompiledRights {
    /// The moves held by a right, one kind each (kinds without them have
    /// none); `None` when no kind has any.
    pub moves: Option<MoveTables>,
    /// The kinds with moves held by a right.
    pub kinds: KindSet,
    /// The kinds whose moves held by a right are barred in check.
    pub not_in_check: KindSet,
    /// Per kind, the enemy kinds whose rights it takes and, per side and
    /// square it lands on (`side * squares + square`), the squares along
    /// which it takes them; empty for a kind that takes none.
    pub takes: Vec<(KindSet, Vec<SquareSet>)>,
    /// Whether some kind takes rights.
    pub any_takes: bool,
}

/// Compiles the pieces' rights.
pub fn compile(v: &CheckedVariant) -> CompiledRights {
    let g = v.geometry;
    let empty = Template::default();
    let kinds = v
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.rights.moves.is_some())
        .map(|(k, _)| Kind::from_index(k))
        .collect::<KindSet>();
    let moves = (!kinds.is_empty()).then(|| {
        let pieces: Vec<PieceMoves<'_>> = v
            .pieces
            .iter()
            .map(|p| PieceMoves {
                template: p.rights.moves.as_ref().unwrap_or(&empty),
                initial_ranks: &[],
                en_passant_ranks: &[],
                regions: None,
            })
            .collect();
        tables::build_from(g, &pieces, false)
    });
    let not_in_check = v
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.rights.not_in_check)
        .map(|(k, _)| Kind::from_index(k))
        .collect::<KindSet>();
    let takes: Vec<(KindSet, Vec<SquareSet>)> = v
        .pieces
        .iter()
        .map(|p| match &p.rights.takes_along {
            Some(t) if !p.rights.takes_of.is_empty() => (p.rights.takes_of, lines(g, t)),
            _ => (KindSet::EMPTY, Vec::new()),
        })
        .collect();
    CompiledRights {
        moves,
        kinds,
        not_in_check,
        any_takes: takes.iter().any(|(of, _)| !of.is_empty()),
        takes,
    }
}

/// The squares `template` reaches from each square on an empty board, per
/// side (`side * squares + square`).
fn lines(g: Geometry, template: &Template) -> Vec<SquareSet> {
    let piece = PieceMoves {
        template,
        initial_ranks: &[],
        en_passant_ranks: &[],
        regions: None,
    };
    let t = tables::build_from(g, std::slice::from_ref(&piece), false);
    let n = g.squares();
    let mut out = vec![SquareSet::EMPTY; 2 * n];
    for side in [Color::White, Color::Black] {
        for from in Square::all(n) {
            out[side as usize * n + from.index()] = t.reach(t.slot(Kind::from_index(0), side, from));
        }
    }
    out
}
