//! `kaboom import FILE.ini`: converts Fairy-Stockfish variant sections into
//! kaboom variant files (one `NAME.ron` per section in `--out`), or reports
//! per section the options kaboom cannot express, with file:line:col.
//! Exit 0 when every selected section converted, 1 when some were refused
//! or the file is malformed, 2 when it cannot be read or written.

use super::Failure;
use super::output::Output;
use crate::interop::fsf_convert::Refusal;
use crate::interop::fsf_import::{Imported, import};
use crate::interop::ini::MAX_INI_BYTES;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How `import` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One line per section.
    Text,
    /// One JSON document: per section, converted (and where) or refused and why.
    Json,
}

/// Reads a text file for an interop command, within the size limit.
pub fn read_text(path: &str, limit: usize, what: &str) -> Result<String, Failure> {
    let meta = std::fs::metadata(path).map_err(|e| Failure::io(format!("{path}: cannot read: {e}")))?;
    if meta.is_dir() {
        return Err(Failure::io(format!("{path}: is a directory, not {what}")));
    }
    if meta.len() > limit as u64 {
        return Err(Failure::input(format!(
            "{path}: has {} bytes; {what} may have at most {limit}",
            meta.len()
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| Failure::io(format!("{path}: cannot read: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "{path}: is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// A file name for a variant name: letters, digits, `-`, `_` and `.` kept, the rest `-`.
pub fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if stem.is_empty() { "variant".to_string() } else { stem }
}

fn place(path: &str, r: &Refusal) -> String {
    match &r.origin {
        Some(o) if o.builtin => format!(
            "{path}: in built-in `{}` (data/fsf-builtins.ini:{}): `{}`",
            o.section, o.line, o.option
        ),
        Some(o) => format!("{path}:{}:{}: `{}`", o.line, o.col, o.option),
        None => path.to_string(),
    }
}

pub fn run(
    o: &mut Output,
    path: &str,
    variant: Option<&str>,
    out: Option<&str>,
    format: Format,
) -> Result<ExitCode, Failure> {
    let text = read_text(path, MAX_INI_BYTES, "an ini file")?;
    let results =
        import(&text).map_err(|e| Failure::input(format!("{path}:{}:{}: error: {}", e.line, e.col, e.message)))?;
    let selected: Vec<&Imported> = match variant {
        Some(name) => {
            let found: Vec<&Imported> = results.iter().filter(|r| r.name == name).collect();
            if found.is_empty() {
                let names: Vec<&str> = results.iter().map(|r| r.name.as_str()).collect();
                return Err(Failure::input(format!(
                    "{path}: no section [{name}]; the file defines: {}",
                    names.join(", ")
                )));
            }
            found
        }
        None => results.iter().collect(),
    };
    let dir = PathBuf::from(out.unwrap_or("."));
    if selected.iter().any(|r| r.result.is_ok()) {
        std::fs::create_dir_all(&dir).map_err(|e| Failure::io(format!("{}: cannot create: {e}", dir.display())))?;
    }
    let mut refused = false;
    let mut json = Vec::new();
    for r in &selected {
        match &r.result {
            Ok(ron) => {
                let file = dir.join(format!("{}.ron", file_stem(&r.name)));
                write(&file, ron)?;
                match format {
                    Format::Text => writeln!(o.out, "{}: converted -> {}", r.name, file.display())?,
                    Format::Json => json.push(serde_json::json!({
                        "variant": r.name, "line": r.line, "converted": true, "file": file.display().to_string(),
                    })),
                }
            }
            Err(refusals) => {
                refused = true;
                match format {
                    Format::Text => {
                        writeln!(o.out, "{}: refused", r.name)?;
                        for x in refusals {
                            writeln!(o.out, "  {}: {} [{}]", place(path, x), x.reason, x.gap)?;
                        }
                    }
                    Format::Json => json.push(serde_json::json!({
                        "variant": r.name, "line": r.line, "converted": false,
                        "refusals": refusals.iter().map(|x| serde_json::json!({
                            "option": x.origin.as_ref().map(|o| o.option.clone()),
                            "line": x.origin.as_ref().map(|o| o.line),
                            "col": x.origin.as_ref().map(|o| o.col),
                            "section": x.origin.as_ref().map(|o| o.section.clone()),
                            "builtin": x.origin.as_ref().is_some_and(|o| o.builtin),
                            "gap": x.gap, "reason": x.reason,
                        })).collect::<Vec<_>>(),
                    })),
                }
            }
        }
    }
    if format == Format::Json {
        let doc = serde_json::json!({ "file": path, "variants": json });
        writeln!(o.out, "{}", serde_json::to_string_pretty(&doc).unwrap_or_default())?;
    }
    Ok(if refused { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn write(file: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(file, text).map_err(|e| Failure::io(format!("{}: cannot write: {e}", file.display())))
}
