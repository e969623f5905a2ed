//! `kaboom validate`: loads and checks each file (folders: every `.ron` in
//! them; bundled names too), printing every problem. Exit 0 when all are
//! valid, 1 when some are not, 2 when a file cannot be read.

use super::output::Output;
use super::{Failure, render};
use kaboom::Variant;
use kaboom::check::{Diagnostic, Severity};
use kaboom::spec::Sources;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// How `validate` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Rendered diagnostics with source lines and carets.
    Text,
    /// One JSON document for editors and CI.
    Json,
}

pub fn run(o: &mut Output, names: &[String], format: Format) -> Result<ExitCode, Failure> {
    let mut targets = Vec::new();
    for name in names {
        if Path::new(name).is_dir() {
            targets.extend(
                super::cmd_test::expand(std::slice::from_ref(name))?
                    .into_iter()
                    .map(|p| p.display().to_string()),
            );
        } else {
            targets.push(name.clone());
        }
    }
    let (mut invalid, mut unreadable) = (false, false);
    let mut json = Vec::new();
    for target in &targets {
        let (name, diagnostics, sources) = match Variant::load(target) {
            Ok(variant) => (
                Some(variant.name.clone()),
                variant.warnings.clone(),
                variant.sources.clone(),
            ),
            Err(e) => (None, e.diagnostics, e.sources),
        };
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        invalid |= errors > 0;
        unreadable |= diagnostics.iter().any(|d| d.io);
        match format {
            Format::Text => {
                for d in &diagnostics {
                    writeln!(o.err, "{}", render::diagnostic(d, &sources).trim_end())?;
                }
                match &name {
                    Some(name) => writeln!(o.out, "{target}: ok ({name})")?,
                    None => writeln!(o.out, "{target}: {errors} error{}", if errors == 1 { "" } else { "s" })?,
                }
            }
            Format::Json => json.push(serde_json::json!({
                "file": target,
                "valid": errors == 0,
                "name": name,
                "diagnostics": diagnostics.iter().map(|d| to_json(d, &sources)).collect::<Vec<_>>(),
            })),
        }
    }
    if format == Format::Json {
        writeln!(
            o.out,
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "files": json })).unwrap_or_default()
        )?;
    }
    Ok(ExitCode::from(if unreadable {
        2
    } else if invalid {
        1
    } else {
        0
    }))
}

fn to_json(d: &Diagnostic, sources: &Sources) -> serde_json::Value {
    let place = d.location.as_ref().map(|loc| {
        let file = &sources.files[loc.source];
        let (line, column) = file.line_col(loc.span.start);
        let (end_line, end_column) = file.line_col(loc.span.end);
        serde_json::json!({
            "file": file.name,
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
        })
    });
    serde_json::json!({
        "severity": if d.severity == Severity::Error { "error" } else { "warning" },
        "message": d.message,
        "help": d.help,
        "location": place,
    })
}
