//! Hostile input to the protocols and the other text a user or a tool
//! feeds kaboom (issue 33): numbers of any size in UCI and XBoard
//! commands, an illegal move while a once-per-game action is available,
//! `play --engine`'s stdin, match reports with crafted counts, and a
//! position full of captures for quiescence. Each gets a clear answer,
//! never a panic (exit 101), a hang or a whole echo of the input.

mod common;

use common::kaboom;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `kaboom args` with `input` on stdin; returns (exit code, stdout,
/// stderr). Fails the test after 60 s.
fn kaboom_with_input(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    // Read the output while it runs (a full pipe would stall it).
    let (tx, rx) = std::sync::mpsc::channel();
    let id = child.id();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").arg(id.to_string()).status();
            panic!("kaboom {args:?} still running after 60 s");
        }
    };
    let _ = writer.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn uci_numbers_of_any_size_saturate() {
    let huge = "99999999999999999999999999999";
    let searches = [
        "go mate 2147483648".to_string(),
        format!("go mate {huge}"),
        format!("go depth {huge} nodes {huge}"),
        format!("go depth 4294967296 movetime {huge}"),
        format!("go wtime {huge} btime {huge} winc {huge} binc {huge} movestogo {huge}"),
        "go wtime 9223372036854775807 winc 9223372036854775807 movestogo 4294967296".to_string(),
        format!("go wtime -{huge} btime -{huge} winc -1 binc -1"),
        "go movetime -5".to_string(),
    ];
    let mut input = format!("setoption name MultiPV value {huge}\nsetoption name MultiPV value 1\n");
    for go in &searches {
        input.push_str(&format!("{go}\nstop\n"));
    }
    input.push_str("go depth 1.5\nisready\nquit\n");
    let (code, out, err) = kaboom_with_input(&["uci"], input.as_bytes());
    assert_eq!(code, 0, "{out}\n{err}");
    let bestmoves = out.lines().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, searches.len(), "{out}");
    assert!(
        out.contains("info string error go: `depth` wants a number, not `1.5`"),
        "{out}"
    );
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn xboard_numbers_of_any_size_saturate_and_nan_is_refused() {
    let huge = "99999999999999999999999999999";
    let input = format!(
        "xboard\nprotover 2\nlevel 0 {huge} 0\nlevel {huge} 9999:{huge} {huge}\nlevel 0 5 1e308\n\
         time 9223372036854775807\notim {huge}\ntime -{huge}\nst {huge}\nst -5\nst 1e-300\nsd {huge}\n\
         memory 1\ncores {huge}\ncores 1\n\
         st NaN\nst inf\nlevel 0 NaN 0\nlevel 0 5 NaN\nlevel 0 5 -inf\nping 7\nquit\n"
    );
    let (code, out, err) = kaboom_with_input(&["xboard"], input.as_bytes());
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("pong 7"), "{out}");
    for error in [
        "Error (st): st: `seconds` wants a number of seconds, not `NaN`",
        "Error (st): st: `seconds` wants a number of seconds, not `inf`",
        "Error (level): level: `BASE` wants a number, not `NaN`",
        "Error (level): level: `INC` wants a number of seconds, not `NaN`",
        "Error (level): level: `INC` wants a number of seconds, not `-inf`",
    ] {
        assert!(out.contains(error), "{error}:\n{out}");
    }
}

#[test]
fn xboard_moves_under_a_huge_base_time() {
    // The search's deadline once overflowed its clock and the search thread
    // panicked: no move was ever sent.
    for level in ["level 0 307445734561825860 0", "level 40 0:18446744073709551615 0"] {
        let input = format!("new\n{level}\ntime 9223372036854775807\nsd 2\ngo\n");
        let (code, out, err) = kaboom_with_input(&["xboard"], input.as_bytes());
        assert_eq!(code, 0, "{out}\n{err}");
        assert!(out.lines().any(|l| l.starts_with("move ")), "{level}: {out}\n{err}");
    }
}

