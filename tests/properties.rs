//! Property tests over random playouts: FEN round trips exactly, and every
//! printed move parses back to the same move.

use kaboom::Color;
use kaboom::Event;
use kaboom::{Game, Move, MoveKind, Perft, Position, Variant};
use kaboom::{fen, uci};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The variants the properties play, by name: bundled ones, a fixture
/// and the variants the scenarios use (beside them).
const NAMED: &[&str] = &[
    "chess",
    "capablanca",
    "grand-16x16",
    "atomic",
    "push",
    "crater",
    "shield",
    "bounce",
    "kaboom",
    "arrival",
    "tilting-the-balance",
    "bouncing-pieces",
    "capatomic-random",
];

/// The variants of [`NAMED`] that exercise each effect primitive.
const PRIMITIVES: &[&str] = &[
    "push",
    "crater",
    "shield",
    "bounce",
    "arrival",
    "tilting-the-balance",
    "bouncing-pieces",
    "capatomic-random",
];

/// The variant `name` of [`NAMED`], loaded once.
fn variant(name: &str) -> &'static Variant {
    static VARIANTS: OnceLock<Vec<(&'static str, Variant)>> = OnceLock::new();
    let all = VARIANTS.get_or_init(|| {
        let root = env!("CARGO_MANIFEST_DIR");
        NAMED
            .iter()
            .map(|&name| {
                let path = match name {
                    "grand-16x16" => format!("{root}/tests/fixtures/valid/{name}.ron"),
                    "push" | "crater" | "shield" | "bounce" | "arrival" => {
                        format!("{root}/tests/scenarios/variants/{name}.ron")
                    }
                    bundled => bundled.to_string(),
                };
                (name, Variant::load(&path).unwrap_or_else(|e| panic!("{e}")))
            })
            .collect()
    });
    all.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("`{name}` is not one of the properties' variants"))
}

/// Checks the invariants on every position of a random game.
fn check_playout(variant: &Variant, choices: &[u16]) -> Result<(), TestCaseError> {
    let mut game = Game::new(variant, variant.start_position());
    for &choice in choices {
        let pos = game.position().clone();
        pos.check_consistency(variant).map_err(TestCaseError::fail)?;
        let text = fen::write(variant, &pos);
        let back = fen::parse(variant, &text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &pos, "FEN {} does not read back to the same position", text);
        prop_assert_eq!(fen::write(variant, &back), text.clone());
        let moves = variant.legal_moves(&pos);
        // Perft's last ply counts the moves without listing them all.
        prop_assert_eq!(
            Perft::new().count(variant, &pos, 1),
            moves.len() as u64,
            "perft 1 of {}",
            text
        );
        check_no_repeats(variant, &pos, &moves)?;
        check_against_slow_rules(variant, &pos, &moves)?;
        if choice % 16 == 0 {
            check_divide(variant, &pos)?;
        }
        for mv in &moves {
            let written = uci::write(variant, mv);
            let parsed =
                uci::parse(variant, &pos, &written).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(parsed, *mv, "{} in {}", written, text);
        }
        if let Some(ending) = game.ending() {
            // A finished game reports its result; one ended by a position
            // rule (no move, a royal gone) offers no move. A dead position
            // keeps its moves (search goes on below it, as perft does).
            prop_assert!(!ending.reason.is_empty());
            if !ending.reason.contains("-move rule")
                && !ending.reason.contains("repetition")
                && ending.reason != "dead position"
            {
                prop_assert!(moves.is_empty(), "{} ended ({}) but offers moves", text, ending.reason);
            }
            break;
        }
        prop_assert!(!moves.is_empty(), "{} offers no move but the game goes on", text);
        let mv = moves[choice as usize % moves.len()];
        let before = pos.pieces_of(Color::White).len() + pos.pieces_of(Color::Black).len();
        let events = game.play(mv);
        let after = game.position().pieces_of(Color::White).len() + game.position().pieces_of(Color::Black).len();
        // Pieces appear and disappear only through traced events.
        let dropped = events.iter().filter(|e| matches!(e, Event::Dropped { .. })).count() as i64;
        let gone = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Captured { .. } | Event::Removed { .. } | Event::PushedOff { .. }
                )
            })
            .count() as i64;
        prop_assert_eq!(
            i64::from(before) - i64::from(after),
            gone - dropped,
            "{} after {} in {}: {:?}",
            i64::from(before) - i64::from(after),
            uci::write(variant, &mv),
            text,
            events
        );
    }
    Ok(())
}

/// No move is listed twice.
fn check_no_repeats(variant: &Variant, pos: &Position, moves: &[Move]) -> Result<(), TestCaseError> {
    let mut seen = std::collections::HashSet::new();
    for mv in moves {
        prop_assert!(
            seen.insert(*mv),
            "{} is listed twice in {}",
            uci::write(variant, mv),
            fen::write(variant, pos)
        );
    }
    Ok(())
}

