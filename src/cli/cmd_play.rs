//! `kaboom play`: applies moves, printing what each did (its trace), the
//! game record in algebraic notation, then the board, the FEN and, once the game is over, the result. Nothing is
//! printed on stdout unless every move is legal.

use super::output::Output;
use super::{Failure, load_position};
use kaboom::Game;
use kaboom::Variant;
use kaboom::base::square::Color;
use kaboom::notation::{board, fen, san, trace_text, uci};
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

/// Where `--pgn` writes the game, and the variant as named on the command line.
pub struct PgnTarget<'a> {
    pub path: &'a str,
    pub variant_arg: &'a str,
}

pub fn run(
    o: &mut Output,
    variant: &Variant,
    start: Option<&str>,
    moves: &[String],
    pgn: Option<PgnTarget>,
) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, start)?;
    let start_pos = pos.clone();
    let mut sans = Vec::new();
    let mut game = Game::new(variant, pos);
    let mut out = String::new();
    let mut record = Vec::new();
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
            uci::parse(variant, game.position(), text).map_err(|e| Failure::input(format!("move {}: {e}", i + 1)))?;
        let number = game.position().fullmove_number();
        let dots = if game.position().side_to_move() == Color::White {
            "."
        } else {
            "..."
        };
        let before = game.position().clone();
        let events = game.play(mv);
        let written = san::write(variant, &before, &mv, &events, game.position());
        sans.push(written.clone());
        record.push(if dots == "." || record.is_empty() {
            format!("{number}{dots} {written}")
        } else {
            written
        });
        let _ = writeln!(
            out,
            "{number}{dots} {}: {}",
            uci::write(variant, &mv),
            trace_text::describe_all(variant, &events)
        );
    }
    if !record.is_empty() {
        let _ = writeln!(out, "record: {}", record.join(" "));
    }
    out.push_str(&board::diagram(variant, game.position()));
    let _ = writeln!(out, "fen: {}", fen::write(variant, game.position()));
    if let Some(ending) = game.ending() {
        let _ = writeln!(out, "result: {} ({})", ending.result.score(), ending.reason);
    }
    if let Some(target) = pgn {
        let ending = game.ending();
        super::pgn_out::write(target.path, target.variant_arg, variant, &start_pos, start.is_some(), &sans, ending.as_ref())?;
    }
    write!(o.out, "{out}")?;
    Ok(ExitCode::SUCCESS)
}
