//! Refusals, the importer's one kind of error: an option (or the section)
//! kaboom cannot express, with the gap in its rule language and the
//! reason. A leaf: every pass imports it, it imports none of them.

use super::state::Origin;

/// Why one option (or the section itself) cannot be converted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Where the option was written (`None`: the section as a whole).
    pub origin: Option<Origin>,
    /// The gap in kaboom's rule language, one short name shared by refusals of the same kind.
    pub gap: String,
    /// The reason in words.
    pub reason: String,
}

/// A refusal of the option written at `origin` (`None`: the section).
pub(crate) fn refuse(origin: Option<&Origin>, gap: &str, reason: impl Into<String>) -> Refusal {
    Refusal {
        origin: origin.cloned(),
        gap: gap.to_string(),
        reason: reason.into(),
    }
}

/// What a pass built, with every refusal it found on the way. A pass
/// builds its part even when it refuses, so that the passes after it can
/// still look for their own refusals: a section is refused with all of
/// them at once, never one at a time.
pub(crate) struct Built<T> {
    /// The part of the variant file.
    pub part: T,
    /// The options the pass could not express (empty: none).
    pub refusals: Vec<Refusal>,
}

impl<T> Built<T> {
    /// The part `build` returns, with the refusals it pushes.
    pub(crate) fn collect(build: impl FnOnce(&mut Vec<Refusal>) -> T) -> Built<T> {
        let mut refusals = Vec::new();
        let part = build(&mut refusals);
        Built { part, refusals }
    }

    /// The part, its refusals added to `all`.
    pub(crate) fn into_part(self, all: &mut Vec<Refusal>) -> T {
        all.extend(self.refusals);
        self.part
    }
}
