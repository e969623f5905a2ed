//! Source files and spans: where in which file a value of a variant file
//! was written, so diagnostics can point at the line and column.

use serde::de::{Deserialize, Deserializer, Error as _};
use std::cell::Cell;
use std::ops::Range;

/// Index of a source file in a [`Sources`] list.
pub type SourceId = usize;

/// One text that was loaded: a variant file on disk or a bundled one.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics: a path, or `<bundled>/chess.ron`.
    pub name: String,
    /// The whole text.
    pub text: String,
}

impl SourceFile {
    /// The 1-based line and column (in characters) of a byte offset.
    /// An offset inside a character counts as that character; a leading
    /// byte-order mark is not a column.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let last = before.rsplit('\n').next().unwrap_or("");
        let last = if line == 1 {
            last.trim_start_matches('\u{feff}')
        } else {
            last
        };
        (line, last.chars().count() + 1)
    }
}

/// Every source file read while loading one variant (a file and its
/// `extends` parents).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    /// The files, indexed by [`SourceId`].
    pub files: Vec<SourceFile>,
}

/// A place in a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// Which file.
    pub source: SourceId,
    /// Byte range in that file.
    pub span: Range<usize>,
}

impl Location {
    /// A location `range` bytes into the string literal at `self`,
    /// skipping the literal's opening quote (`"`, `r"` or `r#"`).
    /// `range` is in bytes of the decoded string; escapes (`\t`,
    /// `\u{e9}`) make it differ from the source, so it is mapped through
    /// the literal as written.
    pub fn inside_string(&self, sources: &Sources, range: Range<usize>) -> Location {
        let text = &sources.files[self.source].text[self.span.clone()];
        let raw = text.starts_with('r');
        let open = text.find('"').map_or(0, |i| i + 1);
        let body = &text[open..];
        let start = self.span.start + open + source_offset(body, range.start, raw);
        let end = self.span.start + open + source_offset(body, range.end, raw);
        Location {
            source: self.source,
            span: start..end.max(start),
        }
    }
}

/// The offset in `body` (a string literal as written, after its opening
/// quote) of byte `decoded` of the string it decodes to. A raw string
/// decodes to itself.
fn source_offset(body: &str, decoded: usize, raw: bool) -> usize {
    // Without a backslash before it, the offset is the same (found with
    // memchr, so thousands of diagnostics in a long string stay cheap).
    let plain = body
        .get(..decoded.min(body.len()))
        .is_some_and(|before| !before.contains('\\'));
    if raw || plain {
        return decoded.min(body.len());
    }
    let mut seen = 0;
    let mut chars = body.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if seen >= decoded || c == '"' {
            return at;
        }
        if c != '\\' {
            seen += c.len_utf8();
            continue;
        }
        // One escape: it decodes to one character.
        let Some((_, kind)) = chars.next() else {
            return body.len();
        };
        let produced = match kind {
            'x' => {
                let hex: String = (0..2).filter_map(|_| chars.next().map(|(_, h)| h)).collect();
                u32::from_str_radix(&hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .map_or(1, char::len_utf8)
            }
            'u' => {
                let mut hex = String::new();
                if chars.peek().is_some_and(|(_, c)| *c == '{') {
                    chars.next();
                    while let Some((_, h)) = chars.next() {
                        if h == '}' {
                            break;
                        }
                        hex.push(h);
                    }
                } else {
                    hex = (0..4).filter_map(|_| chars.next().map(|(_, h)| h)).collect();
                }
                u32::from_str_radix(&hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .map_or(1, char::len_utf8)
            }
            '\n' => {
                // A line continuation decodes to nothing and eats leading blanks.
                while chars.peek().is_some_and(|(_, c)| c.is_whitespace()) {
                    chars.next();
                }
                0
            }
            _ => 1,
        };
        seen += produced;
    }
    body.len()
}

/// Byte offset of a 1-based line and character column in `text`.
pub(crate) fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return offset + l.char_indices().nth(col.saturating_sub(1)).map_or(l.len(), |(b, _)| b);
        }
        offset += l.len();
    }
    text.len()
}

