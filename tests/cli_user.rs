//! A new user's first hour (issue 14): installing, the stated minimum Rust,
//! the two README commands sharing one build, the docs' notation, `show`,
//! `play` in algebraic notation, `validate`/`test`/`play` on the wrong kind
//! of file, and progress bars only on a terminal.

mod common;
use common::kaboom;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(file: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap()
}

/// Exit code, stdout and stderr, for a snapshot.
fn run(args: &[&str]) -> String {
    let (code, out, err) = kaboom(args);
    format!("exit {code}\nstdout:\n{out}stderr:\n{err}")
}

/// The commands of the README's "Two commands" block.
fn readme_commands() -> Vec<String> {
    let readme = read("README.md");
    let section = &readme[readme.find("## Two commands").expect("a Two commands section")..];
    let block = &section[section.find("```sh\n").unwrap() + 6..];
    let block = &block[..block.find("```").unwrap()];
    block
        .lines()
        .map(|l| l.split('#').next().unwrap().trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

// ---------------------------------------------------------------- item 1

#[test]
fn readme_says_how_to_install_with_the_lock_file() {
    let readme = read("README.md");
    assert!(
        readme.contains("cargo install --locked --path ."),
        "README: install with --locked"
    );
    assert!(
        readme.contains("cargo run --release --"),
        "README: how to run without installing"
    );
    assert!(
        readme.find("## Install").unwrap() < readme.find("## Using it").unwrap(),
        "install comes before the commands that call `kaboom`"
    );
}

// ---------------------------------------------------------------- item 2

fn rust_version() -> (u32, u32) {
    let toml = read("Cargo.toml");
    let line = toml
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .expect("Cargo.toml sets rust-version");
    let v: Vec<u32> = line
        .trim_end_matches('"')
        .split('.')
        .map(|n| n.parse().unwrap())
        .collect();
    (v[0], v[1])
}

/// The cargo that builds the tests.
fn cargo() -> &'static str {
    option_env!("CARGO").unwrap_or("cargo")
}

/// The host's target triple, as rustc names it (`x86_64-unknown-linux-gnu`).
fn host_triple() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = std::process::Command::new(rustc).arg("-vV").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .unwrap_or_else(|| panic!("no host in `rustc -vV`: {text}"))
        .to_string()
}

#[test]
fn minimum_rust_is_stated_once_and_covers_what_the_code_uses() {
    let (major, minor) = rust_version();
    let readme = read("README.md");
    let stated = format!("Rust {major}.{minor} or later");
    assert!(readme.contains(&stated), "README should say `{stated}`");
    assert_eq!(readme.matches(" or later").count(), 1, "one stated minimum");
    // Let-chains (`if let ... && let ...`) are stable from 1.88.
    fn any_file_contains(dir: &Path, needle: &str) -> bool {
        std::fs::read_dir(dir).unwrap().filter_map(Result::ok).any(|e| {
            let path = e.path();
            if path.is_dir() {
                any_file_contains(&path, needle)
            } else {
                std::fs::read_to_string(&path).is_ok_and(|t| t.contains(needle))
            }
        })
    }
    let uses_let_chains = any_file_contains(&Path::new(ROOT).join("src"), "&& let ");
    assert!(uses_let_chains, "the code uses let-chains");
    assert!(!uses_let_chains || (major, minor) >= (1, 88));
    // No dependency needs a newer Rust than the stated one. Only the
    // host's dependencies: a registry filled by building and testing kaboom
    // holds no other platform's crates, and `--offline` cannot fetch them
    // (`.ci/run` runs this on a fresh CARGO_HOME whenever Cargo.lock changes).
    let out = std::process::Command::new(cargo())
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--locked",
            "--filter-platform",
        ])
        .arg(host_triple())
        .current_dir(ROOT)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["id"].as_str().unwrap())
        .collect();
    for p in meta["packages"].as_array().unwrap() {
        if !ids.contains(&p["id"].as_str().unwrap()) {
            continue;
        }
        if let Some(rv) = p["rust_version"].as_str() {
            let v: Vec<u32> = rv.split('.').map(|n| n.parse().unwrap()).collect();
            assert!(
                (v[0], v[1]) <= (major, minor),
                "{} {} needs Rust {rv}, more than rust-version {major}.{minor}",
                p["name"],
                p["version"]
            );
        }
    }
}

// ---------------------------------------------------------------- item 3

