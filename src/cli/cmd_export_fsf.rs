//! `kaboom export-fsf VARIANT`: the variant as a Fairy-Stockfish
//! `variants.ini` section on stdout, or the reasons it cannot be (exit 1).

use super::Failure;
use super::cmd_import::file_stem;
use super::output::Output;
use crate::interop::fsf_export::export;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

pub fn run(o: &mut Output, variant: &str, name: Option<&str>) -> Result<ExitCode, Failure> {
    let stem = Path::new(variant)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or(variant);
    let section = file_stem(name.unwrap_or(stem));
    match export(variant, &section) {
        Ok(ini) => {
            write!(o.out, "{ini}")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(reasons) => {
            let mut message = format!("{variant}: cannot be written for Fairy-Stockfish:");
            for r in reasons {
                message.push_str("\n  ");
                message.push_str(&r);
            }
            Err(Failure::input(message))
        }
    }
}
