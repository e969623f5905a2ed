//! `kaboom explain`: one move, with the board before and after (the
//! squares it touched in brackets) and what happened in plain words.

use super::output::Output;
use super::{Failure, load_position};
use crate::notation::{explain, fen, uci};
use crate::{Game, Variant};
use std::io::Write as _;
use std::process::ExitCode;

pub fn run(
    o: &mut Output,
    variant: &Variant,
    start: super::FenArg<'_>,
    text: &str,
    svg: Option<&str>,
) -> Result<ExitCode, Failure> {
    let pos = load_position(variant, start)?;
    let mv = uci::parse(variant, &pos, text).map_err(|e| Failure::input(forbidden(variant, &pos, text, e)))?;
    let mut game = Game::new(variant, pos.clone());
    let events = game.play(mv);
    let marked = explain::touched(&mv, &events);
    if let Some(path) = svg {
        let picture = crate::picture::explain(variant, &pos, &mv);
        super::write_picture(path, &picture)?;
    }
    writeln!(o.out, "before:")?;
    write!(o.out, "{}", explain::marked_diagram(variant, &pos, &marked))?;
    writeln!(o.out)?;
    for line in explain::in_words(variant, &pos, &mv, &events) {
        writeln!(o.out, "{line}")?;
    }
    writeln!(o.out)?;
    writeln!(o.out, "after:")?;
    write!(o.out, "{}", explain::marked_diagram(variant, game.position(), &marked))?;
    writeln!(o.out, "fen: {}", fen::write(variant, game.position()))?;
    if let Some(ending) = game.ending() {
        writeln!(o.out, "result: {} ({})", ending.result.score(), ending.reason)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The error for a move that is not legal: where a move filter clause
/// forbids it (a move the pieces could make but for the clause), the
/// clause as the file writes it, then the legal moves.
fn forbidden(variant: &Variant, pos: &crate::Position, text: &str, e: uci::MoveError) -> String {
    let uci::MoveError::Illegal { legal, .. } = &e else {
        return e.to_string();
    };
    let clause = (variant.unfiltered_moves(pos).iter())
        .find(|m| uci::write(variant, m) == text)
        .and_then(|m| variant.forbidding_filter(pos, m));
    match clause {
        Some(clause) => {
            format!("`{text}` is not a legal move here: the clause `{clause}` forbids it; legal moves: {legal}")
        }
        None => e.to_string(),
    }
}
