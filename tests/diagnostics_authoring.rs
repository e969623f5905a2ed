//! What a new variant author meets in a first hour: rule sets that load
//! but cannot end (warnings), start positions and `--fen` positions the
//! variant's own legality rules make unreachable (errors, unless allowed).
//! Every message is pinned as a snapshot.

mod common;
use common::kaboom;
use kaboom::Variant;

/// Every diagnostic (error or warning) of loading `path`, as `validate` prints them.
fn diagnostics(path: &str) -> String {
    let (diags, sources) = match Variant::load(path) {
        Ok(v) => (v.warnings().to_vec(), v.sources().clone()),
        Err(e) => (e.diagnostics.clone(), e.sources.clone()),
    };
    let text: Vec<String> = diags.iter().map(|d| d.display(&sources).to_string()).collect();
    text.join("\n")
}

#[test]
fn rule_sets_that_never_end_or_lose_a_royal_are_warned() {
    insta::glob!("fixtures/authoring/*.ron", |path| {
        let relative = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .display()
            .to_string();
        insta::assert_snapshot!(diagnostics(&relative));
    });
}

#[test]
fn the_side_not_to_move_in_check_is_refused_unless_allowed() {
    let fen = "4k2R/8/8/8/8/8/8/4K3 w - - 0 1";
    let (code, out, err) = kaboom(&["play", "chess", "--fen", fen, "h8e8"]);
    assert_eq!(code, 1, "{out}");
    insta::assert_snapshot!(err);
    let (code, out, err) = kaboom(&["play", "chess", "--fen", fen, "--allow-illegal", "h8e8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("fen: 4R3/8/8/8/8/8/8/4K3 b - - 0 1"), "{out}");
    // Where the variant's clause has an `unless` that holds, the position is reachable:
    // atomic kings may stand touching, attacked.
    let (code, _, err) = kaboom(&["moves", "atomic", "--fen", "8/8/8/8/8/3k4/3K4/8 w - - 0 1"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_missing_royal_is_refused_where_none_can_be_lost() {
    let fen = "8/8/8/8/8/8/8/4K3 w - - 0 1";
    let (code, _, err) = kaboom(&["moves", "chess", "--fen", fen]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(err);
    // In atomic a king explodes: a position without one is a game's end, and reachable.
    let (code, out, err) = kaboom(&["play", "atomic", "--fen", "8/8/8/8/8/8/8/4K3 b - - 0 1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: 1-0"), "{out}");
}

#[test]
fn variant_files_report_every_wrong_type_in_words() {
    let text = diagnostics("tests/fixtures/invalid/wrong-types.ron");
    assert!(text.contains("a letter is written in single quotes: 'N'"), "{text}");
    // Every wrong value in the file, not only the first (the full text is
    // pinned by tests/diagnostics.rs).
    assert_eq!(text.matches(": error: ").count(), 4, "{text}");
}

#[test]
fn scenario_files_get_a_variant_files_diagnostics() {
    let (code, out, err) = kaboom(&["test", "tests/fixtures/authoring-scenarios/typo.ron"]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!(out);
}
