//! scripts/engine_match.py, the match script: its statistics against
//! values worked out by hand (tests/python/test_match_stats.py), and tiny
//! matches of kaboom against itself, refereed by python-chess (chess) and by
//! kaboom's own rules (a seed variant), the same games whatever the
//! concurrency, an SPRT that stops. Skipped, with a note, without python3
//! and python-chess.

use std::process::{Command, Output};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/engine_match.py");

fn has_python_chess() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import chess.engine, chess.variant"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        println!("note: python3 with python-chess is not installed; the match script was not run");
    }
    ok
}

fn run(args: &[&str]) -> Output {
    let kaboom = env!("CARGO_BIN_EXE_kaboom");
    let out = Command::new("python3")
        .arg(SCRIPT)
        .args(["--kaboom", kaboom])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn last_json(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn the_statistics_give_the_values_worked_out_by_hand() {
    if !has_python_chess() {
        return;
    }
    let out = Command::new("python3")
        .args(["-m", "unittest", "-v", "test_match_stats"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_match_is_the_same_from_its_seed_whatever_the_concurrency() {
    if !has_python_chess() {
        return;
    }
    let kaboom = env!("CARGO_BIN_EXE_kaboom");
    let dir = std::env::temp_dir().join(format!("kaboom-engine-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let engine = format!("cmd={kaboom}");
    for (variant, referee) in [("chess", "python-chess"), ("kaboom", "kaboom")] {
        let mut logs = Vec::new();
        for concurrency in ["1", "2"] {
            let log = dir.join(format!("{variant}-{concurrency}.jsonl"));
            let out = run(&[
                "--variant",
                variant,
                "--engine",
                &engine,
                "name=a",
                "--engine",
                &engine,
                "name=b",
                "--nodes",
                "200",
                "--games",
                "4",
                "--max-plies",
                "60",
                "--seed",
                "7",
                "--concurrency",
                concurrency,
                "--log",
                log.to_str().unwrap(),
                "--json",
            ]);
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains(&format!("referee {referee}")), "{text}");
            let result = last_json(&out);
            assert_eq!(result["games"], 4, "{text}");
            logs.push(std::fs::read_to_string(&log).unwrap());
        }
        assert_eq!(logs[0], logs[1], "{variant}: the games differ with the concurrency");
        let games: Vec<serde_json::Value> = logs[0].lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(games.len(), 4);
        // Both colours per opening: a pair's games start with the same moves,
        // the first engine White in one and Black in the other.
        for pair in games.chunks(2) {
            let plies = pair[0]["opening_plies"].as_u64().unwrap() as usize;
            assert_eq!(plies, 6);
            let start = |g: &serde_json::Value| g["moves"].as_array().unwrap()[..plies].to_vec();
            assert_eq!(start(&pair[0]), start(&pair[1]));
            assert_eq!(pair[0]["white"], "a");
            assert_eq!(pair[1]["white"], "b");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_sprt_stops_when_one_engine_is_much_stronger() {
    if !has_python_chess() {
        return;
    }
    let kaboom = env!("CARGO_BIN_EXE_kaboom");
    let out = run(&[
        "--engine",
        &format!("cmd={kaboom}"),
        "name=strong",
        "nodes=1000",
        "--engine",
        &format!("cmd={kaboom}"),
        "name=weak",
        "depth=1",
        "--games",
        "60",
        "--sprt",
        "0",
        "50",
        "--seed",
        "1",
        "--quiet",
        "--json",
    ]);
    let result = last_json(&out);
    assert_eq!(result["verdict"], "H1", "{result}");
    assert!(result["games"].as_u64().unwrap() < 60, "{result}");
    assert!(result["llr"].as_f64().unwrap() >= 19f64.ln(), "{result}");
}

#[test]
fn an_engine_that_cannot_start_is_a_clear_error() {
    if !has_python_chess() {
        return;
    }
    let kaboom = env!("CARGO_BIN_EXE_kaboom");
    let out = Command::new("python3")
        .arg(SCRIPT)
        .args([
            "--engine",
            &format!("cmd={kaboom}"),
            "--engine",
            "cmd=/nonexistent/engine",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot start /nonexistent/engine"), "{err}");
    assert!(!err.contains("Traceback"), "{err}");
}
