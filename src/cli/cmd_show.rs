//! `kaboom show`: the board and a summary of the variant's pieces.

use super::output::Output;
use super::{Failure, load_position};
use kaboom::Variant;
use kaboom::notation::{board, fen};
use std::io::Write as _;
use std::process::ExitCode;

pub fn run(o: &mut Output, variant: &Variant, start: Option<&str>) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, start)?;
    writeln!(
        o.out,
        "{} ({}x{})",
        variant.name, variant.geometry.files, variant.geometry.ranks
    )?;
    if !variant.description.is_empty() {
        writeln!(o.out, "{}", variant.description)?;
    }
    writeln!(o.out)?;
    write!(o.out, "{}", board::diagram(variant, &pos))?;
    writeln!(o.out, "fen: {}", fen::write(variant, &pos))?;
    writeln!(o.out)?;
    writeln!(
        o.out,
        "{:<6} {:<14} {:<16} {:>6}  notes",
        "letter", "name", "moves", "value"
    )?;
    for p in &variant.pieces {
        let mut notes = Vec::new();
        if p.royal {
            notes.push("royal");
        }
        if p.pawn {
            notes.push("pawn");
        }
        writeln!(
            o.out,
            "{:<6} {:<14} {:<16} {:>6}  {}",
            p.letter,
            p.name,
            p.template,
            p.value,
            notes.join(", ")
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
