//! The command line: output formats, and every error a user can make,
//! with its message pinned as a snapshot and its exit code checked.

mod common;
use common::kaboom;

#[test]
fn moves_prints_only_moves() {
    let (code, out, err) = kaboom(&["moves", "chess"]);
    assert_eq!(code, 0, "{err}");
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"e2e4") && moves.contains(&"g1f3"));
}

#[test]
fn moves_writes_castling_as_the_kings_move_and_ranks_past_nine() {
    let (_, out, _) = kaboom(&[
        "moves",
        "capablanca",
        "--fen",
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
    ]);
    assert!(out.lines().any(|m| m == "f1i1"), "{out}");
    assert!(out.lines().any(|m| m == "f1c1"), "{out}");
    let big = "tests/fixtures/valid/grand-16x16.ron";
    let (code, out, err) = kaboom(&["play", big, "a2a4"]);
    assert_eq!(code, 0, "{err}");
    let fen = out.lines().find_map(|l| l.strip_prefix("fen: ")).expect("a fen line");
    assert!(fen.contains("/16/P15/"), "{fen}");
    let (_, out, _) = kaboom(&["moves", big, "--fen", fen]);
    assert!(out.lines().any(|m| m == "a15a13"), "{out}");
    assert!(out.lines().any(|m| m == "b16c14"), "{out}");
}

