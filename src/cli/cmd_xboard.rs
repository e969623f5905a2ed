//! `kaboom xboard`: the XBoard (CECP) protocol, version 2. Variants are
//! the bundled names (`normal` is chess); moves are written as `kaboom
//! moves` writes them. A move that is not legal answers `Illegal move:
//! ...`, any other command that cannot be carried out `Error (...): ...`;
//! the engine keeps running.

use super::engine_text::bestmove_line;
use super::protocol::{MAX_DURATION, Session, integer, integer_in, quote, read_command, say, seconds};
use super::xboard_setup;
use crate::base::square::Color;
use crate::notation::{fen, uci};
use crate::search::{Limits, Score};
use crate::{Game, Move, Position, Variant};
use std::process::ExitCode;
use std::time::Duration;

/// The game and the engine's settings, as XBoard has set them.
struct Board {
    /// The variant `new` starts: chess, or the one given on the command line.
    default_variant: String,
    start: Position,
    moves: Vec<Move>,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    post: bool,
    /// `level`: moves per session (0: all), base time, increment.
    level: (u32, Duration, Duration),
    /// `st`: a fixed time per move.
    move_time: Option<Duration>,
    /// `sd`: a depth limit.
    depth: Option<u32>,
    /// `time` and `otim`: the engine's and the opponent's clocks.
    clocks: (Option<Duration>, Option<Duration>),
}

impl Board {
    /// A new game of the session's variant, the engine playing Black,
    /// 5 minutes for the game.
    fn new(default_variant: String, session: &Session) -> Board {
        Board {
            default_variant,
            start: session.variant.start_position(),
            moves: Vec::new(),
            engine_side: Some(Color::Black),
            post: false,
            level: (0, Duration::from_secs(300), Duration::ZERO),
            move_time: None,
            depth: None,
            clocks: (None, None),
        }
    }
}

/// Carries out the lines of `text` as a session of chess would, each
/// search stopped (its move played) when the next line comes and at the
/// end: what the fuzz targets drive (no line may panic).
pub fn transcript(text: &str) {
    let Ok(mut session) = Session::new("chess") else {
        return;
    };
    let mut board = Board::new("chess".to_string(), &session);
    for line in text.lines() {
        collect(&mut session, &mut board, true);
        if let Ok(true) = command(&mut session, &mut board, line) {
            break;
        }
    }
    session.stop();
}

/// XBoard's name for a bundled variant.
fn xboard_name(name: &str) -> &str {
    if name == "chess" { "normal" } else { name }
}

fn kaboom_name(name: &str) -> &str {
    if name == "normal" { "chess" } else { name }
}

/// Speaks the protocol on stdin and stdout until `quit` or the end of input.
/// `initial` (a bundled name or a file) is the variant played until XBoard
/// names another, and the one `new` returns to (default chess).
pub fn run(initial: Option<&str>) -> ExitCode {
    let default_variant = initial.unwrap_or("chess").to_string();
    let mut session = match Session::new(&default_variant) {
        Ok(s) => s,
        Err(e) => {
            say(&format!("Error (startup): {e}"));
            return ExitCode::from(1);
        }
    };
    let mut board = Board::new(default_variant, &session);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    while let Some(line) = read_command(&mut input) {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                say(&format!("Error (input): {e}"));
                continue;
            }
        };
        match command(&mut session, &mut board, &line) {
            Ok(true) => {
                session.stop();
                return ExitCode::SUCCESS;
            }
            Ok(false) => {}
            Err(e) => say(&e),
        }
    }
    session.settle();
    ExitCode::SUCCESS
}

/// Waits for (or with `stop`, stops) the engine's search and plays the
/// move it sent.
fn collect(session: &mut Session, board: &mut Board, stop: bool) {
    let result = if stop { session.stop() } else { session.wait() };
    if let Some(mv) = result.and_then(|r| r.best) {
        board.moves.push(mv);
        session.play_move(mv);
    }
}

fn sync(session: &mut Session, board: &Board) {
    let texts: Vec<String> = board.moves.iter().map(|m| uci::write(&session.variant, m)).collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let start = fen::write(&session.variant, &board.start);
    let _ = session.set_position(Some(&start), &refs);
}

/// The result line when the game is over.
fn ending(variant: &Variant, start: &Position, moves: &[Move]) -> Option<String> {
    let mut game = Game::new(variant, start.clone());
    for &mv in moves {
        game.play(mv);
    }
    game.ending()
        .map(|e| format!("{} {{{}}}", e.result.score().replace("0-0", "1/2-1/2"), e.reason))
}

