//! Values of the wrong type in a variant file, in words: what was written,
//! what the field takes, and the value rewritten when it is clear (`"N"`
//! for a letter becomes `'N'`).

use crate::base::diagnostic::Diagnostic;
use crate::base::span::TypeError;

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
        ref other => return super::loader::ron_diagnostic(other, e.location.clone()),
    };
    Diagnostic::error(message, Some(e.location.clone())).with_help(help)
}
