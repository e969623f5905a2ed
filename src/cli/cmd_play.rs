//! `kaboom play`: applies moves, written in coordinates (`e2e4`) or in
//! algebraic notation (`e4`, `Nf3`, `O-O`, as the game record writes them),
//! printing what each did (its trace), the game record in algebraic
//! notation, then the board, the FEN and, once the game is over, the
//! result. Nothing is printed on stdout unless every move is legal; a
//! refused move shows the position reached, whose turn it is and the legal
//! moves, in the notation the move was typed in.

use super::output::Output;
use super::{Failure, load_position};
use crate::Variant;
use crate::base::square::Color;
use crate::notation::{board, fen, san, trace_text, uci};
use crate::{Game, Move};
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

/// Reads a move in coordinates, or else in algebraic notation; when it is
/// neither, the error shows where the game stands.
pub(super) fn read_move(
    variant: &Variant,
    game: &Game,
    record: &[String],
    index: usize,
    text: &str,
) -> Result<Move, Failure> {
    let pos = game.position();
    let coordinates = match uci::parse(variant, pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    if let Ok(mv) = san::parse(variant, pos, text) {
        return Ok(mv);
    }
    // Well-formed coordinates that name no legal move: answer in
    // coordinates; anything else was meant as algebraic notation.
    let written_in_coordinates = {
        let g = variant.geometry();
        // The length of the square that starts `t`, if one does.
        let square = |t: &str| {
            (2..=3)
                .rev()
                .find(|&n| t.get(..n).is_some_and(|s| g.parse_square(s).is_some()))
        };
        // A square and `~` start a compelled move, which both notations
        // write in coordinates.
        square(text).is_some_and(|n| square(&text[n..]).is_some() || text[n..].starts_with('~'))
    };
    let in_coordinates = matches!(coordinates, uci::MoveError::Illegal { .. }) || written_in_coordinates;
    let shown = super::protocol::quote(text);
    let (problem, legal) = match &coordinates {
        _ if in_coordinates => (
            match &coordinates {
                uci::MoveError::Malformed { reason, .. } => format!("`{shown}` is not a move: {reason}"),
                _ => format!("`{shown}` is not a legal move here"),
            },
            variant
                .legal_moves(pos)
                .iter()
                .map(|m| uci::write(variant, m))
                .collect::<Vec<_>>(),
        ),
        _ => (
            format!("`{shown}` is not a legal move here, in coordinates (e2e4) or in algebraic notation (e4, Nf3)"),
            san::legal_moves(variant, pos).into_iter().map(|(_, s)| s).collect(),
        ),
    };
    let mut message = format!("move {}: {problem}\n", index + 1);
    if record.is_empty() {
        message.push_str("position (no move played yet):\n");
    } else {
        let _ = writeln!(message, "position after {}:", record.join(" "));
    }
    message.push_str(&board::diagram(variant, pos));
    let _ = writeln!(message, "fen: {}", fen::write(variant, pos));
    let side = if pos.side_to_move() == Color::White {
        "White"
    } else {
        "Black"
    };
    if legal.is_empty() {
        let _ = writeln!(message, "{side} to move, and has no legal move");
    } else {
        let _ = writeln!(message, "{side} to move; legal moves: {}", legal.join(" "));
    }
    if let Some(hint) = uci::missing_choice_hint(variant, pos, text) {
        let _ = writeln!(message, "help: {hint}");
    }
    Err(Failure::input(message))
}
