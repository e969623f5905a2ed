//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::process::Command;

/// Runs the `kaboom` binary; returns (exit code, stdout, stderr).
pub fn kaboom(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the kaboom binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
