//! Where giving check is forbidden (`not attacked(enemy royal)`), perft's
//! last ply counts a piece's moves without judging each when the piece
//! opens no line to an enemy royal: only its own arrival may give check,
//! from squares worked out once per position. On random games of
//! variants of several shapes, the legal moves and perft's last-ply count
//! agree with the definition: play each pseudo-legal move and ask the
//! clauses.

mod common;

use common::agrees_with_definition as agrees;
use kaboom::Variant;

fn variant(name: &str, fields: &str) -> Variant {
    let text = format!(
        "(extends: \"chess\", name: \"{name}\", {fields} \
         legal: [\"own royal not attacked\", \"not attacked(enemy royal)\"], \
         end: [\"checkmate: loss\", \"stalemate: draw\", \"50 moves: draw\"])"
    );
    Variant::from_text(&format!("{name}.ron"), &text).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

#[test]
fn moves_that_may_give_check_agree_with_the_definition() {
    let shapes = [
        // Pins, en passant, castling and promotion, with checks forbidden.
        ("Plain", String::new()),
        ("Racing", "start: \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\", castling: [],".to_string()),
        // Lame leaps (a piece on the path blocks the check) and short
        // rides: the groups of attackers differ by kind.
        (
            "Lame",
            "pieces: [(letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", pawn: true), \
             (letter: 'N', name: \"horse\", moves: \"nN\"), (letter: 'B', name: \"bishop\", moves: \"B3\"), \
             (letter: 'R', name: \"rook\", moves: \"R\"), (letter: 'Q', name: \"queen\", moves: \"QN\"), \
             (letter: 'K', name: \"king\", moves: \"K\", royal: true)], \
             promotion: (pieces: \"P\", ranks: [8], choices: \"NBRQ\"), castling: [], \
             start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\","
                .to_string(),
        ),
        // Two royal pieces a side: a move may check either.
        (
            "Two kings",
            "start: \"rnbqkknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1\", castling: [],".to_string(),
        ),
        // A piece that cannot capture queens does not attack them either:
        // the squares do not decide, the attack test does.
        (
            "Limits",
            "pieces: [(letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", pawn: true), \
             (letter: 'N', name: \"knight\", moves: \"N\"), (letter: 'B', name: \"bishop\", moves: \"B\"), \
             (letter: 'R', name: \"rook\", moves: \"R\", cannot_capture: \"Q\"), (letter: 'Q', name: \"queen\", moves: \"Q\"), \
             (letter: 'K', name: \"king\", moves: \"K\", royal: true)], castling: [], \
             start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\","
                .to_string(),
        ),
    ];
    let mut seed = 0x00c4_ec6e_u64;
    for (name, fields) in shapes {
        let v = variant(name, &fields);
        let mut positions = 0;
        for _game in 0..30 {
            let mut pos = v.start_position();
            for _ply in 0..80 {
                agrees(&v, &pos);
                positions += 1;
                let moves = v.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(&v, moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(positions > 1000, "{name}: only {positions} positions");
    }
}
