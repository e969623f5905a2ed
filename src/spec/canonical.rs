//! Writing a variant file: the one canonical text of a [`VariantFile`],
//! which reads back to the same file (`kaboom fmt` writes it).
//!
//! The form: the fields in the order [`VariantFile`] declares them, one a
//! line, indented by four spaces, each ending with a comma; a value on one
//! line, as RON writes it compactly with a space after each `:` and `,`
//! (`board: (files: 8, ranks: 8)`); fields at their default left out; a
//! list on one line when it fits in 100 columns and holds no comment,
//! else one entry a line; `promotion` with one rule as that rule, not a
//! list; an end rule with no name as its sentence; an `evaluation` with
//! square tables one field a line, each table's ranks one a line. Options are written as
//! their value (RON's `implicit_some`, as the loader reads files). The
//! comments of the source text are put back as [`super::comments`] says.

use super::VariantFile;
use super::comments::{Comments, FieldComments, comments_of};
use crate::base::diagnostic::LoadError;
use serde::Serialize;

/// The widest line a list is kept on.
const WIDTH: usize = 100;

/// A field's value: on one line, or a list of entries.
enum Value {
    One(String),
    List(Vec<String>),
}

/// The compact RON text of a value: `(letter: 'P', name: "pawn")`.
fn compact<T: Serialize + ?Sized>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .compact_structs(true)
        .compact_arrays(true)
        .compact_maps(true);
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .to_string_pretty(value, config)
        // The spec types hold strings, numbers, lists and maps only.
        .map(|text| unescape_quotes(&text))
        .expect("a variant file's values serialize")
}

/// `text` with the needless `\'` inside double-quoted strings written as
/// `'` (RON escapes strings as Rust's `escape_debug` does): `"{own}'s king"`.
fn unescape_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), '\\') => {
                let next = chars.next();
                if q == '"' && next == Some('\'') {
                    out.push('\'');
                } else {
                    out.push('\\');
                    out.extend(next);
                }
                continue;
            }
            (Some(q), c) if c == q => quote = None,
            _ => {}
        }
        out.push(c);
    }
    out
}

