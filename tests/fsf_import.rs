//! Fairy-Stockfish's own `variants.ini` (tests/fixtures/fsf/) converted by
//! `kaboom import`: the outcome of every section is pinned in
//! `tests/fixtures/fsf/outcomes.txt` (converted, or refused and the gaps
//! why), and every converted variant that has Fairy-Stockfish's perft
//! counts in `tests/perft/fsf-import/NAME.perft` (written by
//! `scripts/compare-fsf-ini.py --write-expected`) must match them to the node.
//! `KABOOM_BLESS=1` rewrites outcomes.txt.

use kaboom::interop::{Imported, import};
use kaboom::{Perft, Variant};
use std::collections::BTreeSet;
use std::path::Path;

#[allow(dead_code)]
#[path = "common/perft_data.rs"]
mod perft_data;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn imported() -> Vec<Imported> {
    let text = std::fs::read_to_string(root().join("tests/fixtures/fsf/variants.ini")).unwrap();
    import(&text).expect("the fixture parses")
}

fn outcome_line(i: &Imported) -> String {
    match &i.result {
        Ok(_) => format!("{}: converted", i.name),
        Err(refusals) => {
            let gaps: BTreeSet<&str> = refusals.iter().map(|r| r.gap.as_str()).collect();
            format!(
                "{}: refused: {}",
                i.name,
                gaps.into_iter().collect::<Vec<_>>().join("; ")
            )
        }
    }
}

#[test]
fn every_section_has_its_pinned_outcome() {
    let all = imported();
    let mut text = String::from("# kaboom import of tests/fixtures/fsf/variants.ini: one line per section.\n");
    let converted = all.iter().filter(|i| i.result.is_ok()).count();
    text.push_str(&format!(
        "# sections: {}, converted: {converted}, refused: {}\n",
        all.len(),
        all.len() - converted
    ));
    for i in &all {
        text.push_str(&outcome_line(i));
        text.push('\n');
    }
    let path = root().join("tests/fixtures/fsf/outcomes.txt");
    if std::env::var("KABOOM_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    similar_asserts(&expected, &text);
}

fn similar_asserts(expected: &str, got: &str) {
    if expected != got {
        let diff = similar::TextDiff::from_lines(expected, got);
        panic!("outcomes changed (KABOOM_BLESS=1 to accept):\n{}", diff.unified_diff());
    }
}

/// The importer writes its files in the canonical form of `kaboom fmt`
/// (the one writer of variant files, its comment naming the source kept
/// on top): formatting an imported file changes nothing.
#[test]
fn imported_files_are_canonical() {
    for i in imported().iter().chain(&builtins_imported()) {
        if let Ok(ron) = &i.result {
            assert!(ron.starts_with("// Converted by `kaboom import` from "), "{}", i.name);
            let canonical = kaboom::format::canonical(&i.name, ron).unwrap_or_else(|e| panic!("{}: {e:?}", i.name));
            assert_eq!(&canonical, ron, "{}", i.name);
        }
    }
}

#[test]
fn every_refusal_names_an_option_or_the_section() {
    for i in imported() {
        if let Err(refusals) = &i.result {
            assert!(!refusals.is_empty(), "{}", i.name);
            for r in refusals {
                assert!(!r.reason.is_empty() && !r.gap.is_empty(), "{}: {r:?}", i.name);
            }
        }
    }
}

#[test]
fn converted_variants_match_fairy_stockfish_perft() {
    check_perft_data(&imported(), "tests/perft/fsf-import");
}

/// Fairy-Stockfish's piece promotion rules (`mandatoryPiecePromotion`,
/// `piecePromotionOnCapture`, `pieceDemotion`), which no section of its
/// own file that kaboom converts combines, on a small board with pieces
/// in and near the zone (tests/fixtures/fsf/piece-promotion.ini): every
/// section converts, and its counts are Fairy-Stockfish's.
#[test]
fn piece_promotion_rules_match_fairy_stockfish_perft() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/fsf/piece-promotion.ini")).unwrap();
    let all = import(&text).unwrap();
    for i in &all {
        assert!(i.result.is_ok(), "{}: {:?}", i.name, i.result);
    }
    let ron = all
        .iter()
        .find(|i| i.name == "ppdemotioncapture")
        .unwrap()
        .result
        .as_ref()
        .unwrap();
    assert!(
        ron.contains(
            r#"(pieces: "A", ranks: [6, 7, 8], choices: "N", mandatory: true, from_zone: true, on_capture: true)"#
        ),
        "the promoted knight's demotion rule:\n{ron}"
    );
    check_perft_data(&all, "tests/perft/fsf-piece-promotion");
}