#[test]
fn an_illegal_move_while_a_once_per_game_action_is_available_is_an_error() {
    // The algebraic reading looked up the piece on an action's square,
    // which may be empty.
    for args in [
        &["play", "tilting-the-balance", "e3e4"][..],
        &["play", "tilting-the-balance", "Ne3e4"][..],
        &["play", "tilting-the-balance", "e2e4", "e7e5", "d3d5"][..],
    ] {
        let (code, out, err) = kaboom(args);
        assert_eq!(code, 1, "{args:?}: {out}\n{err}");
        assert!(err.contains("is not a legal move here"), "{args:?}: {err}");
    }
}

#[test]
fn play_engine_refuses_long_and_non_utf8_lines_and_skips_blank_ones() {
    let mut input = vec![b'x'; 200_000];
    input.extend_from_slice(b"\n\xff\xfe\n");
    input.extend(std::iter::repeat_n(b'\n', 3000));
    input.extend_from_slice(b"e2e4\nquit\n");
    let (code, out, err) = kaboom_with_input(&["play", "chess", "--engine", "black", "--movetime", "20"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("a line longer than 4096 bytes was ignored"), "{err}");
    assert!(err.contains("not UTF-8"), "{err}");
    assert!(err.len() < 2000, "the long line is echoed: {} bytes", err.len());
    assert!(out.contains("1. e2e4 (e4)"), "{out}");
    assert!(
        out.contains("1... "),
        "the engine answered after the blank lines: {out}"
    );
}

#[test]
fn a_long_illegal_move_is_quoted_by_its_start() {
    let word = "e".repeat(100_000);
    let (code, _, err) = kaboom(&["play", "chess", &word]);
    assert_eq!(code, 1);
    assert!(err.len() < 5000, "{} bytes of error", err.len());
    let (code, out, _) = kaboom_with_input(&["uci"], format!("position startpos moves {word}\nquit\n").as_bytes());
    assert_eq!(code, 0);
    assert!(out.len() < 1000, "{out}");
}

/// Positions full of captures: quiescence stays within 8 plies of the
/// horizon, checks included, and its tree stays small.
#[test]
fn quiescence_has_a_hard_bound() {
    let fen = "k7/qqqqqqqq/qqqqqqqq/8/8/QQQQQQQQ/QQQQQQQQ/7K w - - 0 1";
    for depth in ["1", "2"] {
        let (code, out, err) = kaboom(&["go", "chess", "--fen", fen, "--depth", depth]);
        assert_eq!(code, 0, "{err}");
        let line = out
            .lines()
            .rfind(|l| l.starts_with("info depth"))
            .unwrap_or_else(|| panic!("{out}"));
        let field = |name: &str| -> u64 {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|w| *w == name).unwrap();
            words[at + 1].parse().unwrap()
        };
        let d: u64 = depth.parse().unwrap();
        // Checks extend to twice the depth, then 8 plies of quiescence.
        assert!(field("seldepth") <= 2 * d + 8, "{line}");
        assert!(field("nodes") <= 2_000_000, "{line}");
    }
    // A node limit is heard inside quiescence.
    let (code, out, _) = kaboom(&["go", "chess", "--fen", fen, "--nodes", "3000"]);
    assert_eq!(code, 0);
    assert!(out.contains("bestmove "), "{out}");
}

