//! What bounds a search: depth, nodes, time for this move or a clock with
//! increment, or nothing at all (until told to stop); and the shared flags
//! that stop it from outside.

use crate::base::square::Color;
use crate::base::wall_clock::Instant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The limits of one search. All `None` (and not `infinite`) searches to
/// the greatest depth, which only a stop ends in practice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Greatest depth in plies.
    pub depth: Option<u32>,
    /// Greatest number of nodes (all threads together).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// Time left on each side's clock (White, Black).
    pub time: [Option<Duration>; 2],
    /// Increment per move of each side (White, Black).
    pub increment: [Duration; 2],
    /// Moves until the next time control, if the clock has one.
    pub moves_to_go: Option<u32>,
    /// Search until stopped, whatever else is set.
    pub infinite: bool,
    /// Search only these root moves (UCI `go searchmoves`); empty: every
    /// legal move. Moves that are not legal are ignored, and when none is,
    /// every legal move is searched.
    pub search_moves: Vec<crate::engine::moves::Move>,
    /// How many best lines to report (UCI `MultiPV`); 0 or 1: one.
    pub multipv: u32,
    /// A strength level below the full one weakens the search
    /// (`super::skill`); `None`: full strength.
    pub skill: Option<super::skill::Skill>,
    /// The game's moves before the root, oldest first, each with whether
    /// the side that made it was in check before it: the search judges the
    /// `N shuttles` and perpetual-check end rules (docs/effects.md) over
    /// them and its own line.
    /// Empty: the line starts at the root.
    pub played: Vec<(crate::engine::moves::Move, bool)>,
}

/// Flags shared with whoever started a search.
#[derive(Debug, Default)]
pub struct Control {
    /// Set to stop the search as soon as possible.
    pub stop: AtomicBool,
    /// While set, the search ignores its time limits (UCI `go ponder`
    /// until `ponderhit`).
    pub pondering: AtomicBool,
}

impl Control {
    /// Flags for a search nobody stops from outside.
    pub fn new() -> Control {
        Control::default()
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The deadlines a search works to, from its [`Limits`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadlines {
    pub start: Instant,
    /// Do not start another iteration after this.
    pub soft: Option<Instant>,
    /// Stop searching at this.
    pub hard: Option<Instant>,
}

/// Time kept back for reading and writing the protocol.
const OVERHEAD: Duration = Duration::from_millis(20);

impl Deadlines {
    /// The deadlines for `side` to move under `limits`, from now.
    pub fn new(limits: &Limits, side: Color) -> Deadlines {
        let start = Instant::now();
        if limits.infinite {
            return Deadlines {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(t) = limits.movetime {
            let budget = t.saturating_sub(OVERHEAD.min(t / 10));
            return Deadlines {
                start,
                soft: after(start, budget),
                hard: after(start, budget),
            };
        }
        if let Some(left) = limits.time[side.index()] {
            // Any clock and increment, however large, saturate: a budget
            // past what an `Instant` holds is no deadline at all.
            let inc = limits.increment[side.index()];
            let to_go = limits.moves_to_go.unwrap_or(30).clamp(1, 50);
            let usable = left.saturating_sub(OVERHEAD);
            let base = (usable / to_go).saturating_add(inc.saturating_mul(3) / 4);
            let hard = base.saturating_mul(3).min(usable / 2).max(Duration::from_millis(1));
            let soft = (base / 2).min(hard);
            return Deadlines {
                start,
                soft: after(start, soft),
                hard: after(start, hard),
            };
        }
        Deadlines {
            start,
            soft: None,
            hard: None,
        }
    }
}

/// The longest budget a search works to: longer clocks and move times
/// (a protocol may send any number) count as this much.
pub const MAX_BUDGET: Duration = Duration::from_secs(366 * 24 * 3600);

/// `start + budget`, the budget capped at [`MAX_BUDGET`]: a deadline
/// however large the clock (so the search still counts as timed).
fn after(start: Instant, budget: Duration) -> Option<Instant> {
    start.checked_add(budget.min(MAX_BUDGET))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_time_is_shared_out_and_movetime_is_kept() {
        let mut limits = Limits {
            time: [Some(Duration::from_secs(60)), Some(Duration::from_secs(1))],
            increment: [Duration::from_secs(1), Duration::ZERO],
            ..Limits::default()
        };
        let d = Deadlines::new(&limits, Color::White);
        let hard = d.hard.unwrap() - d.start;
        assert!(
            hard > Duration::from_secs(2) && hard < Duration::from_secs(30),
            "{hard:?}"
        );
        let d = Deadlines::new(&limits, Color::Black);
        assert!(d.hard.unwrap() - d.start <= Duration::from_millis(500));
        limits.movetime = Some(Duration::from_millis(100));
        let d = Deadlines::new(&limits, Color::Black);
        assert_eq!(d.hard.unwrap() - d.start, Duration::from_millis(90));
        limits.infinite = true;
        assert!(Deadlines::new(&limits, Color::White).hard.is_none());
    }

    #[test]
    fn huge_clocks_and_movetimes_saturate() {
        let huge = Duration::MAX;
        let limits = Limits {
            time: [Some(huge), Some(huge)],
            increment: [huge, huge],
            moves_to_go: Some(u32::MAX),
            ..Limits::default()
        };
        let d = Deadlines::new(&limits, Color::White);
        assert!(d.soft.unwrap() - d.start <= MAX_BUDGET);
        let limits = Limits {
            movetime: Some(huge),
            ..Limits::default()
        };
        let d = Deadlines::new(&limits, Color::Black);
        assert_eq!(d.hard.unwrap() - d.start, MAX_BUDGET);
    }
}
