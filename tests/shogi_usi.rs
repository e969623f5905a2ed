//! Shogi in USI notation and SFEN, against Fairy-Stockfish: random games
//! it played over its USI protocol (tests/fixtures/fsf/shogi-usi.txt),
//! replayed move by move in USI notation; after each move kaboom's SFEN
//! and its legal moves, written in USI, must be the engine's. Each
//! SFEN must also read back as the position it came from.

use kaboom::{Variant, fen, sfen, usi};

const GAMES: &str = include_str!("fixtures/fsf/shogi-usi.txt");

#[test]
fn shogi_games_in_usi_and_sfen_are_fairy_stockfishs() {
    let shogi = Variant::load("shogi").unwrap();
    let mut pos = shogi.start_position();
    let mut checked = 0;
    for (number, line) in GAMES.lines().enumerate().filter(|(_, l)| !l.starts_with('#')) {
        let at = number + 1;
        if line == "game" {
            pos = shogi.start_position();
            continue;
        }
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [played, expected_sfen, legal] = fields[..] else {
            panic!("line {at}: expected `move | sfen | legal moves`");
        };
        if !played.is_empty() {
            let mv = usi::parse(&shogi, &pos, played).unwrap_or_else(|e| panic!("line {at}: {e}"));
            pos.make(&shogi, mv);
        }
        assert_eq!(sfen::write(&shogi, &pos), expected_sfen, "line {at}");
        let read = sfen::parse(&shogi, expected_sfen).unwrap_or_else(|e| panic!("line {at}: {e}"));
        assert_eq!(sfen::write(&shogi, &read), expected_sfen, "line {at}: read back");
        assert_eq!(
            fen::write(&shogi, &read).split(' ').next(),
            fen::write(&shogi, &pos).split(' ').next(),
            "line {at}: board and hands"
        );
        let mut ours: Vec<String> = shogi.legal_moves(&pos).iter().map(|m| usi::write(&shogi, m)).collect();
        ours.sort();
        assert_eq!(ours.join(" "), legal, "line {at}: legal moves");
        checked += 1;
    }
    assert!(checked > 300, "only {checked} positions");
}

#[test]
fn an_illegal_usi_move_lists_the_legal_ones_in_usi() {
    let shogi = Variant::load("shogi").unwrap();
    let pos = shogi.start_position();
    let e = usi::parse(&shogi, &pos, "7g7e").unwrap_err().to_string();
    assert!(e.starts_with("`7g7e` is not a legal move here; legal moves: "), "{e}");
    assert!(e.contains(" 7g7f"), "{e}");
    let e = usi::parse(&shogi, &pos, "7z7f").unwrap_err().to_string();
    assert!(e.contains("square"), "{e}");
}

#[test]
fn a_sfen_reads_back_as_written() {
    let shogi = Variant::load("shogi").unwrap();
    for text in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "1nk6/l2srs2g/p1G1pp2n/1p1+b2pp1/1PpN3Pl/P1P4Sp/3PPPb1P/L2G3RL/KS4GN1 w Pp 82",
        "1nk1r4/l4s3/2s1pp1gn/pp4pp1/BP1N3Pl/P1pP1+b2p/L1G1PPS1P/6R1L/KS4GN1 w Pg2p 96",
    ] {
        let pos = sfen::parse(&shogi, text).unwrap();
        assert_eq!(sfen::write(&shogi, &pos), text);
    }
}

#[test]
fn bad_sfens_are_refused_with_a_reason() {
    let shogi = Variant::load("shogi").unwrap();
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    for (text, says) in [
        ("", "3 or 4 fields"),
        (&format!("{start}[] b - 1") as &str, "own field"),
        (&format!("{start} b - x"), "not a whole number"),
        (&format!("{start} b 2Q 1"), "Q"),
        (&format!("{start} b 2 1"), "count"),
    ] {
        let e = sfen::parse(&shogi, text).unwrap_err();
        assert!(e.message.contains(says), "{text}: {}", e.message);
    }
}
