//! The fit as a variant file's `evaluation` section (docs/format.md,
//! "Evaluation weights"), and that section put into a file's text: the
//! field replaced where the file has one, added before the file's closing
//! parenthesis where it has none; the rest of the text is left as written.

use super::Tuned;

/// The section's value: material at 100%, each term's weight (rounded, 0
/// to 1000), each piece's value (rounded, at least 1) and each kind's
/// square table that is not all 0 (rounded), as the printer writes the
/// section (`kaboom fmt`): on one line without tables, else one field a
/// line and a table's ranks one a line.
pub fn section_text(t: &Tuned) -> String {
    let placed = |v: i64| Some(crate::spec::Spanned::unplaced(v));
    let mut spec = crate::spec::EvaluationSpec {
        material: placed(100),
        ..Default::default()
    };
    for w in &t.weights {
        let percent = w.after.round().clamp(0.0, f64::from(crate::base::weights::MAX_WEIGHT));
        match w.name.as_str() {
            "mobility" => spec.mobility = placed(percent as i64),
            "centre" => spec.centre = placed(percent as i64),
            "advancement" => spec.advancement = placed(percent as i64),
            "royal_safety" => spec.royal_safety = placed(percent as i64),
            "tempo" => spec.tempo = placed(percent as i64),
            "passed" => spec.passed = placed(percent as i64),
            "structure" => spec.structure = placed(percent as i64),
            "attacks" => spec.attacks = placed(percent as i64),
            "shelter" => spec.shelter = placed(percent as i64),
            "pair" => spec.pair = placed(percent as i64),
            "open_files" => spec.open_files = placed(percent as i64),
            _ => {}
        }
    }
    let values = (t.values.iter())
        .filter_map(|v| Some((v.name.chars().next()?, v.after.round().max(1.0) as i64)))
        .collect();
    spec.values = Some(crate::spec::Spanned::unplaced(values));
    let squares: std::collections::BTreeMap<char, _> = (t.squares.iter())
        .filter(|k| !k.is_zero())
        .map(|k| {
            let ranks = k
                .ranks_as_written()
                .into_iter()
                .map(crate::spec::Spanned::unplaced)
                .collect();
            (k.letter, crate::spec::Spanned::unplaced(ranks))
        })
        .collect();
    if !squares.is_empty() {
        spec.squares = Some(squares);
    }
    crate::spec::evaluation_text(&spec)
}

/// Why the section cannot be put into a file's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SectionError {
    /// The text is not one RON struct.
    #[error("the file is not a variant file (no top-level `( ... )` found)")]
    NoStruct,
}

/// A byte range of the text and what kind of token it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    Comma,
    Colon,
    Word,
    Other,
}

/// The tokens of RON text with their byte ranges, comments and
/// whitespace left out (strings, raw strings and characters as `Other`).
fn tokens(text: &str) -> Vec<(Token, usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b[i..].starts_with(b"//") {
            i = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| i + p);
            continue;
        }
        if b[i..].starts_with(b"/*") {
            i = crate::spec::block_comment_end(b, i);
            continue;
        }
        let token = match c {
            b'(' | b'[' | b'{' => {
                i += 1;
                Token::Open
            }
            b')' | b']' | b'}' => {
                i += 1;
                Token::Close
            }
            b',' => {
                i += 1;
                Token::Comma
            }
            b':' => {
                i += 1;
                Token::Colon
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                Token::Other
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#')) => {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                let mut close = vec![b'"'];
                close.extend(std::iter::repeat_n(b'#', hashes));
                let from = i + 2 + hashes;
                i = (from.min(b.len())..b.len())
                    .find(|&j| b[j..].starts_with(&close))
                    .map_or(b.len(), |j| j + close.len());
                Token::Other
            }
            b'\'' => {
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                Token::Other
            }
            c if c.is_ascii_alphanumeric() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                Token::Word
            }
            _ => {
                i += 1;
                Token::Other
            }
        };
        out.push((token, start, i));
    }
    out
}

