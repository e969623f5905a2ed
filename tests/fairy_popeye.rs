//! kaboom's legal moves against Popeye's, without Popeye: every
//! `tests/data/popeye/<name>.txt` holds positions along seeded random games
//! and the legal moves Popeye listed there under a fairy condition
//! (written by `scripts/compare-popeye.py`, which names Popeye's commit in
//! the file). One generic runner checks each file; a new condition is a new
//! data file, no new code. Where a position also has a `lines` row
//! (written by `--line-digests N`), its 2-ply lines (every move and every
//! reply, as Popeye's `stipulation h~1` lists them) are compared by their
//! number and FNV-1a digest.

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
    /// Whether the file records what each move did to its piece
    /// (`effects-checked yes`, written by `--effects`).
    effects_checked: bool,
    /// Per position, Popeye's notes on the moves that changed their
    /// piece: `e4f6=b` (it changed sides), `a1a8=B` (it became a bishop).
    effects: Vec<Vec<(String, String)>>,
    /// Per position, Popeye's two-ply lines (`line M R...`, written by
    /// `--lines N`): after the move M, the legal replies R.
    lines: Vec<Vec<(String, Vec<String>)>>,
    /// Per position index: the number and digest of Popeye's 2-ply lines.
    digests: Vec<(usize, usize, String)>,
    /// Per position, where its file says (`placed`, written with
    /// `--placements`): per move, the pieces Popeye's annotations put on
    /// squares (`e4d5` -> `pd7`: a black pawn on d7).
    placed: Vec<Option<MoveEffects>>,
    /// Per position, where its file says (`removed`, written with
    /// `--removals`): per move, the pieces Popeye's annotations remove
    /// besides the one captured (`a1a3` -> `Ra3`: a kamikaze rook).
    removed: Vec<Option<MoveEffects>>,
}

