//! Any text as a movement template: parses or fails with a span inside the text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match kaboom::syntax::betza::parse(text) {
        Ok(t) => {
            for c in &t.components {
                assert!(c.span.end <= text.len() && !c.vectors.is_empty());
            }
        }
        Err(e) => assert!(e.span.start <= text.len() && e.span.end <= text.len()),
    }
});
