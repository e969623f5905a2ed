//! kaboom's legal moves against Popeye's, without Popeye: every
//! `tests/data/popeye/<name>.txt` holds positions along seeded random games
//! and the legal moves Popeye listed there under a fairy condition
//! (written by `scripts/compare-popeye.py`, which names Popeye's commit in
//! the file). One generic runner checks each file; a new condition is a new
//! data file, no new code.

use kaboom::Variant;
use std::path::{Path, PathBuf};

/// Per move (UCI), the pieces it puts on squares (`pd7`).
type MoveEffects = Vec<(String, Vec<String>)>;

/// One data file: the kaboom variant, Popeye's condition line, its commit
/// and the positions with Popeye's sorted moves.
struct Data {
    variant: String,
    condition: String,
    popeye: String,
    positions: Vec<(String, Vec<String>)>,
    /// Per position, where its file says (`effects`, written with
    /// `--effects`): per move, the pieces Popeye's annotations put on
    /// squares (`e4d5` -> `pd7`: a black pawn on d7).
    effects: Vec<Option<MoveEffects>>,
}

fn read(path: &Path) -> Data {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut data = Data {
        variant: String::new(),
        condition: String::new(),
        popeye: String::new(),
        positions: Vec::new(),
        effects: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "popeye" => data.popeye = value.to_string(),
            "variant" => data.variant = value.to_string(),
            "condition" => data.condition = value.to_string(),
            "fen" => {
                data.positions.push((value.to_string(), Vec::new()));
                data.effects.push(None);
            }
            "effects" => {
                let per_move = value
                    .split_whitespace()
                    .map(|w| {
                        let (mv, tokens) = w.split_once(':').unwrap_or((w, ""));
                        let mut tokens: Vec<String> = tokens.split('+').map(str::to_string).collect();
                        tokens.sort();
                        (mv.to_string(), tokens)
                    })
                    .collect();
                *data.effects.last_mut().expect("`effects` after `fen`") = Some(per_move);
            }
            "moves" => {
                let (_, moves) = data.positions.last_mut().expect("`moves` after `fen`");
                *moves = value.split_whitespace().map(str::to_string).collect();
                moves.sort();
            }
            other => panic!("{}:{}: unknown key `{other}`", path.display(), n + 1),
        }
    }
    data
}

fn data_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/popeye");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// The differences between kaboom and Popeye on one file, one line each.
fn differences(path: &Path) -> (usize, Vec<String>) {
    let data = read(path);
    assert_eq!(data.popeye.len(), 40, "{}: Popeye's commit", path.display());
    let variant = Variant::load(&data.variant).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for ((fen, theirs), effects) in data.positions.iter().zip(&data.effects) {
        if let Some(effects) = effects {
            out.extend(effect_differences(&variant, fen, theirs, effects));
        }
        let pos = kaboom::fen::parse(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut ours: Vec<String> = variant
            .legal_moves(&pos)
            .iter()
            .map(|m| kaboom::uci::write(&variant, m))
            .collect();
        ours.sort();
        if &ours != theirs {
            let only = |a: &[String], b: &[String]| {
                a.iter()
                    .filter(|m| !b.contains(m))
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            out.push(format!(
                "{} ({}): {fen}: only kaboom [{}], only Popeye [{}]",
                path.display(),
                data.condition,
                only(&ours, theirs),
                only(theirs, &ours)
            ));
        }
    }
    (data.positions.len(), out)
}

#[test]
fn kaboom_lists_popeyes_legal_moves_for_every_stored_condition() {
    let files = data_files();
    assert!(!files.is_empty(), "no data under tests/data/popeye");
    let mut failures = Vec::new();
    for file in &files {
        let (positions, diffs) = differences(file);
        assert!(
            positions >= 200,
            "{}: {positions} positions, 200 wanted",
            file.display()
        );
        failures.extend(diffs);
    }
    assert!(
        failures.is_empty(),
        "kaboom and Popeye differ:\n{}",
        failures.join("\n")
    );
}

/// The runner reads a difference as one: a move Popeye lists that kaboom
/// does not is reported with its position.
#[test]
fn a_changed_list_is_reported() {
    let file = data_files()
        .into_iter()
        .find(|p| p.ends_with("orthodox.txt"))
        .expect("orthodox.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let changed = text.replacen("moves ", "moves a1a8 ", 1);
    let path = std::env::temp_dir().join(format!("kaboom-popeye-{}.txt", std::process::id()));
    std::fs::write(&path, changed).unwrap();
    let (_, diffs) = differences(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(diffs[0].contains("only Popeye [a1a8]"), "{}", diffs[0]);
}

/// The pieces kaboom's placements put on squares when it plays each of
/// `moves` from `fen` (its `Placed` events: a letter, upper case White's,
/// and the square), against Popeye's annotations: one line per move
/// where they differ.
fn effect_differences(variant: &Variant, fen: &str, moves: &[String], popeye: &[(String, Vec<String>)]) -> Vec<String> {
    let pos = kaboom::fen::parse(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let g = variant.geometry();
    let mut out = Vec::new();
    for text in moves {
        let Ok(mv) = kaboom::uci::parse(variant, &pos, text) else {
            continue;
        };
        let mut game = kaboom::Game::new(variant, pos.clone());
        let mut ours: Vec<String> = game
            .play(mv)
            .iter()
            .filter_map(|e| match *e {
                kaboom::Event::Placed { piece, at, .. } => {
                    let letter = variant.pieces()[piece.kind().index()].letter;
                    let letter = if piece.color() == kaboom::Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    };
                    Some(format!("{letter}{}", g.name(at)))
                }
                _ => None,
            })
            .collect();
        ours.sort();
        ours.dedup();
        let theirs = popeye.iter().find(|(m, _)| m == text).map_or(&[][..], |(_, t)| &t[..]);
        if ours != theirs {
            out.push(format!("{fen}: {text} places {ours:?} in kaboom, {theirs:?} in Popeye"));
        }
    }
    out
}

/// Where a file records effects, a changed one is reported.
#[test]
fn a_changed_effect_is_reported() {
    let file = data_files()
        .into_iter()
        .find(|p| p.ends_with("circe.txt"))
        .expect("circe.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.find(":p").expect("an effect");
    let mut changed = text.clone();
    changed.replace_range(at + 1..at + 2, "n");
    let path = std::env::temp_dir().join(format!("kaboom-popeye-effects-{}.txt", std::process::id()));
    std::fs::write(&path, changed).unwrap();
    let (_, diffs) = differences(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(diffs[0].contains("in Popeye"), "{}", diffs[0]);
}
