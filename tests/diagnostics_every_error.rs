//! A file with many mistakes of type gets one diagnostic for each, with a
//! caret on the value and the value rewritten where that is clear: in
//! plain fields (`royal: "yes"`), nested groups (`shield: 5`), list items
//! (one bad piece does not hide the next), enums (`side: Rigth`, with
//! did-you-mean), and in scenario files as in variant files.

mod common;
use common::kaboom;

#[test]
fn a_variant_file_reports_every_wrong_type() {
    let (code, _, err) = kaboom(&["validate", "tests/fixtures/invalid/wrong-types-everywhere.ron"]);
    assert_eq!(code, 1, "{err}");
    for expected in [
        "expected text in double quotes, found 5",
        "unknown field `colour`",
        "expected `true` or `false`, found \"yes\"",
        "missing field `moves`",
        "expected fields in parentheses, `(name: value, ...)`, found 5",
        "expected a whole number, found \"900\"",
        "expected `true` or `false`, found 1",
        "expected `true` or `false`, found \"no\"",
        "expected `true` or `false`, found 3",
        "unknown value `Rigth`",
        "did you mean `Right`?",
        "expected a whole number, found \"a\"",
        "expected `true` or `false`, found \"true\"",
        "expected a list in square brackets, found \"own royal not attacked\"",
    ] {
        assert!(err.contains(expected), "missing {expected:?} in\n{err}");
    }
    insta::assert_snapshot!(err);
}

#[test]
fn a_scenario_file_reports_every_wrong_type() {
    let (code, out, err) = kaboom(&["test", "tests/fixtures/authoring-scenarios/wrong-types.ron"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.matches("  × ").count(), 7, "{out}");
    insta::assert_snapshot!(out);
}
