//! The export round trip over every variant the importer converts (the
//! sections of Fairy-Stockfish's `variants.ini` fixture and the built-in
//! variants `data/fsf-builtins.ini` describes): import, `export-fsf`,
//! import again. The outcome of each is pinned in
//! `tests/fixtures/fsf/export-outcomes.txt` (`KABOOM_BLESS=1` rewrites it):
//! `same` when the two imported files are equal (in canonical form,
//! `kaboom::format::canonical`, less the lines that name the source
//! section), `differs` when the export is accepted but reads back to
//! another file, `refused` with the exporter's reasons otherwise. No
//! variant may differ; and the figure of round trips may only grow.
//!
//! Fairy-Stockfish's perft on the exported sections is compared by
//! `scripts/compare-fsf-ini.py --ini` on the sections this test writes
//! with `KABOOM_EXPORT_INI=FILE` (the figure is in docs/interop.md).

use kaboom::interop::{Imported, export, import};
use std::path::Path;

#[path = "common/scratch.rs"]
#[allow(dead_code)]
mod scratch;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The fixture's sections, then the built-ins (`[NAME:NAME]`), imported.
fn all_imported() -> Vec<Imported> {
    let text = std::fs::read_to_string(root().join("tests/fixtures/fsf/variants.ini")).unwrap();
    let mut all = import(&text).expect("the fixture parses");
    let builtins = std::fs::read_to_string(root().join("data/fsf-builtins.ini")).unwrap();
    let mut ini = String::new();
    for line in builtins.lines() {
        if let Some(header) = line.strip_prefix('[') {
            let name = header.split([':', ']']).next().unwrap();
            ini.push_str(&format!("[{name}:{name}]\n"));
        }
    }
    all.extend(import(&ini).expect("the built-in sections parse"));
    all
}

