//! `since(d, c)` and `attacked(S by T)`: the result of a mate read from
//! the series of checks that led to it (Fairy-Stockfish's
//! `shatarMateRule`, which `kaboom import` maps to these end rules). Each
//! result below is Fairy-Stockfish's for the same moves (its XBoard `go`
//! at the final position, chess with `shatarMateRule = true`).

mod common;

use common::scratch::Scratch;
use kaboom::{Game, GameResult, Variant};
use kaboom::{fen, uci};

/// Chess whose mates are judged as shatar judges them: a mate by knights
/// alone wins for the side mated; a mate stands if a knight or rook gave
/// one of the checks of the series that ends in it; else it is drawn.
const SERIES: &str = r#"(
    extends: "chess",
    name: "Check series",
    end: [
        "checkmate if not attacked(own royal by any not N): win",
        "checkmate if since(attacked(own royal by any N R), attacked(own royal)): loss",
        "checkmate: draw",
        "stalemate: draw",
    ],
)"#;

/// The result after `moves` from `start`.
fn result(start: &str, moves: &str) -> Option<GameResult> {
    let v = Variant::from_text("series.ron", SERIES).unwrap_or_else(|e| panic!("{e}"));
    let pos = fen::parse(&v, start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let mut game = Game::new(&v, pos);
    for text in moves.split_whitespace() {
        let mv = uci::parse(&v, game.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.try_play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game.ending().map(|e| e.result)
}

/// A knight's check, the king steps aside, the queen mates: the series
/// began with a knight's check, so the mate stands.
#[test]
fn a_mate_closing_a_series_begun_by_a_knight_stands() {
    let start = "7k/p5pp/4P3/4N3/8/8/8/K2Q4 w - - 0 1";
    assert_eq!(result(start, "e5f7 h8g8 d1d8"), Some(GameResult::WhiteWins));
}

/// The queen mates at once, nothing but the queen having checked: drawn.
#[test]
fn a_mate_by_the_queen_alone_is_drawn() {
    let start = "6k1/p4Npp/4P3/8/8/8/8/K2Q4 b - - 0 1";
    assert_eq!(result(start, "a7a6 d1d8"), Some(GameResult::Draw));
}

/// The same knight's check, then a move that gives none: the series is
/// broken, and the queen's mate is drawn.
#[test]
fn a_move_without_check_breaks_the_series() {
    let start = "7k/p5pp/4P3/4N3/8/8/8/K2Q4 w - - 0 1";
    assert_eq!(result(start, "e5f7 h8g8 a1b1 a7a6 d1d8"), Some(GameResult::Draw));
}

/// A smothered mate, by the knight alone: the side mated wins.
#[test]
fn a_mate_by_knights_alone_wins_for_the_side_mated() {
    assert_eq!(
        result("6rk/5Npp/8/8/8/8/8/K7 b - - 0 1", ""),
        Some(GameResult::BlackWins)
    );
}

/// A position read from a FEN starts the series there: a rook's check
/// read from it counts.
#[test]
fn a_fen_starts_the_history() {
    assert_eq!(
        result("R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1", ""),
        Some(GameResult::WhiteWins)
    );
}

/// `since` stands only in end rules, and not inside another `since`.
#[test]
fn since_outside_end_rules_is_an_error() {
    let legal = r#"(
    extends: "chess",
    name: "Bad",
    legal: ["own royal not attacked", "not since(true, true)"],
)"#;
    let e = Variant::from_text("bad.ron", legal).unwrap_err().to_string();
    assert!(e.contains("`since(...)` may not stand in a legality clause"), "{e}");
    assert!(e.contains("bad.ron:4:"), "{e}");
    let nested = r#"(
    extends: "chess",
    name: "Bad",
    end: ["checkmate if since(since(true, true), true): loss", "checkmate: loss"],
)"#;
    let e = Variant::from_text("bad.ron", nested).unwrap_err().to_string();
    assert!(
        e.contains("`since(d, c)` reads `since(...)` or `can reach(...)` inside it"),
        "{e}"
    );
}

/// `attacked(S by T)` and `since(d, c)` print back as written.
#[test]
fn the_conditions_print_back() {
    let text = "checkmate if since(attacked(own royal by any N R), attacked(own royal)): loss";
    let rule = kaboom::syntax::effects::parse_end(text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(rule.to_string(), text);
}

/// `kaboom validate` points at the misplaced `since` and says where it
/// may stand.
#[test]
fn validate_locates_a_misplaced_since() {
    let dir = Scratch::new("since");
    let file = dir.write(
        "bad.ron",
        "(\n    extends: \"chess\",\n    name: \"Bad\",\n    legal: [\"own royal not attacked\", \"not since(true, true)\"],\n)\n",
    );
    let (code, out, err) = common::kaboom(&["validate", &file]);
    assert_ne!(code, 0);
    let text = format!("{out}{err}");
    assert!(
        text.contains("`since(...)` may not stand in a legality clause"),
        "{text}"
    );
    assert!(text.contains("bad.ron:4:"), "{text}");
    assert!(text.contains("use it in an `end`"), "{text}");
}
