//! `kaboom fmt FILE [--check] [--write]`: the canonical form of a variant
//! file, printed, checked or written in place, and every error it reports.

mod common;

use common::kaboom;
use common::scratch::Scratch;

/// A small variant, not in canonical form, with comments.
const MESSY: &str =
    "// Mine.\n(name:\"Mine\", extends:\"chess\",\n  // only this\n  legal:[\"own royal not attacked\"])\n";
const CANONICAL: &str = "// Mine.\n(\n    extends: \"chess\",\n    name: \"Mine\",\n    // only this\n    legal: [\"own royal not attacked\"],\n)\n";

#[test]
fn fmt_prints_the_canonical_form() {
    let s = Scratch::new("fmt-print");
    let file = s.write("mine.ron", MESSY);
    let (code, out, err) = kaboom(&["fmt", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, CANONICAL);
    // Printing leaves the file alone.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), MESSY);
}

#[test]
fn fmt_write_rewrites_the_file_and_check_then_passes() {
    let s = Scratch::new("fmt-write");
    let file = s.write("mine.ron", MESSY);
    let (code, out, err) = kaboom(&["fmt", "--write", &file]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), CANONICAL);
    let (code, out, err) = kaboom(&["fmt", "--check", &file]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    // No temporary file is left beside it.
    let left: Vec<_> = std::fs::read_dir(std::path::Path::new(&file).parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["mine.ron"]);
}

#[test]
fn fmt_check_on_a_file_not_canonical_shows_the_lines_and_exits_1() {
    let s = Scratch::new("fmt-check");
    let file = s.write("mine.ron", MESSY);
    let (code, out, _) = kaboom(&["fmt", "--check", &file]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with(&format!("Diff in {file} at line 1:\n // Mine.\n")),
        "{out}"
    );
    assert!(
        out.contains("-(name:\"Mine\", extends:\"chess\",") && out.contains("+    extends: \"chess\","),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), MESSY, "--check writes nothing");
}

#[test]
fn every_bundled_variant_is_canonical() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.ron");
    let (code, out, err) = kaboom(&["fmt", "--check", dir]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn fmt_of_a_missing_file_is_exit_2() {
    let (code, out, err) = kaboom(&["fmt", "no/such/file.ron"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("cannot read no/such/file.ron"), "{err}");
}

#[test]
fn fmt_of_a_bad_file_gives_the_located_diagnostics_of_validate() {
    let s = Scratch::new("fmt-bad");
    let file = s.write(
        "bad.ron",
        "(extends: \"chess\", name: \"Bad\", legal: [\"own royal not attackd\"])\n",
    );
    let (code, out, err) = kaboom(&["fmt", &file]);
    assert_eq!((code, out.as_str()), (1, ""));
    let (_, _, validate) = kaboom(&["validate", &file]);
    assert!(err.contains("bad.ron:1:"), "{err}");
    // The same diagnostic, located the same way.
    let first = |t: &str| {
        t.lines()
            .find(|l| l.contains("bad.ron:"))
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(first(&err), first(&validate), "{err}\n---\n{validate}");
    // Nothing is written for a bad file.
    let (code, _, _) = kaboom(&["fmt", "--write", &file]);
    assert_eq!(code, 1);
}

#[test]
fn fmt_write_to_a_read_only_file_is_exit_2_and_leaves_it() {
    use std::os::unix::fs::PermissionsExt as _;
    let s = Scratch::new("fmt-readonly");
    let file = s.write("mine.ron", MESSY);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
    let (code, out, err) = kaboom(&["fmt", "--write", &file]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains(&format!("cannot write {file}")), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), MESSY);
}

#[test]
fn fmt_check_and_write_together_are_refused() {
    let (code, _, err) = kaboom(&["fmt", "--check", "--write", "variants/chess.ron"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}
