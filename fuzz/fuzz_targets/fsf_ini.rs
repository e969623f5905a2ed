//! Any text as a Fairy-Stockfish `variants.ini`: reads or fails with an
//! error; each section converts or is refused with reasons, and a
//! converted section is a variant file that loads.
#![no_main]
use kaboom::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(imported) = kaboom::interop::import(text) else { return };
    for section in imported.iter().take(8) {
        if let Ok(ron) = &section.result {
            let loaded = Variant::from_text("imported.ron", ron);
            assert!(loaded.is_ok(), "section `{}` converts to a file that does not load", section.name);
        }
    }
});
