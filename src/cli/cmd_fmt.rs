//! `kaboom fmt FILE`: the variant file in its canonical form (fields in
//! one order, one value a line, defaults left out, comments kept where
//! `spec::comments` says), like `rustfmt` for variants. By default the
//! form goes to stdout; `--write` rewrites the file in place (atomically:
//! a new file beside it, renamed over it); `--check` writes nothing and
//! exits 1 with the lines that differ when the file is not canonical.
//! A file that does not load gets the diagnostics `kaboom validate`
//! gives (exit 1; 2 when it cannot be read).

use super::output::Output;
use super::{Failure, render};
use crate::Variant;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// What `fmt` does with the canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Print it.
    Print,
    /// Say whether the file is already canonical.
    Check,
    /// Rewrite the file.
    Write,
}

pub fn run(o: &mut Output, file: &str, mode: Mode) -> Result<ExitCode, Failure> {
    let path = Path::new(file);
    let loaded = Variant::load_path(path, None, None);
    if let Err(e) = loaded {
        let message = render::load_error(&e);
        let io = e.diagnostics.iter().any(|d| d.io);
        return Err(if io {
            Failure::io(message)
        } else {
            Failure::input(message)
        });
    }
    let text = crate::spec::read_text(path, crate::spec::MAX_FILE_BYTES, "a variant file")
        .map_err(|e| Failure::io(format!("kaboom: {e}")))?;
    let canonical = crate::spec::canonical(file, &text).map_err(|e| Failure::input(render::load_error(&e)))?;
    match mode {
        Mode::Print => {
            write!(o.out, "{canonical}")?;
            Ok(ExitCode::SUCCESS)
        }
        Mode::Check if canonical == text => Ok(ExitCode::SUCCESS),
        Mode::Check => {
            writeln!(o.out, "{}", difference(file, &text, &canonical).trim_end())?;
            Ok(ExitCode::from(1))
        }
        Mode::Write if canonical == text => Ok(ExitCode::SUCCESS),
        Mode::Write => {
            write_atomically(path, &canonical).map_err(|e| Failure::io(format!("kaboom: cannot write {file}: {e}")))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The lines that differ, as `rustfmt --check` shows them: where each run
/// of changes starts, then `-` the file's lines and `+` the canonical ones.
fn difference(file: &str, text: &str, canonical: &str) -> String {
    let diff = similar::TextDiff::from_lines(text, canonical);
    let mut out = String::new();
    for group in diff.grouped_ops(1) {
        let Some(first) = group.first() else { continue };
        out.push_str(&format!("Diff in {file} at line {}:\n", first.old_range().start + 1));
        for op in &group {
            for change in diff.iter_changes(op) {
                let sign = match change.tag() {
                    similar::ChangeTag::Delete => '-',
                    similar::ChangeTag::Insert => '+',
                    similar::ChangeTag::Equal => ' ',
                };
                out.push_str(&format!("{sign}{change}"));
                if change.missing_newline() {
                    out.push('\n');
                }
            }
        }
    }
    out
}

/// Writes `text` to a new file beside `path`, then renames it over `path`:
/// a reader never sees half a file, and a failed write leaves it as it was.
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "variant".into(), |n| n.to_string_lossy());
    if std::fs::metadata(path)?.permissions().readonly() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "the file is read-only",
        ));
    }
    let temp = dir.join(format!(".{name}.kaboom-fmt-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&temp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        // Keep the file's permissions.
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, meta.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
