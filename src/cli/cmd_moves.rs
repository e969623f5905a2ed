//! `kaboom moves`: every legal move, one per line, nothing else on stdout.

use super::output::Output;
use super::{Failure, load_position};
use crate::Variant;
use crate::notation::uci;
use std::io::Write as _;
use std::process::ExitCode;

pub fn run(o: &mut Output, variant: &Variant, fen: super::FenArg<'_>) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, fen)?;
    let mut out = String::new();
    for mv in variant.legal_moves(&pos) {
        out.push_str(&uci::write(variant, &mv));
        out.push('\n');
    }
    write!(o.out, "{out}")?;
    Ok(ExitCode::SUCCESS)
}
