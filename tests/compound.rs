//! Compound moves (docs/fairy.md, Compound moves): a capture that goes on
//! with a further move as the captured piece moves (`move(mover as
//! captured)`, Take&Make), and a piece that exchanges places with an enemy
//! piece of its kind (`exchange(target)`, Messigny), with the state that
//! forbids exchanging the same pieces back at once (`last(swap)`). The
//! positions are checked by hand and against Popeye 4.104 (the lists in
//! the comments are Popeye's).

use kaboom::{Event, Position, Variant, fen, san, uci};

fn variant(name: &str) -> Variant {
    let path = format!("{}/variants/fairy/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn read(v: &Variant, text: &str) -> Position {
    fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(v: &Variant, pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = v.legal_moves(pos).iter().map(|m| uci::write(v, m)).collect();
    out.sort();
    out
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

fn after(v: &Variant, text: &str, mv: &str) -> (String, Vec<Event>) {
    let mut pos = read(v, text);
    let mv = uci::parse(v, &pos, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    let mut events = Vec::new();
    pos.make_traced(v, mv, &mut events);
    (fen::write(v, &pos), events)
}

fn diagnostics(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("the variant loaded:\n{text}"),
        Err(e) => e
            .diagnostics
            .iter()
            .map(|d| d.display(&e.sources).to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// A capture whose make is blocked is no move: the bishop may not take
/// on c3, since a black pawn there would step to c2, which is taken
/// (Popeye: Ke1-f2, Ke1-d1, Ke1-e2, Ke1-f1, Bb2-a1, Bb2-c1, Bb2-a3).
#[test]
fn a_capture_without_a_make_is_illegal() {
    let v = variant("take-and-make");
    let pos = read(&v, "4k3/8/8/8/8/2p5/1BP5/4K3 w - - 0 1");
    assert_eq!(
        legal(&v, &pos),
        sorted(&["e1e2", "e1f1", "e1d1", "e1f2", "b2c1", "b2a3", "b2a1"])
    );
}

/// The make moves as the captured piece, never onto the first rank for a
/// pawn: a2 takes the knight on b3 and goes on as a knight, not to a1 or
/// c1 (Popeye: a2*b3-d2, -d4, -c5, -a5).
#[test]
fn a_pawn_makes_as_a_knight_but_not_to_its_first_rank() {
    let v = variant("take-and-make");
    let pos = read(&v, "4k3/8/8/8/8/1n6/P7/4K3 w - - 0 1");
    let expected = [
        "e1e2",
        "e1f1",
        "e1d1",
        "e1f2",
        "a2a3",
        "a2a4",
        "a2b3,b3d2",
        "a2b3,b3d4",
        "a2b3,b3a5",
        "a2b3,b3c5",
    ];
    assert_eq!(legal(&v, &pos), sorted(&expected));
}

/// A pawn that takes on the last rank promotes only where its make ends:
/// `b7a8,a8a5` leaves a pawn on a5; `b7a8,a8b8q` a queen on b8. The
/// trace shows both parts.
#[test]
fn promotion_waits_for_the_make() {
    let v = variant("take-and-make");
    let start = "r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    let moves = legal(&v, &read(&v, start));
    for m in [
        "b7a8,a8a5",
        "b7a8,a8b8q",
        "b7a8,a8b8n",
        "b7c8,c8b7",
        "e4d5,d5d4",
        "b7b8q",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    // No capture stands without its make, and b8 is reached only promoting.
    assert!(
        !moves.iter().any(|m| m == "b7a8q" || m == "b7a8,a8b8" || m == "e4d5"),
        "{moves:?}"
    );
    let (fen, events) = after(&v, start, "b7a8,a8a5");
    assert_eq!(fen, "2b1k2r/2p1pppp/2n5/P2p4/4P3/8/PPPP1PPP/RNBQKBNR b KQk - 0 1");
    let moved = events.iter().filter(|e| matches!(e, Event::Moved { .. })).count();
    assert_eq!(moved, 2, "{events:?}");
    let (fen, events) = after(&v, start, "b7a8,a8b8q");
    assert_eq!(fen, "1Qb1k2r/2p1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQk - 0 1");
    assert!(events.iter().any(|e| matches!(e, Event::Promoted { .. })), "{events:?}");
}

/// A black pawn taken on its 7th rank lends its double step; Black's rook
/// taking a2 makes as a white pawn (Popeye: Ra8*a2-a4, Ra8*a2-a3,
/// Bc8*b7-b8, d5*e4-e5).
#[test]
fn the_make_moves_in_the_captured_sides_direction() {
    let v = variant("take-and-make");
    let pos = read(&v, "r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let moves = legal(&v, &pos);
    let compound: Vec<&String> = moves.iter().filter(|m| m.contains(',')).collect();
    assert_eq!(compound, vec!["a8a2,a2a3", "a8a2,a2a4", "c8b7,b7b8", "d5e4,e4e5"]);
    let pos = read(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPQPPPP/RNB1KBNR w KQkq - 0 1");
    let queen: Vec<String> = legal(&v, &pos).into_iter().filter(|m| m.starts_with("d2d7")).collect();
    assert_eq!(queen, vec!["d2d7,d7d5", "d2d7,d7d6"]);
}

/// En passant takes the pawn on d5; the capturer, on d6, makes as that
/// pawn, back down to d5 (Popeye writes it `e5*d5`).
#[test]
fn en_passant_makes_from_the_square_it_took_on() {
    let v = variant("take-and-make");
    let pos = read(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        legal(&v, &pos),
        sorted(&["e1e2", "e1f1", "e1d1", "e1f2", "e1d2", "e5e6", "e5d6,d6d5"])
    );
    let (fen, _) = after(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6,d6d5");
    assert_eq!(fen, "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
}

/// Check is the ordinary attack, as in Popeye: the knight on f7 checks
/// the king on h8 although a knight taking it could not make (g8, g7 and
/// h7 are taken), and Black, with no move out of it, is mated.
#[test]
fn check_needs_no_make() {
    let v = variant("take-and-make");
    let pos = read(&v, "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1");
    assert!(v.legal_moves(&pos).is_empty());
    assert!(v.in_check(&pos));
}

/// Messigny: each piece may exchange with any enemy piece of its kind;
/// a pawn on d2 may not (a black pawn there would check the king), nor
/// may the exchange leave the king in check.
#[test]
fn pieces_exchange_with_their_kind() {
    let v = variant("messigny");
    let start = "r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    let moves = legal(&v, &read(&v, start));
    let swaps: Vec<&String> = moves.iter().filter(|m| m.ends_with("@swap")).collect();
    // Popeye lists 50 exchanges here (Ra1<->Rh8, Sb1<->Sc6, Pe4<->Pd5, ...).
    assert_eq!(swaps.len(), 50, "{swaps:?}");
    assert!(!moves.iter().any(|m| m.starts_with("d2") && m.ends_with("@swap")));
    assert!(!moves.iter().any(|m| m.starts_with("e1") && m.ends_with("@swap")));
    let (fen, events) = after(&v, start, "a1h8@swap");
    assert_eq!(
        fen,
        "r1b1k2R/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/rNBQKBNR b Kq - 1 1 last=a1h8@swap"
    );
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Moved { .. })).count(), 2);
}

/// Not twice in a row: after White's a2 and d5 pawns exchanged, Black
/// may not exchange either of them, but may exchange other pawns; the
/// FEN carries the last exchange and reads back, and it is part of the
/// position (the same board without it is another position).
#[test]
fn the_pieces_just_exchanged_may_not_exchange_at_once() {
    let v = variant("messigny");
    let start = "r1b1k2r/1Pp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    let (fen, _) = after(&v, start, "a2d5@swap");
    assert_eq!(
        fen,
        "r1b1k2r/1Pp1pppp/2n5/3P4/4P3/8/pPPP1PPP/RNBQKBNR b KQkq - 0 1 last=a2d5@swap"
    );
    let pos = read(&v, &fen);
    assert_eq!(fen::write(&v, &pos), fen);
    let moves = legal(&v, &pos);
    let pawn_swaps: Vec<&String> = moves
        .iter()
        .filter(|m| m.ends_with("@swap") && (m.starts_with("a2") || m.contains("d5@")))
        .collect();
    assert!(pawn_swaps.is_empty(), "{pawn_swaps:?}");
    assert!(moves.contains(&"c7b2@swap".to_string()), "{moves:?}");
    let forgotten = read(&v, fen.trim_end_matches(" last=a2d5@swap"));
    assert_ne!(forgotten, pos);
    assert!(legal(&v, &forgotten).contains(&"a2b2@swap".to_string()));
    // A move that is no exchange clears it.
    let (fen, _) = after(&v, &fen, "h7h6");
    assert!(!fen.contains("last="), "{fen}");
}

/// With the kings excluded (Popeye's RexExclusive), a king never
/// exchanges; with them (the default) the kings may.
#[test]
fn kings_exchange_unless_excluded() {
    let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let v = variant("messigny");
    assert!(legal(&v, &read(&v, text)).contains(&"e1e8@swap".to_string()));
    let v = variant("messigny-rex-exclusive");
    assert!(!legal(&v, &read(&v, text)).iter().any(|m| m.ends_with("@swap")));
}

/// Every legal move along seeded random games of both variants reads
/// back from its coordinates and from its algebraic form.
#[test]
fn compound_moves_read_back() {
    for name in ["take-and-make", "messigny"] {
        let v = variant(name);
        let mut seed: u64 = 0x5eed;
        let mut compound = 0;
        for _game in 0..6 {
            let mut pos = v.start_position();
            for _ply in 0..50 {
                let moves = v.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                for mv in &moves {
                    let written = uci::write(&v, mv);
                    compound += usize::from(written.contains(',') || written.contains('@'));
                    assert_eq!(uci::parse(&v, &pos, &written).unwrap(), *mv, "{name}: {written}");
                    let mut next = pos.clone();
                    let mut events: Vec<Event> = Vec::new();
                    next.make_traced(&v, *mv, &mut events);
                    let algebraic = san::write(&v, &pos, mv, &events, &next);
                    assert_eq!(san::find(&v, &pos, &algebraic).unwrap(), *mv, "{name}: {algebraic}");
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(&v, moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(compound > 50, "{name}: only {compound} compound moves seen");
    }
}

/// Misused compound effects are reported where they stand.
#[test]
fn misuse_is_reported() {
    let out = diagnostics(r#"(extends: "chess", name: "X", rules: ["on arrival: move(mover as captured, required)"])"#);
    assert!(out.contains("only in an `on capture` rule"), "{out}");
    let out = diagnostics(
        r#"(extends: "chess", name: "X", rules: ["on capture if count(any) > 3: move(mover as captured, required)"])"#,
    );
    assert!(out.contains("may not have an `if` condition"), "{out}");
    let out = diagnostics(r#"(extends: "chess", name: "X", rules: ["on capture: exchange(target)"])"#);
    assert!(out.contains("only in a piece's action"), "{out}");
    let out = diagnostics(
        r#"(extends: "chess", name: "X", actions: [(name: "a", target: "enemy - last(swap)", effect: "remove(target)")])"#,
    );
    assert!(out.contains("`swap` is not an action of this variant"), "{out}");
    let out = diagnostics(r#"(extends: "chess", name: "X", rules: ["on capture: move(mover as kinds, required)"])"#);
    assert!(out.contains("move"), "{out}");
    // A FEN may name the last exchange only where a rule reads it.
    let chess = Variant::load("chess").unwrap();
    let e = fen::parse(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 last=e1e8@swap").unwrap_err();
    assert!(e.message.contains("reads no last move"), "{}", e.message);
    let v = variant("messigny");
    let e = fen::parse(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 last=e1e8@jump").unwrap_err();
    assert!(e.message.contains("`jump` is not an action"), "{}", e.message);
}

/// The engine beats a random mover at both compound-move variants (a
/// few games here; `kaboom match VARIANT --opponent random --games 100
/// --nodes 10000` is the full check).
#[test]
fn the_engine_beats_a_random_mover_at_compound_moves() {
    for name in ["take-and-make", "messigny"] {
        let path = format!("{}/variants/fairy/{name}.ron", env!("CARGO_MANIFEST_DIR"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaboom"))
            .args([
                "match",
                &path,
                "--games",
                "2",
                "--nodes",
                "2000",
                "--opponent",
                "random",
            ])
            .args(["--openings", "0", "--format", "json"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let report: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(report["engine"]["wins"].as_u64(), Some(2), "{name}: {text}");
    }
}

/// `kaboom validate` reports a misused compound effect with its place in
/// the file, and exits 1.
#[test]
fn validate_reports_misuse_at_its_place() {
    let path = std::env::temp_dir().join(format!("kaboom-compound-{}.ron", std::process::id()));
    let text = "(\n    extends: \"chess\",\n    name: \"X\",\n    rules: [\"after move: move(mover as captured, required)\"],\n)\n";
    std::fs::write(&path, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(["validate", path.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    // miette wraps long messages: look for a part that stays on one line.
    assert!(err.contains("so it stands only in an"), "{err}");
    assert!(err.contains(":4:"), "no line in {err}");
}
