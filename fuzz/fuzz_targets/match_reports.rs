//! Any texts as `kaboom match --format json` reports: they read or fail;
//! those that read merge or are refused with an error (overflow, counts
//! that disagree, shards that overlap), never a panic; a merged report's
//! summary is finite.
#![no_main]
use kaboom::cli::fuzzing::{Report, merge};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|texts: Vec<&str>| {
    let reports: Vec<Report> = texts.iter().take(8).filter_map(|t| serde_json::from_str(t).ok()).collect();
    if let Ok(merged) = merge(&reports) {
        let s = merged.summary();
        assert!(s.first_mover_score.is_finite() && s.mean_plies.is_finite());
        let _ = serde_json::to_string(&merged.with_summary());
    }
});
