//! The comments of a variant file, found by where they stand, so that the
//! writer can put them back when it rewrites the file in its canonical
//! form (`kaboom fmt`). serde reads no comments; this reads nothing else.
//!
//! Which comments are kept, and where they go:
//! - before the opening `(` (and any `#![enable(..)]` line): at the top;
//! - before a top-level field: before that field, by the field's name;
//! - on the line of a top-level field, after it: after it on its line;
//! - before an entry of a top-level list (`pieces`, `end`, ...): before
//!   the entry of the same position; on its line, after it: after it;
//! - before a list's `]` or the file's `)`: before them;
//! - after the closing `)`: at the end;
//! - inside a field's value or a list's entry (between a piece's fields,
//!   say): moved before that field or entry, since the writer puts the
//!   value on one line.
//!
//! No comment is dropped: one the writer cannot place (a field it does not
//! write) goes before the closing `)`.

use std::collections::BTreeMap;

/// Comments placed before and after one thing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Placed {
    /// Whole comments, each as written, before the thing (on lines of their own).
    pub leading: Vec<String>,
    /// A comment after the thing on its line.
    pub trailing: Option<String>,
}

/// The comments of one top-level field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldComments {
    /// Before and after the field.
    pub field: Placed,
    /// Around each entry of its list, by position.
    pub items: Vec<Placed>,
    /// Before the list's closing `]`.
    pub closing: Vec<String>,
}

impl FieldComments {
    /// Whether any comment stands inside the field's list.
    pub fn inside(&self) -> bool {
        !self.closing.is_empty() || self.items.iter().any(|p| !p.leading.is_empty() || p.trailing.is_some())
    }
}

/// Every comment of a file, by place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comments {
    /// Comments and `#![..]` attributes before the opening `(`.
    pub header: Vec<String>,
    /// By top-level field name.
    pub fields: BTreeMap<String, FieldComments>,
    /// Before the closing `)`.
    pub closing: Vec<String>,
    /// After the closing `)`.
    pub footer: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Open(u8),
    Close,
    Comma,
    Colon,
    Word(String),
    Atom,
    Comment(String),
    Attribute(String),
}

/// The tokens of `text` with the line each starts on.
fn lex(text: &str) -> Vec<(Tok, usize)> {
    let b = text.as_bytes();
    let (mut i, mut line, mut out) = (0, 0, Vec::new());
    while i < b.len() {
        let start_line = line;
        let c = b[i];
        let start = i;
        let tok = match c {
            b'\n' => {
                line += 1;
                i += 1;
                continue;
            }
            c if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                Tok::Comment(text[start..i].trim_end().to_string())
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = block_comment_end(b, i);
                line += b[start..i].iter().filter(|&&c| c == b'\n').count();
                Tok::Comment(text[start..i].to_string())
            }
            b'#' if b.get(i + 1) == Some(&b'!') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                Tok::Attribute(text[start..i].trim_end().to_string())
            }
            b'(' | b'[' | b'{' => {
                i += 1;
                Tok::Open(c)
            }
            b')' | b']' | b'}' => {
                i += 1;
                Tok::Close
            }
            b',' => {
                i += 1;
                Tok::Comma
            }
            b':' => {
                i += 1;
                Tok::Colon
            }
            b'"' | b'\'' => {
                i = quoted(b, i, &mut line);
                Tok::Atom
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#')) => {
                i = raw_string(b, i, &mut line);
                Tok::Atom
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                Tok::Word(text[start..i].to_string())
            }
            _ => {
                // Numbers, signs and anything else: one character at a time
                // (only the structure matters here).
                i += text[i..].chars().next().map_or(1, char::len_utf8);
                Tok::Atom
            }
        };
        out.push((tok, start_line));
    }
    out
}

/// The end of the string or character literal starting at `i`.
fn quoted(b: &[u8], mut i: usize, line: &mut usize) -> usize {
    let quote = b[i];
    i += 1;
    while i < b.len() && b[i] != quote {
        if b[i] == b'\\' {
            i += 1;
        }
        if b.get(i) == Some(&b'\n') {
            *line += 1;
        }
        i += 1;
    }
    (i + 1).min(b.len())
}

/// The end of the raw string `r#"..."#` starting at `i`.
fn raw_string(b: &[u8], mut i: usize, line: &mut usize) -> usize {
    i += 1;
    let hashes = b[i..].iter().take_while(|&&c| c == b'#').count();
    i += hashes;
    if b.get(i) != Some(&b'"') {
        return i;
    }
    i += 1;
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    while i < b.len() && !b[i..].starts_with(&close) {
        *line += usize::from(b[i] == b'\n');
        i += 1;
    }
    (i + close.len()).min(b.len())
}

