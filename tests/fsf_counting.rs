//! Fairy-Stockfish's counted ends through `kaboom import`
//! (docs/interop.md, What converts): `materialCounting = janggi` weighs
//! the pieces by their `value`, `unweighted` counts them, and
//! `adjudicateFullBoard` ends a full board; each converted file loads.

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
fn perpetual_check_with_counting_is_refused() {
    let all = import("[counted:janggi]\nbikjangRule = false\n").unwrap();
    let refusals = all[0].result.as_ref().unwrap_err();
    assert!(
        refusals.iter().any(|r| r.gap == "counting and adjudication"),
        "{refusals:?}"
    );
}
