//! Pieces' rights (`right_moves`, `takes_rights`): the moves a piece has
//! only while it holds a right of the position, and the rights it takes
//! from enemy pieces. Templates parsed, letters resolved into kind masks.

use super::checker::Checker;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::lang::betza::{self, Template};
use crate::spec::{Spanned, VariantFile};

/// What one piece does with rights.
#[derive(Clone, Debug, Default)]
pub struct PieceRights {
    /// Quiet moves it has only while it holds a right (`right_moves`).
    pub moves: Option<Template>,
    /// Its `moves` are barred while its side is in check.
    pub not_in_check: bool,
    /// The enemy kinds whose rights it takes (`takes_rights.of`).
    pub takes_of: KindSet,
    /// The lines along which it takes them, on an empty board.
    pub takes_along: Option<Template>,
}

/// Checks every piece's `right_moves`, `right_moves_not_in_check` and
/// `takes_rights`, in the order of `pieces`: templates that parse,
/// `right_moves` quiet only (they attack nothing), letters of pieces.
pub(super) fn check_piece_rights(
    c: &mut Checker<'_>,
    file: &VariantFile,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Option<Vec<PieceRights>> {
    let mut ok = true;
    let mut out = Vec::new();
    for spec in file.pieces.iter().flatten() {
        let mut rights = PieceRights {
            not_in_check: spec.right_moves_not_in_check,
            ..Default::default()
        };
        if let Some(field) = &spec.right_moves {
            rights.moves = template(c, field, "right_moves");
            ok &= rights.moves.is_some();
            if let Some(t) = &rights.moves
                && let Some(k) = t.components.iter().find(|k| k.capture || k.en_passant)
            {
                c.error(
                    format!(
                        "`right_moves`: `{}` may capture, but moves held by a right only move",
                        field.value
                    ),
                    c.inside(field, k.span.clone()),
                    "write `m` before each of its moves (`mfsN`)",
                );
                ok = false;
            }
        } else if spec.right_moves_not_in_check {
            c.error(
                "`right_moves_not_in_check` without `right_moves`: the piece has no moves held by a right",
                spec.name.location.clone(),
                "remove it, or give the piece `right_moves`",
            );
            ok = false;
        }
        if let Some(takes) = &spec.takes_rights {
            match super::piece_limits::mask(c, &takes.of, "takes_rights.of", letter_kind) {
                Some(mask) => rights.takes_of = mask,
                None => ok = false,
            }
            rights.takes_along = template(c, &takes.along, "takes_rights.along");
            ok &= rights.takes_along.is_some();
        }
        out.push(rights);
    }
    ok.then_some(out)
}

/// The template of `field`, its error reported where it is.
fn template(c: &mut Checker<'_>, field: &Spanned<String>, what: &str) -> Option<Template> {
    match betza::parse(&field.value) {
        Ok(t) => Some(t),
        Err(e) => {
            let at = c.inside(field, e.span.clone());
            c.error(
                format!("`{what}`: movement template `{}`: {}", field.value, e.message),
                at,
                e.help,
            );
            None
        }
    }
}
