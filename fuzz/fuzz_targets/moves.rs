//! Any text as a move in each bundled variant's start position: reads or
//! fails; a move that reads writes back to text that reads as the same move.
#![no_main]
use kaboom::Variant;
use kaboom::uci;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn variants() -> &'static [Variant] {
    static V: OnceLock<Vec<Variant>> = OnceLock::new();
    V.get_or_init(|| kaboom::bundled_names().iter().map(|n| Variant::load(n).unwrap()).collect())
}

fuzz_target!(|input: (u8, &str)| {
    let variant = &variants()[input.0 as usize % variants().len()];
    let start = variant.start_position();
    if let Ok(mv) = uci::parse(variant, &start, input.1) {
        let text = uci::write(variant, &mv);
        assert_eq!(uci::parse(variant, &start, &text).expect("reads back"), mv);
    }
});
