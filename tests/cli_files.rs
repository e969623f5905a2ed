//! Files named by the user, a protocol or a tag, round three (issue 33):
//! every reading command goes through one reader that refuses FIFOs and
//! devices without waiting and counts bytes; a PGN `Variant` tag stays in
//! the `extends` sandbox; an error never quotes a file that is not a
//! variant file; folders skip links that lead outside; byte-order marks;
//! distinct file names from `import`; a message that cannot be written
//! is exit 2.

mod common;

use common::scratch::Scratch;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kaboom");

/// What no output may ever contain: the first token of the secret file.
const SECRET: &str = "SECRETMARKER";

/// A file outside any folder a test names, that no output may quote.
fn secret(scratch: &Scratch) -> String {
    scratch.write("secret.ron", format!("{SECRET}:x:0:0:root:/root:/bin/bash\nhunter2\n"))
}

/// Runs kaboom with `input` on stdin, killed after `seconds` (a hang
/// fails the test); returns the exit code and stdout and stderr together.
fn kaboom_with(args: &[&str], input: &str, seconds: u64) -> (i32, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaboom runs");
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(seconds) {
            child.kill().unwrap();
            panic!("{args:?} still running after {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

fn kaboom(args: &[&str]) -> (i32, String) {
    kaboom_with(args, "", 20)
}

#[test]
fn replay_import_and_match_merge_refuse_fifos_and_devices_without_waiting() {
    let dir = Scratch::new("fifo");
    let fifo = dir.fifo("pipe.pgn");
    for device in [fifo.as_str(), "/dev/zero", "/dev/stdin"] {
        for command in ["replay", "import", "match-merge"] {
            let (code, out) = kaboom(&[command, device]);
            assert_eq!(code, 2, "{command} {device}: {out}");
            assert!(out.contains("not a regular file"), "{command} {device}: {out}");
        }
    }
    let (code, out) = kaboom(&["replay", &dir.path("")]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("is a directory, not a PGN file"), "{out}");
    // A scenario's stored snapshot is read through the same reader.
    let scenario = dir.write("s.ron", "(variant: \"chess\", description: \"x\", moves: [\"e2e4\"])");
    dir.fifo("s.snap");
    let (code, out) = kaboom(&["test", "--snapshot", &scenario]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("s.snap is not a regular file"), "{out}");
}

#[test]
fn a_variant_tag_stays_beside_the_pgn() {
    let dir = Scratch::new("tag");
    let secret = secret(&dir);
    dir.write("games/mine.ron", "(extends: \"chess\", name: \"Mine\")");
    dir.link("games/link.ron", &secret);
    let pgn = |tag: &str| dir.write("games/game.pgn", format!("[Variant \"{tag}\"]\n\n1. e4 e5 *\n"));
    for tag in [
        secret.as_str(),
        "/etc/passwd",
        "/proc/self/environ",
        "../secret.ron",
        "../../x",
        "link.ron",
        "./../secret.ron",
    ] {
        let (code, out) = kaboom(&["replay", &pgn(tag)]);
        assert_eq!(code, 1, "{tag}: {out}");
        assert!(!out.contains(SECRET) && !out.contains("root:"), "{tag}: {out}");
        assert!(out.contains("a `Variant` tag names a bundled variant"), "{tag}: {out}");
    }
    // Bundled names and files beside the PGN load.
    for (tag, name) in [("atomic", "atomic"), ("mine", "mine"), ("mine.ron", "mine.ron")] {
        let (code, out) = kaboom(&["replay", &pgn(tag)]);
        assert_eq!(code, 0, "{tag}: {out}");
        assert!(out.contains(&format!("game 1 ({name}): 2 moves, ok")), "{tag}: {out}");
    }
    // A name that is neither is refused without reading the working folder.
    let (code, out) = kaboom(&["replay", &pgn("Cargo.toml")]);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("[package]"), "{out}");
    // Nor does a scenario's plain name.
    let scenario = dir.write(
        "games/s.ron",
        "(variant: \"Cargo.toml\", description: \"x\", moves: [])",
    );
    let (code, out) = kaboom(&["test", &scenario]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no bundled variant named `Cargo.toml`"), "{out}");
    assert!(
        !out.contains("is not a variant file"),
        "the working folder was read: {out}"
    );
    // --variant is the user's own choice: any file may be named there.
    let (code, out) = kaboom(&["replay", "--variant", &dir.path("games/mine.ron"), &pgn("/etc/passwd")]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn protocols_never_quote_a_file_that_is_not_a_variant_file() {
    let dir = Scratch::new("protocol");
    let secret = secret(&dir);
    let fifo = dir.fifo("pipe.ron");
    for file in [secret.as_str(), "/etc/passwd", "/proc/self/environ"] {
        let input = format!("uci\nsetoption name VariantPath value {file}\nisready\nquit\n");
        let (code, out) = kaboom_with(&["uci"], &input, 20);
        assert_eq!(code, 0, "{file}: {out}");
        assert!(out.contains("is not a variant file"), "{file}: {out}");
        assert!(!out.contains(SECRET) && !out.contains("root"), "{file}: {out}");
        let (_, out) = kaboom_with(&["xboard", file], "xboard\nprotover 2\nquit\n", 20);
        assert!(out.contains("is not a variant file"), "{file}: {out}");
        assert!(!out.contains(SECRET) && !out.contains("root"), "{file}: {out}");
    }
    // A FIFO is refused at once, not waited on.
    let input = format!("uci\nsetoption name VariantPath value {fifo}\nisready\nquit\n");
    let (_, out) = kaboom_with(&["uci"], &input, 20);
    assert!(out.contains("not a regular file") && out.contains("readyok"), "{out}");
    // The same rule on the command line and through `extends`.
    let child = dir.write("child.ron", "(extends: \"secret.ron\")");
    for name in [secret.as_str(), child.as_str()] {
        let (code, out) = kaboom(&["validate", name]);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("secret.ron is not a variant file"), "{out}");
        assert!(!out.contains(SECRET), "{out}");
    }
}

#[test]
fn folders_skip_links_that_lead_outside() {
    let dir = Scratch::new("links");
    let secret = secret(&dir);
    dir.write(
        "outside/scenario.ron",
        "(variant: \"chess\", description: \"x\", moves: [\"e2e4\"])",
    );
    dir.write(
        "suite/own.ron",
        "(variant: \"chess\", description: \"x\", moves: [\"e2e4\"])",
    );
    dir.link("suite/leak.ron", &secret);
    dir.link("suite/passwd.ron", "/etc/passwd");
    dir.link("suite/elsewhere", &dir.path("outside"));
    dir.link("suite/again.ron", "own.ron");
    let suite = dir.path("suite");
    for command in ["validate", "test"] {
        let (code, out) = kaboom(&[command, &suite]);
        assert_eq!(code, 0, "{command}: {out}");
        assert!(!out.contains(SECRET) && !out.contains("root"), "{command}: {out}");
        for skipped in ["leak.ron", "passwd.ron", "elsewhere"] {
            assert!(
                out.contains(&format!(
                    "skipped {suite}/{skipped}: a symbolic link that leads outside {suite}"
                )),
                "{command}: {out}"
            );
        }
        assert!(!out.contains("scenario.ron"), "{command}: {out}");
        assert!(out.contains("again.ron"), "a link inside is kept: {command}: {out}");
    }
}

#[test]
fn a_byte_order_mark_starts_a_pgn_or_an_ini_file() {
    let dir = Scratch::new("bom");
    let pgn = dir.write("game.pgn", "\u{feff}[Event \"x\"]\n\n1. e4 e5 *\n");
    let (code, out) = kaboom(&["replay", &pgn]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("2 moves, ok"), "{out}");
    let pgn = dir.write("bare.pgn", "\u{feff}1. e4 e5 *\n");
    let (code, out) = kaboom(&["replay", &pgn]);
    assert_eq!(code, 0, "{out}");
    let ini = dir.write("v.ini", "\u{feff}[bom:chess]\nmaxRank = 8\n");
    let (code, out) = kaboom(&["import", &ini, "--out", &dir.path("out")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("bom: converted"), "{out}");
}

#[test]
fn import_writes_one_file_per_converted_section() {
    let dir = Scratch::new("import");
    let ini = dir.write("v.ini", "[a/b:chess]\n[a.b:chess]\n[a-b:chess]\n[A-B:chess]\n");
    let out_dir = dir.path("out");
    let (code, out) = kaboom(&["import", &ini, "--out", &out_dir]);
    assert_eq!(code, 0, "{out}");
    let mut reported: Vec<String> = out
        .lines()
        .filter_map(|l| l.split(" -> ").nth(1).map(str::to_string))
        .collect();
    assert_eq!(reported.len(), 4, "{out}");
    reported.sort();
    reported.dedup();
    assert_eq!(reported.len(), 4, "each section its own file: {out}");
    for file in &reported {
        assert!(Path::new(file).is_file(), "{file} reported but not written: {out}");
    }
    assert!(out.contains(&format!("a-b: converted -> {out_dir}/a-b.ron")), "{out}");
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), 4);
}

#[test]
fn an_error_that_cannot_be_written_exits_2() {
    for args in [
        &["perft", "chess", "1", "--fen", "garbage"][..],
        &["play", "chess", "e2e5"],
        &["moves", "no-such-variant"],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let status = Command::new(BIN)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{args:?}");
    }
}
