//! `kaboom show`: the board and everything a player needs to know about
//! the variant: the heading, the board and its FEN, then the library's
//! summary ([`Variant::summary`]): pieces, promotion, castling, rules,
//! legality and how the game ends.

use super::output::Output;
use super::{Failure, load_position};
use crate::Variant;
use crate::notation::{board, fen};
use crate::spec::VariantFile;
use std::fmt::Write;
use std::io::Write as _;
use std::process::ExitCode;

/// Shows `variant`, loaded from `file` (as read, its parents merged: the
/// file is not read again).
pub fn run(
    o: &mut Output,
    variant: &Variant,
    file: &VariantFile,
    start: super::FenArg<'_>,
    svg: Option<&str>,
) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, start)?;
    if let Some(path) = svg {
        super::write_picture(path, &crate::picture::board(variant, &pos))?;
    }
    let mut out = String::new();
    let g = variant.geometry();
    let joined = match (g.wrap.files(), g.wrap.ranks()) {
        (false, false) => "",
        (true, false) => ", the first and last files adjacent",
        (false, true) => ", the first and last ranks adjacent",
        (true, true) => ", opposite edges adjacent",
    };
    let _ = writeln!(out, "{} ({}x{}{joined})", variant.name(), g.files, g.ranks);
    if !variant.description().is_empty() {
        let _ = writeln!(out, "{}", variant.description());
    }
    if let Some(parent) = &file.extends {
        let _ = writeln!(out, "extends: {}", parent.value);
    }
    out.push('\n');
    out.push_str(&board::diagram(variant, &pos));
    let _ = writeln!(out, "fen: {}", fen::write(variant, &pos));
    out.push_str(&variant.summary());
    write!(o.out, "{out}")?;
    Ok(ExitCode::SUCCESS)
}
