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
    // The variants the scenarios use, beside them.
    insta::glob!("scenarios/variants/*.ron", |path| {
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

#[test]
fn castling_takes_and_notation_misuse_is_reported() {
    // `takes` names a letter no rule has.
    let text = r#"(extends: "chess", name: "Takes", castling: [
        (fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", takes: "X")])"#;
    let out = text_diagnostics(text);
    assert!(
        out.contains("castling `K` takes `X`, which is not a castling rule's letter"),
        "{out}"
    );
    // Rights written as rook files: a rule letter that is a file of the
    // board (`C` on a chessboard) could not be told from the file.
    let text = r#"(extends: "chess", name: "Files", castling_notation: KingTakesRook, castling: [
        (fen: 'C', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1")])"#;
    let out = text_diagnostics(text);
    assert!(
        out.contains("castling right `C` is also the letter of the file c on this board"),
        "{out}"
    );
}

#[test]
fn castling_takes_and_rook_file_notation_play() {
    // Castling kingside takes the other side's kingside right; rights are
    // written as rook files and castling as the king taking its rook.
    let text = r#"(extends: "chess", name: "Opposite", castling_notation: KingTakesRook, castling: [
        (fen: 'K', king_to: "g1", rook_to: "f1", side: Right, rook_piece: 'R', takes: "K"),
        (fen: 'Q', king_to: "c1", rook_to: "d1", side: Left, rook_piece: 'R', takes: "Q")])"#;
    let v = Variant::from_text("test.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let pos = kaboom::fen::parse(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(kaboom::fen::write(&v, &pos), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    let castle = kaboom::uci::parse(&v, &pos, "e1h1").unwrap();
    assert_eq!(kaboom::uci::write(&v, &castle), "e1h1");
    let mut after = pos.clone();
    after.make(&v, castle);
    assert_eq!(kaboom::fen::write(&v, &after), "r3k2r/8/8/8/8/8/8/R4RK1 b a - 1 1");
}

#[test]
fn castling_conditions_read_rights_and_the_last_castling() {
    // A right the variant does not have is an error at its letter.
    let text = r#"(extends: "chess", name: "Castle", end: ["castled(x): loss", "checkmate: loss"])"#;
    let out = text_diagnostics(text);
    assert!(out.contains("`x` is not a castling right of this variant"), "{out}");
    // Castling queenside wins for Black; losing that right loses.
    let text = r#"(extends: "chess", name: "Castle",
        end: ["castled(q): loss", "not castling(q): white wins", "checkmate: loss"])"#;
    let v = Variant::from_text("test.ron", text).unwrap_or_else(|e| panic!("{e}"));
    for (mv, result) in [
        ("e8c8", kaboom::GameResult::BlackWins),
        ("e8d8", kaboom::GameResult::WhiteWins),
    ] {
        let start = kaboom::fen::parse(&v, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1").unwrap();
        let m = kaboom::uci::parse(&v, &start, mv).unwrap();
        let mut game = kaboom::Game::new(&v, start);
        game.try_play(m).unwrap();
        assert_eq!(game.ending().map(|e| e.result), Some(result), "{mv}");
    }
}
