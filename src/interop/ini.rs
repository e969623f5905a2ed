//! Reading Fairy-Stockfish's `variants.ini` format: `[name]` or
//! `[name:parent]` section headers followed by `key = value` lines;
//! lines starting with `#` or `;` are comments. Every key keeps its line
//! and column so that errors and refusals can point at it.

use thiserror::Error;

/// Most bytes an ini file may have (the variant-file limit).
pub const MAX_INI_BYTES: usize = 1 << 20;
/// Most sections one ini file may hold.
pub const MAX_SECTIONS: usize = 4096;
/// Most options one section may hold.
pub const MAX_OPTIONS: usize = 1024;

/// One `key = value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The option's name, trimmed.
    pub key: String,
    /// Its value, trimmed.
    pub value: String,
    /// 1-based line of the option.
    pub line: usize,
    /// 1-based column where the key starts.
    pub col: usize,
}

/// One `[name:parent]` section and its options, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The variant it inherits from, if any.
    pub parent: Option<String>,
    /// 1-based line of the header.
    pub line: usize,
    /// Its options in file order (a repeated key: the last one counts, as in Fairy-Stockfish).
    pub entries: Vec<Entry>,
}

impl Section {
    /// The entry for `key` (the last one if repeated).
    #[cfg(test)]
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// A malformed ini file: where and why.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
#[error("{line}:{col}: {message}")]
pub struct IniError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, col: usize, message: impl Into<String>) -> IniError {
    IniError {
        line,
        col,
        message: message.into(),
    }
}

/// Parses an ini text into its sections.
pub fn parse(text: &str) -> Result<Vec<Section>, IniError> {
    if text.len() > MAX_INI_BYTES {
        return Err(err(
            1,
            1,
            format!(
                "the file has {} bytes; an ini file may have at most {MAX_INI_BYTES}",
                text.len()
            ),
        ));
    }
    // A byte-order mark (as Windows editors write) is not an option.
    let text = crate::base::files::without_bom(text);
    let mut sections: Vec<Section> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.strip_suffix('\r').unwrap_or(raw);
        let indent = content.len() - content.trim_start().len();
        let trimmed = content.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        let col = indent + 1;
        if let Some(rest) = trimmed.strip_prefix('[') {
            let section = header(rest, line, col)?;
            if sections.iter().any(|s| s.name == section.name) {
                let name = &section.name;
                return Err(err(line, col + 1, format!("variant `{name}` is defined twice")));
            }
            if sections.len() >= MAX_SECTIONS {
                return Err(err(line, col, format!("more than {MAX_SECTIONS} sections in one file")));
            }
            sections.push(section);
            continue;
        }
        let Some(section) = sections.last_mut() else {
            return Err(err(line, col, "an option before the first `[section]`"));
        };
        let entry = option(trimmed, line, col)?;
        if section.entries.len() >= MAX_OPTIONS {
            return Err(err(
                line,
                col,
                format!("more than {MAX_OPTIONS} options in one section"),
            ));
        }
        section.entries.push(entry);
    }
    Ok(sections)
}

/// Reads a section header, `rest` the text after its `[` at `line`, `col`:
/// the empty section `[name:parent]` (the parent optional).
fn header(rest: &str, line: usize, col: usize) -> Result<Section, IniError> {
    let Some(close) = rest.find(']') else {
        return Err(err(line, col, "a section header needs a closing `]`"));
    };
    let after = rest[close + 1..].trim();
    if !after.is_empty() && !after.starts_with('#') && !after.starts_with(';') {
        return Err(err(
            line,
            col + close + 2,
            format!("unexpected `{after}` after the section header"),
        ));
    }
    let header = &rest[..close];
    let (name, parent) = match header.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim())),
        None => (header.trim(), None),
    };
    if name.is_empty() {
        return Err(err(
            line,
            col + 1,
            "a section needs a variant name: `[name]` or `[name:parent]`",
        ));
    }
    if parent == Some("") {
        return Err(err(
            line,
            col + 1 + header.find(':').unwrap_or(0) + 1,
            "empty parent after `:`",
        ));
    }
    if let Some(bad) = name
        .chars()
        .chain(parent.unwrap_or("").chars())
        .find(|c| c.is_whitespace() || c.is_control())
    {
        return Err(err(line, col + 1, format!("a variant name may not contain {bad:?}")));
    }
    Ok(Section {
        name: name.to_string(),
        parent: parent.map(str::to_string),
        line,
        entries: Vec::new(),
    })
}

/// Reads a `key = value` line (`trimmed`, at `line`, `col`).
fn option(trimmed: &str, line: usize, col: usize) -> Result<Entry, IniError> {
    let Some(eq) = trimmed.find('=') else {
        return Err(err(line, col, format!("`{trimmed}` is not `key = value`")));
    };
    let key = trimmed[..eq].trim();
    if key.is_empty() {
        return Err(err(line, col, "an option needs a name before `=`"));
    }
    if let Some(pos) = key.find(|c: char| c.is_whitespace()) {
        return Err(err(
            line,
            col + pos,
            format!("an option name may not contain spaces: `{key}`"),
        ));
    }
    Ok(Entry {
        key: key.to_string(),
        value: trimmed[eq + 1..].trim().to_string(),
        line,
        col,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_not_an_option() {
        let s = parse("\u{feff}[a]\nking = k\n").unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].get("king").unwrap().line, 2);
    }

    #[test]
    fn sections_options_and_comments() {
        let s = parse("# c\n[a]\nking = k\n; x\n[b:a]\n  maxRank = 6\r\n").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].get("king").unwrap().value, "k");
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        let e = s[1].get("maxRank").unwrap();
        assert_eq!((e.line, e.col, e.value.as_str()), (6, 3, "6"));
    }

    #[test]
    fn malformed_lines_have_places() {
        assert_eq!(parse("[a]\nking k\n").unwrap_err().line, 2);
        assert_eq!(
            parse("x = 1\n").unwrap_err().message,
            "an option before the first `[section]`"
        );
        assert_eq!(parse("[a\n").unwrap_err().line, 1);
        assert_eq!(parse("[a]\n[a]\n").unwrap_err().line, 2);
        let e = parse("[a]\n   = 3\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 4));
    }
}
