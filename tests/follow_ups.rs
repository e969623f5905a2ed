//! Follow-up choices: one construct for every effect that asks the mover
//! to choose (a `chosen` push, a bounce), so one move may make several, in
//! the order its effects ask for them, and any effect may ask.

use kaboom::Event;
use kaboom::{Position, Variant};
use kaboom::{fen, san, uci};

fn fixture(name: &str) -> Variant {
    let path = format!("{}/tests/fixtures/valid/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn read(variant: &Variant, text: &str) -> Position {
    fen::parse(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(variant: &Variant, pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = variant
        .legal_moves(pos)
        .iter()
        .map(|m| uci::write(variant, m))
        .collect();
    moves.sort();
    moves
}

/// Counted by hand. The king on e1 steps to d1, f1, d2 or f2; the knight
/// on e2 is then next to it and may bounce one square straight away from
/// it (d1 sends it to f3, f1 to d3, d2 to f2, f2 to d2). The bump lands
/// on e2 and pushes the knight to any of the 8 squares around e2 (e1
/// included: the king is lifted while the push runs); the knight is then
/// next to the king on e2 and may bounce one square further the same way,
/// unless that leaves the board (after d1, e1, f1).
#[test]
fn a_bump_and_a_bounce_in_one_move() {
    let v = fixture("follow-ups");
    let pos = read(&v, "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1");
    let mut expected = vec![
        "e1d1",
        "e1d1,e2f3",
        "e1f1",
        "e1f1,e2d3",
        "e1d2",
        "e1d2,e2f2",
        "e1f2",
        "e1f2,e2d2",
    ];
    for to in ["d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3"] {
        expected.push(Box::leak(format!("e1e2@bump/{to}").into_boxed_str()));
    }
    expected.extend([
        "e1e2@bump/d2,d2c2",
        "e1e2@bump/f2,f2g2",
        "e1e2@bump/d3,d3c4",
        "e1e2@bump/e3,e3e4",
        "e1e2@bump/f3,f3g4",
    ]);
    expected.sort();
    assert_eq!(legal(&v, &pos), expected);
}

#[test]
fn both_choices_are_played_in_order() {
    let v = fixture("follow-ups");
    let pos = read(&v, "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1");
    let mv = uci::parse(&v, &pos, "e1e2@bump/d3,d3c4").unwrap();
    assert_eq!(mv.choices.len(), 2);
    let mut after = pos.clone();
    let mut events: Vec<Event> = Vec::new();
    after.make_traced(&v, mv, &mut events);
    assert_eq!(fen::write(&v, &after), "4k3/8/8/8/2n5/8/4K3/8 b - - 1 1");
    let pushes = events.iter().filter(|e| matches!(e, Event::Pushed { .. })).count();
    let bounces = events.iter().filter(|e| matches!(e, Event::Bounced { .. })).count();
    assert_eq!((pushes, bounces), (1, 1), "{events:?}");
    // Choices in the wrong order, or one missing, name no legal move.
    for wrong in ["e1e2@bump,d3c4/d3", "e1e2@bump,e2d3", "e1e2@bump/d3,d3c4,c4b5"] {
        assert!(uci::parse(&v, &pos, wrong).is_err(), "{wrong}");
    }
}

/// Every move, with all its choices, reads back from its coordinates and
/// from its algebraic form, and is legal by the definition.
#[test]
fn moves_with_choices_read_back() {
    let v = fixture("follow-ups");
    for text in [
        "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1",
        "r3k2r/ppp2ppp/2n1b3/3pp3/3Pn3/2N1BN2/PPP2PPP/R3K2R w KQkq - 0 1",
    ] {
        let pos = read(&v, text);
        let moves = v.legal_moves(&pos);
        assert!(moves.iter().any(|m| m.choices.len() == 2) || text.starts_with('r'));
        for mv in &moves {
            assert!(v.is_legal(&pos, mv), "{}", uci::write(&v, mv));
            let written = uci::write(&v, mv);
            assert_eq!(uci::parse(&v, &pos, &written).unwrap(), *mv, "{written}");
            let mut after = pos.clone();
            let mut events: Vec<Event> = Vec::new();
            after.make_traced(&v, *mv, &mut events);
            let algebraic = san::write(&v, &pos, mv, &events, &after);
            assert_eq!(san::find(&v, &pos, &algebraic).unwrap(), *mv, "{algebraic}");
        }
    }
}

/// A `chosen` push may stand in any rule, not only in an action: after a
/// capture, the mover pushes the enemy pawns next to the captured square
/// toward one of the 8 squares around it, which it chooses.
#[test]
fn a_rule_may_ask_for_a_choice() {
    let text = r#"(extends: "chess", name: "test", rules: ["on capture: push(adjacent(target) & enemy P, chosen)"])"#;
    let v = Variant::from_text("test.ron", text).unwrap_or_else(|e| panic!("{e}"));
    // No capture: no move asks.
    let pos = read(&v, "4k3/8/8/4p3/4p3/8/8/R5K1 w - - 0 1");
    assert!(legal(&v, &pos).iter().all(|m| !m.contains('/')));
    let pos = read(&v, "4k3/8/8/4p3/4p3/8/8/4R1K1 w - - 0 1");
    let moves = legal(&v, &pos);
    let captures: Vec<&String> = moves.iter().filter(|m| m.starts_with("e1e4")).collect();
    assert_eq!(captures.len(), 8, "{captures:?}");
    assert!(!moves.contains(&"e1e4".to_string()), "the choice is not optional");
    let mv = uci::parse(&v, &pos, "e1e4/d5").unwrap();
    let mut after = pos.clone();
    after.make(&v, mv);
    // The pawn on e5 goes toward d5, the square chosen.
    assert_eq!(fen::write(&v, &after), "4k3/8/8/3p4/4R3/8/8/6K1 b - - 0 1");
}

#[test]
fn too_many_choices_are_refused() {
    let text = r#"(extends: "chess", name: "test",
        pieces: [(letter: 'K', name: "king", moves: "mK", royal: true, actions: [
            (name: "bump", moves: "cK", effect: "push(target, chosen)"),
        ])],
        rules: [
            "on capture: push(adjacent(target), chosen)",
            "after move except castling: may bounce(adjacent(mover), away from mover)",
        ])"#;
    let err = match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("a variant asking for three choices loads"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("3 follow-up choices"), "{err}");
}

#[test]
fn a_choice_after_a_bounce_is_refused() {
    let text = r#"(extends: "chess", name: "test", rules: [
        "after move: may bounce(adjacent(mover), away from mover)",
        "after move: push(adjacent(mover), chosen)",
    ])"#;
    let err = match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("a choice after a bounce loads"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("a bounce must be the last choice of a move"), "{err}");
}
