//! Untrusted input: adversarial variant files load or fail with a clear
//! error naming the limit, and no command panics on malformed arguments.

mod common;
use common::kaboom;
use kaboom::{Perft, Variant};

fn load_error(path: &str) -> String {
    match Variant::load(path) {
        Ok(_) => panic!("{path} loaded"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_largest_boards_and_biggest_effects_play() {
    for name in ["full-16x16", "chain-and-blast"] {
        let path = format!("tests/fixtures/adversarial/{name}.ron");
        let variant = Variant::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let start = variant.start_position();
        assert!(Perft::new().count(&variant, &start, 3) > 0, "{name}");
    }
}

#[test]
fn deep_extends_chains_are_refused() {
    let e = load_error("tests/fixtures/adversarial/deep-0.ron");
    assert!(e.contains("more than 8 files deep"), "{e}");
}

#[test]
fn oversized_invalid_and_odd_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("kaboom-adversarial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.ron");
    std::fs::write(&big, vec![b' '; 10 << 20]).unwrap();
    assert!(load_error(&big.display().to_string()).contains("at most 1048576"));
    let binary = dir.join("binary.ron");
    std::fs::write(&binary, [b'(', 0xff, 0xfe, b')']).unwrap();
    assert!(load_error(&binary.display().to_string()).contains("not UTF-8"));
    let folder = dir.join("folder.ron");
    std::fs::create_dir_all(&folder).unwrap();
    assert!(load_error(&folder.display().to_string()).contains("is a directory"));
    let deep = dir.join("deep.ron");
    let sentence = format!(
        "on capture: remove({}target{})",
        "area(".repeat(10_000),
        ", 1)".repeat(10_000)
    );
    std::fs::write(
        &deep,
        format!("(extends: \"chess\", name: \"Deep\", rules: [\"{sentence}\"])"),
    )
    .unwrap();
    let e = load_error(&deep.display().to_string());
    assert!(
        e.contains("nested more than 32 deep") || e.contains("at most 4096"),
        "{e}"
    );
    let nested = dir.join("nested.ron");
    std::fs::write(
        &nested,
        format!("(name: {}\"x\"{})", "Some(".repeat(5000), ")".repeat(5000)),
    )
    .unwrap();
    assert!(!load_error(&nested.display().to_string()).is_empty());
    let shuffle = dir.join("shuffle.ron");
    std::fs::write(
        &shuffle,
        r#"(extends: "chess", name: "Too many", board: (files: 16, ranks: 8),
            setup: (template: "????????????????/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/???????????????? w - - 0 1",
                    pieces: "RNBQKBNRRNBQKBNR"), castling: [])"#,
    )
    .unwrap();
    assert!(load_error(&shuffle.display().to_string()).contains("arrangements; at most"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_command_panics_on_malformed_arguments() {
    let cases: &[&[&str]] = &[
        &[],
        &["moves"],
        &["moves", ""],
        &["moves", "chess", "--fen"],
        &["moves", "chess", "--fen", ""],
        &["moves", "chess", "--fen", "////////"],
        &["moves", "chess", "--fen", "8/8/8/8/8/8/8/8 w KQkq z9 x y"],
        &[
            "moves",
            "chess",
            "--fen",
            "99999999999999999999/8/8/8/8/8/8/8 w - - 0 1",
        ],
        &["moves", "chess", "--seed", "-1"],
        &["perft", "chess", "-1"],
        &["perft", "chess", "65"],
        &["perft", "chess", "2", "--threads", "999"],
        &["play", "chess", "e2e4", "e2e4"],
        &["play", "chess", "@"],
        &["play", "chess", "e2e4@"],
        &["play", "chess", "~"],
        &["play", "chess", "a1~"],
        &["play", "chess", "e2e4,"],
        &["play", "chess", "e2e4/"],
        // A trailing check mark is tolerated as in SAN (`e2e4+` plays e2e4);
        // text after it is not.
        &["play", "chess", "e2e4+q1"],
        &["play", "kaboom", "e1~e2e4@nova/z9+q1"],
        &["play", "chess", "\u{1F600}\u{1F600}"],
        &["show", "chess", "--fen", "\u{7f}\u{e9}"],
        &["explain", "chess"],
        &["explain", "chess", "e2e5"],
        &["setup", "chess"],
        &["setup", "capatomic-random", "--seed", "1", "--count"],
        &["validate"],
        &["validate", "/"],
        &["test"],
        &["test", "Cargo.toml"],
        &["test", "variants/chess.ron"],
        &["frobnicate"],
        &["--nonsense"],
    ];
    for args in cases {
        let (code, _, err) = kaboom(args);
        assert!(code == 1 || code == 2, "{args:?} exited {code}: {err}");
        assert!(!err.trim().is_empty() || code == 1, "{args:?}: no message");
    }
}

/// Inputs the fuzzers found crashing, kept as regression tests: each must
/// load or fail with diagnostics, never panic.
#[test]
fn fuzz_findings_stay_fixed() {
    let mut files: Vec<_> = std::fs::read_dir("tests/fixtures/fuzz")
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        if let Ok(variant) = Variant::from_text("fuzz.ron", &text) {
            let _ = Perft::new().count(&variant, &variant.start_position(), 2);
        }
    }
}