fn read(path: &Path) -> Data {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut data = Data {
        variant: String::new(),
        condition: String::new(),
        popeye: String::new(),
        positions: Vec::new(),
        effects_checked: false,
        effects: Vec::new(),
        digests: Vec::new(),
        lines: Vec::new(),
        placed: Vec::new(),
        removed: Vec::new(),
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
                data.effects.push(Vec::new());
                data.lines.push(Vec::new());
                data.placed.push(None);
                data.removed.push(None);
            }
            "effects-checked" => data.effects_checked = value == "yes",
            // Told to Popeye as attributes of the pieces without a mark
            // (`turned=volage`): read by the script only.
            "attribute" => data.condition = format!("pieces not marked {value}"),
            "line" => {
                let mut words = value.split_whitespace().map(str::to_string);
                let first = words.next().expect("`line` names a move");
                let mut replies: Vec<String> = words.collect();
                replies.sort();
                data.lines
                    .last_mut()
                    .expect("`line` after `fen`")
                    .push((first, replies));
            }
            "effects" => {
                let notes = data.effects.last_mut().expect("`effects` after `fen`");
                for note in value.split_whitespace() {
                    let (mv, what) = note.split_once('=').expect("`move=change`");
                    notes.push((mv.to_string(), what.to_string()));
                }
            }
            "placed" | "removed" => {
                let per_move = value
                    .split_whitespace()
                    .map(|w| {
                        let (mv, tokens) = w.split_once(':').unwrap_or((w, ""));
                        let mut tokens: Vec<String> = tokens.split('+').map(str::to_string).collect();
                        tokens.sort();
                        (mv.to_string(), tokens)
                    })
                    .collect();
                let rows = if key == "placed" {
                    &mut data.placed
                } else {
                    &mut data.removed
                };
                *rows.last_mut().expect("`placed` and `removed` after `fen`") = Some(per_move);
            }
            "moves" => {
                let (_, moves) = data.positions.last_mut().expect("`moves` after `fen`");
                *moves = value.split_whitespace().map(str::to_string).collect();
                moves.sort();
            }
            "lines" => {
                let (count, digest) = value.split_once(' ').expect("`lines COUNT DIGEST`");
                let count = count.parse().expect("a count of lines");
                data.digests.push((data.positions.len() - 1, count, digest.to_string()));
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
    for (i, (fen, theirs)) in data.positions.iter().enumerate() {
        if let Some(placed) = &data.placed[i] {
            out.extend(placement_differences(&variant, fen, theirs, placed, Row::Placed));
        }
        if let Some(removed) = &data.removed[i] {
            out.extend(placement_differences(&variant, fen, theirs, removed, Row::Removed));
        }
        let pos = kaboom::fen::parse(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (first, replies) in &data.lines[i] {
            let mv = kaboom::uci::parse(&variant, &pos, first).unwrap_or_else(|e| panic!("{fen} {first}: {e}"));
            let mut after = pos.clone();
            after.make(&variant, mv);
            let mut ours: Vec<String> = (variant.legal_moves(&after).iter())
                .map(|m| kaboom::uci::write(&variant, m))
                .collect();
            ours.sort();
            if &ours != replies {
                out.push(format!(
                    "{} ({}): {fen}: after {first}, kaboom's replies [{}], Popeye's [{}]",
                    path.display(),
                    data.condition,
                    ours.join(" "),
                    replies.join(" ")
                ));
            }
        }
        if data.effects_checked {
            out.extend(
                effect_differences(&variant, &pos, &data.effects[i])
                    .into_iter()
                    .map(|d| format!("{} ({}): {fen}: {d}", path.display(), data.condition)),
            );
        }
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
    for (i, count, digest) in &data.digests {
        let fen = &data.positions[*i].0;
        let pos = kaboom::fen::parse(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let ours = two_ply_lines(&variant, &pos);
        if (ours.len(), fnv_digest(&ours)) != (*count, digest.clone()) {
            out.push(format!(
                "{} ({}): {fen}: 2-ply lines: kaboom {} {}, Popeye {count} {digest}",
                path.display(),
                data.condition,
                ours.len(),
                fnv_digest(&ours)
            ));
        }
    }
    (data.positions.len(), out)
}

/// What each legal move leaves on its square (the rook's after castling)
/// against what Popeye wrote after it: the same side and kind as the
/// piece that moved (or the kind it promoted to), unless Popeye noted a
/// change of side (`b`, `w`) or kind (a letter). One line per move that
/// differs.
fn effect_differences(variant: &Variant, pos: &kaboom::Position, notes: &[(String, String)]) -> Vec<String> {
    let letter = |cell: kaboom::Cell| variant.pieces()[cell.kind().index()].letter;
    let mut out = Vec::new();
    for mv in variant.legal_moves(pos) {
        let uci = kaboom::uci::write(variant, &mv);
        let (from, at) = match mv.kind {
            kaboom::MoveKind::Castle(i) => {
                let rule = &variant.castling_rules()[i.index()];
                (rule.rook_from, rule.rook_to)
            }
            _ => (mv.from, mv.to),
        };
        let moving = pos.cell(from);
        let mut side = moving.color();
        let mut kind = mv
            .promotion
            .map_or(letter(moving), |k| variant.pieces()[k.index()].letter);
        if let Some((_, note)) = notes.iter().find(|(m, _)| *m == uci) {
            for c in note.chars() {
                match c {
                    'w' => side = kaboom::Color::White,
                    'b' => side = kaboom::Color::Black,
                    k => kind = k,
                }
            }
        }
        let mut after = pos.clone();
        after.make(variant, mv);
        let cell = after.cell(at);
        let got = cell.is_piece().then(|| (cell.color(), letter(cell)));
        if got != Some((side, kind)) {
            out.push(format!(
                "after {uci}, kaboom leaves {got:?} on its square, Popeye {:?}",
                (side, kind)
            ));
        }
    }
    out
}

/// Every move and every reply from `pos`, `move reply` in coordinates,
/// sorted.
fn two_ply_lines(variant: &Variant, pos: &kaboom::Position) -> Vec<String> {
    let mut lines = Vec::new();
    for mv in variant.legal_moves(pos) {
        let first = kaboom::uci::write(variant, &mv);
        let mut after = pos.clone();
        after.make(variant, mv);
        for reply in variant.legal_moves(&after) {
            lines.push(format!("{first} {}", kaboom::uci::write(variant, &reply)));
        }
    }
    lines.sort();
    lines
}

/// FNV-1a (64 bits) of the sorted lines joined by newlines, as
/// `scripts/compare-popeye.py` writes it.
fn fnv_digest(lines: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in lines.join("\n").bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
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

/// A stored digest of 2-ply lines that kaboom's lines do not match is
/// reported with its position.
#[test]
fn a_changed_line_digest_is_reported() {
    let file = data_files()
        .into_iter()
        .find(|p| p.ends_with("take-and-make.txt"))
        .expect("take-and-make.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.find("\nlines ").expect("a lines row") + 1;
    let end = at + text[at..].find('\n').unwrap();
    let changed = format!("{}lines 1 0000000000000000{}", &text[..at], &text[end..]);
    let path = std::env::temp_dir().join(format!("kaboom-popeye-lines-{}.txt", std::process::id()));
    std::fs::write(&path, changed).unwrap();
    let (_, diffs) = differences(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(diffs[0].contains("2-ply lines"), "{}", diffs[0]);
}

/// Which of Popeye's bracketed annotations a row holds.
#[derive(Clone, Copy, Debug)]
enum Row {
    /// `placed`: pieces put on squares (`[+bSg8]`), kaboom's `Placed` events.
    Placed,
    /// `removed`: pieces removed besides the one captured (`[-wkRa3]`),
    /// kaboom's `Removed` events.
    Removed,
}

/// The pieces kaboom's placements put on squares (or its effects remove)
/// when it plays each of `moves` from `fen` (its `Placed` or `Removed`
/// events: a letter, upper case White's, and the square), against
/// Popeye's annotations: one line per move where they differ.
fn placement_differences(
    variant: &Variant,
    fen: &str,
    moves: &[String],
    popeye: &[(String, Vec<String>)],
    row: Row,
) -> Vec<String> {
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
            .filter_map(|e| match (row, *e) {
                (Row::Placed, kaboom::Event::Placed { piece, at, .. })
                | (Row::Removed, kaboom::Event::Removed { piece, at }) => {
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
            out.push(format!(
                "{fen}: {text} ({row:?}) {ours:?} in kaboom, {theirs:?} in Popeye"
            ));
        }
    }
    out
}

/// Where a file records placements, a changed one is reported.
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

/// Where a file records removals (a kamikaze capturer's), a changed one
/// is reported.
#[test]
fn a_changed_removal_is_reported() {
    let file = data_files()
        .into_iter()
        .find(|p| p.ends_with("kamikaze.txt"))
        .expect("kamikaze.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.find("\nremoved ").expect("a removed row") + 1;
    let at = at + text[at..].find(':').expect("a removal");
    let mut changed = text.clone();
    changed.replace_range(at + 1..at + 2, "K");
    let path = std::env::temp_dir().join(format!("kaboom-popeye-removed-{}.txt", std::process::id()));
    std::fs::write(&path, changed).unwrap();
    let (_, diffs) = differences(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(diffs[0].contains("(Removed)"), "{}", diffs[0]);
}
