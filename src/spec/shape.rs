//! Whether a text begins as a variant file: a RON struct with named
//! fields. A file read from disk that does not is reported as "not a
//! variant file" without a word of its content, so naming `/etc/passwd`
//! (in a protocol, a PGN tag, `extends`) never prints any of it.

/// Whether `text` begins, after a byte-order mark, blanks, comments and
/// `#![...]` attributes, with `(` (or `Name(`) followed by `)` or a field
/// name and `:`. Only a file that passes is parsed, so only RON-shaped
/// text is ever quoted in an error.
pub fn begins_as_struct(text: &str) -> bool {
    let mut rest = skip_trivia(text.strip_prefix('\u{feff}').unwrap_or(text));
    while let Some(attribute) = rest.strip_prefix("#!") {
        let Some(end) = attribute.find(']') else {
            return false;
        };
        rest = skip_trivia(&attribute[end + 1..]);
    }
    rest = skip_trivia(&rest[ident_len(rest)..]);
    let Some(inside) = rest.strip_prefix('(') else {
        return false;
    };
    rest = skip_trivia(inside);
    if rest.starts_with(')') {
        return true;
    }
    let n = ident_len(rest);
    n > 0 && skip_trivia(&rest[n..]).starts_with(':')
}

/// The length of the identifier `text` starts with (0 if none).
fn ident_len(text: &str) -> usize {
    let text_start = text.strip_prefix("r#").map_or(0, |_| 2);
    let body = &text[text_start..];
    if !body.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return 0;
    }
    text_start
        + body
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(body.len())
}

/// `text` after blanks and comments.
fn skip_trivia(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        if let Some(rest) = text.strip_prefix("//") {
            text = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if let Some(rest) = text.strip_prefix("/*") {
            text = rest.find("*/").map_or("", |i| &rest[i + 2..]);
        } else {
            return text;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::begins_as_struct;

    #[test]
    fn variant_files_begin_as_structs() {
        for text in [
            "(extends: \"chess\")",
            "\u{feff}// a comment\n/* more */ (\n  name: \"x\")",
            "#![enable(implicit_some)]\nVariantFile(name: \"x\")",
            "()",
            "( r#type : 1)",
        ] {
            assert!(begins_as_struct(text), "{text}");
        }
    }

    #[test]
    fn other_files_do_not() {
        for text in [
            "",
            "root:x:0:0:root:/root:/bin/bash",
            "PATH=/usr/bin\0HOME=/root",
            "(defun secret () 42)",
            "[1, 2]",
            "\"a string\"",
            "/* unclosed",
            "#![enable(",
            "(1: 2)",
        ] {
            assert!(!begins_as_struct(text), "{text}");
        }
    }
}
