//! `kaboom validate`: loads and checks each file (folders: every `.ron` in
//! them; bundled names too), printing every problem. Scenario files (with
//! a `variant` field) are recognised and checked as scenarios: they read,
//! their variant loads, their FEN parses. A progress bar over the files
//! shows on a terminal when it takes more than two seconds. Exit 0 when all are
//! valid, 1 when some are not, 2 when a file cannot be read.

use super::output::Output;
use super::progress::Progress;
use super::{Failure, FileKind, render};
use kaboom::scenario::{self, ScenarioError};
use kaboom::Variant;
use kaboom::check::{Diagnostic, Severity};
use std::io::Write as _;
use kaboom::spec::Sources;
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
    let progress = Progress::new(targets.len() as u64, "files");
    for target in &targets {
        progress.inc();
        if super::file_kind(Path::new(target)) == FileKind::Scenario {
            let problem = scenario_problem(target);
            invalid |= problem.as_ref().is_some_and(|(_, io)| !io);
            unreadable |= problem.as_ref().is_some_and(|(_, io)| *io);
            match format {
                Format::Text => match &problem {
                    None => writeln!(o.out, "{target}: ok (a scenario; `kaboom test` runs it)")?,
                    Some((message, _)) => {
                        writeln!(o.err, "{}", message.trim_end())?;
                        writeln!(o.out, "{target}: 1 error (a scenario)")?;
                    }
                },
                Format::Json => json.push(serde_json::json!({
                    "file": target,
                    "kind": "scenario",
                    "valid": problem.is_none(),
                    "name": null,
                    "diagnostics": problem.iter().map(|(message, _)| serde_json::json!({
                        "severity": "error",
                        "message": message,
                        "help": null,
                        "location": null,
                    })).collect::<Vec<_>>(),
                })),
            }
            continue;
        }
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
                "kind": "variant",
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

/// What is wrong with a scenario file, if anything, and whether it is that
/// the file cannot be read: it must read as a scenario, its variant load
/// and its FEN parse. Its moves and expectations are `kaboom test`'s job.
fn scenario_problem(target: &str) -> Option<(String, bool)> {
    match scenario::run_file(Path::new(target)) {
        Ok(_) => None,
        Err(e @ ScenarioError::Read { .. }) => Some((e.to_string(), true)),
        Err(ScenarioError::Variant { path, variant, error }) => Some((
            format!(
                "{}: variant `{variant}` does not load:\n{}",
                path.display(),
                render::load_error(&error)
            ),
            false,
        )),
        Err(e) => Some((e.to_string(), false)),
    }
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
