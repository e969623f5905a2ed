//! Promoted forms of pieces and promotion rules per piece, as shogi uses
//! them: a kind that is another promoted (`promoted_from`, `+P` in a FEN),
//! one promotion rule per piece with its own compulsory ranks, promotion
//! on moves that leave the zone (`from_zone`), captured promoted pieces
//! back to hand unpromoted, `+` for such a promotion in UCI, and the end
//! rule `checkmate if dropped(P)`.

use kaboom::GameResult;
use kaboom::{Game, Variant};
use kaboom::{fen, uci};

#[allow(dead_code)]
#[path = "common/perft_data.rs"]
mod perft_data;

fn shogi() -> Variant {
    Variant::load("shogi").unwrap()
}

fn moves(v: &Variant, text: &str) -> Vec<String> {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut out: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    out.sort();
    out
}

fn play(v: &Variant, start: &str, line: &[&str]) -> Game<'static> {
    let v: &'static Variant = Box::leak(Box::new(v.clone()));
    let mut game = Game::new(v, fen::parse(v, start).unwrap());
    for m in line {
        let mv = uci::parse(v, game.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv);
    }
    game
}

/// Every FEN of the perft suite (Fairy-Stockfish's) reads and is written
/// back unchanged: promoted pieces as `+P`, hands in brackets.
#[test]
fn fairy_stockfish_fens_read_back() {
    let v = shogi();
    let fens = perft_data::fens("shogi.perft");
    assert!(fens.len() > 20);
    assert!(fens.iter().any(|f| f.contains('+')), "the suite has promoted pieces");
    for text in fens.iter().map(String::as_str) {
        let pos = fen::parse(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(fen::write(&v, &pos), text);
    }
}

#[test]
fn a_promoted_piece_captured_returns_to_hand_unpromoted() {
    let v = shogi();
    // The bishops trade, White's promoting: it is written `+B`, and the
    // horse captured goes to Black's hand as a bishop.
    let game = play(
        &v,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        &["c3c4", "g7g6", "b2h8+"],
    );
    assert_eq!(
        fen::write(&v, game.position()),
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
    );
    let game = play(
        &v,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        &["c3c4", "g7g6", "b2h8+", "g9h8"],
    );
    assert_eq!(
        fen::write(&v, game.position()),
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 3"
    );
}

#[test]
fn promotion_is_written_with_a_plus_and_each_piece_has_its_own_rule() {
    let v = shogi();
    // A pawn on the 8th rank: onto the 9th it must promote (`a8a9+`); a
    // knight on the 7th may only promote onto the 9th; the lance may stay
    // on the 8th, not the 9th.
    let all = moves(&v, "6k2/P8/3N4L/9/9/9/9/9/4K4[] w - - 0 1");
    let of = |from: &str| -> Vec<&str> { all.iter().filter(|m| m.starts_with(from)).map(String::as_str).collect() };
    assert_eq!(of("a8"), ["a8a9+"]);
    assert_eq!(of("d7"), ["d7c9+", "d7e9+"]);
    assert_eq!(of("i7"), ["i7i8", "i7i8+", "i7i9+"]);
    // The explicit letter of the promoted form reads too.
    let pos = fen::parse(&v, "6k2/P8/3N4L/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
    assert_eq!(
        uci::parse(&v, &pos, "a8a9t").unwrap(),
        uci::parse(&v, &pos, "a8a9+").unwrap()
    );
    assert!(
        uci::parse(&v, &pos, "a8a9").is_err(),
        "a pawn on the last rank could never move"
    );
}

#[test]
fn a_move_leaving_the_zone_may_promote() {
    let v = shogi();
    // The bishop on c7 stands in White's zone: every move of it may promote.
    let all = moves(&v, "4k4/9/2B6/9/9/9/9/9/4K4[] w - - 0 1");
    assert!(all.contains(&"c7g3".to_string()) && all.contains(&"c7g3+".to_string()));
    // Outside the zone, only moves that end in it.
    let all = moves(&v, "4k4/9/9/9/9/9/2B6/9/4K4[] w - - 0 1");
    assert!(!all.contains(&"c3d2+".to_string()));
    assert!(all.contains(&"c3g7+".to_string()));
}

#[test]
fn drops_keep_off_squares_where_the_piece_could_never_move_and_files_with_a_pawn() {
    let v = shogi();
    let all = moves(&v, "4k4/9/9/9/9/9/4P4/9/4K4[PLN] w - - 0 1");
    let drops = |letter: &str| all.iter().filter(|m| m.starts_with(letter)).count();
    // Pawn: 8 files without a pawn, ranks 1-8, empty squares (not e1 or the king's e9).
    assert_eq!(drops("P@"), 8 * 8);
    assert!(!all.iter().any(|m| m.starts_with("P@e")), "one pawn per file");
    // Lance: ranks 1-8; knight: ranks 1-7 (81 squares less the three pieces).
    assert_eq!(drops("L@"), 9 * 8 - 2);
    assert_eq!(drops("N@"), 9 * 7 - 2);
}

#[test]
fn checkmate_by_a_pawn_drop_loses_for_the_dropper_and_by_a_pawn_move_wins() {
    let v = shogi();
    let drop = play(&v, "k8/2G6/1G7/9/9/9/9/9/4K4[P] w - - 0 1", &["P@a8"]);
    let ending = drop.ending().expect("no legal move for Black");
    assert_eq!(ending.result, GameResult::BlackWins);
    assert_eq!(ending.reason, "checkmate by a pawn drop, which is forbidden");
    let pushed = play(&v, "k8/2G6/PG7/9/9/9/9/9/4K4[] w - - 0 1", &["a7a8"]);
    let ending = pushed.ending().expect("no legal move for Black");
    assert_eq!(ending.result, GameResult::WhiteWins);
    assert_eq!(ending.reason, "checkmate");
}

#[test]
fn a_fen_with_a_plus_before_a_piece_without_a_promoted_form_is_refused() {
    let v = shogi();
    let err = fen::parse(&v, "4k4/9/9/9/4+G4/9/9/9/4K4[] w - - 0 1").unwrap_err();
    assert!(err.message.contains("`+G` is not a promoted piece"), "{}", err.message);
    assert_eq!(err.span, 11..13);
    let err = fen::parse(&v, "4k4/9/9/9/9/9/9/9/4K4[+P] w - - 0 1").unwrap_err();
    assert!(err.message.contains("in hand"), "{}", err.message);
    // Fairy-Stockfish's own start positions write an empty hand `[-]`.
    assert!(fen::parse(&v, "4k4/9/9/9/9/9/9/9/4K4[-] w - - 0 1").is_ok());
}

#[test]
fn a_plus_without_a_piece_letter_is_refused_where_it_stands() {
    let v = shogi();
    for (text, at) in [
        ("4k3+/9/9/9/9/9/9/9/4K4[] w - - 0 1", 3..4),
        ("4k4/9/9/9/9/9/9/9/3++P3K[] w - - 0 1", 19..20),
        ("4k4/9/9/9/9/9/9/9/3+\u{e9}4K[] w - - 0 1", 19..20),
    ] {
        let err = fen::parse(&v, text).unwrap_err();
        assert_eq!(err.message, "`+` is not followed by a piece letter", "{text}");
        assert_eq!(err.span, at, "{text}");
    }
    // A move with both a letter and `+` names two promotions.
    let pos = fen::parse(&v, "6k2/P8/3N4L/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
    assert!(uci::parse(&v, &pos, "a8a9t+").is_err());
}

/// Fairy-Stockfish names, after a double step of a piece that is not its
/// pawn, the passed squares and the square of arrival, run together
/// (`e3e4`); kaboom reads that form as the same position. Where no piece
/// captures en passant the field changes no move, and is read and ignored.
#[test]
fn en_passant_squares_run_together_read_as_fairy_stockfish_writes_them() {
    let chess = Variant::load("chess").unwrap();
    let plain = fen::parse(&chess, "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    let joined = fen::parse(&chess, "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1").unwrap();
    assert_eq!(plain, joined);
    assert!(fen::parse(&chess, "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e5 0 1").is_err());
    let v = shogi();
    let pos = fen::parse(&v, "4k4/9/9/9/9/9/4P4/9/4K4[] b - e3 0 1").unwrap();
    assert_eq!(fen::write(&v, &pos), "4k4/9/9/9/9/9/4P4/9/4K4[] b - - 0 1");
    assert!(
        fen::parse(&v, "4k4/9/9/9/9/9/4P4/9/4K4[] b - z9 0 1").is_err(),
        "still a square of the board"
    );
}
