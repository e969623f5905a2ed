//! Self-play for balancing a variant: many engine games from varied
//! openings, played in parallel, summed up in a [`Report`] of additive
//! counts (results per side, lengths, how games ended, the mechanics that
//! decided them) that the reports of disjoint shards add up to
//! (docs/match.md).
//!
//! Every game is played from its own seed, derived from the master seed
//! and the game's index ([`game_seed`]), by one single-threaded search with
//! its own cleared table: with a node or depth limit a game's moves depend
//! on nothing else, so a match is the same whatever the thread count, and a
//! shard plays exactly the games the whole match would play at its indices.

mod one_game;
mod report;

pub(crate) use one_game::opening_move;
pub use one_game::{GameRecord, play_game};
pub use report::{EngineResults, MergeError, Report, Results, Summary, merge};

use crate::base::diagnostic::LoadError;
use crate::compile::Variant;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Who plays the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// The engine plays both sides.
    #[default]
    #[serde(rename = "self")]
    SelfPlay,
    /// The engine plays one side against a mover that picks a legal move
    /// uniformly at random: White in even-indexed games, Black in odd ones.
    Random,
}

/// What a match plays: everything that decides its games. Reports merge
/// only when their settings are equal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Games in the whole match (all shards together).
    pub games: u64,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// Depth per move, in plies.
    pub depth: Option<u32>,
    /// Milliseconds per move (games then depend on the machine's speed).
    pub movetime: Option<u64>,
    /// Random legal plies played before the engine takes over.
    pub openings: u32,
    /// The master seed.
    pub seed: u64,
    /// Plies after which a game still going is adjudicated a draw.
    pub max_plies: u32,
    /// Transposition table per game, in MB.
    pub hash_mb: usize,
    /// Who plays.
    pub opponent: Opponent,
}

impl Default for Settings {
    /// 100 games at 1000 nodes per move, 4 random opening plies, seed 0,
    /// at most 300 plies, 4 MB of table, self-play.
    fn default() -> Settings {
        Settings {
            games: 100,
            nodes: None,
            depth: None,
            movetime: None,
            openings: 4,
            seed: 0,
            max_plies: 300,
            hash_mb: 4,
            opponent: Opponent::SelfPlay,
        }
    }
}

impl Settings {
    /// The search limits per move: 1000 nodes when nothing is set.
    pub fn limits(&self) -> crate::search::Limits {
        let mut limits = crate::search::Limits {
            nodes: self.nodes,
            depth: self.depth,
            movetime: self.movetime.map(std::time::Duration::from_millis),
            ..Default::default()
        };
        if limits.nodes.is_none() && limits.depth.is_none() && limits.movetime.is_none() {
            limits.nodes = Some(1000);
        }
        limits
    }
}

