//! `kaboom.Game`: a game of a variant, its moves made and taken back.

use std::sync::Arc;

use kaboom::{Control, Engine, Game, Limits, Move, Perft, Position, Score, Variant, fen, san, uci};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use self_cell::self_cell;

use crate::errors::{FenError, MoveError};
use crate::events;
use crate::variant::PyVariant;

/// A game borrows its variant: a `Game<'v>` kept with the `Arc` it borrows.
type GameOf<'v> = Game<'v>;

self_cell!(
    struct GameCell {
        owner: Arc<Variant>,
        #[covariant]
        dependent: GameOf,
    }
);

/// A game: the start position, the moves played and every position since
/// (for repetitions), with the game's end under the variant's rules.
#[pyclass(name = "Game", module = "kaboom")]
pub struct PyGame {
    cell: GameCell,
    /// The start position, to replay the game's positions for the search.
    start: Position,
    /// The search engine, made at the first search and kept (its table).
    engine: Option<Engine>,
}

/// What a search found: the best move (`None` without legal moves), its
/// score (centipawns for the side to move, or moves to mate), the depth
/// finished, the nodes searched and the principal variation.
#[pyclass(name = "SearchResult", module = "kaboom", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct PySearchResult {
    /// The best move in coordinates, `None` when there is no legal move.
    pub best: Option<String>,
    /// The score in centipawns for the side to move, `None` for a mate score.
    pub score: Option<i32>,
    /// Moves to mate: positive when the side to move mates, negative when it
    /// is mated; `None` for a centipawn score.
    pub mate: Option<i32>,
    /// The deepest iteration finished, in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, best move first, in coordinates.
    pub pv: Vec<String>,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        let score = match (self.score, self.mate) {
            (_, Some(m)) => format!("mate {m}"),
            (Some(cp), _) => format!("cp {cp}"),
            _ => String::new(),
        };
        format!(
            "<SearchResult {:?} {score} depth {} nodes {}>",
            self.best, self.depth, self.nodes
        )
    }
}

/// How a game ended: `result` as a PGN score (`"1-0"`, `"0-1"`,
/// `"1/2-1/2"`, `"0-0"`) and `reason` in words (`"checkmate"`).
#[pyclass(name = "Ending", module = "kaboom", frozen, get_all, eq, skip_from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyEnding {
    /// The result as a PGN score.
    pub result: &'static str,
    /// Why the game ended.
    pub reason: String,
}

#[pymethods]
impl PyEnding {
    fn __repr__(&self) -> String {
        format!("<Ending {} ({})>", self.result, self.reason)
    }
}

#[pymethods]
impl PyGame {
    /// A game of `variant` from its start position, or from `fen`.
    #[new]
    #[pyo3(signature = (variant, fen = None))]
    fn py_new(variant: PyRef<'_, PyVariant>, fen: Option<&str>) -> PyResult<Self> {
        Self::create(variant.inner.clone(), fen)
    }

    /// The current position's FEN.
    fn fen(&self) -> String {
        self.cell.with_dependent(|v, g| fen::write(v, g.position()))
    }

