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
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
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
    pub fn inside_string(&self, sources: &Sources, range: Range<usize>) -> Location {
        let text = &sources.files[self.source].text[self.span.clone()];
        let open = text.find('"').map_or(0, |i| i + 1);
        let start = self.span.start + open + range.start;
        Location {
            source: self.source,
            span: start..start + (range.end - range.start),
        }
    }
}

thread_local! {
    /// The file being deserialized: its id and the address range of its text.
    static CURRENT: Cell<Option<(SourceId, usize, usize)>> = const { Cell::new(None) };
}

/// Marks `text` (with id `source`) as the file being deserialized for the
/// lifetime of the returned guard, so [`Spanned`] values can find their span.
pub(crate) fn deserializing(source: SourceId, text: &str) -> CurrentGuard {
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

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Spanned<T> {
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
        let value = raw.into_rust::<T>().map_err(|e| D::Error::custom(e.code))?;
        Ok(Spanned { value, location })
    }
}
