//! `kaboom export-fsf` round trip: every bundled variant either exports, and
//! then reads back through `kaboom import` with the same perft counts to
//! depth 3, or is refused with reasons; a variant converted from
//! Fairy-Stockfish's file exports and reads back the same.

use kaboom::interop::export;
use kaboom::interop::import;
use kaboom::{Perft, Variant};

fn round_trip(name_or_path: &str, section: &str) -> Result<(), Vec<String>> {
    let ini = export(name_or_path, section)?;
    let back = import(&ini).expect("the exported section parses");
    let ron = back[0].result.as_ref().expect("the exported section converts");
    let again = Variant::from_text("back.ron", ron).unwrap();
    let original = Variant::load(name_or_path).unwrap();
    let mut perft = Perft::new();
    for depth in 1..=3 {
        assert_eq!(
            perft.count(&original, &original.start_position(), depth),
            perft.count(&again, &again.start_position(), depth),
            "{name_or_path} depth {depth}\n{ini}"
        );
    }
    Ok(())
}

#[test]
fn a_chess_like_variant_round_trips() {
    // Checked against Fairy-Stockfish once: its `go perft 4` on the exported
    // section gives the same count as kaboom on the original.
    round_trip("tests/fixtures/fsf/exportable.ron", "centaurcapa").unwrap();
}

/// Betza's `h` (halves, chiral halves) is written as is: Fairy-Stockfish
/// reads `hrN` and `fhN` as kaboom does. Checked against Fairy-Stockfish
/// (source build c19b5f6c): `go perft 3` on the exported section gives
/// 27437, kaboom's count on the original.
#[test]
fn half_and_chiral_templates_round_trip() {
    let path = "tests/fixtures/fsf/exportable-half.ron";
    let ini = export(path, "half").unwrap();
    assert!(ini.contains(":KhrN") && ini.contains(":fhNbW"), "{ini}");
    round_trip(path, "half").unwrap();
    let v = Variant::load(path).unwrap();
    assert_eq!(Perft::new().count(&v, &v.start_position(), 3), 27437);
}

#[test]
fn dead_position_rules_have_no_fairy_stockfish_option() {
    let why = export("chess", "chess").unwrap_err();
    assert!(why.iter().all(|w| w.starts_with("end rule `dead if")), "{why:?}");
}

#[test]
fn variants_with_effects_are_refused_with_reasons() {
    for name in [
        "atomic",
        "kaboom",
        "tilting-the-balance",
        "bouncing-pieces",
        "capatomic-random",
    ] {
        let why = export(name, name).unwrap_err();
        assert!(!why.is_empty(), "{name}");
    }
    let why = export("capatomic-random", "x").unwrap_err();
    assert!(why.iter().any(|w| w.contains("random setup")), "{why:?}");
    // The palace and the own half (`within`) are mobility regions, and the
    // soldier's other moves across the river `soldierPromotionRank`; the
    // generals that may not face each other on a file only have no option.
    let why = export("xiangqi", "x").unwrap_err();
    assert!(why.iter().all(|w| !w.contains("`within`")), "{why:?}");
    assert!(
        why.iter()
            .any(|w| w
                == "legality clause `not exists(first(own royal, vR) & enemy royal)` has no Fairy-Stockfish option"),
        "{why:?}"
    );
    assert!(
        why.iter().all(|w| !w.contains("other moves on some squares")),
        "{why:?}"
    );
}

