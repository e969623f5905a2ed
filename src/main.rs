//! The `kaboom` command: see `kaboom --help`.

fn main() -> std::process::ExitCode {
    kaboom::cli::run()
}
