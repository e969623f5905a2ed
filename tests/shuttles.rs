//! The end rule `N shuttles`: the side that moved has moved one piece back
//! and forth between two squares with its last N moves (Fairy-Stockfish's
//! `moveRepetitionIllegal`, N = 4, the side to move wins). Each line's
//! expected result is Fairy-Stockfish's (c19b5f6c, `janggimodern`, its
//! XBoard `go` after the moves).

use kaboom::GameResult;
use kaboom::{Game, Variant};
use kaboom::{fen, uci};

/// Janggi with the shuttle rule (advisors and generals exempt), its
/// checkmate and stalemate rules kept.
fn janggi_shuttles() -> &'static Variant {
    let text = r#"(extends: "janggi", name: "shuttles", end: ["checkmate: loss", "stalemate: loss", "4 shuttles by not A K: win"])"#;
    Box::leak(Box::new(
        Variant::from_text("shuttles.ron", text).unwrap_or_else(|e| panic!("{e}")),
    ))
}

/// The result after playing `line` from `start` (the variant's start
/// position when `None`), checking that the game had not ended before.
fn result_after(start: Option<&str>, line: &str) -> Option<(GameResult, String)> {
    let v = janggi_shuttles();
    let pos = start.map_or_else(|| v.start_position(), |f| fen::parse(v, f).unwrap());
    let mut game = Game::new(v, pos);
    for m in line.split_whitespace() {
        assert!(game.ending().is_none(), "the game ended before {m}");
        let mv = uci::parse(v, game.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.try_play(mv).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    game.ending().map(|e| (e.result, e.reason))
}

/// White's chariot goes a1-a2, then a2-a3-a2-a3-a2; Black moves other
/// pieces each time (its own moves never reverse each other).
const CHARIOT: &str = "a1a2 a10a9 a2a3 i10i9 a3a2 a9a10 a2a3 i9i10";

#[test]
fn the_fifth_move_of_a_shuttle_loses() {
    // Four moves back and forth after the one that brought the chariot to
    // a2: White loses as it makes the fourth.
    assert_eq!(result_after(None, CHARIOT), None);
    assert_eq!(
        result_after(None, &format!("{CHARIOT} a3a2")),
        Some((
            GameResult::BlackWins,
            "White moved a piece back and forth 4 times".to_string()
        ))
    );
}

#[test]
fn black_shuttling_loses_too() {
    let line = "a1a2 a10a9 i1i2 a9a8 a2a1 a8a9 i2i1 a9a8 a1a2 a8a9";
    assert_eq!(result_after(None, line).map(|e| e.0), Some(GameResult::WhiteWins));
}

#[test]
fn a_pass_may_stand_for_the_second_to_last_move() {
    // a1a2, a2a3, a3a2, a2a3, pass, a3a2: the pass counts as one of the
    // four.
    let line = "a1a2 a10a9 a2a3 i10i9 a3a2 a9a10 a2a3 i9i10 e2e2 a10a9";
    assert_eq!(result_after(None, line), None);
    assert_eq!(
        result_after(None, &format!("{line} a3a2")).map(|e| e.0),
        Some(GameResult::BlackWins)
    );
}

#[test]
fn the_exempt_kinds_may_shuttle() {
    // The advisor goes d1-e1-d1-e1-d1.
    let line = "d1e1 a10a9 e1d1 i10i9 d1e1 a9a10 e1d1 i9i10 d1e1";
    assert_eq!(result_after(None, line), None);
}

/// Black's chariot steps to i4 or checks from i3; White's soldier steps
/// up to f3, then shuttles f3-g3-f3-g3-f3; Black's general steps between
/// e9 and e10 (exempt).
const SOLDIER: &str = "8r/4k4/9/9/9/9/9/3K5/5P3/9 b - - 0 1";

#[test]
fn a_shuttle_from_a_move_made_in_check_does_not_count() {
    // The soldier's first step answered a check: no loss.
    let line = "i10i3 f2f3 i3i10 f3g3 e9e10 g3f3 e10e9 f3g3 e9e10 g3f3";
    assert_eq!(result_after(Some(SOLDIER), line), None);
    let line = "i10i4 f2f3 i4i10 f3g3 e9e10 g3f3 e10e9 f3g3 e9e10 g3f3";
    assert_eq!(
        result_after(Some(SOLDIER), line).map(|e| e.0),
        Some(GameResult::BlackWins)
    );
}

#[test]
fn a_capture_meanwhile_breaks_the_shuttle() {
    // Black's soldier on a1 captures on b1 in the middle of White's
    // shuttle; without the capture (a1b1 to an empty square) White loses.
    let capture = "8r/4k4/9/9/9/9/9/3K5/5P3/pP7 b - - 0 1";
    let quiet = "8r/4k4/9/9/9/9/9/3K5/5P3/p8 b - - 0 1";
    let line = "i10i4 f2f3 i4i10 f3g3 e9e10 g3f3 a1b1 f3g3 e10e9 g3f3";
    assert_eq!(result_after(Some(capture), line), None);
    assert_eq!(
        result_after(Some(quiet), line).map(|e| e.0),
        Some(GameResult::BlackWins)
    );
}

#[test]
fn the_move_before_the_shuttle_may_be_the_game_s_first() {
    let start = "8r/4k4/9/9/9/9/9/3K1P3/9/9 w - - 30 1";
    let line = "f3g3 e9e10 g3f3 e10e9 f3g3 e9e10 g3f3 e10e9 f3g3";
    assert_eq!(
        result_after(Some(start), line).map(|e| e.0),
        Some(GameResult::BlackWins)
    );
}

#[test]
fn fewer_than_two_shuttles_is_an_error() {
    let text = r#"(extends: "janggi", name: "bad", end: ["1 shuttles: win"])"#;
    let err = Variant::from_text("bad.ron", text).unwrap_err().to_string();
    assert!(err.contains("`1 shuttles`"), "{err}");
}

/// The search judges the rule as the game does: over the game's moves
/// before the root (`Limits::played`) and its own line.
mod search {
    use super::janggi_shuttles;
    use kaboom::{Control, Engine, Game, Limits, Score, uci};
    use std::sync::Arc;

    /// The game after `line` from the start, and the moves it played with
    /// whether their movers were in check before them.
    fn game_after(line: &str) -> (Game<'static>, Vec<(kaboom::Move, bool)>) {
        let v = janggi_shuttles();
        let mut game = Game::new(v, v.start_position());
        let mut played = Vec::new();
        for m in line.split_whitespace() {
            let mv = uci::parse(v, game.position(), m).unwrap();
            played.push((mv, v.in_check(game.position())));
            game.try_play(mv).unwrap();
        }
        (game, played)
    }

    fn search(game: &Game, played: Vec<(kaboom::Move, bool)>, only: &str, depth: u32) -> Score {
        let v = janggi_shuttles();
        let engine = Engine::new(Arc::new(v.clone()));
        let limits = Limits {
            depth: Some(depth),
            search_moves: vec![uci::parse(v, game.position(), only).unwrap()],
            played,
            ..Limits::default()
        };
        engine
            .search(game.position(), &[], &limits, &Control::new(), &mut |_| {})
            .score
    }

    #[test]
    fn the_search_sees_that_the_fifth_move_of_a_shuttle_loses() {
        // After the chariot's a1a2, a2a3, a3a2, a2a3, White's a3a2 loses
        // (the_fifth_move_of_a_shuttle_loses): the search scores it as a
        // loss in one, where the game's moves are given.
        let (game, played) = game_after(super::CHARIOT);
        assert_eq!(search(&game, played.clone(), "a3a2", 3), Score::Mate(-1));
        // At depth 1 the move's position is judged by quiescence.
        assert_eq!(search(&game, played, "a3a2", 1), Score::Mate(-1));
        // Without the game's moves the search cannot know.
        assert!(matches!(search(&game, Vec::new(), "a3a2", 3), Score::Centipawns(_)));
        // Another chariot move is no loss.
        let (game, played) = game_after(super::CHARIOT);
        assert!(matches!(search(&game, played, "a3a1", 3), Score::Centipawns(_)));
    }
}
