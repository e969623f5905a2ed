//! `kaboom show`: the board and a summary of the variant's pieces.

use super::{Failure, load_position};
use kaboom::Variant;
use kaboom::notation::{board, fen};
use std::process::ExitCode;

pub fn run(variant: &Variant, start: super::FenArg<'_>) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, start)?;
    println!(
        "{} ({}x{})",
        variant.name, variant.geometry.files, variant.geometry.ranks
    );
    if !variant.description.is_empty() {
        println!("{}", variant.description);
    }
    println!();
    print!("{}", board::diagram(variant, &pos));
    println!("fen: {}", fen::write(variant, &pos));
    println!();
    println!("{:<6} {:<14} {:<16} {:>6}  notes", "letter", "name", "moves", "value");
    for p in &variant.pieces {
        let mut notes = Vec::new();
        if p.royal {
            notes.push("royal");
        }
        if p.pawn {
            notes.push("pawn");
        }
        println!(
            "{:<6} {:<14} {:<16} {:>6}  {}",
            p.letter,
            p.name,
            p.template,
            p.value,
            notes.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
