//! `kaboom test`: runs scenario files (or every `.ron` in folders), shows a
//! readable diff for each failure, ends with `N passed, N failed`. With
//! `--snapshot`, each scenario's report is stored beside it as `<name>.snap`
//! the first time and compared with it afterwards.

use super::Failure;
use super::output::Output;
use kaboom::scenario::{self, ScenarioError};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The `.ron` files named, folders expanded (sorted, not recursive).
pub fn expand(paths: &[String]) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Failure::io(format!("cannot read folder {p}: {e}")))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.extension().is_some_and(|x| x == "ron"))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(Failure::io(format!("{p} holds no .ron files")));
            }
            files.extend(found);
        } else if path.exists() {
            files.push(path.to_path_buf());
        } else {
            return Err(Failure::io(format!("no file or folder named {p}")));
        }
    }
    Ok(files)
}

pub fn run(o: &mut Output, paths: &[String], snapshot: bool) -> Result<ExitCode, Failure> {
    // Files named are run; in folders, variant files beside scenarios are skipped.
    let mut files = Vec::new();
    for p in paths {
        let found = expand(std::slice::from_ref(p))?;
        if Path::new(p).is_dir() {
            files.extend(found.into_iter().filter(|f| scenario::looks_like_scenario(f)));
        } else {
            files.extend(found);
        }
    }
    if files.is_empty() {
        return Err(Failure::io(
            "no scenario files found: a folder's scenarios are the .ron files with a `variant` field",
        ));
    }
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let failures = match scenario::run_file(file) {
            Ok(outcome) => {
                let mut failures = outcome.failures;
                if snapshot {
                    failures.extend(compare_snapshot(o, file, &outcome.report)?);
                }
                failures
            }
            Err(e @ ScenarioError::Read { .. }) => return Err(Failure::io(e.to_string())),
            Err(e) => vec![e.to_string()],
        };
        if failures.is_empty() {
            passed += 1;
            writeln!(o.out, "ok   {}", file.display())?;
        } else {
            failed += 1;
            writeln!(o.out, "FAIL {}", file.display())?;
            for f in failures {
                for line in f.lines() {
                    writeln!(o.out, "     {line}")?;
                }
            }
        }
    }
    writeln!(o.out, "{passed} passed, {failed} failed")?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Writes the snapshot if there is none; otherwise returns a diff if the
/// report differs from it.
fn compare_snapshot(o: &mut Output, file: &Path, report: &str) -> Result<Vec<String>, Failure> {
    let snap = file.with_extension("snap");
    if !snap.exists() {
        std::fs::write(&snap, report).map_err(|e| Failure::io(format!("cannot write {}: {e}", snap.display())))?;
        writeln!(o.out, "     snapshot written: {}", snap.display())?;
        return Ok(Vec::new());
    }
    let stored =
        std::fs::read_to_string(&snap).map_err(|e| Failure::io(format!("cannot read {}: {e}", snap.display())))?;
    if stored == report {
        return Ok(Vec::new());
    }
    let diff = similar::TextDiff::from_lines(stored.as_str(), report);
    let mut text = format!("differs from {} (- stored, + now):\n", snap.display());
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => '-',
            similar::ChangeTag::Insert => '+',
            similar::ChangeTag::Equal => continue,
        };
        text.push_str(&format!("{sign} {}", change));
        if change.missing_newline() {
            text.push('\n');
        }
    }
    text.push_str("delete the .snap file to accept the new report");
    Ok(vec![text])
}