#[test]
fn perft_prints_stockfish_format() {
    let (code, out, err) = kaboom(&["perft", "chess", "2", "--divide"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
    assert!(err.contains("nodes per second"));
    let (_, out, _) = kaboom(&["perft", "capablanca", "3"]);
    assert_eq!(out, "Nodes searched: 25228\n");
}

#[test]
fn play_prints_board_fen_and_result() {
    let (code, out, err) = kaboom(&["play", "chess", "f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn play_reports_stalemate_and_draw_rules() {
    let (_, out, _) = kaboom(&["play", "chess", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(out.ends_with("result: 1/2-1/2 (stalemate)\n"), "{out}");
    let (_, out, _) = kaboom(&["play", "chess", "--fen", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "a1a2"]);
    assert!(out.ends_with("result: 1/2-1/2 (50-move rule)\n"), "{out}");
    let (_, out, _) = kaboom(&[
        "play", "chess", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ]);
    assert!(out.ends_with("result: 1/2-1/2 (3-fold repetition)\n"), "{out}");
}

/// Runs a failing command; returns "exit N", stdout (only `validate`
/// prints there on failure) and stderr for a snapshot.
fn failure(args: &[&str]) -> String {
    let (code, out, err) = kaboom(args);
    assert_ne!(code, 0, "{args:?} should fail");
    assert_ne!(code, 101, "{args:?} panicked: {err}");
    if args[0] != "validate" {
        assert!(out.is_empty(), "{args:?} printed to stdout on failure: {out}");
    }
    format!("exit {code}\nstdout:\n{out}stderr:\n{err}")
}

#[test]
fn unknown_variant_name() {
    insta::assert_snapshot!(failure(&["moves", "chesss"]));
}

#[test]
fn missing_variant_file() {
    insta::assert_snapshot!(failure(&["moves", "no/such/file.ron"]));
}

#[test]
fn variant_path_is_a_directory() {
    insta::assert_snapshot!(failure(&["moves", "tests/"]));
}

#[test]
fn malformed_fen() {
    insta::assert_snapshot!(failure(&[
        "moves",
        "chess",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"
    ]));
}

#[test]
fn fen_with_impossible_castling_right() {
    insta::assert_snapshot!(failure(&[
        "perft",
        "chess",
        "1",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1"
    ]));
}

#[test]
fn fen_with_bad_en_passant_square() {
    insta::assert_snapshot!(failure(&["moves", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"]));
}

#[test]
fn illegal_move_lists_the_legal_ones() {
    insta::assert_snapshot!(failure(&["play", "chess", "e2e4", "e7e5", "e1e3"]));
}

#[test]
fn malformed_move() {
    insta::assert_snapshot!(failure(&["play", "chess", "e2"]));
    insta::assert_snapshot!(failure(&["play", "chess", "e7e8x"]));
}

#[test]
fn move_after_the_game_ended() {
    insta::assert_snapshot!(failure(&["play", "chess", "f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]));
}

#[test]
fn validate_reports_errors_with_exit_1() {
    insta::assert_snapshot!(failure(&["validate", "tests/fixtures/invalid/bad-template.ron"]));
}

#[test]
fn validate_accepts_valid_files() {
    let (code, out, err) = kaboom(&["validate", "chess", "capablanca", "variants/chess.ron"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["perft", "chess"][..],
        &["perft", "chess", "deep"],
        &["frobnicate"],
        &["moves"],
        &["validate"],
    ] {
        let (code, _, err) = kaboom(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
}

#[test]
fn test_reports_passes_failures_and_diffs() {
    let (code, out, err) = kaboom(&["test", "tests/fixtures/scenarios/"]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn test_snapshot_stores_then_compares() {
    let dir = std::env::temp_dir().join(format!("kaboom-snapshot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("mate.ron");
    std::fs::copy("tests/fixtures/scenarios/passing.ron", &scenario).unwrap();
    let path = scenario.display().to_string();
    let (code, out, _) = kaboom(&["test", "--snapshot", &path]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("snapshot written"), "{out}");
    let snap = dir.join("mate.snap");
    assert!(
        std::fs::read_to_string(&snap)
            .unwrap()
            .contains("result: 0-1 (checkmate)")
    );
    let (code, out, _) = kaboom(&["test", "--snapshot", &path]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("1 passed, 0 failed\n"), "{out}");
    let changed = std::fs::read_to_string(&snap)
        .unwrap()
        .replace("checkmate", "stalemate");
    std::fs::write(&snap, changed).unwrap();
    let (code, out, _) = kaboom(&["test", "--snapshot", &path]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("- result: 0-1 (stalemate)") && out.contains("+ result: 0-1 (checkmate)"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn test_of_a_missing_file_exits_2() {
    let (code, _, err) = kaboom(&["test", "no/such/scenario.ron"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn explain_marks_the_squares_and_tells_what_happened() {
    let (code, out, err) = kaboom(&[
        "explain",
        "kaboom",
        "--fen",
        "4k3/8/p7/8/n7/8/8/R3K3 w - - 0 1",
        "a1a4@tackle",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn validate_folders_and_json() {
    let (code, out, _) = kaboom(&["validate", "variants/"]);
    assert_eq!(code, 0, "{out}");
    // Every variant file, the fairy conditions under variants/fairy/ too.
    let files = |dir: &str| {
        std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "ron"))
            .count()
    };
    let bundled = files("variants") + files("variants/fairy");
    assert_eq!(out.lines().count(), bundled, "{out}");
    let (code, out, _) = kaboom(&[
        "validate",
        "--format",
        "json",
        "tests/fixtures/invalid/promotion.ron",
        "chess",
    ]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    let files = json["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["valid"], false);
    assert_eq!(files[0]["diagnostics"][0]["location"]["line"], 4);
    assert_eq!(files[1]["valid"], true);
}

#[test]
fn validate_of_an_unreadable_file_exits_2() {
    let (code, out, err) = kaboom(&["validate", "no/such/file.ron"]);
    assert_eq!(code, 2, "{out}{err}");
}

#[test]
fn setup_prints_seeded_positions_and_counts() {
    let (_, a, _) = kaboom(&["setup", "capatomic-random", "--seed", "7"]);
    let (_, b, _) = kaboom(&["setup", "capatomic-random", "--seed", "7"]);
    assert_eq!(a, b);
    assert!(a.contains("PPPPPPPPPP"), "{a}");
    let (code, count, _) = kaboom(&["setup", "capatomic-random", "--count"]);
    assert_eq!((code, count.as_str()), (0, "21836\n"));
    insta::assert_snapshot!(failure(&["setup", "chess"]));
}

#[test]
fn validate_shows_warnings_and_still_passes() {
    let (code, out, err) = kaboom(&["validate", "tests/fixtures/warnings/unreachable-promotion.ron"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": ok ("), "{out}");
    insta::assert_snapshot!(err);
}

#[test]
fn perft_threads_give_the_same_counts() {
    for variant in ["chess", "atomic", "kaboom"] {
        let (_, one, _) = kaboom(&["perft", variant, "3", "--divide"]);
        let (code, two, err) = kaboom(&["perft", variant, "3", "--divide", "--threads", "2"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(one, two, "{variant}");
        assert!(err.contains("2 threads"), "{err}");
    }
    let (code, _, err) = kaboom(&["perft", "chess", "3", "--threads", "0"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_random_setup_fen_reads_without_its_seed() {
    for seed in ["1", "3", "99"] {
        let (code, out, err) = kaboom(&["setup", "capatomic-random", "--seed", seed]);
        assert_eq!(code, 0, "{err}");
        let fen = out
            .lines()
            .find(|l| l.contains(" w KQkq "))
            .unwrap_or_else(|| panic!("a FEN in {out}"))
            .trim()
            .to_string();
        let (code, plain, err) = kaboom(&["perft", "capatomic-random", "2", "--fen", &fen]);
        assert_eq!(code, 0, "{fen}: {err}");
        let (_, seeded, _) = kaboom(&["perft", "capatomic-random", "2", "--fen", &fen, "--seed", seed]);
        assert_eq!(plain, seeded, "{fen}");
        // What `show` prints for it reads back too.
        let (code, _, err) = kaboom(&["moves", "capatomic-random", "--fen", &fen]);
        assert_eq!(code, 0, "{err}");
    }
}

#[test]
fn explain_names_the_piece_a_king_compels() {
    let (code, out, err) = kaboom(&[
        "explain",
        "kaboom",
        "--fen",
        "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1",
        "e1~e3e2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "The White king on e1 stays and compels the Black pawn on e3 to move.\nBlack pawn moves from e3 to e2."
        ),
        "{out}"
    );
    assert!(!out.contains("compels it"), "{out}");
}

#[test]
fn a_king_bump_without_its_square_gets_a_hint() {
    let fen = "8/8/8/8/8/8/4p3/4K2k w - - 0 1";
    let (code, _, err) = kaboom(&["play", "kaboom", "--fen", fen, "e1e2@bump"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("help: `e1e2@bump` needs the square the push sends the piece to, after `/`: e1e2@bump/d1,"),
        "{err}"
    );
    // A move that names its square, or another mistake, gets no such hint.
    let (_, _, err) = kaboom(&["play", "kaboom", "--fen", fen, "e1e3"]);
    assert!(!err.contains("needs the square"), "{err}");
}

#[test]
fn a_block_word_that_cannot_be_printed_is_refused() {
    let dir = std::env::temp_dir().join(format!("kaboom-block-word-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("v.ron");
    std::fs::write(&file, "(extends: \"chess\", name: \"x\", block_word: \"cra\\ntered\")").unwrap();
    let (code, out, err) = kaboom(&["validate", file.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        (out + &err).contains("`block_word` cannot be printed: it contains `\\n`"),
        "validate should refuse the word"
    );
}

#[test]
fn a_result_says_why_in_words_in_play_and_pgn() {
    let dir = std::env::temp_dir().join(format!("kaboom-result-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("g.pgn");
    let (code, out, err) = kaboom(&[
        "play",
        "kaboom",
        "--fen",
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
        "--pgn",
        pgn.to_str().unwrap(),
        "e1e8@bump",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("result: 1-0 (Black's king was captured)\n"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let (code, replayed, err) = kaboom(&["replay", pgn.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(text.contains("[Termination \"Black's king was captured\"]"), "{text}");
    assert_eq!(code, 0, "{err}");
    assert!(replayed.contains("1-0 (Black's king was captured)"), "{replayed}");
}

#[test]
fn an_end_rule_name_with_an_unknown_placeholder_is_refused() {
    let dir = std::env::temp_dir().join(format!("kaboom-end-name-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("v.ron");
    std::fs::write(
        &file,
        "(extends: \"chess\", name: \"x\", end: [(rule: \"checkmate: loss\", name: \"{winner} mates\")])",
    )
    .unwrap();
    let (code, out, err) = kaboom(&["validate", file.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        (out + &err).contains("may hold only the placeholders `{own}` and `{enemy}`"),
        "validate should refuse the placeholder"
    );
}

/// `initial_squares` with `initial_ranks`, `initial_squares` that are not
/// fixed, and `pawn_for` on a piece that is not a pawn: each reported at
/// its place, exit 1.
#[test]
fn validate_locates_misused_initial_squares_and_pawn_for() {
    let (code, _, err) = kaboom(&["validate", "tests/fixtures/invalid/initial-squares.ron"]);
    assert_eq!(code, 1, "{err}");
    for expected in [
        "has both `initial_ranks` and `initial_squares`",
        "initial-squares.ron:7:",
        "has `pawn_for` but is not a `pawn`",
        "initial-squares.ron:8:",
        "`initial_squares` `own P`",
        "initial-squares.ron:9:",
    ] {
        assert!(err.contains(expected), "missing {expected:?} in\n{err}");
    }
}
