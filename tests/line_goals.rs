//! Line goals in end rules: `in_row(S, n, T)` (n pieces of S on
//! consecutive squares along T's directions), `collinear(S, n, T)` (n
//! on one line, gaps allowed) and `in_block(S, n)` (n by n filling a
//! square block). Read for the side to move, `enemy` is the
//! side that has just moved: a completed line ends the game at once, in
//! play and in search; an incomplete one, a line along a direction the
//! template leaves out, or a line of the side to move does not.

use kaboom::{Game, GameResult};
use kaboom::{Perft, Variant};
use kaboom::{fen, uci};

/// Stones that step one square any way, on a 5x5 board; the rules as given.
fn stones(end: &[&str]) -> Variant {
    let end: Vec<String> = end.iter().map(|e| format!("{e:?}")).collect();
    let text = format!(
        r#"(
    name: "Stones",
    board: (files: 5, ranks: 5),
    pieces: [
        (letter: 'P', name: "stone", moves: "mK"),
        (letter: 'M', name: "marker", moves: "mK"),
    ],
    start: "5/5/5/5/5 w - - 0 1",
    legal: [],
    end: [{}],
)"#,
        end.join(", ")
    );
    Variant::from_text("stones.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The game from `start` after `moves`, and how it ended, if it did.
fn play(v: &Variant, start: &str, moves: &[&str]) -> (Option<GameResult>, u64) {
    let mut game = Game::new(v, fen::parse(v, start).unwrap());
    for m in moves {
        let mv = uci::parse(v, game.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv);
    }
    let ending = game.ending().map(|e| e.result);
    (ending, Perft::new().count(v, game.position(), 2))
}

#[test]
fn a_completed_row_ends_the_game_for_the_side_that_made_it() {
    let v = stones(&["in_row(enemy, 3, K): loss", "stalemate: draw"]);
    // White's stones on a1 and b2; c4 steps to c3: a diagonal row of three.
    let (ending, nodes) = play(&v, "5/2P2/5/1P3/P3p w - - 0 1", &["c4c3"]);
    assert_eq!(ending, Some(GameResult::WhiteWins));
    assert_eq!(nodes, 0, "search stops at the completed row");
    // Black completes a row along a rank.
    let (ending, _) = play(&v, "5/pp1P1/2p2/5/P4 b - - 0 1", &["c3c4"]);
    assert_eq!(ending, Some(GameResult::BlackWins));
}

#[test]
fn a_row_with_a_gap_or_too_short_goes_on() {
    let v = stones(&["in_row(enemy, 3, K): loss", "stalemate: draw"]);
    // a1, b2 and d4: on one diagonal, but c3 is empty.
    let (ending, nodes) = play(&v, "5/3P1/5/1P3/P3p w - - 0 1", &[]);
    assert_eq!(ending, None);
    assert!(nodes > 0);
    let (ending, _) = play(&v, "5/2P2/5/1P3/P3p w - - 0 1", &["c4d5"]);
    assert_eq!(ending, None);
}

#[test]
fn only_the_side_that_just_moved_is_read() {
    let v = stones(&["in_row(enemy, 3, K): loss", "stalemate: draw"]);
    // White to move already has a row (a position set up so): the rule
    // reads Black's stones, which have none.
    let (ending, nodes) = play(&v, "5/5/5/p4/PPP2 w - - 0 1", &[]);
    assert_eq!(ending, None);
    assert!(nodes > 0);
}

#[test]
fn the_template_chooses_the_lines() {
    let ranks = stones(&["in_row(enemy, 3, sW): loss", "stalemate: draw"]);
    let files = stones(&["in_row(enemy, 3, vW): loss", "stalemate: draw"]);
    // b1, b2 and now b3: a row along a file.
    let start = "5/5/2P2/1P3/1P2p w - - 0 1";
    assert_eq!(play(&ranks, start, &["c3b3"]).0, None);
    assert_eq!(play(&files, start, &["c3b3"]).0, Some(GameResult::WhiteWins));
}

#[test]
fn the_set_chooses_the_pieces() {
    let v = stones(&["in_row(enemy M, 3, K): loss", "stalemate: draw"]);
    let (ending, _) = play(&v, "5/2M2/5/1M3/P3p w - - 0 1", &["c4c3"]);
    assert_eq!(ending, None, "a stone does not complete a row of markers");
    let (ending, _) = play(&v, "5/2M2/5/1M3/M3p w - - 0 1", &["c4c3"]);
    assert_eq!(ending, Some(GameResult::WhiteWins));
}

#[test]
fn collinear_pieces_may_stand_apart() {
    // The side that lines up three markers loses (as the three musketeers).
    let v = stones(&["collinear(enemy M, 3, W): win", "stalemate: draw"]);
    // Markers on a1 and a5; b3 steps to a3: one file, with gaps.
    let (ending, nodes) = play(&v, "M4/5/1M3/5/M3p w - - 0 1", &["b3a3"]);
    assert_eq!(ending, Some(GameResult::BlackWins));
    assert_eq!(nodes, 0);
    // On a diagonal instead: `W` reads ranks and files only.
    let (ending, _) = play(&v, "4M/5/1M3/5/M3p w - - 0 1", &["b3c3"]);
    assert_eq!(ending, None);
    // Two on the file and one beside it: no line of three.
    let (ending, _) = play(&v, "M4/5/1M3/5/M3p w - - 0 1", &["b3b2"]);
    assert_eq!(ending, None);
}

#[test]
fn a_filled_block_ends_the_game() {
    let v = stones(&["in_block(enemy, 2): loss", "stalemate: draw"]);
    // c1, c2 and d2; e1 steps to d1: the block c1-d2.
    let (ending, nodes) = play(&v, "p4/5/5/2PP1/2P1P w - - 0 1", &["e1d1"]);
    assert_eq!(ending, Some(GameResult::WhiteWins));
    assert_eq!(nodes, 0);
    // Four in a row, or an L, is no block.
    let (ending, _) = play(&v, "p4/5/5/2PP1/2P1P w - - 0 1", &["e1e2"]);
    assert_eq!(ending, None);
    let (ending, _) = play(&v, "p4/5/5/1PP2/P3P w - - 0 1", &["e1d2"]);
    assert_eq!(ending, None);
    let three = stones(&["in_block(enemy, 3): loss", "stalemate: draw"]);
    let (ending, _) = play(&three, "p4/PPP2/PPP2/P1P2/1P3 w - - 0 1", &["b1b2"]);
    assert_eq!(ending, Some(GameResult::WhiteWins));
}
