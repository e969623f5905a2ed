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
    for name in kaboom::bundled_names() {
        let variant = Variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(variant.warnings().is_empty(), "{name}: {:?}", variant.warnings());
    }
}

/// Every diagnostic of loading `text`, as `validate` prints them.
fn text_diagnostics(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("the variant loaded:\n{text}"),
        Err(e) => e
            .diagnostics
            .iter()
            .map(|d| d.display(&e.sources).to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn every_problem_of_one_action_is_reported() {
    // Four problems in one action: its template, its condition, its record
    // and a letter in its effect. Each pass of the action's check reports
    // its own; none stops the others.
    let text = r#"(extends: "chess", name: "Many", pieces: [(letter: 'M', name: "mage", moves: "K",
        actions: [(name: "zap", moves: "Zq", when: "count(own Y) >= 1", record: "{oops}",
                   effect: "remove(target + any X)")])])"#;
    let out = text_diagnostics(text);
    for expected in [
        "action `zap`: movement template `Zq`",
        "`Y` is not a piece letter of this variant",
        "record `{oops}` has an unknown placeholder",
        "`X` is not a piece letter of this variant",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
    // Both problems in a target set and a condition, with no template.
    let text = r#"(extends: "chess", name: "Two", actions: [(name: "drop", target: "ranks(1..2) - own Q Y",
        when: "captured(X) >= 1", effect: "block(target)")])"#;
    let out = text_diagnostics(text);
    assert_eq!(out.matches("is not a piece letter of this variant").count(), 2, "{out}");
}

#[test]
fn captured_counts_are_counted_in_every_sentence() {
    // Five distinct `captured(...)` masks, one of them only in an end rule:
    // more counters than a position keeps, refused rather than merged.
    let text = r#"(extends: "chess", name: "Counts",
        rules: ["after move if captured(Q) >= 1 and captured(R) >= 1: block(origin)"],
        legal: ["own royal not attacked unless captured(B) >= 3"],
        end: ["captured(N) >= 2: win", "captured(P) >= 8: draw", "checkmate: loss"])"#;
    let out = text_diagnostics(text);
    assert!(out.contains("5 different `captured(...)` counts; at most 4"), "{out}");
    // The same kinds written two ways are one counter.
    let text = r#"(extends: "chess", name: "Counts",
        end: ["captured(Q) >= 1: win", "captured(not K R B N P) >= 2: draw", "captured(R) >= 1: win",
              "captured(B) >= 1: win", "captured(N) >= 1: win", "checkmate: loss"])"#;
    Variant::from_text("test.ron", text).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn every_problem_of_one_castling_rule_is_reported() {
    // A repeated letter, no rook square without `side`, and king and rook
    // landing on one square: three problems of one rule, all reported.
    let text = r#"(extends: "chess", name: "Castles", castling: [
        (fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1"),
        (fen: 'K', king: "e1", king_to: "c1", rook_to: "c1")])"#;
    let out = text_diagnostics(text);
    for expected in [
        "castling letter `K` must be a distinct upper-case letter",
        "castling `K` gives no `rook` square, so it needs `side` and `rook_piece`",
        "castling `K`: the king and the rook would both land on c1",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
}
