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