/// A slice of a match: shard `index` of `count` (1-based) plays the games
/// whose index `i` (0-based) has `i % count == index - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole match.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Reads `K/N` with `1 <= K <= N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}` is not K/N (for example 2/8)"))?;
        let number = |s: &str, what: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{text}`: {what} `{s}` is not a whole number"))
        };
        let (index, count) = (number(k, "K")?, number(n, "N")?);
        if count == 0 {
            return Err(format!("`{text}`: N must be at least 1"));
        }
        if index == 0 || index > count {
            return Err(format!("`{text}`: K must be between 1 and N ({count})"));
        }
        Ok(Shard { index, count })
    }

    /// How many of `games` this shard plays.
    pub fn games(self, games: u64) -> u64 {
        match games.checked_sub(self.index) {
            Some(after) => after / self.count + 1,
            None => 0,
        }
    }

    /// The game indices of this shard among `games`, in order.
    pub fn indices(self, games: u64) -> impl Iterator<Item = u64> {
        (self.index - 1..games).step_by(self.count as usize)
    }
}

impl std::fmt::Display for Shard {
    /// `K/N`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a match cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The variant (or one random setup's start) does not load.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// The thread pool cannot be built.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        message: String,
    },
}

/// SplitMix64's finaliser: a well-mixed 64-bit function of its input.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE5_E4B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of a match with master seed `seed`: its
/// random setup's seed (where the variant has one) and its opening plies'
/// random generator come from it.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    mix(mix(seed) ^ index)
}

/// Plays the games of `shard` of a match of `variant` (a bundled name or a
/// file) on `threads` threads, calling `on_game` after each game (in
/// whatever order they finish), and sums them up.
pub fn run(
    variant: &str,
    settings: &Settings,
    shard: Shard,
    threads: usize,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Report, MatchError> {
    let base = Arc::new(Variant::load(variant)?);
    let random_setup = base.has_random_setup();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| MatchError::Threads {
            threads,
            message: e.to_string(),
        })?;
    let indices: Vec<u64> = shard.indices(settings.games).collect();
    let records: Vec<Result<GameRecord, MatchError>> = pool.install(|| {
        indices
            .par_iter()
            .map_init(
                || crate::search::Engine::with_hash(base.clone(), settings.hash_mb),
                |engine, &index| {
                    let seed = game_seed(settings.seed, index);
                    let record = if random_setup {
                        let v = Arc::new(Variant::load_seeded(variant, Some(seed))?);
                        let mut own = crate::search::Engine::with_hash(v, settings.hash_mb);
                        play_game(&mut own, settings, index, seed)
                    } else {
                        play_game(engine, settings, index, seed)
                    };
                    on_game(&record);
                    Ok(record)
                },
            )
            .collect()
    });
    let mut report = Report::new(variant, &base, settings, shard);
    for record in records {
        report.add(&record?);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use report::MergeError;

    #[test]
    fn a_shard_holds_its_share_of_the_games() {
        for (games, count) in [(0u64, 1u64), (7, 2), (7, 3), (100, 7), (5, 9)] {
            for index in 1..=count {
                let shard = Shard { index, count };
                assert_eq!(
                    shard.games(games),
                    shard.indices(games).count() as u64,
                    "{shard} of {games}"
                );
            }
        }
        let half = Shard { index: 1, count: 2 };
        assert_eq!(half.games(u64::MAX), 1 << 63);
        assert_eq!(Shard { index: 2, count: 2 }.games(u64::MAX), (1 << 63) - 1);
    }

    #[test]
    fn a_match_of_two_games_plays_two() {
        let settings = Settings {
            games: 2,
            nodes: Some(200),
            max_plies: 20,
            ..Settings::default()
        };
        let report = run("chess", &settings, Shard::WHOLE, 1, &|_| {}).unwrap();
        assert_eq!(report.played, 2);
    }

    #[test]
    fn shards_split_the_games_disjointly_and_completely() {
        let mut all: Vec<u64> = (1..=3)
            .flat_map(|k| Shard { index: k, count: 3 }.indices(10).collect::<Vec<_>>())
            .collect();
        all.sort();
        assert_eq!(all, (0..10).collect::<Vec<_>>());
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert!(Shard::parse("4/3").is_err());
        assert!(Shard::parse("0/3").is_err());
        assert!(Shard::parse("1/0").is_err());
        assert!(Shard::parse("1-3").is_err());
    }

    #[test]
    fn game_seeds_differ_by_index_and_master_seed() {
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|i| game_seed(7, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(game_seed(7, 0), game_seed(8, 0));
    }

    #[test]
    fn a_merge_of_two_shards_is_the_whole() {
        let settings = Settings {
            games: 3,
            nodes: Some(100),
            max_plies: 16,
            ..Settings::default()
        };
        let whole = run("chess", &settings, Shard::WHOLE, 1, &|_| {}).unwrap();
        let a = run("chess", &settings, Shard { index: 1, count: 2 }, 1, &|_| {}).unwrap();
        let b = run("chess", &settings, Shard { index: 2, count: 2 }, 1, &|_| {}).unwrap();
        assert_eq!((a.played, b.played), (2, 1));
        assert_eq!(merge(&[b.clone(), a.clone()]).unwrap(), whole);
        assert_eq!(
            merge(&[a.clone(), a]),
            Err(MergeError::Overlap {
                index: 2,
                shard: "1/2".into()
            })
        );
        assert_eq!(merge(&[]), Err(MergeError::Empty));
    }
}
