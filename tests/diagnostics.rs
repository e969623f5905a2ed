//! Every file under tests/fixtures/invalid/ fails to load; its diagnostics
//! (file:line:col, message, help) are pinned as insta snapshots. Every file
//! under tests/fixtures/valid/ and every bundled variant loads cleanly.

use kaboom::Variant;
use std::path::Path;

fn relative(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn invalid_variant_files_report_every_problem() {
    insta::glob!("fixtures/invalid/*.ron", |path| {
        let err = match Variant::load(&relative(path)) {
            Ok(_) => panic!("{} loaded, but should fail", path.display()),
            Err(e) => e,
        };
        let text: Vec<String> = err
            .diagnostics
            .iter()
            .map(|d| d.display(&err.sources).to_string())
            .collect();
        insta::assert_snapshot!(text.join("\n"));
    });
}

#[test]
fn valid_variant_files_load() {
    insta::glob!("fixtures/valid/*.ron", |path| {
        if let Err(e) = Variant::load(&relative(path)) {
            panic!("{e}");
        }
    });
    for name in kaboom::spec::bundled_names() {
        let variant = Variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(variant.warnings.is_empty(), "{name}: {:?}", variant.warnings);
    }
}
