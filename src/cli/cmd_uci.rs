//! `kaboom uci`: the UCI protocol, with Fairy-Stockfish's conventions for
//! variants: the `UCI_Variant` option names a bundled variant and
//! `VariantPath` loads a variant file. Moves are written as `kaboom moves`
//! writes them. A command that cannot be carried out answers
//! `info string error ...` and the engine keeps running.
//!
//! After `usi` instead of `uci` the session speaks USI, shogi's protocol,
//! as Fairy-Stockfish does for any variant: moves in USI notation (`7g7f`,
//! `P*5e`, `8h2b+`), `position sfen ...` besides `startpos` and `fen`,
//! `btime`/`binc` for the side that moves first and `byoyomi`, `usiok`,
//! `usinewgame`, `bestmove resign` when there is no move, and `d` writing
//! the SFEN too. `position sfen` is read in UCI too.

use super::engine_text::{bestmove_line, info_line};
use super::protocol::{Session, integer_in, millis, quote, read_command, say, short_move_error};
use crate::notation::{uci, usi};
use crate::search::Limits;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// Speaks the protocol on stdin and stdout until `quit` or the end of input.
pub fn run() -> ExitCode {
    let mut session = match Session::new("chess") {
        Ok(s) => s,
        Err(e) => {
            say(&format!("info string error {e}"));
            return ExitCode::from(1);
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    while let Some(line) = read_command(&mut input) {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                say(&format!("info string error {e}"));
                continue;
            }
        };
        match command(&mut session, &line) {
            Ok(true) => {
                session.stop();
                return ExitCode::SUCCESS;
            }
            Ok(false) => {}
            Err(e) => say(&format!("info string error {e}")),
        }
    }
    // End of input: a search with limits still answers.
    session.settle();
    ExitCode::SUCCESS
}

/// Carries out the lines of `text` as a session would, each search
/// stopped when the next line comes and at the end: what the fuzz
/// targets drive (no line may panic).
pub fn transcript(text: &str) {
    let Ok(mut session) = Session::new("chess") else {
        return;
    };
    for line in text.lines() {
        session.stop();
        if let Ok(true) = command(&mut session, line) {
            break;
        }
    }
    session.stop();
}

fn options(session: &Session) {
    let protocol = if session.usi { "USI" } else { "UCI" };
    say("id name kaboom");
    say("id author the kaboom authors");
    let names = crate::spec::bundled_names();
    let vars: Vec<String> = names.iter().map(|n| format!("var {n}")).collect();
    say(&format!(
        "option name {protocol}_Variant type combo default {} {}",
        session.variant_name,
        vars.join(" ")
    ));
    say("option name VariantPath type string default <empty>");
    say("option name Threads type spin default 1 min 1 max 256");
    say("option name Hash type spin default 16 min 1 max 4096");
    say("option name Ponder type check default false");
    say("option name MultiPV type spin default 1 min 1 max 64");
    let (low, high) = crate::search::Skill::elo_range();
    say("option name Skill Level type spin default 20 min 0 max 20");
    say(&format!(
        "option name {protocol}_LimitStrength type check default false"
    ));
    say(&format!(
        "option name {protocol}_Elo type spin default {high} min {low} max {high}"
    ));
    say(if session.usi { "usiok" } else { "uciok" });
}

/// Carries out one command line; `Ok(true)` ends the session.
fn command(session: &mut Session, line: &str) -> Result<bool, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = words.split_first() else {
        return Ok(false);
    };
    match name {
        "uci" => {
            session.usi = false;
            options(session);
        }
        "usi" => {
            session.usi = true;
            options(session);
        }
        "usinewgame" => session.new_game(),
        "gameover" => {}
        "isready" => say("readyok"),
        "quit" => return Ok(true),
        "stop" => {
            session.stop();
        }
        "ponderhit" => {
            if let Some(c) = session.control() {
                c.pondering.store(false, Ordering::Relaxed);
            }
        }
        "ucinewgame" => session.new_game(),
        "setoption" => setoption(session, args)?,
        "position" => position(session, args)?,
        "go" => go(session, args)?,
        "d" => {
            let fen = crate::notation::fen::write(&session.variant, &session.position);
            if session.usi {
                let sfen = crate::notation::sfen::write(&session.variant, &session.position);
                say(&format!("info string sfen {sfen}"));
            }
            say(&format!("info string fen {fen}"));
        }
        "debug" | "register" => {}
        _ => return Err(format!("unknown command `{}`", quote(name))),
    }
    Ok(false)
}

