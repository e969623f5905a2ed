//! `kaboom import FILE.ini`: converts Fairy-Stockfish variant sections into
//! kaboom variant files (one `NAME.ron` per section in `--out`), or reports
//! per section the options kaboom cannot express, with file:line:col.
//! Exit 0 when every selected section converted, 1 when some were refused
//! or the file is malformed, 2 when it cannot be read or written.

use super::Failure;
use super::output::Output;
use crate::interop::fsf_import::Refusal;
use crate::interop::fsf_import::{Imported, import};
use crate::interop::ini::MAX_INI_BYTES;
use std::collections::HashSet;
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

/// Reads a text file an interop command names (through the one reader:
/// a regular file, at most `limit` bytes), a byte-order mark skipped.
/// Whatever stops the reading exits 2.
pub fn read_text(path: &str, limit: usize, what: &'static str) -> Result<String, Failure> {
    let text = crate::base::files::read_text(std::path::Path::new(path), limit as u64, what)
        .map_err(|e| Failure::io(e.to_string()))?;
    Ok(crate::base::files::without_bom(&text).to_string())
}

/// A file name for a variant name: ASCII letters, digits, `-` and `_` kept,
/// the rest `-` (so no name reaches outside `--out` or hides a suffix).
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

/// One distinct file stem per section name: [`file_stem`], and where
/// sections such as `[a/b]`, `[a.b]` and `[a-b]` would share one, `-2`,
/// `-3`, ... added (compared without case, as on a case-insensitive file
/// system), so each converted section has its own file. A name that is
/// its own stem (`a-b`) keeps it; the others are numbered in file order.
pub fn distinct_stems(names: &[&str]) -> Vec<String> {
    let mut used = HashSet::new();
    let mut stems: Vec<Option<String>> = names
        .iter()
        .map(|name| {
            let stem = file_stem(name);
            (stem == *name && used.insert(stem.to_ascii_lowercase())).then_some(stem)
        })
        .collect();
    for (slot, name) in stems.iter_mut().zip(names) {
        if slot.is_none() {
            let base = file_stem(name);
            let mut stem = base.clone();
            let mut n = 1;
            while !used.insert(stem.to_ascii_lowercase()) {
                n += 1;
                stem = format!("{base}-{n}");
            }
            *slot = Some(stem);
        }
    }
    stems.into_iter().flatten().collect()
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
    let converted: Vec<&str> = selected
        .iter()
        .filter(|r| r.result.is_ok())
        .map(|r| r.name.as_str())
        .collect();
    let mut stems = distinct_stems(&converted).into_iter();
    for r in &selected {
        match &r.result {
            Ok(ron) => {
                let stem = stems.next().unwrap_or_else(|| file_stem(&r.name));
                let file = dir.join(format!("{stem}.ron"));
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

#[cfg(test)]
mod tests {
    use super::distinct_stems;

    #[test]
    fn sections_get_distinct_file_names() {
        assert_eq!(distinct_stems(&["a/b", "a.b", "a-b"]), ["a-b-2", "a-b-3", "a-b"]);
        assert_eq!(distinct_stems(&["x", "X", "x"]), ["x", "X-2", "x-3"]);
        assert_eq!(distinct_stems(&["a b", "a-b-2", "a-b"]), ["a-b-3", "a-b-2", "a-b"]);
    }
}
