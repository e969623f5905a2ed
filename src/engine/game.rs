//! A game in progress: the positions so far, and how the game ends under
//! the variant's end rules, checked in the order the variant lists them.

use super::moves::{IllegalMove, Move, MoveKind};
use super::position::Position;
use super::trace::Event;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::compile::ir::End;
use crate::compile::ir::EndOutcome;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won: `1-0`.
    WhiteWins,
    /// Black won: `0-1`.
    BlackWins,
    /// Drawn: `1/2-1/2`.
    Draw,
    /// Both sides lost: `0-0`.
    BothLose,
}

impl GameResult {
    /// The result as a PGN-style score.
    pub fn score(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose => "0-0",
        }
    }

    /// The result when the side to move, `side`, gets `outcome`.
    pub(crate) fn for_side(side: Color, outcome: EndOutcome) -> GameResult {
        match (outcome, side) {
            (EndOutcome::Draw, _) => GameResult::Draw,
            (EndOutcome::BothLose, _) => GameResult::BothLose,
            (EndOutcome::WhiteWins, _) => GameResult::WhiteWins,
            (EndOutcome::BlackWins, _) => GameResult::BlackWins,
            (EndOutcome::Win, Color::White) | (EndOutcome::Loss, Color::Black) => GameResult::WhiteWins,
            (EndOutcome::Win, Color::Black) | (EndOutcome::Loss, Color::White) => GameResult::BlackWins,
        }
    }
}

/// Why and how a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result.
    pub result: GameResult,
    /// The reason in words: the end rule's `name` (`Black's king was
    /// captured`), else words made from the rule (`checkmate`, `50-move
    /// rule`, `White gave 3 checks`).
    pub reason: String,
}

/// A game: the start position, the moves played and every position since.
#[derive(Clone, Debug)]
pub struct Game<'v> {
    variant: &'v Variant,
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// For each position, what repetition compares, and its hash.
    keys: Vec<(u64, Position)>,
}

impl<'v> Game<'v> {
    /// A game of `variant` from `start`.
    pub fn new(variant: &'v Variant, start: Position) -> Self {
        let mut game = Game {
            variant,
            positions: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
        };
        game.push(start);
        game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move that must be legal in the current position; returns
    /// what happened.
    ///
    /// ```
    /// use kaboom::{Game, GameResult, Variant};
    /// let chess = Variant::load("chess").unwrap();
    /// let mut game = Game::new(&chess, chess.start_position());
    /// for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
    ///     let mv = kaboom::uci::parse(&chess, game.position(), text).unwrap();
    ///     game.play(mv);
    /// }
    /// let ending = game.ending().unwrap();
    /// assert_eq!((ending.result, ending.reason.as_str()), (GameResult::BlackWins, "checkmate"));
    /// ```
    pub fn play(&mut self, mv: Move) -> Vec<Event> {
        let mut next = self.position().clone();
        let mut events = Vec::new();
        next.make_traced(self.variant, mv, &mut events);
        self.push(next);
        self.moves.push(mv);
        events
    }

    /// Plays `mv` checked, as [`Game::play`] does, unless it is not one of
    /// the current position's legal moves.
    ///
    /// ```
    /// use kaboom::{Game, Variant};
    /// let chess = Variant::load("chess").unwrap();
    /// let mut game = Game::new(&chess, chess.start_position());
    /// let e2e4 = kaboom::uci::parse(&chess, game.position(), "e2e4").unwrap();
    /// assert!(game.try_play(e2e4).is_ok());
    /// assert!(game.try_play(e2e4).is_err(), "White's move again, with Black to move");
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<Vec<Event>, IllegalMove> {
        if !self.variant.legal_moves(self.position()).contains(&mv) {
            return Err(IllegalMove { mv });
        }
        Ok(self.play(mv))
    }

    /// Takes back the last move played, returning it; `None` at the start
    /// position. The game is then exactly as it was before that move.
    ///
    /// ```
    /// use kaboom::{Game, Variant};
    /// let chess = Variant::load("chess").unwrap();
    /// let mut game = Game::new(&chess, chess.start_position());
    /// let e2e4 = kaboom::uci::parse(&chess, game.position(), "e2e4").unwrap();
    /// game.play(e2e4);
    /// assert_eq!(game.undo(), Some(e2e4));
    /// assert_eq!(game.position(), &chess.start_position());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(mv)
    }

