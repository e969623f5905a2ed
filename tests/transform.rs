//! Changing pieces where they stand (docs/fairy.md, "Changing side and
//! kind" and "Marks"): `recolour`, `transform`, `mark`/`unmark` and the
//! sets and conditions they use (`moved`, `vacated`, `enclosed`,
//! `marked`, `capture`), on hand-checked positions; the misuses each get
//! a located error.

use kaboom::{Event, Variant, fen, uci};

fn fairy(name: &str) -> Variant {
    Variant::load(&format!("{}/variants/fairy/{name}.ron", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn inline(text: &str) -> Variant {
    Variant::from_text("t.ron", text).unwrap_or_else(|e| panic!("{e}"))
}

/// The FEN after `moves` from `start`, and the events of the last move.
fn after(v: &Variant, start: &str, moves: &[&str]) -> (String, Vec<Event>) {
    let mut pos = fen::parse(v, start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let mut events = Vec::new();
    for m in moves {
        let mv = uci::parse(v, &pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        events.clear();
        pos.make_traced(v, mv, &mut events);
    }
    (fen::write(v, &pos), events)
}

fn moves(v: &Variant, start: &str) -> Vec<String> {
    let pos = fen::parse(v, start).unwrap();
    let mut out: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    out.sort();
    out
}

fn error(text: &str) -> String {
    Variant::from_text("t.ron", text).unwrap_err().to_string()
}

#[test]
fn andernach_turns_the_capturer_and_spares_the_king() {
    let v = fairy("andernach");
    let start = "4k3/8/5p2/8/4N3/8/8/4K3 w - - 0 1";
    let (fen, events) = after(&v, start, &["e4f6"]);
    assert_eq!(fen, "4k3/8/5n2/8/8/8/8/4K3 b - - 0 1");
    assert!(events.contains(&Event::Recoloured {
        at: kaboom::Square::new(45),
        piece: fen::parse(&v, &fen).unwrap().cell(kaboom::Square::new(45)),
    }));
    // A capture by the king leaves it White's.
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", &["e1e2"]);
    assert_eq!(fen, "4k3/8/8/8/8/8/4K3/8 b - - 0 1");
}

#[test]
fn a_capture_that_would_turn_against_its_own_king_is_illegal() {
    // The knight taking on f3 becomes Black's and would check the king on e1.
    let v = fairy("andernach");
    assert!(!moves(&v, "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1").contains(&"g1f3".to_string()));
    // Taking on h3 it checks nothing.
    assert!(moves(&v, "4k3/8/8/8/8/7p/8/4K1N1 w - - 0 1").contains(&"g1h3".to_string()));
}

#[test]
fn anti_andernach_turns_a_quiet_mover_and_its_double_step_leaves_no_target() {
    let v = fairy("anti-andernach");
    let (fen, _) = after(&v, "4k3/8/8/8/6p1/8/7P/4K3 w - - 0 1", &["h2h4"]);
    assert_eq!(
        fen, "4k3/8/8/8/6pp/8/8/4K3 b - - 0 1",
        "no en passant target behind a turned pawn"
    );
    // Castling is the king's move: nothing changes sides.
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", &["e1g1"]);
    assert_eq!(fen, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn recolour_to_a_named_side_and_royals_when_asked() {
    let v = inline(
        r#"(extends: "chess", name: "t", rules: ["on capture: recolour(adjacent(mover), to own, including royal)"])"#,
    );
    // The rook takes on d7: the pawn on c8 and the king on e8 join White.
    let (fen, _) = after(&v, "2p1k3/3p4/8/8/8/8/8/3RK3 w - - 0 1", &["d1d7"]);
    assert_eq!(fen, "2P1K3/3R4/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn enclosed_pieces_are_the_runs_an_own_piece_closes() {
    // Othello's flip: the enemy pieces between the piece that lands and
    // another own piece along a line, with no gap.
    let v = inline(
        r#"(extends: "chess", name: "t", legal: [], rules: ["on arrival: recolour(enclosed(mover, Q), to own)"])"#,
    );
    let start = "4k3/8/8/1R1pp3/8/8/8/3QK3 w - - 0 1";
    // Queen d1-d4: up the d-file and along the diagonal, nothing closes a run.
    let (fen, _) = after(&v, start, &["d1d4"]);
    assert_eq!(fen, "4k3/8/8/1R1pp3/3Q4/8/8/4K3 b - - 1 1");
    // Queen e1-e5: the rook on b5 closes the run c5-d5.
    let start = "4k3/8/8/1Rpp4/8/8/8/K3Q3 w - - 0 1";
    let (fen, _) = after(&v, start, &["e1e5"]);
    assert_eq!(fen, "4k3/8/8/1RPPQ3/8/8/8/K7 b - - 1 1");
    // A gap breaks the run.
    let start = "4k3/8/8/1Rp5/8/8/8/K3Q3 w - - 0 1";
    let (fen, _) = after(&v, start, &["e1e5"]);
    assert_eq!(fen, "4k3/8/8/1Rp1Q3/8/8/8/K7 b - - 1 1");
}

#[test]
fn einstein_steps_kinds_up_on_captures_and_down_otherwise() {
    let v = fairy("einstein");
    // A knight that captures becomes a bishop.
    let (fen, _) = after(&v, "4k3/8/5p2/8/4N3/8/8/4K3 w - - 0 1", &["e4f6"]);
    assert_eq!(fen, "4k3/8/5B2/8/8/8/8/4K3 b - - 0 1");
    // Castling moves the rook without a capture: a bishop; the king stays.
    let (fen, events) = after(&v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", &["e1g1"]);
    assert_eq!(fen, "4k3/8/8/8/8/8/8/5BK1 b - - 1 1");
    assert!(matches!(events.last(), Some(Event::Transformed { .. })));
    // A pawn promotes, then the queen steps down (no capture): a rook.
    let (fen, _) = after(&v, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", &["e7e8q"]);
    assert_eq!(fen, "4R2k/8/8/8/8/8/8/4K3 b - - 0 1");
    // A knight that moves to its first rank becomes a pawn there, which
    // may step three squares, leaving two en passant targets.
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1", &["d2b1"]);
    assert_eq!(fen, "4k3/8/8/8/8/8/8/1P2K3 b - - 1 1");
    let mut replies = moves(&v, "4k3/8/8/8/8/8/8/1P2K3 w - - 0 1");
    replies.retain(|m| m.starts_with("b1"));
    assert_eq!(replies, ["b1b2", "b1b3", "b1b4"]);
    let (fen, _) = after(&v, "4k3/8/8/8/2p5/8/8/1P2K3 w - - 0 1", &["b1b4"]);
    assert!(fen.starts_with("4k3/8/8/8/1Pp5/8/8/4K3 b - b2b3 0 1"), "{fen}");
}

#[test]
fn reversal_einstein_and_chameleon_step_the_other_ways() {
    let v = fairy("reversal-einstein");
    let (fen, _) = after(&v, "4k3/8/5p2/8/4N3/8/8/4K3 w - - 0 1", &["e4f6"]);
    assert_eq!(
        fen, "4k3/8/5P2/8/8/8/8/4K3 b - - 0 1",
        "a capturing knight becomes a pawn"
    );
    let v = fairy("chameleon");
    // The queen moves and becomes a knight (the cycle closes); pawns and kings stay.
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1", &["d1d4"]);
    assert_eq!(fen, "4k3/8/8/8/3N4/8/4P3/4K3 b - - 1 1");
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1", &["e2e4"]);
    assert_eq!(fen, "4k3/8/8/8/4P3/8/8/3QK3 b - e3 0 1");
}

#[test]
fn transform_to_a_named_kind_and_to_the_captured_one() {
    let v = inline(r#"(extends: "chess", name: "t", rules: ["on capture: transform(mover, captured)"])"#);
    let (fen, _) = after(&v, "4k3/8/5r2/8/4N3/8/8/4K3 w - - 0 1", &["e4f6"]);
    assert_eq!(
        fen, "4k3/8/5R2/8/8/8/8/4K3 b - - 0 1",
        "the knight takes a rook and becomes one"
    );
    let v =
        inline(r#"(extends: "chess", name: "t", rules: ["after move if not capture: transform(mover & any P, Q)"])"#);
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &["e2e3"]);
    assert_eq!(fen, "4k3/8/8/8/8/4Q3/8/4K3 b - - 0 1");
}

#[test]
fn haaner_holes_the_squares_a_move_empties() {
    let v = fairy("haaner");
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", &["e1g1"]);
    assert_eq!(
        fen, "4k3/8/8/8/8/8/8/4*RK* b - - 1 1",
        "the king's and the rook's squares"
    );
    // En passant: the square left and the taken pawn's square.
    let (fen, _) = after(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]);
    assert_eq!(fen, "4k3/8/3P4/3**3/8/8/8/4K3 b - - 0 1");
}

#[test]
fn traitor_and_magic_squares_turn_pieces_by_where_they_land() {
    let v = fairy("traitor");
    let (fen, _) = after(&v, "4k3/8/8/1p6/8/8/8/4K3 b - - 0 1", &["b5b4"]);
    assert_eq!(fen, "4k3/8/8/8/1P6/8/8/4K3 w - - 0 2");
    let v = fairy("magic-squares");
    let (fen, _) = after(&v, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", &["b1c3"]);
    assert_eq!(fen, "4k3/8/8/8/8/2n5/8/4K3 b - - 1 1");
}

/// "A rook that has shot may not shoot on its side's next turn", with a
/// mark that travels with the rook (before marks, a shield for two moves
/// on the rook's square faked it, and stayed behind when the rook moved).
fn shooting_rooks() -> Variant {
    Variant::load(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/shooting-rooks.ron"
    ))
    .unwrap()
}

fn shoots(v: &Variant, fen: &str) -> Vec<String> {
    moves(v, fen).into_iter().filter(|m| m.contains("@shoot")).collect()
}

#[test]
fn a_rook_that_has_shot_may_not_shoot_on_its_sides_next_turn() {
    let v = shooting_rooks();
    let start = "p3k3/p7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(shoots(&v, start), ["a1a7@shoot"]);
    let (fen, _) = after(&v, start, &["a1a7@shoot"]);
    assert_eq!(fen, "p3k3/8/8/8/8/8/8/R3K3 b - - 0 1 marks=shot/2:a1");
    let (fen, _) = after(&v, start, &["a1a7@shoot", "e8d8"]);
    assert_eq!(fen, "p2k4/8/8/8/8/8/8/R3K3 w - - 1 2 marks=shot/1:a1");
    assert!(shoots(&v, &fen).is_empty(), "marked: no shot this turn");
    // The mark travels with the rook while it lasts, and falls after the move.
    let (fen, events) = after(&v, start, &["a1a7@shoot", "e8d8", "a1a3"]);
    assert_eq!(fen, "p2k4/8/8/8/8/R7/8/4K3 b - - 2 2");
    assert!(events.iter().all(|e| !matches!(e, Event::Marked { .. })));
    let (fen, _) = after(&v, start, &["a1a7@shoot", "e8d8", "e1e2", "d8e8"]);
    assert_eq!(shoots(&v, &fen), ["a1a8@shoot"], "two moves later it shoots again");
}

#[test]
fn marks_read_back_from_fen_and_make_another_position() {
    let v = fairy("volage");
    let with = "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1 marks=turned:e3";
    let pos = fen::parse(&v, with).unwrap();
    assert_eq!(fen::write(&v, &pos), with);
    let without = fen::parse(&v, "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1").unwrap();
    assert_ne!(pos, without);
    // The turned pawn moves to a square of the other colour and stays Black's.
    let (fen, _) = after(&v, "4k3/8/8/8/8/4p3/8/K7 b - - 0 1 marks=turned:e3", &["e3e2"]);
    assert_eq!(fen, "4k3/8/8/8/8/8/4p3/K7 w - - 0 2 marks=turned:e2");
    let (fen, _) = after(&v, "4k3/8/8/8/8/4p3/8/K7 b - - 0 1", &["e3e2"]);
    assert_eq!(fen, "4k3/8/8/8/8/8/4P3/K7 w - - 0 2 marks=turned:e2");
    for (bad, says) in [
        (
            "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1 marks=spun:e3",
            "`spun` is not a mark of this variant",
        ),
        (
            "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1 marks=turned:e4",
            "where no piece stands",
        ),
    ] {
        let err = fen::parse(&v, bad).unwrap_err().to_string();
        assert!(err.contains(says), "{bad}: {err}");
    }
    let chess = Variant::load("chess").unwrap();
    let err = fen::parse(&chess, "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1 marks=turned:e3").unwrap_err();
    assert!(err.to_string().contains("put no mark"), "{err}");
}

#[test]
fn the_trace_says_what_became_of_a_piece() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args([
            "play",
            "variants/fairy/einstein.ron",
            "--fen",
            "4k3/8/5p2/8/4N3/8/8/R3K3 w Q - 0 1",
            "e4f6",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1. e4f6: moved N e4-f6, captured p f6, f6 becomes B"),
        "{text}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args([
            "explain",
            "variants/fairy/andernach.ron",
            "--fen",
            "4k3/8/5p2/8/4N3/8/8/4K3 w - - 0 1",
            "e4f6",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("The piece on f6 becomes Black's."), "{text}");
}

#[test]
fn misuses_are_refused_where_they_are_written() {
    let cases = [
        (
            r#"(extends: "chess", name: "t", rules: ["on capture: transform(mover, Q R)"])"#,
            "turns pieces into one kind",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", rules: ["on capture: transform(mover, next)"])"#,
            "which it does not declare",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", rules: ["on capture: transform(mover, X)"])"#,
            "`X` is not a piece letter",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", rules: ["on capture: mark(mover, a); mark(mover, b); mark(mover, c)"])"#,
            "mark `c` is one too many",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", rules: ["on capture: mark(mover, a, for 0 moves)"])"#,
            "a mark for 0 moves marks nothing",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", kind_sequence: "P N X")"#,
            "`X` in `kind_sequence` is not a piece letter",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", kind_sequence: "Q K")"#,
            "`K` in `kind_sequence` is royal",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", kind_sequence: "N B N R")"#,
            "`N` is listed twice",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", kind_sequence: "Q")"#,
            "needs at least two kinds",
            "1:",
        ),
        (
            r#"(extends: "chess", name: "t", regions: [(name: "r", squares: "marked(x)")])"#,
            "`marked(...)` is not fixed squares",
            "1:",
        ),
    ];
    for (text, says, at) in cases {
        let err = error(text);
        assert!(err.contains(says), "{text}: {err}");
        assert!(
            err.contains(&format!("t.ron:{at}")) || err.contains("t.ron"),
            "{text}: not located: {err}"
        );
    }
}

#[test]
fn a_kind_sequence_is_a_value_of_the_variant() {
    let v = fairy("einstein");
    let kind = |l: char| kaboom::Kind::from_index(v.pieces().iter().position(|p| p.letter == l).unwrap());
    let seq = v.kind_sequence();
    assert_eq!(seq.next(kind('P')), Some(kind('N')));
    assert_eq!(seq.next(kind('Q')), None);
    assert_eq!(seq.previous(kind('P')), None);
    assert_eq!(seq.next(kind('K')), None);
    let v = fairy("chameleon");
    let kind = |l: char| kaboom::Kind::from_index(v.pieces().iter().position(|p| p.letter == l).unwrap());
    assert_eq!(v.kind_sequence().next(kind('Q')), Some(kind('N')));
    assert_eq!(v.kind_sequence().previous(kind('N')), Some(kind('Q')));
}
