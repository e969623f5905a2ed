//! Any text as each kind of effect sentence: parses or fails with a span
//! inside the text; a rule that parses also loads in a variant.
#![no_main]
use kaboom::syntax::effects;
use libfuzzer_sys::fuzz_target;

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
    if effects::parse_rule(text).is_ok() && !text.contains('"') && !text.contains('\\') {
        let file = format!("(extends: \"chess\", name: \"fuzz\", rules: [\"{text}\"])");
        if let Ok(v) = kaboom::Variant::from_text("fuzz.ron", &file) {
            kaboom::Perft::new().count(&v, &v.start_position(), 2);
        }
    }
});
