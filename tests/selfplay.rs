//! `kaboom match` and `kaboom match-merge`: deterministic self-play
//! reports, shards that add up to the whole, and clear errors.

mod common;
use common::kaboom;

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}"))
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaboom-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_match_report_counts_every_game_and_adds_up() {
    let (code, out, err) = kaboom(&[
        "match",
        "chess",
        "--games",
        "6",
        "--nodes",
        "200",
        "--max-plies",
        "60",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let r = json(&out);
    let played = r["played"].as_u64().unwrap();
    assert_eq!(played, 6);
    let res = &r["results"];
    let sum = ["white_wins", "black_wins", "draws", "both_lose"]
        .iter()
        .map(|k| res[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(sum, played);
    let lengths: u64 = r["lengths"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(lengths, played);
    let endings: u64 = r["endings"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(endings, played);
    // No game is longer than the cap; 4 random plies open each game.
    for len in r["lengths"].as_object().unwrap().keys() {
        let len: u32 = len.parse().unwrap();
        assert!((4..=60).contains(&len), "{len}");
    }
    let s = &r["summary"];
    assert!(s["first_mover_ci_low"].as_f64().unwrap() <= s["first_mover_score"].as_f64().unwrap());
    assert!(s["first_mover_ci_high"].as_f64().unwrap() >= s["first_mover_score"].as_f64().unwrap());
    // Every decisive game names at least one mechanic of its deciding move.
    let decisive = s["decisive"].as_u64().unwrap();
    let decided: u64 = r["decided_by"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert!(decided >= decisive);
}

#[test]
fn the_same_seed_gives_the_same_report_whatever_the_thread_count() {
    let args = |threads: &'static str, seed: &'static str| {
        vec![
            "match",
            "kaboom",
            "--games",
            "6",
            "--nodes",
            "300",
            "--max-plies",
            "80",
            "--seed",
            seed,
            "--threads",
            threads,
            "--format",
            "json",
        ]
    };
    let (_, one, _) = kaboom(&args("1", "5"));
    let (_, two, _) = kaboom(&args("2", "5"));
    assert_eq!(one, two);
    let (_, other, _) = kaboom(&args("1", "6"));
    assert_ne!(
        json(&one)["lengths"],
        json(&other)["lengths"],
        "another seed plays other games"
    );
}

#[test]
fn shards_merged_equal_the_unsharded_report() {
    let base = [
        "match",
        "kaboom",
        "--games",
        "7",
        "--nodes",
        "300",
        "--max-plies",
        "80",
        "--seed",
        "3",
        "--format",
        "json",
    ];
    let (code, whole, err) = kaboom(&base);
    assert_eq!(code, 0, "{err}");
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let mut args = base.to_vec();
        args.extend(["--shard", shard]);
        let (code, out, err) = kaboom(&args);
        assert_eq!(code, 0, "{err}");
        let r = json(&out);
        assert_eq!(r["played"].as_u64().unwrap(), if shard == "1/2" { 4 } else { 3 });
        let path = tmp(&format!("shard-{}.json", &shard[..1]));
        std::fs::write(&path, out).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    // In either order.
    let (code, merged, err) = kaboom(&["match-merge", &files[1], &files[0], "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&merged), json(&whole));
    assert_eq!(merged, whole);
    // A shard twice would count its games twice.
    let (code, _, err) = kaboom(&["match-merge", &files[0], &files[0]]);
    assert_eq!(code, 1);
    assert!(err.contains("shard 1/2 appears twice"), "{err}");
    // The text summary of a merge.
    let (code, text, _) = kaboom(&["match-merge", &files[0], &files[1]]);
    assert_eq!(code, 0);
    assert!(text.contains("7 of 7 games (shards 1/1)"), "{text}");
}

#[test]
fn reports_of_different_matches_do_not_merge() {
    let a = tmp("a.json");
    let b = tmp("b.json");
    let (_, out, _) = kaboom(&[
        "match",
        "chess",
        "--games",
        "2",
        "--nodes",
        "100",
        "--max-plies",
        "20",
        "--shard",
        "1/2",
        "--format",
        "json",
    ]);
    std::fs::write(&a, out).unwrap();
    let (_, out, _) = kaboom(&[
        "match",
        "chess",
        "--games",
        "2",
        "--nodes",
        "101",
        "--max-plies",
        "20",
        "--shard",
        "2/2",
        "--format",
        "json",
    ]);
    std::fs::write(&b, out).unwrap();
    let (code, _, err) = kaboom(&["match-merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("report 2 is of another match: its settings differ"),
        "{err}"
    );
    std::fs::write(&b, "{\"format\": 1}").unwrap();
    let (code, _, err) = kaboom(&["match-merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not a `kaboom match --format json` report"), "{err}");
    let (code, _, err) = kaboom(&["match-merge", "no/such/report.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/report.json"), "{err}");
}

#[test]
fn the_engine_beats_a_random_mover() {
    let (code, out, err) = kaboom(&[
        "match",
        "chess",
        "--games",
        "4",
        "--nodes",
        "2000",
        "--opponent",
        "random",
        "--openings",
        "0",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let r = json(&out);
    let e = &r["engine"];
    assert_eq!(e["wins"].as_u64().unwrap(), 4, "{out}");
}

#[test]
fn a_random_setup_starts_each_game_from_its_own_seed() {
    let (code, out, err) = kaboom(&[
        "match",
        "capatomic-random",
        "--games",
        "2",
        "--nodes",
        "100",
        "--max-plies",
        "10",
        "--openings",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 of 2 games"), "{out}");
}

#[test]
fn bad_match_arguments_are_refused_clearly() {
    let (code, _, err) = kaboom(&["match", "chess", "--games", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--games"), "{err}");
    for (shard, says) in [
        ("3/2", "K must be between 1 and N (2)"),
        ("0/2", "K must be between 1 and N (2)"),
        ("1/0", "N must be at least 1"),
        ("x/2", "is not a whole number"),
        ("12", "is not K/N"),
    ] {
        let (code, _, err) = kaboom(&["match", "chess", "--games", "2", "--shard", shard]);
        assert_eq!(code, 2, "{shard}");
        assert!(err.contains(says), "{shard}: {err}");
    }
    let (code, _, err) = kaboom(&["match", "no-such-variant", "--games", "2"]);
    assert_eq!(code, 1);
    assert!(err.contains("no bundled variant named `no-such-variant`"), "{err}");
    let (code, _, err) = kaboom(&["match", "chess", "--games", "2", "--nodes", "10", "--depth", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let (code, _, err) = kaboom(&["match", "chess", "--games", "2", "--opponent", "god"]);
    assert_eq!(code, 2);
    assert!(err.contains("god"), "{err}");
}

#[test]
fn games_out_writes_every_game_as_pgn_that_replays() {
    let path = tmp("games.pgn");
    let path_text = path.to_str().unwrap();
    let (code, out, err) = kaboom(&[
        "match",
        "chess",
        "--games",
        "3",
        "--nodes",
        "100",
        "--max-plies",
        "30",
        "--opponent",
        "random",
        "--openings",
        "0",
        "--threads",
        "2",
        "--games-out",
        path_text,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let r = json(&out);
    let text = std::fs::read_to_string(&path).unwrap();
    // One game per index, in order; the engine White in even games.
    let rounds: Vec<&str> = text.lines().filter(|l| l.starts_with("[Round ")).collect();
    assert_eq!(rounds, ["[Round \"1\"]", "[Round \"2\"]", "[Round \"3\"]"], "{text}");
    let whites: Vec<&str> = text.lines().filter(|l| l.starts_with("[White ")).collect();
    assert_eq!(
        whites,
        ["[White \"kaboom\"]", "[White \"random\"]", "[White \"kaboom\"]"]
    );
    for tag in [
        "[Variant \"chess\"]",
        "[Termination ",
        "[PlyCount ",
        "[FinalFEN ",
        "[FEN ",
    ] {
        assert_eq!(text.matches(tag).count(), 3, "{tag}: {text}");
    }
    let drawn = r["results"]["draws"].as_u64().unwrap() as usize;
    assert_eq!(text.matches("[Result \"1/2-1/2\"]").count(), drawn, "{text}");
    // Every move replays in the variant.
    let (code, out, err) = kaboom(&["replay", path_text]);
    assert_eq!(code, 0, "{out}{err}");
    // A file that cannot be written is refused, naming the option.
    let (code, _, err) = kaboom(&[
        "match",
        "chess",
        "--games",
        "1",
        "--nodes",
        "10",
        "--max-plies",
        "2",
        "--games-out",
        tmp("").to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("--games-out") && err.contains("cannot write"), "{err}");
}