fn features(session: &Session) {
    let names: Vec<&str> = crate::spec::bundled_names().into_iter().map(xboard_name).collect();
    let _ = session;
    say(&format!(
        "feature done=0 ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 \
         colors=0 name=0 nps=0 memory=1 smp=1 myname=\"kaboom\" variants=\"{}\"",
        names.join(",")
    ));
    say("feature done=1");
}

/// `new`: the default variant's start, the engine playing Black, the
/// time and depth limits forgotten.
fn new_game(session: &mut Session, board: &mut Board) -> Result<(), String> {
    session.set_variant(&board.default_variant.clone())?;
    *board = Board {
        default_variant: board.default_variant.clone(),
        start: session.variant.start_position(),
        moves: Vec::new(),
        engine_side: Some(Color::Black),
        move_time: None,
        depth: None,
        ..*board
    };
    Ok(())
}

/// `variant NAME`: a bundled variant, by XBoard's name (with a board size
/// prefix where its board is not 8x8), its start position and a
/// description of its pieces (`setup`, `piece`).
fn choose_variant(session: &mut Session, board: &mut Board, given: &str) -> Result<(), String> {
    let v = xboard_setup::strip_size(given);
    if !crate::spec::bundled_names().contains(&kaboom_name(v)) {
        return Err(format!("unknown variant `{}`", quote(given)));
    }
    if v != given {
        let g = Variant::load(kaboom_name(v)).map_err(|e| e.to_string())?.geometry();
        if !given.starts_with(&format!("{}x{}_", g.files, g.ranks))
            && !given.starts_with(&format!("{}x{}+", g.files, g.ranks))
        {
            return Err(format!("`{given}`: {v} is played on {}x{}", g.files, g.ranks));
        }
    }
    session.set_variant(kaboom_name(v))?;
    board.start = session.variant.start_position();
    board.moves.clear();
    for line in xboard_setup::describe(&session.variant, xboard_name(v)) {
        say(&line);
    }
    Ok(())
}

/// Before command `name`: the search still running is left alone for the
/// commands heard while thinking, stopped for those that change the game,
/// and waited for otherwise.
fn finish_thinking(session: &mut Session, board: &mut Board, name: &str) {
    match name {
        "post" | "nopost" | "easy" | "hard" | "otim" | "time" | "computer" | "random" | "accepted" | "rejected"
        | "name" | "rating" | "ics" | "xboard" => {}
        "force" | "new" | "result" | "variant" | "setboard" | "remove" | "undo" => collect(session, board, true),
        _ => collect(session, board, false),
    }
}

/// Carries out one command; `Ok(true)` ends the session.
fn command(session: &mut Session, board: &mut Board, line: &str) -> Result<bool, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = words.split_first() else {
        return Ok(false);
    };
    let arg = args.first().copied();
    let error = |what: &str| format!("Error ({name}): {what}");
    match name {
        "quit" => return Ok(true),
        "?" => {
            collect(session, board, true);
            return Ok(false);
        }
        _ => finish_thinking(session, board, name),
    }
    match name {
        "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "easy" | "hard"
        | "draw" => {}
        "protover" => features(session),
        "new" => new_game(session, board)?,
        "variant" => {
            let given = arg.ok_or_else(|| error("needs a variant name"))?;
            choose_variant(session, board, given).map_err(|e| error(&e))?;
        }
        "setboard" => {
            let text = args.join(" ");
            let pos =
                fen::parse(&session.variant, &text).map_err(|e| error(&format!("bad FEN `{}`: {e}", quote(&text))))?;
            board.start = pos;
            board.moves.clear();
            sync(session, board);
        }
        "force" => board.engine_side = None,
        "result" => board.engine_side = None,
        "white" | "black" => {}
        "go" => {
            board.engine_side = Some(session.position.side_to_move());
            think(session, board);
        }
        "playother" => board.engine_side = Some(session.position.side_to_move().flip()),
        "usermove" => {
            let text = arg.ok_or_else(|| error("needs a move"))?;
            user_move(session, board, text)?;
        }
        "ping" => say(&format!("pong {}", arg.unwrap_or("0"))),
        "post" => board.post = true,
        "nopost" => board.post = false,
        "level" => {
            if args.len() != 3 {
                return Err(error("expected `level MPS BASE INC`"));
            }
            let (mps, base, inc) = level(args).map_err(|e| error(&e))?;
            board.level = (mps, base, inc);
            board.move_time = None;
        }
        "st" => board.move_time = Some(seconds("st", "seconds", arg).map_err(|e| error(&e))?.max(MIN_MOVE_TIME)),
        "sd" => board.depth = Some(integer_in("sd", "depth", arg, 1, 100).map_err(|e| error(&e))?),
        "time" => board.clocks.0 = Some(centiseconds("time", arg).map_err(|e| error(&e))?),
        "otim" => board.clocks.1 = Some(centiseconds("otim", arg).map_err(|e| error(&e))?),
        "memory" => session.set_hash(integer_in("memory", "MB", arg, 1, 4096).map_err(|e| error(&e))?),
        "cores" => session.set_threads(integer_in("cores", "count", arg, 1, 256).map_err(|e| error(&e))?),
        "undo" | "remove" => {
            let n = if name == "undo" { 1 } else { 2 };
            if board.moves.len() < n {
                return Err(error("no move to take back"));
            }
            board.moves.truncate(board.moves.len() - n);
            sync(session, board);
        }
        _ => {
            // A bare move (protocol 1 style), else an unknown command.
            if uci::parse(&session.variant, &session.position, name).is_ok() {
                user_move(session, board, name)?;
            } else {
                return Err(format!("Error (unknown command): {}", quote(name)));
            }
        }
    }
    Ok(false)
}