#[test]
fn ci_runs_exactly_the_readme_test_command() {
    let commands = readme_commands();
    assert_eq!(commands.len(), 2, "{commands:?}");
    assert!(commands[0].starts_with("cargo run --release"), "{commands:?}");
    // The test command installs the tools tests drive, then runs them all.
    assert_eq!(commands[1], "scripts/test.sh");
    let ci = read(".ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == format!("sh {}", commands[1])),
        ".ci/run must run `{}`",
        commands[1]
    );
    let script = read("scripts/test.sh");
    assert!(script.contains("bash scripts/install-test-tools.sh"), "{script}");
    assert!(
        script.lines().any(|l| l.trim() == "cargo test --release \"$@\""),
        "{script}"
    );
    // Then the Python module's wheel and tests (issue 38).
    assert!(
        script.lines().any(|l| l.trim() == "sh scripts/test-python.sh"),
        "{script}"
    );
    // The static playground's WebAssembly module, built once in release
    // before the tests that use it, and its JavaScript tests (issue 38).
    let build_web = script
        .find("sh scripts/build-web.sh")
        .expect("scripts/test.sh builds web/");
    assert!(build_web < script.find("cargo test --release").unwrap(), "{script}");
    assert!(
        script.lines().any(|l| l.trim() == "sh scripts/test-wasm.sh"),
        "{script}"
    );
    // Both commands build with the release settings, so the second reuses
    // the first's dependencies; the tests keep overflow checks.
    let toml = read("Cargo.toml");
    let bench = &toml[toml.find("[profile.bench]").expect("a bench profile")..];
    let bench = &bench[..bench.find("\n[").unwrap_or(bench.len())];
    assert!(bench.contains("overflow-checks = true"), "{bench}");
    assert!(
        !toml.contains("criterion"),
        "criterion is not a dev-dependency of kaboom"
    );
    assert!(readme_has_timings(), "README states cold timings of both commands");
}

fn readme_has_timings() -> bool {
    let readme = read("README.md");
    readme.contains("Cold timings") && readme.contains("nice -n 10")
}

/// What the tests run has overflow checks on (this test crate is built
/// with the same profile as kaboom's library and binary).
#[test]
fn tests_run_with_overflow_checks() {
    let x: u8 = std::hint::black_box(255);
    let overflowed = std::panic::catch_unwind(|| std::hint::black_box(x) + 1).is_err();
    assert!(overflowed, "overflow checks are off in the test build");
}

// ---------------------------------------------------------------- item 4

#[test]
fn bounce_moves_read_as_the_docs_write_them() {
    insta::assert_snapshot!(run(&[
        "play",
        "bouncing-pieces",
        "--fen",
        "5k2/5pp1/8/8/8/8/8/2b1R1K1 w - - 0 1",
        "e1e8,f8g8"
    ]));
    for doc in ["docs/format.md", "docs/effects.md", "docs/design.md"] {
        assert!(!read(doc).contains("e1e8/f8"), "{doc} writes a bounce with a slash");
    }
    assert!(read("docs/effects.md").contains("`consume`"));
}

// ---------------------------------------------------------------- item 9

#[test]
fn validate_checks_scenarios_in_a_folder() {
    insta::assert_snapshot!(run(&["validate", "docs/examples/"]));
}

#[test]
fn validate_reports_a_broken_scenario() {
    insta::assert_snapshot!(run(&["validate", "tests/fixtures/user/bad-scenario.ron"]));
}

#[test]
fn test_on_a_variant_file_says_use_validate() {
    insta::assert_snapshot!(run(&["test", "docs/examples/step-1-board.ron"]));
}

#[test]
fn play_on_a_scenario_file_says_use_test() {
    insta::assert_snapshot!(run(&["play", "docs/examples/step-5-scenario.ron", "e2e4"]));
}

// ---------------------------------------------------------------- item 11

#[test]
fn show_lists_everything_a_player_needs() {
    insta::assert_snapshot!(run(&["show", "kaboom"]));
}

/// The command prints the library's summary below the board and its FEN
/// (`Variant::summary`, issue 36): one writer for both.
#[test]
fn show_prints_the_library_summary() {
    for name in ["kaboom", "shogi", "tests/fixtures/user/centaur.ron"] {
        let (code, out, _) = kaboom(&["show", name]);
        assert_eq!(code, 0);
        let summary = kaboom::Variant::load(name).unwrap().summary();
        assert!(out.ends_with(&summary), "{name}:\n{out}\n---\n{summary}");
        assert!(summary.contains("\nrules:"), "{summary}");
    }
}

