//! `kaboom play`: applies moves, printing what each did (its trace), then
//! the board, the FEN and, once the game is over, the result. Nothing is
//! printed on stdout unless every move is legal.

use super::{Failure, load_position, load_variant};
use kaboom::Game;
use kaboom::engine::square::Color;
use kaboom::notation::{board, fen, trace, uci};
use std::fmt::Write;
use std::process::ExitCode;

pub fn run(variant: &str, start: Option<&str>, moves: &[String]) -> Result<ExitCode, Failure> {
    let variant = load_variant(variant)?;
    let pos = load_position(&variant, start)?;
    let mut game = Game::new(&variant, pos);
    let mut out = String::new();
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
        let number = game.position().fullmove_number();
        let dots = if game.position().side_to_move() == Color::White {
            "."
        } else {
            "..."
        };
        let events = game.play(mv);
        let _ = writeln!(
            out,
            "{number}{dots} {}: {}",
            uci::write(&variant, &mv),
            trace::describe_all(&variant, &events)
        );
    }
    out.push_str(&board::diagram(&variant, game.position()));
    let _ = writeln!(out, "fen: {}", fen::write(&variant, game.position()));
    if let Some(ending) = game.ending() {
        let _ = writeln!(out, "result: {} ({})", ending.result.score(), ending.reason);
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
