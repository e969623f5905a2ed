//! Hostile input and output, round two: files that are not regular files,
//! paths that leave the folder tree, output that cannot be written, huge
//! error lists, spans in files with escapes and byte-order marks.
//! Every case checks the exit code and that nothing panics (exit 101).

mod common;
use common::kaboom;
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
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
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
    &["import", "tests/fixtures/fsf/variants.ini", "--format", "json", "--out", "target/hostile-io-import"],
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
        assert!(err.contains("cannot write output: No space left on device"), "{args:?}: {err}");
    }
    // Diagnostics and timings go to stderr: a full stderr is exit 2 as well.
    for args in [&["validate", "tests/fixtures/invalid"][..], &["perft", "chess", "1"]] {
        let (code, _) = full_disk(args, true);
        assert_eq!(code, 2, "{args:?}");
    }
}
