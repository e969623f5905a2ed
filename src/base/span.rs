//! Source files and spans: where in which file a value of a variant file
//! was written, so diagnostics can point at the line and column.

use serde::de::{Deserialize, Deserializer};
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
    /// The files, indexed by `SourceId`.
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
        self.inside_string_walked(sources, range, &StringWalk::default())
    }

    /// As [`Location::inside_string`], resuming from where `walk` last
    /// stopped in the same literal, so that many places found in order in
    /// one long string (a letter per error) cost one pass over it.
    pub fn inside_string_walked(&self, sources: &Sources, range: Range<usize>, walk: &StringWalk) -> Location {
        let text = &sources.files[self.source].text[self.span.clone()];
        let raw = text.starts_with('r');
        let open = text.find('"').map_or(0, |i| i + 1);
        let body = &text[open..];
        let key = (self.source, self.span.start);
        let offset = |decoded: usize| {
            let start = match walk.0.get() {
                Some((k, at, seen)) if k == key && decoded >= seen => (at, seen),
                _ => (0, 0),
            };
            let (at, seen) = source_offset_from(body, start, decoded, raw);
            walk.0.set(Some((key, at, seen)));
            at
        };
        let start = self.span.start + open + offset(range.start);
        let end = self.span.start + open + offset(range.end);
        Location {
            source: self.source,
            span: start..end.max(start),
        }
    }
}

/// Where the last walk through a string literal stopped: the literal
/// (source, start), the offset as written and the decoded offset there.
#[derive(Debug, Default)]
pub struct StringWalk(Cell<Option<WalkStop>>);

/// One stop of a [`StringWalk`]: the literal (source, start), the offset
/// as written and the decoded offset there.
type WalkStop = ((SourceId, usize), usize, usize);

/// The offset in `body` (a string literal as written, after its opening
/// quote) of byte `decoded` of the string it decodes to. A raw string
/// decodes to itself.
#[cfg(test)]
fn source_offset(body: &str, decoded: usize, raw: bool) -> usize {
    source_offset_from(body, (0, 0), decoded, raw).0
}

