//! python-chess drives `kaboom uci` through complete games of chess and
//! atomic, checking every move with its own rules
//! (tests/python/uci_games.py). Skipped, with a note, when python3 or
//! python-chess is missing.

use std::process::Command;

#[test]
fn python_chess_plays_complete_games_against_kaboom() {
    let has_chess = Command::new("python3")
        .args(["-c", "import chess.engine, chess.variant"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_chess {
        println!("note: python3 with python-chess is not installed; the python-chess games were not played");
        return;
    }
    let out = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/uci_games.py"))
        .arg(env!("CARGO_BIN_EXE_kaboom"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.lines().any(|l| l.starts_with("chess: ")), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("atomic: ")), "{stdout}");
}

/// python-chess's engine module drives `kaboom uci` through games of the
/// seed variants, which python-chess does not know: every move is checked
/// by kaboom itself (tests/python/uci_seed_games.py).
#[test]
fn python_chess_drives_games_of_the_seed_variants() {
    let has_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_chess {
        println!("note: python3 with python-chess is not installed; the seed-variant games were not played");
        return;
    }
    let seeds = ["kaboom", "tilting-the-balance", "bouncing-pieces", "capatomic-random"];
    let out = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/uci_seed_games.py"))
        .arg(env!("CARGO_BIN_EXE_kaboom"))
        .args(seeds)
        .args(["--nodes", "1000", "--max-plies", "60"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    for seed in seeds {
        assert!(stdout.lines().any(|l| l.starts_with(&format!("{seed}: "))), "{stdout}");
    }
}
