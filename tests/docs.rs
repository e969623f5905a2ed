//! The docs cannot drift: every example file under docs/examples/ loads
//! (variants) or passes (scenarios), and every block of docs/*.md marked
//! `<!-- file: PATH -->` is exactly that file.

use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn every_example_file_loads_or_passes() {
    let dir = Path::new(ROOT).join("docs/examples");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "ron")) {
        if kaboom::scenario::looks_like_scenario(file) {
            let outcome = kaboom::scenario::run_file(file).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                outcome.failures.is_empty(),
                "{}: {:?}",
                file.display(),
                outcome.failures
            );
        } else if let Err(e) = kaboom::Variant::load(&file.display().to_string()) {
            panic!("{e}");
        }
    }
}

#[test]
fn marked_blocks_equal_their_files() {
    let mut checked = 0;
    for doc in std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .filter_map(Result::ok)
    {
        let path = doc.path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rest = text.as_str();
        while let Some(start) = rest.find("<!-- file: ") {
            rest = &rest[start + "<!-- file: ".len()..];
            let name = &rest[..rest.find(" -->").expect("a closed marker")];
            let body_start = rest.find("```ron\n").expect("a ron block after the marker") + "```ron\n".len();
            let body_end = body_start + rest[body_start..].find("```").expect("a closed block");
            let block = &rest[body_start..body_end];
            let file = std::fs::read_to_string(Path::new(ROOT).join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(block, file, "{} shows {name} differently from the file", path.display());
            checked += 1;
            rest = &rest[body_end..];
        }
    }
    assert!(checked >= 5, "only {checked} marked blocks");
}