thread_local! {
    /// The error of the last spanned value that failed to deserialize: its
    /// message and where in the file it is.
    static INNER_ERROR: std::cell::RefCell<Option<(String, Range<usize>)>> = const { std::cell::RefCell::new(None) };
}

/// Takes the error recorded by the last spanned value that failed.
pub(crate) fn take_inner_error() -> Option<(String, Range<usize>)> {
    INNER_ERROR.with(|e| e.borrow_mut().take())
}

thread_local! {
    /// The file being deserialized: its id and the address range of its text.
    static CURRENT: Cell<Option<(SourceId, usize, usize)>> = const { Cell::new(None) };
}

/// Marks `text` (with id `source`) as the file being deserialized for the
/// lifetime of the returned guard, so [`Spanned`] values can find their span.
pub(crate) fn deserializing(source: SourceId, text: &str) -> CurrentGuard {
    INNER_ERROR.with(|e| e.borrow_mut().take());
    let previous = CURRENT.with(|c| c.replace(Some((source, text.as_ptr() as usize, text.len()))));
    CurrentGuard { previous }
}

/// Restores the previous current file when dropped.
pub(crate) struct CurrentGuard {
    previous: Option<(SourceId, usize, usize)>,
}

impl Drop for CurrentGuard {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.previous));
    }
}

/// A value of a variant file together with where it was written.
#[derive(Clone, Debug)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written; `None` for values made in code.
    pub location: Option<Location>,
}

impl<T> Spanned<T> {
    /// A value with no place in a file.
    pub fn unplaced(value: T) -> Self {
        Spanned { value, location: None }
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<'de, T: serde::de::DeserializeOwned + Default> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
        let text = raw.get_ron();
        let address = text.as_ptr() as usize;
        let location = CURRENT.with(|c| c.get()).and_then(|(source, base, len)| {
            (address >= base && address + text.len() <= base + len).then(|| Location {
                source,
                span: address - base..address - base + text.len(),
            })
        });
        match raw.into_rust::<T>() {
            Ok(value) => Ok(Spanned { value, location }),
            // A value of the wrong type: noted, and reading goes on with a
            // placeholder so that every such mistake in the file is found.
            Err(e) if location.is_some() => {
                TYPE_ERRORS.with(|t| {
                    t.borrow_mut().push(TypeError {
                        location: location.clone().expect("checked"),
                        code: e.code,
                        text: text.to_string(),
                    })
                });
                Ok(Spanned {
                    value: T::default(),
                    location,
                })
            }
            Err(e) => Err(D::Error::custom(e.code)),
        }
    }
}

/// A value of the wrong type met while reading a file.
#[derive(Clone, Debug)]
pub(crate) struct TypeError {
    /// Where the value is.
    pub location: Location,
    /// What RON expected.
    pub code: ron::Error,
    /// The value as written.
    pub text: String,
}

thread_local! {
    static TYPE_ERRORS: std::cell::RefCell<Vec<TypeError>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The type errors noted since the last call (or since the thread began).
pub(crate) fn take_type_errors() -> Vec<TypeError> {
    TYPE_ERRORS.with(|t| std::mem::take(&mut *t.borrow_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_offsets_map_through_escapes() {
        // `a\té` decodes to "a\té": bytes a(0) tab(1) é(2..4).
        let body = r#"a\té""#;
        assert_eq!(source_offset(body, 0, false), 0);
        assert_eq!(source_offset(body, 1, false), 1);
        assert_eq!(source_offset(body, 2, false), 3);
        assert_eq!(source_offset(body, 4, false), 5);
        // `\u{e9}` is six bytes written, two decoded.
        let body = r#"\u{e9}x""#;
        assert_eq!(source_offset(body, 2, false), 6);
        assert_eq!(source_offset(body, 2, true), 2);
    }

    #[test]
    fn line_col_counts_characters_and_skips_a_bom() {
        let file = SourceFile {
            name: "x".into(),
            text: "\u{feff}ab\n\té".into(),
        };
        assert_eq!(file.line_col(3), (1, 1));
        assert_eq!(file.line_col(4), (1, 2));
        assert_eq!(file.line_col(7), (2, 2));
        // Inside `é`: that character, no panic.
        assert_eq!(file.line_col(8), (2, 2));
    }
}
