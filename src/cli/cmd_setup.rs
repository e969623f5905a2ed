//! `kaboom setup`: a random setup's start position for a seed, or the
//! number of distinct start positions (with a progress bar on a terminal
//! when counting takes more than two seconds).

use super::Failure;
use super::output::Output;
use super::progress::Progress;
use kaboom::Variant;
use std::io::Write as _;
use std::process::ExitCode;

pub fn run(o: &mut Output, variant: &Variant, count: bool) -> Result<ExitCode, Failure> {
    let total = if count {
        // Counting lists every shuffle: a bar on a terminal when it is slow.
        let mut progress: Option<Progress> = None;
        variant.setup_count_with(&mut |tried, all| {
            progress.get_or_insert_with(|| Progress::new(all, "shuffles tried")).set(tried);
        })
    } else {
        variant.has_setup().then_some(0)
    };
    let Some(total) = total else {
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
