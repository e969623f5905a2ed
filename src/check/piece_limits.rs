//! Pieces' limits on what they hop and capture (`cannot_hop`,
//! `cannot_capture`): strings of piece letters resolved into kind masks.

use super::checker::Checker;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::lang::betza::{self, Hop};
use crate::spec::{PieceSpec, Spanned, VariantFile};

/// What one piece may not hop over or capture, as kind sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceLimits {
    /// The kinds the piece may not hop over.
    pub cannot_hop: KindSet,
    /// The kinds the piece may never capture.
    pub cannot_capture: KindSet,
}

/// Checks every piece's `cannot_hop` and `cannot_capture`, in the order
/// of `pieces`: each letter a piece of the variant, given once, and
/// `cannot_hop` only on a piece that hops.
pub(super) fn check_piece_limits(
    c: &mut Checker<'_>,
    file: &VariantFile,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Option<Vec<PieceLimits>> {
    let mut ok = true;
    let mut out = Vec::new();
    for spec in file.pieces.iter().flatten() {
        let cannot_hop = spec.cannot_hop.as_ref().map(|f| mask(c, f, "cannot_hop", letter_kind));
        let cannot_capture = spec
            .cannot_capture
            .as_ref()
            .map(|f| mask(c, f, "cannot_capture", letter_kind));
        if let Some(field) = &spec.cannot_hop
            && !hops(spec)
        {
            c.error(
                format!(
                    "the {} ({}) has `cannot_hop` but does not hop: it has no `p` or `g` move",
                    spec.name.value, spec.letter.value
                ),
                field.location.clone(),
                "remove `cannot_hop`, or give the piece a hopping move (`pR`, `gQ`)",
            );
            ok = false;
        }
        let limits = PieceLimits {
            cannot_hop: cannot_hop.unwrap_or(Some(KindSet::EMPTY)).unwrap_or_else(|| {
                ok = false;
                KindSet::EMPTY
            }),
            cannot_capture: cannot_capture.unwrap_or(Some(KindSet::EMPTY)).unwrap_or_else(|| {
                ok = false;
                KindSet::EMPTY
            }),
        };
        out.push(limits);
    }
    ok.then_some(out)
}

/// Whether some move of the piece hops, on any square.
fn hops(spec: &PieceSpec) -> bool {
    let template_hops = |text: &str| betza::parse(text).is_ok_and(|t| t.components.iter().any(|k| k.hop != Hop::None));
    template_hops(&spec.moves.value)
        || spec
            .moves_in
            .iter()
            .chain(&spec.moves_along)
            .any(|e| template_hops(&e.moves.value))
}

/// The kinds a string of letters names, each letter reported where it is
/// wrong.
pub(super) fn mask(
    c: &mut Checker<'_>,
    field: &Spanned<String>,
    what: &str,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Option<KindSet> {
    let mut ok = true;
    let mut kinds = KindSet::EMPTY;
    for (i, ch) in field.value.char_indices() {
        let at = c.inside(field, i..i + ch.len_utf8());
        match letter_kind(ch) {
            Some(k) if kinds.contains(k) => {
                c.error(
                    format!("`{what}`: `{ch}` is given twice"),
                    at,
                    "list each piece letter once",
                );
                ok = false;
            }
            Some(k) if k.index() < 64 => kinds.insert(k),
            _ => {
                c.error(
                    format!("`{what}`: `{ch}` is not a piece letter"),
                    at,
                    "use upper-case letters of pieces listed under `pieces`",
                );
                ok = false;
            }
        }
    }
    if field.value.is_empty() {
        c.error(
            format!("`{what}` is empty"),
            field.location.clone(),
            "list at least one piece letter, or leave the field out",
        );
        ok = false;
    }
    ok.then_some(kinds)
}
