//! Any text as the command lines of a `kaboom uci` session: every line is
//! carried out or answered with an error; none panics, whatever its
//! numbers. Each search is stopped when the next line comes.
#![no_main]
use libfuzzer_sys::fuzz_target;

/// Options that size the machine (`Hash`, `Threads`) or read files
/// (`VariantPath`): not what this target tries.
fn wanted(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    !["hash", "threads", "variantpath"].iter().any(|w| lower.contains(w))
}

fuzz_target!(|text: &str| {
    let lines: Vec<&str> = text.lines().filter(|l| wanted(l)).take(32).collect();
    kaboom::cli::fuzzing::uci_transcript(&lines.join("\n"));
});
