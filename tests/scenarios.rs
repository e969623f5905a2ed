//! Scenario snapshots: every `tests/scenarios/*.ron` names a variant, a
//! position and moves; the snapshot is the report `kaboom test --snapshot`
//! would store (boards, traces, record, FEN, result). Read each new
//! snapshot before accepting it. Every expectation a scenario lists must hold.

#[test]
fn scenarios() {
    insta::glob!("scenarios/*.ron", |path| {
        // The folder a user names, `kaboom test tests/scenarios`: the
        // variant files scenarios use lie inside it (`variants/`).
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios");
        let outcome = kaboom::scenario::run_file_in(path, root.as_ref()).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            outcome.failures.is_empty(),
            "{}:\n{}",
            path.display(),
            outcome.failures.join("\n")
        );
        insta::assert_snapshot!(outcome.report);
    });
}

/// What CI tests is what a user runs: the command line over the folder
/// passes every scenario, none refused for reading outside it.
#[test]
fn the_scenario_folder_passes_from_the_command_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(["test", "tests/scenarios"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the kaboom binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let count = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "ron"))
        .count();
    assert!(out.status.success(), "{text}");
    assert!(text.ends_with(&format!("{count} passed, 0 failed\n")), "{text}");
}

/// Runs a scenario written to a temporary file.
fn run_text(name: &str, text: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("kaboom-scenarios-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    kaboom::scenario::run_file(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .failures
}

/// As `kaboom play`, a scenario plays no move once the game is over, and
/// says after which move it ended (it used to play on).
#[test]
fn moves_past_the_end_of_the_game_fail() {
    // A dead position: only kings left after the capture.
    let failures = run_text(
        "dead.ron",
        r#"(variant: "chess", description: "d", fen: "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
            moves: ["e1d2", "e8e7"])"#,
    );
    assert_eq!(
        failures,
        ["move 2 `e8e7`: the game is already over (1/2-1/2 dead position) after move 1 `e1d2`"]
    );
    // The move rule: the 100th half-move without capture or pawn move.
    let failures = run_text(
        "move-rule.ron",
        r#"(variant: "chess", description: "m", fen: "4k3/8/8/8/8/8/4P3/4KN2 w - - 99 80",
            moves: ["f1e3", "e8d7"])"#,
    );
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].starts_with("move 2 `e8d7`: the game is already over (1/2-1/2 ")
            && failures[0].ends_with(") after move 1 `f1e3`"),
        "{failures:?}"
    );
    // Already over in the start position; a study position changes nothing.
    let failures = run_text(
        "start.ron",
        r#"(variant: "chess", description: "s", fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            allow_illegal: true, moves: ["e1e2"])"#,
    );
    assert_eq!(
        failures,
        ["move 1 `e1e2`: the game is already over (1/2-1/2 dead position) in the start position"]
    );
    // Up to the end is fine.
    let failures = run_text(
        "to-the-end.ron",
        r#"(variant: "chess", description: "e", fen: "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
            moves: ["e1d2"], expect: (result: "1/2-1/2"))"#,
    );
    assert!(failures.is_empty(), "{failures:?}");
}
