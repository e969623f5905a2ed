//! A line of play: a start position and the moves played from it,
//! replayed on every request (the page keeps the line; the server keeps
//! nothing), and the position it reaches as JSON for the page. Each step
//! (a move replayed, a move listed) first checks the request's budget.

use super::work::{Budget, Spent};
use crate::notation::{fen, san, trace_text, uci};
use crate::{Game, Move, Position, Variant};
use serde_json::{Value, json};

/// Why a line cannot be replayed.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// The start FEN does not read.
    #[error("FEN: {0}")]
    Fen(String),
    /// A move is not legal where it is played.
    #[error("move {number} ({text}): {message}")]
    Move {
        /// 1-based index in the line.
        number: usize,
        /// The move as sent.
        text: String,
        /// Why.
        message: String,
    },
    /// The game had ended before this move.
    #[error("move {number} ({text}): the game is over")]
    Over {
        /// 1-based index in the line.
        number: usize,
        /// The move as sent.
        text: String,
    },
    /// The request's budget was spent.
    #[error(transparent)]
    Spent(#[from] Spent),
}

/// A replayed line: the game and the last move with its position before.
pub struct Line<'v> {
    /// The game, every move played.
    pub game: Game<'v>,
    /// The start position.
    pub start: Position,
    /// The last move and the position it was played in.
    pub last: Option<(Move, Position)>,
}

/// Replays `moves` (kaboom's notation or algebraic) from `start_fen` (or the
/// start position), within `budget`.
pub fn replay<'v>(
    variant: &'v Variant,
    start_fen: Option<&str>,
    moves: &[String],
    budget: &Budget,
) -> Result<Line<'v>, LineError> {
    let start = match start_fen.filter(|f| !f.trim().is_empty()) {
        None => variant.start_position(),
        Some(text) => fen::parse(variant, text).map_err(|e| LineError::Fen(e.to_string()))?,
    };
    let mut game = Game::new(variant, start.clone());
    let mut last = None;
    for (i, text) in moves.iter().enumerate() {
        budget.check()?;
        if game.ending().is_some() {
            return Err(LineError::Over {
                number: i + 1,
                text: text.clone(),
            });
        }
        let before = game.position().clone();
        let mv = uci::parse(variant, &before, text)
            .or_else(|e| san::parse(variant, &before, text).map_err(|_| e))
            .map_err(|e| LineError::Move {
                number: i + 1,
                text: text.clone(),
                message: e.to_string(),
            })?;
        game.play(mv);
        last = Some((mv, before));
    }
    Ok(Line { game, start, last })
}

/// The position a line reaches, for the page: the board as SVG (the last
/// move's marks on it), its FEN, every legal move with its squares and
/// algebraic notation, the last move's trace and the result; within
/// `budget`, checked before each move listed.
pub fn position_json(variant: &Variant, line: &Line<'_>, budget: &Budget) -> Result<Value, Spent> {
    let pos = line.game.position();
    let g = variant.geometry();
    let ended = line.game.ending();
    let mut moves: Vec<Value> = Vec::new();
    if ended.is_none() {
        budget.check()?;
        // The moves generated once, each written from that one list (its
        // twins looked for there), one at a time, so that a spent budget
        // stops the listing between two moves.
        let legal = variant.legal_moves(pos);
        for mv in &legal {
            budget.check()?;
            moves.push(json!({
                "uci": uci::write(variant, mv),
                "san": san::write_move_among(variant, pos, mv, &legal),
                "from": g.name(mv.from),
                "to": g.name(mv.to),
            }));
        }
    }
    let (svg, last) = match &line.last {
        None => (crate::picture::board(variant, pos), Value::Null),
        Some((mv, before)) => {
            let r = crate::picture::view::report(variant, before, mv);
            let last = json!({
                "uci": r.uci,
                "san": r.san,
                "trace": r.trace,
                "words": r.words,
                "touched": r.touched,
                "area": r.area,
            });
            (r.svg, last)
        }
    };
    Ok(json!({
        "variant": variant.name(),
        "files": g.files,
        "ranks": g.ranks,
        "fen": fen::write(variant, pos),
        "start_fen": fen::write(variant, &line.start),
        "side": if pos.side_to_move() == crate::base::square::Color::White { "white" } else { "black" },
        "svg": svg,
        "moves": moves,
        "last": last,
        "result": ended.map(|e| json!({ "score": e.result.score(), "reason": e.reason })),
    }))
}

/// The line as a scenario file `kaboom test` reads: the start position,
/// the moves, and what they led to (each move's trace, the FEN, the
/// result) as its expectations; within `budget`.
pub fn scenario_text(
    variant: &Variant,
    variant_field: &str,
    note: Option<&str>,
    line: &Line<'_>,
    budget: &Budget,
) -> Result<String, Spent> {
    let quote = |s: &str| format!("{s:?}");
    let mut replay = Game::new(variant, line.start.clone());
    let mut traces = Vec::new();
    for mv in line.game.moves() {
        budget.check()?;
        let events = replay.play(*mv);
        traces.push(trace_text::describe_all(variant, &events));
    }
    let moves: Vec<String> = line
        .game
        .moves()
        .iter()
        .map(|m| quote(&uci::write(variant, m)))
        .collect();
    let result = match line.game.ending() {
        Some(e) => format!("{} ({})", e.result.score(), e.reason),
        None => "none".to_string(),
    };
    let mut out = String::from("// Recorded in the kaboom playground (`kaboom serve`). Run it with `kaboom test`.\n");
    if let Some(note) = note {
        out.push_str(&format!("// {note}\n"));
    }
    out.push_str("(\n");
    out.push_str(&format!("    variant: {},\n", quote(variant_field)));
    out.push_str(&format!(
        "    description: {},\n",
        quote(&format!("A line of {} played in the playground.", variant.name()))
    ));
    out.push_str(&format!("    fen: {},\n", quote(&fen::write(variant, &line.start))));
    out.push_str(&format!("    moves: [{}],\n", moves.join(", ")));
    out.push_str("    expect: (\n");
    out.push_str("        trace: [\n");
    for t in &traces {
        out.push_str(&format!("            {},\n", quote(t)));
    }
    out.push_str("        ],\n");
    out.push_str(&format!(
        "        fen: {},\n",
        quote(&fen::write(variant, line.game.position()))
    ));
    out.push_str(&format!("        result: {},\n", quote(&result)));
    out.push_str("    ),\n)\n");
    Ok(out)
}
