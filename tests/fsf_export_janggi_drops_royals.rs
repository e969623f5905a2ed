//! `kaboom export-fsf` of the janggi family's bikjang and weighed draws
//! (`bikjangRule`, `materialCounting = janggi`, the king of the wazir
//! type), castling gained by drops (`castlingDroppedPiece`) and royal
//! custom pieces (`customPieceN` with `king = -`): the options written for
//! the imported sections, and the clean refusals of rules that only look
//! alike. The round trips themselves are pinned by
//! `tests/fsf_export_round_trip.rs`; Fairy-Stockfish's perft on these
//! sections equals the originals' (docs/interop.md, Round trip).

use kaboom::interop::{export, import};

#[path = "common/scratch.rs"]
#[allow(dead_code)]
mod scratch;

/// The section `name` of Fairy-Stockfish's fixture, or the built-in
/// `name` (`[name:name]`), as imported.
fn imported(name: &str, builtin: bool) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = if builtin {
        format!("[{name}:{name}]\n")
    } else {
        std::fs::read_to_string(root.join("tests/fixtures/fsf/variants.ini")).unwrap()
    };
    let all = import(&text).expect("the ini parses");
    let i = all.into_iter().find(|i| i.name == name).expect("the section is there");
    i.result.unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// The export of the kaboom file `ron`, or the reasons it is refused.
fn export_of(dir: &scratch::Scratch, name: &str, ron: &str) -> Result<String, Vec<String>> {
    let path = dir.write(&format!("{name}.ron"), ron);
    export(&path, name)
}

#[test]
fn the_janggi_family_writes_bikjang_and_weighed_draws() {
    let dir = scratch::Scratch::new("fsf-export-janggi");
    for (name, builtin, present, absent) in [
        (
            "janggi",
            true,
            &[
                "bikjangRule = true",
                "materialCounting = janggi",
                "perpetualCheckIllegal = true",
            ][..],
            &[][..],
        ),
        (
            "janggitraditional",
            true,
            &["bikjangRule = true"][..],
            &["materialCounting = janggi"][..],
        ),
        (
            "janggimodern",
            true,
            &[
                "materialCounting = janggi",
                "nMoveRule = 100",
                "nFoldRule = 4",
                "moveRepetitionIllegal = true",
            ][..],
            &["bikjangRule = true"][..],
        ),
        (
            "janggihouse",
            false,
            &["bikjangRule = true", "materialCounting = janggi", "pieceDrops = true"][..],
            &[][..],
        ),
    ] {
        let ini = export_of(&dir, name, &imported(name, builtin)).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        // The king is Fairy-Stockfish's wazir type, inherited: its
        // diagonal steps in the palace come with it.
        assert!(ini.starts_with(&format!("[{name}:minixiangqi]\n")), "{name}\n{ini}");
        assert!(!ini.lines().any(|l| l.starts_with("king =")), "{name}\n{ini}");
        for line in present {
            assert!(ini.lines().any(|l| l == *line), "{name}: `{line}` missing\n{ini}");
        }
        for line in absent {
            assert!(!ini.lines().any(|l| l == *line), "{name}: `{line}` written\n{ini}");
        }
    }
}

#[test]
fn rules_that_only_look_like_janggis_are_refused() {
    let dir = scratch::Scratch::new("fsf-export-janggi-refused");
    let janggi = imported("janggi", true);
    let refused = |name: &str, ron: String, why: &str| {
        assert_ne!(ron, janggi, "{name}: the change applies");
        let reasons = export_of(&dir, name, &ron).expect_err(name);
        assert!(reasons.iter().any(|r| r.contains(why)), "{name}: {reasons:?}");
    };
    // A rook weighed 12 points, not Fairy-Stockfish's 13.
    refused("rookvalue", janggi.replace("value: 1300", "value: 1200"), "value 1200");
    // White needs a lead of 3 points after the move rule.
    refused(
        "lead",
        janggi.replace(
            "\"50 moves if material(white) > material(black) + 100: white wins\"",
            "\"50 moves if material(white) > material(black) + 200: white wins\"",
        ),
        "has no Fairy-Stockfish option",
    );
    // One draw left unweighed beside the weighed ones.
    refused(
        "unweighed",
        janggi.replace(
            "\"50 moves if material(white) > material(black) + 100: white wins\",\n        \"50 moves: black wins\"",
            "\"50 moves: draw\"",
        ),
        "beside draws that are not weighed",
    );
    // The bikjang clauses without the pass that answers them.
    refused(
        "nobikjangend",
        janggi
            .replace("\"passes >= 1 and exists(first(own royal, R) & enemy royal) and material(white) > material(black) + 100: white wins\",\n", "")
            .replace("\"passes >= 1 and exists(first(own royal, R) & enemy royal): black wins\",\n", ""),
        "without the end rule",
    );
    // The kings facing along files only: no option.
    refused(
        "files",
        janggi.replace("first(own royal, R)", "first(own royal, vR)"),
        "Fairy-Stockfish",
    );
}

#[test]
fn castling_gained_by_drops_writes_castling_dropped_piece() {
    let dir = scratch::Scratch::new("fsf-export-dropped-castling");
    for (name, builtin) in [("placement", true), ("screen", false)] {
        let ini = export_of(&dir, name, &imported(name, builtin)).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for line in [
            "castlingDroppedPiece = true",
            "castlingKingFile = e",
            "castlingRank = 1",
            "castlingKingPiece = k",
            "castlingRookPieces = r",
        ] {
            assert!(ini.lines().any(|l| l == line), "{name}: `{line}` missing\n{ini}");
        }
    }
    // A rook dropped off the corner gains no right in Fairy-Stockfish.
    let moved = imported("placement", true).replace("rook: \"h1\"", "rook: \"g1\"");
    let reasons = export_of(&dir, "moved", &moved).expect_err("refused");
    assert!(reasons.iter().any(|r| r.contains("corners")), "{reasons:?}");
}

#[test]
fn royal_custom_pieces_keep_their_number_and_extinction_options() {
    let dir = scratch::Scratch::new("fsf-export-royal-custom");
    for (name, lines) in [
        (
            "stardust",
            &[
                "king = -",
                "customPiece3 = r:mWmFmnDmnAcW",
                "extinctionPseudoRoyal = true",
                "extinctionPieceTypes = rp",
                "extinctionPieceCount = 0",
            ][..],
        ),
        (
            "mandala",
            &[
                "king = -",
                "customPiece5 = j:FWGH",
                "extinctionPseudoRoyal = true",
                "extinctionPieceTypes = j",
                "extinctionPieceCount = 1",
            ][..],
        ),
    ] {
        let ini = export_of(&dir, name, &imported(name, false)).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for line in lines {
            assert!(ini.lines().any(|l| l == *line), "{name}: `{line}` missing\n{ini}");
        }
    }
    // The royal custom piece's mobility region keeps its number.
    let ini = export_of(&dir, "stardust", &imported("stardust", false)).unwrap();
    assert!(ini.contains("\nmobilityRegionWhiteCustomPiece3 = "), "{ini}");
}
