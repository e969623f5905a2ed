//! The one reader of the perft data files under `tests/perft/` (the
//! shakmaty layout: `id`, optional `seed`, `epd` (a full FEN), then
//! `perft DEPTH NODES` lines; `#` comments and blank lines between), and
//! the node budget the Fairy-Stockfish comparisons count within.

use std::path::{Path, PathBuf};

/// Most nodes one test counts in CI, summed over the expected counts it
/// checks (about a second of counting in release). A test picks its
/// counts with [`plan`]: the cheapest first, so every position of a file
/// is counted at its shallower depths, and the deep counts that do not
/// fit are left to `KABOOM_PERFT_FULL=1` (`scripts/perft-full.sh`).
pub const TEST_BUDGET: u64 = 20_000_000;

/// One position of a perft data file.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its `id`.
    pub id: String,
    /// The random setup's seed, where the file gives one.
    pub seed: Option<u64>,
    /// The position (`epd`), a full FEN.
    pub fen: String,
    /// (depth, nodes) pairs, in the file's order.
    pub depths: Vec<(u32, u64)>,
}

/// The counts one test checks, chosen by [`plan`].
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// (case index, depth, expected nodes), in file order.
    pub counts: Vec<(usize, u32, u64)>,
    /// The nodes those counts sum to.
    pub nodes: u64,
    /// How many counts of the files were left out (counted only with
    /// `KABOOM_PERFT_FULL=1`).
    pub left_out: usize,
}

impl Plan {
    /// The (depth, nodes) pairs chosen for case `index`, shallowest first.
    pub fn of(&self, index: usize) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts
            .iter()
            .filter(move |c| c.0 == index)
            .map(|&(_, d, n)| (d, n))
    }
}

/// Whether `KABOOM_PERFT_FULL=1` asks for every count.
pub fn full() -> bool {
    std::env::var("KABOOM_PERFT_FULL").is_ok_and(|v| v == "1")
}

/// The counts of `cases` to check within `budget` nodes in all: the
/// cheapest first (a count of fewer nodes before one of more; a position's
/// shallower depth before its deeper one), each taken while the sum stays
/// within the budget. `KABOOM_PERFT_FULL=1` takes them all.
pub fn plan(cases: &[Case], budget: u64) -> Plan {
    let mut all: Vec<(usize, u32, u64)> = cases
        .iter()
        .enumerate()
        .flat_map(|(i, c)| c.depths.iter().map(move |&(d, n)| (i, d, n)))
        .collect();
    let total = all.len();
    let mut plan = Plan::default();
    if full() {
        plan.nodes = all.iter().map(|c| c.2).sum();
        plan.counts = all;
        return plan;
    }
    all.sort_by_key(|&(i, d, n)| (n, i, d));
    for (i, d, n) in all {
        if plan.nodes + n <= budget {
            plan.nodes += n;
            plan.counts.push((i, d, n));
        }
    }
    plan.left_out = total - plan.counts.len();
    plan.counts.sort_by_key(|&(i, d, _)| (i, d));
    plan
}

/// A path under `tests/perft/`.
pub fn path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft").join(relative)
}

/// Every case of the data file at `path`; a malformed line panics with
/// its place.
pub fn read(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let place = || format!("{}:{}: `{line}`", path.display(), n + 1);
        let (key, value) = line.split_once(' ').unwrap_or_else(|| panic!("{}", place()));
        if key == "id" {
            cases.push(Case {
                id: value.to_string(),
                seed: None,
                fen: String::new(),
                depths: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{}: before any `id`", place()));
        match key {
            "seed" => case.seed = Some(value.parse().unwrap_or_else(|_| panic!("{}: a seed", place()))),
            "epd" => case.fen = value.to_string(),
            "perft" => {
                let parsed = value
                    .split_once(' ')
                    .and_then(|(d, nodes)| Some((d.parse().ok()?, nodes.parse().ok()?)));
                case.depths
                    .push(parsed.unwrap_or_else(|| panic!("{}: perft DEPTH NODES", place())));
            }
            _ => panic!("{}: unknown key", place()),
        }
    }
    cases
}

/// The FENs of the data file `relative` (under `tests/perft/`), in order.
pub fn fens(relative: &str) -> Vec<String> {
    read(&path(relative)).into_iter().map(|c| c.fen).collect()
}
