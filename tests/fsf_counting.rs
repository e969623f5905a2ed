//! Fairy-Stockfish's counted ends through `kaboom import`
//! (docs/interop.md, What converts): `materialCounting = janggi` weighs
//! the pieces by their `value`, `unweighted` counts them, and
//! `adjudicateFullBoard` ends a full board, with `perpetualCheckIllegal`
//! a mutual perpetual check is counted, and `bikjangRule`'s facing
//! generals end the game when a pass answers them; each converted file
//! loads.

use kaboom::Variant;
use kaboom::interop::import;

/// The converted file of the one section of `ini`.
fn converted(ini: &str) -> String {
    let all = import(ini).expect("the ini parses");
    match &all[0].result {
        Ok(file) => {
            Variant::from_text("t.ron", file).unwrap_or_else(|e| panic!("{e}\n{file}"));
            file.clone()
        }
        Err(r) => panic!("refused: {r:?}"),
    }
}

#[test]
fn janggi_counting_weighs_the_pieces_where_a_game_would_be_drawn() {
    let file = converted("[counted:janggi]\nbikjangRule = false\nperpetualCheckIllegal = false\n");
    // The chariot, a `rook` type, weighs 13 points.
    assert!(file.contains("name: \"rook\", moves: \"R\""), "{file}");
    assert!(file.contains("value: 1300"), "{file}");
    assert!(file.contains("value: 200"), "{file}");
    // Two passes: White needs a lead of 2 points, else Black wins.
    assert!(
        file.contains("\"passes >= 2 and material(white) > material(black) + 100: white wins\",\n        \"passes >= 2: black wins\""),
        "{file}"
    );
    assert!(file.contains("\"3 repetitions: black wins\""), "{file}");
}

#[test]
fn unweighted_counting_and_a_full_board() {
    let file = converted("[full:chess]\nmaterialCounting = unweighted\nadjudicateFullBoard = true\n");
    for rule in [
        "squares(empty) == 0 and count(own) > count(enemy): win",
        "squares(empty) == 0 and count(own) < count(enemy): loss",
        "squares(empty) == 0: draw",
        "stalemate if count(own) > count(enemy): win",
        "50 moves if count(own) < count(enemy): loss",
        "3 repetitions: draw",
    ] {
        assert!(file.contains(&format!("\"{rule}\"")), "{rule}\n{file}");
    }
    // Without counting a full board is a draw.
    let file = converted("[full:chess]\nadjudicateFullBoard = true\n");
    assert!(file.contains("\"squares(empty) == 0: draw\""), "{file}");
    assert!(!file.contains("count(own) > count(enemy)"), "{file}");
}

#[test]
fn perpetual_check_with_counting_counts_a_mutual_perpetual() {
    // Fairy-Stockfish scores a repetition where both sides checked
    // throughout as a draw, whatever `nFoldValue` says, and counting
    // decides that draw: the counted mutual rules come first.
    let file = converted("[counted:janggi]\nbikjangRule = false\n");
    assert!(
        file.contains(concat!(
            "\"3 repetitions by mutual perpetual check if material(white) > material(black) + 100: white wins\",\n",
            "        \"3 repetitions by mutual perpetual check: black wins\",\n",
            "        \"3 repetitions by perpetual check: loss\",\n",
            "        \"3 repetitions if material(white) > material(black) + 100: white wins\","
        )),
        "{file}"
    );
    // Without counting, the perpetual check rule's own draw stands.
    let file = converted("[plain:chess]\nperpetualCheckIllegal = true\nnFoldValue = loss\n");
    assert!(!file.contains("mutual"), "{file}");
}

/// Janggi's start, the soldiers on the e-file stepped aside: the generals
/// (e2, e9) face each other on the open file after Black's move.
const FACING: [&str; 2] = ["e4d4", "e7f7"];

#[test]
fn bikjang_a_pass_answering_facing_generals_ends_the_game() {
    use kaboom::{Game, GameResult, MoveKind, uci};
    let file = converted("[traditional:janggitraditional]\n");
    for text in [
        "own royal not attacked unless passes >= 1 and exists(first(own royal, R) & enemy royal)",
        "not (before(exists(first(own royal, R) & enemy royal)) and exists(first(own royal, R) & enemy royal) and passes == 0)",
        "passes >= 1 and exists(first(own royal, R) & enemy royal): draw",
    ] {
        assert!(file.contains(&format!("\"{text}\"")), "{text}\n{file}");
    }
    let v: &'static Variant = Box::leak(Box::new(Variant::from_text("t.ron", &file).unwrap()));
    let mut game = Game::new(v, v.start_position());
    for m in FACING {
        let mv = uci::parse(v, game.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv);
        assert!(game.ending().is_none(), "{m}");
    }
    // Facing the black general, White must end the facing or pass: a
    // soldier's step that leaves the file open is illegal, a step onto
    // the file legal.
    assert!(uci::parse(v, game.position(), "a4a5").is_err());
    assert!(uci::parse(v, game.position(), "d4e4").is_ok());
    let pass = v
        .legal_moves(game.position())
        .into_iter()
        .find(|m| m.kind == MoveKind::Pass);
    game.play(pass.expect("a pass answers bikjang"));
    assert_eq!(game.ending().map(|e| e.result), Some(GameResult::Draw));
    // Counted (Fairy-Stockfish's janggi): Black, holding the half point,
    // wins on equal material.
    let file = converted("[counted:janggi]\n");
    assert!(
        file.contains("\"passes >= 1 and exists(first(own royal, R) & enemy royal): black wins\""),
        "{file}"
    );
}
