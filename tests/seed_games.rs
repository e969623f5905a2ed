//! The sample games of the seeds, replayed move by move; each bomb's
//! removals are checked against the seed's own notation
//! (`(****)g6:h5h7g5f6`: exploded on g6, capturing h5, h7, g5 and f6).

use kaboom::Event;
use kaboom::uci;
use kaboom::{Game, Variant};
use std::collections::BTreeSet;

/// Plays `moves`; for every bomb, compares the squares of the pieces it
/// removed with the seed's list.
fn replay(variant: &str, moves: &[&str], seed_bombs: &[(&str, &str)]) {
    let variant = Variant::load(variant).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(&variant, variant.start_position());
    let mut bombs = seed_bombs.iter();
    for text in moves {
        let mv = uci::parse(&variant, game.position(), text).unwrap_or_else(|e| panic!("{e}"));
        let events = game.play(mv);
        if !text.ends_with("@bomb") {
            continue;
        }
        let (target, captured) = bombs.next().expect("the seed names every bomb");
        assert_eq!(variant.geometry().name(mv.to), *target);
        let removed: BTreeSet<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Removed { at, .. } => Some(variant.geometry().name(*at)),
                _ => None,
            })
            .collect();
        let seed: BTreeSet<String> = captured
            .as_bytes()
            .chunks(2)
            .map(|c| String::from_utf8_lossy(c).into())
            .collect();
        assert_eq!(removed, seed, "bomb on {target}");
    }
    assert!(bombs.next().is_none(), "every bomb of the seed was played");
}

#[test]
fn tilting_sample_game_1() {
    // 1. e4 g5?! 2. d4 f6 3. Qh5+ (****)g6:h5h7g5f6
    replay(
        "tilting-the-balance",
        &["e2e4", "g7g5", "d2d4", "f7f6", "d1h5", "g6@bomb"],
        &[("g6", "h5h7g5f6")],
    );
}

#[test]
fn tilting_sample_game_2() {
    // 1. e4 e5 2. Nf3 d5?! 3. ed5 e4 4. Ne5 (****)d6:e5c7d5
    replay(
        "tilting-the-balance",
        &["e2e4", "e7e5", "g1f3", "d7d5", "e4d5", "e5e4", "f3e5", "d6@bomb"],
        &[("d6", "e5c7d5")],
    );
}
