//! The effect vocabulary's named primitives: `blast` and `irradiate` are
//! the general `remove(area(...) - ...)` and `block(...)` under their own
//! names, parsed by the grammar, so a file may say what it means.

use kaboom::fen;
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

fn variant(text: &str) -> Result<Variant, String> {
    Variant::from_text("test.ron", text).map_err(|e| e.to_string())
}

const POSITIONS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
];

/// A shield written as a sentence (`shields`) is the piece's `shield`
/// field in general form: a king's aura against explosions plays the same.
#[test]
fn a_shield_sentence_is_the_piece_shield() {
    let sentence =
        variant(r#"(extends: "atomic", name: "aura", shields: ["area(any royal, 1) against remove"])"#).unwrap();
    let field = variant(
        r#"(extends: "atomic", name: "aura", pieces: [(letter: 'K', name: "king", moves: "mK", royal: true,
            shield: (radius: 1, against: ["remove"]))])"#,
    )
    .unwrap();
    let atomic = Variant::load("atomic").unwrap();
    let mut differs = false;
    for text in POSITIONS {
        let shielded = perft(&sentence, text, 3);
        assert_eq!(shielded, perft(&field, text, 3), "{text}");
        differs |= shielded != perft(&atomic, text, 3);
    }
    assert!(differs, "the aura changes some count");
}

/// `while` switches a shield on and off with the position, for each side.
#[test]
fn a_shield_holds_while_its_condition_does() {
    let never =
        variant(r#"(extends: "atomic", name: "off", shields: ["area(any royal, 1) against remove while false"])"#)
            .unwrap();
    let always = variant(
        r#"(extends: "atomic", name: "on", shields: ["area(own royal, 1) against remove while count(own) > 0"])"#,
    )
    .unwrap();
    let aura = variant(r#"(extends: "atomic", name: "aura", shields: ["area(any royal, 1) against remove"])"#).unwrap();
    let atomic = Variant::load("atomic").unwrap();
    for text in POSITIONS {
        assert_eq!(perft(&never, text, 3), perft(&atomic, text, 3), "{text}");
        assert_eq!(perft(&always, text, 3), perft(&aura, text, 3), "{text}");
    }
}

#[test]
fn bad_shield_sentences_are_clear_errors() {
    let e = variant(r#"(extends: "chess", name: "x", shields: ["target against remove"])"#).unwrap_err();
    assert!(e.contains("its squares name a move"), "{e}");
    let e = variant(r#"(extends: "chess", name: "x", shields: ["own royal against explode"])"#).unwrap_err();
    assert!(e.contains("shield `own royal against explode`"), "{e}");
    let many = (0..9)
        .map(|_| "\"own royal against remove\"")
        .collect::<Vec<_>>()
        .join(", ");
    let e = variant(&format!(r#"(extends: "chess", name: "x", shields: [{many}])"#)).unwrap_err();
    assert!(e.contains("at most 8 are allowed"), "{e}");
}