#[test]
fn show_aligns_long_names_and_does_not_inherit_the_description() {
    let out = run(&["show", "tests/fixtures/user/centaur.ron"]);
    assert!(!out.contains("FIDE"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn show_lists_regions_confinement_and_moves_by_square() {
    insta::assert_snapshot!(run(&["show", "xiangqi"]));
}

#[test]
fn show_lists_promoted_forms_and_a_promotion_rule_per_piece() {
    insta::assert_snapshot!(run(&["show", "shogi"]));
}

#[test]
fn show_lists_shield_sentences() {
    let out = run(&["show", "tests/fixtures/valid/royal-aura.ron"]);
    assert!(
        out.contains("shields (for each side):\n  area(own royal, 1) against remove\n"),
        "{out}"
    );
}

#[test]
fn show_lists_side_actions_shields_and_castling_carry() {
    insta::assert_snapshot!(run(&["show", "capatomic-random", "--seed", "7"]));
}

// ---------------------------------------------------------------- item 12

#[test]
fn play_reads_algebraic_notation() {
    let (code, san, err) = kaboom(&[
        "play", "chess", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O",
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, uci, _) = kaboom(&[
        "play", "chess", "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1",
    ]);
    assert_eq!(san, uci);
    insta::assert_snapshot!(san);
}

#[test]
fn play_reads_the_record_kaboom_prints() {
    // The record of bouncing-example-1, as `play` prints it, reads back.
    let fen = "5k2/5pp1/8/8/8/8/8/2b1R1K1 w - - 0 1";
    let (code, out, err) = kaboom(&["play", "bouncing-pieces", "--fen", fen, "e1e8,f8g8", "c1h6,g7f8"]);
    assert_eq!(code, 0, "{err}");
    let record = out.lines().find_map(|l| l.strip_prefix("record: ")).unwrap();
    assert_eq!(record, "1. Re8, Kg8+ Bh6, g7-f8");
    let (code, again, err) = kaboom(&["play", "bouncing-pieces", "--fen", fen, "Re8, Kg8+", "Bh6, g7-f8"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    // Over-specified and loosely written forms.
    let (code, _, err) = kaboom(&["play", "chess", "e4", "e5", "Ng1f3", "Nbc6", "Bb5+?", "Nf6!", "0-0"]);
    assert_eq!(code, 0, "{err}");
    // Promotion with and without `=`.
    let fen = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let (code, a, err) = kaboom(&["play", "chess", "--fen", fen, "e8=Q"]);
    assert_eq!(code, 0, "{err}");
    let (_, b, _) = kaboom(&["play", "chess", "--fen", fen, "e8Q+"]);
    assert_eq!(a, b);
}

#[test]
fn a_refused_algebraic_move_shows_the_position_and_the_legal_moves_in_algebraic() {
    insta::assert_snapshot!(run(&["play", "chess", "e4", "e5", "Nf6"]));
}

#[test]
fn a_refused_coordinate_move_shows_the_position_and_the_legal_moves_in_coordinates() {
    insta::assert_snapshot!(run(&["play", "chess", "e2e4", "e7e5", "e1e3"]));
}

// ---------------------------------------------------------------- item 13

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let (code, out, err) = kaboom(&["perft", "chess", "4"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Nodes searched: 197281\n");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("time: "), "{err}");
    let (code, out, err) = kaboom(&["setup", "capatomic-random", "--count"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "21836\n");
    assert_eq!(err, "");
}

/// Under a terminal (`script` gives one), the bar shows, over the root
/// moves; the delay is set to 0 so a short count shows it too.
#[test]
fn progress_bar_on_a_terminal() {
    if std::process::Command::new("script").arg("--version").output().is_err() {
        eprintln!("`script` is not installed: the terminal case is not checked");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_kaboom");
    let out = std::process::Command::new("script")
        // `timeout`: a hang (a lock held across threads) fails the test
        // instead of stalling the run.
        .args(["-qec", &format!("timeout 60 {bin} perft chess 5"), "/dev/null"])
        .env("KABOOM_PROGRESS_DELAY_MS", "0")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Nodes searched: 4865609"), "{text}");
    assert!(text.contains("/20 root moves"), "{text}");
}

/// A game ended by the end rule `3 repetitions by perpetual check`: the
/// side that checked at every move loses, on the command line.
#[test]
fn play_ends_a_perpetual_check_with_the_checker_losing() {
    let (code, out, err) = kaboom(&[
        "play",
        "tests/fixtures/valid/perpetual-check.ron",
        "e4e8",
        "h8h7",
        "e8e4",
        "h7h8",
        "e4e8",
        "h8h7",
        "e8e4",
        "h7h8",
        "--fen",
        "7k/6p1/7p/8/4Q3/8/1q3PPP/6K1 w - - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("result: 0-1 (3-fold repetition by perpetual check)"),
        "{out}"
    );
    // One quiet queen move in the cycle: a plain repetition, drawn.
    let (_, out, _) = kaboom(&[
        "play",
        "tests/fixtures/valid/perpetual-check.ron",
        "e4e8",
        "h8h7",
        "e8e4",
        "h7h8",
        "e4e5",
        "h8h7",
        "e5e4",
        "h7h8",
        "--fen",
        "7k/6p1/7p/8/4Q3/8/1q3PPP/6K1 w - - 0 1",
    ]);
    assert!(out.contains("result: 1/2-1/2 (3-fold repetition)"), "{out}");
}

#[test]
fn validate_locates_a_capturing_move_held_by_a_right() {
    insta::assert_snapshot!(run(&["validate", "tests/fixtures/user/bad-rights.ron"]));
}