fn one<T: Serialize>(out: &mut Vec<(&'static str, Value)>, key: &'static str, value: &Option<T>) {
    if let Some(v) = value {
        out.push((key, Value::One(compact(v))));
    }
}

fn list<T: Serialize>(out: &mut Vec<(&'static str, Value)>, key: &'static str, value: &Option<Vec<T>>) {
    if let Some(items) = value {
        out.push((key, Value::List(items.iter().map(|i| compact(i)).collect())));
    }
}

/// The fields written, in order. The destructuring names every field, so
/// a field added to [`VariantFile`] fails to compile until it is written.
fn fields(file: &VariantFile) -> Vec<(&'static str, Value)> {
    let VariantFile {
        extends,
        name,
        description,
        board,
        pieces,
        start,
        setup,
        promotion,
        castling,
        castling_notation,
        clock_resets,
        regions,
        drops,
        pass,
        pass_on_stalemate,
        block_word,
        kind_sequence,
        rules,
        actions,
        shields,
        legal,
        end,
        counting,
        evaluation,
    } = file;
    let mut out = Vec::new();
    one(&mut out, "extends", extends);
    one(&mut out, "name", name);
    one(&mut out, "description", description);
    one(&mut out, "board", board);
    list(&mut out, "pieces", pieces);
    one(&mut out, "start", start);
    one(&mut out, "setup", setup);
    match promotion {
        Some(rules) if rules.len() == 1 => one(&mut out, "promotion", &rules.first()),
        _ => list(&mut out, "promotion", promotion),
    }
    list(&mut out, "castling", castling);
    one(&mut out, "castling_notation", castling_notation);
    list(&mut out, "clock_resets", clock_resets);
    list(&mut out, "regions", regions);
    one(&mut out, "drops", drops);
    one(&mut out, "pass", pass);
    one(&mut out, "pass_on_stalemate", pass_on_stalemate);
    one(&mut out, "block_word", block_word);
    one(&mut out, "kind_sequence", kind_sequence);
    list(&mut out, "rules", rules);
    list(&mut out, "actions", actions);
    list(&mut out, "shields", shields);
    list(&mut out, "legal", legal);
    list(&mut out, "end", end);
    one(&mut out, "counting", counting);
    if let Some(e) = evaluation {
        out.push(("evaluation", Value::One(evaluation_text(e))));
    }
    out
}

/// The `evaluation` section's value: on one line, as RON writes it
/// compactly; with square tables, one field a line, each table's ranks one
/// a line as the board is drawn (the rank farthest from White first), the
/// values right-aligned in their table. Indented for a top-level field.
pub fn evaluation_text(spec: &super::EvaluationSpec) -> String {
    let Some(squares) = spec.squares.as_ref().filter(|s| !s.is_empty()) else {
        return compact(spec);
    };
    let mut out = String::from("(\n");
    for (name, given) in spec.given() {
        if let Some(g) = given {
            out.push_str(&format!("        {name}: {},\n", g.value));
        }
    }
    if let Some(values) = &spec.values {
        out.push_str(&format!("        values: {},\n", compact(&values.value)));
    }
    out.push_str("        squares: {\n");
    for (letter, table) in squares {
        out.push_str(&format!("            {}: [\n", compact(letter)));
        let width = (table.iter().flat_map(|r| r.iter()))
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1);
        for rank in table.iter() {
            let cells: Vec<String> = rank.iter().map(|v| format!("{v:>width$}")).collect();
            out.push_str(&format!("                [{}],\n", cells.join(", ")));
        }
        out.push_str("            ],\n");
    }
    out.push_str("        },\n    )");
    out
}

/// One line at `depth` (four spaces each), with a comment after it.
fn line(out: &mut String, depth: usize, text: &str, trailing: Option<&String>) {
    out.push_str(&"    ".repeat(depth));
    out.push_str(text);
    if let Some(c) = trailing {
        out.push(' ');
        out.push_str(c);
    }
    out.push('\n');
}

fn comment_lines(out: &mut String, depth: usize, comments: &[String]) {
    for c in comments {
        line(out, depth, c, None);
    }
}

/// A list field: on one line when it fits and holds no comment.
fn write_list(out: &mut String, key: &str, items: &[String], c: &FieldComments) {
    let inline = format!("{key}: [{}],", items.join(", "));
    if !c.inside() && 4 + inline.len() <= WIDTH {
        return line(out, 1, &inline, c.field.trailing.as_ref());
    }
    line(out, 1, &format!("{key}: ["), None);
    for (i, item) in items.iter().enumerate() {
        let placed = c.items.get(i);
        comment_lines(out, 2, placed.map_or(&[], |p| &p.leading));
        line(out, 2, &format!("{item},"), placed.and_then(|p| p.trailing.as_ref()));
    }
    // Comments of entries the file no longer has stay, before the `]`.
    for p in c.items.iter().skip(items.len()) {
        comment_lines(out, 2, &p.leading);
        comment_lines(out, 2, p.trailing.as_slice());
    }
    comment_lines(out, 2, &c.closing);
    line(out, 1, "],", c.field.trailing.as_ref());
}

/// The canonical text of `file`, with `comments` put back in their places.
pub fn write_variant(file: &VariantFile, comments: &Comments) -> String {
    let mut out = String::new();
    for h in &comments.header {
        out.push_str(h);
        out.push('\n');
    }
    out.push_str("(\n");
    let none = FieldComments::default();
    let fields = fields(file);
    for (key, value) in &fields {
        let c = comments.fields.get(*key).unwrap_or(&none);
        comment_lines(&mut out, 1, &c.field.leading);
        match value {
            Value::One(v) => line(&mut out, 1, &format!("{key}: {v},"), c.field.trailing.as_ref()),
            Value::List(items) => write_list(&mut out, key, items, c),
        }
    }
    // Comments of fields not written (none in a file that loads) stay.
    for (key, c) in &comments.fields {
        if fields.iter().all(|(k, _)| k != key) {
            comment_lines(&mut out, 1, &c.field.leading);
            comment_lines(&mut out, 1, c.field.trailing.as_slice());
            for p in &c.items {
                comment_lines(&mut out, 1, &p.leading);
                comment_lines(&mut out, 1, p.trailing.as_slice());
            }
            comment_lines(&mut out, 1, &c.closing);
        }
    }
    comment_lines(&mut out, 1, &comments.closing);
    out.push_str(")\n");
    for f in &comments.footer {
        out.push_str(f);
        out.push('\n');
    }
    out
}

/// The canonical text of the variant file `text` (named `name` in
/// diagnostics), its comments kept: the file as written, its `extends`
/// not followed. A text that does not read as a variant file gives the
/// located diagnostics of loading it.
pub fn canonical(name: &str, text: &str) -> Result<String, LoadError> {
    let file: VariantFile = super::read_ron(name, text)?;
    Ok(write_variant(&file, &comments_of(text)))
}
