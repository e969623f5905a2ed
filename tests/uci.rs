//! The UCI and XBoard protocols spoken to `kaboom uci` and `kaboom
//! xboard` as child processes, including malformed commands: each gets an
//! error line and the engine keeps answering.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A running engine: send lines, wait for lines.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    fn start(protocol: &str) -> Engine {
        Engine::start_with(&[protocol])
    }

    fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaboom"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Reads lines until one satisfies `want`; returns it. Fails after 20 s.
    fn expect(&mut self, what: &str, want: impl Fn(&str) -> bool) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(20)) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if want(&line) {
                        return line;
                    }
                }
                Err(_) => panic!("no {what}; the engine said:\n{}", self.seen.join("\n")),
            }
        }
    }

    fn expect_prefix(&mut self, prefix: &str) -> String {
        let p = prefix.to_string();
        self.expect(prefix, move |l| l.starts_with(&p))
    }

    /// Takes every line the engine has sent so far into `seen`.
    fn drain(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            self.seen.push(line);
        }
    }

    fn bestmoves(&mut self) -> usize {
        self.drain();
        self.seen.iter().filter(|l| l.starts_with("bestmove")).count()
    }

    /// The engine answers `isready` (so it is still running).
    fn alive(&mut self) {
        self.send("isready");
        self.expect_prefix("readyok");
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

fn legal_moves(variant: &str, fen: Option<&str>) -> Vec<String> {
    let mut args = vec!["moves", variant];
    if let Some(f) = fen {
        args.extend(["--fen", f]);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

fn best(line: &str) -> String {
    line.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn handshake_lists_the_options_and_bundled_variants() {
    let mut e = Engine::start("uci");
    e.send("uci");
    let variant = e.expect_prefix("option name UCI_Variant type combo");
    for name in [
        "chess",
        "atomic",
        "capablanca",
        "kaboom",
        "tilting-the-balance",
        "bouncing-pieces",
    ] {
        assert!(variant.contains(&format!(" var {name}")), "{variant}");
    }
    e.expect_prefix("option name VariantPath type string");
    e.expect_prefix("option name Threads type spin");
    e.expect_prefix("option name Hash type spin");
    e.expect_prefix("uciok");
    e.alive();
    e.quit();
}

#[test]
fn position_and_go_give_a_legal_bestmove() {
    let mut e = Engine::start("uci");
    e.send("uci");
    e.expect_prefix("uciok");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 4");
    e.expect_prefix("info depth 4 ");
    let line = e.expect_prefix("bestmove ");
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    assert!(legal_moves("chess", Some(fen)).contains(&best(&line)), "{line}");
    // The clock: the engine answers well within its time.
    e.send("position fen 7k/8/8/8/8/8/1R6/R5K1 w - - 0 1");
    e.send("go wtime 2000 btime 2000 winc 10 binc 10");
    let line = e.expect_prefix("bestmove ");
    assert!(["b2b7", "a1a7"].contains(&best(&line).as_str()), "{line}");
    e.quit();
}

#[test]
fn malformed_commands_get_an_error_line_and_the_engine_keeps_running() {
    let mut e = Engine::start("uci");
    for (command, error) in [
        (
            "position startpos moves e2e5",
            "info string error `e2e5` is not a legal move here",
        ),
        ("position startpos moves zz9", "info string error `zz9` is not a move"),
        ("position fen not/a/fen w - - 0 1", "info string error bad FEN"),
        ("position sideways", "info string error position: expected"),
        (
            "setoption name UCI_Variant value nosuchvariant",
            "info string error setoption UCI_Variant: `nosuchvariant` is not a bundled variant",
        ),
        (
            "setoption name VariantPath value /no/such/file.ron",
            "info string error variant `/no/such/file.ron`",
        ),
        (
            "setoption name Threads value many",
            "info string error setoption Threads: `value` wants a number",
        ),
        (
            "setoption name Colour value red",
            "info string error setoption: unknown option `Colour`",
        ),
        (
            "go depth deep",
            "info string error go: `depth` wants a number, not `deep`",
        ),
        ("go sideways 3", "info string error go: unknown parameter `sideways`"),
        ("fly me to the moon", "info string error unknown command `fly`"),
    ] {
        e.send(command);
        let line = e.expect_prefix("info string error");
        assert!(line.starts_with(error), "{command}: {line}");
        e.alive();
    }
    // A line too long to keep, and one that is not UTF-8.
    let long = format!("position startpos moves {}", "e2e4 ".repeat(300_000));
    e.send(&long);
    let line = e.expect_prefix("info string error");
    assert!(line.contains("longer than"), "{line}");
    e.input.write_all(b"go \xff\xfe\n").unwrap();
    e.input.flush().unwrap();
    let line = e.expect_prefix("info string error");
    assert!(line.contains("not UTF-8"), "{line}");
    e.alive();
    // A bad position command left the last good position: still the start.
    e.send("go depth 2");
    let line = e.expect_prefix("bestmove ");
    assert!(legal_moves("chess", None).contains(&best(&line)), "{line}");
    e.quit();
}

#[test]
fn infinite_and_ponder_wait_for_stop_and_ponderhit() {
    let mut e = Engine::start("uci");
    e.send("position startpos");
    e.send("go infinite");
    e.expect_prefix("info depth 3 ");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(e.bestmoves(), 0, "answered before stop");
    e.send("stop");
    let line = e.expect_prefix("bestmove ");
    assert!(legal_moves("chess", None).contains(&best(&line)));
    e.send("position startpos moves e2e4");
    e.send("go ponder movetime 100");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(e.bestmoves(), 1, "answered while pondering");
    e.send("ponderhit");
    let after = e.expect("a second bestmove", |l| l.starts_with("bestmove"));
    assert!(
        legal_moves(
            "chess",
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        )
        .contains(&best(&after))
    );
    e.quit();
}

#[test]
fn variants_by_name_and_by_path_with_threads_and_hash() {
    let mut e = Engine::start("uci");
    e.send("setoption name Threads value 2");
    e.send("setoption name Hash value 4");
    e.send("setoption name UCI_Variant value kaboom");
    // A bump written as `kaboom moves` writes it.
    e.send("position startpos moves e2e4 d7d5 e4d5@bump");
    e.send("go nodes 5000");
    let line = e.expect_prefix("bestmove ");
    let fen = {
        let out = Command::new(env!("CARGO_BIN_EXE_kaboom"))
            .args(["play", "kaboom", "e2e4", "d7d5", "e4d5@bump"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines().find_map(|l| l.strip_prefix("fen: ")).unwrap().to_string()
    };
    assert!(
        legal_moves("kaboom", Some(&fen)).contains(&best(&line)),
        "{line} in {fen}"
    );
    // A random setup's position whose castling rook has moved, then its start.
    e.send("setoption name UCI_Variant value capatomic-random");
    e.send("position fen 5m1m1n/aq1nbr1rkb/pppppppppp/3c6/10/10/1A8/PPPPPPPPPP/1QCNBRKNRB/5M1M2 w KQ - 6 4 unmoved=h1,f10,h10");
    e.send("go nodes 1000");
    e.expect_prefix("bestmove ");
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go nodes 1000");
    e.expect_prefix("bestmove ");
    e.alive();
    e.send("setoption name VariantPath value variants/capablanca.ron");
    e.send("position startpos");
    e.send("go depth 2");
    let line = e.expect_prefix("bestmove ");
    assert!(legal_moves("capablanca", None).contains(&best(&line)), "{line}");
    e.quit();
}

#[test]
fn xboard_plays_answers_ping_and_reports_errors() {
    let mut e = Engine::start("xboard");
    e.send("xboard");
    e.send("protover 2");
    let features = e.expect_prefix("feature ");
    assert!(
        features.contains("variants=\"") && features.contains("normal") && features.contains("kaboom"),
        "{features}"
    );
    e.expect_prefix("feature done=1");
    e.send("new");
    e.send("st 0.1");
    e.send("usermove e2e4");
    let reply = e.expect_prefix("move ");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert!(
        legal_moves("chess", Some(fen)).contains(&reply[5..].to_string()),
        "{reply}"
    );
    e.send("ping 7");
    e.expect_prefix("pong 7");
    e.send("usermove e2e4");
    e.expect_prefix("Illegal move");
    e.send("variant nosuch");
    e.expect_prefix("Error (variant): unknown variant `nosuch`");
    e.send("setboard 8/8/8 w - - 0 1");
    e.expect_prefix("Error (setboard): bad FEN");
    e.send("level x 5 0");
    e.expect_prefix("Error (level)");
    e.send("frobnicate");
    e.expect_prefix("Error (unknown command): frobnicate");
    // A variant, a position, and the engine to move: it mates.
    e.send("variant atomic");
    e.send("force");
    e.send("setboard 4k3/4p3/8/8/8/8/8/4R2K w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let reply = e.expect_prefix("move ");
    assert_eq!(reply, "move e1e7");
    e.expect_prefix("1-0 {");
    e.send("ping 8");
    e.expect_prefix("pong 8");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn xboard_describes_the_variants_it_does_not_know_with_setup_and_piece() {
    let mut e = Engine::start("xboard");
    e.send("protover 2");
    e.expect_prefix("feature done=1");
    // XBoard knows capablanca: no description.
    e.send("variant capablanca");
    e.send("ping 1");
    e.expect_prefix("pong 1");
    assert!(
        !e.seen.iter().any(|l| l.starts_with("setup") || l.starts_with("piece")),
        "{:?}",
        e.seen
    );
    // A seed variant on 8x8: the glyph table, size, start and each piece's Betza.
    e.send("variant kaboom");
    let setup = e.expect_prefix("setup ");
    assert_eq!(
        setup,
        "setup (PNBRQ................Kpnbrq................k) 8x8+0_kaboom \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    e.expect("piece P& fmWifmnD", |l| l == "piece P& fmWifmnD");
    e.expect("piece K& mK", |l| l == "piece K& mK");
    // Castling shows on the king as O and the distance.
    e.send("variant tilting-the-balance");
    e.expect("piece K& KO2", |l| l == "piece K& KO2");
    // A 10x10 board with a piece XBoard has no letter for: the first free glyph.
    e.send("variant capatomic-random");
    let setup = e.expect_prefix("setup ");
    assert!(
        setup.starts_with("setup (PNBRQ..AC.M..........Kpnbrq..ac.m..........k) 10x10+0_capatomic-random "),
        "{setup}"
    );
    e.expect("piece M& K", |l| l == "piece M& K");
    // Size-prefixed names as XBoard sends them.
    e.send("variant 10x8+0_capablanca");
    e.send("force");
    e.send("sd 2");
    e.send("go");
    let reply = e.expect_prefix("move ");
    assert!(
        legal_moves("capablanca", None).contains(&reply[5..].to_string()),
        "{reply}"
    );
    e.send("variant 8x8+0_capablanca");
    e.expect_prefix("Error (variant): `8x8+0_capablanca`: capablanca is played on 10x8");
    e.send("variant 10x8+0_nosuch");
    e.expect_prefix("Error (variant): unknown variant `10x8+0_nosuch`");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn xboard_starts_in_the_variant_given_and_new_returns_to_it() {
    // XBoard gives a second engine only `new` and a FEN.
    let mut e = Engine::start_with(&["xboard", "capablanca"]);
    e.send("protover 2");
    e.expect_prefix("feature done=1");
    e.send("new");
    e.send("force");
    e.send("sd 2");
    e.send("go");
    let reply = e.expect_prefix("move ");
    assert!(
        legal_moves("capablanca", None).contains(&reply[5..].to_string()),
        "{reply}"
    );
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn go_searchmoves_searches_only_the_moves_given() {
    let mut e = Engine::start("uci");
    e.send("uci");
    e.expect_prefix("uciok");
    e.send("position startpos");
    e.send("go depth 4 searchmoves a2a3 h2h3");
    let line = e.expect_prefix("bestmove");
    assert!(["a2a3", "h2h3"].contains(&best(&line).as_str()), "{line}");
    // A rook mates at once, but only the king's moves are searched.
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go depth 3 searchmoves g1f1 g1h1");
    let line = e.expect_prefix("bestmove");
    assert!(["g1f1", "g1h1"].contains(&best(&line).as_str()), "{line}");
    e.send("go depth 3");
    assert_eq!(best(&e.expect_prefix("bestmove")), "a1a8");
    e.send("go depth 2 searchmoves e2e4");
    e.expect_prefix("info string error go searchmoves: `e2e4`");
    e.send("go searchmoves");
    e.expect_prefix("info string error go searchmoves: expected one or more moves");
    e.alive();
    e.quit();
}

#[test]
fn multipv_reports_the_best_lines_with_distinct_first_moves() {
    let mut e = Engine::start("uci");
    e.send("uci");
    let options = e.expect_prefix("uciok");
    assert!(
        e.seen
            .iter()
            .any(|l| l == "option name MultiPV type spin default 1 min 1 max 64"),
        "{options}"
    );
    e.send("setoption name MultiPV value 3");
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go depth 3");
    let line = e.expect_prefix("bestmove");
    assert_eq!(best(&line), "a1a8");
    let depth3: Vec<&String> = e.seen.iter().filter(|l| l.starts_with("info depth 3 ")).collect();
    assert_eq!(depth3.len(), 3, "{depth3:?}");
    let firsts: Vec<&str> = depth3
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split_whitespace().next().unwrap())
        .collect();
    for (i, l) in depth3.iter().enumerate() {
        assert!(l.contains(&format!(" multipv {} ", i + 1)), "{l}");
    }
    assert_eq!(firsts[0], "a1a8");
    assert!(
        firsts[1] != firsts[0] && firsts[2] != firsts[0] && firsts[1] != firsts[2],
        "{firsts:?}"
    );
    assert!(depth3[0].contains("score mate 1"), "{}", depth3[0]);
    // Back to one line: no multipv field.
    e.send("setoption name MultiPV value 1");
    e.send("go depth 2");
    e.expect_prefix("bestmove");
    assert!(!e.seen.last().unwrap().contains("multipv"));
    assert!(!e.seen.iter().rev().nth(1).unwrap().contains("multipv"));
    e.send("setoption name MultiPV value x");
    e.expect_prefix("info string error setoption MultiPV");
    e.alive();
    e.quit();
}

/// Strength levels (Stockfish's convention): `Skill Level` below 20 stops
/// at depth 1 + level and compares four lines; `UCI_LimitStrength` with
/// `UCI_Elo` picks the level; bad values are refused with an error line.
#[test]
fn skill_level_and_uci_elo_weaken_the_search() {
    let mut e = Engine::start("uci");
    e.send("uci");
    e.expect_prefix("uciok");
    for option in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
    ] {
        assert!(e.seen.iter().any(|l| l == option), "{:?}", e.seen);
    }
    assert!(e.seen.iter().any(|l| l.starts_with("option name UCI_Elo type spin")));
    e.send("setoption name Skill Level value 2");
    e.send("position startpos");
    e.send("go nodes 200000");
    let line = e.expect_prefix("bestmove");
    let legal = legal_moves("chess", None);
    assert!(legal.contains(&best(&line)), "{line}");
    // Depth 1 + 2 at most, four lines each.
    assert!(!e.seen.iter().any(|l| l.starts_with("info depth 4 ")), "{:?}", e.seen);
    assert!(
        e.seen
            .iter()
            .any(|l| l.starts_with("info depth 3 ") && l.contains(" multipv 4 "))
    );
    // The same position and level give the same move.
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go nodes 200000");
    assert_eq!(best(&e.expect_prefix("bestmove")), best(&line));
    e.send("setoption name Skill Level value 20");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 0");
    e.send("go nodes 200000");
    // The lowest Elo is level 0: depth 1 only.
    let before = e.seen.len();
    e.expect_prefix("bestmove");
    assert!(
        !e.seen[before..].iter().any(|l| l.starts_with("info depth 2 ")),
        "{:?}",
        &e.seen[before..]
    );
    e.send("setoption name UCI_LimitStrength value sometimes");
    e.expect_prefix("info string error setoption UCI_LimitStrength");
    e.send("setoption name Skill Level value x");
    e.expect_prefix("info string error setoption Skill Level");
    e.alive();
    e.quit();
}

#[test]
fn usi_speaks_shogi_notation_and_sfen() {
    let mut e = Engine::start("uci");
    e.send("usi");
    e.expect_prefix("usiok");
    assert!(
        e.seen.iter().any(|l| l.starts_with("option name USI_Variant ")),
        "{:?}",
        e.seen
    );
    e.send("setoption name USI_Variant value shogi");
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    e.send("d");
    assert_eq!(
        e.expect_prefix("info string sfen"),
        "info string sfen lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
    e.expect_prefix("info string fen lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] b - - 0 3");
    // Black (gote, `w`) to move, a bishop in hand: the best move is USI.
    e.send("go depth 2 btime 1000 wtime 1000 byoyomi 100");
    let line = e.expect_prefix("bestmove");
    let best = best(&line);
    assert!(
        best.len() >= 4 && best.as_bytes()[0].is_ascii_digit() || best.contains('*'),
        "{line}"
    );
    e.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f");
    e.send("go depth 1 searchmoves 3c3d");
    assert_eq!(e.expect_prefix("bestmove"), "bestmove 3c3d");
    // Errors: a bad SFEN, a USI square off the board, a move in kaboom's coordinates.
    e.send("position sfen lnsgkgsnl/1r5b1 x - 1");
    e.expect_prefix("info string error bad SFEN");
    e.send("position startpos moves 7j7f");
    e.expect_prefix("info string error position: `7j7f`: `7j` is not a square of this board");
    e.send("position startpos moves c3c4");
    e.expect_prefix("info string error");
    // A lost position: no move, `bestmove resign`.
    e.send("position sfen 8k/7G1/8G/9/9/9/9/9/K8 w - 1");
    e.send("go depth 1");
    assert_eq!(e.expect_prefix("bestmove"), "bestmove resign");
    e.alive();
    e.quit();
}