fn setoption(session: &mut Session, args: &[&str]) -> Result<(), String> {
    // setoption name <id words> [value <words>]
    if args.first() != Some(&"name") {
        return Err("setoption: expected `setoption name <id> value <x>`".to_string());
    }
    let value_at = args.iter().position(|w| *w == "value");
    let id = args[1..value_at.unwrap_or(args.len())].join(" ");
    let value = value_at.map(|i| args[i + 1..].join(" "));
    let value = value.as_deref();
    match id.to_ascii_lowercase().replacen("usi_", "uci_", 1).as_str() {
        "uci_variant" => {
            let v = value.ok_or("setoption UCI_Variant: needs a value")?;
            if !crate::spec::bundled_names().contains(&v) {
                return Err(format!(
                    "setoption UCI_Variant: `{v}` is not a bundled variant ({}); use VariantPath for a file",
                    crate::spec::bundled_names().join(", ")
                ));
            }
            session.set_variant(v)?;
        }
        "variantpath" => {
            let v = value.ok_or("setoption VariantPath: needs a file")?;
            if v != "<empty>" && !v.is_empty() {
                session.set_variant(v)?;
            }
        }
        "threads" => session.set_threads(integer_in("setoption Threads", "value", value, 1, 256)?),
        "hash" => session.set_hash(integer_in("setoption Hash", "value", value, 1, 4096)?),
        "multipv" => session.multipv = integer_in("setoption MultiPV", "value", value, 1, 64)?,
        "skill level" => session.strength.level = integer_in("setoption Skill Level", "value", value, 0, 20)?,
        "uci_limitstrength" => session.strength.limit = boolean("setoption UCI_LimitStrength", value)?,
        "uci_elo" => {
            let (low, high) = crate::search::Skill::elo_range();
            session.strength.elo = integer_in("setoption UCI_Elo", "value", value, low, high)?;
        }
        "ponder" | "uci_chess960" => {}
        _ => return Err(format!("setoption: unknown option `{}`", quote(&id))),
    }
    Ok(())
}

/// A check option's value: `true` or `false`.
fn boolean(command: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("{command}: the value is `true` or `false`")),
    }
}

fn position(session: &mut Session, args: &[&str]) -> Result<(), String> {
    let moves_at = args.iter().position(|w| *w == "moves");
    let head = &args[..moves_at.unwrap_or(args.len())];
    let moves = moves_at.map_or(&[][..], |i| &args[i + 1..]);
    let translated: Vec<String>;
    let moves: Vec<&str> = if session.usi {
        let g = session.variant.geometry;
        translated = moves
            .iter()
            .map(|m| usi::to_coordinates(g, m).map_err(|e| format!("position: `{}`: {e}", quote(m))))
            .collect::<Result<_, _>>()?;
        translated.iter().map(String::as_str).collect()
    } else {
        moves.to_vec()
    };
    match head.split_first() {
        Some((&"startpos", [])) => session.set_position(None, &moves),
        Some((&"fen", fen)) if !fen.is_empty() => session.set_position(Some(&fen.join(" ")), &moves),
        Some((&"sfen", sfen)) if !sfen.is_empty() => {
            let pos = crate::notation::sfen::parse(&session.variant, &sfen.join(" "))
                .map_err(|e| format!("bad SFEN `{}`: {e}", quote(&sfen.join(" "))))?;
            let fen = crate::notation::fen::write(&session.variant, &pos);
            session.set_position(Some(&fen), &moves)
        }
        _ => Err("position: expected `position startpos|fen <fen>|sfen <sfen> [moves ...]`".to_string()),
    }
}

