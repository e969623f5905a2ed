//! `kaboom play`: applies moves, prints the board, the FEN and, once the
//! game is over, the result.

use super::{Failure, load_position, load_variant};
use kaboom::Game;
use kaboom::notation::{board, fen, uci};
use std::process::ExitCode;

pub fn run(variant: &str, start: Option<&str>, moves: &[String]) -> Result<ExitCode, Failure> {
    let variant = load_variant(variant)?;
    let pos = load_position(&variant, start)?;
    let mut game = Game::new(&variant, pos);
    for (i, text) in moves.iter().enumerate() {
        if let Some(ending) = game.ending() {
            return Err(Failure::input(format!(
                "move {} `{text}`: the game is already over ({} {})",
                i + 1,
                ending.result.score(),
                ending.reason
            )));
        }
        let mv =
            uci::parse(&variant, game.position(), text).map_err(|e| Failure::input(format!("move {}: {e}", i + 1)))?;
        game.play(mv);
    }
    print!("{}", board::diagram(&variant, game.position()));
    println!("fen: {}", fen::write(&variant, game.position()));
    if let Some(ending) = game.ending() {
        println!("result: {} ({})", ending.result.score(), ending.reason);
    }
    Ok(ExitCode::SUCCESS)
}
