//! Variant files as values both ways: every bundled variant and valid
//! fixture, written in its canonical form, reads back to the same file
//! (writing it again gives the same text), compiles to the same variant
//! (start position and perft to depth 2), and keeps every comment.

use kaboom::format::{Comments, canonical, comments_of};
use kaboom::{Perft, Variant, fen};
use std::path::{Path, PathBuf};

fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack = vec![
        root.join("variants"),
        root.join("tests/fixtures/valid"),
        root.join("tests/scenarios/variants"),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Every comment of a file, sorted: where they go may change, not which.
fn all_comments(c: &Comments) -> Vec<String> {
    let mut out: Vec<String> = c.header.iter().chain(&c.closing).chain(&c.footer).cloned().collect();
    for f in c.fields.values() {
        out.extend(f.field.leading.iter().cloned());
        out.extend(f.field.trailing.iter().cloned());
        out.extend(f.closing.iter().cloned());
        for item in &f.items {
            out.extend(item.leading.iter().cloned());
            out.extend(item.trailing.iter().cloned());
        }
    }
    out.sort();
    out
}

/// The start FEN and the perft count to depth 2 of a loaded variant.
fn fingerprint(v: &Variant) -> (String, u64) {
    let start = v.start_position();
    (fen::write(v, &start), Perft::new().count(v, &start, 2))
}

/// Loads `text` as if it stood at `path`: from text when it extends a
/// bundled variant or nothing, else from a copy of its folder.
fn load_as(path: &Path, text: &str) -> Variant {
    let extends_path = text
        .lines()
        .any(|l| l.trim_start().starts_with("extends:") && l.contains(".ron"));
    if !extends_path {
        return Variant::from_text(&path.display().to_string(), text).unwrap_or_else(|e| panic!("{e}"));
    }
    let dir = std::env::temp_dir().join(format!("kaboom-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(path.parent().unwrap()).unwrap() {
        let p = entry.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    let copy = dir.join(path.file_name().unwrap());
    std::fs::write(&copy, text).unwrap();
    let v = Variant::load(&copy.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
    std::fs::remove_dir_all(&dir).ok();
    v
}

#[test]
fn every_bundled_file_writes_back_to_the_same_variant() {
    let files = files();
    assert!(files.len() > 60, "{} files", files.len());
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let written = canonical(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The canonical form is a fixed point: load -> write -> load -> write
        // gives the same text, so the second load read the same file.
        let again = canonical(&name, &written).unwrap_or_else(|e| panic!("{name}: rewritten: {e}\n{written}"));
        assert_eq!(again, written, "{name}: the canonical form is not stable");
        assert_eq!(
            all_comments(&comments_of(&written)),
            all_comments(&comments_of(&text)),
            "{name}: comments lost or added\n{written}"
        );
        let before = load_as(&path, &text);
        let after = load_as(&path, &written);
        assert_eq!(
            fingerprint(&after),
            fingerprint(&before),
            "{name}: compiles differently\n{written}"
        );
        assert_eq!(after.name(), before.name(), "{name}");
    }
}

#[test]
fn the_canonical_form_of_a_small_file() {
    let text = "// A test.\n(name:\"T\",extends:\"chess\",\n  legal:[ \"own royal not attacked\" ], // the rule\n  pieces:[(letter:'K',name:\"king\",moves:\"K\",royal:true,pawn:false),\n  // a knight\n  (letter:'N',name:\"knight\",moves:\"N\")], pass: false)\n";
    let expected = "// A test.\n(\n    extends: \"chess\",\n    name: \"T\",\n    pieces: [\n        (letter: 'K', name: \"king\", moves: \"K\", royal: true),\n        // a knight\n        (letter: 'N', name: \"knight\", moves: \"N\"),\n    ],\n    pass: false,\n    legal: [\"own royal not attacked\"], // the rule\n)\n";
    assert_eq!(canonical("t.ron", text).unwrap(), expected);
}

#[test]
fn square_tables_are_written_one_rank_a_line_and_read_back() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/chess-square-tables.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(canonical("t.ron", &text).unwrap(), text, "the fixture is canonical");
    // Written on one line, it comes back in the same form.
    let flat: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    let body = text.lines().skip(2).collect::<Vec<_>>().join("\n") + "\n";
    let header = text.lines().take(2).collect::<Vec<_>>().join("\n") + "\n";
    assert_eq!(
        canonical("t.ron", &format!("{header}{flat}\n")).unwrap(),
        header + &body
    );
    // Without tables, the section stays on one line.
    let plain = "(extends: \"chess\", evaluation: (tempo: 5, squares: {}))";
    assert!(
        canonical("t.ron", plain)
            .unwrap()
            .contains("    evaluation: (tempo: 5, squares: {}),\n")
    );
}

#[test]
fn a_file_that_does_not_read_gets_located_diagnostics() {
    let e = canonical("bad.ron", "(name: \"x\", pieces: 3)").unwrap_err();
    let shown = e.to_string();
    assert!(!e.diagnostics.is_empty(), "{shown}");
    assert!(e.diagnostics.iter().all(|d| d.location.is_some()), "{shown}");
}

#[test]
fn comments_are_found_by_place() {
    let text = "// head\n(\n    // the name\n    name: \"x\", // after name\n    pieces: [\n        // pawn\n        (letter: 'P', /* inside */ moves: \"W\"), // trailing\n        (letter: 'K'),\n        // last\n    ],\n    // closing\n)\n// foot\n";
    let c = comments_of(text);
    assert_eq!(c.header, ["// head"]);
    let name = &c.fields["name"];
    assert_eq!(name.field.leading, ["// the name"]);
    assert_eq!(name.field.trailing.as_deref(), Some("// after name"));
    let pieces = &c.fields["pieces"];
    assert_eq!(pieces.items.len(), 2);
    assert_eq!(pieces.items[0].leading, ["// pawn", "/* inside */"]);
    assert_eq!(pieces.items[0].trailing.as_deref(), Some("// trailing"));
    assert_eq!(pieces.closing, ["// last"]);
    assert_eq!(c.closing, ["// closing"]);
    assert_eq!(c.footer, ["// foot"]);
}

#[test]
fn strings_with_comment_marks_are_no_comments() {
    let c = comments_of("(name: \"a // b\", start: r#\"/* x */\"#, glyph: '/')");
    assert_eq!(c, comments_of("(name: \"\", start: \"\", glyph: 'x')"));
    assert!(c.closing.is_empty() && c.fields.values().all(|f| f.field.leading.is_empty()));
}

#[test]
fn quotes_inside_strings_are_written_plainly() {
    let text = "(extends: \"chess\", name: \"It's \\\"quoted\\\" \\\\ here\", end: [(rule: \"checkmate: loss\", name: \"{own}'s king\")])\n";
    let written = canonical("q.ron", text).unwrap();
    assert!(
        written.contains("name: \"It's \\\"quoted\\\" \\\\ here\","),
        "{written}"
    );
    assert!(written.contains("name: \"{own}'s king\""), "{written}");
    let v = Variant::from_text("q.ron", &written).unwrap();
    assert_eq!(v.name(), "It's \"quoted\" \\ here");
}

#[test]
fn fields_at_their_default_are_left_out() {
    let text = "(extends: \"chess\", promotion: (pieces: \"P\", ranks: [8], choices: \"Q\", on_quiet: false), drops: (free: false, captures_to_hand: true), evaluation: (tempo: 10))\n";
    let written = canonical("d.ron", text).unwrap();
    for default in ["on_quiet", "free", "captures_to_hand", "values"] {
        assert!(!written.contains(default), "{default} written:\n{written}");
    }
    assert!(written.contains("tempo: 10"), "{written}");
}

/// Bundled files left in a hand-written form for now: their canonical
/// form would hoist a comment out of a nested value, away from what it
/// explains, or join a multi-line entry into one line far over 100
/// columns. Remove a file here once `kaboom fmt` writes it well.
const NOT_YET_CANONICAL: &[&str] = &[
    "variants/bouncing-pieces.ron",
    "variants/capatomic-random.ron",
    "variants/grand.ron",
    "variants/janggi.ron",
    "variants/kaboom.ron",
    "variants/shogi.ron",
    "variants/tilting-the-balance.ron",
    "variants/xiangqi.ron",
    "variants/fairy/einstein.ron",
    "variants/fairy/messigny.ron",
    "variants/fairy/reversal-einstein.ron",
];

#[test]
fn every_bundled_variant_file_is_canonical() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bundled: Vec<PathBuf> = files()
        .into_iter()
        .filter(|p| p.starts_with(root.join("variants")))
        .collect();
    assert!(bundled.len() > 50, "{} bundled files", bundled.len());
    let mut wrong = Vec::new();
    for path in &bundled {
        let rel = path.strip_prefix(root).unwrap().display().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let is_canonical = canonical(&rel, &text).unwrap_or_else(|e| panic!("{rel}: {e}")) == text;
        match (is_canonical, NOT_YET_CANONICAL.contains(&rel.as_str())) {
            (false, false) => wrong.push(format!("{rel} is not canonical: run `kaboom fmt --write {rel}`")),
            (true, true) => wrong.push(format!("{rel} is canonical now: remove it from NOT_YET_CANONICAL")),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