/// Every bundled variant and every valid fixture, each with its name (a
/// fixture's path from the crate's root), which a failing case shows.
fn every_variant() -> &'static [(String, Variant)] {
    static ALL: OnceLock<Vec<(String, Variant)>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut names: Vec<String> = kaboom::bundled_names().iter().map(|n| n.to_string()).collect();
        let mut fixtures: Vec<String> = ["fixtures/valid", "scenarios/variants"]
            .iter()
            .flat_map(|dir| {
                let entries =
                    std::fs::read_dir(format!("{}/tests/{dir}", env!("CARGO_MANIFEST_DIR"))).expect("fixtures");
                entries.map(move |e| format!("tests/{dir}/{}", e.expect("entry").file_name().to_string_lossy()))
            })
            .filter(|p| p.ends_with(".ron"))
            .collect();
        fixtures.sort();
        names.extend(fixtures);
        names
            .into_iter()
            .map(|n| {
                let path = if n.starts_with("tests/") {
                    format!("{}/{n}", env!("CARGO_MANIFEST_DIR"))
                } else {
                    n.clone()
                };
                let v = Variant::load(&path).unwrap_or_else(|e| panic!("{n}: {e}"));
                (n, v)
            })
            .collect()
    })
}

/// A game of a variant whose castling finds its pieces, from the start
/// position of `seed`: every FEN on the way reads back into the variant
/// loaded without a seed (its castling fitted to the FEN), to the same
/// position with the same moves.
fn check_seedless_reading(name: &str, seed: u64, choices: &[u16]) -> Result<(), TestCaseError> {
    let seeded = Variant::load_seeded(name, Some(seed)).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let plain = Variant::load(name).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut game = Game::new(&seeded, seeded.start_position());
    for &choice in choices {
        let pos = game.position().clone();
        let text = fen::write(&seeded, &pos);
        let mut fitted = plain.clone();
        let back = fen::parse_fitting(&mut fitted, &text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &pos, "{} reads back differently without the seed", text);
        prop_assert_eq!(fen::write(&fitted, &back), text.clone());
        let moves = seeded.legal_moves(&pos);
        let written: Vec<String> = moves.iter().map(|m| uci::write(&seeded, m)).collect();
        let again: Vec<String> = fitted
            .legal_moves(&back)
            .iter()
            .map(|m| uci::write(&fitted, m))
            .collect();
        prop_assert_eq!(written, again, "moves differ without the seed in {}", text);
        if moves.is_empty() || game.ending().is_some() {
            break;
        }
        game.play(moves[choice as usize % moves.len()]);
    }
    Ok(())
}

/// A variant with one test piece `X` moving by `template`, kings and pawns.
fn piece_variant(template: &str) -> Option<Variant> {
    let text = format!(
        r#"(name: "t", board: (files: 8, ranks: 8), pieces: [
            (letter: 'P', name: "pawn", moves: "fmW", pawn: true),
            (letter: 'K', name: "king", moves: "K", royal: true),
            (letter: 'X', name: "test", moves: "{template}"),
        ], start: "4k3/8/8/8/8/8/8/4K3 w - - 0 1", legal: [], end: [])"#
    );
    Variant::from_text("t.ron", &text).ok()
}

/// The test piece's moves from `sq` among `blockers` (own and enemy pawns).
fn piece_moves(variant: &Variant, sq: usize, blockers: &[(usize, bool)]) -> Vec<Move> {
    let mut board = ['.'; 64];
    board[4] = 'K';
    board[60] = 'k';
    for &(b, own) in blockers {
        if board[b] == '.' {
            board[b] = if own { 'P' } else { 'p' };
        }
    }
    board[sq] = 'X';
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                '.' => empty += 1,
                c => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text.push_str(" w - - 0 1");
    let pos = fen::parse(variant, &text).expect("a FEN of the test board");
    let from = pos
        .geometry()
        .square((sq % 8) as i32, (sq / 8) as i32)
        .expect("on the board");
    let mut moves = Vec::new();
    variant.generate_pseudo_legal(&pos, &mut moves);
    moves.retain(|m| m.from == from);
    moves
}

/// The divide lines of perft sum to its total.
fn check_divide(variant: &Variant, pos: &Position) -> Result<(), TestCaseError> {
    let mut perft = Perft::new();
    let total = perft.count(variant, pos, 2);
    let lines: u64 = perft.divide(variant, pos, 2).iter().map(|(_, n)| n).sum();
    prop_assert_eq!(lines, total);
    Ok(())
}

