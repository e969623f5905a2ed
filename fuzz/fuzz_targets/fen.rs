//! Any text as a FEN of each bundled variant: reads or fails; a FEN that
//! reads gives a consistent position that writes and reads back exactly.
#![no_main]
use kaboom::Variant;
use kaboom::fen;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn variants() -> &'static [Variant] {
    static V: OnceLock<Vec<Variant>> = OnceLock::new();
    V.get_or_init(|| kaboom::bundled_names().iter().map(|n| Variant::load(n).unwrap()).collect())
}

fuzz_target!(|input: (u8, &str)| {
    let variant = &variants()[input.0 as usize % variants().len()];
    let Ok(pos) = fen::parse(variant, input.1) else { return };
    pos.check_consistency(variant).expect("consistent position");
    let written = fen::write(variant, &pos);
    let back = fen::parse(variant, &written).expect("written FEN reads back");
    assert_eq!(back, pos);
    assert_eq!(fen::write(variant, &back), written);
    let _ = variant.legal_moves(&pos);
});
