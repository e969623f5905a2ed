//! `kaboom validate`: loads and checks each file (folders: every `.ron` in
//! them; bundled names too), printing every problem. Scenario files (with
//! a `variant` field) are recognised and checked as scenarios: they read,
//! their variant loads, their FEN parses. A progress bar over the files
//! shows on a terminal when it takes more than two seconds. Exit 0 when all are
//! valid, 1 when some are not, 2 when a file cannot be read.

use super::output::Output;
use super::progress::Progress;
use super::{Failure, FileKind, render};
use crate::Variant;
use crate::check::{Diagnostic, Severity};
use crate::scenario::{self, ScenarioError};
use crate::spec::Sources;
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

/// Whether a file was invalid, and whether one could not be read.
#[derive(Default)]
struct Verdict {
    invalid: bool,
    unreadable: bool,
}

pub fn run(o: &mut Output, names: &[String], format: Format) -> Result<ExitCode, Failure> {
    let targets = targets(o, names)?;
    let mut verdict = Verdict::default();
    let mut json = Vec::new();
    let progress = Progress::new(targets.len() as u64, "files");
    for (target, file) in &targets {
        progress.inc();
        match file {
            Some(t) if super::file_kind(&t.path) == FileKind::Scenario => {
                check_scenario(o, format, target, t, &mut verdict, &mut json)?
            }
            _ => check_variant(o, format, target, file.as_ref(), &mut verdict, &mut json)?,
        }
    }
    if format == Format::Json {
        writeln!(
            o.out,
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "files": json })).unwrap_or_default()
        )?;
    }
    Ok(ExitCode::from(if verdict.unreadable {
        2
    } else if verdict.invalid {
        1
    } else {
        0
    }))
}

/// The files to check: a folder or file when the name is a path
/// (crate::spec::is_path_argument), otherwise a bundled variant.
fn targets(o: &mut Output, names: &[String]) -> Result<Vec<(String, Option<super::cmd_test::Target>)>, Failure> {
    let mut targets = Vec::new();
    for name in names {
        if crate::spec::is_path_argument(name) {
            let (found, notes) = super::cmd_test::expand_noting(std::slice::from_ref(name))?;
            for note in &notes {
                writeln!(o.err, "{note}")?;
            }
            for t in found {
                targets.push((t.path.to_string_lossy().into_owned(), Some(t)));
            }
        } else {
            targets.push((name.clone(), None));
        }
    }
    Ok(targets)
}

/// Checks a scenario file: it reads, its variant loads, its FEN parses.
fn check_scenario(
    o: &mut Output,
    format: Format,
    target: &str,
    t: &super::cmd_test::Target,
    verdict: &mut Verdict,
    json: &mut Vec<serde_json::Value>,
) -> Result<(), Failure> {
    let problem = scenario_problem(&t.path, &t.root);
    verdict.invalid |= problem.as_ref().is_some_and(|(_, io)| !io);
    verdict.unreadable |= problem.as_ref().is_some_and(|(_, io)| *io);
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
    Ok(())
}

/// Checks a variant, bundled (`file` is `None`) or a file.
fn check_variant(
    o: &mut Output,
    format: Format,
    target: &str,
    file: Option<&super::cmd_test::Target>,
    verdict: &mut Verdict,
    json: &mut Vec<serde_json::Value>,
) -> Result<(), Failure> {
    let loaded = match file {
        Some(t) => Variant::load_path(&t.path, Some(&t.root), None),
        None => Variant::load(target),
    };
    let (name, diagnostics, sources) = match loaded {
        Ok(variant) => (
            Some(variant.name().to_string()),
            variant.warnings().to_vec(),
            variant.sources().clone(),
        ),
        Err(e) => (None, e.diagnostics, e.sources),
    };
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    verdict.invalid |= errors > 0;
    verdict.unreadable |= diagnostics.iter().any(|d| d.io);
    match format {
        Format::Text => {
            for shown in render::diagnostics(&diagnostics, &sources) {
                writeln!(o.err, "{}", shown.trim_end())?;
            }
            match &name {
                Some(name) => writeln!(o.out, "{target}: ok ({name})")?,
                None => writeln!(o.out, "{target}: {errors} error{}", if errors == 1 { "" } else { "s" })?,
            }
        }
        Format::Json => json.push({
            let mut entry = serde_json::json!({
            "file": target,
            "kind": "variant",
            "valid": errors == 0,
            "name": name,
            "diagnostics": diagnostics.iter().take(render::MAX_SHOWN).map(|d| to_json(d, &sources)).collect::<Vec<_>>(),
        });
            // Past MAX_SHOWN diagnostics, only their number.
            if diagnostics.len() > render::MAX_SHOWN {
                entry["omitted"] = serde_json::json!(diagnostics.len() - render::MAX_SHOWN);
            }
            entry
        }),
    }
    Ok(())
}

/// What is wrong with a scenario file, if anything, and whether it is that
/// the file cannot be read: it must read as a scenario, its variant load
/// and its FEN parse. Its moves and expectations are `kaboom test`'s job.
fn scenario_problem(path: &Path, root: &Path) -> Option<(String, bool)> {
    match scenario::run_file_in(path, root) {
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

pub(super) fn to_json(d: &Diagnostic, sources: &Sources) -> serde_json::Value {
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
