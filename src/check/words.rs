//! Words a variant file gives for messages people read: the word for a
//! square that becomes blocked (`block_word`) and the names of end rules.
//! They are printed in traces, results and PGN tags, so they must be short,
//! one line, and free of characters that would break those records.

use super::checker::Checker;
use crate::base::span::Spanned;

/// The longest word or name accepted, in characters.
pub const MAX_WORD_CHARS: usize = 80;

/// Why `text` cannot be printed as a word of `what`, if it cannot.
pub fn problem(text: &str) -> Option<String> {
    let chars = text.chars().count();
    if text.trim().is_empty() {
        return Some("it is empty".to_string());
    }
    if text.trim() != text {
        return Some("it starts or ends with a space".to_string());
    }
    if chars > MAX_WORD_CHARS {
        return Some(format!(
            "it has {chars} characters; at most {MAX_WORD_CHARS} are allowed"
        ));
    }
    if let Some(c) = text
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '\'' | '-' | ',' | '.' | '{' | '}')))
    {
        return Some(format!("it contains `{}`", c.escape_default()));
    }
    None
}

/// Checks one word of the file; `field` names it in the error.
pub(super) fn check_word(c: &mut Checker<'_>, field: &str, word: &Spanned<String>) {
    if let Some(why) = problem(&word.value) {
        c.error(
            format!("`{field}` cannot be printed: {why}"),
            word.location.clone(),
            format!(
                "write a short phrase of letters, digits, spaces and `' - , .`, at most {MAX_WORD_CHARS} characters"
            ),
        );
    }
}

/// Checks an end rule's `name`: a word as [`check_word`] wants it, whose
/// only braces are the placeholders `{own}` and `{enemy}`.
pub(super) fn check_end_name(c: &mut Checker<'_>, name: &Spanned<String>) {
    if problem(&name.value).is_some() {
        return check_word(c, "name", name);
    }
    let rest = name.value.replace("{own}", "").replace("{enemy}", "");
    if rest.contains(['{', '}']) {
        c.error(
            "an end rule's `name` may hold only the placeholders `{own}` and `{enemy}` in braces",
            name.location.clone(),
            "`{own}` is the side the rule is checked for (the side to move), `{enemy}` the other: \
             \"{own}'s king was captured\"",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn words_must_be_short_printable_phrases() {
        assert_eq!(problem("cratered"), None);
        assert_eq!(problem("{own}'s king was captured"), None);
        assert!(problem("").is_some());
        assert!(problem(" x").is_some());
        assert!(problem("a\nb").is_some_and(|w| w.contains("\\n")));
        assert!(problem("a\"b").is_some());
        assert!(problem(&"x".repeat(81)).is_some());
    }
}
