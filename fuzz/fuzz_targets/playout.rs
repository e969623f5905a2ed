//! Random games in every bundled variant (and random seeds of random
//! setups): every position stays consistent (no piece on a blocked square
//! or off the board, sets agree with the board), its FEN reads back, every
//! legal move reads back, and pieces vanish or appear only through traced
//! events (removals, drops).
#![no_main]
use kaboom::Color;
use kaboom::Event;
use kaboom::{fen, uci};
use kaboom::{Game, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, u8, Vec<u16>)| {
    let names = kaboom::bundled_names();
    let name = names[input.0 as usize % names.len()];
    let Ok(variant) = Variant::load_seeded(name, Some(input.1 as u64)) else { panic!("{name} loads") };
    let mut game = Game::new(&variant, variant.start_position());
    for choice in input.2.iter().take(300) {
        let pos = game.position().clone();
        pos.check_consistency(&variant).expect("consistent");
        let text = fen::write(&variant, &pos);
        assert_eq!(fen::parse(&variant, &text).expect("FEN reads back"), pos, "{text}");
        let moves = variant.legal_moves(&pos);
        for mv in &moves {
            assert_eq!(uci::parse(&variant, &pos, &uci::write(&variant, mv)).expect("move reads back"), *mv);
        }
        if moves.is_empty() || game.ending().is_some() {
            break;
        }
        let mv = moves[*choice as usize % moves.len()];
        let count = |p: &kaboom::Position| p.pieces_of(Color::White).len() + p.pieces_of(Color::Black).len();
        let before = count(&pos);
        let events = game.play(mv);
        let gone = events
            .iter()
            .filter(|e| matches!(e, Event::Captured { .. } | Event::Removed { .. } | Event::PushedOff { .. }))
            .count() as u32;
        let dropped = events.iter().filter(|e| matches!(e, Event::Dropped { .. })).count() as u32;
        // Pieces leave the board only through traced removals and come on
        // only through traced drops (a drop from a hand adds one).
        assert_eq!(before + dropped, count(game.position()) + gone);
    }
});
