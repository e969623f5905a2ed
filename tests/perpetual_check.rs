//! The end rule `N repetitions by perpetual check`: at the N-th
//! occurrence of a position, a side that gave check with every one of its
//! moves since the first of those occurrences gets the rule's outcome
//! (Fairy-Stockfish's `perpetualCheckIllegal`: it loses); when no side
//! did, the plain repetition rule after it decides.

use kaboom::GameResult;
use kaboom::{Game, Variant};
use kaboom::{fen, uci};

fn chess_with(end: &str) -> &'static Variant {
    let text = format!("(extends: \"chess\", name: \"perpetual\", end: [{end}])");
    Box::leak(Box::new(
        Variant::from_text("perpetual.ron", &text).unwrap_or_else(|e| panic!("{e}")),
    ))
}

const RULES: &str =
    r#""checkmate: loss", "stalemate: draw", "3 repetitions by perpetual check: loss", "3 repetitions: draw""#;

/// Plays `line` from `start`; the ending after each move.
fn endings(v: &'static Variant, start: &str, line: &[&str]) -> Vec<Option<(GameResult, String)>> {
    let mut game = Game::new(v, fen::parse(v, start).unwrap());
    let mut out = Vec::new();
    for m in line {
        assert!(game.ending().is_none(), "the game ended before {m}");
        let mv = uci::parse(v, game.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv);
        out.push(game.ending().map(|e| (e.result, e.reason)));
    }
    out
}

/// White's queen checks from e8 and e4 while the black king steps between
/// h8 and h7.
const QUEEN_CHECKS: &str = "7k/6p1/7p/8/4Q3/8/1q3PPP/6K1 w - - 0 1";
const CYCLE: [&str; 4] = ["e4e8", "h8h7", "e8e4", "h7h8"];

#[test]
fn the_side_that_checked_at_every_move_loses_at_the_third_occurrence() {
    let v = chess_with(RULES);
    let line: Vec<&str> = CYCLE.iter().chain(&CYCLE).copied().collect();
    let ends = endings(v, QUEEN_CHECKS, &line);
    assert!(ends[..7].iter().all(Option::is_none), "{ends:?}");
    // The start stands for the third time, White to move: White, who
    // checked, loses.
    assert_eq!(
        ends[7],
        Some((
            GameResult::BlackWins,
            "3-fold repetition by perpetual check".to_string()
        ))
    );
}

#[test]
fn the_checker_loses_when_the_repetition_falls_after_its_own_check() {
    // From the position after White's check: it stands for the third time
    // after White's fourth check, Black to move; White still loses.
    let v = chess_with(RULES);
    let start = "4Q2k/6p1/7p/8/8/8/1q3PPP/6K1 b - - 1 1";
    let cycle = ["h8h7", "e8e4", "h7h8", "e4e8"];
    let line: Vec<&str> = cycle.iter().chain(&cycle).copied().collect();
    let ends = endings(v, start, &line);
    assert!(ends[..7].iter().all(Option::is_none), "{ends:?}");
    assert_eq!(ends[7].as_ref().map(|e| e.0), Some(GameResult::BlackWins));
}