/// Fairy-Stockfish's connection goals (`connectN`, `connectNxN`,
/// `collinearN`) with their directions, piece types and results, on small
/// boards (tests/fixtures/fsf/connection.ini): every section converts to
/// the end rules that say the same, and its counts are Fairy-Stockfish's.
#[test]
fn connection_goals_match_fairy_stockfish_perft() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/fsf/connection.ini")).unwrap();
    let all = import(&text).unwrap();
    let ron = |name: &str| -> String {
        let i = all.iter().find(|i| i.name == name).unwrap();
        i.result.clone().unwrap_or_else(|e| panic!("{name}: {e:?}"))
    };
    for (name, rule) in [
        ("blocks", r#""in_block(enemy, 2): loss""#),
        (
            "blocks3",
            r#""in_row(enemy P, 4, K): loss",
        "in_block(enemy P, 3): loss""#,
        ),
        ("rowsh", r#""in_row(enemy, 3, sW): loss""#),
        ("rowsvd", r#""in_row(enemy, 3, vWF): loss""#),
        ("rowsd", r#""in_row(enemy, 3, F): win""#),
        ("lined", r#""collinear(enemy Q, 3, F): draw""#),
        ("linehv", r#""collinear(enemy, 4, W): loss""#),
        ("single", r#""exists(enemy Q): loss""#),
    ] {
        assert!(ron(name).contains(rule), "{name}: {rule}\n{}", ron(name));
    }
    check_perft_data(&all, "tests/perft/fsf-connection");
}

/// The counts of the `.perft` files of `dir` (one per converted section,
/// Fairy-Stockfish's) against kaboom on the section `all` converted.
///
/// In CI, [`perft_data::TEST_BUDGET`] nodes in all, the cheapest counts
/// first ([`perft_data::plan`]): every position at its shallow depths. The
/// deep counts (the built-ins' files hold 4.8 billion nodes) are counted by
/// `KABOOM_PERFT_FULL=1` (`scripts/perft-full.sh`), and the files are
/// written by `scripts/compare-fsf-ini.py --write-expected DIR`.
fn check_perft_data(all: &[Imported], dir: &str) {
    let dir = root().join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(!files.is_empty(), "no perft data in {}", dir.display());
    let (mut variants, mut cases) = (Vec::new(), Vec::new());
    let mut failures = Vec::new();
    for file in files {
        let name = file.file_stem().unwrap().to_str().unwrap().to_string();
        let ron = match all.iter().find(|i| i.name == name).map(|i| &i.result) {
            Some(Ok(ron)) => ron.clone(),
            other => {
                failures.push(format!("{name}: not converted: {other:?}"));
                continue;
            }
        };
        let variant = Variant::from_text(&format!("{name}.ron"), &ron).unwrap();
        let read = perft_data::read(&file);
        assert!(!read.is_empty(), "{}: no positions", file.display());
        for case in read {
            let pos =
                kaboom::fen::parse(&variant, &case.fen).unwrap_or_else(|e| panic!("{}: {}: {e}", case.id, case.fen));
            cases.push((case, variants.len(), pos));
        }
        variants.push(variant);
    }
    let data: Vec<perft_data::Case> = cases.iter().map(|c| c.0.clone()).collect();
    let plan = perft_data::plan(&data, perft_data::TEST_BUDGET);
    let mut perft = Perft::new();
    for (i, (case, v, pos)) in cases.iter().enumerate() {
        for (d, n) in plan.of(i) {
            let got = perft.count(&variants[*v], pos, d);
            if got != n {
                failures.push(format!("{} depth {d}: expected {n}, got {got} ({})", case.id, case.fen));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Options the fixture's converted sections never set to other values:
/// a soldier that steps sideways only from its `soldierPromotionRank`
/// (`moves_in`), the flying general (on files and ranks), and checks to give that differ per
/// side (refused). The counts are Fairy-Stockfish's (built from source,
/// the fixture's commit) for the same section.
#[test]
fn soldiers_flying_generals_and_uneven_checks() {
    let ini = "[soldiers:chess]\nsoldier = s\nsoldierPromotionRank = 5\nflyingGeneral = true\n\
               startFen = rnbqkbnr/ssssssss/8/8/8/8/SSSSSSSS/RNBQKBNR w KQkq - 0 1\n";
    let imported = import(ini).unwrap();
    let ron = imported[0].result.as_ref().unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        ron.contains(r#"moves: "fW", moves_in: [(squares: "ranks(5..8)", moves: "fsW")]"#),
        "{ron}"
    );
    assert!(
        ron.contains(r#""not exists(first(own royal, R) & enemy royal)""#),
        "{ron}"
    );
    let variant = Variant::from_text("soldiers.ron", ron).unwrap();
    let mut perft = Perft::new();
    for (fen, depth, nodes) in [
        ("rnbqkbnr/ssssssss/8/8/8/8/SSSSSSSS/RNBQKBNR w KQkq - 0 1", 3, 2124),
        // Castling would cross f1, on the open file of the black king.
        (
            "r1bq2n1/2sss2r/ss2k1s1/5s1s/Sn2NS2/RS2S2S/1bSSB1S1/1NBQK2R w K - 28 15",
            3,
            30693,
        ),
        // The kings may not face each other on an open rank either.
        ("8/8/8/8/1k6/4K3/8/8 w - - 0 1", 3, 208),
        ("8/8/8/8/1k2S3/4K3/8/8 w - - 0 1", 3, 329),
    ] {
        let pos = kaboom::fen::parse(&variant, fen).unwrap();
        assert_eq!(perft.count(&variant, &pos, depth), nodes, "{fen}");
    }
    let uneven = import("[rooks:3check]\nstartFen = 4k3/8/8/8/8/8/8/R3K2R w KQ - 2+3 0 1\n").unwrap();
    let why = format!("{:?}", uneven[0].result);
    assert!(why.contains("different numbers of checks to give (`2+3`)"), "{why}");
}

/// Mobility regions become `within`: a king and a rook kept to their own
/// half, a knight to six squares. A rook promoted outside its region
/// still rides over other squares into it, as in Fairy-Stockfish. Counts
/// are Fairy-Stockfish's for the same section.
#[test]
fn mobility_regions_confine_pieces() {
    let ini = "[confined:chess]\nmobilityRegionWhiteKing = *1 *2 *3\nmobilityRegionBlackKing = *6 *7 *8\n\
               mobilityRegionWhiteRook = *1 *2 *3 *4\nmobilityRegionBlackRook = *5 *6 *7 *8\n\
               mobilityRegionWhiteKnight = a1 c1 e3 g5 b2 d4\nmobilityRegionBlackKnight = a8 c8 e6 g4 b7 d5\n";
    let imported = import(ini).unwrap();
    let ron = imported[0].result.as_ref().unwrap_or_else(|e| panic!("{e:?}"));
    assert!(ron.contains(r#"moves: "R", within: "ranks(1..4)""#), "{ron}");
    let variant = Variant::from_text("confined.ron", ron).unwrap();
    let mut perft = Perft::new();
    for (fen, nodes) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4754),
        // Black promotes to a rook on h1, outside its ranks 5-8.
        ("1nb1k3/3p3p/r2PpP2/PBp5/5b2/P1B5/5Pp1/RN1K2NR b - - 0 24", 15532),
    ] {
        let pos = kaboom::fen::parse(&variant, fen).unwrap();
        assert_eq!(perft.count(&variant, &pos, 3), nodes, "{fen}");
    }
    // Regions that are not mirror images: a region with each side's
    // squares, read for the piece's owner (Fairy-Stockfish's count).
    let uneven = import("[uneven:chess]\nmobilityRegionWhiteKing = *1 *2\nmobilityRegionBlackKing = *8\n").unwrap();
    let ron = uneven[0].result.as_ref().unwrap_or_else(|e| panic!("{e:?}"));
    assert!(ron.contains(r#"within: "mobility_king""#), "{ron}");
    let variant = Variant::from_text("uneven.ron", ron).unwrap();
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let pos = kaboom::fen::parse(&variant, fen).unwrap();
    assert_eq!(perft.count(&variant, &pos, 3), 23871, "{fen}");
}

/// A shogi written as a variants.ini section converts: each piece named by
/// `promotedPieceType` gets a promoted form (written `+P`), promotion on
/// moves into, out of or within the zone, compulsory where
/// `immobilityIllegal` would leave a piece stuck, drops kept off such
/// squares and off files with an own pawn (`dropNoDoubled`), and mate by a
/// pawn drop as an end rule. Its perft equals the bundled shogi's (whose
/// suite is Fairy-Stockfish's) on that suite's positions.
#[test]
fn promoted_forms_immobility_and_doubled_pawns_convert() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/fsf/promoted-forms.ini")).unwrap();
    let imported = import(&text).unwrap();
    let ron = imported[0].result.as_ref().unwrap_or_else(|r| panic!("{r:?}"));
    assert!(
        ron.contains("promoted_from: 'P'") && ron.contains("from_zone: true"),
        "{ron}"
    );
    assert!(
        ron.contains("mandatory_ranks: [8, 9]"),
        "the knight must promote on its last two ranks:\n{ron}"
    );
    assert!(
        ron.contains("- lines(own P, vR)") && ron.contains("checkmate if dropped(P): win"),
        "{ron}"
    );
    let converted = Variant::from_text("myshogi.ron", ron).unwrap_or_else(|e| panic!("{e}"));
    let bundled = Variant::load("shogi").unwrap();
    let fens = perft_data::fens("shogi.perft");
    assert!(fens.len() > 20);
    for fen in &fens {
        let a = kaboom::fen::parse(&converted, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let b = kaboom::fen::parse(&bundled, fen).unwrap();
        assert_eq!(
            Perft::new().count(&converted, &a, 2),
            Perft::new().count(&bundled, &b, 2),
            "{fen}"
        );
        assert_eq!(kaboom::fen::write(&converted, &a), *fen, "FENs are written alike");
    }
}

/// `wallingRule = duck` becomes a chosen block that moves the wall; a
/// section inheriting Fairy-Stockfish's built-in `duck` converts, with its
/// counts (Fairy-Stockfish's: tests/perft/duck.perft). The other walling
/// rules are refused.
#[test]
fn the_duck_walling_rule_is_a_chosen_block() {
    let imported = import("[myduck:duck]\n").unwrap();
    let ron = imported[0].result.as_ref().unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        ron.contains(r#"rules: ["after move: block(chosen empty, unblocking blocked)"]"#),
        "{ron}"
    );
    let variant = Variant::from_text("myduck.ron", ron).unwrap();
    let mut perft = Perft::new();
    let start = variant.start_position();
    assert_eq!(perft.count(&variant, &start, 2), 379_440);
    let pos = kaboom::fen::parse(&variant, "r3k2r/8/8/8/8/8/5r2/R3K*1R w KQkq - 0 1").unwrap();
    assert_eq!(perft.count(&variant, &pos, 2), 2_508_966);
    let edge = import("[edgy:chess]\nwallingRule = edge\n").unwrap();
    let why = format!("{:?}", edge[0].result);
    assert!(why.contains("wallingRule"), "{why}");
}

/// A pawn whose promotion zone holds the square it captures en passant
/// onto (shogun: ranks 6 to 8): Fairy-Stockfish never promotes a capture
/// en passant, so the rule says `en_passant: false`; a promotion limit on
/// the piece type promoted pieces become is the limit of that form. The
/// counts after 1. e4 (played out to e5) d5 are Fairy-Stockfish's.
#[test]
fn en_passant_does_not_promote_and_limits_count_promoted_forms() {
    let all = imported();
    let ron = all
        .iter()
        .find(|i| i.name == "shogun")
        .unwrap()
        .result
        .as_ref()
        .unwrap();
    assert!(ron.contains("from_zone: true, en_passant: false"), "{ron}");
    assert!(
        ron.contains("promoted_from: 'N'") && ron.contains("limits: {'C': 1}"),
        "{ron}"
    );
    let variant = Variant::from_text("shogun.ron", ron).unwrap();
    let fen = "rnb+fkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNB+FKBNR[] w KQkq d6 0 3";
    let pos = kaboom::fen::parse(&variant, fen).unwrap();
    let mut perft = Perft::new();
    assert_eq!(perft.count(&variant, &pos, 1), 33);
    assert_eq!(perft.count(&variant, &pos, 2), 884);
}

/// The sections of `data/fsf-builtins.ini` (kaboom's descriptions of
/// Fairy-Stockfish's built-in variants), each imported as a section of its
/// own name with no options (`[NAME:NAME]`), in file order.
fn builtins_imported() -> Vec<Imported> {
    let text = std::fs::read_to_string(root().join("data/fsf-builtins.ini")).unwrap();
    let mut ini = String::new();
    for line in text.lines() {
        if let Some(header) = line.strip_prefix('[') {
            let name = header.split([':', ']']).next().unwrap();
            ini.push_str(&format!("[{name}:{name}]\n"));
        }
    }
    import(&ini).expect("the built-in sections parse")
}

/// Every built-in variant described converts or is refused as pinned in
/// `tests/fixtures/fsf/builtin-outcomes.txt` (`KABOOM_BLESS=1` rewrites it).
#[test]
fn every_builtin_has_its_pinned_outcome() {
    let all = builtins_imported();
    let converted = all.iter().filter(|i| i.result.is_ok()).count();
    let mut text = String::from("# kaboom import of the built-in variants data/fsf-builtins.ini describes.\n");
    text.push_str(&format!(
        "# described: {}, converted: {converted}, refused: {}\n",
        all.len(),
        all.len() - converted
    ));
    for i in &all {
        text.push_str(&outcome_line(i));
        text.push('\n');
    }
    let path = root().join("tests/fixtures/fsf/builtin-outcomes.txt");
    if std::env::var("KABOOM_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    similar_asserts(&expected, &text);
}

/// The built-in variants described convert to Fairy-Stockfish's counts
/// (`scripts/compare-fsf-ini.py --builtins --write-expected
/// tests/perft/fsf-builtins`).
#[test]
fn converted_builtins_match_fairy_stockfish_perft() {
    check_perft_data(&builtins_imported(), "tests/perft/fsf-builtins");
}

/// Fairy-Stockfish's walling rules become one chosen block that every
/// move must make (`required`), or, with `wallOrMove`, a side's action
/// instead of a move: the arrow as the piece moves, per piece type when
/// there are several, the trail, a wall anywhere within the walling
/// region, on the edge or next to a wall.
#[test]
fn walling_rules_convert_to_required_chosen_blocks() {
    let builtins = builtins_imported();
    let sections = imported();
    let ron = |all: &[Imported], name: &str| {
        let i = all.iter().find(|i| i.name == name).unwrap();
        i.result.clone().unwrap_or_else(|e| panic!("{name}: {e:?}"))
    };
    for (all, name, expected) in [
        (
            &builtins,
            "amazons",
            r#""after move: block(chosen reach(mover, mQ), required)""#,
        ),
        (
            &builtins,
            "snailtrail",
            r#""after move: block(chosen origin & empty, required)""#,
        ),
        (
            &builtins,
            "isolation",
            r#""after move: block(chosen empty & walling, required)""#,
        ),
        (
            &sections,
            "cowboys",
            r#""after move: block(chosen reach(mover, mN), required)""#,
        ),
        (
            &sections,
            "atlantis",
            r#"(name: "wall", target: "empty & (files(a) + files(h) + white ranks(1) + white ranks(8) + manhattan(blocked, 1))", when: "not attacked(own royal)", effect: "block(target)")"#,
        ),
    ] {
        let text = ron(all, name);
        assert!(text.contains(expected), "{name}: {expected}\n{text}");
    }
    assert!(ron(&builtins, "isolation").contains(r#"(name: "walling", white: "#));
    // Several piece types: a term per type, the arrow flying as the moved
    // piece moves.
    let two =
        import("[two:amazons]\ncustomPiece2 = n:mN\nstartFen = 3q2q3/10/10/q8n/10/10/N8Q/10/10/3Q2Q3 w - - 0 1\n")
            .unwrap()
            .remove(0)
            .result
            .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        two.contains(r#""after move: block(chosen reach(mover & any Q, mQ) + reach(mover & any N, mN), required)""#),
        "{two}"
    );
    let v = Variant::from_text("two.ron", &two).unwrap_or_else(|e| panic!("{e}"));
    // a4's knight goes to b2 (arrows: a4, c4, d3; d1 holds a queen), c3
    // (a4, a2, b1, e2, e4, b5, d5), c5 (8) and b6 (a4, c4, a8, c8, d5, d7).
    let pos = kaboom::fen::parse(&v, "3q2q3/10/10/q8n/10/10/N8Q/10/10/3Q2Q3 w - - 0 1").unwrap();
    let knight = v
        .legal_moves(&pos)
        .iter()
        .map(|m| kaboom::uci::write(&v, m))
        .filter(|m| m.starts_with("a4"))
        .count();
    assert_eq!(knight, 3 + 7 + 8 + 6);
    // Walls beside a king are judged differently (check without the new
    // wall there): refused with the reason.
    let refused = import("[walled:chess]\nwallingRule = static\n").unwrap();
    let why = format!("{:?}", refused[0].result);
    assert!(why.contains("judges check on the board without the wall"), "{why}");
}
