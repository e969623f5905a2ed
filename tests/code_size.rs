//! The crate's size limits (issue #36, item 5): no file under `src/` over
//! 800 lines, and at most 0.7 functions over 80 lines per thousand lines.
//! A function that is one `match` over a grammar's cases may be longer
//! when a comment just above it says it "reads better whole"; it is not
//! counted. `scripts/long-functions.py src` lists the long functions.

mod common;

use common::source::{code_only, rust_files};
use std::fs;
use std::path::Path;

/// Most lines a source file may have.
const MAX_FILE_LINES: usize = 800;
/// Most lines a function may have before it counts as long.
const MAX_FUNCTION_LINES: usize = 80;
/// Most long functions per thousand lines of `src/`.
const MAX_LONG_PER_THOUSAND: f64 = 0.7;

/// Files still over the limit, with the lines they may not grow beyond:
/// each must shrink, and leave the list once under the limit.
const KNOWN_LONG_FILES: &[(&str, usize)] = &[];

/// A function in a file: its name, first line and length in lines.
#[derive(Debug)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// Every `fn NAME` with a body in `code` (comments and literals blanked):
/// from its `fn` line to the brace that closes its body.
fn functions(code: &str) -> Vec<Function> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(at) = code[i..].find("fn ").map(|p| p + i) {
        i = at + 3;
        if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let name: String = code[i..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body: the first `{` outside brackets, unless a `;` ends the item first.
        let (mut depth, mut j) = (0i32, i);
        let open = loop {
            match b.get(j) {
                None => break None,
                Some(b'(' | b'<' | b'[') => depth += 1,
                Some(b')' | b'>' | b']') => depth -= 1,
                Some(b';') if depth <= 0 => break None,
                Some(b'{') if depth <= 0 => break Some(j),
                _ => {}
            }
            j += 1;
        };
        let Some(open) = open else { continue };
        let mut braces = 0;
        let close = (open..b.len()).find(|&k| {
            match b[k] {
                b'{' => braces += 1,
                b'}' => braces -= 1,
                _ => {}
            }
            braces == 0
        });
        let Some(close) = close else { continue };
        let first = code[..at].matches('\n').count() + 1;
        let last = code[..close].matches('\n').count() + 1;
        out.push(Function {
            name,
            line: first,
            lines: last - first + 1,
        });
    }
    out
}

/// Whether the comments and attributes just above line `line` (1-based)
/// say the function reads better whole.
fn said_whole(text: &str, line: usize) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    lines[..line - 1]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("//") || l.starts_with("#["))
        .any(|l| l.contains("reads better whole"))
}

#[test]
fn files_and_functions_stay_short() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let (mut total, mut long, mut problems) = (0usize, Vec::new(), Vec::new());
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        let rel = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        let lines = text.lines().count();
        total += lines;
        match KNOWN_LONG_FILES.iter().find(|(f, _)| *f == rel) {
            Some((_, most)) if lines > *most => {
                problems.push(format!("{rel} has {lines} lines; it may not grow beyond {most}"))
            }
            Some(_) if lines <= MAX_FILE_LINES => {
                problems.push(format!("{rel} has {lines} lines: remove it from KNOWN_LONG_FILES"))
            }
            Some(_) => {}
            None if lines > MAX_FILE_LINES => {
                problems.push(format!("{rel} has {lines} lines, over {MAX_FILE_LINES}: split it"))
            }
            None => {}
        }
        for f in functions(&code_only(&text)) {
            if f.lines > MAX_FUNCTION_LINES && !said_whole(&text, f.line) {
                long.push(format!("{rel}:{} {} ({} lines)", f.line, f.name, f.lines));
            }
        }
    }
    let per_thousand = long.len() as f64 * 1000.0 / total as f64;
    println!(
        "{} functions over {MAX_FUNCTION_LINES} lines in {total} lines: {per_thousand:.2} per thousand",
        long.len()
    );
    if per_thousand > MAX_LONG_PER_THOUSAND {
        problems.push(format!(
            "{} functions over {MAX_FUNCTION_LINES} lines in {total} lines: {per_thousand:.2} per thousand, \
             at most {MAX_LONG_PER_THOUSAND}; split some of:\n  {}",
            long.len(),
            long.join("\n  ")
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_function_reader_measures_bodies() {
    let code = "fn a() {\n    1\n}\n\nfn b(x: Vec<u8>) -> u8 where u8: Copy {\n  {\n  }\n  0\n}\ntrait T { fn c(); }\n";
    let found = functions(code);
    let got: Vec<(&str, usize, usize)> = found.iter().map(|f| (f.name.as_str(), f.line, f.lines)).collect();
    assert_eq!(got, [("a", 1, 3), ("b", 5, 5)]);
    let text = "// the grammar's cases: it reads better whole\n#[inline]\nfn a() {}\n";
    assert!(said_whole(text, 3));
    assert!(!said_whole("// other\nfn a() {}\n", 2));
}
