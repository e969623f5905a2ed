//! Values of the wrong type in a variant file, in words: what was written,
//! what the field takes, and the value rewritten when it is clear (`"N"`
//! for a letter becomes `'N'`), and the other RON errors (unknown fields
//! and values, with the closest one suggested).

use crate::base::diagnostic::Diagnostic;
use crate::base::span::{Location, TypeError};

/// The diagnostic for one value of the wrong type.
pub(crate) fn type_error_diagnostic(e: &TypeError) -> Diagnostic {
    let text = e.text.trim();
    let quoted = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
    let (message, help) = match e.code {
        ron::Error::ExpectedChar => match quoted.filter(|t| t.chars().count() == 1) {
            Some(letter) => (
                format!("a letter is written in single quotes: '{letter}', not {text}"),
                format!("write '{letter}'"),
            ),
            None => (
                format!("expected one letter in single quotes, found {text}"),
                "write a letter such as 'N'".to_string(),
            ),
        },
        ron::Error::ExpectedInteger => (
            format!("expected a whole number, found {text}"),
            match quoted.and_then(|t| t.parse::<i64>().ok()) {
                Some(n) => format!("write {n}, without quotes"),
                None => "write a number such as 8, without quotes".to_string(),
            },
        ),
        ron::Error::ExpectedString | ron::Error::ExpectedStringEnd => (
            format!("expected text in double quotes, found {text}"),
            match text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
                Some(inner) => format!("write \"{inner}\""),
                None => format!("write \"{text}\""),
            },
        ),
        ron::Error::ExpectedBoolean => (
            format!("expected `true` or `false`, found {text}"),
            "write true or false, without quotes".to_string(),
        ),
        ron::Error::ExpectedArray => (
            format!("expected a list in square brackets, found {text}"),
            format!("write [{text}]"),
        ),
        ron::Error::ExpectedStructLike | ron::Error::ExpectedNamedStructLike(_) => (
            format!("expected fields in parentheses, `(name: value, ...)`, found {text}"),
            "docs/format.md lists the fields this takes".to_string(),
        ),
        ref other => return ron_diagnostic(other, e.location.clone()),
    };
    Diagnostic::error(message, Some(e.location.clone())).with_help(help)
}

/// The diagnostic for a RON error other than a value of the wrong type.
pub(super) fn ron_diagnostic(code: &ron::Error, location: Location) -> Diagnostic {
    match code {
        ron::Error::NoSuchStructField { expected, found, .. } => {
            let d = Diagnostic::error(format!("unknown field `{found}`"), Some(location));
            match closest(found, expected.iter().copied()) {
                Some(best) => d.with_help(format!("did you mean `{best}`? fields here: {}", expected.join(", "))),
                None => d.with_help(format!("fields here: {}", expected.join(", "))),
            }
        }
        ron::Error::MissingStructField { field, outer } => {
            let owner = outer
                .as_deref()
                .map(|o| format!(" in {}", group_name(o)))
                .unwrap_or_default();
            Diagnostic::error(format!("missing field `{field}`{owner}"), Some(location))
                .with_help(format!("add `{field}: ...`; docs/format.md lists every field"))
        }
        ron::Error::NoSuchEnumVariant { expected, found, .. } => {
            let d = Diagnostic::error(format!("unknown value `{found}`"), Some(location));
            match closest(found, expected.iter().copied()) {
                Some(best) => d.with_help(format!("did you mean `{best}`? write one of: {}", expected.join(", "))),
                None => d.with_help(format!("write one of: {}", expected.join(", "))),
            }
        }
        other => Diagnostic::error(format!("invalid RON: {other}"), Some(location))
            .with_help("see docs/format.md for the layout of a variant file"),
    }
}

/// A group of fields in words, from the name of the type that reads it.
fn group_name(type_name: &str) -> String {
    let words = match type_name {
        "VariantFile" => "the variant file",
        "BoardSpec" => "`board`",
        "PieceSpec" => "a piece",
        "PromotionSpec" => "`promotion`",
        "CastlingSpec" => "a castling rule",
        "DropsSpec" => "`drops`",
        "DropZoneSpec" => "a drop zone",
        "RegionSpec" => "a region",
        "MovesInSpec" => "a `moves_in` or `moves_along` entry",
        "SetupSpec" => "`setup`",
        "PlaceSpec" => "a `place` entry",
        "CarrySpec" => "`carry`",
        "ActionSpec" => "an action",
        "ShieldSpec" => "`shield`",
        "Scenario" => "the scenario",
        "Expect" => "`expect`",
        other => return format!("`{other}`"),
    };
    words.to_string()
}

/// The candidate closest to `word`, if one is close enough to suggest.
pub(crate) fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}