#[test]
fn imported_variants_export_and_read_back() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fsf/variants.ini")).unwrap();
    let dir = std::env::temp_dir().join(format!("kaboom-fsf-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut exported = 0;
    for i in import(&text).unwrap() {
        let Ok(ron) = i.result else { continue };
        let path = dir.join(format!(
            "{}.ron",
            i.name.replace(|c: char| !c.is_ascii_alphanumeric(), "-")
        ));
        std::fs::write(&path, ron).unwrap();
        if round_trip(path.to_str().unwrap(), "back").is_ok() {
            exported += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(exported >= 20, "only {exported} imported variants export");
}

/// The chosen block that moves a wall is Fairy-Stockfish's `wallingRule =
/// duck`: duck chess exports (its non-royal king castles as
/// `castlingKingPiece`) and reads back with the same counts; any other
/// effect sentence is refused with the reason. (Checked against
/// Fairy-Stockfish once: the exported section's `go perft 2` gives 379,440,
/// and the positions of tests/perft/duck.perft tried give its counts.)
#[test]
fn the_duck_exports_as_its_walling_rule() {
    let ini = export("duck", "kduck").unwrap_or_else(|e| panic!("{e:?}"));
    for line in [
        "wallingRule = duck",
        "castlingKingPiece = k",
        "stalemateValue = win",
        "extinctionPieceTypes = k",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
    let back = import(&ini).unwrap();
    let again = Variant::from_text("back.ron", back[0].result.as_ref().unwrap()).unwrap();
    let original = Variant::load("duck").unwrap();
    let mut perft = Perft::new();
    assert_eq!(perft.count(&again, &again.start_position(), 2), 379_440);
    assert_eq!(perft.count(&original, &original.start_position(), 2), 379_440);
    let dir = std::env::temp_dir().join(format!("kaboom-fsf-export-walls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("walls.ron");
    std::fs::write(
        &path,
        r#"(extends: "duck", name: "Two walls", rules: ["after move: block(chosen empty)"])"#,
    )
    .unwrap();
    let why = export(path.to_str().unwrap(), "walls").unwrap_err();
    std::fs::remove_dir_all(&dir).ok();
    assert!(why.iter().any(|w| w.contains("wallingRule = duck")), "{why:?}");
}

#[test]
fn the_makpong_clause_exports_as_its_option_and_round_trips() {
    let path = "tests/fixtures/fsf/makpong-exportable.ron";
    let ini = export(path, "makpongchess").unwrap();
    assert!(ini.contains("makpongRule = true"), "{ini}");
    round_trip(path, "makpongchess").unwrap();
    // In check, the king may not step aside: the same count both ways.
    let back = import(&ini).unwrap();
    let again = Variant::from_text("back.ron", back[0].result.as_ref().unwrap()).unwrap();
    let pos = kaboom::fen::parse(&again, "4k3/8/8/8/8/8/3R4/r3K3 w - - 0 1").unwrap();
    assert_eq!(again.legal_moves(&pos).len(), 1);
}

#[test]
fn perpetual_check_exports_as_its_option_and_round_trips() {
    let path = "tests/fixtures/fsf/perpetual-exportable.ron";
    let ini = export(path, "perpetual").unwrap();
    assert!(ini.contains("perpetualCheckIllegal = true"), "{ini}");
    round_trip(path, "perpetual").unwrap();
    // The rule reads the plain rule's count: another count is refused.
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("3 repetitions by", "4 repetitions by");
    let other = std::env::temp_dir().join(format!("perpetual-{}.ron", std::process::id()));
    std::fs::write(&other, text).unwrap();
    let why = export(other.to_str().unwrap(), "perpetual").unwrap_err();
    std::fs::remove_file(&other).ok();
    assert!(why.iter().any(|w| w.contains("perpetual check rule")), "{why:?}");
}

/// Fairy-Stockfish's options the importer reads into clauses, rules or
/// piece properties, written back: each section exports with its option
/// and reads back with the same counts to depth 3. (Checked against
/// Fairy-Stockfish, source build c19b5f6c: `go perft 3` on each exported
/// section equals the original's (shogun 8978, backrank 8902,
/// shinobiplus 559114, petrified 10022, shoshogi 17368), and so do the
/// legal moves after every ply of five random games of 100 plies.)
#[test]
fn options_read_as_clauses_export_as_their_options() {
    let fixture =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fsf/variants.ini")).unwrap();
    let dir = std::env::temp_dir().join(format!("kaboom-fsf-export-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, bool, &[&str]); 5] = [
        // Limits on promoted forms: their types' `promotionLimit`.
        ("shogun", true, &["promotionLimit = c:1 d:1 e:1 g:1"]),
        // A flag piece and the forms of its type.
        (
            "backrank",
            true,
            &["promotedPieceType = q:k r:k b:k n:k p:k", "flagPiece = k"],
        ),
        // Drop zones less the pawn's promotion set.
        (
            "shinobiplus",
            true,
            &["dropRegionWhite = *1 *2 *3 *4", "promotionZonePawnDrops = false"],
        ),
        // A petrifying pseudo-royal king that never captures.
        (
            "petrified",
            false,
            &["petrifyOnCaptureTypes = nbrqk", "extinctionPseudoRoyal = true"],
        ),
        // Counted pseudo-royal clauses of a type and its form.
        (
            "shoshogi",
            false,
            &[
                "promotedPieceType = p:a s:a b:d r:f l:a n:a e:k",
                "extinctionPieceCount = 0",
            ],
        ),
    ];
    for (name, in_fixture, lines) in cases {
        let ini = if in_fixture {
            fixture.clone()
        } else {
            format!("[{name}:{name}]\n")
        };
        let found = import(&ini).unwrap();
        let ron = found
            .iter()
            .find(|i| i.name == name)
            .and_then(|i| i.result.as_ref().ok())
            .unwrap_or_else(|| panic!("{name} converts"));
        let path = dir.join(format!("{name}.ron"));
        std::fs::write(&path, ron).unwrap();
        let out = export(path.to_str().unwrap(), name).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for line in lines {
            assert!(out.lines().any(|l| l == *line), "{name}: `{line}` missing\n{out}");
        }
        round_trip(path.to_str().unwrap(), name).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
    std::fs::remove_dir_all(&dir).ok();
}
