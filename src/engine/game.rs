//! A game in progress: the positions so far, and how the game ends under
//! the variant's end rules (no legal move, the move rule, repetition).

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::square::Color;
use crate::compile::Variant;
use crate::spec::Outcome;

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

    /// The result when `side` gets `outcome`.
    pub fn for_side(side: Color, outcome: Outcome) -> GameResult {
        match (outcome, side) {
            (Outcome::Draw, _) => GameResult::Draw,
            (Outcome::Win, Color::White) | (Outcome::Loss, Color::Black) => GameResult::WhiteWins,
            (Outcome::Win, Color::Black) | (Outcome::Loss, Color::White) => GameResult::BlackWins,
        }
    }
}

/// Why and how a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result.
    pub result: GameResult,
    /// The reason in words: `checkmate`, `stalemate`, `50-move rule`, ...
    pub reason: String,
}

/// A game: the start position, the moves played and every position since.
#[derive(Clone, Debug)]
pub struct Game<'v> {
    variant: &'v Variant,
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl<'v> Game<'v> {
    /// A game of `variant` from `start`.
    pub fn new(variant: &'v Variant, start: Position) -> Self {
        Game {
            variant,
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move that must be legal in the current position.
    pub fn play(&mut self, mv: Move) {
        let mut next = self.position().clone();
        next.make(self.variant, mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// How the game has ended, or `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        let v = self.variant;
        let pos = self.position();
        let side = pos.side_to_move();
        if v.legal_moves(pos).is_empty() {
            let (outcome, reason) = if v.in_check(pos) {
                (v.end.checkmate, "checkmate")
            } else {
                (v.end.stalemate, "stalemate")
            };
            return Some(Ending {
                result: GameResult::for_side(side, outcome),
                reason: reason.to_string(),
            });
        }
        if v.end.move_rule > 0 && pos.halfmove_clock() >= 2 * v.end.move_rule {
            return Some(Ending {
                result: GameResult::Draw,
                reason: format!("{}-move rule", v.end.move_rule),
            });
        }
        if v.end.repetition > 0 {
            let key = self.repetition_key(pos);
            let seen = self.positions.iter().filter(|p| self.repetition_key(p) == key).count();
            if seen >= v.end.repetition as usize {
                return Some(Ending {
                    result: GameResult::Draw,
                    reason: format!("{}-fold repetition", v.end.repetition),
                });
            }
        }
        None
    }

    /// What makes two positions "the same" for repetition: the board, the
    /// side to move, castling rights and a capturable en passant target.
    fn repetition_key(&self, pos: &Position) -> Position {
        let mut key = pos.clone();
        key.halfmove = 0;
        key.fullmove = 0;
        let ep_capture_possible = !key.ep_targets.is_empty()
            && self
                .variant
                .legal_moves(pos)
                .iter()
                .any(|m| m.kind == MoveKind::EnPassant);
        if !ep_capture_possible {
            key.ep_targets = Default::default();
            key.ep_victim = 0;
        }
        key
    }
}
