//! The docs cannot drift: every example file under docs/examples/ loads
//! (variants) or passes (scenarios), and every block of docs/*.md marked
//! `<!-- file: PATH -->` is exactly that file; every `kaboom` command in a
//! ```sh block runs, every example sentence of docs/effects.md loads in a
//! variant, every move shown is legal in a pinned position, and every
//! repository path named exists.

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

// ---------------------------------------------------------------- commands

/// The words of one shell command line: quotes group, `#` starts a comment.
fn shell_words(line: &str) -> (Vec<String>, Option<String>) {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '#') if !in_word => return (words, Some(line[i + 1..].trim().to_string())),
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    (words, None)
}

/// The bodies of every fenced block of a language in a markdown text.
fn blocks<'a>(text: &'a str, lang: &str) -> Vec<&'a str> {
    let fence = format!("```{lang}\n");
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(&fence) {
        let body = &rest[start + fence.len()..];
        let end = body.find("```").expect("a closed block");
        found.push(&body[..end]);
        rest = &body[end..];
    }
    found
}

/// Every markdown file under docs/ (docs/variants/ included), sorted.
fn doc_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["docs", "docs/variants"] {
        for entry in std::fs::read_dir(Path::new(ROOT).join(dir))
            .unwrap()
            .filter_map(Result::ok)
        {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().filter_map(Result::ok) {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Every `kaboom ...` line of every ```sh block in docs/ runs and succeeds,
/// from a copy of the repository's docs/ (so `--snapshot` writes nothing
/// here). A comment that is a bare number (`# 21836`) must appear in the
/// output.
#[test]
fn every_documented_command_runs() {
    let work = std::env::temp_dir().join(format!("kaboom-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    copy_tree(&Path::new(ROOT).join("docs"), &work.join("docs"));
    let mut ran = 0;
    for doc in doc_files() {
        let text = std::fs::read_to_string(&doc).unwrap();
        for block in blocks(&text, "sh") {
            for line in block.lines() {
                let (words, comment) = shell_words(line);
                if words.first().is_none_or(|w| w != "kaboom") {
                    continue;
                }
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaboom"))
                    .args(&words[1..])
                    .current_dir(&work)
                    .output()
                    .unwrap();
                let stdout = String::from_utf8_lossy(&out.stdout);
                assert!(
                    out.status.success(),
                    "{}: `{}` failed ({}):\n{stdout}\n{}",
                    doc.display(),
                    line.trim(),
                    out.status,
                    String::from_utf8_lossy(&out.stderr)
                );
                if let Some(number) = comment.filter(|c| !c.is_empty() && c.chars().all(|c| c.is_ascii_digit())) {
                    assert!(
                        stdout.contains(&number),
                        "{}: `{}` should print {number}:\n{stdout}",
                        doc.display(),
                        line.trim()
                    );
                }
                ran += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(ran >= 8, "only {ran} documented commands");
}

// ---------------------------------------------------------------- sentences

/// How a sentence of docs/effects.md is put in a variant to be loaded.
const RULE: &str = r#"(extends: "chess", rules: ["X"])"#;
const SET_TARGET: &str = r#"(extends: "chess", actions: [(name: "act", target: "X", effect: "remove(target)")])"#;
const SET_RULE: &str = r#"(extends: "chess", rules: ["after move: remove(X)"])"#;
const COND_RULE: &str = r#"(extends: "chess", rules: ["after move if X: remove(target)"])"#;
/// A condition in a variant that names regions (`palace`).
const COND_REGION: &str = r#"(extends: "xiangqi", rules: ["after move if X: remove(target)"])"#;
const COND_WHEN: &str =
    r#"(extends: "chess", actions: [(name: "act", target: "empty", when: "X", effect: "remove(target)")])"#;
const COND_END: &str = r#"(extends: "chess", end: ["X: win", "checkmate: loss"])"#;
const EFFECT_RULE: &str = r#"(extends: "chess", rules: ["after move: X"])"#;
const EFFECT_PIECE: &str = r#"(extends: "chess", pieces: [(letter: 'N', name: "knight", moves: "N", actions: [(name: "act", moves: "N", effect: "X")])])"#;
const LEGAL: &str = r#"(extends: "chess", legal: ["X"])"#;
const PIECE_ACTIONS: &str = r#"(extends: "chess", pieces: [(letter: 'R', name: "rook", moves: "R", actions: [X])])"#;
const PIECES: &str = r#"(extends: "chess", pieces: [X])"#;
const WHOLE: &str = "X";

/// Which embeddings a section of docs/effects.md tries, in order.
fn embeddings(section: &str) -> &'static [&'static str] {
    match section {
        "Triggers" => &[RULE],
        // Sets are shown inside effects and conditions too.
        "Square sets" => &[SET_TARGET, SET_RULE, COND_RULE, EFFECT_RULE, EFFECT_PIECE, COND_REGION],
        "Conditions" => &[COND_RULE, COND_WHEN, COND_END],
        "Effects" => &[EFFECT_RULE, EFFECT_PIECE],
        "Legality" => &[LEGAL],
        other => panic!("docs/effects.md: no way to check the examples of section `{other}`"),
    }
}

fn loads(template: &str, sentence: &str) -> Result<(), String> {
    let text = template.replace('X', sentence);
    kaboom::Variant::from_text("docs/effects.md", &text)
        .map(|_| ())
        .map_err(|e| format!("{text}\n{e}"))
}

/// Every example in the `example` column of docs/effects.md's tables, and
/// every ```ron block there, loads in a variant.
#[test]
fn every_effects_example_loads() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("docs/effects.md")).unwrap();
    let mut section = String::new();
    let mut example_column = None;
    let mut checked = 0;
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            section = title.trim().to_string();
            example_column = None;
            continue;
        }
        if !line.starts_with('|') {
            example_column = None;
            continue;
        }
        let cells: Vec<String> = line
            .replace("\\|", "\u{1}")
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().replace('\u{1}', "|"))
            .collect();
        if cells.iter().all(|c| c.chars().all(|c| c == '-')) {
            continue;
        }
        let Some(column) = example_column else {
            example_column = Some(cells.iter().position(|c| c == "example"));
            continue;
        };
        let Some(column) = column else { continue };
        let mut spans = cells[column].split('`').skip(1).step_by(2);
        for sentence in spans.by_ref() {
            let tried: Vec<_> = embeddings(&section).iter().map(|t| loads(t, sentence)).collect();
            assert!(
                tried.iter().any(Result::is_ok),
                "docs/effects.md, {section}: `{sentence}` loads in no variant:\n{}",
                tried
                    .iter()
                    .filter_map(|r| r.as_ref().err())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n")
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} examples checked");
    for block in blocks(&text, "ron") {
        let body = block.trim();
        let template = if body.starts_with("(name:") {
            PIECE_ACTIONS
        } else if body.starts_with("(letter:") {
            PIECES
        } else {
            WHOLE
        };
        let body = body.replace(")\n(", "),\n(");
        if let Err(e) = loads(template, &body) {
            panic!("docs/effects.md: a ron block does not load:\n{e}");
        }
    }
}

// ---------------------------------------------------------------- moves

/// Where a move shown in docs/ is legal.
enum Place {
    /// In a scenario: one of its moves, or legal after them.
    Scenario(&'static str),
    /// In a variant's position (its start position when no FEN is given).
    Position(&'static str, Option<&'static str>),
    /// The same, for a random setup's seed.
    Seeded(&'static str, u64, &'static str),
}
use Place::{Position as At, Scenario, Seeded};

/// The horizontal cylinder's former start array (docs/fairy.md, Board topology).
const FORMER_CYLINDER: &str = "8/rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR/8 w - - 0 1";

/// Every move written in docs/ and where it is legal. A move shown in the
/// docs that is missing here fails the test: add it with its position.
const MOVES: &[(&str, Place)] = &[
    ("e2e4", At("chess", None)),
    // The mates in one from the horizontal cylinder's former start (docs/fairy.md).
    (
        "d2f8",
        At("variants/fairy/horizontal-cylinder.ron", Some(FORMER_CYLINDER)),
    ),
    (
        "f2g1",
        At("variants/fairy/horizontal-cylinder.ron", Some(FORMER_CYLINDER)),
    ),
    ("g1f3", At("chess", None)),
    ("b1c3h", At("docs/examples/seirawan.ron", None)),
    (
        "h1e1h",
        At(
            "docs/examples/seirawan.ron",
            Some("rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDkqbcd - 4 4"),
        ),
    ),
    (
        "a1c3",
        At(
            "variants/fairy/make-and-take.ron",
            Some("4k3/8/8/8/8/2n5/8/R3K3 w - - 0 1"),
        ),
    ),
    (
        "e1c3",
        At(
            "variants/fairy/make-and-take.ron",
            Some("4k3/8/8/8/8/2n5/8/R3K3 w - - 0 1"),
        ),
    ),
    (
        "e6d6",
        At(
            "variants/fairy/make-and-take.ron",
            Some("7k/8/4P3/3p4/8/8/8/4K3 w - d6 0 1"),
        ),
    ),
    (
        "e5d5",
        At(
            "variants/fairy/make-and-take.ron",
            Some("7k/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        ),
    ),
    (
        "h1h6",
        At("variants/fairy/circe.ron", Some("4k3/8/7n/8/8/8/8/4K2R w - - 0 1")),
    ),
    (
        "h8h3",
        At("variants/fairy/circe.ron", Some("7r/4k3/8/8/8/7R/8/R3K3 b Q - 0 1")),
    ),
    ("b7a8q", At("chess", Some("n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"))),
    ("c3c4", At("shogi", None)),
    ("e2e2", At("janggi", None)),
    (
        "e1e1@barrier",
        At(
            "tests/fixtures/valid/barrier.ron",
            Some("4k3/8/8/b7/8/8/3PPP2/4K3 w - - 0 1"),
        ),
    ),
    (
        "b2h8+",
        At(
            "shogi",
            Some("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 2"),
        ),
    ),
    ("e7e8q", At("chess", Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1"))),
    (
        "c6d7n",
        At(
            "tests/fixtures/valid/demotion.ron",
            Some("4k3/8/2+N5/8/8/8/8/4K3 w - - 0 1"),
        ),
    ),
    ("e1g1", At("chess", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"))),
    ("e1h1", At("chess", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"))),
    (
        "a10a9",
        At(
            "docs/examples/step-1-board.ron",
            Some("r3k4r/10/10/10/10/10/10/10/10/R3K4R b - - 0 1"),
        ),
    ),
    ("a1a5@tackle", Scenario("tests/scenarios/push-tackle.ron")),
    ("a1a4@tackle", Scenario("tests/scenarios/kaboom-rook-tackle-chain.ron")),
    ("g6@bomb", Scenario("tests/scenarios/block-crater.ron")),
    ("e1e1@nova", At("kaboom", Some("4k3/8/8/8/8/8/8/K3Q3 w - - 0 1"))),
    ("d1d1@nova", At("kaboom", None)),
    ("e1e2@bump/f3", At("kaboom", Some("4k3/8/8/8/8/8/4n3/4K3 w - - 0 1"))),
    ("e1e2@bump/e1", Scenario("tests/scenarios/kaboom-king-bump.ron")),
    ("e1~e3e2", Scenario("tests/scenarios/kaboom-king-control.ron")),
    ("e2e2@explode", At("kaboom", None)),
    ("e4d5@bump", Scenario("tests/scenarios/kaboom-pawn-bump.ron")),
    ("c1f4@snipe", Scenario("tests/scenarios/kaboom-bishop-snipe.ron")),
    ("e1e8,f8g8", Scenario("tests/scenarios/bouncing-example-1.ron")),
    ("e2e4,e4d5", At("duck", None)),
    ("b1b2,b2b1", At("tests/fixtures/valid/amazons-small.ron", None)),
    ("e7e8q,e8d5", At("duck", Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1"))),
    ("e1g1,g1d4", At("duck", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"))),
    ("a1a1q@promote", Scenario("tests/scenarios/bouncing-example-5.ron")),
    (
        "d5e7,d6c5",
        At(
            "docs/examples/step-4-bounce.ron",
            Some("4k5/10/10/4p5/3p6/3N6/10/10/10/4K5 w - - 0 1"),
        ),
    ),
    ("f2i2+e1+g1", Scenario("tests/scenarios/capatomic-castling-choices.ron")),
    (
        "f2i2+e1",
        Scenario("tests/scenarios/capatomic-castling-far-missile.ron"),
    ),
    ("f2i2+g1", Scenario("tests/scenarios/capatomic-castling-choices.ron")),
    ("f2i2", Scenario("tests/scenarios/capatomic-castling-choices.ron")),
    ("d1d7", Scenario("tests/scenarios/same-event-rules.ron")),
    (
        "e4f6",
        At(
            "variants/fairy/andernach.ron",
            Some("4k3/8/5p2/8/4N3/8/8/4K3 w - - 0 1"),
        ),
    ),
    (
        "a1a7@shoot",
        At(
            "tests/fixtures/valid/shooting-rooks.ron",
            Some("p3k3/p7/8/8/8/8/8/R3K3 w - - 0 1"),
        ),
    ),
    ("c2e4", At("tests/fixtures/valid/diagonal-pawns.ron", None)),
    ("b2d4", At("tests/fixtures/valid/berolina.ron", None)),
    (
        "e1e2@bump/d3,d3c4",
        At(
            "tests/fixtures/valid/follow-ups.ron",
            Some("4k3/8/8/8/8/8/4n3/4K3 w - - 0 1"),
        ),
    ),
    (
        "d9b9",
        Seeded("capatomic-random", 12, "10/1r1k6/10/10/10/10/10/10/4K5/10 b q - 0 1"),
    ),
    (
        "a1d1",
        At(
            "variants/fairy/super-circe.ron",
            Some("4k3/8/8/8/8/8/8/R2pK3 w - - 0 1"),
        ),
    ),
    (
        "a1d1,d1h5",
        At(
            "variants/fairy/super-circe.ron",
            Some("4k3/8/8/8/8/8/8/R2pK3 w - - 0 1"),
        ),
    ),
    (
        "a1d1,d1a1q",
        At(
            "variants/fairy/super-circe.ron",
            Some("4k3/8/8/8/8/8/8/R2pK3 w - - 0 1"),
        ),
    ),
    (
        "b7a8q,a8a1q",
        At(
            "variants/fairy/super-circe.ron",
            Some("p3k3/1P6/8/8/8/8/4K3/8 w - - 0 1"),
        ),
    ),
    (
        "e4d5,d5d4",
        At(
            "variants/fairy/take-and-make.ron",
            Some("r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
        ),
    ),
    (
        "b7a8,a8a3",
        At(
            "variants/fairy/take-and-make.ron",
            Some("r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
        ),
    ),
    (
        "b7a8,a8b8q",
        At(
            "variants/fairy/take-and-make.ron",
            Some("r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
        ),
    ),
    (
        "a8a2,a2a3",
        At(
            "variants/fairy/take-and-make.ron",
            Some("r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        ),
    ),
    (
        "a8a2,a2a4",
        At(
            "variants/fairy/take-and-make.ron",
            Some("r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        ),
    ),
    (
        "b7c8,c8c5",
        At(
            "variants/fairy/take-and-make.ron",
            Some("2r5/1P6/8/8/8/8/8/4K2k w - - 0 1"),
        ),
    ),
    (
        "b7c8,c8d8q",
        At(
            "variants/fairy/take-and-make.ron",
            Some("2r5/1P6/8/8/8/8/8/4K2k w - - 0 1"),
        ),
    ),
    (
        "e5d6,d6d5",
        At(
            "variants/fairy/take-and-make.ron",
            Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        ),
    ),
    (
        "a1h8@swap",
        At(
            "variants/fairy/messigny.ron",
            Some("r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
        ),
    ),
    ("a1a8@swap", At("variants/fairy/messigny.ron", None)),
    (
        "b7a8",
        At(
            "variants/fairy/kamikaze.ron",
            Some("r3r2k/1P6/8/4n3/8/8/4R3/4Kn2 w - - 0 1"),
        ),
    ),
];

/// A code span that reads as a move in kaboom's notation: starts with a
/// square, and names a second square or an action.
fn looks_like_move(span: &str) -> bool {
    let b = span.as_bytes();
    let square_len = |s: &[u8]| -> usize {
        if s.len() >= 2 && (b'a'..=b'p').contains(&s[0]) && s[1].is_ascii_digit() {
            if s.len() >= 3 && s[2].is_ascii_digit() { 3 } else { 2 }
        } else {
            0
        }
    };
    let first = square_len(b);
    first > 0
        && !span.contains('=')
        && !span.contains(' ')
        && span.chars().all(|c| c.is_ascii_alphanumeric() || "@~,/+".contains(c))
        && (square_len(&b[first..]) > 0 || span.contains('@') || span.contains('~'))
}

fn legal_in(place: &Place, text: &str) -> Result<(), String> {
    let (variant, fen, moves, seed) = match place {
        At(variant, fen) => (variant.to_string(), fen.map(str::to_string), Vec::new(), None),
        Seeded(variant, seed, fen) => (variant.to_string(), Some(fen.to_string()), Vec::new(), Some(*seed)),
        Scenario(file) => {
            let path = Path::new(ROOT).join(file);
            let s = kaboom::scenario::read(&path).map_err(|e| e.to_string())?;
            let variant = if s.variant.ends_with(".ron") || s.variant.contains('/') {
                path.parent().unwrap().join(&s.variant).display().to_string()
            } else {
                s.variant.clone()
            };
            (variant, s.fen.clone(), s.moves.clone(), s.seed)
        }
    };
    let variant = if variant.ends_with(".ron") && !Path::new(&variant).is_absolute() {
        Path::new(ROOT).join(variant).display().to_string()
    } else {
        variant
    };
    let v = kaboom::Variant::load_seeded(&variant, seed).map_err(|e| e.to_string())?;
    let start = match &fen {
        Some(f) => kaboom::fen::parse(&v, f).map_err(|e| e.to_string())?,
        None => v.start_position(),
    };
    let mut game = kaboom::Game::new(&v, start);
    let mut last = String::new();
    for m in moves.iter().map(String::as_str).chain([text]) {
        match kaboom::uci::parse(&v, game.position(), m) {
            Ok(_) if m == text => return Ok(()),
            Ok(mv) => {
                game.play(mv);
            }
            Err(e) => {
                last = e.to_string();
                if m != text {
                    return Err(format!("the scenario's move `{m}`: {e}"));
                }
            }
        }
    }
    Err(last)
}

/// Every move written in docs/ is legal in the position the test pins it to.
#[test]
fn every_documented_move_is_legal() {
    let mut unplaced = Vec::new();
    let mut checked = 0;
    for doc in doc_files() {
        let text = std::fs::read_to_string(&doc).unwrap();
        for span in text.split('`').skip(1).step_by(2) {
            if !looks_like_move(span) {
                continue;
            }
            match MOVES.iter().find(|(m, _)| *m == span) {
                None => unplaced.push(format!("{}: `{span}`", doc.display())),
                Some((_, place)) => {
                    if let Err(e) = legal_in(place, span) {
                        panic!(
                            "{}: `{span}` is not legal where tests/docs.rs places it: {e}",
                            doc.display()
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(
        unplaced.is_empty(),
        "moves shown in docs/ with no position in tests/docs.rs MOVES:\n{}",
        unplaced.join("\n")
    );
    assert!(checked >= 20, "only {checked} moves checked");
}

// ---------------------------------------------------------------- paths

/// Whether some path under `base` matches `pattern`, whose components may
/// hold one `*` each (`tests/fixtures/*/*.ron`).
fn glob_matches(base: &Path, pattern: &str) -> bool {
    let (first, rest) = pattern.split_once('/').unwrap_or((pattern, ""));
    let candidates: Vec<std::path::PathBuf> = match first.split_once('*') {
        None => vec![base.join(first)],
        Some((head, tail)) => std::fs::read_dir(base)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|e| {
                        let name = e.file_name().to_string_lossy().to_string();
                        name.starts_with(head) && name.ends_with(tail) && name.len() >= head.len() + tail.len()
                    })
                    .map(|e| e.path())
                    .collect()
            })
            .unwrap_or_default(),
    };
    candidates
        .iter()
        .any(|c| c.exists() && (rest.is_empty() || glob_matches(c, rest)))
}

/// Every repository path a doc names (`tests/scenarios/x.ron`,
/// `src/cli/`, globs like `tests/scenarios/kaboom-*.ron`) exists.
#[test]
fn every_path_named_in_docs_exists() {
    const TOP: &[&str] = &[
        "src/",
        "tests/",
        "docs/",
        "variants/",
        "grammar/",
        "scripts/",
        "fuzz/",
        "bench/",
        "shared/",
        ".ci/",
    ];
    let mut missing = Vec::new();
    let mut checked = 0;
    let mut docs = doc_files();
    docs.push(Path::new(ROOT).join("README.md"));
    for doc in docs {
        let text = std::fs::read_to_string(&doc).unwrap();
        for span in text.split('`').skip(1).step_by(2) {
            let span = span.split(':').next().unwrap_or(span);
            if !TOP.iter().any(|t| span.starts_with(t)) || span.contains(' ') {
                continue;
            }
            checked += 1;
            let exists = glob_matches(Path::new(ROOT), span.trim_end_matches('/'));
            if !exists {
                missing.push(format!("{}: `{span}`", doc.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs name files not in the repository:\n{}",
        missing.join("\n")
    );
    assert!(checked >= 10, "only {checked} paths checked");
}

/// The fields a scenario file (or its `expect`) accepts, as kaboom's own
/// "unknown field" help lists them.
fn scenario_fields(text: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("kaboom-docs-fields-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.ron");
    std::fs::write(&file, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .arg("test")
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let all = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    let line = all
        .lines()
        .find_map(|l| l.split_once("fields here: ").map(|(_, rest)| rest.to_string()))
        .unwrap_or_else(|| panic!("no field list in:\n{all}"));
    line.split(", ").map(|f| f.trim().to_string()).collect()
}

#[test]
fn every_scenario_field_is_documented() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/scenarios.md")).unwrap();
    let top = scenario_fields(r#"(variant: "chess", description: "x", zzz: 1)"#);
    let expect = scenario_fields(r#"(variant: "chess", description: "x", expect: (zzz: 1))"#);
    assert!(top.len() > 5 && expect.len() > 2, "{top:?} {expect:?}");
    for field in top.iter().chain(&expect) {
        assert!(
            doc.contains(&format!("| `{field}` |")),
            "docs/scenarios.md has no row for the scenario field `{field}`"
        );
    }
}
