//! The interop commands on the command line: `import`, `export-fsf`,
//! `play --pgn` and `replay`, with every user-facing error.

mod common;
use common::kaboom;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaboom-cli-interop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn import_converts_and_refuses_per_section() {
    let ini = temp("two.ini");
    std::fs::write(&ini, "[mine:chess]\ncustomPiece1 = a:BN\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n[walled:chess]\nwallOrMove = true\n").unwrap();
    let out_dir = temp("out");
    let (code, out, err) = kaboom(&["import", ini.to_str().unwrap(), "--out", out_dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("mine: converted"), "{out}");
    assert!(
        out.contains(
            ":5:1: `wallOrMove`: `wallOrMove` without a walling rule (a pass) [walling (squares blocked by moves)]"
        ),
        "{out}"
    );
    let ron = out_dir.join("mine.ron");
    let (code, out, err) = kaboom(&["perft", ron.to_str().unwrap(), "1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Nodes searched: 22\n");
    let (code, out, _) = kaboom(&[
        "import",
        ini.to_str().unwrap(),
        "--variant",
        "mine",
        "--out",
        out_dir.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("\"converted\": true"), "{out}");
}

#[test]
fn import_errors() {
    let bad = temp("bad.ini");
    std::fs::write(&bad, "[a]\nking = k\nthis line has no equals\n").unwrap();
    let (code, _, err) = kaboom(&["import", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("bad.ini:3:1: error: `this line has no equals` is not `key = value`"),
        "{err}"
    );
    let (code, _, err) = kaboom(&["import", "tests/fixtures/fsf/variants.ini", "--variant", "nosuch"]);
    assert_eq!(code, 1);
    assert!(err.contains("no section [nosuch]"), "{err}");
    let (code, _, err) = kaboom(&["import", "no/such/file.ini"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn export_fsf_prints_a_section_or_refuses() {
    let (code, out, err) = kaboom(&["export-fsf", "tests/fixtures/fsf/exportable.ron"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("[exportable]\n") && out.contains("king = k\n"), "{out}");
    let (code, _, err) = kaboom(&["export-fsf", "chess"]);
    assert_eq!(code, 1);
    assert!(err.contains("end rule `dead if"), "{err}");
    // Each construct Fairy-Stockfish cannot express is named, with why.
    let (code, _, err) = kaboom(&["export-fsf", "bouncing-pieces"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("bouncing-pieces: cannot be written for Fairy-Stockfish:")
            && err.contains("effect rules (`rules`): `after move except castling: may bounce(adjacent(mover), away from mover)` has no Fairy-Stockfish option"),
        "{err}"
    );
    let (code, _, err) = kaboom(&["export-fsf", "atomic"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "end rule `not exists(own royal) and not exists(enemy royal): draw` has no Fairy-Stockfish option"
        ),
        "{err}"
    );
    let (code, _, err) = kaboom(&["export-fsf", "capatomic-random"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("a random setup (`setup`): Fairy-Stockfish starts from one FEN"),
        "{err}"
    );
    // A flag region (king of the hill, as imported) is written as one.
    let (code, out, err) = kaboom(&["export-fsf", "tests/fixtures/fsf/kingofthehill-imported.ron"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("flagPiece = k\nflagRegionWhite = d4 e4 d5 e5\nflagRegionBlack = d4 e4 d5 e5\n"),
        "{out}"
    );
}

#[test]
fn play_writes_pgn_that_replays() {
    let pgn = temp("game.pgn");
    let (code, _, err) = kaboom(&[
        "play",
        "chess",
        "f2f3",
        "e7e5",
        "g2g4",
        "d8h4",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("[Variant \"chess\"]") && text.contains("1. f3 e5 2. g4 Qh4# {checkmate} 0-1"),
        "{text}"
    );
    let (code, out, err) = kaboom(&["replay", pgn.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game 1 (chess): 4 moves, ok, 0-1 (checkmate)"), "{out}");
    // A random setup records its start position.
    let (code, _, err) = kaboom(&[
        "play",
        "capatomic-random",
        "--seed",
        "7",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \""), "{text}");
}

#[test]
fn replay_reports_the_first_illegal_move_of_each_game() {
    let pgn = temp("games.pgn");
    std::fs::write(&pgn, "[Event \"a\"]\n1. e4 {c} e5 $1 (1... c5) 2. Nf3 Nc6 *\n\n[Event \"b\"]\n[Variant \"atomic\"]\n1. e4 e5 2. Ke3 Nc6 *\n").unwrap();
    let (code, out, _) = kaboom(&["replay", pgn.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("game 1 (chess): 4 moves, ok"), "{out}");
    assert!(
        out.contains("games.pgn:6:13: game 2, move 2. Ke3: illegal: no legal move is written `Ke3`"),
        "{out}"
    );
}

#[test]
fn replay_errors() {
    let pgn = temp("broken.pgn");
    std::fs::write(&pgn, "[Event \"a\"]\n1. e4 {never closed\n").unwrap();
    let (code, _, err) = kaboom(&["replay", pgn.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("broken.pgn:2:7: error: a comment `{` is never closed"),
        "{err}"
    );
    std::fs::write(&pgn, "1. e4 e5 *\n").unwrap();
    let (code, _, err) = kaboom(&["replay", pgn.to_str().unwrap(), "--variant", "nosuch"]);
    assert_eq!(code, 1, "{err}");
}

/// A random setup's PGN replays: its FEN tag finds the castling pieces,
/// as every FEN kaboom reads does (`replay` read it with seed 0's castling
/// squares: "castling right `K` needs the king on g2").
#[test]
fn replay_reads_a_random_setups_fen_tag() {
    let pgn = temp("seed5.pgn");
    let (code, _, err) = kaboom(&[
        "play",
        "capatomic-random",
        "--seed",
        "5",
        "e3e4",
        "e8e7",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let tag = "[FEN \"3m1m4/acnrkqnrbb/pppppppppp/10/10/10/10/PPPPPPPPPP/ACNRKQNRBB/3M1M4 w KQkq - 0 1";
    assert!(text.contains(tag), "{text}");
    // Seed 0's castling squares do not fit it.
    let seed0 = kaboom::Variant::load("capatomic-random").unwrap();
    assert!(kaboom::fen::parse(&seed0, &tag[6..tag.len()]).is_err());
    let (code, out, err) = kaboom(&["replay", pgn.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("game 1 (capatomic-random): 2 moves, ok, *"), "{out}");
}

/// Castling with missiles is recorded so that the PGN replays: each of
/// the three kingside castlings has its own record (all were `O-O`).
#[test]
fn castling_with_missiles_replays() {
    let fen = "10/r4k3r/10/10/10/10/10/10/R4K3R/4M1M3 w KQkq - 0 1 unmoved=e1,g1";
    for (coords, record) in [
        ("f2i2", "1. O-O Kf8"),
        ("f2i2+g1", "1. O-O, Mj1 Kf8"),
        ("f2i2+e1+g1", "1. O-O, Mh1, Mj1 Kf8"),
    ] {
        let pgn = temp(&format!("{coords}.pgn"));
        let (code, _, err) = kaboom(&[
            "play",
            "capatomic-random",
            "--fen",
            fen,
            coords,
            "f9f8",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert!(text.contains(record), "{text}");
        let (code, out, err) = kaboom(&["replay", pgn.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("2 moves, ok"), "{out}");
        // And `play` reads the record back.
        let san = &record[3..record.len() - 4];
        let (code, out, err) = kaboom(&["play", "capatomic-random", "--fen", fen, san]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("1. {coords}:")), "{out}");
    }
}
