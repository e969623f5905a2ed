//! The caps `kaboom serve` puts on what a request may ask.

/// Largest request body read, in bytes.
pub const MAX_BODY_BYTES: usize = 512 * 1024;
/// Largest variant text validated or played, in bytes.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;
/// Most moves in one line.
pub const MAX_MOVES: usize = 2000;
/// Longest engine search, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 10_000;
/// Engine hash table size, in MB.
pub const ENGINE_HASH_MB: usize = 8;
/// Most requests served at once; past it the server answers 503.
pub const MAX_ACTIVE: usize = 16;
/// Most compiled variants kept between requests.
pub const CACHE_ENTRIES: usize = 32;

/// The engine time a request gets: what it asked (default 500 ms), at
/// least 1 ms and at most [`MAX_MOVETIME_MS`].
pub fn movetime(asked: Option<u64>) -> u64 {
    asked.unwrap_or(500).clamp(1, MAX_MOVETIME_MS)
}

#[cfg(test)]
mod tests {
    #[test]
    fn engine_time_is_capped() {
        assert_eq!(super::movetime(None), 500);
        assert_eq!(super::movetime(Some(0)), 1);
        assert_eq!(super::movetime(Some(u64::MAX)), super::MAX_MOVETIME_MS);
    }
}
