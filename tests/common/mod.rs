//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::process::Command;

pub mod perft_data;
pub mod scratch;
pub mod source;

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

/// The legal moves of `pos` and perft's last-ply count agree with the
/// definition: play each pseudo-legal move and ask the legality clauses
/// (no move where an end rule has stopped the game).
pub fn agrees_with_definition(v: &kaboom::Variant, pos: &kaboom::Position) {
    let legal = v.legal_moves(pos);
    let mut pseudo = Vec::new();
    v.generate_pseudo_legal(pos, &mut pseudo);
    let ended = v.ended_by_rule(pos).is_some();
    let slow: Vec<_> = pseudo.into_iter().filter(|m| !ended && v.is_legal(pos, m)).collect();
    assert_eq!(
        legal,
        slow,
        "legal moves differ from the definition in {}",
        kaboom::fen::write(v, pos)
    );
    assert_eq!(
        kaboom::Perft::new().count(v, pos, 1),
        legal.len() as u64,
        "perft 1 of {}",
        kaboom::fen::write(v, pos)
    );
}

/// The legal moves at the FEN `text`, in UCI notation, sorted.
pub fn legal_uci(v: &kaboom::Variant, text: &str) -> Vec<String> {
    let pos = kaboom::fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut out: Vec<String> = v.legal_moves(&pos).iter().map(|m| kaboom::uci::write(v, m)).collect();
    out.sort();
    out
}
