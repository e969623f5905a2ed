//! Any text as a variant file: loads or fails with diagnostics; a variant
//! that loads has a consistent start position whose FEN reads back, and
//! its legal moves print and read back.
#![no_main]
use kaboom::Variant;
use kaboom::{fen, uci};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(variant) = Variant::from_text("fuzz.ron", text) else { return };
    let start = variant.start_position();
    start.check_consistency(&variant).expect("consistent start");
    let written = fen::write(&variant, &start);
    assert_eq!(fen::parse(&variant, &written).expect("start FEN reads back"), start);
    for mv in variant.legal_moves(&start).iter().take(64) {
        let text = uci::write(&variant, mv);
        assert_eq!(uci::parse(&variant, &start, &text).expect("move reads back"), *mv);
    }
});
