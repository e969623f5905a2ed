//! The checker every pass of `check` reports to: the diagnostics found so
//! far, the pieces' names for "did you mean", and places inside the file's
//! strings. Its own file, so that the passes and `validate`, which runs
//! them, import it without importing each other.

use crate::base::diagnostic::Diagnostic;
use crate::base::span::StringWalk;
use crate::spec::{Location, Sources, Spanned};

/// Collects diagnostics as the checks run.
pub(super) struct Checker<'a> {
    pub(super) sources: &'a Sources,
    pub(super) found: Vec<Diagnostic>,
    /// The pieces' names (lower case) and letters, for "did you mean".
    pub(super) names: Vec<(String, char)>,
    /// Where the last place found inside a string literal was, so that
    /// places found in order in one long string cost one pass over it.
    pub(super) walk: StringWalk,
    /// The marks the sentences name, in the order first named (at most
    /// [`MAX_MARKS`](crate::base::limits::MAX_MARKS)).
    pub(super) marks: Vec<String>,
    /// Whether the file declares a `kind_sequence` (`transform(S, next)`
    /// needs one).
    pub(super) kind_sequence: bool,
}

impl Checker<'_> {
    pub(super) fn error(&mut self, message: impl Into<String>, at: Option<Location>, help: impl Into<String>) {
        self.found.push(Diagnostic::error(message, at).with_help(help));
    }

    /// Location of `range` inside the string literal `spanned`.
    pub(super) fn inside<T>(&self, spanned: &Spanned<T>, range: std::ops::Range<usize>) -> Option<Location> {
        spanned
            .location
            .as_ref()
            .map(|l| l.inside_string_walked(self.sources, range, &self.walk))
    }

    /// Location of the first `needle` written inside the value at
    /// `location` (a key of a map), or the whole value when it is not found.
    pub(super) fn find_in(&self, location: &Option<Location>, needle: &str) -> Option<Location> {
        let l = location.as_ref()?;
        let text = self.sources.files.get(l.source)?.text.get(l.span.clone())?;
        Some(match text.find(needle) {
            Some(i) => Location {
                source: l.source,
                span: l.span.start + i..l.span.start + i + needle.len(),
            },
            None => l.clone(),
        })
    }

    /// The opening parenthesis of the file being checked (source 0): where
    /// a missing field would go.
    pub(super) fn root(&self) -> Option<Location> {
        let text = &self.sources.files.first()?.text;
        let at = text.find('(').unwrap_or(0);
        Some(Location {
            source: 0,
            span: at..at + 1,
        })
    }

    pub(super) fn require<'v, T>(&mut self, value: &'v Option<T>, field: &str, example: &str) -> Option<&'v T> {
        if value.is_none() {
            let at = self.root();
            self.error(
                format!("missing field `{field}`"),
                at,
                format!("add `{field}: {example}`"),
            );
        }
        value.as_ref()
    }
}
