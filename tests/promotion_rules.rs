//! Promotion rules per piece as Fairy-Stockfish's piece promotion options
//! need them: compulsory promotion for a move that starts on a compulsory
//! rank of a `from_zone` rule (`mandatoryPiecePromotion`), promotion on
//! captures only (`on_capture`, `piecePromotionOnCapture`), and a promoted
//! form turning back into its piece (demotion, `pieceDemotion`). Their
//! perft against Fairy-Stockfish: tests/fixtures/fsf/piece-promotion.ini,
//! converted by `kaboom import` (tests/fsf_import.rs).

use kaboom::{Game, Variant};
use kaboom::{fen, uci};

/// A knight that promotes to a king-moving form `C` in its last three
/// ranks, by `rule`; the form turns back by `back` (when given).
fn variant(rule: &str, back: &str, drops: bool) -> Variant {
    let drops = if drops { "drops: (captures_to_hand: true)," } else { "" };
    let text = format!(
        r#"(
    name: "knights",
    board: (files: 8, ranks: 8),
    pieces: [
        (letter: 'K', name: "king", moves: "K", royal: true),
        (letter: 'N', name: "knight", moves: "N"),
        (letter: 'P', name: "pawn", moves: "fmWfcF"),
        (letter: 'C', name: "promoted knight", moves: "K", promoted_from: 'N'),
    ],
    start: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    {drops}
    promotion: [(pieces: "N", ranks: [6, 7, 8], choices: "C", {rule}){back}],
)"#
    );
    Variant::from_text("knights.ron", &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The moves of the piece on `from` in `position`, in coordinates.
fn moves_from(v: &Variant, position: &str, from: &str) -> Vec<String> {
    let pos = fen::parse(v, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .map(|m| uci::write(v, m))
        .filter(|m| m.starts_with(from))
        .collect();
    out.sort();
    out
}

#[test]
fn a_move_leaving_a_compulsory_rank_must_promote() {
    let v = variant("mandatory: true, from_zone: true", "", false);
    // From e6 (in the zone) every move promotes, out of the zone too.
    let moves = moves_from(&v, "4k3/8/4N3/8/8/8/8/4K3 w - - 0 1", "e6");
    assert!(moves.iter().all(|m| m.ends_with('+')), "{moves:?}");
    assert!(moves.contains(&"e6d4+".to_string()), "{moves:?}");
    // From d4 a move into the zone promotes, one that stays out does not.
    let moves = moves_from(&v, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "d4");
    assert!(
        moves.contains(&"d4e6+".to_string()) && !moves.contains(&"d4e6".to_string()),
        "{moves:?}"
    );
    assert!(moves.contains(&"d4b3".to_string()), "{moves:?}");
    // Optional (`mandatory: false`): both, leaving the zone too.
    let v = variant("mandatory: false, from_zone: true", "", false);
    let moves = moves_from(&v, "4k3/8/4N3/8/8/8/8/4K3 w - - 0 1", "e6");
    assert!(
        moves.contains(&"e6d4+".to_string()) && moves.contains(&"e6d4".to_string()),
        "{moves:?}"
    );
}

#[test]
fn only_captures_promote_by_an_on_capture_rule() {
    let v = variant("mandatory: true, from_zone: true, on_capture: true", "", false);
    // d5: c7 holds a black pawn, e7 is empty.
    let moves = moves_from(&v, "4k3/2p5/8/3N4/8/8/8/4K3 w - - 0 1", "d5");
    assert!(moves.contains(&"d5c7+".to_string()), "the capture promotes: {moves:?}");
    assert!(!moves.contains(&"d5c7".to_string()), "and must: {moves:?}");
    assert!(
        moves.contains(&"d5e7".to_string()),
        "a quiet move stays a knight: {moves:?}"
    );
    assert!(!moves.contains(&"d5e7+".to_string()), "{moves:?}");
    // Leaving the zone: a quiet move is just a move, a capture promotes.
    let moves = moves_from(&v, "4k3/8/4N3/8/3p4/8/8/4K3 w - - 0 1", "e6");
    assert!(
        moves.contains(&"e6d4+".to_string()) && !moves.contains(&"e6d4".to_string()),
        "{moves:?}"
    );
    assert!(
        moves.contains(&"e6g5".to_string()) && !moves.contains(&"e6g5+".to_string()),
        "{moves:?}"
    );
    // Optional: the capture may also stay a knight.
    let v = variant("mandatory: false, from_zone: true, on_capture: true", "", false);
    let moves = moves_from(&v, "4k3/2p5/8/3N4/8/8/8/4K3 w - - 0 1", "d5");
    assert!(
        moves.contains(&"d5c7+".to_string()) && moves.contains(&"d5c7".to_string()),
        "{moves:?}"
    );
}

#[test]
fn a_promoted_form_turns_back_into_its_piece() {
    let back = r#", (pieces: "C", ranks: [6, 7, 8], choices: "N", mandatory: false, from_zone: true)"#;
    let v = variant("mandatory: false, from_zone: true", back, true);
    let start = "4k3/8/3+N4/8/8/8/8/4K3[] w - - 0 1";
    let moves = moves_from(&v, start, "d6");
    // Into, within and out of the zone: as it is, or back to a knight.
    for m in ["d6d7", "d6d7n", "d6c5", "d6c5n"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    let mut game = Game::new(&v, fen::parse(&v, start).unwrap());
    let mv = uci::parse(&v, game.position(), "d6d7n").unwrap();
    // Fairy-Stockfish writes a demotion with a trailing `-`.
    assert_eq!(uci::parse(&v, game.position(), "d6d7-").unwrap(), mv);
    assert!(uci::parse(&v, game.position(), "d6d7n-").is_err());
    game.play(mv);
    // A plain knight again, not a promoted piece (no `~`): it may promote again.
    assert_eq!(fen::write(&v, game.position()), "4k3/3N4/8/8/8/8/8/4K3[] b - - 1 1");
    let mv = uci::parse(&v, game.position(), "e8d7").unwrap();
    game.play(mv);
    // Captured, it joins Black's hand as a knight.
    assert_eq!(fen::write(&v, game.position()), "8/3k4/8/8/8/8/8/4K3[n] w - - 0 2");
    // Compulsory demotion: a form in the zone has no move as it is.
    let back = r#", (pieces: "C", ranks: [6, 7, 8], choices: "N", mandatory: true, from_zone: true)"#;
    let v = variant("mandatory: true, from_zone: true", back, false);
    let moves = moves_from(&v, "4k3/8/3+N4/8/8/8/8/4K3 w - - 0 1", "d6");
    assert!(!moves.is_empty() && moves.iter().all(|m| m.ends_with('n')), "{moves:?}");
}

#[test]
fn a_capture_en_passant_promotes_unless_the_rule_says_not() {
    let text = |en_passant: &str| {
        format!(
            r#"(
    name: "pawns",
    board: (files: 8, ranks: 8),
    pieces: [
        (letter: 'K', name: "king", moves: "K", royal: true),
        (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", pawn: true),
        (letter: 'Q', name: "queen", moves: "Q"),
    ],
    start: "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    promotion: (pieces: "P", ranks: [6, 7, 8], choices: "Q"{en_passant}),
)"#
        )
    };
    let position = "4k3/ppp1pppp/8/3pP3/8/8/PPPP1PPP/4K3 w - d6 0 3";
    // Promotion is compulsory on ranks 6 to 8: the capture en passant onto
    // d6 promotes, or, with `en_passant: false`, stays a pawn.
    let v = Variant::from_text("pawns.ron", &text("")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves_from(&v, position, "e5d6"), ["e5d6q"]);
    let v = Variant::from_text("pawns.ron", &text(", en_passant: false")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves_from(&v, position, "e5d6"), ["e5d6"]);
    // Other moves into the zone still promote.
    assert_eq!(moves_from(&v, position, "e5e6"), ["e5e6q"]);
}

/// A promotion rule with no choice, compulsory on every rank: the pawns
/// never end a move there, but still attack those squares (a king there
/// is in check). With a rank where promotion is optional it is an error.
#[test]
fn no_choice_keeps_pawns_off_the_ranks_that_still_attack_them() {
    let text = |rule: &str| {
        format!(
            r#"(
    name: "stuck pawns",
    board: (files: 8, ranks: 8),
    pieces: [
        (letter: 'K', name: "king", moves: "K", royal: true),
        (letter: 'P', name: "pawn", moves: "fmWfcF"),
    ],
    start: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    promotion: (pieces: "P", ranks: [8], choices: "", {rule}),
)"#
        )
    };
    let v = Variant::from_text("stuck.ron", &text("mandatory: true")).unwrap();
    assert!(moves_from(&v, "8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "d7").is_empty());
    // The pawn on d7 attacks e8: the king may not step there...
    let king = moves_from(&v, "8/3P1k2/8/8/8/8/8/4K3 b - - 0 1", "f7");
    assert!(
        king.contains(&"f7f8".to_string()) && !king.contains(&"f7e8".to_string()),
        "{king:?}"
    );
    let pos = fen::parse(&v, "4k3/3P4/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    // ... and one standing there is in check.
    assert!(v.in_check(&pos));
    let game = Game::new(&v, pos);
    assert!(game.ending().is_none(), "the king can step away");
    for rule in ["mandatory: false", "mandatory_ranks: [8]"] {
        let err = Variant::from_text("stuck.ron", &text(rule)).unwrap_err().to_string();
        assert!(err.contains("promotion choices is empty"), "{rule}: {err}");
    }
}

/// A piece in two rules, each on `squares` of one side only: White and
/// Black promote to different pieces. Rules sharing a side, or differing
/// in more than squares and choices, are errors.
#[test]
fn each_side_may_promote_by_its_own_rule() {
    let text = |white_rule: &str| {
        format!(
            r#"(
    extends: "chess",
    name: "sides",
    regions: [
        (name: "white_zone", white: "ranks(8)", black: "all - all"),
        (name: "black_zone", white: "all - all", black: "ranks(8)"),
    ],
    promotion: [
        (pieces: "P", squares: "{white_rule}", choices: "NR"),
        (pieces: "P", squares: "black_zone", choices: "QB"),
    ],
)"#
        )
    };
    let v = Variant::from_text("sides.ron", &text("white_zone")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        moves_from(&v, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "b7"),
        ["b7b8n", "b7b8r"]
    );
    assert_eq!(
        moves_from(&v, "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1", "g2"),
        ["g2g1b", "g2g1q"]
    );
    let err = Variant::from_text("sides.ron", &text("ranks(8)"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("promotes by two promotion rules on the same side"),
        "{err}"
    );
    let differ = text("white_zone").replace(r#"choices: "NR")"#, r#"choices: "NR", from_zone: true)"#);
    let err = Variant::from_text("sides.ron", &differ).unwrap_err().to_string();
    assert!(err.contains("differ in more than squares and choices"), "{err}");
}
