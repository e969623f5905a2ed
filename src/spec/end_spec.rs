//! An end rule as a variant file writes it: the sentence alone, or the
//! sentence with the name a result gives as its reason, read from either
//! written form.

use crate::base::span::Spanned;
use serde::Deserialize;

/// One end rule: its sentence, and optionally its name, the words a
/// result gives as its reason (`{own}` and `{enemy}` stand for the side the
/// rule is checked for and the other: `"{own}'s king was captured"`).
/// Written as the sentence alone (`"checkmate: loss"`) or as
/// `(rule: "...", name: "...")`. It reads as its sentence ([`Deref`]).
///
/// [`Deref`]: std::ops::Deref
#[derive(Clone, Debug, Default)]
pub struct EndSpec {
    /// The rule's sentence.
    pub rule: Spanned<String>,
    /// The rule's name for a result's reason.
    pub name: Option<Spanned<String>>,
}

impl EndSpec {
    /// A rule written as its sentence alone, with no place in a file.
    pub fn unplaced(rule: &str) -> EndSpec {
        EndSpec {
            rule: Spanned::unplaced(rule.to_string()),
            name: None,
        }
    }
}

impl std::ops::Deref for EndSpec {
    type Target = Spanned<String>;
    fn deref(&self) -> &Spanned<String> {
        &self.rule
    }
}

/// The written form `(rule: "...", name: "...")`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NamedEndSpec {
    rule: Spanned<String>,
    #[serde(default)]
    name: Option<Spanned<String>>,
}

impl<'de> Deserialize<'de> for EndSpec {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let raw: &'de ron::value::RawValue = Deserialize::deserialize(deserializer)?;
        // Read as the file is (`IMPLICIT_SOME`), from the file's own text
        // so that the values inside keep their place.
        let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        if first_token(raw.get_ron()).starts_with('(') {
            let named: NamedEndSpec = options.from_str(raw.get_ron()).map_err(D::Error::custom)?;
            Ok(EndSpec {
                rule: named.rule,
                name: named.name,
            })
        } else {
            let rule: Spanned<String> = options.from_str(raw.get_ron()).map_err(D::Error::custom)?;
            Ok(EndSpec { rule, name: None })
        }
    }
}

/// `text` from its first token on: whitespace and comments skipped.
fn first_token(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        if let Some(rest) = text.strip_prefix("//") {
            text = rest.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(rest) = text.strip_prefix("/*") {
            text = rest.split_once("*/").map_or("", |(_, after)| after);
        } else {
            return text;
        }
    }
}
