//! `kaboom tune` and `kaboom tune-merge`: a deterministic fit for a seed,
//! shards that fit to the whole, the section written into a variant file,
//! the `evaluation` section's `values` checked, and clear errors.

mod common;
use common::kaboom;

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaboom-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const TINY: [&str; 8] = ["--games", "4", "--nodes", "150", "--max-plies", "50", "--seed", "1"];

/// A weak prior on the square tables, so that four games move them.
const WEAK: [&str; 4] = ["--square-sd", "200", "--square-smooth", "0"];

fn tune(extra: &[&str]) -> String {
    let mut args = vec!["tune", "chess"];
    args.extend(TINY);
    args.extend(WEAK);
    args.extend(extra);
    let (code, out, err) = kaboom(&args);
    assert_eq!(code, 0, "{err}");
    out
}

/// The output from its second line on (the first names the shards).
fn fit_lines(out: &str) -> String {
    out.lines().skip(1).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_tiny_run_is_deterministic_and_its_shards_fit_to_the_whole() {
    let whole = tune(&[]);
    assert!(whole.contains("piece values (95% intervals"), "{whole}");
    assert!(whole.contains("  knight (N): "), "{whole}");
    assert!(
        whole.contains("\nevaluation: (\n        material: 100,\n        mobility: "),
        "{whole}"
    );
    assert!(whole.contains("\n        values: {'B': "), "{whole}");
    assert_eq!(tune(&["--threads", "2"]), whole, "the same seed, the same fit");
    let (a, b) = (tmp("a.json"), tmp("b.json"));
    tune(&["--shard", "1/2", "--data", a.to_str().unwrap()]);
    tune(&["--shard", "2/2", "--data", b.to_str().unwrap()]);
    let mut merge = vec!["tune-merge", b.to_str().unwrap(), a.to_str().unwrap()];
    merge.extend(WEAK);
    let (code, merged, err) = kaboom(&merge);
    assert_eq!(code, 0, "{err}");
    assert!(merged.contains("(shards 1/2 2/2)"), "{merged}");
    assert_eq!(fit_lines(&merged), fit_lines(&whole));
    // The same shard twice is refused, naming the file.
    let (code, _, err) = kaboom(&["tune-merge", a.to_str().unwrap(), a.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("a.json: data 2 hold game 0 again"), "{err}");
}

#[test]
fn weights_keep_fits_the_values_only_and_significant_reports_what_it_kept() {
    // Without square tables the section is one line, as the test reads it.
    let keep = tune(&["--weights", "keep", "--no-squares"]);
    for term in ["mobility", "centre", "advancement", "royal_safety", "tempo"] {
        assert!(
            keep.contains(&format!("  {term}: kept at 100 (--weights keep)")),
            "{keep}"
        );
    }
    let section = keep.lines().find(|l| l.starts_with("evaluation: ")).unwrap();
    assert!(
        section.starts_with(
            "evaluation: (material: 100, mobility: 100, centre: 100, advancement: 100, royal_safety: 100, tempo: 100, values: {'B': "
        ),
        "{section}"
    );
    assert_ne!(
        section,
        "evaluation: (material: 100, mobility: 100, centre: 100, advancement: 100, royal_safety: 100, tempo: 100, values: {'B': 300, 'N': 300, 'P': 100, 'Q': 900, 'R': 500})"
    );
    // Significant: each weight is fitted (an interval that excludes 100)
    // or kept, with the fit that was not sure of it.
    let sure = tune(&["--weights", "significant"]);
    for term in ["mobility", "centre", "advancement", "royal_safety", "tempo"] {
        let line = sure.lines().find(|l| l.starts_with(&format!("  {term}: "))).unwrap();
        assert!(
            line.contains("kept at 100 (fitted ") || line.contains("(was 100)"),
            "{line}"
        );
    }
    // tune-merge takes the option too.
    let data = tmp("keep.json");
    tune(&["--data", data.to_str().unwrap(), "--no-squares"]);
    let (code, merged, err) = kaboom(&["tune-merge", data.to_str().unwrap(), "--weights", "keep"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fit_lines(&merged), fit_lines(&keep));
}

#[test]
fn write_sets_the_section_of_a_variant_file() {
    let file = tmp("mine.ron");
    std::fs::write(&file, "(\n    extends: \"chess\",\n    name: \"Mine\",\n)\n").unwrap();
    let path = file.to_str().unwrap();
    let out = tune(&["--write", path]);
    assert!(
        out.contains(&format!("wrote the evaluation section into {path}")),
        "{out}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("    evaluation: (\n        material: 100,\n        mobility: "),
        "{text}"
    );
    let (code, _, err) = kaboom(&["validate", path]);
    assert_eq!(code, 0, "{err}");
    // Again: the field is replaced, not added twice.
    tune(&["--write", path, "--openings", "6"]);
    let again = std::fs::read_to_string(&file).unwrap();
    assert_eq!(again.matches("evaluation:").count(), 1, "{again}");
    // A file of another variant, whose pieces the values do not name, is left alone.
    let other = tmp("other.ron");
    let before = "(extends: \"xiangqi\", name: \"Other\")";
    std::fs::write(&other, before).unwrap();
    let mut args = vec!["tune", "chess"];
    args.extend(TINY);
    args.extend(["--write", other.to_str().unwrap()]);
    let (code, _, err) = kaboom(&args);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("would not load with the tuned section, left as it was"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), before);
}

#[test]
fn bad_arguments_and_files_get_clear_errors() {
    let cases: &[(&[&str], i32, &str)] = &[
        (&["tune", "chess", "--games", "0"], 2, "--games"),
        (
            &["tune", "chess", "--nodes", "10", "--depth", "2"],
            2,
            "cannot be used with",
        ),
        (
            &["tune", "chess", "--shard", "3/2"],
            2,
            "--shard `3/2`: K must be between 1 and N",
        ),
        (&["tune", "no-such-variant"], 1, "no-such-variant"),
        (
            &["tune", "chess", "--square-sd", "0"],
            2,
            "`0` is not a number above 0, at most 10000",
        ),
        (
            &["tune-merge", "x.json", "--square-smooth", "abc"],
            2,
            "`abc` is not a number from 0 to 10000",
        ),
        (
            &["tune", "chess", "--weights", "some"],
            2,
            "possible values: fit, keep, significant",
        ),
        (&["tune-merge"], 2, "required"),
        (&["tune-merge", "/no/such/file.json"], 2, "/no/such/file.json"),
    ];
    for (args, want, says) in cases {
        let (code, _, err) = kaboom(args);
        assert_eq!(code, *want, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let junk = tmp("junk.json");
    std::fs::write(&junk, "{\"secret\": 1}").unwrap();
    let (code, _, err) = kaboom(&["tune-merge", junk.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not `kaboom tune --data` output"), "{err}");
}

#[test]
fn the_sections_values_are_checked() {
    let bad = tmp("bad-values.ron");
    std::fs::write(
        &bad,
        r#"(extends: "chess", name: "Bad", evaluation: (values: {'X': 5, 'N': -3, 'B': 100001}))"#,
    )
    .unwrap();
    let (code, _, err) = kaboom(&["validate", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    for says in [
        "evaluation `values` names `X`, which is no piece's letter",
        "evaluation value of `N` is -3, not between 0 and 100000",
        "evaluation value of `B` is 100001, not between 0 and 100000",
    ] {
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn the_sections_square_tables_are_checked_where_written() {
    let bad = tmp("bad-squares.ron");
    let eight = "[0, 0, 0, 0, 0, 0, 0, 0]";
    let ranks = |n: usize| vec![eight; n].join(", ");
    let text = format!(
        "(extends: \"chess\", name: \"Bad\", evaluation: (squares: {{\n  'X': [{}],\n  'N': [{}],\n  'B': [{}, [0, 0, 0]],\n  'R': [{}, [0, 0, 0, 0, 0, 0, 0, 10001]],\n}}))\n",
        ranks(8),
        ranks(7),
        ranks(7),
        ranks(7)
    );
    std::fs::write(&bad, text).unwrap();
    let (code, _, err) = kaboom(&["validate", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    for (says, line) in [
        ("evaluation `squares` names `X`, which is no piece's letter", 2),
        ("evaluation square table of `N` has 7 ranks, the board 8", 3),
        (
            "evaluation square table of `B`: rank 1 has 3 values, the board 8 files",
            4,
        ),
        (
            "evaluation square table of `R`: 10001 on rank 1, not between -10000 and 10000",
            5,
        ),
    ] {
        let at = err.find(says).unwrap_or_else(|| panic!("{says}: {err}"));
        let place = format!("bad-squares.ron:{line}:");
        assert!(err[at..].contains(&place), "{says} at line {line}: {err}");
    }
    assert!(err.contains("a table is 8 ranks of 8 values each"), "{err}");
}

#[test]
fn the_square_tables_are_fitted_reported_and_written_or_kept_with_no_squares() {
    let out = tune(&[]);
    assert!(out.contains("square tables (centipawns for White"), "{out}");
    assert!(out.contains("  knight (N): "), "{out}");
    assert!(out.contains("squares measured"), "{out}");
    assert!(out.contains("        squares: {\n            '"), "{out}");
    // A written file loads, and a second fit starts from its tables.
    let file = tmp("squares.ron");
    std::fs::write(&file, "(\n    extends: \"chess\",\n    name: \"Mine\",\n)\n").unwrap();
    let path = file.to_str().unwrap();
    tune(&["--write", path]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\n        squares: {\n"), "{text}");
    let (code, _, err) = kaboom(&["validate", path]);
    assert_eq!(code, 0, "{err}");
    let (code, formatted, err) = kaboom(&["fmt", path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(formatted, text, "the written section is as `kaboom fmt` writes it");
    // --no-squares: no square in the report, the file's tables kept as they are.
    let mut args = vec!["tune", path];
    args.extend(TINY);
    args.push("--no-squares");
    let (code, kept, err) = kaboom(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        kept.contains("square tables: not fitted (--no-squares), kept as they are"),
        "{kept}"
    );
    let tables = |t: &str| t[t.find("squares: {").unwrap()..].to_string();
    assert_eq!(
        tables(&kept),
        tables(&text).replace("\n    ),\n)\n", "\n    ),\n"),
        "{kept}"
    );
}

#[test]
fn a_move_that_also_moves_the_duck_is_quiet() {
    // Every duck move blocks a square and unblocks another; before, no
    // position of duck chess was kept.
    let (code, out, err) = kaboom(&[
        "tune",
        "duck",
        "--games",
        "2",
        "--nodes",
        "150",
        "--max-plies",
        "40",
        "--no-squares",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" quiet positions from 2 games"), "{out}");
}