#[test]
fn the_outcome_is_the_checking_side_s() {
    // `win` rewards the side that checked throughout.
    let v = chess_with(r#""checkmate: loss", "3 repetitions by perpetual check: win", "3 repetitions: draw""#);
    let line: Vec<&str> = CYCLE.iter().chain(&CYCLE).copied().collect();
    let ends = endings(v, QUEEN_CHECKS, &line);
    assert_eq!(ends[7].as_ref().map(|e| e.0), Some(GameResult::WhiteWins));
}

#[test]
fn a_repetition_with_a_quiet_move_is_the_plain_rule() {
    // White's queen goes e4-e5-e4 once without checking: since the first
    // occurrence White did not check at every move, and the plain
    // repetition rule draws.
    let v = chess_with(RULES);
    let line = ["e4e8", "h8h7", "e8e4", "h7h8", "e4e5", "h8h7", "e5e4", "h7h8"];
    let ends = endings(v, QUEEN_CHECKS, &line);
    assert!(ends[..7].iter().all(Option::is_none), "{ends:?}");
    assert_eq!(ends[7], Some((GameResult::Draw, "3-fold repetition".to_string())));
}

#[test]
fn without_the_rule_a_perpetual_check_is_a_draw() {
    let v = chess_with(r#""checkmate: loss", "3 repetitions: draw""#);
    let line: Vec<&str> = CYCLE.iter().chain(&CYCLE).copied().collect();
    let ends = endings(v, QUEEN_CHECKS, &line);
    assert_eq!(ends[7].as_ref().map(|e| e.0), Some(GameResult::Draw));
}

#[test]
fn the_rule_needs_two_occurrences_and_warns_without_check() {
    let err = Variant::from_text(
        "p.ron",
        r#"(extends: "chess", name: "p", end: ["1 repetitions by perpetual check: loss"])"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("at least twice"), "{err}");
    let v = Variant::from_text(
        "p.ron",
        r#"(extends: "chess", name: "p", legal: [], end: ["3 repetitions by perpetual check: loss", "3 repetitions: draw"])"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        v.warnings().iter().any(|w| w.message.contains("perpetual check")),
        "{:?}",
        v.warnings()
    );
}

/// `white wins` and `black wins` name the winner whichever side is to
/// move: Fairy-Stockfish's draw odds (`materialCounting = blackdrawodds`)
/// and absolute repetition values (`nFoldValueAbsolute`).
#[test]
fn absolute_outcomes_name_the_winner_whoever_is_to_move() {
    let v = chess_with(r#""checkmate: loss", "stalemate: black wins", "3 repetitions: white wins""#);
    for (fen, who) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Black stalemated"),
        ("7K/5q2/6k1/8/8/8/8/8 w - - 0 1", "White stalemated"),
    ] {
        let game = Game::new(v, fen::parse(v, fen).unwrap());
        let ending = game.ending().unwrap_or_else(|| panic!("{who}"));
        assert_eq!(ending.result, GameResult::BlackWins, "{who}");
    }
    // The repetition: White wins, though it falls on White's turn.
    let line: Vec<&str> = CYCLE.iter().chain(&CYCLE).copied().collect();
    let ends = endings(v, QUEEN_CHECKS, &line);
    assert_eq!(ends[7].as_ref().map(|e| e.0), Some(GameResult::WhiteWins));
}

/// The importer maps Fairy-Stockfish's repetition options onto these
/// rules: `perpetualCheckIllegal`, `nFoldValueAbsolute`, and draw odds.
#[test]
fn fairy_stockfish_repetition_options_convert() {
    use kaboom::interop::import;
    let ron = |ini: &str| -> String {
        let all = import(ini).unwrap();
        all[0].result.clone().unwrap_or_else(|e| panic!("{e:?}"))
    };
    let perpetual = ron("[p:chess]\nperpetualCheckIllegal = true\nnFoldRule = 4\n");
    assert!(
        perpetual.contains("\"4 repetitions by perpetual check: loss\",\n        \"4 repetitions: draw\""),
        "{perpetual}"
    );
    let absolute = ron("[a:chess]\nnFoldValue = loss\nnFoldValueAbsolute = true\n");
    assert!(absolute.contains("\"3 repetitions: black wins\""), "{absolute}");
    let odds = ron("[o:chess]\nmaterialCounting = whitedrawodds\n");
    for rule in [
        "\"stalemate: white wins\"",
        "\"50 moves: white wins\"",
        "\"3 repetitions: white wins\"",
    ] {
        assert!(odds.contains(rule), "{rule}: {odds}");
    }
    // Counting by material: each end Fairy-Stockfish would draw is won by
    // the side with more pieces, lost by the one with fewer, else drawn.
    let unweighted = ron("[u:chess]\nmaterialCounting = unweighted\n");
    for rule in [
        "\"stalemate if count(own) > count(enemy): win\"",
        "\"50 moves if count(own) < count(enemy): loss\"",
        "\"3 repetitions if count(own) > count(enemy): win\"",
    ] {
        assert!(unweighted.contains(rule), "{rule}: {unweighted}");
    }
    for text in [&perpetual, &absolute, &odds, &unweighted] {
        Variant::from_text("x.ron", text).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Royal knights on a 5x5 board, each side's checks discovered by its
/// royal's move: White's rooks (b1, a4) and Black's bishops (a2, e5) take
/// turns. White, in check from e5, plays b2-c4 (the b1 rook checks),
/// Black b3-d4 (the a2 bishop checks), White c4-b2 (the a4 rook), Black
/// d4-b3 (the e5 bishop): every move of both sides gives check.
fn mutual(end: &str) -> &'static Variant {
    let text = format!(
        r#"(name: "mutual", board: (files: 5, ranks: 5),
            pieces: [
                (letter: 'K', name: "royal knight", moves: "N", royal: true),
                (letter: 'R', name: "rook", moves: "R"),
                (letter: 'B', name: "bishop", moves: "B"),
            ],
            start: "4b/R4/1k3/bK3/1R3 w - - 0 1",
            end: [{end}])"#
    );
    Box::leak(Box::new(
        Variant::from_text("mutual.ron", &text).unwrap_or_else(|e| panic!("{e}")),
    ))
}

const MUTUAL_CYCLE: [&str; 4] = ["b2c4", "b3d4", "c4b2", "d4b3"];

#[test]
fn a_mutual_perpetual_check_is_its_own_rule_and_otherwise_a_draw() {
    let line: Vec<&str> = MUTUAL_CYCLE.iter().chain(&MUTUAL_CYCLE).copied().collect();
    let start = "4b/R4/1k3/bK3/1R3 w - - 0 1";
    // Without a mutual rule: both sides checked throughout, a draw.
    let v = mutual(RULES);
    let ends = endings(v, start, &line);
    assert!(ends[..7].iter().all(Option::is_none), "{ends:?}");
    assert_eq!(ends[7].as_ref().map(|e| e.0), Some(GameResult::Draw));
    // The mutual rule before it decides, its condition read too (here,
    // fewer pieces than the enemy: never, the counts are equal).
    let v = mutual(
        r#""checkmate: loss",
        "3 repetitions by mutual perpetual check if count(own) < count(enemy): loss",
        "3 repetitions by mutual perpetual check: black wins",
        "3 repetitions by perpetual check: loss",
        "3 repetitions: draw""#,
    );
    let ends = endings(v, start, &line);
    assert!(ends[..7].iter().all(Option::is_none), "{ends:?}");
    assert_eq!(
        ends[7],
        Some((
            GameResult::BlackWins,
            "3-fold repetition by mutual perpetual check".to_string()
        ))
    );
    // A one-sided perpetual check is not mutual: the queen's checks from
    // e8 and e4 still lose for White.
    let v = chess_with(
        r#""checkmate: loss", "3 repetitions by mutual perpetual check: draw", "3 repetitions by perpetual check: loss", "3 repetitions: draw""#,
    );
    let line: Vec<&str> = CYCLE.iter().chain(&CYCLE).copied().collect();
    let ends = endings(v, QUEEN_CHECKS, &line);
    assert_eq!(ends[7].as_ref().map(|e| e.0), Some(GameResult::BlackWins));
}

#[test]
fn a_mutual_rule_needs_two_occurrences() {
    let err = Variant::from_text(
        "m.ron",
        r#"(extends: "chess", name: "m", end: ["1 repetitions by mutual perpetual check: draw"])"#,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("`1 repetitions by mutual perpetual check`"), "{err}");
}

#[test]
fn janggi_s_perpetual_check_loses_before_material_counts() {
    // The chariot checks the general from a10 and a9 while it steps
    // between d10 and d9: at the third occurrence White, a chariot up,
    // loses for checking throughout (Fairy-Stockfish's janggi), where
    // counting alone would give White the game.
    let v: &'static Variant = Box::leak(Box::new(Variant::load("janggi").unwrap()));
    let cycle = ["a10a9", "d9d10", "a9a10", "d10d9"];
    // After a8-a10 the position (chariot a10, general d10, Black to move)
    // stands for the third time after the ninth move.
    let line: Vec<&str> = ["a8a10", "d10d9"]
        .iter()
        .chain(&cycle)
        .chain(&cycle[..3])
        .copied()
        .collect();
    let ends = endings(v, "3k5/9/R8/9/9/9/9/9/9/5K3 w - - 0 1", &line);
    assert!(ends[..8].iter().all(Option::is_none), "{ends:?}");
    assert_eq!(
        ends[8],
        Some((
            GameResult::BlackWins,
            "3-fold repetition by perpetual check".to_string()
        ))
    );
}

/// The search judges perpetual check as the game does: at a position's
/// first repetition, over the moves since its previous occurrence, those
/// of its own line and the game's before the root (`Limits::played`).
mod search {
    use super::{RULES, chess_with};
    use kaboom::{Control, Engine, Limits, Move, Score, Variant, fen, uci};
    use std::sync::Arc;

    /// White, four points down, can check from a8 and e4 for ever while
    /// Black's king steps between h8 and h7 (on h7 the a7 rook pins the g7
    /// pawn, so it cannot block): a draw without the rule, a loss with it.
    const BEHIND: &str = "7k/R5p1/7p/8/4Q3/r1q5/1r3PPP/6K1 w - - 0 1";

    /// Searches the position after `line` from `start` to `depth`, only
    /// `only` at the root if given; with the game's keys, and its moves as
    /// `played` where `with_played`. The best move and its score.
    fn search(
        v: &Variant,
        start: &str,
        line: &[&str],
        only: Option<&str>,
        depth: u32,
        with_played: bool,
    ) -> (String, Score) {
        let engine = Engine::new(Arc::new(v.clone()));
        let mut pos = fen::parse(v, start).unwrap();
        let (mut keys, mut played) = (Vec::new(), Vec::new());
        for m in line {
            let mv = uci::parse(v, &pos, m).unwrap();
            keys.push(engine.key(&pos));
            played.push((mv, v.in_check(&pos)));
            pos.make(v, mv);
        }
        let limits = Limits {
            depth: Some(depth),
            search_moves: only
                .map(|m| uci::parse(v, &pos, m).unwrap())
                .into_iter()
                .collect::<Vec<Move>>(),
            played: if with_played { played } else { Vec::new() },
            ..Limits::default()
        };
        let found = engine.search(&pos, &keys, &limits, &Control::new(), &mut |_| {});
        (found.best.map(|m| uci::write(v, &m)).unwrap_or_default(), found.score)
    }

    #[test]
    fn the_search_avoids_a_perpetual_check_that_loses() {
        // Without the rule, the perpetual check is White's best: a draw.
        let plain = chess_with(r#""checkmate: loss", "stalemate: draw", "3 repetitions: draw""#);
        assert_eq!(
            search(plain, BEHIND, &[], None, 6, true),
            ("e4a8".to_string(), Score::Centipawns(0))
        );
        // With it, the second check loses: Black steps back to h8.
        let v = chess_with(RULES);
        let (_, checks) = search(v, BEHIND, &["e4a8", "h8h7"], Some("a8e4"), 3, true);
        assert_eq!(checks, Score::Mate(-1));
        // ... and White plays on, behind but not lost (the old search, which
        // judged the rule in play only, drew by the checks here).
        let (best, score) = search(v, BEHIND, &[], None, 6, true);
        assert_ne!(best, "e4a8");
        assert!(matches!(score, Score::Centipawns(cp) if cp < -100), "{best} {score:?}");
    }

    #[test]
    fn a_perpetual_check_begun_before_the_root_is_seen_from_the_game_s_moves() {
        // White checked twice and Black stepped once: Black's h7h8 repeats
        // the start, after White checked at every move, so White loses.
        let v = chess_with(RULES);
        let line = ["e4a8", "h8h7", "a8e4"];
        for depth in [1, 3] {
            let (_, score) = search(v, BEHIND, &line, Some("h7h8"), depth, true);
            assert_eq!(score, Score::Mate(1), "depth {depth}");
        }
        // Given only the keys, the search sees a plain repetition: a draw.
        let (_, score) = search(v, BEHIND, &line, Some("h7h8"), 3, false);
        assert_eq!(score, Score::Centipawns(0));
    }
}
