//! Scenario snapshots: every `tests/scenarios/*.ron` names a variant, a
//! position and moves; the snapshot is the report `kaboom test --snapshot`
//! would store (boards, traces, record, FEN, result). Read each new
//! snapshot before accepting it. Every expectation a scenario lists must hold.

#[test]
fn scenarios() {
    insta::glob!("scenarios/*.ron", |path| {
        // Some scenarios use fixtures under tests/: that folder is the root
        // their variant paths must stay in, as for `kaboom test tests/`.
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
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