/// The canonical form of an imported file, less what names its source
/// (the comment, `name` and `description` lines).
fn comparable(name: &str, ron: &str) -> String {
    let text = kaboom::format::canonical(name, ron).unwrap_or_else(|e| panic!("{name}: {e}"));
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with("//") || t.starts_with("name:") || t.starts_with("description:"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the round trip of one imported variant gives; with the section
/// exported when it was accepted.
fn round_trip(dir: &scratch::Scratch, i: &Imported, ron: &str) -> (String, Option<String>) {
    let section = i.name.replace(|c: char| !c.is_ascii_alphanumeric(), "");
    let path = dir.write(&format!("{section}.ron"), ron);
    let ini = match export(&path, &section) {
        Ok(ini) => ini,
        Err(why) => return (format!("{}: refused: {}", i.name, why.join("; ")), None),
    };
    let again = import(&ini).expect("an exported section parses");
    let outcome = match again.first().map(|a| &a.result) {
        Some(Ok(back)) if comparable(&i.name, back) == comparable(&i.name, ron) => "same".to_string(),
        Some(Ok(back)) => {
            let diff =
                similar::TextDiff::from_lines(comparable(&i.name, ron).as_str(), comparable(&i.name, back).as_str())
                    .unified_diff()
                    .to_string();
            eprintln!("{}: differs\n{diff}", i.name);
            "differs".to_string()
        }
        other => format!("does not read back: {other:?}"),
    };
    (format!("{}: {outcome}", i.name), Some(ini))
}

#[test]
fn every_imported_variant_round_trips_or_is_refused_as_pinned() {
    let dir = scratch::Scratch::new("fsf-export-round-trip");
    let all = all_imported();
    let (mut lines, mut sections) = (Vec::new(), String::new());
    let mut same = 0;
    for i in &all {
        let Ok(ron) = &i.result else { continue };
        let (line, ini) = round_trip(&dir, i, ron);
        if line.ends_with(": same") {
            same += 1;
            sections.push_str(&ini.unwrap_or_default());
            sections.push('\n');
        }
        lines.push(line);
    }
    let mut text = String::from(
        "# kaboom export-fsf round trip (import, export, import) of every variant kaboom import converts:\n\
         # the sections of tests/fixtures/fsf/variants.ini, then the built-ins of data/fsf-builtins.ini.\n",
    );
    text.push_str(&format!(
        "# converted: {}, same after the round trip: {same}\n",
        lines.len()
    ));
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    if let Ok(path) = std::env::var("KABOOM_EXPORT_INI") {
        std::fs::write(path, &sections).unwrap();
    }
    let path = root().join("tests/fixtures/fsf/export-outcomes.txt");
    if std::env::var("KABOOM_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != text {
        let diff = similar::TextDiff::from_lines(&expected, &text);
        panic!(
            "export outcomes changed (KABOOM_BLESS=1 to accept):\n{}",
            diff.unified_diff()
        );
    }
    assert!(
        lines
            .iter()
            .all(|l| !l.ends_with(": differs") && !l.contains(": does not read back")),
        "an accepted export must read back to the same file"
    );
}

/// The constructs of the Othello and Ataxx families, flags, connection
/// goals and counted ends are written as Fairy-Stockfish's options (their
/// round trips are pinned above; Fairy-Stockfish's perft on these sections
/// equals kaboom's, `scripts/compare-fsf-ini.py --ini`).
#[test]
fn othello_flags_connections_and_counting_write_their_options() {
    let dir = scratch::Scratch::new("fsf-export-options");
    let all = all_imported();
    let export_of = |name: &str| {
        let i = all.iter().find(|i| i.name == name).unwrap();
        let path = dir.write(&format!("{name}.ron"), i.result.as_ref().unwrap());
        export(&path, name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
    };
    for (name, lines) in [
        (
            "flipello",
            &[
                "flipEnclosedPieces = reversi",
                "enclosingDrop = reversi",
                "enclosingDropStart = d4 e4 d5 e5",
                "passOnStalemate = true",
                "materialCounting = unweighted",
                "adjudicateFullBoard = true",
            ][..],
        ),
        (
            "ataxx",
            &[
                "flipEnclosedPieces = ataxx",
                "enclosingDrop = ataxx",
                "stalematePieceCount = true",
            ][..],
        ),
        (
            "kingofthehill",
            &[
                "flagPiece = k",
                "flagRegionWhite = d4 e4 d5 e5",
                "flagRegionBlack = d4 e4 d5 e5",
            ][..],
        ),
        (
            "3check",
            &[
                "checkCounting = true",
                "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            ][..],
        ),
        (
            "crazyhouse",
            &[
                "pieceDrops = true",
                "firstRankPawnDrops = false",
                "promotionZonePawnDrops = false",
            ][..],
        ),
        ("tictactoe", &["connectN = 3", "connectValue = win"][..]),
    ] {
        let ini = export_of(name);
        for line in lines {
            assert!(ini.lines().any(|l| l == *line), "{name}: `{line}` missing\n{ini}");
        }
    }
}

/// Promotion on squares and on some ranks only, draw odds, the count of
/// moves, chess960 castling, extinction against the opponent's count,
/// cambodian moves and the pawn's drops barred where it could never move
/// again are written as Fairy-Stockfish's options (their round
/// trips are pinned above; Fairy-Stockfish's perft on these sections
/// equals kaboom's, `scripts/compare-fsf-ini.py --ini`).
#[test]
fn promotion_odds_counting_chess960_extinction_and_rights_write_their_options() {
    let dir = scratch::Scratch::new("fsf-export-options-2");
    let all = all_imported();
    let export_of = |name: &str| {
        let i = all.iter().find(|i| i.name == name).unwrap();
        let section = name.replace(|c: char| !c.is_ascii_alphanumeric(), "");
        let path = dir.write(&format!("{section}.ron"), i.result.as_ref().unwrap());
        export(&path, &section).unwrap_or_else(|e| panic!("{name}: {e:?}"))
    };
    for (name, lines) in [
        (
            "grand",
            &[
                "promotionRegionWhite = *8 *9 *10",
                "mandatoryPawnPromotion = false",
                "immobilityIllegal = true",
            ][..],
        ),
        (
            "legan",
            &[
                "promotionRegionWhite = a5 a6 a7 a8 b8 c8 d8",
                "promotionRegionBlack = e1 f1 g1 h1 h2 h3 h4",
            ][..],
        ),
        (
            "armageddon",
            &["materialCounting = blackdrawodds", "stalemateValue = draw"][..],
        ),
        ("makruk", &["countingRule = makruk"][..]),
        ("asean", &["countingRule = asean"][..]),
        (
            "fischerandom",
            &[
                "chess960 = true",
                "castlingKingsideFile = g",
                "castlingQueensideFile = c",
                "castlingRookPieces = r",
            ][..],
        ),
        (
            "shatranj",
            &[
                "extinctionPieceCount = 1",
                "extinctionOpponentPieceCount = 2",
                "extinctionClaim = true",
            ][..],
        ),
        (
            "cambodian",
            &["gating = true", "cambodianMoves = true", "countingRule = cambodian"][..],
        ),
        (
            "makhouse",
            &[
                "firstRankPawnDrops = true",
                "promotionZonePawnDrops = true",
                "immobilityIllegal = true",
            ][..],
        ),
    ] {
        let ini = export_of(name);
        for line in lines {
            assert!(ini.lines().any(|l| l == *line), "{name}: `{line}` missing\n{ini}");
        }
    }
}

/// Imports the one section of `ini` and exports it, after `edit` on the
/// imported file.
fn export_section(dir: &scratch::Scratch, ini: &str, edit: impl Fn(&str) -> String) -> Result<String, Vec<String>> {
    let imported = import(ini).expect("the section parses");
    let i = &imported[0];
    let ron = edit(i.result.as_ref().expect("the section converts"));
    let path = dir.write(&format!("{}.ron", i.name), &ron);
    export(&path, &i.name)
}

/// Mate by a drop of the `shogiPawn` (`checkmate if dropped(S): win`
/// before checkmate) is written as `shogiPawnDropMateIllegal`; the same
/// rule for another piece is refused by name. (Fairy-Stockfish's perft
/// on this section equals kaboom's, `scripts/compare-fsf-ini.py --ini`.)
#[test]
fn mate_by_a_dropped_shogi_pawn_writes_its_option() {
    let dir = scratch::Scratch::new("fsf-export-pawn-drop-mate");
    let ini = "[pdm:chess]\npieceDrops = true\ncapturesToHand = true\npawn = -\nshogiPawn = s\n\
               promotionPawnTypes = -\nshogiPawnDropMateIllegal = true\n\
               startFen = rnbqkbnr/ssssssss/8/8/8/8/SSSSSSSS/RNBQKBNR[] w KQkq - 0 1\n";
    let out = export_section(&dir, ini, |r| r.to_string()).unwrap();
    assert!(out.lines().any(|l| l == "shogiPawnDropMateIllegal = true"), "{out}");
    let other = export_section(&dir, ini, |r| r.replace("dropped(S)", "dropped(N)")).unwrap_err();
    assert!(
        other.contains(&"end rule `checkmate if dropped(N): win` has no Fairy-Stockfish option".to_string()),
        "{other:?}"
    );
}

/// A pawn for one side only (`pawn_for`) is written as
/// `nMoveRuleTypesWhite/Black`, initial moves on a region with each
/// side's squares (`initial_squares`) as `doubleStepRegionWhite/Black`;
/// both round-trip, and initial moves on ranks beside them are refused.
/// (Fairy-Stockfish's perft on these sections equals kaboom's,
/// `scripts/compare-fsf-ini.py --ini`.)
#[test]
fn sided_pawns_and_initial_squares_write_their_options() {
    let dir = scratch::Scratch::new("fsf-export-sided-pawns");
    let sided = "[pf:chess]\ncustomPiece1 = s:mfhNcfW\nnMoveRuleTypesBlack = s\n\
                 startFen = rnbqkbnr/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let region = "[ds:chess]\ndoubleStepRegionWhite = *2 b3 c3\ndoubleStepRegionBlack = *7 b6 c6\n\
                  startFen = rnbqkbnr/pppppppp/1pp5/8/8/1PP5/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    for (ini, lines) in [
        (sided, &["nMoveRuleTypesWhite = p", "nMoveRuleTypesBlack = s"][..]),
        (
            region,
            &["doubleStepRegionWhite = *2 b3 c3", "doubleStepRegionBlack = b6 c6 *7"][..],
        ),
    ] {
        let out = export_section(&dir, ini, |r| r.to_string()).unwrap();
        for line in lines {
            assert!(out.lines().any(|l| l == *line), "`{line}` missing\n{out}");
        }
    }
    let both = export_section(&dir, region, |r| {
        r.replace("moves: \"N\")", "moves: \"NifmnD\", initial_ranks: [1])")
    })
    .unwrap_err();
    assert!(both[0].starts_with("initial moves on ranks beside"), "{both:?}");
}

/// `4 shuttles: win` as the importer writes it is written as
/// `moveRepetitionIllegal`; another count, or kinds other than those the
/// importer finds, are refused. (Fairy-Stockfish's perft on this section
/// equals kaboom's, `scripts/compare-fsf-ini.py --ini`.)
#[test]
fn shuttles_write_move_repetition_illegal() {
    let dir = scratch::Scratch::new("fsf-export-shuttles");
    let ini = "[mr:chess]\nmoveRepetitionIllegal = true\n";
    let out = export_section(&dir, ini, |r| r.to_string()).unwrap();
    assert!(out.lines().any(|l| l == "moveRepetitionIllegal = true"), "{out}");
    let three = export_section(&dir, ini, |r| r.replace("4 shuttles: win", "3 shuttles: win")).unwrap_err();
    assert!(
        three[0].contains("`3 shuttles: win` has no Fairy-Stockfish option"),
        "{three:?}"
    );
    let by = export_section(&dir, ini, |r| r.replace("4 shuttles: win", "4 shuttles by N: win")).unwrap_err();
    assert!(by[0].starts_with("end rules read back as"), "{by:?}");
}

/// Promoted forms (`promotedPieceType`, a custom type per movement),
/// their compulsion, demotion and its clock, pawn rules per side, a
/// pawn's own form among its choices, and several royal types (pseudo-
/// royal extinction types beside the king) are written as
/// Fairy-Stockfish's options (their round trips are pinned above;
/// Fairy-Stockfish's perft on these sections equals kaboom's,
/// `scripts/compare-fsf-ini.py --ini`).
#[test]
fn promoted_forms_promotion_rules_and_royal_types_write_their_options() {
    let dir = scratch::Scratch::new("fsf-export-forms");
    let all = all_imported();
    let export_of = |name: &str| {
        let i = all.iter().find(|i| i.name == name).unwrap();
        let path = dir.write(&format!("{name}.ron"), i.result.as_ref().unwrap());
        export(&path, name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
    };
    for (name, lines) in [
        (
            "gethenian",
            &[
                "king = -",
                "customPiece1 = k:K",
                "customPiece2 = a:mW",
                "promotedPieceType = k:a b:c i:c n:e m:f",
                "mandatoryPiecePromotion = true",
                "pieceDemotion = true",
                "extinctionPieceTypes = ka",
                "extinctionPseudoRoyal = true",
            ][..],
        ),
        (
            "wolf",
            &[
                "promotedPieceType = p:a",
                "promotionPieceTypes = brqfw",
                "mandatoryPawnPromotion = true",
            ][..],
        ),
        (
            "sortofalmost",
            &["promotionPieceTypesWhite = nbrc", "promotionPieceTypesBlack = nbrq"][..],
        ),
        (
            "coregal",
            &["king = k", "extinctionPieceTypes = q", "extinctionPieceCount = 64"][..],
        ),
        (
            "muje",
            &["promotedPieceType = p:a", "mandatoryPiecePromotion = true"][..],
        ),
    ] {
        let ini = export_of(name);
        for line in lines {
            assert!(ini.lines().any(|l| l == *line), "{name}: `{line}` missing\n{ini}");
        }
    }
}

/// End rules, effect rules and legality clauses the importer writes for
/// Fairy-Stockfish's flag, walling, petrification, pseudo-royal,
/// `castlingWins`, `shatarMateRule` and connection-region options are
/// written back as those options (their round trips are pinned above;
/// Fairy-Stockfish's perft on these sections equals kaboom's).
#[test]
fn flags_walls_petrification_and_pseudo_royal_pieces_write_their_options() {
    let dir = scratch::Scratch::new("fsf-export-ends");
    let all = all_imported();
    let export_of = |name: &str| {
        let i = all.iter().find(|i| i.name == name).unwrap();
        let path = dir.write(&format!("{name}.ron"), i.result.as_ref().unwrap());
        export(&path, name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
    };
    for (name, lines) in [
        ("racingkings", &["flagPiece = k", "flagMove = true"][..]),
        (
            "alapo",
            &["flagPieceSafe = true", "flagMove = true", "flagRegionBlack = *1"][..],
        ),
        (
            "kono",
            &[
                "flagPieceBlockedWin = true",
                "flagPieceCount = 7",
                // Square by square: Fairy-Stockfish's `*5` is the rank of its widest board.
                "flagRegionWhite = a4 e4 a5 b5 c5 d5 e5",
            ][..],
        ),
        ("castle", &["castlingWins = q"][..]),
        ("shatar", &["shatarMateRule = true", "checkmateValue = loss"][..]),
        (
            "gale",
            &[
                "connectRegion1White = a1 a2 a3 a4 a5 a6 a7 a8 a9",
                "connectRegion2Black = *9",
                "connectDiagonal = false",
            ][..],
        ),
        ("amazons", &["wallingRule = arrow"][..]),
        ("snailtrail", &["wallingRule = past"][..]),
        (
            "isolation",
            &[
                "wallingRule = static",
                "wallingRegionWhite = a1 b1 d1 e1 f1 *2 *3 *4 *5 *6 *7 a8 b8 c8 e8 f8",
            ][..],
        ),
        ("atlantis", &["wallingRule = edge", "wallOrMove = true"][..]),
        (
            "nuclear",
            &["petrifyOnCaptureTypes = nbrqp", "blastOnCapture = true"][..],
        ),
        (
            "maharajah2",
            &[
                "extinctionPseudoRoyal = true",
                "extinctionPieceTypes = m",
                "extinctionPieceCount = 0",
            ][..],
        ),
        (
            "twokings2",
            &["king = -", "extinctionPieceTypes = k", "extinctionPieceCount = 1"][..],
        ),
        ("empire", &["castlingRookPieces = r"][..]),
    ] {
        let ini = export_of(name);
        for line in lines {
            assert!(ini.lines().any(|l| l == *line), "{name}: `{line}` missing\n{ini}");
        }
    }
}
