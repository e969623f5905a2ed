//! Perft's last ply counts the free pieces of a kind whose every move is
//! a fixed step of square index (pawns, soldiers) a whole kind at once,
//! by moving their square set (`compile::shift_moves`). On random games of
//! variants of several shapes (en passant, double steps from two ranks,
//! promotion, a board over 64 squares, joined edges, diagonal pushes),
//! perft's count and the legal moves agree with the definition: play each
//! pseudo-legal move and ask the clauses.

mod common;

use common::agrees_with_definition as agrees;
use kaboom::Variant;

fn variant(name: &str, fields: &str) -> Variant {
    let text = format!("(extends: \"chess\", name: \"{name}\", {fields})");
    Variant::from_text(&format!("{name}.ron"), &text).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// Plays random games of `v`, checking every position on the way.
fn random_games(v: &Variant, name: &str, seed: &mut u64, games: usize, plies: usize) {
    let mut positions = 0;
    for _game in 0..games {
        let mut pos = v.start_position();
        for _ply in 0..plies {
            agrees(v, &pos);
            positions += 1;
            let moves = v.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pos.make(v, moves[(*seed >> 33) as usize % moves.len()]);
        }
    }
    assert!(positions > 500, "{name}: only {positions} positions");
}

#[test]
fn kinds_counted_by_steps_agree_with_the_definition() {
    let pieces = |pawn: &str, files: usize| {
        format!(
            "pieces: [(letter: 'P', name: \"pawn\", moves: \"{pawn}\", pawn: true), \
             (letter: 'N', name: \"knight\", moves: \"N\"), (letter: 'B', name: \"bishop\", moves: \"B\"), \
             (letter: 'R', name: \"rook\", moves: \"R\"), (letter: 'Q', name: \"queen\", moves: \"Q\"), \
             (letter: 'K', name: \"king\", moves: \"K\", royal: true)], castling: [], \
             promotion: (pieces: \"P\", ranks: [{files}], choices: \"NBRQ\"),"
        )
    };
    let shapes = [
        // En passant, promotion, pins and checks.
        ("Plain", String::new()),
        // Many pawns, no royal piece on one side, double steps from two
        // ranks, only one of which leaves an en passant target.
        (
            "Hordelike",
            "pieces: [(letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", pawn: true, \
             initial_ranks: [1, 2], en_passant_ranks: [2])], \
             start: \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\", \
             end: [(rule: \"count(own) == 0: loss\", name: \"bare\"), \"checkmate: loss\", \"stalemate: draw\"],"
                .to_string(),
        ),
        // A board over 64 squares: sets of four words.
        (
            "Ten",
            format!(
                "board: (files: 10, ranks: 10), {} \
                 start: \"rnbqkkbqnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKKBQNR w - - 0 1\",",
                pieces("fmWfceFifmnD", 10)
            ),
        ),
        // Joined files: a capture across the edge is another step.
        (
            "Cylinder",
            "board: (files: 8, ranks: 8, wrap: Files), castling: [], \
             start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\","
                .to_string(),
        ),
        // Pushes on the diagonals, captures straight ahead.
        (
            "Diagonal",
            format!(
                "{} start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\",",
                pieces("fmFfcWifmnA", 8)
            ),
        ),
    ];
    let mut seed = 0x5e7_c0de_u64;
    for (name, fields) in shapes {
        let v = variant(name, &fields);
        random_games(&v, name, &mut seed, 20, 120);
    }
}
