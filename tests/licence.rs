//! The licence is stated where tools and people look for it: every crate's
//! manifest says `MIT OR Apache-2.0`, and both licence texts are in the
//! repository's root (issue 38: nobody may embed a crate without a licence).

use std::path::Path;

fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_crate_of_the_repository_is_dual_licensed() {
    for manifest in [
        "Cargo.toml",
        "bench/Cargo.toml",
        "fuzz/Cargo.toml",
        "python/Cargo.toml",
        "wasm/Cargo.toml",
    ] {
        let text = read(manifest);
        let package = text.split("\n[").next().unwrap_or_default();
        assert!(
            package
                .lines()
                .any(|line| line.trim() == r#"license = "MIT OR Apache-2.0""#),
            "{manifest}: [package] has no `license = \"MIT OR Apache-2.0\"`"
        );
    }
}

#[test]
fn both_licence_texts_are_in_the_root_and_the_readme_links_them() {
    let apache = read("LICENSE-APACHE");
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    assert!(
        apache.contains("END OF TERMS AND CONDITIONS"),
        "LICENSE-APACHE is cut short"
    );
    let mit = read("LICENSE-MIT");
    assert!(
        mit.starts_with("Copyright (c)"),
        "LICENSE-MIT names no copyright holder"
    );
    assert!(mit.contains("Permission is hereby granted, free of charge"));
    let readme = read("README.md");
    assert!(readme.contains("(LICENSE-APACHE)") && readme.contains("(LICENSE-MIT)"));
}
