//! The caps `kaboom serve` puts on what a connection and a request may
//! ask: every one of them is listed in docs/limits.md.

use std::time::Duration;

/// Longest request line (`POST /api/position HTTP/1.1`), in bytes; past
/// it the answer is 414.
pub const MAX_REQUEST_LINE_BYTES: usize = 8 * 1024;
/// Largest request head (request line and headers), in bytes; past it
/// the answer is 431.
pub const MAX_HEAD_BYTES: usize = 32 * 1024;
/// Most header fields in one request; past it the answer is 431.
pub const MAX_HEADERS: usize = 64;
/// Largest request body read, in bytes; a larger declared length is
/// answered 413 and the connection closed, the body never read.
pub const MAX_BODY_BYTES: usize = 512 * 1024;
/// Largest variant text validated or played, in bytes.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;
/// Most moves in one line.
pub const MAX_MOVES: usize = 2000;
/// Longest engine search, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 10_000;
/// Engine hash table size, in MB.
pub const ENGINE_HASH_MB: usize = 8;
/// Most connections open at once; past it a new connection is answered
/// 503 at once and closed, nothing of it read.
pub const MAX_CONNECTIONS: usize = 64;
/// Most requests working at once (validating, replaying, searching);
/// past it the answer is 503.
pub const MAX_ACTIVE: usize = 16;
/// Most compiled variants kept between requests.
pub const CACHE_ENTRIES: usize = 32;
/// Time a client has to send a request's head, from the moment the
/// connection is accepted (an idle connection is closed then, with 408).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// Time a client has to send a request's body once its head is read.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Time a reply may take to be written to the client.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// After an early answer (an error before the body was read), how long
/// and how much of what the client still sends is read and dropped before
/// the connection closes, so that the answer reaches it (a close with
/// unread data would reset the connection).
pub const LINGER: Duration = Duration::from_secs(1);
/// See [`LINGER`].
pub const LINGER_BYTES: usize = 64 * 1024;
/// Wall time a request's work may take (replaying its line, listing its
/// moves, searching, writing a scenario); then it stops and the answer is
/// 503. The engine's time is cut to fit in it.
pub const WORK_BUDGET_MS: u64 = 10_000;
/// The environment variable that lowers [`WORK_BUDGET_MS`] (for tests and
/// slow machines); it cannot raise it.
pub const BUDGET_VARIABLE: &str = "KABOOM_SERVE_BUDGET_MS";
/// How often a request's watcher looks whether its work is done, its
/// budget spent or its client gone.
pub const WATCH_EVERY: Duration = Duration::from_millis(20);
/// Pause after a failed `accept` (out of file descriptors, say) before
/// the next one.
pub const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// The engine time a request gets: what it asked (default 500 ms), at
/// least 1 ms and at most [`MAX_MOVETIME_MS`].
pub fn movetime(asked: Option<u64>) -> u64 {
    asked.unwrap_or(500).clamp(1, MAX_MOVETIME_MS)
}

/// The work budget of a request: [`WORK_BUDGET_MS`], or less when
/// [`BUDGET_VARIABLE`] says so (at least 1 ms).
pub fn work_budget() -> Duration {
    let asked = std::env::var(BUDGET_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok());
    Duration::from_millis(budget_ms(asked))
}

fn budget_ms(asked: Option<u64>) -> u64 {
    asked.map_or(WORK_BUDGET_MS, |ms| ms.clamp(1, WORK_BUDGET_MS))
}

#[cfg(test)]
mod tests {
    #[test]
    fn engine_time_is_capped() {
        assert_eq!(super::movetime(None), 500);
        assert_eq!(super::movetime(Some(0)), 1);
        assert_eq!(super::movetime(Some(u64::MAX)), super::MAX_MOVETIME_MS);
    }

    #[test]
    fn the_budget_can_be_lowered_not_raised() {
        assert_eq!(super::budget_ms(None), super::WORK_BUDGET_MS);
        assert_eq!(super::budget_ms(Some(250)), 250);
        assert_eq!(super::budget_ms(Some(0)), 1);
        assert_eq!(super::budget_ms(Some(u64::MAX)), super::WORK_BUDGET_MS);
    }
}
