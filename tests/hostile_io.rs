//! Hostile input and output, round two: files that are not regular files,
//! paths that leave the folder tree, output that cannot be written, huge
//! error lists, spans in files with escapes and byte-order marks.
//! Every case checks the exit code and that nothing panics (exit 101).

mod common;
use common::kaboom;
use common::scratch::Scratch;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_kaboom");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs kaboom with `stdout` (and stderr) going to a pipe whose reader is
/// already gone; returns the exit code and what stderr held.
fn closed_pipe(args: &[&str], stderr_too: bool) -> (i32, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(ROOT).stdout(writer.try_clone().unwrap());
    if stderr_too {
        cmd.stderr(writer);
    } else {
        cmd.stderr(Stdio::piped());
    }
    let out = cmd.output().expect("kaboom runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs kaboom with stdout (or stderr) on /dev/full.
fn full_disk(args: &[&str], on_stderr: bool) -> (i32, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(ROOT);
    if on_stderr {
        cmd.stderr(full).stdout(Stdio::null());
    } else {
        cmd.stdout(full).stderr(Stdio::piped());
    }
    let out = cmd.output().expect("kaboom runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every subcommand, each with output on stdout.
const WRITERS: &[&[&str]] = &[
    &["perft", "chess", "3", "--divide"],
    &["perft", "chess", "2"],
    &["moves", "chess"],
    &["play", "chess", "e2e4"],
    &["show", "chess"],
    &["explain", "chess", "e2e4"],
    &["setup", "capatomic-random"],
    &["validate", "chess"],
    &["validate", "--format", "json", "chess"],
    &["validate", "tests/fixtures/invalid"],
    &["validate", "--format", "json", "tests/fixtures/invalid"],
    &["test", "tests/scenarios/atomic-blast.ron"],
    &["replay", "tests/fixtures/pgn/games.pgn"],
    &["export-fsf", "tests/fixtures/fsf/exportable.ron"],
    &[
        "import",
        "tests/fixtures/fsf/variants.ini",
        "--format",
        "json",
        "--out",
        "target/hostile-io-import",
    ],
    &["--help"],
    &["moves", "--help"],
    &["--version"],
];

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in WRITERS {
        let (code, err) = closed_pipe(args, false);
        assert_ne!(code, 101, "{args:?} panicked: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("cannot write output"), "{args:?}: {err}");
        assert!(code == 0 || code == 1, "{args:?}: exit {code}: {err}");
        // Both streams closed: still no panic.
        let (code, _) = closed_pipe(args, true);
        assert!(code == 0 || code == 1, "{args:?} with stderr closed: exit {code}");
    }
}

#[test]
fn a_full_disk_is_an_error_with_exit_2() {
    for args in WRITERS {
        let (code, err) = full_disk(args, false);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("cannot write output: No space left on device"),
            "{args:?}: {err}"
        );
    }
    // Diagnostics and timings go to stderr: a full stderr is exit 2 as well.
    for args in [&["validate", "tests/fixtures/invalid"][..], &["perft", "chess", "1"]] {
        let (code, _) = full_disk(args, true);
        assert_eq!(code, 2, "{args:?}");
    }
}

/// Runs kaboom with a time limit: a blocked read is a failure, not a hang.
fn kaboom_within(args: &[&str], seconds: u64) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaboom runs");
    let started = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed().as_secs() >= seconds {
            child.kill().unwrap();
            panic!("{args:?} still running after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = kaboom(args);
    assert_ne!(code, 101, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"))
}

#[test]
fn spans_are_offsets_into_the_file_as_written() {
    let dir = Scratch::new("spans");
    // Escapes before non-ASCII text inside the string, on the second line.
    let cases = [
        ("tab.ron", "(extends: \"chess\",\n rules: [\"on capture:\\té\"])", "é"),
        (
            "unicode.ron",
            "(extends: \"chess\",\n rules: [\"on capture:\\u{20}\\u{e9}é\"])",
            "\\u{e9}",
        ),
        (
            "raw.ron",
            "(extends: \"chess\",\n rules: [r#\"on capture: \"é\"#])",
            "\"é\"#",
        ),
        (
            "quote.ron",
            "(extends: \"chess\",\n rules: [\"on capture: \\\"é\"])",
            "\\\"é",
        ),
    ];
    for (name, text, at) in cases {
        let file = dir.write(name, text);
        let doc = json(&["validate", "--format", "json", &file]);
        let loc = &doc["files"][0]["diagnostics"][0]["location"];
        let offset = text.find(at).unwrap();
        let line_start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
        let column = text[line_start..offset].chars().count() + 1;
        assert_eq!(loc["line"], 2, "{name}: {doc}");
        assert_eq!(loc["column"], column as u64, "{name}: {doc}");
        let (code, _, err) = kaboom(&["validate", &file]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(&format!("{name}:2:{column}]")), "{name}: {err}");
    }
}

#[test]
fn a_type_error_inside_a_value_points_at_its_start() {
    let dir = Scratch::new("typed");
    let text = "(extends: \"chess\",\n board: (files: \"eight\", ranks: 8))";
    let file = dir.write("typed.ron", text);
    let doc = json(&["validate", "--format", "json", &file]);
    let loc = &doc["files"][0]["diagnostics"][0]["location"];
    assert_eq!(
        (loc["line"].as_u64(), loc["column"].as_u64()),
        (Some(2), Some(17)),
        "{doc}"
    );
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = Scratch::new("bom");
    let good = dir.write("good.ron", "\u{feff}(extends: \"chess\", name: \"Bom\")");
    let (code, out, err) = kaboom(&["validate", &good]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ok (Bom)"), "{out}");
    let bad = dir.write(
        "bad.ron",
        "\u{feff}(extends: \"chess\", board: (files: \"eight\", ranks: 8))",
    );
    let doc = json(&["validate", "--format", "json", &bad]);
    let loc = &doc["files"][0]["diagnostics"][0]["location"];
    assert_eq!(
        (loc["line"].as_u64(), loc["column"].as_u64()),
        (Some(1), Some(35)),
        "{doc}"
    );
    let scenario = dir.write(
        "s.ron",
        "\u{feff}(variant: \"chess\", description: \"bom\", moves: [\"e2e4\"])",
    );
    let (code, out, _) = kaboom(&["test", &scenario]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn extends_and_scenario_variants_stay_inside_the_given_folder() {
    let dir = Scratch::new("sandbox");
    let secret = "SECRET-CONTENT-DO-NOT-PRINT";
    dir.write("outside.ron", format!("(name: \"{secret}\")"));
    dir.write("inside/ok/base.ron", "(extends: \"chess\", name: \"Base\")");
    let targets = [
        "/proc/self/environ",
        "/etc/passwd",
        "/etc/hostname",
        "../outside.ron",
        "ok/../../outside.ron",
        "ok/notes.txt",
    ];
    dir.write("inside/ok/notes.txt", secret);
    for target in targets {
        let file = dir.write("inside/child.ron", format!("(extends: \"{target}\")"));
        let (code, out, err) = kaboom(&["validate", &file]);
        assert_eq!(code, 1, "{target}: {err}");
        assert!(
            !err.contains(secret) && !err.contains("root:") && !err.contains("PATH="),
            "{target}: {err}"
        );
        assert!(err.contains("bundled variant, or a relative path"), "{target}: {err}");
        let scenario = dir.write(
            "inside/scenario.ron",
            format!("(variant: \"{target}\", description: \"x\")"),
        );
        let (code, out2, err2) = kaboom(&["test", &scenario]);
        assert_eq!(code, 1, "{target}: {out2} {err2}");
        assert!(
            !out2.contains(secret) && !out2.contains("root:") && !out2.contains("PATH="),
            "{out2}"
        );
        let _ = out;
    }
    // A symlink inside that leads outside is refused too.
    std::os::unix::fs::symlink(dir.path("outside.ron"), dir.path("inside/link.ron")).unwrap();
    let file = dir.write("inside/child.ron", "(extends: \"link.ron\")");
    let (code, _, err) = kaboom(&["validate", &file]);
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains(secret) && err.contains("leads outside"), "{err}");
    // Inside the folder: fine, in subfolders too.
    let file = dir.write("inside/child.ron", "(extends: \"ok/base.ron\", name: \"Child\")");
    let (code, out, err) = kaboom(&["validate", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ok (Child)"), "{out}");
    // Found in a folder given on the command line: that folder is the root.
    dir.write("inside/ok/sub.ron", "(extends: \"../sibling.ron\", name: \"Sub\")");
    dir.write("inside/sibling.ron", "(extends: \"chess\", name: \"Sib\")");
    let (_, out, err) = kaboom(&["validate", &dir.path("inside")]);
    assert!(out.contains("sub.ron: ok (Sub)"), "{out} {err}");
}

#[test]
fn a_self_extends_through_a_parent_folder_is_a_cycle() {
    let dir = Scratch::new("cycle");
    let file = dir.write("a/self.ron", "(extends: \"../a/self.ron\")");
    let (code, _, err) = kaboom(&["validate", &file]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("forms a cycle"), "{err}");
}

#[test]
fn only_regular_files_are_read() {
    let dir = Scratch::new("fifo");
    let fifo = dir.fifo("pipe.ron");
    let (code, _, err) = kaboom_within(&["validate", &fifo], 10);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    for command in [&["moves"][..], &["show"], &["perft", "x"]] {
        let mut args: Vec<&str> = command.to_vec();
        args.insert(1, &fifo);
        if args[0] == "perft" {
            args[2] = "1";
        }
        let (code, _, err) = kaboom_within(&args, 10);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
    let (code, _, err) = kaboom_within(&["test", &fifo], 10);
    assert_eq!(code, 2, "{err}");
    let child = dir.write("child.ron", "(extends: \"pipe.ron\")");
    let (code, _, err) = kaboom_within(&["validate", &child], 10);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    // In a folder given to validate or test.
    dir.write("good.ron", "(extends: \"chess\")");
    let (code, _, err) = kaboom_within(&["validate", &dir.path("")], 10);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = kaboom_within(&["test", &dir.path("")], 10);
    assert_eq!(code, 2, "{err}");
    // Devices, on the command line and through extends.
    for device in ["/dev/zero", "/dev/stdin", "/dev/null"] {
        let (code, _, err) = kaboom_within(&["validate", device], 10);
        assert_eq!(code, 2, "{device}: {err}");
        let (code, _, err) = kaboom_within(&["test", device], 10);
        assert_eq!(code, 2, "{device}: {err}");
        let child = dir.write("dev.ron", format!("(extends: \"{device}\")"));
        let (code, _, err) = kaboom_within(&["validate", &child], 10);
        assert_eq!(code, 1, "{device}: {err}");
    }
}

#[test]
fn error_output_is_bounded() {
    let dir = Scratch::new("flood");
    // 5,000 bad letters in one line: one error each.
    let text = format!(
        "(extends: \"chess\", start: None, setup: (template: \"????????/pppppppp/8/8/8/8/PPPPPPPP/???????? w - - 0 1\", pieces: \"{}\"))",
        "X".repeat(5_000)
    );
    let file = dir.write("flood.ron", &text);
    let (code, out, err) = kaboom(&["validate", &file]);
    assert_eq!(code, 1);
    assert!(out.contains("flood.ron: 5001 errors"), "{out}");
    assert!(err.len() < 40_000, "{} bytes of errors", err.len());
    assert!(
        err.contains("... and 4951 more (only the first 50 are shown)"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    assert_eq!(err.matches("is not a piece letter").count(), 50);
    let doc = json(&["validate", "--format", "json", &file]);
    assert_eq!(doc["files"][0]["diagnostics"].as_array().unwrap().len(), 50);
    assert_eq!(doc["files"][0]["omitted"], 4951);
    let (code, _, err) = kaboom(&["moves", &file]);
    assert_eq!(code, 1);
    assert!(err.len() < 40_000 && err.contains("and 4951 more"));
    // A very long line is shown as a window around the problem, with its
    // real line and column.
    let long = format!("(extends: \"chess\",\n{}rules: [\"é\"])", " ".repeat(100_000));
    let file = dir.write("long.ron", &long);
    let (code, _, err) = kaboom(&["validate", &file]);
    assert_eq!(code, 1);
    assert!(err.len() < 2_000, "{err}");
    assert!(err.contains("long.ron:2:100010]"), "{err}");
}

#[test]
fn scenario_files_are_bounded() {
    let dir = Scratch::new("bigscenario");
    let moves = vec!["\"e2e4\""; 10_001].join(",");
    let file = dir.write(
        "many.ron",
        format!("(variant: \"chess\", description: \"x\", moves: [{moves}])"),
    );
    let (code, out, err) = kaboom(&["test", &file]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("`moves` has 10001 entries; a scenario may have at most 10000"),
        "{out}"
    );
    let big = format!("(variant: \"chess\", description: \"{}\")", "x".repeat(1 << 20));
    let file = dir.write("big.ron", big);
    let (code, _, err) = kaboom(&["test", &file]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a scenario file may have at most 1048576"), "{err}");
}

#[test]
fn an_unreadable_variant_exits_2_in_every_subcommand() {
    for file in ["no/such/file.ron", "tests/fixtures/", "/dev/zero", "no-such-variant"] {
        for args in [
            vec!["moves", file],
            vec!["perft", file, "1"],
            vec!["show", file],
            vec!["play", file],
            vec!["explain", file, "e2e4"],
            vec!["setup", file],
            vec!["validate", file],
        ] {
            if args[0] == "validate" && file.ends_with('/') {
                continue; // validating a folder is fine
            }
            let (code, _, err) = kaboom_within(&args, 10);
            assert_eq!(code, 2, "{args:?}: {err}");
        }
    }
}

#[test]
fn a_non_utf8_file_name_is_reported_by_its_lossy_name() {
    use std::os::unix::ffi::OsStrExt;
    let dir = Scratch::new("names");
    let name = std::ffi::OsStr::from_bytes(b"bad-\xff.ron");
    std::fs::write(dir.0.join(name), "(extends: \"chess\", name: \"Odd\")").unwrap();
    let (code, out, err) = kaboom(&["validate", &dir.path("")]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(out.contains("bad-\u{fffd}.ron: ok (Odd)"), "{out}");
}

#[test]
fn folders_are_walked_recursively_in_sorted_order() {
    let dir = Scratch::new("suite");
    dir.write(
        "b/chess/one.ron",
        "(variant: \"chess\", description: \"x\", moves: [\"e2e4\"])",
    );
    dir.write(
        "a/atomic/two.ron",
        "(variant: \"atomic\", description: \"x\", moves: [\"e2e4\"])",
    );
    dir.write("a/top.ron", "(variant: \"chess\", description: \"x\")");
    std::os::unix::fs::symlink(&dir.0, dir.0.join("b/loop")).unwrap();
    let (code, out, err) = kaboom(&["test", &dir.path("")]);
    assert_eq!(code, 0, "{out} {err}");
    let ran: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("ok   ")).collect();
    assert_eq!(ran.len(), 3, "{out}");
    assert!(
        ran[0].ends_with("a/atomic/two.ron") && ran[1].ends_with("a/top.ron"),
        "{out}"
    );
    assert!(ran[2].ends_with("b/chess/one.ron"), "{out}");
}

#[test]
fn a_folder_named_like_a_bundled_variant_does_not_hide_it() {
    let dir = Scratch::new("shadow");
    std::fs::create_dir_all(dir.0.join("atomic")).unwrap();
    let out = Command::new(BIN)
        .args(["moves", "atomic"])
        .current_dir(&dir.0)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let out = Command::new(BIN)
        .args(["validate", "atomic"])
        .current_dir(&dir.0)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("atomic: ok"));
    // With a separator it is the folder.
    let out = Command::new(BIN)
        .args(["moves", "./atomic"])
        .current_dir(&dir.0)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let (_, help, _) = kaboom(&["--help"]);
    assert!(help.contains("path separator"), "{help}");
}

#[test]
fn seed_on_a_fixed_start_is_refused() {
    let (code, out, err) = kaboom(&["moves", "chess", "--seed", "3"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("fixed start position"), "{err}");
    let (code, _, err) = kaboom(&["moves", "capatomic-random", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn perft_divide_at_depth_1_lists_each_move() {
    let (code, out, _) = kaboom(&["perft", "chess", "1", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22, "{out}");
    assert!(lines.contains(&"e2e4: 1"));
    assert_eq!(lines[21], "Nodes searched: 20");
}