    fn push(&mut self, pos: Position) {
        use std::hash::{Hash, Hasher};
        let key = self.repetition_key(&pos);
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut hasher);
        self.keys.push((hasher.finish(), key));
        self.positions.push(pos);
    }

    /// How the game has ended, or `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        self.ending_among(&self.variant.legal_moves(self.position()))
    }

    /// [`Game::ending`] with the current position's legal moves already
    /// generated (`legal`), so a reader that also reads the next move from
    /// them generates them once.
    pub fn ending_among(&self, legal: &[Move]) -> Option<Ending> {
        let v = self.variant;
        let pos = self.position();
        let side = pos.side_to_move();
        let no_moves = legal.is_empty();
        let programs = &v.programs;
        for (i, (end, outcome)) in programs.end.iter().enumerate() {
            // The rule's words (its name, or a sentence made from it), the
            // sides filled in.
            let words = || {
                let (own, enemy) = match side {
                    Color::White => ("White", "Black"),
                    Color::Black => ("Black", "White"),
                };
                programs.end_labels[i].replace("{own}", own).replace("{enemy}", enemy)
            };
            let reason = match *end {
                End::Holds(c) if v.eval_cond(c, pos, &Variant::still(side)) => words(),
                End::Dead(c) if v.eval_cond(c, pos, &Variant::still(side)) => words(),
                End::Checkmate(guard) if no_moves && v.in_check(pos) && v.guard_holds(guard, pos) => words(),
                End::Stalemate(guard) if no_moves && !v.in_check(pos) && v.guard_holds(guard, pos) => words(),
                End::MoveRule(n, guard) if n > 0 && pos.halfmove_clock() >= 2 * n && v.guard_holds(guard, pos) => {
                    words()
                }
                End::Repetition(n, guard) if n > 0 && self.repetitions() >= n as usize && v.guard_holds(guard, pos) => {
                    words()
                }
                End::CountingOver if pos.count.over() => words(),
                End::Shuttles(n, kinds) if super::shuttles::shuttled(v, &self.positions, &self.moves, n, kinds) => {
                    words()
                }
                End::MutualPerpetualCheck(n, _) | End::PerpetualCheck(n)
                    if n > 0 && self.repetitions() >= n as usize =>
                {
                    let checker = self.perpetual_checker(n as usize);
                    let Some((side, outcome)) = super::perpetual::ending(v, *end, *outcome, pos, checker) else {
                        continue;
                    };
                    return Some(Ending {
                        result: GameResult::for_side(side, outcome),
                        reason: words(),
                    });
                }
                _ => continue,
            };
            return Some(Ending {
                result: GameResult::for_side(side, *outcome),
                reason,
            });
        }
        None
    }

    /// Who gave perpetual check in the repetition of the current position
    /// for the `n`-th time: every move since the first of those `n`
    /// occurrences is examined ([`super::perpetual::checker`]). `None`
    /// when neither side did (or the position has not occurred `n` times).
    fn perpetual_checker(&self, n: usize) -> Option<Option<Color>> {
        let last = self.keys.last().expect("a game always has a position");
        let first = self
            .keys
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, k)| k.0 == last.0 && k.1 == last.1)
            .nth(n - 1)
            .map(|(i, _)| i)?;
        let now = self.positions.len() - 1;
        let side = self.position().side_to_move();
        super::perpetual::checker(side, now - first, |k| self.variant.in_check(&self.positions[now - k]))
    }

    /// The moves played so far, each with whether the side that made it
    /// was in check before it: what a search started from the game reads
    /// (the search's `Limits::played`).
    pub fn checked_moves(&self) -> Vec<(Move, bool)> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(mv, pos)| (*mv, self.variant.in_check(pos)))
            .collect()
    }

    /// How many times the current position has occurred.
    fn repetitions(&self) -> usize {
        let last = self.keys.last().expect("a game always has a position");
        self.keys.iter().filter(|k| k.0 == last.0 && k.1 == last.1).count()
    }

    /// What makes two positions "the same" for repetition: the board, the
    /// side to move, castling rights, a capturable en passant target, and
    /// the variant's counters.
    fn repetition_key(&self, pos: &Position) -> Position {
        let mut key = pos.clone();
        key.halfmove = 0;
        key.fullmove = 0;
        key.count = Default::default();
        let ep_capture_possible = !key.ep_targets.is_empty()
            && self
                .variant
                .legal_moves(pos)
                .iter()
                .any(|m| m.kind == MoveKind::EnPassant);
        if !ep_capture_possible {
            key.ep_targets = Default::default();
            key.ep_victim = Square::new(0);
        }
        key
    }
}