/// Where the walk stands.
struct Walk {
    comments: Comments,
    /// The current top-level field.
    field: Option<String>,
    /// Whether the current field's value is a list (`[` at depth 1).
    list: bool,
    /// Comments waiting for the next thing at depth 1 or 2.
    pending: Vec<String>,
    /// Depth 1: a field name is next; depth 2 in a list: an entry is next.
    expecting: bool,
}

impl Walk {
    fn field_mut(&mut self) -> Option<&mut FieldComments> {
        let name = self.field.clone()?;
        Some(self.comments.fields.entry(name).or_default())
    }

    /// A comment inside a value: before the current entry, else the field.
    fn inner(&mut self, text: String) {
        let Some(f) = self.field_mut() else {
            return self.comments.closing.push(text);
        };
        match f.items.last_mut() {
            Some(item) => item.leading.push(text),
            None => f.field.leading.push(text),
        }
    }
}

/// The comments of `text`, a variant file, by place (see the module's
/// doc). Text that is no well-formed RON gives what could be placed.
pub fn comments_of(text: &str) -> Comments {
    let mut w = Walk {
        comments: Comments::default(),
        field: None,
        list: false,
        pending: Vec::new(),
        expecting: false,
    };
    let (mut depth, mut last_line, mut done) = (0usize, usize::MAX, false);
    for (tok, line) in lex(text) {
        let same_line = line == last_line;
        if let Tok::Comment(c) = tok {
            match depth {
                _ if done => w.comments.footer.push(c),
                0 => w.comments.header.push(c),
                1 if same_line => match w.field_mut() {
                    Some(f) if f.field.trailing.is_none() => f.field.trailing = Some(c),
                    _ => w.pending.push(c),
                },
                2 if w.list && same_line => match w.field_mut().and_then(|f| f.items.last_mut()) {
                    Some(item) if item.trailing.is_none() => item.trailing = Some(c),
                    _ => w.pending.push(c),
                },
                1 => w.pending.push(c),
                2 if w.list => w.pending.push(c),
                _ => w.inner(c),
            }
            continue;
        }
        last_line = line;
        match tok {
            Tok::Attribute(a) if depth == 0 => w.comments.header.push(a),
            Tok::Open(c) => {
                depth += 1;
                if depth == 1 {
                    w.expecting = true;
                } else if depth == 2 {
                    w.list = c == b'[';
                    w.expecting = w.list;
                } else if depth == 3 {
                    w.start_entry();
                }
            }
            Tok::Close => {
                if depth == 2 && w.list {
                    let pending = std::mem::take(&mut w.pending);
                    if let Some(f) = w.field_mut() {
                        f.closing.extend(pending);
                    }
                    w.list = false;
                } else if depth == 1 {
                    w.comments.closing.append(&mut w.pending);
                    done = true;
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Comma if depth <= 2 => w.expecting = depth == 1 || w.list,
            Tok::Word(name) if depth == 1 && w.expecting => {
                let leading = std::mem::take(&mut w.pending);
                w.comments
                    .fields
                    .entry(name.clone())
                    .or_default()
                    .field
                    .leading
                    .extend(leading);
                w.field = Some(name);
                w.expecting = false;
            }
            _ if depth == 2 => w.start_entry(),
            _ => {}
        }
    }
    // Comments left waiting (a file cut short) are kept at the end.
    w.comments.closing.append(&mut w.pending);
    w.comments
}

impl Walk {
    /// The first token of a list entry starts it, with the comments before it.
    fn start_entry(&mut self) {
        if !(self.list && self.expecting) {
            return;
        }
        self.expecting = false;
        let leading = std::mem::take(&mut self.pending);
        if let Some(f) = self.field_mut() {
            f.items.push(Placed {
                leading,
                trailing: None,
            });
        }
    }
}

/// Where the block comment starting at `i` (`/*`) ends: the byte after its
/// closing `*/`, nested comments counted as RON reads them, or the text's
/// end when it is never closed.
pub(crate) fn block_comment_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    i.min(b.len())
}

#[cfg(test)]
mod tests {
    use super::block_comment_end;

    #[test]
    fn block_comments_nest_and_may_run_to_the_end() {
        let text = b"/* a /* b */ c */ (x: 1)";
        assert_eq!(block_comment_end(text, 0), 17);
        assert_eq!(block_comment_end(b"/* open /* */", 0), 13);
        assert_eq!(block_comment_end(b"x /**/", 2), 6);
    }
}
