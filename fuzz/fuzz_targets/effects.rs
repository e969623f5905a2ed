//! Any text as each kind of effect sentence: parses or fails with a span
//! inside the text; a rule that parses also loads in a variant; whatever
//! parses prints to text that parses back to the same tree (spans aside).
#![no_main]
use kaboom::syntax::effects;
use libfuzzer_sys::fuzz_target;
use std::fmt::Debug;

/// A tree's debug text with every byte range (`12..15`) erased.
fn shape(tree: &impl Debug) -> String {
    let text = format!("{tree:?}");
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let digits = |from: usize| bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
        let a = digits(i);
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if a > 0 && starts_word && bytes[i + a..].starts_with(b"..") {
            let b = digits(i + a + 2);
            if b > 0 {
                out.push('_');
                i += a + 2 + b;
                continue;
            }
        }
        out.push(bytes[i] as char);
        i += 1;
    }
    out
}

/// If `text` parses, its printed form parses back to the same tree.
fn reprints<T: Debug + std::fmt::Display, E: Debug>(text: &str, parse: impl Fn(&str) -> Result<T, E>) {
    if let Ok(tree) = parse(text) {
        let printed = tree.to_string();
        let back = parse(&printed).unwrap_or_else(|e| panic!("`{text}` printed as `{printed}`: {e:?}"));
        assert_eq!(shape(&back), shape(&tree), "`{text}` printed as `{printed}`");
    }
}

fuzz_target!(|text: &str| {
    let spans = [
        effects::parse_rule(text).err(),
        effects::parse_effects(text).err(),
        effects::parse_condition(text).err(),
        effects::parse_set(text).err(),
        effects::parse_legal(text).err(),
        effects::parse_end(text).err(),
    ];
    for e in spans.into_iter().flatten() {
        assert!(e.span.start <= text.len() && e.span.end <= text.len());
    }
    reprints(text, effects::parse_rule);
    reprints(text, effects::parse_condition);
    reprints(text, effects::parse_set);
    reprints(text, effects::parse_legal);
    reprints(text, effects::parse_end);
    reprints(text, effects::parse_shield);
    if let Ok(tree) = effects::parse_effects(text) {
        let printed = effects::print_effects(&tree);
        let back = effects::parse_effects(&printed).unwrap_or_else(|e| panic!("`{text}` printed as `{printed}`: {e:?}"));
        assert_eq!(shape(&back), shape(&tree), "`{text}` printed as `{printed}`");
    }
    if effects::parse_rule(text).is_ok() && !text.contains('"') && !text.contains('\\') {
        let file = format!("(extends: \"chess\", name: \"fuzz\", rules: [\"{text}\"])");
        if let Ok(v) = kaboom::Variant::from_text("fuzz.ron", &file) {
            kaboom::Perft::new().count(&v, &v.start_position(), 2);
        }
    }
});
