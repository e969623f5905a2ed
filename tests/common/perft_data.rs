//! The one reader of the perft data files under `tests/perft/` (the
//! shakmaty layout: `id`, optional `seed`, `epd` (a full FEN), then
//! `perft DEPTH NODES` lines; `#` comments and blank lines between), and
//! the node budget the Fairy-Stockfish comparisons count within.

use std::path::{Path, PathBuf};

/// Most nodes one expected count may have for the Fairy-Stockfish
/// comparisons to count it (the `tests/perft/fsf-*` folders): every
/// position is still counted at its shallower depths, and the few deep
/// counts above this are left to `KABOOM_PERFT_FULL=1`.
pub const NODE_BUDGET: u64 = 2_000_000;

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

impl Case {
    /// The counts to check within `budget` nodes each: every count up to
    /// the budget, and at least the shallowest one. `KABOOM_PERFT_FULL=1`
    /// checks them all.
    pub fn within(&self, budget: u64) -> Vec<(u32, u64)> {
        if std::env::var("KABOOM_PERFT_FULL").is_ok_and(|v| v == "1") {
            return self.depths.clone();
        }
        let mut kept: Vec<(u32, u64)> = self.depths.iter().copied().filter(|&(_, n)| n <= budget).collect();
        if kept.is_empty()
            && let Some(&shallowest) = self.depths.iter().min_by_key(|(d, _)| *d)
        {
            kept.push(shallowest);
        }
        kept
    }
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
