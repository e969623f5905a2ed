//! Property tests over random playouts: FEN round trips exactly, and every
//! printed move parses back to the same move.

use kaboom::base::square::Color;
use kaboom::engine::trace::Event;
use kaboom::notation::{fen, uci};
use kaboom::{Game, Move, MoveKind, Perft, Position, Variant};
use proptest::prelude::*;
use std::sync::OnceLock;

fn variants() -> &'static [Variant] {
    static VARIANTS: OnceLock<Vec<Variant>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let fixture = |name: &str| format!("{}/tests/fixtures/valid/{name}.ron", env!("CARGO_MANIFEST_DIR"));
        let names = [
            "chess".to_string(),
            "capablanca".to_string(),
            fixture("grand-16x16"),
            "atomic".to_string(),
            fixture("push"),
            fixture("crater"),
            fixture("shield"),
            fixture("bounce"),
            "kaboom".to_string(),
            fixture("arrival"),
            "tilting-the-balance".to_string(),
            "bouncing-pieces".to_string(),
            "capatomic-random".to_string(),
        ];
        names
            .iter()
            .map(|v| Variant::load(v).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    })
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
        // Pieces disappear only through traced events.
        let gone = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Captured { .. } | Event::Removed { .. } | Event::PushedOff { .. }
                )
            })
            .count() as u32;
        prop_assert_eq!(
            before - after,
            gone,
            "{} after {} in {}: {:?}",
            before - after,
            uci::write(variant, &mv),
            text,
            events
        );
    }
    Ok(())
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
        prop_assert_eq!(
            variant.is_attacked(pos, sq, us),
            captured,
            "attack tables and move tables disagree on square {} in {}",
            variant.geometry.name(sq),
            fen::write(variant, pos)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn fen_and_moves_round_trip_in_chess(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        check_playout(&variants()[0], &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_capablanca(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        check_playout(&variants()[1], &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_on_16x16(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        check_playout(&variants()[2], &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_atomic(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        check_playout(&variants()[3], &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_kaboom(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        check_playout(&variants()[8], &choices)?;
    }

    #[test]
    fn playouts_to_the_end_of_the_game(
        which in 0usize..14,
        choices in prop::collection::vec(any::<u16>(), 400..600),
    ) {
        check_playout(&variants()[which.min(variants().len() - 1)], &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_in_capatomic(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        check_playout(&variants()[12], &choices)?;
    }

    #[test]
    fn fen_and_moves_round_trip_with_every_primitive(
        which in prop::sample::select(vec![4usize, 5, 6, 7, 9, 10, 11, 12]),
        choices in prop::collection::vec(any::<u16>(), 0..100),
    ) {
        check_playout(&variants()[which], &choices)?;
    }
}