/// Walks `body` (a string literal as written, after its opening quote)
/// from `start`, an (offset as written, decoded offset) pair at which an
/// earlier walk stopped, to decoded byte `decoded`; returns the pair
/// where it stops. A raw string decodes to itself.
fn source_offset_from(body: &str, start: (usize, usize), decoded: usize, raw: bool) -> (usize, usize) {
    if raw {
        let at = decoded.min(body.len());
        return (at, at);
    }
    let (from, mut seen) = start;
    let rest = &body[from..];
    // Up to the next backslash or quote, offsets match (found with memchr,
    // so thousands of diagnostics in a long string stay cheap).
    let ahead = decoded - seen;
    if ahead <= rest.len()
        && rest.is_char_boundary(ahead)
        && !rest.as_bytes()[..ahead].iter().any(|&b| b == b'\\' || b == b'"')
    {
        return (from + ahead, decoded);
    }
    let mut chars = rest.char_indices().map(|(i, c)| (from + i, c)).peekable();
    while let Some((at, c)) = chars.next() {
        if seen >= decoded || c == '"' {
            return (at, seen);
        }
        if c != '\\' {
            seen += c.len_utf8();
            continue;
        }
        // One escape: it decodes to one character.
        let Some((_, kind)) = chars.next() else {
            return (body.len(), seen);
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
                    for (_, h) in chars.by_ref() {
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
    (body.len(), seen)
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

impl<T: Default> Default for Spanned<T> {
    /// The default value, with no place in a file (a field left out).
    fn default() -> Self {
        Spanned::unplaced(T::default())
    }
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

impl<T: serde::Serialize> serde::Serialize for Spanned<T> {
    /// The plain value: where it was written is no part of it.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<'de, T: serde::de::DeserializeOwned + Default> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
        let (value, location) = recover::<T, D::Error>(raw)?;
        Ok(Spanned {
            value: value.unwrap_or_default(),
            location,
        })
    }
}

/// Where `raw` lies in the file being deserialized, if it lies in it.
fn location_of(raw: &ron::value::RawValue) -> Option<Location> {
    let text = raw.get_ron();
    let address = text.as_ptr() as usize;
    CURRENT.with(|c| c.get()).and_then(|(source, base, len)| {
        (address >= base && address + text.len() <= base + len).then(|| Location {
            source,
            span: address - base..address - base + text.len(),
        })
    })
}

/// Reads `raw` as a `T`. A value of the wrong type inside the file is
/// noted (with the place of the part that did not fit) and gives `None`,
/// so that reading goes on and every such mistake in the file is found;
/// outside a file it is an error.
fn recover<'de, T: Deserialize<'de>, E: serde::de::Error>(
    raw: &'de ron::value::RawValue,
) -> Result<(Option<T>, Option<Location>), E> {
    let location = location_of(raw);
    // Read as the file is (`IMPLICIT_SOME`), from the file's own text so
    // that values inside keep their place.
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    match options.from_str::<T>(raw.get_ron()) {
        Ok(value) => Ok((Some(value), location)),
        Err(e) => match &location {
            Some(whole) => {
                let text = raw.get_ron();
                // The part of the value that did not fit, when the error
                // points inside it (an element of a list, a tuple's field).
                let start = offset_of(text, e.span.start.line, e.span.start.col);
                let end = offset_of(text, e.span.end.line, e.span.end.col).max(start);
                let end = if end == start {
                    start + token_len(&text[start..])
                } else {
                    end
                };
                let part = text[start..end].trim();
                let (span, written) = if start > 0 && !part.is_empty() && part.len() < text.trim().len() {
                    let lead = text[start..end].len() - text[start..end].trim_start().len();
                    let from = whole.span.start + start + lead;
                    (from..from + part.len(), part)
                } else {
                    (whole.span.clone(), text)
                };
                TYPE_ERRORS.with(|t| {
                    t.borrow_mut().push(TypeError {
                        location: Location {
                            source: whole.source,
                            span,
                        },
                        code: e.code,
                        text: written.to_string(),
                    })
                });
                Ok((None, location))
            }
            None => Err(E::custom(e.code)),
        },
    }
}

/// Reads `raw` as a list whose items are read one by one, so that a
/// mistake in one item does not hide those in the next.
fn recover_list<'de, T: Deserialize<'de>, E: serde::de::Error>(raw: &'de ron::value::RawValue) -> Result<Vec<T>, E> {
    let items = recover::<Vec<&'de ron::value::RawValue>, E>(raw)?.0.unwrap_or_default();
    let mut values = Vec::with_capacity(items.len());
    for item in items {
        if let Some(value) = recover::<T, E>(item)?.0 {
            values.push(value);
        }
    }
    Ok(values)
}

/// A list field read leniently, item by item (see [`lenient`]).
pub(crate) fn lenient_list<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
    recover_list::<T, D::Error>(raw)
}

/// An optional list field read leniently, item by item (see [`lenient`]).
pub(crate) fn lenient_option_list<'de, D, T>(deserializer: D) -> Result<Option<Vec<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
    match raw.get_ron().trim() {
        "None" => Ok(None),
        written if written.starts_with("Some") => Ok(recover::<Option<Vec<T>>, D::Error>(raw)?.0.flatten()),
        _ => recover_list::<T, D::Error>(raw).map(Some),
    }
}

/// An optional field that takes one value or a list of them (`(..)` or
/// `[(..), (..)]`), read leniently as [`lenient_option_list`] reads a list.
pub(crate) fn lenient_option_one_or_list<'de, D, T>(deserializer: D) -> Result<Option<Vec<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
    match raw.get_ron().trim() {
        "None" => Ok(None),
        written if written.starts_with('[') => recover_list::<T, D::Error>(raw).map(Some),
        written if written.starts_with("Some") => Ok(recover::<Option<T>, D::Error>(raw)?.0.flatten().map(|v| vec![v])),
        _ => Ok(recover::<T, D::Error>(raw)?.0.map(|v| vec![v])),
    }
}

/// The length in bytes of the RON token `text` starts with: a quoted
/// string or character (to its closing quote), else a run up to the next
/// separator.
fn token_len(text: &str) -> usize {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, quote @ ('"' | '\''))) => {
            let mut escaped = false;
            for (i, c) in chars {
                match c {
                    _ if escaped => escaped = false,
                    '\\' => escaped = true,
                    c if c == quote => return i + 1,
                    _ => {}
                }
            }
            text.len()
        }
        Some(_) => text
            .find(|c: char| c.is_whitespace() || ",()[]{}:".contains(c))
            .unwrap_or(text.len()),
        None => 0,
    }
}

/// A field read leniently (`#[serde(deserialize_with = "lenient")]`): a
/// value of the wrong type is noted as a type error and replaced by the
/// default, so that reading goes on and every such mistake is reported.
pub(crate) fn lenient<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
    Ok(recover::<T, D::Error>(raw)?.0.unwrap_or_default())
}

/// An optional field read leniently: `5`, `Some(5)` or `None`; a value of
/// the wrong type is noted as a type error and read as `None`.
pub(crate) fn lenient_option<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
    let written = raw.get_ron().trim();
    if written == "None" || written.starts_with("Some") {
        return Ok(recover::<Option<T>, D::Error>(raw)?.0.flatten());
    }
    Ok(recover::<T, D::Error>(raw)?.0)
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
    fn a_resumed_walk_finds_what_a_fresh_one_does() {
        let text = r#"("ab\té\u{e9}x\
             yz\"q", r"raw\t")"#;
        let sources = Sources {
            files: vec![SourceFile {
                name: "x".into(),
                text: text.into(),
            }],
        };
        let close = text.find(", r").unwrap();
        let literal = Location {
            source: 0,
            span: 1..close,
        };
        let raw = Location {
            source: 0,
            span: close + 2..text.len() - 1,
        };
        let decoded_len = "ab\té\u{e9}xyz\"q".len();
        for location in [&literal, &raw] {
            let walk = StringWalk::default();
            for at in 0..=decoded_len {
                let fresh = location.inside_string(&sources, at..at);
                let resumed = location.inside_string_walked(&sources, at..at, &walk);
                assert_eq!(fresh, resumed, "at {at}");
            }
            // Going back starts again from the literal's opening quote.
            assert_eq!(
                location.inside_string_walked(&sources, 1..2, &walk),
                location.inside_string(&sources, 1..2)
            );
        }
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
