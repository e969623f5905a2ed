//! Generic mechanisms that must hold outside the bundled files: en passant
//! after any move that leaves targets, castling resolved per side and found
//! in each FEN, `attacked(S)` by the piece's opponent, side-relative
//! directions in sentences, one move per destination, ranks and pieces
//! named from a side, `can reach`, promotion by rank and by material.

use kaboom::{Game, MoveKind, Perft, Position, Variant};
use kaboom::{fen, uci};

fn fixture(name: &str) -> Variant {
    let path = format!("{}/tests/fixtures/valid/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn chess_with(extra: &str) -> Variant {
    let text = format!("(extends: \"chess\", name: \"test\", {extra})");
    Variant::from_text("test.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn read(variant: &Variant, text: &str) -> Position {
    fen::parse(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays UCI moves from `start` and returns the FEN reached.
fn after(variant: &Variant, start: &str, moves: &[&str]) -> String {
    let mut game = Game::new(variant, read(variant, start));
    for m in moves {
        let mv = uci::parse(variant, game.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv);
    }
    fen::write(variant, game.position())
}

fn legal(variant: &Variant, pos: &Position) -> Vec<String> {
    variant
        .legal_moves(pos)
        .iter()
        .map(|m| uci::write(variant, m))
        .collect()
}

// Item: en passant in FEN after moves that are not straight double steps.

#[test]
fn a_diagonal_double_step_writes_a_fen_that_reads_back() {
    let v = fixture("diagonal-pawns");
    let text = after(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["c2e4"],
    );
    assert_eq!(text, "rnbqkbnr/pppppppp/8/8/4P3/8/PP1PPPPP/RNBQKBNR b KQkq d3 0 1");
    let pos = read(&v, &text);
    assert_eq!(fen::write(&v, &pos), text);
    // A black pawn on c4 takes e4 en passant by stepping onto d3.
    let text = after(&v, "4k3/8/8/8/2p5/8/2P5/4K3 w - - 0 1", &["c2e4"]);
    let pos = read(&v, &text);
    let moves = v.legal_moves(&pos);
    let ep = moves
        .iter()
        .find(|m| m.kind == MoveKind::EnPassant)
        .expect("c4d3 en passant");
    assert_eq!(uci::write(&v, ep), "c4d3");
    assert_eq!(after(&v, &text, &["c4d3"]), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
}

#[test]
fn berolina_en_passant_reads_from_the_fen_alone() {
    let v = fixture("berolina");
    let text = after(&v, "4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1", &["b2d4"]);
    assert_eq!(text, "4k3/8/8/8/2pP4/8/8/4K3 b - c3 0 1");
    let pos = read(&v, &text);
    assert_eq!(fen::write(&v, &pos), text);
    assert!(legal(&v, &pos).contains(&"c4c3".to_string()));
    assert_eq!(after(&v, &text, &["c4c3"]), "4k3/8/8/8/8/2p5/8/4K3 w - - 0 2");
}

#[test]
fn a_square_two_pieces_may_have_passed_names_its_victim() {
    let v = fixture("berolina");
    // b4 (from d2) and d4 (from b2) both passed c3: the square alone reads
    // as the first, `epvictim=` names the other.
    let plain = "4k3/8/8/8/1PpP4/8/8/4K3 b - c3 0 1";
    assert_eq!(after(&v, plain, &["c4c3"]), "4k3/8/8/8/3P4/2p5/8/4K3 w - - 0 2");
    let named = "4k3/8/8/8/1PpP4/8/8/4K3 b - c3 0 1 epvictim=d4";
    let pos = read(&v, named);
    assert_eq!(fen::write(&v, &pos), named);
    assert_eq!(after(&v, named, &["c4c3"]), "4k3/8/8/8/1P6/2p5/8/4K3 w - - 0 2");
    // Played: b2d4 beside a pawn on b4 that could have come from d2; the
    // FEN names d4, and reading it back takes d4.
    let text = after(&v, "4k3/8/8/8/1Pp5/8/1P6/4K3 w - - 0 1", &["b2d4"]);
    assert_eq!(text, named);
    assert_eq!(after(&v, &text, &["c4c3"]), "4k3/8/8/8/1P6/2p5/8/4K3 w - - 0 2");
}

#[test]
fn an_en_passant_square_nothing_passed_is_refused() {
    let v = fixture("berolina");
    let e = fen::parse(&v, "4k3/8/8/8/2p5/8/8/4K3 b - c3 0 1").unwrap_err();
    assert!(e.message.contains("en passant square c3"), "{}", e.message);
}

// Item: castling for one side only.

#[test]
fn castling_resolves_per_side() {
    let issue = chess_with(r#"start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w kq - 0 1""#);
    assert_eq!(issue.castling_rules().len(), 2, "Black's two rules only");
    let v = fixture("horde");
    let pos = read(&v, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP b kq - 0 1");
    let moves = legal(&v, &pos);
    assert!(moves.contains(&"e8g8".to_string()) && moves.contains(&"e8c8".to_string()));
    let e = fen::parse(&v, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w Kkq - 0 1").unwrap_err();
    assert!(
        e.message.contains("castling right `K`: White has no king"),
        "{}",
        e.message
    );
}

// Item: X-FEN / Shredder-FEN castling letters and FENs of any start position.

#[test]
fn file_letters_name_castling_rooks() {
    let chess = Variant::load("chess").unwrap();
    let shredder = read(&chess, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(shredder, read(&chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    // Chess960: a rook outside the castling one makes the castling one
    // named by its file (White's g1, Black's b8); the others keep K/Q.
    let v = fixture("chess960");
    let mut fitted = v.clone();
    let text = "rr2k2r/8/8/8/8/8/8/1R2K1RR w GBhb - 0 1";
    let pos = fen::parse_fitting(&mut fitted, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fen::write(&fitted, &pos), "rr2k2r/8/8/8/8/8/8/1R2K1RR w GQkb - 0 1");
    let castles = fitted
        .legal_moves(&pos)
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Castle(_)))
        .count();
    assert_eq!(castles, 2, "both castlings, the g1 rook's on the king's side");
    let mut again = v.clone();
    assert_eq!(
        fen::parse_fitting(&mut again, "rr2k2r/8/8/8/8/8/8/1R2K1RR w GQkb - 0 1").unwrap(),
        pos
    );
}

#[test]
fn a_random_setup_fen_reads_without_its_seed() {
    for seed in [1, 2, 7, 12345] {
        let seeded = Variant::load_seeded("capatomic-random", Some(seed)).unwrap();
        let text = fen::write(&seeded, &seeded.start_position());
        let mut plain = Variant::load("capatomic-random").unwrap();
        let pos = fen::parse_fitting(&mut plain, &text).unwrap_or_else(|e| panic!("seed {seed}: {text}: {e}"));
        assert_eq!(pos, seeded.start_position(), "seed {seed}");
        assert_eq!(fen::write(&plain, &pos), text);
        let mut perft = Perft::new();
        assert_eq!(
            perft.count(&plain, &pos, 2),
            perft.count(&seeded, &seeded.start_position(), 2),
            "seed {seed}"
        );
    }
}

// Item: attacked(S) by the side opposing the piece on S.

#[test]
fn attacked_asks_about_the_opponent_of_the_piece() {
    let v = chess_with(r#"rules: ["after move if attacked(enemy royal): remove(own royal)"]"#);
    let mut perft = Perft::new();
    assert_eq!(perft.count(&v, &v.start_position(), 1), 20);
    // A check removes the checker's king, for either side.
    assert_eq!(
        after(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"]),
        "R3k3/8/8/8/8/8/8/8 b - - 0 1"
    );
    assert_eq!(
        after(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a2"]),
        "4k3/8/8/8/8/8/R7/4K3 b - - 1 1"
    );
    assert_eq!(
        after(&v, "r3k3/8/8/8/8/8/8/4K3 b - - 0 1", &["a8a1"]),
        "8/8/8/8/8/8/8/r3K3 w - - 0 2"
    );
    // Own pieces: attacked by the enemy.
    let own = chess_with(r#"rules: ["after move if attacked(own Q): remove(own Q)"]"#);
    assert_eq!(
        after(&own, "4k3/3r4/8/8/8/8/8/3QK3 w - - 0 1", &["d1d2"]),
        "4k3/3r4/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&own, "4k3/3r4/8/8/8/8/8/3QK3 w - - 0 1", &["d1c2"]),
        "4k3/3r4/8/8/8/8/2Q5/4K3 b - - 1 1"
    );
    // An empty square: attacked by the enemy of the rule's side.
    let empty = chess_with(r#"rules: ["after move if attacked(origin): remove(mover)"]"#);
    assert_eq!(
        after(&empty, "4k3/8/8/8/8/8/r7/N3K3 w - - 0 1", &["a1b3"]),
        "4k3/8/8/8/8/8/r7/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&empty, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", &["a1b3"]),
        "4k3/8/8/8/8/1N6/8/4K3 b - - 1 1"
    );
}

// Item: directions in sentence templates are read from the rule's side.

#[test]
fn first_reads_directions_from_the_rules_side() {
    let v = chess_with(r#"rules: ["after move if exists(first(enemy royal, bF) & own P): remove(enemy royal)"]"#);
    // A pawn check removes the enemy king, for White and for Black.
    assert_eq!(
        after(&v, "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", &["d6d7"]),
        "8/3P4/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&v, "4k3/8/8/8/8/3p4/8/4K3 b - - 0 1", &["d3d2"]),
        "4k3/8/8/8/8/8/3p4/8 w - - 0 2"
    );
}

#[test]
fn lines_read_directions_from_the_rules_side() {
    let v = chess_with(r#"rules: ["after move: remove(lines(mover, fR) & enemy)"]"#);
    // Forward from the knight: up the board for White, down for Black.
    assert_eq!(
        after(&v, "4k3/2p5/2p5/8/8/8/8/1N2K3 w - - 0 1", &["b1c3"]),
        "4k3/8/8/8/8/2N5/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&v, "1n2k3/2p5/8/8/8/2P5/2P5/4K3 b - - 0 1", &["b8c6"]),
        "4k3/2p5/2n5/8/8/8/8/4K3 w - - 0 2"
    );
}

/// `en_passant_ranks`: horde's first-rank double step leaves no en
/// passant target, its second-rank one does.
#[test]
fn en_passant_only_from_the_ranks_given() {
    let v = Variant::load("horde").unwrap();
    let start = "4k3/8/8/8/8/1p6/2P5/2P1K3 w - - 0 1";
    assert_eq!(after(&v, start, &["c2c4"]), "4k3/8/8/8/2P5/1p6/8/2P1K3 b - c3 0 1");
    let start = "4k3/8/8/8/8/8/1p6/2P1K3 w - - 0 1";
    assert_eq!(after(&v, start, &["c1c3"]), "4k3/8/8/8/8/2P5/1p6/4K3 b - - 0 1");
}

// Absolute ranks and sides, `can reach`, promotion by rank and material.

/// The result of the game standing at `text`, if it has ended.
fn ending(variant: &Variant, text: &str) -> Option<kaboom::GameResult> {
    Game::new(variant, read(variant, text)).ending().map(|e| e.result)
}

#[test]
fn ranks_may_be_counted_from_a_named_side() {
    use kaboom::GameResult::{BlackWins, WhiteWins};
    // The same goal for both sides: the top rank.
    let absolute = chess_with(r#"end: ["exists(own K & white ranks(8)): win", "checkmate: loss"]"#);
    // Each side's own 8th rank, and the same counted from the other side.
    let relative = chess_with(r#"end: ["exists(own K & ranks(8)): win", "checkmate: loss"]"#);
    let from_enemy = chess_with(r#"end: ["exists(own K & enemy ranks(1)): win", "checkmate: loss"]"#);
    let from_black = chess_with(r#"end: ["exists(own K & black ranks(1)): win", "checkmate: loss"]"#);
    let black_on_top = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1";
    let black_at_bottom = "8/8/8/8/8/8/R7/4k1K1 b - - 0 1";
    assert_eq!(ending(&absolute, black_on_top), Some(BlackWins));
    assert_eq!(ending(&absolute, black_at_bottom), None);
    assert_eq!(ending(&from_black, black_on_top), Some(BlackWins));
    assert_eq!(ending(&relative, black_on_top), None);
    assert_eq!(ending(&relative, black_at_bottom), Some(BlackWins));
    assert_eq!(ending(&from_enemy, black_at_bottom), Some(BlackWins));
    let white_on_top = "4K3/8/8/8/8/8/8/4k3 w - - 0 1";
    for v in [&absolute, &relative, &from_enemy, &from_black] {
        assert_eq!(ending(v, white_on_top), Some(WhiteWins));
    }
}

#[test]
fn pieces_may_be_named_by_colour() {
    // `white N` is White's knights whoever owns the rule.
    let v = chess_with(r#"end: ["count(white N) == 0: loss", "checkmate: loss"]"#);
    assert_eq!(
        ending(&v, "4k3/8/8/8/8/8/8/4K3 b - - 0 1"),
        Some(kaboom::GameResult::WhiteWins)
    );
    assert_eq!(
        ending(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Some(kaboom::GameResult::BlackWins)
    );
    assert_eq!(ending(&v, "4k3/8/8/8/8/8/8/N3K3 b - - 0 1"), None);
}

#[test]
fn can_reach_asks_for_the_legal_moves_of_the_side_to_move() {
    // The side to move loses when the enemy king stands on the top rank
    // and its own king cannot step there with a legal move.
    let v = chess_with(
        r#"end: ["exists(enemy royal & white ranks(8)) and not can reach(own royal, white ranks(8)): loss", "stalemate: draw"]"#,
    );
    // Black's king can step to d8 or f8: the game goes on, with all of
    // Black's moves.
    let pos = read(&v, "K7/4k3/8/8/8/8/8/7R b - - 0 1");
    assert_eq!(ending(&v, "K7/4k3/8/8/8/8/8/7R b - - 0 1"), None);
    assert_eq!(v.legal_moves(&pos).len(), 8);
    // A rook on the 8th rank guards it: Black has lost, with no move.
    let pos = read(&v, "K6R/8/4k3/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        ending(&v, "K6R/8/4k3/8/8/8/8/8 b - - 0 1"),
        Some(kaboom::GameResult::WhiteWins)
    );
    assert!(v.legal_moves(&pos).is_empty());
    let pos = read(&v, "K6R/4k3/8/8/8/8/8/8 b - - 0 1");
    assert!(v.legal_moves(&pos).is_empty(), "{:?}", legal(&v, &pos));
}

#[test]
fn promotion_by_rank_and_by_material() {
    let v =
        chess_with(r#"promotion: (pieces: "P", ranks: [7, 8], choices: "QN", mandatory_ranks: [8], limits: {'Q': 1})"#);
    let moves = |text: &str| {
        let pos = read(&v, text);
        let mut m: Vec<String> = legal(&v, &pos).into_iter().filter(|m| m.starts_with('b')).collect();
        m.sort();
        m
    };
    // Optional on the 7th rank, compulsory on the 8th; a queen while the
    // side has none.
    assert_eq!(moves("k7/8/1P6/8/8/8/8/4K3 w - - 0 1"), ["b6b7", "b6b7n", "b6b7q"]);
    assert_eq!(moves("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), ["b7b8n", "b7b8q"]);
    // With a queen on the board only the knight is open.
    assert_eq!(moves("4k3/1P6/8/8/8/8/8/Q3K3 w - - 0 1"), ["b7b8n"]);
    assert_eq!(moves("k7/8/1P6/8/8/8/8/Q3K3 w - - 0 1"), ["b6b7", "b6b7n"]);
    // No choice open on a compulsory rank: the pawn cannot go there.
    let limited =
        chess_with(r#"promotion: (pieces: "P", ranks: [7, 8], choices: "Q", mandatory_ranks: [8], limits: {'Q': 1})"#);
    let pos = read(&limited, "4k3/1P6/8/8/8/8/8/Q3K3 w - - 0 1");
    assert!(!legal(&limited, &pos).iter().any(|m| m.starts_with("b7")));
}
