//! Any text as the command lines of a `kaboom xboard` session: every line
//! is carried out or answered with an error; none panics, whatever its
//! numbers (`level`, `st`, `time`, `otim`, `sd`). Each search is stopped
//! (its move played) when the next line comes.
#![no_main]
use libfuzzer_sys::fuzz_target;

/// Settings that size the machine (`memory`, `cores`): not what this
/// target tries.
fn wanted(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    !["memory", "cores"].iter().any(|w| lower.contains(w))
}

fuzz_target!(|text: &str| {
    let lines: Vec<&str> = text.lines().filter(|l| wanted(l)).take(32).collect();
    kaboom::cli::fuzzing::xboard_transcript(&lines.join("\n"));
});
