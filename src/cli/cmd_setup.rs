//! `kaboom setup`: a random setup's start position for a seed, or the
//! number of distinct start positions (with a progress bar on a terminal
//! when counting takes more than two seconds).

use super::Failure;
use super::output::Output;
use super::progress::Progress;
use crate::Variant;
use std::io::Write as _;
use std::process::ExitCode;

pub fn run(o: &mut Output, variant: &Variant, count: bool) -> Result<ExitCode, Failure> {
    if !variant.has_random_setup() {
        return Err(Failure::input(format!(
            "{} has a fixed start position, not a random setup: {}",
            variant.name(),
            variant.start_fen()
        )));
    }
    if count {
        // Counting walks every arrangement: a bar on a terminal when it is slow.
        let mut progress: Option<Progress> = None;
        let counted = variant.setup_count_with(&mut |found, bound| {
            progress
                .get_or_insert_with(|| Progress::new(bound, "arrangements found (of at most this many shuffles)"))
                .set(found);
        });
        drop(progress);
        match counted {
            Some(Ok(total)) => writeln!(o.out, "{total}")?,
            _ => {
                return Err(Failure::input(format!(
                    "{}: counting the setup's arrangements would build more than {} start positions",
                    variant.name(),
                    crate::load::arrangements::MAX_FULL_CHECKS
                )));
            }
        }
    } else {
        writeln!(o.out, "{}", variant.start_fen())?;
    }
    Ok(ExitCode::SUCCESS)
}
