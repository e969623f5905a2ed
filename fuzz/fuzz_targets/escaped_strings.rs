//! Variant files whose strings (name, description, piece names, templates,
//! sentences, FEN, action names) hold arbitrary text, much of it
//! non-ASCII, written with RON escapes (`\n`, `\"`, `\\`, `\u{...}`) or
//! raw: loads or fails with diagnostics whose locations lie inside the
//! file on character boundaries and render.
#![no_main]
use arbitrary::Arbitrary;
use kaboom::Variant;
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Which characters are escaped: bit 0 non-ASCII as `\u{...}`, bit 1
    /// ASCII letters as `\u{...}` too.
    escape: u8,
    name: String,
    description: String,
    piece_name: String,
    template: String,
    rule: String,
    legal: String,
    action: String,
    when: String,
    start: String,
}

fn literal(text: &str, escape: u8) -> String {
    let mut out = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (!c.is_ascii() && escape & 1 != 0) || (c.is_ascii_alphabetic() && escape & 2 != 0) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Fields that are empty use a valid default, so the rest is reached.
fn or<'a>(text: &'a str, default: &'a str) -> &'a str {
    if text.is_empty() { default } else { text }
}

fuzz_target!(|input: Input| {
    let e = input.escape;
    let file = format!(
        "(extends: \"chess\", name: {}, description: {}, pieces: [(letter: 'N', name: {}, moves: {}, \
         actions: [(name: {}, target: \"origin\", when: {}, effect: \"remove(origin)\")])], \
         rules: [{}], legal: [{}], start: {})",
        literal(&input.name, e),
        literal(&input.description, e),
        literal(&input.piece_name, e),
        literal(or(&input.template, "N"), e),
        literal(or(&input.action, "zap"), e),
        literal(or(&input.when, "true"), e),
        literal(or(&input.rule, "on capture: remove(target)"), e),
        literal(or(&input.legal, "own royal not attacked"), e),
        literal(or(&input.start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), e),
    );
    let (diagnostics, sources) = match Variant::from_text("fuzz.ron", &file) {
        Ok(v) => {
            let start = v.start_position();
            start.check_consistency(&v).expect("consistent start");
            (v.warnings().to_vec(), v.sources().clone())
        }
        Err(err) => (err.diagnostics, err.sources),
    };
    for d in &diagnostics {
        let _ = d.display(&sources).to_string();
        if let Some(loc) = &d.location {
            let text = &sources.files[loc.source].text;
            assert!(loc.span.start <= loc.span.end && loc.span.end <= text.len(), "{}: {:?}", d.message, loc.span);
            assert!(
                text.is_char_boundary(loc.span.start) && text.is_char_boundary(loc.span.end),
                "{}: span {:?} inside a character",
                d.message,
                loc.span
            );
        }
    }
});
