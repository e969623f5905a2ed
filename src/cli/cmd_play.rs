//! `kaboom play`: applies moves, written in coordinates (`e2e4`) or in
//! algebraic notation (`e4`, `Nf3`, `O-O`, as the game record writes them),
//! printing what each did (its trace), the game record in algebraic
//! notation, then the board, the FEN and, once the game is over, the
//! result. Nothing is printed on stdout unless every move is legal; a
//! refused move shows the position reached, whose turn it is and the legal
//! moves, in the notation the move was typed in.

use super::move_input::read_move;
use super::output::Output;
use super::{Failure, load_position};
use crate::Game;
use crate::Variant;
use crate::base::square::Color;
use crate::notation::{board, fen, san, trace_text, uci};
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
    start: super::FenArg<'_>,
    moves: &[String],
    pgn: Option<PgnTarget>,
    engine: Option<super::cmd_play_engine::EngineOptions>,
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
        let mv = read_move(variant, &game, &record, i, text)?;
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
    if let Some(options) = engine {
        write!(o.out, "{out}")?;
        out.clear();
        let mut state = super::cmd_play_engine::Played {
            game: &mut game,
            start: &start_pos,
            sans: &mut sans,
            record: &mut record,
        };
        super::cmd_play_engine::play(o, variant, &mut state, &options)?;
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
        super::pgn_out::write(
            target.path,
            target.variant_arg,
            variant,
            &start_pos,
            start.is_some(),
            &sans,
            ending.as_ref(),
        )?;
    }
    write!(o.out, "{out}")?;
    Ok(ExitCode::SUCCESS)
}
