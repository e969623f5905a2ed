//! `kaboom play --engine white|black|both`: after the moves given on the
//! command line, the engine plays its side(s); the other side's moves are
//! read from standard input, one per line (coordinates or algebraic
//! notation; `quit` or the end of input stops). Each move prints its
//! trace and the board; the game record and result follow at the end.

use super::Failure;
use super::output::Output;
use crate::base::square::Color;
use crate::notation::{board, san, trace_text, uci};
use crate::search::{Control, Engine, Limits};
use crate::{Game, Position, Variant};
use std::io::Write as _;
use std::sync::Arc;
use std::time::Duration;

/// Most plies the engine plays in one session: a variant with no move
/// rule and no repetition rule could otherwise go on forever.
pub const MAX_PLIES: usize = 2000;

/// The longest line read as a move; a longer one is refused, quoted only
/// by its start, and the game goes on.
pub const MAX_MOVE_LINE: usize = 4096;

/// Which sides the engine plays, and how long it thinks.
pub struct EngineOptions {
    /// Whether the engine plays White, and Black.
    pub sides: [bool; 2],
    /// Time per move in milliseconds.
    pub movetime: u64,
    /// Search threads.
    pub threads: usize,
    /// A strength level (`--skill`, `--elo`); `None`: full strength.
    pub skill: Option<crate::search::Skill>,
}

/// The game so far, as `kaboom play` keeps it.
pub struct Played<'g, 'v> {
    /// The game, with the moves given on the command line played.
    pub game: &'g mut Game<'v>,
    /// Where it started.
    pub start: &'g Position,
    /// Each move in algebraic notation.
    pub sans: &'g mut Vec<String>,
    /// The game record, move numbers included.
    pub record: &'g mut Vec<String>,
}

/// Plays on until the game ends, the input ends or `quit`.
pub fn play(o: &mut Output, variant: &Variant, state: &mut Played, options: &EngineOptions) -> Result<(), Failure> {
    let mut engine = Engine::new(Arc::new(variant.clone()));
    engine.set_threads(options.threads);
    // The game's positions, as keys, so the engine sees repetitions, and
    // its moves, so it judges perpetual check and shuttles.
    let mut keys = vec![engine.key(state.start)];
    let mut replay = state.start.clone();
    for &mv in state.game.moves() {
        replay.make(variant, mv);
        keys.push(engine.key(&replay));
    }
    let mut played = state.game.checked_moves();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut plies = 0;
    while plies < MAX_PLIES {
        if state.game.ending().is_some() {
            return Ok(());
        }
        let pos = state.game.position().clone();
        let side = pos.side_to_move();
        let mv = if options.sides[side.index()] {
            let limits = Limits {
                movetime: Some(Duration::from_millis(options.movetime)),
                skill: options.skill,
                played: played.clone(),
                ..Limits::default()
            };
            let history = &keys[..keys.len() - 1];
            let result = engine.search(&pos, history, &limits, &Control::new(), &mut |_| {});
            match result.best {
                Some(mv) => mv,
                None => return Ok(()),
            }
        } else {
            match ask_move(o, variant, state, &mut input, side)? {
                Typed::Move(mv) => mv,
                Typed::Again => continue,
                Typed::Stop => return Ok(()),
            }
        };
        plies += 1;
        let number = pos.fullmove_number();
        let dots = if side == Color::White { "." } else { "..." };
        let events = state.game.play(mv);
        let written = san::write(variant, &pos, &mv, &events, state.game.position());
        state.sans.push(written.clone());
        state.record.push(if dots == "." || state.record.is_empty() {
            format!("{number}{dots} {written}")
        } else {
            written.clone()
        });
        keys.push(engine.key(state.game.position()));
        played.push((mv, variant.in_check(&pos)));
        writeln!(
            o.out,
            "{number}{dots} {} ({written}): {}",
            uci::write(variant, &mv),
            trace_text::describe_all(variant, &events)
        )?;
        write!(o.out, "{}", board::diagram(variant, state.game.position()))?;
        o.out.flush()?;
    }
    writeln!(o.out, "stopped after {MAX_PLIES} plies")?;
    Ok(())
}

/// What the player typed.
enum Typed {
    /// A legal move.
    Move(crate::Move),
    /// Nothing to play (a blank line, a line refused, a move not legal):
    /// ask again.
    Again,
    /// The input ended or `quit`.
    Stop,
}

/// Asks the player whose turn it is for a move.
fn ask_move(
    o: &mut Output,
    variant: &Variant,
    state: &mut Played,
    input: &mut impl std::io::BufRead,
    side: Color,
) -> Result<Typed, Failure> {
    let name = if side == Color::White { "White" } else { "Black" };
    write!(o.out, "{name} to move (a move, or quit): ")?;
    o.out.flush()?;
    // A line too long or not UTF-8 is refused and asked again; a blank
    // line is asked again; neither counts as a ply.
    let text = match super::protocol::read_bounded(input, MAX_MOVE_LINE, "a line") {
        None => {
            writeln!(o.out)?;
            return Ok(Typed::Stop);
        }
        Some(Err(e)) => {
            writeln!(o.err, "{e}")?;
            return Ok(Typed::Again);
        }
        Some(Ok(line)) => line,
    };
    let text = text.trim();
    if text == "quit" {
        return Ok(Typed::Stop);
    }
    if text.is_empty() {
        return Ok(Typed::Again);
    }
    let index = state.game.moves().len();
    match super::move_input::read_move(variant, state.game, state.record, index, text) {
        Ok(mv) => Ok(Typed::Move(mv)),
        Err(failure) => {
            writeln!(o.err, "{}", failure.message.trim_end())?;
            Ok(Typed::Again)
        }
    }
}