/// A line of the engine's report with its moves in USI notation (where
/// the session speaks USI): the moves after `pv`, `bestmove` and
/// `ponder`; `bestmove resign` for no move.
fn in_usi(session_usi: bool, variant: &crate::Variant, line: String) -> String {
    if !session_usi {
        return line;
    }
    if line == "bestmove (none)" {
        return "bestmove resign".to_string();
    }
    let g = variant.geometry;
    let mut after_move_word = false;
    let mut in_pv = false;
    let words: Vec<String> = line
        .split(' ')
        .map(|w| {
            let is_move = in_pv || after_move_word;
            after_move_word = matches!(w, "bestmove" | "ponder");
            if w == "pv" {
                in_pv = true;
            }
            if is_move {
                usi::from_coordinates(g, w)
            } else {
                w.to_string()
            }
        })
        .collect();
    words.join(" ")
}

/// The deepest search `go depth` (and `go mate`, in plies) asks for.
const MAX_DEPTH: u32 = 100;

/// The parameters of `go`, which end a `searchmoves` list.
const GO_WORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "byoyomi",
];

/// `go searchmoves`: the moves from `args[from]` up to the next
/// parameter's name, into `moves`; returns the index after them.
fn search_moves(session: &Session, args: &[&str], from: usize, moves: &mut Vec<crate::Move>) -> Result<usize, String> {
    let mut j = from;
    while let Some(&text) = args.get(j)
        && !GO_WORDS.contains(&text)
    {
        let parsed = if session.usi {
            usi::parse(&session.variant, &session.position, text)
        } else {
            uci::parse(&session.variant, &session.position, text)
        };
        let mv = parsed.map_err(|e| {
            format!(
                "go searchmoves: {}",
                short_move_error(&e, text, &session.variant, &session.position)
            )
        })?;
        moves.push(mv);
        j += 1;
    }
    if moves.is_empty() {
        return Err("go searchmoves: expected one or more moves".to_string());
    }
    Ok(j)
}

fn go(session: &mut Session, args: &[&str]) -> Result<(), String> {
    let mut limits = Limits::default();
    let mut ponder = false;
    let white = usize::from(session.usi);
    let mut byoyomi = None;
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).copied();
        let mut takes_value = true;
        match args[i] {
            // Every number saturates into its range (docs/limits.md, "Protocols").
            "depth" => limits.depth = Some(integer_in("go", "depth", value, 1, MAX_DEPTH)?),
            "nodes" => limits.nodes = Some(integer_in("go", "nodes", value, 0, u64::MAX)?),
            "movetime" => limits.movetime = Some(millis("go", "movetime", value)?),
            // USI's `b` is the side that moves first, kaboom's White.
            "wtime" => limits.time[white] = Some(millis("go", "wtime", value)?),
            "btime" => limits.time[1 - white] = Some(millis("go", "btime", value)?),
            "winc" => limits.increment[white] = millis("go", "winc", value)?,
            "binc" => limits.increment[1 - white] = millis("go", "binc", value)?,
            "byoyomi" if session.usi => byoyomi = Some(millis("go", "byoyomi", value)?),
            "movestogo" => limits.moves_to_go = Some(integer_in("go", "movestogo", value, 0, u32::MAX)?),
            "mate" => {
                let moves: u32 = integer_in("go", "mate", value, 1, MAX_DEPTH / 2)?;
                limits.depth = Some(2 * moves);
            }
            "infinite" => {
                limits.infinite = true;
                takes_value = false;
            }
            "ponder" => {
                ponder = true;
                takes_value = false;
            }
            "searchmoves" => {
                i = search_moves(session, args, i + 1, &mut limits.search_moves)?;
                continue;
            }
            other => return Err(format!("go: unknown parameter `{}`", quote(other))),
        }
        i += if takes_value { 2 } else { 1 };
    }
    if let Some(b) = byoyomi {
        // As Fairy-Stockfish reads it: each side's time and increment grow by it.
        for side in 0..2 {
            limits.increment[side] = b;
            limits.time[side] = Some(limits.time[side].unwrap_or_default() + b);
        }
    }
    limits.multipv = session.multipv;
    limits.skill = session.strength.skill();
    let hold = limits.infinite || ponder;
    let usi = session.usi;
    session.start(
        limits,
        ponder,
        hold,
        move |variant, info| say(&in_usi(usi, variant, info_line(variant, info))),
        move |variant, result| say(&in_usi(usi, variant, bestmove_line(variant, result))),
    );
    Ok(())
}
