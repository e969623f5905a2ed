//! `kaboom validate`: loads and checks each file, printing every problem.
//! Exit 0 when all files are valid, 1 otherwise.

use super::{Failure, render};
use kaboom::Variant;
use std::process::ExitCode;

pub fn run(files: &[String]) -> Result<ExitCode, Failure> {
    let mut failed = 0;
    for file in files {
        match Variant::load(file) {
            Ok(variant) => {
                for w in &variant.warnings {
                    eprintln!("{}", render::diagnostic(w, &variant.sources).trim_end());
                }
                println!("{file}: ok ({})", variant.name);
            }
            Err(e) => {
                failed += 1;
                eprintln!("{}", render::load_error(&e).trim_end());
                let errors = e.diagnostics.iter().filter(|d| d.is_error()).count();
                println!("{file}: {errors} error{}", if errors == 1 { "" } else { "s" });
            }
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
