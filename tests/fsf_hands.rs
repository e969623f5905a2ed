//! Fairy-Stockfish's rules on hands that `kaboom import` maps onto
//! general constructs: `gating` with `seirawanGating` (the `drops` field's
//! `gating`), and `dropChecks = false` (a legality clause: no drop gives
//! check). Counts are Fairy-Stockfish's (source build c19b5f6c) for the
//! same sections.

use kaboom::interop::import;
use kaboom::{Perft, Variant};

fn converted(ini: &str) -> String {
    let imported = import(ini).unwrap();
    imported[0].result.clone().unwrap_or_else(|e| panic!("{e:?}"))
}

/// `dropChecks = false`: a drop that gives check is illegal, a move that
/// does is not.
#[test]
fn drops_that_check_are_refused() {
    let ron = converted("[dropcheckless:crazyhouse]\ndropChecks = false\n");
    assert!(ron.contains(r#""not (dropped() and attacked(enemy royal))""#), "{ron}");
    let variant = Variant::from_text("dropcheckless.ron", &ron).unwrap();
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[Nn] w KQkq - 0 3";
    let pos = kaboom::fen::parse(&variant, fen).unwrap();
    let mut perft = Perft::new();
    // Crazyhouse counts 3,550 and 159,204 here.
    assert_eq!(perft.count(&variant, &pos, 2), 3426);
    assert_eq!(perft.count(&variant, &pos, 3), 155198);
}

/// Seirawan's gating: pieces in hand gate and are not dropped; with
/// `pieceDrops` (S-House) they do both.
#[test]
fn gating_maps_to_the_drops_field() {
    let ron = converted("[seirawan:seirawan]\n");
    assert!(ron.contains("gating: true, drop_moves: false"), "{ron}");
    assert!(ron.contains("[HEhe] w KQkqBCDFGbcdfg - 0 1"), "{ron}");
    let ron = converted("[shouse:shouse]\n");
    assert!(
        ron.contains("gating: true") && ron.contains("zones: [(pieces: \"P\""),
        "{ron}"
    );
    let variant = Variant::from_text("shouse.ron", &ron).unwrap();
    let mut perft = Perft::new();
    assert_eq!(perft.count(&variant, &variant.start_position(), 3), 546_694);
    let alone = import("[cambodianish:makruk]\ngating = true\n").unwrap();
    let why = format!("{:?}", alone[0].result);
    assert!(why.contains("`gating` without `seirawanGating`"), "{why}");
}
