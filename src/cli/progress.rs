//! Progress bars for long work (`perft`, `setup --count`, `validate` over
//! folders), drawn on stderr only when it is a terminal, and only once the
//! work has taken more than two seconds; otherwise nothing is printed.
//! Callers update it per unit of coarse work (a root move, a file), never
//! per node. `KABOOM_PROGRESS_DELAY_MS` changes the two seconds (the tests
//! set it to 0).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// How long work runs before its bar appears.
const DELAY: Duration = Duration::from_secs(2);

/// A progress bar, or nothing when stderr is not a terminal.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar over `total` units of work, described by `what` ("root moves").
    pub fn new(total: u64, what: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template("{elapsed:>4} [{wide_bar}] {pos}/{len} {msg} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(what.to_string());
        let delay = std::env::var("KABOOM_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(DELAY, Duration::from_millis);
        let shown = bar.clone();
        // Shown only if the work is still going after the delay.
        std::thread::spawn(move || {
            std::thread::sleep(delay);
            if !shown.is_finished() {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.tick();
                shown.enable_steady_tick(Duration::from_millis(250));
            }
        });
        Progress(Some(bar))
    }

    /// One more unit done.
    pub fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Sets how many units are done.
    pub fn set(&self, done: u64) {
        if let Some(bar) = &self.0 {
            bar.set_position(done);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
