//! Writing an imported variant: the [`VariantFile`] the passes assembled,
//! in the one canonical form of variant files ([`write_variant`], the
//! writer of `kaboom fmt`), with a leading comment that says where the
//! variant came from.

use super::start_fen::StartFen;
use super::state::Origin;
use crate::spec::{Comments, Spanned, VariantFile, write_variant};

/// The start position's FEN as kaboom writes it: the castling rights
/// kept, empty hands written where there are drops.
pub(super) fn start_fen(f: &StartFen, kept_rights: &str, drops: bool) -> String {
    let rights = if kept_rights.is_empty() { "-" } else { kept_rights };
    // A variant with drops writes the hands, empty ones too.
    let board = if drops && !f.board.contains('[') {
        format!("{}[]", f.board)
    } else {
        f.board.clone()
    };
    let checks = f.checks.map(|(w, b)| format!(" {w}+{b}")).unwrap_or_default();
    format!("{board} {} {rights} {}{checks} {}", f.side, f.ep, f.clocks)
}

/// Where the section was written, in words.
pub(super) fn place(header: &Origin) -> String {
    if header.builtin {
        format!("Fairy-Stockfish's built-in variant `{}`", header.section)
    } else {
        format!(
            "section [{}] (line {}) of a Fairy-Stockfish variants.ini",
            header.section, header.line
        )
    }
}

/// The text of `file`, converted from the section `header` names: the
/// canonical form, after a comment that says where it came from.
pub(super) fn write(file: &VariantFile, header: &Origin) -> String {
    let comments = Comments {
        header: vec![format!("// Converted by `kaboom import` from {}.", place(header))],
        ..Comments::default()
    };
    write_variant(file, &comments)
}

/// Sentences as a list field: `None` when there are none.
pub(super) fn sentences(list: Vec<String>) -> Option<Vec<Spanned<String>>> {
    (!list.is_empty()).then(|| list.into_iter().map(Spanned::unplaced).collect())
}
