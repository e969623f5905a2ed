//! The move-rule clock (the FEN's halfmove clock, which `N moves` reads):
//! which moves reset it, by default and as `clock_resets` says
//! (docs/format.md, The move-rule clock), and as `kaboom import` sets it
//! for Fairy-Stockfish's sections.

use kaboom::{Variant, fen, uci};

/// Chess whose pawns also step sideways, a silver general (`S`) that
/// promotes to its promoted form (`+S`, gold's moves) or to a queen on the
/// last rank, passing allowed; `extra` adds fields.
fn variant(extra: &str) -> Variant {
    let text = format!(
        r#"(
    extends: "chess",
    name: "Clock",
    castling: [],
    pass: true,
    start: "4k3/8/8/8/8/8/1S2P3/4K3 w - - 0 1",
    pieces: [
        (letter: 'P', name: "pawn", moves: "fmWsmWfceF", pawn: true),
        (letter: 'S', name: "silver", moves: "FfW"),
        (letter: 'G', name: "gold", moves: "WfF", promoted_from: 'S'),
    ],
    promotion: [
        (pieces: "P", ranks: [8], choices: "Q", mandatory: true),
        (pieces: "S", ranks: [8], choices: "GQ", mandatory: false),
    ],
    {extra}
)"#
    );
    Variant::from_text("clock.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The halfmove clock after `m` from `text`.
fn clock_after(v: &Variant, text: &str, m: &str) -> u32 {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut after = pos.clone();
    after.make(v, uci::parse(v, &pos, m).unwrap_or_else(|e| panic!("{m}: {e}")));
    after.halfmove_clock()
}

const START: &str = "4k3/8/8/8/8/8/1S2P3/4K3 w - - 7 20";

#[test]
fn a_pawn_move_it_cannot_undo_resets_the_clock_and_a_sideways_one_does_not() {
    let v = variant("");
    assert_eq!(clock_after(&v, START, "e2e3"), 0);
    // e2-d2 and back: a sideways step can be undone, as in Fairy-Stockfish.
    assert_eq!(clock_after(&v, START, "e2d2"), 8);
    assert_eq!(clock_after(&v, START, "b2c3"), 8);
    assert_eq!(clock_after(&v, START, "e1f1"), 8);
}

#[test]
fn every_promotion_resets_the_clock_by_default() {
    let v = variant("");
    let text = "4k3/1S6/8/8/8/8/8/4K3 w - - 7 20";
    // To its promoted form (`+`) and to another piece: neither is a pawn's move.
    assert_eq!(clock_after(&v, text, "b7b8+"), 0);
    assert_eq!(clock_after(&v, text, "b7b8q"), 0);
    assert_eq!(clock_after(&v, text, "b7b8"), 8);
}

#[test]
fn a_pass_runs_the_clock_unless_passes_reset_it() {
    let v = variant("");
    assert_eq!(clock_after(&v, START, "0000"), 8);
    let v = variant("clock_resets: [Captures, PawnMoves, Promotions, Drops, Passes],");
    assert_eq!(clock_after(&v, START, "0000"), 0);
}

#[test]
fn clock_resets_lists_the_moves_that_reset_it() {
    let v = variant("clock_resets: [Captures, PawnMoves, Promotions, Drops],");
    let text = "4k3/1S6/8/8/8/8/8/4K3 w - - 7 20";
    assert_eq!(clock_after(&v, text, "b7b8+"), 8, "no `PromotedForms`");
    assert_eq!(clock_after(&v, text, "b7b8q"), 0);
    let v = variant("clock_resets: [Captures],");
    assert_eq!(clock_after(&v, START, "e2e3"), 8, "no `PawnMoves`");
    assert_eq!(clock_after(&v, "4k3/8/8/8/8/3p4/4P3/4K3 w - - 7 20", "e2d3"), 0);
}

#[test]
fn an_unknown_kind_of_reset_is_an_error() {
    let text = r#"(extends: "chess", clock_resets: [Captures, Castling])"#;
    let Err(err) = Variant::from_text("bad.ron", text) else {
        panic!("an error")
    };
    assert!(err.to_string().contains("Castling"), "{err}");
}

/// Fairy-Stockfish's clock runs on over a promotion to a promoted form
/// where forms may turn back (`pieceDemotion`): the importer says so.
#[test]
fn the_importer_keeps_promoted_forms_from_resetting_with_piece_demotion() {
    let ini = std::fs::read_to_string("tests/fixtures/fsf/piece-promotion.ini").expect("the fixture");
    let sections = kaboom::interop::import(&ini).expect("the ini parses");
    let text = |name: &str| {
        let s = sections.iter().find(|s| s.name == name).expect("the section");
        s.result.clone().unwrap_or_else(|r| panic!("{name}: refused: {r:?}"))
    };
    assert!(
        text("ppdemotion").contains("clock_resets: [Captures, PawnMoves, Promotions, Drops],"),
        "{}",
        text("ppdemotion")
    );
    assert!(!text("ppmandatory").contains("clock_resets"));
}

/// Fairy-Stockfish resets its clock as kaboom's default does: a variant
/// with other `clock_resets` is not exported, one that spells out the
/// default is.
#[test]
fn export_refuses_other_clock_resets() {
    let dir = std::env::temp_dir().join(format!("kaboom-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, resets: &str| {
        let path = dir.join(name);
        let text = format!(
            r#"(name: "Clocked", board: (files: 8, ranks: 8), start: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    pieces: [(letter: 'K', name: "king", moves: "K", royal: true),
             (letter: 'P', name: "pawn", moves: "fmWfceF", pawn: true)],
    end: ["checkmate: loss", "stalemate: draw", "50 moves: draw"],
    {resets})"#
        );
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let other = write("other.ron", "clock_resets: [Captures],");
    let why = kaboom::interop::export(&other, "clocked").unwrap_err();
    assert!(why.iter().any(|w| w.contains("clock_resets")), "{why:?}");
    let default = write(
        "default.ron",
        "clock_resets: [Captures, PawnMoves, Promotions, PromotedForms, Drops],",
    );
    assert!(kaboom::interop::export(&default, "clocked").is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// `pawn_for`: the kind is a pawn for one side only, as Fairy-Stockfish's
/// `nMoveRuleTypesWhite/Black` (khans: White's pawns, Black's steppes).
#[test]
fn a_pawn_for_one_side_resets_that_sides_clock_only() {
    let chess_with = |side: &str| {
        let text = format!(
            r#"(extends: "chess", name: "Clock", pieces: [(letter: 'P', name: "pawn", moves: "fmWfceFifmnD", pawn: true, pawn_for: {side})])"#
        );
        Variant::from_text("clock.ron", &text).unwrap_or_else(|e| panic!("{e}"))
    };
    let v = chess_with("White");
    assert_eq!(clock_after(&v, "4k3/4p3/8/8/8/8/4P3/4K3 w - - 5 9", "e2e3"), 0);
    assert_eq!(clock_after(&v, "4k3/4p3/8/8/8/8/4P3/4K3 b - - 5 9", "e7e6"), 6);
    let v = chess_with("Black");
    assert_eq!(clock_after(&v, "4k3/4p3/8/8/8/8/4P3/4K3 w - - 5 9", "e2e3"), 6);
    assert_eq!(clock_after(&v, "4k3/4p3/8/8/8/8/4P3/4K3 b - - 5 9", "e7e6"), 0);
}

/// `pawn_for` on a piece that is not a `pawn` is a located error.
#[test]
fn pawn_for_needs_a_pawn() {
    let text =
        r#"(extends: "chess", name: "Clock", pieces: [(letter: 'N', name: "knight", moves: "N", pawn_for: White)])"#;
    let Err(err) = Variant::from_text("clock.ron", text) else {
        panic!("an error expected");
    };
    let err = err.to_string();
    assert!(err.contains("has `pawn_for` but is not a `pawn`"), "{err}");
}
