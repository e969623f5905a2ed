//! Othello- and Ataxx-style rules (docs/effects.md, Square sets and
//! Counting the pieces; docs/format.md, Drops): drops only where they
//! enclose (`enclosing`, and `through blocked`), the owner change that
//! flips (`recolour(enclosed(...))`, `recolour(adjacent(mover) & enemy)`),
//! endless hands (`free`) and the ends that count the pieces.

use kaboom::{Game, GameResult, Variant, fen, uci};

fn inline(text: &str) -> Variant {
    Variant::from_text("t.ron", text).unwrap_or_else(|e| panic!("{e}"))
}

/// An 8x8 Othello: immobile discs dropped where they enclose, flipped,
/// the full board counted.
fn othello(zone: &str) -> Variant {
    inline(&format!(
        r#"(
    name: "t",
    board: (files: 8, ranks: 8),
    pieces: [(letter: 'P', name: "disc", moves: "")],
    start: "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPpppppppp] w - - 0 1",
    drops: (captures_to_hand: false, zones: [(pieces: "P", squares: "{zone}")]),
    rules: ["after move: recolour(enclosed(mover, Q))"],
    legal: [],
    pass_on_stalemate: true,
    end: [
        "squares(empty) == 0 and count(own) > count(enemy): win",
        "squares(empty) == 0 and count(own) < count(enemy): loss",
        "squares(empty) == 0: draw",
        "passes >= 2 and count(own) > count(enemy): win",
        "passes >= 2 and count(own) < count(enemy): loss",
        "passes >= 2: draw",
    ],
)"#
    ))
}

fn moves(v: &Variant, start: &str) -> Vec<String> {
    let pos = fen::parse(v, start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let mut out: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    out.sort();
    out
}

fn after(v: &Variant, start: &str, moves: &[&str]) -> String {
    let mut pos = fen::parse(v, start).unwrap_or_else(|e| panic!("{start}: {e}"));
    for m in moves {
        let mv = uci::parse(v, &pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(v, mv);
    }
    fen::write(v, &pos)
}

#[test]
fn drops_go_only_where_they_enclose_and_flip_what_they_enclose() {
    let v = othello("adjacent(enemy) & enclosing(empty, Q)");
    let start = "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPpppppppp] w - - 0 1";
    // Othello's four opening moves.
    assert_eq!(moves(&v, start), ["P@c5", "P@d6", "P@e3", "P@f4"]);
    // The drop on e3 closes the run e4 with the disc on e5.
    assert_eq!(
        after(&v, start, &["P@e3"]),
        "8/8/8/3pP3/3PP3/4P3/8/8[PPPPPPPpppppppp] b - - 0 1"
    );
}

#[test]
fn through_blocked_lets_a_wall_continue_the_run() {
    // White on a1, a wall on b2, Black on c3: from d4 the diagonal runs
    // over c3 and the wall to a1 only when walls count.
    let plain = othello("adjacent(enemy) & enclosing(empty, Q)");
    let through = othello("adjacent(enemy) & enclosing(empty, Q, through blocked)");
    let start = "8/8/8/8/8/2p5/1*6/P7[P] w - - 0 1";
    assert!(moves(&plain, start).iter().all(|m| !m.contains('@')));
    assert_eq!(moves(&through, start), ["P@d4"]);
    // The flip itself stops at the wall: c3 stays Black's.
    assert_eq!(after(&through, start, &["P@d4"]), "8/8/8/8/3P4/2p5/1*6/P7[] b - - 0 1");
}

#[test]
fn the_full_board_is_counted() {
    let v = othello("all");
    // One square left; White fills it and has more discs: White wins.
    let pos = fen::parse(
        &v,
        "pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPP1[P] w - - 0 1",
    )
    .unwrap();
    let mut game = Game::new(&v, pos);
    assert!(game.ending().is_none());
    let mv = uci::parse(&v, game.position(), "P@h1").unwrap();
    game.play(mv);
    assert_eq!(game.ending().map(|e| e.result), Some(GameResult::WhiteWins));
    assert!(v.legal_moves(game.position()).is_empty());
}

/// Ataxx: endless hands dropped next to an own piece, jumps, and the
/// pieces next to where one lands turn.
fn ataxx() -> Variant {
    inline(
        r#"(
    name: "t",
    board: (files: 7, ranks: 7),
    pieces: [(letter: 'P', name: "blob", moves: "mDmNmA")],
    start: "P5p/7/7/7/7/7/p5P w - - 0 1",
    drops: (captures_to_hand: false, free: true, zones: [(pieces: "P", squares: "adjacent(own)")]),
    rules: ["after move: recolour(adjacent(mover) & enemy)"],
    legal: [],
    end: ["squares(empty) == 0: draw"],
)"#,
    )
}

#[test]
fn endless_hands_drop_next_to_own_pieces_and_keep_no_count() {
    let v = ataxx();
    let start = "P5p/7/7/7/7/7/p5P w - - 0 1";
    // Fairy-Stockfish's 16 first moves: 10 jumps and 6 drops.
    let all = moves(&v, start);
    assert_eq!(all.len(), 16);
    assert_eq!(all.iter().filter(|m| m.contains('@')).count(), 6);
    // A drop writes no hand; the blob next to it turns.
    assert_eq!(
        after(&v, "7/7/7/7/7/1p5/P6 w - - 0 1", &["P@a2"]),
        "7/7/7/7/7/PP5/P6 b - - 0 1"
    );
    // A FEN may not give pieces in an endless hand.
    let err = fen::parse(&v, "P5p/7/7/7/7/7/p5P[P] w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(err.contains("endless"), "{err}");
    assert!(fen::parse(&v, "P5p/7/7/7/7/7/p5P[] w - - 0 1").is_ok());
}

#[test]
fn a_misspelt_through_blocked_is_an_error() {
    let err = Variant::from_text(
        "t.ron",
        r#"(extends: "chess", name: "t", rules: ["after move: remove(enclosing(empty, Q, through walls))"])"#,
    )
    .unwrap_err()
    .to_string();
    assert!(!err.is_empty());
}

/// A connection game on 3x3: the side that just moved wins once its
/// pieces link the a-file to the c-file, growing right and up only.
fn linked() -> Variant {
    inline(
        r#"(
    name: "t",
    board: (files: 3, ranks: 3),
    pieces: [(letter: 'P', name: "stone", moves: "")],
    start: "3/3/3 w - - 0 1",
    drops: (captures_to_hand: false, free: true),
    legal: [],
    end: ["white connected(enemy, files(a), files(c), rWfW): loss", "stalemate: draw"],
)"#,
    )
}

#[test]
fn connected_chains_grow_one_way_only() {
    let v = linked();
    let ending = |fen_text: &str| {
        let pos = fen::parse(&v, fen_text).unwrap_or_else(|e| panic!("{e}"));
        Game::new(&v, pos).ending().map(|e| e.result)
    };
    // White's row a2-c2, Black to move: White has linked the files.
    assert_eq!(ending("3/PPP/3 b - - 0 1"), Some(GameResult::WhiteWins));
    // a2, b2, b1, c1: the chain would have to step down from b2.
    assert_eq!(ending("3/PP1/1PP b - - 0 1"), None);
    // a1, b1, b2, c2: right, up, right.
    assert_eq!(ending("3/1PP/PP1 b - - 0 1"), Some(GameResult::WhiteWins));
    // Read for the side to move: Black's pieces count once White is to move.
    assert_eq!(ending("3/ppp/3 w - - 0 1"), Some(GameResult::BlackWins));
    assert_eq!(ending("3/ppp/3 b - - 0 1"), None);
}
