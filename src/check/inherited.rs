//! Problems found in fields a file inherits from a bundled variant: the
//! user cannot edit `<bundled>/chess.ron`, so such a problem is reported in
//! the user's file (at the `board` it changed, or at `extends`) and names
//! the inherited field to override.

use super::Diagnostic;
use crate::spec::{Location, Sources, Spanned, VariantFile};

/// Whether a file is one of the bundled variants.
fn bundled(sources: &Sources, source: usize) -> bool {
    sources
        .files
        .get(source)
        .is_some_and(|f| f.name.starts_with("<bundled>/"))
}

fn contains(field: &Option<Location>, at: &Location) -> bool {
    field
        .as_ref()
        .is_some_and(|f| f.source == at.source && f.span.start <= at.span.start && at.span.start <= f.span.end)
}

fn any(items: impl IntoIterator<Item = Option<Location>>, at: &Location) -> bool {
    items.into_iter().any(|l| contains(&l, at))
}

fn strings(list: &Option<Vec<Spanned<String>>>) -> Vec<Option<Location>> {
    list.iter().flatten().map(|s| s.location.clone()).collect()
}

/// The top-level field of `file` whose value holds `at`.
fn field_at(file: &VariantFile, at: &Location) -> Option<&'static str> {
    for p in file.promotion.iter().flatten() {
        if any(
            [
                p.pieces.location.clone(),
                p.ranks.location.clone(),
                p.squares.as_ref().and_then(|s| s.location.clone()),
                p.choices.location.clone(),
            ],
            at,
        ) {
            return Some("promotion");
        }
    }
    for c in file.castling.iter().flatten() {
        let places = [
            c.fen.location.clone(),
            c.king.as_ref().and_then(|s| s.location.clone()),
            c.king_to.location.clone(),
            c.rook.as_ref().and_then(|s| s.location.clone()),
            c.rook_to.location.clone(),
            c.king_piece.as_ref().and_then(|s| s.location.clone()),
            c.rook_piece.as_ref().and_then(|s| s.location.clone()),
            c.carry.as_ref().and_then(|s| s.piece.location.clone()),
        ];
        if any(places, at) {
            return Some("castling");
        }
    }
    if contains(&file.start.as_ref().and_then(|s| s.location.clone()), at) {
        return Some("start");
    }
    if let Some(s) = &file.setup {
        let places = [s.template.location.clone(), s.pieces.location.clone()];
        if any(places.into_iter().chain(s.rules.iter().map(|r| r.location.clone())), at) {
            return Some("setup");
        }
    }
    for p in file.pieces.iter().flatten() {
        let places = [
            p.letter.location.clone(),
            p.name.location.clone(),
            p.moves.location.clone(),
        ];
        if any(places, at) {
            return Some("pieces");
        }
    }
    for (name, list) in [("rules", &file.rules), ("legal", &file.legal)] {
        if any(strings(list), at) {
            return Some(name);
        }
    }
    let ends = file.end.iter().flatten();
    if any(
        ends.flat_map(|e| {
            [
                e.rule.location.clone(),
                e.name.as_ref().and_then(|n| n.location.clone()),
            ]
        }),
        at,
    ) {
        return Some("end");
    }
    None
}

/// Moves every diagnostic located in a bundled parent file into the
/// user's file (source 0), naming the inherited field to override.
pub fn relocate(found: &mut [Diagnostic], file: &VariantFile, sources: &Sources) {
    let board_changed = file
        .board
        .as_ref()
        .and_then(|b| b.files.location.clone())
        .filter(|l| l.source == 0);
    let extends = file
        .extends
        .as_ref()
        .and_then(|e| e.location.clone())
        .filter(|l| l.source == 0);
    for d in found.iter_mut() {
        let Some(at) = d.location.clone() else { continue };
        if at.source == 0 || !bundled(sources, at.source) {
            continue;
        }
        let parent = &sources.files[at.source].name;
        let field = field_at(file, &at);
        let why = if board_changed.is_some() {
            " to fit the new board"
        } else {
            ""
        };
        let advice = match field {
            Some(f) => {
                format!("`{f}` is inherited from {parent}, which cannot be edited: give this file its own `{f}`{why}")
            }
            None => format!(
                "the problem is in {parent}, which cannot be edited: override the field it concerns in this file{why}"
            ),
        };
        d.help = Some(match d.help.take() {
            Some(h) => format!("{advice}; {h}"),
            None => advice,
        });
        d.message = match field {
            Some(f) => format!("inherited `{f}`: {}", d.message),
            None => d.message.clone(),
        };
        d.location = board_changed.clone().or_else(|| extends.clone()).or(Some(at));
    }
}