/// A real report of a 2-game match, as JSON.
fn report(shard: &str) -> serde_json::Value {
    let (code, out, err) = kaboom(&[
        "match",
        "chess",
        "--games",
        "2",
        "--nodes",
        "50",
        "--max-plies",
        "6",
        "--shard",
        shard,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

fn write_report(name: &str, report: &serde_json::Value) -> String {
    let dir = std::env::temp_dir().join(format!("kaboom-hostile-protocols-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string(report).unwrap()).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn match_merge_checks_counts_and_never_overflows() {
    let a = report("1/2");
    let b = report("2/2");
    let (fa, fb) = (write_report("a.json", &a), write_report("b.json", &b));
    let (code, _, err) = kaboom(&["match-merge", &fa, &fb]);
    assert_eq!(code, 0, "{err}");
    // Huge counts that agree with each other: the shards of a match of
    // u64::MAX games (the most a merge can add up to) merge, their
    // summary is computed without overflow.
    let huge = |r: &serde_json::Value, name: &str, played: u64| {
        let mut r = r.clone();
        r["settings"]["games"] = serde_json::json!(u64::MAX);
        r["played"] = serde_json::json!(played);
        r["results"] = serde_json::json!({"white_wins": played, "black_wins": 0, "draws": 0, "both_lose": 0,
            "first_mover_wins": played, "second_mover_wins": 0});
        r["lengths"] = serde_json::json!({"4294967295": played});
        r["endings"] = serde_json::json!({"checkmate": played});
        r["decided_by"] = serde_json::json!({"capture": played});
        r["used_in"] = serde_json::json!({"capture": played});
        write_report(name, &r)
    };
    let half = 1u64 << 63;
    let (ha, hb) = (huge(&a, "huge-a.json", half), huge(&b, "huge-b.json", half - 1));
    for format in ["text", "json"] {
        let (code, out, err) = kaboom(&["match-merge", &ha, &hb, "--format", format]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("18446744073709551615"), "{out}");
        assert!(!out.contains("inf") && !out.contains("NaN"), "{out}");
    }
    // More games than the shard holds: refused, the report named.
    let hc = huge(&b, "huge-c.json", u64::MAX);
    let (code, _, err) = kaboom(&["match-merge", &ha, &hc]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("huge-c.json") && err.contains("its shards hold"), "{err}");
    // Crafted counts that disagree: the report is named, no 100000000% score.
    for (field, value, says) in [
        ("/results/first_mover_wins", 1_000_000u64, "first and second mover wins"),
        ("/results/draws", 1_000_000, "results"),
        ("/played", 1_000_000, "played games"),
        ("/lengths/6", 3, "game lengths"),
    ] {
        let mut bad = b.clone();
        *bad.pointer_mut(field).unwrap_or_else(|| panic!("{field}: {b}")) = serde_json::json!(value);
        let fbad = write_report("bad.json", &bad);
        let (code, out, err) = kaboom(&["match-merge", &fa, &fbad]);
        assert_eq!(code, 1, "{field}: {out}");
        assert!(
            err.contains("bad.json") && err.contains("inconsistent") && err.contains(says),
            "{field}: {err}"
        );
        let (code, out, err) = kaboom(&["match-merge", &fbad]);
        assert_eq!(code, 1, "{field}: {out}");
        assert!(!out.contains("100000000.0%"), "{out}");
        assert!(err.contains("bad.json"), "{err}");
    }
}

#[test]
fn match_merge_is_linear_in_the_number_of_shards() {
    // 1,000,000 shards of one game each, in two reports of 500,000 (13 MB).
    let count = 1_000_000u64;
    let base = report("1/2");
    let mut halves = Vec::new();
    for half in 0..2u64 {
        let mut r = base.clone();
        let shards: Vec<String> = (1..=count)
            .filter(|k| k % 2 == half)
            .map(|k| format!("{k}/{count}"))
            .collect();
        let n = shards.len() as u64;
        r["settings"]["games"] = serde_json::json!(count);
        r["shards"] = serde_json::json!(shards);
        r["played"] = serde_json::json!(n);
        r["results"] = serde_json::json!({"white_wins": 0, "black_wins": 0, "draws": n, "both_lose": 0,
            "first_mover_wins": 0, "second_mover_wins": 0});
        r["lengths"] = serde_json::json!({"6": n});
        r["endings"] = serde_json::json!({"the move limit": n});
        r["decided_by"] = serde_json::json!({});
        r["used_in"] = serde_json::json!({});
        halves.push(write_report(&format!("half-{half}.json"), &r));
    }
    let started = Instant::now();
    let (code, out, err) = kaboom(&["match-merge", &halves[0], &halves[1]]);
    let took = started.elapsed();
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1000000 of 1000000 games (shards 1/1)"), "{out}");
    // Quadratic, this took over a minute; linear, a second or two.
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn a_huge_pgn_token_is_not_echoed() {
    let dir = std::env::temp_dir().join(format!("kaboom-hostile-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let word = "e".repeat(10_000_000);
    for (name, text) in [
        ("move.pgn", format!("[Event \"x\"]\n\n1. {word} *\n")),
        ("tag.pgn", format!("[{word} x]\n\n1. e4 *\n")),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out, err) = kaboom(&["replay", path.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}");
        assert!(
            out.len() + err.len() < 2000,
            "{name}: {} bytes of output",
            out.len() + err.len()
        );
        assert!((out.clone() + &err).contains("eeeeeeeeee..."), "{name}: {out}{err}");
    }
}