/// `text` with its top-level `evaluation` field set to `section` (the
/// value, as [`section_text`] writes it).
pub fn put_section(text: &str, section: &str) -> Result<String, SectionError> {
    let toks = tokens(text);
    let mut depth = 0usize;
    let mut outer: Option<usize> = None;
    let mut last_before_close = None;
    for (n, &(tok, start, end)) in toks.iter().enumerate() {
        match tok {
            Token::Open => {
                if depth == 0 && outer.is_none() && text[start..end] == *"(" {
                    outer = Some(n);
                }
                depth += 1;
            }
            Token::Close => {
                depth = depth.saturating_sub(1);
                if depth == 0 && outer.is_some() {
                    last_before_close = Some(n);
                    break;
                }
            }
            Token::Word
                if depth == 1
                    && outer.is_some()
                    && &text[start..end] == "evaluation"
                    && toks.get(n + 1).is_some_and(|t| t.0 == Token::Colon) =>
            {
                // The value: from after the colon to the comma or the
                // closing parenthesis at this depth.
                let from = toks.get(n + 2).map_or(text.len(), |t| t.1);
                let mut d = 0usize;
                let mut to = text.len();
                for &(t, s, e) in &toks[n + 2..] {
                    match t {
                        Token::Open => d += 1,
                        Token::Close if d == 0 => {
                            to = s;
                            break;
                        }
                        Token::Close => {
                            d -= 1;
                            if d == 0 {
                                to = e;
                                break;
                            }
                        }
                        Token::Comma if d == 0 => {
                            to = s;
                            break;
                        }
                        _ => {}
                    }
                }
                // Trim the value's trailing whitespace (comments stay).
                let to = from + text[from..to].trim_end().len();
                return Ok(format!("{}{}{}", &text[..from], section, &text[to..]));
            }
            _ => {}
        }
    }
    let close = last_before_close.ok_or(SectionError::NoStruct)?;
    let previous = toks[close - 1];
    let comma = if matches!(previous.0, Token::Comma | Token::Open) {
        ""
    } else {
        ","
    };
    // After the last field (and its comma), on a line of its own.
    let after = previous.2;
    Ok(format!(
        "{}{}\n    evaluation: {},{}",
        &text[..after],
        comma,
        section,
        &text[after..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_is_replaced_where_the_file_has_one() {
        let text = "// comment (evaluation: x)\n(name: \"a (b\", evaluation: (tempo: 5), end: [\"x\"], c: ')')\n";
        let out = put_section(text, "(tempo: 7)").unwrap();
        assert_eq!(
            out,
            "// comment (evaluation: x)\n(name: \"a (b\", evaluation: (tempo: 7), end: [\"x\"], c: ')')\n"
        );
        // Last field, with a trailing comma and a comment.
        let text = "(\n  name: \"a\",\n  evaluation: (tempo: 5, values: {'N': 3}), // tuned\n)\n";
        let out = put_section(text, "(tempo: 9)").unwrap();
        assert_eq!(out, "(\n  name: \"a\",\n  evaluation: (tempo: 9), // tuned\n)\n");
        // A field that only ends in its name is another field.
        let text = "(my_evaluation: 1, pieces: [(evaluation: 2)])";
        assert!(
            put_section(text, "(tempo: 9)")
                .unwrap()
                .contains("evaluation: (tempo: 9),")
        );
    }

    #[test]
    fn the_field_is_added_where_the_file_has_none() {
        let text = "(\n    name: \"a\",\n    end: [\"x\"]\n)\n";
        let out = put_section(text, "(tempo: 9)").unwrap();
        assert_eq!(
            out,
            "(\n    name: \"a\",\n    end: [\"x\"],\n    evaluation: (tempo: 9),\n)\n"
        );
        let text = "(name: \"a\",) // end";
        let out = put_section(text, "(tempo: 9)").unwrap();
        assert_eq!(out, "(name: \"a\",\n    evaluation: (tempo: 9),) // end");
        assert_eq!(put_section("// nothing", "()"), Err(SectionError::NoStruct));
        assert_eq!(put_section("[1, 2]", "()"), Err(SectionError::NoStruct));
    }
}
