//! Walls put up by every move (Fairy-Stockfish's walling rules, imported
//! as rules): `reach(S, T)`, the empty squares a template's moves reach
//! from S (an arrow shot from where the piece landed, as in the game of
//! the amazons), and `block(chosen S, required)`, a wall the move must put
//! up, so that a move after which S offers no square is no move.

use kaboom::{Variant, fen, uci};

fn variant(rule: &str, moves: &str) -> Variant {
    let text = format!(
        r#"(name: "walls", board: (files: 4, ranks: 4),
            pieces: [(letter: 'Q', name: "amazon", moves: "{moves}"), (letter: 'N', name: "horse", moves: "mN")],
            start: "3q/4/4/Q3 w - - 0 1",
            rules: ["{rule}"], legal: [],
            end: ["stalemate: loss"])"#
    );
    Variant::from_text("walls.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn legal(v: &Variant, text: &str) -> Vec<String> {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect()
}

/// An arrow flies from where the piece landed as the piece moves: along
/// its lines up to the first piece or wall, the square it left included.
#[test]
fn an_arrow_flies_as_the_piece_moves_from_where_it_landed() {
    let v = variant("after move: block(chosen reach(mover, Q), required)", "mQ");
    let moves = legal(&v, "3q/4/*3/Q3 w - - 0 1");
    // From a1 the queen goes to b1, c1, d1, b2, c3 (a2 is a wall, d4 a piece).
    let from_b1: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1b1,")).collect();
    // From b1: a1 (left), c1, d1, b2, b3, b4, a2 is a wall, c2, d3 (d4 is not reached: d3 then the piece).
    let mut arrows: Vec<&str> = from_b1.iter().map(|m| &m[7..]).collect();
    arrows.sort_unstable();
    assert_eq!(arrows, ["a1", "b2", "b3", "b4", "c1", "c2", "d1", "d3"], "{moves:?}");
    let v = variant(
        "after move: block(chosen reach(mover & any Q, Q) + reach(mover & any N, N), required)",
        "mQ",
    );
    let moves = legal(&v, "3q/4/4/N3 w - - 0 1");
    // The horse's arrow leaps as the horse does, to empty squares (not d4).
    let mut all: Vec<&str> = moves.iter().map(String::as_str).collect();
    all.sort_unstable();
    assert_eq!(
        all,
        [
            "a1b3,b3a1",
            "a1b3,b3c1",
            "a1b3,b3d2",
            "a1c2,c2a1",
            "a1c2,c2a3",
            "a1c2,c2b4"
        ],
        "{moves:?}"
    );
}

/// A required wall with no square to go on makes the move no move; a
/// chosen block that is not required leaves the move standing instead.
#[test]
fn a_required_wall_with_no_square_makes_the_move_illegal() {
    // Walls only on the d-file: d1 and d3 are walls, d4 holds a piece.
    let position = "3q/3*/Q3/3* w - - 0 1";
    let v = variant("after move: block(chosen empty & files(d), required)", "mQ");
    let moves = legal(&v, "3q/4/4/Q3 w - - 0 1");
    assert!(moves.contains(&"a1a2,a2d1".to_string()), "{moves:?}");
    let moves = legal(&v, position);
    // d2 is the one empty square of the d-file: each move walls it, the
    // move to d2 itself none, so it is no move.
    assert!(moves.iter().all(|m| m.ends_with("d2")), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("a2d2")), "{moves:?}");
    assert_eq!(moves.len(), 8, "{moves:?}");
    let free = variant("after move: block(chosen empty & files(d))", "mQ");
    let moves = legal(&free, position);
    assert!(moves.contains(&"a2d2".to_string()), "{moves:?}");
}

/// A side whose every move would need a wall where none can go has no
/// move: with `stalemate: loss` it has lost.
#[test]
fn no_square_for_any_wall_is_no_move_at_all() {
    let v = variant("after move: block(chosen origin & files(c), required)", "mQ");
    assert!(legal(&v, "3q/4/4/Q3 w - - 0 1").is_empty());
    let game = kaboom::Game::new(&v, fen::parse(&v, "3q/4/4/Q3 w - - 0 1").unwrap());
    assert!(game.ending().is_some());
}

/// What `reach(...)` reads and what it refuses: moves to empty squares
/// only, from any square.
#[test]
fn reach_refuses_what_it_cannot_read() {
    for (template, expected) in [
        ("cK", "`cK` moves to no empty square (it only captures)"),
        ("ifR", "`ifR` moves only from initial ranks"),
        ("nN", "`nN` is a lame leap"),
        ("pR", "the hopper `pR` has no place in it"),
    ] {
        let text = format!(
            r#"(name: "walls", board: (files: 4, ranks: 4),
                pieces: [(letter: 'Q', name: "amazon", moves: "mQ")],
                start: "3q/4/4/Q3 w - - 0 1",
                rules: ["after move: block(chosen reach(mover, {template}), required)"], legal: [])"#
        );
        let err = Variant::from_text("walls.ron", &text)
            .err()
            .unwrap_or_else(|| panic!("{template} loaded"));
        let all: String = err
            .diagnostics
            .iter()
            .map(|d| d.display(&err.sources).to_string())
            .collect();
        assert!(all.contains(expected), "{template}: {all}");
    }
}
