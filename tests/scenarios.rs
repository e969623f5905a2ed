//! Scenario snapshots: every `tests/scenarios/*.ron` names a variant, an
//! optional position and moves; the snapshot is the board before, each
//! move's trace, the board after, the FEN and the result. Read each new
//! snapshot before accepting it.

use kaboom::notation::{board, fen, san, trace, uci};
use kaboom::{Game, Variant};
use serde::Deserialize;
use std::fmt::Write;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    /// A bundled variant, or a path relative to the scenario file.
    variant: String,
    /// What the scenario shows, and which rule it pins.
    description: String,
    /// Seed of a random setup (castling squares come from it).
    #[serde(default)]
    seed: Option<u64>,
    /// Start position; default the variant's.
    #[serde(default)]
    fen: Option<String>,
    /// Moves to play.
    moves: Vec<String>,
    /// Moves that must be legal after the moves above.
    #[serde(default)]
    legal: Vec<String>,
    /// Moves that must be illegal after the moves above.
    #[serde(default)]
    illegal: Vec<String>,
}

fn run(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("scenario readable");
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let s: Scenario = options
        .from_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let dir = path.parent().expect("a scenario lives in a folder");
    let variant_ref = if s.variant.ends_with(".ron") {
        dir.join(&s.variant).display().to_string()
    } else {
        s.variant.clone()
    };
    let variant = Variant::load_seeded(&variant_ref, s.seed).unwrap_or_else(|e| panic!("{e}"));
    let start = match &s.fen {
        Some(f) => fen::parse(&variant, f).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
        None => variant.start_position(),
    };
    let mut out = String::new();
    writeln!(out, "variant: {}\n{}\n", variant.name, s.description.trim()).unwrap();
    write!(out, "{}", board::diagram(&variant, &start)).unwrap();
    writeln!(out, "fen: {}\n", fen::write(&variant, &start)).unwrap();
    let mut game = Game::new(&variant, start);
    let mut record = Vec::new();
    for text in &s.moves {
        let mv = uci::parse(&variant, game.position(), text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let before = game.position().clone();
        let events = game.play(mv);
        writeln!(
            out,
            "{}: {}",
            uci::write(&variant, &mv),
            trace::describe_all(&variant, &events)
        )
        .unwrap();
        record.push(san::write(&variant, &before, &mv, &events, game.position()));
    }
    if !record.is_empty() {
        writeln!(out, "record: {}", record.join(" ")).unwrap();
    }
    writeln!(out).unwrap();
    write!(out, "{}", board::diagram(&variant, game.position())).unwrap();
    writeln!(out, "fen: {}", fen::write(&variant, game.position())).unwrap();
    if let Some(ending) = game.ending() {
        writeln!(out, "result: {} ({})", ending.result.score(), ending.reason).unwrap();
    }
    for text in &s.legal {
        if let Err(e) = uci::parse(&variant, game.position(), text) {
            panic!("{}: `{text}` should be legal: {e}", path.display());
        }
        writeln!(out, "{text}: legal").unwrap();
    }
    for text in &s.illegal {
        let verdict = match uci::parse(&variant, game.position(), text) {
            Ok(_) => panic!("{}: `{text}` should be illegal", path.display()),
            Err(_) => "illegal",
        };
        writeln!(out, "{text}: {verdict}").unwrap();
    }
    out
}

#[test]
fn scenarios() {
    insta::glob!("scenarios/*.ron", |path| {
        insta::assert_snapshot!(run(path));
    });
}
