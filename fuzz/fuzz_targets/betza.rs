//! Any text as a movement template: parses or fails with a span inside the
//! text; a template that parses prints to text that parses back to the
//! same components (spans aside).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match kaboom::syntax::betza::parse(text) {
        Ok(t) => {
            for c in &t.components {
                assert!(c.span.end <= text.len() && !c.vectors.is_empty());
            }
            let printed = t.to_string();
            let back = kaboom::syntax::betza::parse(&printed)
                .unwrap_or_else(|e| panic!("`{text}` printed as `{printed}`: {e}"));
            let strip = |t: &kaboom::syntax::betza::Template| {
                let mut t = t.clone();
                t.components.iter_mut().for_each(|c| c.span = 0..0);
                t
            };
            assert_eq!(strip(&back), strip(&t), "`{text}` printed as `{printed}`");
        }
        Err(e) => assert!(e.span.start <= text.len() && e.span.end <= text.len()),
    }
});
