//! `kaboom explain`: one move, with the board before and after (the
//! squares it touched in brackets) and what happened in plain words.

use super::{Failure, load_position};
use kaboom::notation::{explain, fen, uci};
use kaboom::{Game, Variant};
use std::process::ExitCode;

pub fn run(variant: &Variant, start: super::FenArg<'_>, text: &str) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, start)?;
    let mv = uci::parse(variant, &pos, text).map_err(|e| Failure::input(e.to_string()))?;
    let mut game = Game::new(variant, pos.clone());
    let events = game.play(mv);
    let marked = explain::touched(&mv, &events);
    println!("before:");
    print!("{}", explain::marked_diagram(variant, &pos, &marked));
    println!();
    for line in explain::in_words(variant, &pos, &mv, &events) {
        println!("{line}");
    }
    println!();
    println!("after:");
    print!("{}", explain::marked_diagram(variant, game.position(), &marked));
    println!("fen: {}", fen::write(variant, game.position()));
    if let Some(ending) = game.ending() {
        println!("result: {} ({})", ending.result.score(), ending.reason);
    }
    Ok(ExitCode::SUCCESS)
}