/// The shortest time per move `st` sets.
const MIN_MOVE_TIME: Duration = Duration::from_millis(1);

/// The most moves per session `level` sets (more count as this).
const MAX_LEVEL_MOVES: u32 = 10_000;

/// Reads `level MPS BASE INC`: BASE in minutes or `minutes:seconds`, INC
/// in seconds; every number saturates (docs/limits.md, "Protocols").
fn level(args: &[&str]) -> Result<(u32, Duration, Duration), String> {
    let mps = integer_in("level", "MPS", Some(args[0]), 0, MAX_LEVEL_MOVES)?;
    let (minutes, secs) = match args[1].split_once(':') {
        Some((m, s)) => (integer("level", "BASE", Some(m))?, integer("level", "BASE", Some(s))?),
        None => (integer("level", "BASE", Some(args[1]))?, 0),
    };
    let total = minutes
        .clamp(0, i64::MAX)
        .saturating_mul(60)
        .saturating_add(secs.max(0));
    let base = Duration::from_secs(total.min(MAX_DURATION.as_secs() as i64) as u64);
    let inc = seconds("level", "INC", Some(args[2]))?;
    Ok((mps, base, inc))
}

/// A clock read in centiseconds (`time`, `otim`): negative as zero, capped
/// at a year.
fn centiseconds(command: &str, value: Option<&str>) -> Result<Duration, String> {
    let cs = integer(command, "centiseconds", value)?;
    let ms = cs.clamp(0, i64::MAX / 10) * 10;
    Ok(Duration::from_millis(ms as u64).min(MAX_DURATION))
}

fn user_move(session: &mut Session, board: &mut Board, text: &str) -> Result<(), String> {
    if ending(&session.variant, &board.start, &board.moves).is_some() {
        return Err(format!("Illegal move (the game is over): {text}"));
    }
    let mv = session
        .play(text)
        .map_err(|e| format!("Illegal move ({e}): {}", quote(text)))?;
    board.moves.push(mv);
    if let Some(result) = ending(&session.variant, &board.start, &board.moves) {
        say(&result);
        return Ok(());
    }
    if board.engine_side == Some(session.position.side_to_move()) {
        think(session, board);
    }
    Ok(())
}

/// Starts the engine's search for its move; the search thread sends it.
fn think(session: &mut Session, board: &Board) {
    if ending(&session.variant, &board.start, &board.moves).is_some() {
        return;
    }
    let side = session.position.side_to_move();
    let mut limits = Limits {
        depth: board.depth,
        movetime: board.move_time,
        ..Limits::default()
    };
    if limits.movetime.is_none() {
        let (mps, base, inc) = board.level;
        limits.time[side.index()] = Some(board.clocks.0.unwrap_or(base));
        limits.increment[side.index()] = inc;
        if mps > 0 {
            let played = (board.moves.len() / 2) as u32;
            limits.moves_to_go = Some(mps - played % mps);
        }
    }
    let post = board.post;
    let start = board.start.clone();
    let moves = board.moves.clone();
    session.start(
        limits,
        false,
        false,
        move |variant, info| {
            if post {
                let score = match info.score {
                    Score::Centipawns(cp) => cp,
                    Score::Mate(n) if n > 0 => 100_000 + n,
                    Score::Mate(n) => -100_000 + n,
                };
                let pv: Vec<String> = info.pv.iter().map(|m| uci::write(variant, m)).collect();
                say(&format!(
                    "{} {} {} {} {}",
                    info.depth,
                    score,
                    info.time.as_millis() / 10,
                    info.nodes,
                    pv.join(" ")
                ));
            }
        },
        move |variant, result| {
            let Some(mv) = result.best else {
                let _ = bestmove_line(variant, result);
                return;
            };
            say(&format!("move {}", uci::write(variant, &mv)));
            let mut after = moves;
            after.push(mv);
            if let Some(line) = ending(variant, &start, &after) {
                say(&line);
            }
        },
    );
}
