//! Passing (`pass: true`): the pass move, its notation (the royal's square
//! twice, as Fairy-Stockfish writes it; `0000` and `@@@@` read too), its
//! legality (not while in check), what it changes (the turn and the
//! clocks only), and the `passes` quantity that ends a game.

use kaboom::{Game, GameResult};
use kaboom::{MoveKind, Perft, Variant};
use kaboom::{fen, uci};

fn passing() -> Variant {
    Variant::load("tests/fixtures/valid/passing.ron").unwrap()
}

#[test]
fn a_pass_is_written_as_the_royal_square_twice_and_read_in_three_forms() {
    let v = passing();
    let start = v.start_position();
    let passes: Vec<_> = v
        .legal_moves(&start)
        .into_iter()
        .filter(|m| m.kind == MoveKind::Pass)
        .collect();
    assert_eq!(passes.len(), 1);
    assert_eq!(uci::write(&v, &passes[0]), "a1a1");
    for text in ["a1a1", "0000", "@@@@"] {
        assert_eq!(uci::parse(&v, &start, text).unwrap(), passes[0], "{text}");
    }
    // Another piece's square twice is no move.
    assert!(uci::parse(&v, &start, "e1e1").is_err());
}

#[test]
fn a_pass_changes_the_turn_and_the_clocks_only() {
    let v = passing();
    let start = v.start_position();
    let mut after = start.clone();
    after.make(&v, uci::parse(&v, &start, "0000").unwrap());
    let text = fen::write(&v, &after);
    assert_eq!(text, "k4/5/5/5/K3R b - - 1 1");
    // What kaboom prints reads back.
    assert_eq!(fen::write(&v, &fen::parse(&v, &text).unwrap()), text);
}

#[test]
fn no_pass_while_in_check() {
    let v = passing();
    // The black king on a8 is attacked by the rook on a1.
    let pos = fen::parse(&v, "k4/5/5/5/R3K b - - 0 1").unwrap();
    assert!(v.legal_moves(&pos).iter().all(|m| m.kind != MoveKind::Pass));
    assert!(uci::parse(&v, &pos, "0000").is_err());
}

#[test]
fn passes_in_a_row_end_the_game_and_a_move_between_resets_them() {
    let v = passing();
    let mut game = Game::new(&v, v.start_position());
    let pass = |g: &Game| uci::parse(&v, g.position(), "0000").unwrap();
    game.play(pass(&game));
    game.play(pass(&game));
    assert!(game.ending().is_none());
    // A move in between: the count starts again.
    game.play(uci::parse(&v, game.position(), "e1e2").unwrap());
    game.play(pass(&game));
    game.play(pass(&game));
    assert!(game.ending().is_none());
    game.play(pass(&game));
    let ending = game.ending().expect("three passes in a row end the game");
    assert_eq!(ending.result, GameResult::Draw);
    // Search sees it too: no moves below.
    assert!(v.legal_moves(game.position()).is_empty());
    assert_eq!(Perft::new().count(&v, game.position(), 1), 0);
}

#[test]
fn janggi_passes_with_the_general_and_two_passes_end_it_by_material() {
    let v = Variant::load("janggi").unwrap();
    let mut game = Game::new(&v, v.start_position());
    let mv = uci::parse(&v, game.position(), "e2e2").unwrap();
    assert_eq!(mv.kind, MoveKind::Pass);
    game.play(mv);
    game.play(uci::parse(&v, game.position(), "e9e9").unwrap());
    // Equal material: Black's 1.5 points decide (`passes >= 2: black wins`).
    assert_eq!(game.ending().map(|e| e.result), Some(GameResult::BlackWins));
    // White two points up (a soldier more): White wins.
    let pos = fen::parse(
        &v,
        "rnba1abnr/4k4/1c5c1/2p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    )
    .unwrap();
    let mut game = Game::new(&v, pos);
    for pass in ["0000", "0000"] {
        game.play(uci::parse(&v, game.position(), pass).unwrap());
    }
    assert_eq!(game.ending().map(|e| e.result), Some(GameResult::WhiteWins));
}

#[test]
fn janggi_bikjang_must_be_answered_by_ending_it_or_passing() {
    let v = Variant::load("janggi").unwrap();
    // The generals face each other on the open e-file, White to move.
    let pos = fen::parse(&v, "4k4/9/9/9/9/9/9/9/3R5/4K4 w - - 0 1").unwrap();
    let legal: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(&v, m)).collect();
    // The chariot ends it by stepping in between; the general by leaving
    // the file; a pass is allowed; a move that keeps them facing is not.
    for mv in ["d2e2", "e1f1", "e1d1", "e1e1"] {
        assert!(legal.contains(&mv.to_string()), "{mv} in {legal:?}");
    }
    assert!(!legal.contains(&"d2d3".to_string()), "{legal:?}");
    // A pass answering bikjang ends the game, decided by material: White's
    // chariot wins it.
    let mut game = Game::new(&v, pos);
    game.play(uci::parse(&v, game.position(), "e1e1").unwrap());
    let ending = game.ending().expect("a pass in bikjang ends the game");
    assert_eq!(ending.result, GameResult::WhiteWins);
    assert!(v.legal_moves(game.position()).is_empty());
}

/// `pass_on_stalemate`: a side passes only when it has no other legal
/// move and is not in check (Fairy-Stockfish's `passOnStalemate`).
#[test]
fn a_pass_on_stalemate_comes_only_when_nothing_else_is_legal() {
    let v = Variant::from_text(
        "stuck.ron",
        r#"(
            name: "Stuck",
            board: (files: 4, ranks: 4),
            pieces: [(letter: 'P', name: "pawn", moves: "fmW"), (letter: 'N', name: "knight", moves: "N")],
            start: "4/p3/P3/3N w - - 0 1",
            legal: [],
            pass_on_stalemate: true,
            end: ["passes >= 2: draw", "count(own) == 0: loss", "stalemate: draw"],
        )"#,
    )
    .unwrap();
    let start = v.start_position();
    // The knight may move: no pass.
    let mut moves: Vec<String> = v.legal_moves(&start).iter().map(|m| uci::write(&v, m)).collect();
    moves.sort();
    assert_eq!(moves, ["d1b2", "d1c3"]);
    // Black's pawn is blocked: it passes, written with its square.
    let black = fen::parse(&v, "4/p3/P3/3N b - - 0 1").unwrap();
    let moves: Vec<_> = v.legal_moves(&black);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].kind, MoveKind::Pass);
    assert_eq!(uci::write(&v, &moves[0]), "a3a3");
    assert_eq!(uci::parse(&v, &black, "0000").unwrap(), moves[0]);
}
