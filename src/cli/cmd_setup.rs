//! `kaboom setup`: a random setup's start position for a seed, or the
//! number of distinct start positions.

use super::Failure;
use super::output::Output;
use kaboom::Variant;
use std::io::Write as _;
use std::process::ExitCode;

pub fn run(o: &mut Output, variant: &Variant, count: bool) -> Result<ExitCode, Failure> {
    let Some(total) = variant.setup_count() else {
        return Err(Failure::input(format!(
            "{} has a fixed start position, not a random setup: {}",
            variant.name, variant.start_fen
        )));
    };
    if count {
        writeln!(o.out, "{total}")?;
    } else {
        writeln!(o.out, "{}", variant.start_fen)?;
    }
    Ok(ExitCode::SUCCESS)
}
