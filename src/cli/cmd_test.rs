//! `kaboom test`: runs scenario files (or every `.ron` in folders), shows a
//! readable diff for each failure, ends with `N passed, N failed`. With
//! `--snapshot`, each scenario's report is stored beside it as `<name>.snap`
//! the first time and compared with it afterwards.

use super::Failure;
use super::output::Output;
use crate::scenario::{self, ScenarioError};
use std::collections::HashSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Deepest folder nesting `expand` walks into.
pub const MAX_FOLDER_DEPTH: usize = 16;

/// One file to run or check, and the folder given on the command line it
/// was found under (files it names must stay inside that folder).
pub struct Target {
    /// The file.
    pub path: PathBuf,
    /// The folder given on the command line, or the given file's folder.
    pub root: PathBuf,
    /// Whether it was found in a folder rather than named.
    pub found: bool,
}

/// The `.ron` files named, folders expanded recursively in sorted order
/// (at most [`MAX_FOLDER_DEPTH`] deep, each folder once, so symlink loops
/// end).
pub fn expand(paths: &[String]) -> Result<Vec<Target>, Failure> {
    let mut files = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let mut found = Vec::new();
            let mut seen = HashSet::new();
            walk(path, 0, &mut seen, &mut found)?;
            if found.is_empty() {
                return Err(Failure::io(format!("{p} holds no .ron files")));
            }
            files.extend(found.into_iter().map(|f| Target {
                path: f,
                root: path.to_path_buf(),
                found: true,
            }));
        } else if path.exists() || path.symlink_metadata().is_ok() {
            files.push(Target {
                path: path.to_path_buf(),
                root: match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
                    _ => PathBuf::from("."),
                },
                found: false,
            });
        } else {
            return Err(Failure::io(format!("no file or folder named {p}")));
        }
    }
    Ok(files)
}

/// Collects the `.ron` files under `dir`, sorted by name, files and
/// subfolders interleaved in that order.
fn walk(dir: &Path, depth: usize, seen: &mut HashSet<PathBuf>, found: &mut Vec<PathBuf>) -> Result<(), Failure> {
    let canonical =
        std::fs::canonicalize(dir).map_err(|e| Failure::io(format!("cannot read folder {}: {e}", dir.display())))?;
    if !seen.insert(canonical) || depth > MAX_FOLDER_DEPTH {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Failure::io(format!("cannot read folder {}: {e}", dir.display())))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(|e| Failure::io(format!("cannot read folder {}: {e}", dir.display())))?;
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            walk(&entry, depth + 1, seen, found)?;
        } else if entry.extension().is_some_and(|x| x == "ron") {
            found.push(entry);
        }
    }
    Ok(())
}

pub fn run(o: &mut Output, paths: &[String], snapshot: bool) -> Result<ExitCode, Failure> {
    // Files named are run; in folders, variant files beside scenarios are skipped.
    let files: Vec<Target> = expand(paths)?
        .into_iter()
        .filter(|t| !t.found || scenario::looks_like_scenario(&t.path))
        .collect();
    if let Some(t) = files
        .iter()
        .find(|t| !t.found && super::file_kind(&t.path) == super::FileKind::Variant)
    {
        let p = t.path.display();
        return Err(Failure::input(format!(
            "{p} is a variant, not a scenario: check it with `kaboom validate {p}`, \
             or write a scenario that names it (docs/scenarios.md)"
        )));
    }
    if files.is_empty() {
        return Err(Failure::io(
            "no scenario files found: a folder's scenarios are the .ron files with a `variant` field",
        ));
    }
    let (mut passed, mut failed) = (0, 0);
    for target in &files {
        let file = &target.path;
        let failures = match scenario::run_file_in(file, &target.root) {
            Ok(outcome) => {
                let mut failures = outcome.failures;
                if snapshot {
                    failures.extend(compare_snapshot(o, file, &outcome.report)?);
                }
                failures
            }
            Err(e @ ScenarioError::Read { .. }) => return Err(Failure::io(e.to_string())),
            // The same diagnostics as a variant file's: place, caret, help.
            Err(ScenarioError::Parse { error, .. }) => vec![super::render::load_error(&error)],
            Err(ScenarioError::Variant { variant, error, .. }) => {
                vec![format!(
                    "variant `{variant}` does not load:
{}",
                    super::render::load_error(&error)
                )]
            }
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
