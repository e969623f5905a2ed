//! The `kaboom` command: see `kaboom --help`.

fn main() -> std::process::ExitCode {
    kaboom_cli::run()
}

#[path = "cli/mod.rs"]
mod kaboom_cli;
