//! `kaboom tune --label search|mix`: positions labelled by a deeper
//! search, deterministic for a seed, shardable, written in the data with
//! what was used; older data still load; clear errors.

mod common;
use common::kaboom;

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaboom-tune-labels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const TINY: [&str; 9] = [
    "--games",
    "4",
    "--nodes",
    "150",
    "--max-plies",
    "50",
    "--seed",
    "5",
    "--no-squares",
];

fn tune(extra: &[&str]) -> String {
    let mut args = vec!["tune", "chess"];
    args.extend(TINY);
    args.extend(extra);
    let (code, out, err) = kaboom(&args);
    assert_eq!(code, 0, "{err}");
    out
}

fn merge(files: &[&std::path::Path], extra: &[&str]) -> String {
    let mut args = vec!["tune-merge"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    args.extend(extra);
    let (code, out, err) = kaboom(&args);
    assert_eq!(code, 0, "{err}");
    out
}

/// The output from its second line on (the first names the shards).
fn fit_lines(out: &str) -> String {
    out.lines().skip(1).collect::<Vec<_>>().join("\n")
}

/// The fit alone: the output but its first line and the labels' line.
fn fit_only(out: &str) -> String {
    out.lines()
        .skip(1)
        .filter(|l| !l.starts_with("labels: "))
        .collect::<Vec<_>>()
        .join("\n")
}

const SEARCH: [&str; 4] = ["--label", "search", "--label-nodes", "400"];

#[test]
fn search_labels_are_deterministic_shardable_and_written_in_the_data() {
    let (a, b) = (tmp("a.json"), tmp("b.json"));
    let mut args = SEARCH.to_vec();
    args.extend(["--data", a.to_str().unwrap()]);
    let whole = tune(&args);
    assert!(
        whole.contains(
            "labels: the search's scores; each position searched to 400 nodes, its score an expected result at K = "
        ),
        "{whole}"
    );
    let mut again = SEARCH.to_vec();
    again.extend(["--threads", "2", "--data", b.to_str().unwrap()]);
    assert_eq!(tune(&again), whole, "the same seed, the same fit");
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap(), "the same data");
    assert!(text.contains("\"label_nodes\":400"), "the data say how deep");
    assert!(text.contains("\"label\":\"search\""), "the data say which label");
    assert!(text.contains("\"searched\":["), "each position's score is kept");
    // Shards fit to the whole.
    let (s1, s2) = (tmp("s1.json"), tmp("s2.json"));
    for (shard, file) in [("1/2", &s1), ("2/2", &s2)] {
        let mut args = SEARCH.to_vec();
        args.extend(["--shard", shard, "--data", file.to_str().unwrap()]);
        tune(&args);
    }
    assert_eq!(fit_lines(&merge(&[&s2, &s1], &[])), fit_lines(&whole));
    // The games do not depend on the labels: the same data fitted against
    // the results is the results' fit; a mix lies between.
    let results = tune(&[]);
    assert!(results.contains("\nlabels: the games' results\n"), "{results}");
    let refit = merge(&[&a], &["--label", "result"]);
    assert!(
        refit.contains("\nlabels: the games' results (the positions' 400-node search scores unused)\n"),
        "{refit}"
    );
    assert_eq!(fit_only(&refit), fit_only(&results));
    let mixed = merge(&[&a], &["--label", "mix", "--label-mix", "0.25"]);
    assert!(
        mixed.contains("labels: 0.25 of the search's scores and 0.75 of the games' results; each position searched"),
        "{mixed}"
    );
    assert_ne!(fit_lines(&mixed), fit_lines(&whole));
}

#[test]
fn data_written_before_search_labels_still_load() {
    let file = tmp("old.json");
    let out = tune(&["--data", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("\"label_nodes\":null"),
        "{}",
        &text[..300.min(text.len())]
    );
    let old = text
        .replace(",\"label_nodes\":null", "")
        .replace(",\"label\":\"result\"", "");
    assert!(!old.contains("label"), "{}", &old[..300.min(old.len())]);
    std::fs::write(&file, old).unwrap();
    assert_eq!(fit_lines(&merge(&[&file], &[])), fit_lines(&out));
    // They have no search scores to fit against.
    let (code, _, err) = kaboom(&["tune-merge", file.to_str().unwrap(), "--label", "search"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the data hold no search scores for --label search"),
        "{err}"
    );
}

#[test]
fn bad_label_options_get_clear_errors() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["tune", "chess", "--label", "deep"],
            "possible values: result, search, mix",
        ),
        (
            &["tune", "chess", "--label", "mix", "--label-mix", "1.5"],
            "`1.5` is not a number from 0 to 1",
        ),
        (
            &["tune", "chess", "--label-mix", "0.5"],
            "--label-mix needs --label mix",
        ),
        (
            &["tune", "chess", "--label", "search", "--label-mix", "0.5"],
            "--label-mix needs --label mix",
        ),
        (
            &["tune", "chess", "--label", "search", "--label-nodes", "0"],
            "--label-nodes",
        ),
        (
            &["tune", "chess", "--label-nodes", "100"],
            "--label-nodes needs --label search or mix",
        ),
        (
            &["tune-merge", "x.json", "--label-mix", "2"],
            "is not a number from 0 to 1",
        ),
        (&["tune-merge", "x.json", "--label-nodes", "100"], "--label-nodes"),
    ];
    for (args, says) in cases {
        let (code, _, err) = kaboom(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
