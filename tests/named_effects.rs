//! The effect vocabulary's named primitives: `blast` and `irradiate` are
//! the general `remove(area(...) - ...)` and `block(...)` under their own
//! names, parsed by the grammar, so a file may say what it means.

use kaboom::notation::fen;
use kaboom::{Perft, Variant};

fn with_rules(parent: &str, rules: &str) -> Variant {
    let text = format!("(extends: \"{parent}\", name: \"test\", rules: [{rules}])");
    Variant::from_text("test.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn perft(v: &Variant, text: &str, depth: u32) -> u64 {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Perft::new().count(v, &pos, depth)
}

#[test]
fn a_blast_is_the_general_removal() {
    let named = with_rules(
        "atomic",
        r#""on capture: blast(target, 1, sparing any P); remove(target)""#,
    );
    let general = with_rules(
        "atomic",
        r#""on capture: remove(area(target, 1) - any P); remove(target)""#,
    );
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ] {
        assert_eq!(perft(&named, text, 3), perft(&general, text, 3), "{text}");
    }
    // Without `sparing`, nothing is spared; the radius counts king steps.
    let all = with_rules("atomic", r#""on capture: blast(target, 2)""#);
    let general = with_rules("atomic", r#""on capture: remove(area(target, 2))""#);
    let text = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    assert_eq!(perft(&all, text, 3), perft(&general, text, 3));
}

#[test]
fn irradiate_is_the_general_block() {
    let named = with_rules("chess", r#""on capture: irradiate(area(target, 1) - target)""#);
    let general = with_rules("chess", r#""on capture: block(area(target, 1) - target)""#);
    let text = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    assert_eq!(perft(&named, text, 3), perft(&general, text, 3));
}

#[test]
fn a_malformed_blast_says_how_it_is_written() {
    let text = r#"(extends: "chess", name: "test", rules: ["on capture: blast(target)"])"#;
    let err = match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("a blast without a radius loads"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("`blast(S, r)`"), "{err}");
    let text = r#"(extends: "chess", name: "test", rules: ["on capture: blast(target, 99)"])"#;
    let err = match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("a blast of radius 99 loads"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("radius"), "{err}");
}
