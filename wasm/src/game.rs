//! A game of a variant held by the instance: its moves made and taken
//! back, and the engine that searches it (made at its first search).

use std::sync::Arc;

use kaboom::{Control, Engine, Game, Limits, Move, Position, Score, Variant, fen, san, uci};
use serde_json::{Value, json};

use crate::convert;
use crate::ops::Failure;

/// A game borrows its variant: a `Game<'v>` kept with the `Arc` it borrows.
type GameOf<'v> = Game<'v>;

self_cell::self_cell!(
    struct GameCell {
        owner: Arc<Variant>,
        #[covariant]
        dependent: GameOf,
    }
);

/// A game and what its search keeps.
pub struct GameObj {
    cell: GameCell,
    /// The start position, to replay the game's positions for the search.
    start: Position,
    /// The engine, made at the first search and kept (its table).
    engine: Option<Engine>,
}

/// What a search is bounded by: nodes, milliseconds, plies.
pub struct SearchLimits {
    /// Greatest number of nodes.
    pub nodes: Option<u64>,
    /// Time for the move, in milliseconds.
    pub movetime: Option<f64>,
    /// Greatest depth in plies.
    pub depth: Option<u32>,
}

impl GameObj {
    /// A game of `variant` from its start, or from `fen_text`.
    pub fn new(variant: Arc<Variant>, fen_text: Option<&str>) -> Result<GameObj, Failure> {
        let start = match fen_text {
            None => variant.start_position(),
            Some(text) => fen::parse(&variant, text).map_err(|e| Failure::new("fen", e.to_string()))?,
        };
        Ok(GameObj {
            start: start.clone(),
            cell: GameCell::new(variant, |v| Game::new(v, start)),
            engine: None,
        })
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.cell.with_dependent(|v, g| fen::write(v, g.position()))
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> String {
        fen::write(self.cell.borrow_owner(), &self.start)
    }

    /// `"w"` or `"b"`.
    pub fn turn(&self) -> &'static str {
        match self.cell.borrow_dependent().position().side_to_move() {
            kaboom::Color::White => "w",
            kaboom::Color::Black => "b",
        }
    }

    /// The moves played, in coordinates.
    pub fn moves(&self) -> Vec<String> {
        self.cell
            .with_dependent(|v, g| g.moves().iter().map(|m| uci::write(v, m)).collect())
    }

    /// The legal moves in coordinates.
    pub fn legal_moves(&self) -> Vec<String> {
        self.cell
            .with_dependent(|v, g| v.legal_moves(g.position()).iter().map(|m| uci::write(v, m)).collect())
    }

    /// The legal moves in algebraic notation, in the same order.
    pub fn legal_moves_san(&self) -> Vec<String> {
        self.cell
            .with_dependent(|v, g| san::legal_moves(v, g.position()).into_iter().map(|(_, s)| s).collect())
    }

    /// The legal moves with their squares: `{uci, san, from, to}` each.
    pub fn legal_moves_detailed(&self) -> Value {
        self.cell.with_dependent(|v, g| {
            let pos = g.position();
            let legal = v.legal_moves(pos);
            let geometry = v.geometry();
            Value::Array(
                legal
                    .iter()
                    .map(|mv| {
                        json!({
                            "uci": uci::write(v, mv),
                            "san": san::write_move_among(v, pos, mv, &legal),
                            "from": geometry.name(mv.from),
                            "to": geometry.name(mv.to),
                        })
                    })
                    .collect(),
            )
        })
    }

    /// The algebraic notation of a legal move given in coordinates.
    pub fn san(&self, text: &str) -> Result<String, Failure> {
        self.cell.with_dependent(|v, g| {
            let mv = parse_uci(v, g, text)?;
            Ok(san::write_move(v, g.position(), &mv))
        })
    }

    /// The coordinates of a legal move given in algebraic notation.
    pub fn uci(&self, text: &str) -> Result<String, Failure> {
        self.cell.with_dependent(|v, g| {
            let mv = parse_san(v, g, text)?;
            Ok(uci::write(v, &mv))
        })
    }

    /// Makes a legal move given in coordinates; what it did.
    pub fn push(&mut self, text: &str) -> Result<Value, Failure> {
        self.cell.with_dependent_mut(|v, g| {
            let mv = parse_uci(v, g, text)?;
            let happened = g.play(mv);
            Ok(convert::events(v, &happened))
        })
    }

