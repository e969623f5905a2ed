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

/// Largest `.snap` file `test --snapshot` compares with.
const MAX_SNAPSHOT_BYTES: u64 = 16 << 20;

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
/// end), and a note for each entry of a folder skipped because it is a
/// symbolic link that leads outside the folder named (never read).
pub fn expand_noting(paths: &[String]) -> Result<(Vec<Target>, Vec<String>), Failure> {
    let mut files = Vec::new();
    let mut notes = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let root = std::fs::canonicalize(path)
                .map_err(|e| Failure::io(format!("cannot read folder {}: {e}", path.display())))?;
            let mut walker = Walker {
                root,
                seen: HashSet::new(),
                found: Vec::new(),
                skipped: Vec::new(),
            };
            walker.walk(path, 0)?;
            notes.extend(
                walker
                    .skipped
                    .iter()
                    .map(|s| format!("skipped {}: a symbolic link that leads outside {p}", s.display())),
            );
            if walker.found.is_empty() {
                return Err(Failure::io(
                    notes.iter().map(|n| format!("{n}\n")).collect::<String>() + &format!("{p} holds no .ron files"),
                ));
            }
            files.extend(walker.found.into_iter().map(|f| Target {
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
    Ok((files, notes))
}

/// A walk of one folder named on the command line.
struct Walker {
    /// The folder named, canonical: links must stay under it.
    root: PathBuf,
    /// Folders walked (canonical), so each is walked once.
    seen: HashSet<PathBuf>,
    /// The `.ron` files found.
    found: Vec<PathBuf>,
    /// Links to `.ron` files or folders outside `root`, not followed.
    skipped: Vec<PathBuf>,
}

impl Walker {
    /// Collects the `.ron` files under `dir`, sorted by name, files and
    /// subfolders interleaved in that order.
    fn walk(&mut self, dir: &Path, depth: usize) -> Result<(), Failure> {
        let canonical = std::fs::canonicalize(dir)
            .map_err(|e| Failure::io(format!("cannot read folder {}: {e}", dir.display())))?;
        if !self.seen.insert(canonical) || depth > MAX_FOLDER_DEPTH {
            return Ok(());
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| Failure::io(format!("cannot read folder {}: {e}", dir.display())))?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(|e| Failure::io(format!("cannot read folder {}: {e}", dir.display())))?;
        entries.sort();
        for entry in entries {
            let wanted = entry.is_dir() || entry.extension().is_some_and(|x| x == "ron");
            if wanted && self.leads_outside(&entry) {
                self.skipped.push(entry);
            } else if entry.is_dir() {
                self.walk(&entry, depth + 1)?;
            } else if entry.extension().is_some_and(|x| x == "ron") {
                self.found.push(entry);
            }
        }
        Ok(())
    }

    /// Whether `entry` is a symbolic link whose target lies outside the
    /// folder named. A dangling link is kept: reading it says why it fails.
    fn leads_outside(&self, entry: &Path) -> bool {
        let linked = entry.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink());
        linked && std::fs::canonicalize(entry).is_ok_and(|target| !target.starts_with(&self.root))
    }
}

pub fn run(o: &mut Output, paths: &[String], snapshot: bool) -> Result<ExitCode, Failure> {
    // Files named are run; in folders, variant files beside scenarios are skipped.
    let (targets, notes) = expand_noting(paths)?;
    for note in &notes {
        writeln!(o.err, "{note}")?;
    }
    let files: Vec<Target> = targets
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
    let stored = crate::base::files::read_text(&snap, MAX_SNAPSHOT_BYTES, "a snapshot")
        .map_err(|e| Failure::io(e.to_string()))?;
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
