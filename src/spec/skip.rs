//! What the writer leaves out of a variant file: a field at its default
//! reads back the same (the `skip_serializing_if` tests of the spec types),
//! and how an end rule is written.

use super::{EndSpec, Spanned};
use serde::Serialize;

pub(super) fn is_true(b: &bool) -> bool {
    *b
}

pub(super) fn is_false(b: &bool) -> bool {
    !*b
}

pub(super) fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

pub(super) fn is_flat(wrap: &crate::base::geometry::Wrap) -> bool {
    *wrap == crate::base::geometry::Wrap::Flat
}

pub(super) fn spanned_is_empty(list: &Spanned<Vec<u32>>) -> bool {
    list.value.is_empty()
}

impl Serialize for EndSpec {
    /// The rule alone when it has no name, else `(rule: .., name: ..)`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        match &self.name {
            None => self.rule.serialize(serializer),
            Some(name) => {
                let mut s = serializer.serialize_struct("EndSpec", 2)?;
                s.serialize_field("rule", &self.rule)?;
                s.serialize_field("name", name)?;
                s.end()
            }
        }
    }
}
