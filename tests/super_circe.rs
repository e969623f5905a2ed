//! Super Circe (docs/fairy.md, Super Circe): the capturer chooses the
//! captured piece's rebirth square among the empty ones, or none
//! (`on capture: may place(captured, chosen empty, promote)`, docs/effects.md,
//! Placement). The counts in the comments are Popeye 4.104's
//! (`condition SuperCirce`).

mod common;
use common::{kaboom, legal_uci as legal};
use kaboom::{Event, Variant, fen, uci};

fn super_circe() -> Variant {
    let path = format!("{}/variants/fairy/super-circe.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// White: Ke1 Pe5; Black: Ke8 Pd5, just double-stepped. Popeye lists 73
/// moves: 5 king moves, e5-e6, the capture e5*d6 ep. without a rebirth,
/// and one per rebirth: 52 empty squares off the first rank (d5, where the
/// victim stood, included; not d2 or f2, which would check the king), and
/// on the first rank a knight or bishop on a1, b1, c1, d1, f1, g1, h1 (a
/// queen or rook there checks the king, and a promotion is compulsory).
#[test]
fn every_empty_square_and_no_rebirth_are_moves() {
    let v = super_circe();
    let moves = legal(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(moves.len(), 73, "{moves:?}");
    for m in ["e5d6", "e5d6,d5d5", "e5d6,d5h8", "e5d6,d5a1n", "e5d6,d5h1b", "e5e6"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    for m in ["e5d6,d5d2", "e5d6,d5a1q", "e5d6,d5a1", "e5d6,d5e1", "e5d6,d5d6"] {
        assert!(!moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
}

/// Every move reads back from what kaboom writes, in coordinates and in
/// algebraic notation (`exd6[+bPa1=S]` in Popeye's is `exd6[+bPa1=N]`).
#[test]
fn chosen_rebirths_read_back() {
    let v = super_circe();
    for text in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        // A pawn that promotes as it takes a pawn on its first rank, the
        // pawn reborn promoting too: `b7a8q,a8a1q`.
        "p3k3/1P6/8/8/8/8/4K3/8 w - - 0 1",
    ] {
        let pos = fen::parse(&v, text).unwrap();
        for mv in v.legal_moves(&pos) {
            let written = uci::write(&v, &mv);
            assert_eq!(uci::parse(&v, &pos, &written), Ok(mv), "{written}");
            let san = kaboom::san::write_move_among(&v, &pos, &mv, &v.legal_moves(&pos));
            assert_eq!(kaboom::san::parse(&v, &pos, &san), Ok(mv), "{san}");
        }
    }
    let pos = fen::parse(&v, "p3k3/1P6/8/8/8/8/4K3/8 w - - 0 1").unwrap();
    let mv = uci::parse(&v, &pos, "b7a8q,a8a1q").unwrap();
    let mut after = pos.clone();
    after.make(&v, mv);
    assert_eq!(fen::write(&v, &after), "Q3k3/8/8/8/8/8/4K3/q7 b - - 0 1");
    assert!(uci::parse(&v, &pos, "b7a8q,a8a1").is_err());
}

/// The trace shows the rebirth as a placement from the victim's square; a
/// declined rebirth places nothing.
#[test]
fn the_trace_shows_the_rebirth() {
    let v = super_circe();
    let g = v.geometry();
    let pos = fen::parse(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let mut placed = pos.clone();
    let mut events = Vec::new();
    placed.make_traced(&v, uci::parse(&v, &pos, "e5d6,d5a1n").unwrap(), &mut events);
    assert!(
        events
            .iter()
            .any(|e| matches!(*e, Event::Placed { from: Some(from), at, .. }
            if g.name(from) == "d5" && g.name(at) == "a1")),
        "{events:?}"
    );
    assert!(
        events.iter().any(|e| matches!(*e, Event::Promoted { .. })),
        "{events:?}"
    );
    assert_eq!(fen::write(&v, &placed), "4k3/8/3P4/8/8/8/8/n3K3 b - - 0 1");
    let mut declined = pos.clone();
    let mut events = Vec::new();
    declined.make_traced(&v, uci::parse(&v, &pos, "e5d6").unwrap(), &mut events);
    assert!(!events.iter().any(|e| matches!(*e, Event::Placed { .. })), "{events:?}");
    assert_eq!(fen::write(&v, &declined), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
}

/// A fixed-square placement is not declined or chosen: without `may`, a
/// chosen square must be taken when one is offered.
#[test]
fn a_chosen_square_without_may_must_be_taken() {
    let text = r#"(
        extends: "chess",
        name: "Chosen rebirth",
        rules: ["on capture: place(captured, chosen empty & ranks(4))"],
    )"#;
    let v = Variant::from_text("chosen.ron", text).unwrap();
    let moves = legal(&v, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    // The pawn reborn on one of the 8 squares of the rule's side's 4th
    // rank, all empty once the capturer has left e4; not as a plain capture.
    let captures: Vec<&String> = moves.iter().filter(|m| m.starts_with("e4d5")).collect();
    assert_eq!(captures.len(), 8, "{moves:?}");
    assert!(
        captures.iter().all(|m| m.starts_with("e4d5,d5") && m.ends_with('4')),
        "{captures:?}"
    );
}

fn validate(rules: &str, actions: &str) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("kaboom-super-circe-{}-{}", std::process::id(), rules.len()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("v.ron");
    std::fs::write(
        &path,
        format!("(\n    extends: \"chess\",\n    name: \"V\",\n    rules: [{rules}],\n    actions: [{actions}],\n)\n"),
    )
    .unwrap();
    let (code, _, err) = kaboom(&["validate", path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    (code, err)
}

#[test]
fn may_place_without_a_chosen_square_is_an_error() {
    let (code, err) = validate(r#""on capture: may place(captured, home)""#, "");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`may place` lets the mover choose the square or decline"),
        "{err}"
    );
    assert!(err.contains("`may place(captured, chosen empty)`"), "{err}");
    assert!(err.contains("v.ron:4"), "{err}");
}

#[test]
fn may_place_must_be_the_last_choice() {
    let (code, err) = validate(r#""on capture: may place(captured, chosen empty); remove(origin)""#, "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("`may place` must be the last effect of its rule"), "{err}");
    let (code, err) = validate(
        r#""on capture: may place(captured, chosen empty)", "after move: block(chosen empty)""#,
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("a choice comes after `may place`"), "{err}");
    // The other way round is a move's two choices, the placement last.
    let (code, err) = validate(
        r#""after move: block(chosen empty)", "on arrival: may place(own P, chosen empty)""#,
        "",
    );
    assert_eq!(code, 1, "{err}");
    let (code, err) = validate(
        r#""on capture: block(chosen empty)", "after move: may place(own P, chosen ranks(4) & empty)""#,
        "",
    );
    assert_eq!(code, 0, "{err}");
}

#[test]
fn may_place_in_an_action_is_an_error() {
    let (code, err) = validate(
        "",
        r#"(name: "spawn", target: "empty", stays: true, effect: "may place(own P, chosen empty)")"#,
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("`may place` belongs in a rule, not in an action"), "{err}");
}