/// The fast paths agree with the definitions: a move is legal when, once
/// made, it passes the legality clauses (and no end rule has stopped the
/// game); a square holding an enemy piece is attacked exactly when some
/// pseudo-legal move captures there.
fn check_against_slow_rules(variant: &Variant, pos: &Position, legal: &[Move]) -> Result<(), TestCaseError> {
    let us = pos.side_to_move();
    let mut pseudo = Vec::new();
    variant.generate_pseudo_legal(pos, &mut pseudo);
    let ended = variant.ended_by_rule(pos).is_some();
    let slow: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|mv| !ended && variant.is_legal(pos, mv))
        .collect();
    prop_assert_eq!(
        slow.as_slice(),
        legal,
        "legal moves differ from the definition in {}",
        fen::write(variant, pos)
    );
    for sq in pos.pieces_of(us.flip()).iter() {
        let captured = pseudo.iter().any(|m| m.to == sq && m.kind == MoveKind::Capture);
        if variant.has_promotion_limits() && !captured {
            // A capture that would have to promote, with no choice open,
            // is no move, yet still an attack (Fairy-Stockfish's reading,
            // pinned by tests/perft/grand.perft).
            continue;
        }
        prop_assert_eq!(
            variant.is_attacked(pos, sq, us),
            captured,
            "attack tables and move tables disagree on square {} in {}",
            variant.geometry().name(sq),
            fen::write(variant, pos)
        );
    }
    Ok(())
}

#[test]
fn the_template_harness_builds_pieces() {
    let qa = piece_variant("QA").expect("QA loads");
    // d4 (square 27): the queen's 27 squares, one of them e8's king... the
    // alfil's four leaps add nothing on an open board.
    let moves = piece_moves(&qa, 27, &[]);
    let q = piece_variant("Q").expect("Q loads");
    assert_eq!(moves.len(), piece_moves(&q, 27, &[]).len());
    assert!(moves.len() >= 25, "{}", moves.len());
    // Over a pawn on c3, the alfil reaches b2 where the queen cannot.
    assert_eq!(
        piece_moves(&qa, 27, &[(18, true)]).len(),
        piece_moves(&q, 27, &[(18, true)]).len() + 1
    );
}

/// One component of a random template: modifiers and an atom.
fn component() -> impl Strategy<Value = String> {
    let modifiers = prop::sample::select(vec!["", "m", "c", "f", "b", "v", "s", "fm", "fc", "l", "r", "n"]);
    let atoms = prop::sample::select(vec![
        "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q", "WW", "FF", "NN", "AA", "DD", "R2", "B3", "W3",
    ]);
    (modifiers, atoms).prop_map(|(m, a)| format!("{m}{a}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A move is one move however many parts of the template reach it: the
    /// piece's moves are listed once each, and they are exactly the moves
    /// its parts make one by one.
    #[test]
    fn no_move_listed_twice_over_random_templates(
        parts in prop::collection::vec(component(), 1..5),
        sq in 0usize..64,
        blockers in prop::collection::vec((0usize..64, any::<bool>()), 0..12),
    ) {
        let blockers: Vec<(usize, bool)> = blockers.into_iter().filter(|&(b, _)| b != sq && b != 4 && b != 60).collect();
        prop_assume!(sq != 4 && sq != 60);
        // Two parts written one after the other must not read as one
        // doubled atom (`C` + `C` is the camel rider `CC`, not two camels).
        prop_assume!(parts.windows(2).all(|w| w[0].chars().last() != w[1].chars().next()));
        let whole = parts.concat();
        let Some(variant) = piece_variant(&whole) else {
            return Err(TestCaseError::reject("not a template"));
        };
        let moves = piece_moves(&variant, sq, &blockers);
        let mut seen = std::collections::HashSet::new();
        for mv in &moves {
            prop_assert!(seen.insert(*mv), "{} lists {} twice", whole, uci::write(&variant, mv));
        }
        let mut union = std::collections::HashSet::new();
        for part in &parts {
            let Some(one) = piece_variant(part) else {
                return Err(TestCaseError::reject("not a template"));
            };
            union.extend(piece_moves(&one, sq, &blockers));
        }
        prop_assert_eq!(seen, union, "{}: the moves differ from its parts' moves", whole);
    }

    #[test]
    fn fen_and_moves_round_trip_in_every_variant_and_fixture(
        name in prop::sample::select(every_variant().iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>()),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let variant = &every_variant().iter().find(|(n, _)| n == name).expect("a listed variant").1;
        check_playout(variant, &choices).map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
    }

    #[test]
    fn random_setup_fens_read_back_without_the_seed(
        which in prop::sample::select(vec![
            "capatomic-random".to_string(),
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/valid/chess960.ron").to_string(),
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/valid/atomic960.ron").to_string(),
        ]),
        seed in 1u64..100_000,
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        check_seedless_reading(&which, seed, &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_chess(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        check_playout(variant("chess"), &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_capablanca(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        check_playout(variant("capablanca"), &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_on_16x16(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        check_playout(variant("grand-16x16"), &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_atomic(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        check_playout(variant("atomic"), &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_kaboom(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        check_playout(variant("kaboom"), &choices)?;
    }

    #[test]
    fn playouts_to_the_end_of_the_game(
        which in prop::sample::select(NAMED),
        choices in prop::collection::vec(any::<u16>(), 400..600),
    ) {
        check_playout(variant(which), &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_capatomic(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        check_playout(variant("capatomic-random"), &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_with_every_primitive(
        which in prop::sample::select(PRIMITIVES),
        choices in prop::collection::vec(any::<u16>(), 0..100),
    ) {
        check_playout(variant(which), &choices)?;
    }
}