    /// The side to move: `"w"` or `"b"`.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.cell.borrow_dependent().position().side_to_move() {
            kaboom::Color::White => "w",
            kaboom::Color::Black => "b",
        }
    }

    /// The moves played so far, in UCI-style coordinates.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.cell
            .with_dependent(|v, g| g.moves().iter().map(|m| uci::write(v, m)).collect())
    }

    /// The legal moves in UCI-style coordinates (`e2e4`, `e7e8q`, `P@e4`).
    fn legal_moves(&self) -> Vec<String> {
        self.cell
            .with_dependent(|v, g| v.legal_moves(g.position()).iter().map(|m| uci::write(v, m)).collect())
    }

    /// The legal moves in standard algebraic notation, in the order of
    /// `legal_moves()`.
    fn legal_moves_san(&self) -> Vec<String> {
        self.cell
            .with_dependent(|v, g| san::legal_moves(v, g.position()).into_iter().map(|(_, s)| s).collect())
    }

    /// The algebraic notation of a legal move given in coordinates.
    fn san(&self, uci_move: &str) -> PyResult<String> {
        self.cell.with_dependent(|v, g| {
            let mv = parse_uci(v, g, uci_move)?;
            Ok(san::write_move(v, g.position(), &mv))
        })
    }

    /// The coordinates of a legal move given in algebraic notation.
    fn uci(&self, san_move: &str) -> PyResult<String> {
        self.cell.with_dependent(|v, g| {
            let mv = parse_san(v, g, san_move)?;
            Ok(uci::write(v, &mv))
        })
    }

    /// Makes a legal move given in coordinates; returns what it did, as a
    /// list of events (`{"kind": "moved", "piece": "P", "from": "e2",
    /// "to": "e4"}`). Raises `MoveError` if it is not legal here.
    fn push<'py>(&mut self, py: Python<'py>, uci_move: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.cell.with_dependent_mut(|v, g| {
            let mv = parse_uci(v, g, uci_move)?;
            let happened = g.play(mv);
            events::to_python(py, v, &happened)
        })
    }

    /// Makes a legal move given in algebraic notation; returns its coordinates.
    fn push_san(&mut self, san_move: &str) -> PyResult<String> {
        self.cell.with_dependent_mut(|v, g| {
            let mv = parse_san(v, g, san_move)?;
            g.play(mv);
            Ok(uci::write(v, &mv))
        })
    }

    /// Takes back the last move; returns it in coordinates. Raises
    /// `IndexError` at the start of the game.
    fn pop(&mut self) -> PyResult<String> {
        self.cell.with_dependent_mut(|v, g| match g.undo() {
            Some(mv) => Ok(uci::write(v, &mv)),
            None => Err(PyIndexError::new_err("no move to take back")),
        })
    }

    /// What a legal move would do, as `push` reports it, without making it.
    fn trace<'py>(&self, py: Python<'py>, uci_move: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.cell.with_dependent(|v, g| {
            let mv = parse_uci(v, g, uci_move)?;
            let mut after = g.position().clone();
            let mut happened = Vec::new();
            after.make_traced(v, mv, &mut happened);
            events::to_python(py, v, &happened)
        })
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.cell.with_dependent(|v, g| v.in_check(g.position()))
    }

    /// How the game has ended, or `None` while it goes on.
    fn ending(&self) -> Option<PyEnding> {
        self.cell.borrow_dependent().ending().map(|e| PyEnding {
            result: e.result.score(),
            reason: e.reason,
        })
    }

    /// Whether the game has ended.
    fn is_game_over(&self) -> bool {
        self.cell.borrow_dependent().ending().is_some()
    }

    /// The number of move sequences of `depth` moves from the current
    /// position (the lock on Python is released while counting).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        self.cell
            .with_dependent(|v, g| py.detach(|| Perft::new().count(v, g.position(), depth)))
    }

    /// Searches the current position for its best move within a limit:
    /// `nodes`, `movetime` (seconds) or `depth` (plies); at least one is
    /// needed. The lock on Python is released while searching; the
    /// engine's table is kept from one search to the next.
    #[pyo3(signature = (*, nodes = None, movetime = None, depth = None))]
    fn search(
        &mut self,
        py: Python<'_>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        depth: Option<u32>,
    ) -> PyResult<PySearchResult> {
        if nodes.is_none() && movetime.is_none() && depth.is_none() {
            return Err(PyValueError::new_err(
                "a search needs a limit: nodes, movetime or depth",
            ));
        }
        let movetime = match movetime {
            Some(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(PyValueError::new_err("movetime must be a number of seconds, 0 or more"));
            }
            Some(t) => Some(std::time::Duration::from_secs_f64(t.min(1e9))),
            None => None,
        };
        let limits = Limits {
            nodes,
            movetime,
            depth,
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
        let root = game.position();
        let engine = &*engine;
        let result = py.detach(|| engine.search(root, &history, &limits, &Control::new(), &mut |_| {}));
        let (score, mate) = match result.score {
            Score::Centipawns(cp) => (Some(cp), None),
            Score::Mate(m) => (None, Some(m)),
        };
        Ok(PySearchResult {
            best: result.best.map(|m| uci::write(&variant, &m)),
            score,
            mate,
            depth: result.depth,
            nodes: result.nodes,
            pv: result.pv.iter().map(|m| uci::write(&variant, m)).collect(),
        })
    }

    /// The variant's name.
    #[getter]
    fn variant_name(&self) -> String {
        self.cell.borrow_owner().name().to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Game {:?} {:?}>", self.variant_name(), self.fen())
    }
}

impl PyGame {
    /// A game of `variant` from its start, or from `fen`.
    pub fn create(variant: Arc<Variant>, fen_text: Option<&str>) -> PyResult<Self> {
        let start = match fen_text {
            None => variant.start_position(),
            Some(text) => fen::parse(&variant, text).map_err(|e| FenError::new_err(e.to_string()))?,
        };
        Ok(PyGame {
            start: start.clone(),
            cell: GameCell::new(variant, |v| Game::new(v, start)),
            engine: None,
        })
    }
}

/// A move given in coordinates, found among the current position's legal
/// moves (the library's parser only returns legal moves).
fn parse_uci(v: &Variant, g: &Game<'_>, text: &str) -> PyResult<Move> {
    uci::parse(v, g.position(), text).map_err(|e| MoveError::new_err(e.to_string()))
}

/// A move given in algebraic notation, found among the legal moves.
fn parse_san(v: &Variant, g: &Game<'_>, text: &str) -> PyResult<Move> {
    san::parse(v, g.position(), text).map_err(|e| MoveError::new_err(e.to_string()))
}
