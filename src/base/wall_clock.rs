//! The clock a search reads its deadlines from. Everywhere std has a
//! monotonic clock this is [`std::time::Instant`]. On
//! `wasm32-unknown-unknown` std has none (`Instant::now` panics there):
//! the embedder gives the host's clock once, with [`set_clock`] (the
//! WebAssembly build, `wasm/`, passes the browser's `performance.now()`).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use host::{Instant, set_clock};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host {
    use std::sync::OnceLock;
    use std::time::Duration;

    /// The host's clock: milliseconds since any fixed moment.
    static NOW_MS: OnceLock<fn() -> f64> = OnceLock::new();

    /// Gives the host's monotonic clock, in milliseconds since any fixed
    /// moment (a browser's `performance.now()`). Searches with a time
    /// limit need it; without it time stands still and only a node or
    /// depth limit ends a search. The first clock given is kept.
    pub fn set_clock(now_ms: fn() -> f64) {
        let _ = NOW_MS.set(now_ms);
    }

    /// A moment of the host's clock.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        /// Now, by the host's clock (the zero moment when none was given).
        pub fn now() -> Instant {
            let Some(now) = NOW_MS.get() else {
                return Instant(Duration::ZERO);
            };
            let ms = now();
            let ms = if ms.is_finite() && ms > 0.0 { ms } else { 0.0 };
            Instant(Duration::from_secs_f64((ms / 1000.0).min(1e12)))
        }

        /// `self + d`, or `None` past what the clock holds.
        pub fn checked_add(self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }

        /// The time since this moment (zero if the clock went back).
        pub fn elapsed(self) -> Duration {
            Instant::now().0.saturating_sub(self.0)
        }
    }

    impl std::ops::Sub for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }
    }
}
