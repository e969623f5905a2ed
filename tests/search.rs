//! `kaboom go` and `kaboom play --engine`: the engine answers with a legal
//! move in every bundled variant, finds known mates, and reports UCI-style
//! `info` lines.

mod common;
use common::kaboom;

fn bundled() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/variants"))
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "ron").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    names.sort();
    names
}

fn bestmove(out: &str) -> &str {
    let line = out.lines().last().expect("output");
    let rest = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("no bestmove: {out}"));
    rest.split_whitespace().next().unwrap()
}

#[test]
fn bestmove_is_legal_in_every_bundled_variant_from_its_start() {
    for name in bundled() {
        let (code, out, err) = kaboom(&["go", &name, "--nodes", "3000"]);
        assert_eq!(code, 0, "{name}: {err}");
        let mv = bestmove(&out);
        let (_, legal, _) = kaboom(&["moves", &name]);
        assert!(legal.lines().any(|l| l == mv), "{name}: {mv} is not among\n{legal}");
        assert!(out.lines().any(|l| l.starts_with("info depth 1 ")), "{name}: {out}");
    }
}

#[test]
fn a_search_stopped_inside_an_iteration_says_how_many_nodes_it_searched() {
    let (code, out, err) = kaboom(&["go", "chess", "--nodes", "5000"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let last_info = lines[lines.len() - 2];
    let nodes: u64 = last_info
        .strip_prefix("info nodes ")
        .unwrap_or_else(|| panic!("no node count: {out}"))
        .parse()
        .unwrap();
    // The limit is looked at every 256 nodes.
    assert!((5000..5000 + 256).contains(&nodes), "{out}");
    // Stopped at a finished iteration: no such line.
    let (_, out, _) = kaboom(&["go", "chess", "--depth", "3"]);
    assert!(!out.contains("info nodes"), "{out}");
}

#[test]
fn info_lines_carry_depth_score_nodes_nps_and_pv() {
    let (code, out, err) = kaboom(&["go", "chess", "--depth", "4"]);
    assert_eq!(code, 0, "{err}");
    let infos: Vec<&str> = out.lines().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 4, "{out}");
    for (i, line) in infos.iter().enumerate() {
        assert!(line.starts_with(&format!("info depth {} ", i + 1)), "{line}");
        for field in [" score cp ", " nodes ", " nps ", " pv "] {
            assert!(line.contains(field), "{line} lacks {field}");
        }
    }
}

#[test]
fn finds_known_mates() {
    // Mate in one: the back rank.
    let (_, out, _) = kaboom(&[
        "go",
        "chess",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert_eq!(bestmove(&out), "a1a8", "{out}");
    assert!(out.contains("score mate 1"), "{out}");
    // Mate in two with two rooks (a ladder), found with threads.
    let (_, out, _) = kaboom(&[
        "go",
        "chess",
        "--fen",
        "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1",
        "--depth",
        "5",
        "--threads",
        "2",
    ]);
    assert!(out.contains("score mate 2"), "{out}");
    // Atomic: a capture next to the king explodes it (a win, scored as mate).
    let (_, out, _) = kaboom(&[
        "go",
        "atomic",
        "--fen",
        "4k3/4p3/8/8/8/8/8/4R2K w - - 0 1",
        "--depth",
        "3",
    ]);
    assert_eq!(bestmove(&out), "e1e7", "{out}");
    assert!(out.contains("score mate 1"), "{out}");
}

#[test]
fn no_legal_move_is_bestmove_none() {
    let (code, out, _) = kaboom(&["go", "chess", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "--depth", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "bestmove (none)");
}

#[test]
fn go_refuses_two_limits_and_bad_numbers() {
    let (code, _, err) = kaboom(&["go", "chess", "--depth", "3", "--nodes", "5"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = kaboom(&["go", "chess", "--depth", "0"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = kaboom(&["go", "chess", "--fen", "xx", "--depth", "2"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn play_with_the_engine_for_both_sides_ends_or_stops() {
    // Kaboom Chess from a position where a king is one bump from the edge:
    // the engine plays both sides to the end and prints the result.
    let (code, out, err) = kaboom(&[
        "play",
        "kaboom",
        "--fen",
        "4k3/8/8/8/8/8/8/4R2K w - - 0 1",
        "--engine",
        "both",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: 1-0"), "{out}");
    // Without --engine, play keeps its behaviour: the moves given, then the board.
    let (code, out, _) = kaboom(&["play", "chess", "e2e4"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("1. e2e4: "), "{out}");
}

#[test]
fn play_against_the_engine_reads_moves_from_stdin() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(["play", "chess", "--engine", "black", "--movetime", "20"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"e2e4\nnonsense\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success());
    assert!(stdout.contains("1. e2e4 (e4)"), "{stdout}");
    assert!(stdout.contains("1... "), "the engine answered: {stdout}");
    assert!(stderr.contains("`nonsense` is not a legal move here"), "{stderr}");
    assert!(stdout.contains("record: 1. e4 "), "{stdout}");
}

#[test]
fn a_position_whose_castling_pieces_moved_is_searched_in_a_random_setup() {
    // Black's castling rook has left: the variant is fitted to this FEN, and
    // its own start record no longer reads (the engine must not rely on it).
    let fen = "5m1m1n/aq1nbr1rkb/pppppppppp/3c6/10/10/1A8/PPPPPPPPPP/1QCNBRKNRB/5M1M2 w KQ - 6 4 unmoved=h1,f10,h10";
    let (code, out, err) = kaboom(&[
        "go",
        "capatomic-random",
        "--fen",
        fen,
        "--nodes",
        "1000",
        "--allow-illegal",
    ]);
    assert_eq!(code, 0, "{err}");
    let mv = bestmove(&out);
    let (_, legal, _) = kaboom(&["moves", "capatomic-random", "--fen", fen, "--allow-illegal"]);
    assert!(legal.lines().any(|l| l == mv), "{mv}");
}

/// A variant file's `evaluation` weights reach the engine, and bad ones
/// are refused with the weight named and its place shown.
#[test]
fn evaluation_weights_from_the_file_are_checked_and_used() {
    let dir = std::env::temp_dir().join(format!("kaboom-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let bad = write(
        "bad.ron",
        r#"(extends: "chess", evaluation: (mobility: -5, tempo: 1001))"#,
    );
    let (code, _, err) = kaboom(&["validate", &bad]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("evaluation weight `mobility` is -5, not between 0 and 1000"),
        "{err}"
    );
    assert!(
        err.contains("evaluation weight `tempo` is 1001, not between 0 and 1000"),
        "{err}"
    );
    let typo = write("typo.ron", r#"(extends: "chess", evaluation: (mobilty: 50))"#);
    let (code, _, err) = kaboom(&["validate", &typo]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("unknown field `mobilty`") && err.contains("did you mean `mobility`?"),
        "{err}"
    );
    // Without the tempo the start scores 0 at depth 1 (a symmetric reply); with it, not.
    let level = write(
        "level.ron",
        r#"(extends: "chess", evaluation: (tempo: 0, mobility: 0, centre: 0, advancement: 0, attacks: 0, passed: 0, structure: 0, shelter: 0, pair: 0, open_files: 0))"#,
    );
    let score = |variant: &str| {
        let (code, out, err) = kaboom(&["go", variant, "--depth", "1"]);
        assert_eq!(code, 0, "{err}");
        out.lines()
            .find(|l| l.starts_with("info depth 1 "))
            .unwrap()
            .split_whitespace()
            .nth(7)
            .unwrap()
            .to_string()
    };
    assert_eq!(score(&level), "0");
    assert_ne!(score("chess"), "0");
    // The section is not inherited: a child of that file has the default weights.
    let child = write("child.ron", r#"(extends: "level.ron", name: "Child")"#);
    assert_eq!(score(&child), score("chess"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_with_the_engine_at_a_strength_level() {
    let (code, out, err) = kaboom(&[
        "play",
        "chess",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--engine",
        "white",
        "--skill",
        "0",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. a1"), "{out}");
    // Out of range or both at once: clear errors.
    let (code, _, err) = kaboom(&["play", "chess", "--engine", "white", "--skill", "21"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = kaboom(&["play", "chess", "--engine", "white", "--elo", "5"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the Elo is a whole number from"), "{err}");
    let (code, _, err) = kaboom(&["play", "chess", "--engine", "white", "--elo", "1000", "--skill", "3"]);
    assert_eq!(code, 2, "{err}");
}