    /// Makes a legal move given in algebraic notation; its coordinates.
    pub fn push_san(&mut self, text: &str) -> Result<String, Failure> {
        self.cell.with_dependent_mut(|v, g| {
            let mv = parse_san(v, g, text)?;
            g.play(mv);
            Ok(uci::write(v, &mv))
        })
    }

    /// Takes back the last move; its coordinates.
    pub fn pop(&mut self) -> Result<String, Failure> {
        self.cell.with_dependent_mut(|v, g| match g.undo() {
            Some(mv) => Ok(uci::write(v, &mv)),
            None => Err(Failure::new("index", "no move to take back".into())),
        })
    }

    /// What a legal move would do, without making it.
    pub fn trace(&self, text: &str) -> Result<Value, Failure> {
        self.cell.with_dependent(|v, g| {
            let mv = parse_uci(v, g, text)?;
            let mut after = g.position().clone();
            let mut happened = Vec::new();
            after.make_traced(v, mv, &mut happened);
            Ok(convert::events(v, &happened))
        })
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.cell.with_dependent(|v, g| v.in_check(g.position()))
    }

    /// How the game ended (`{result, reason}`), or null.
    pub fn ending(&self) -> Value {
        match self.cell.borrow_dependent().ending() {
            Some(e) => json!({ "result": e.result.score(), "reason": e.reason }),
            None => Value::Null,
        }
    }

    /// Move sequences of `depth` moves from here.
    pub fn perft(&self, depth: u32) -> u64 {
        self.cell
            .with_dependent(|v, g| kaboom::Perft::new().count(v, g.position(), depth))
    }

    /// The board as SVG, with the last move's marks; the last move's
    /// report (`{uci, san, trace, words, touched, area}`), or null.
    pub fn view(&mut self) -> Value {
        self.cell.with_dependent_mut(|v, g| {
            let Some(mv) = g.undo() else {
                return json!({ "svg": kaboom::view::board_svg(v, g.position()), "last": Value::Null });
            };
            let before = g.position().clone();
            g.play(mv);
            let r = kaboom::view::report(v, &before, &mv);
            json!({
                "svg": r.svg,
                "last": {
                    "uci": r.uci, "san": r.san, "trace": r.trace, "words": r.words,
                    "touched": r.touched, "area": r.area,
                },
            })
        })
    }

    /// Searches the current position within `limits`.
    pub fn search(&mut self, limits: &SearchLimits) -> Result<Value, Failure> {
        if limits.nodes.is_none() && limits.movetime.is_none() && limits.depth.is_none() {
            return Err(Failure::new(
                "value",
                "a search needs a limit: nodes, movetime or depth".into(),
            ));
        }
        let movetime = match limits.movetime {
            Some(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(Failure::new(
                    "value",
                    "movetime must be a number of milliseconds, 0 or more".into(),
                ));
            }
            Some(t) => Some(std::time::Duration::from_secs_f64((t / 1000.0).min(1e9))),
            None => None,
        };
        let limits = Limits {
            nodes: limits.nodes,
            movetime,
            depth: limits.depth,
            ..Limits::default()
        };
        let variant = self.cell.borrow_owner().clone();
        let engine = self.engine.get_or_insert_with(|| Engine::new(variant.clone()));
        let game = self.cell.borrow_dependent();
        // The keys of the positions before the current one, for repetitions.
        let mut history = Vec::with_capacity(game.moves().len());
        let mut pos = self.start.clone();
        for mv in game.moves() {
            history.push(engine.key(&pos));
            pos.make(&variant, *mv);
        }
        let result = engine.search(game.position(), &history, &limits, &Control::new(), &mut |_| {});
        let (score, mate) = match result.score {
            Score::Centipawns(cp) => (Some(cp), None),
            Score::Mate(m) => (None, Some(m)),
        };
        Ok(json!({
            "best": result.best.map(|m| uci::write(&variant, &m)),
            "score": score,
            "mate": mate,
            "depth": result.depth,
            "nodes": result.nodes,
            "pv": result.pv.iter().map(|m| uci::write(&variant, m)).collect::<Vec<_>>(),
        }))
    }
}

/// A move given in coordinates, found among the legal moves.
fn parse_uci(v: &Variant, g: &Game<'_>, text: &str) -> Result<Move, Failure> {
    uci::parse(v, g.position(), text).map_err(|e| Failure::new("move", e.to_string()))
}

/// A move given in algebraic notation, found among the legal moves.
fn parse_san(v: &Variant, g: &Game<'_>, text: &str) -> Result<Move, Failure> {
    san::parse(v, g.position(), text).map_err(|e| Failure::new("move", e.to_string()))
}
