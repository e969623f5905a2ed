//! The tuner's data: quiet positions from seeded self-play, each as its
//! feature vector and labelled by its game's result. Every game is played
//! from its own seed (the match's [`game_seed`]) by a single-threaded
//! search with a cleared table, so the data of a shard are exactly the
//! whole run's at its game indices, whatever the thread count.
//!
//! A position is kept when the engine's move from it is quiet (its trace
//! shows the move, or a drop, and nothing else: no capture, removal,
//! promotion or other effect), the side to move is not in check, the
//! search's score is no mate, and it comes after the random opening plies.
//! A move that also moves a wall (a blocked square: the duck) is quiet.
//! With `label_nodes`, each kept position is also searched that deep by
//! a second engine (its table cleared per game, as the game's), and its
//! score kept beside the row ([`super::label`]).

use super::features::{Features, TERMS};
use super::label::{Label, search_score};
use crate::compile::Variant;
use crate::engine::game::{Game, GameResult};
use crate::engine::trace::Event;
use crate::search::{Control, Engine, Score};
use crate::selfplay::{Shard, game_seed, opening_move};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What the games are played with: everything that decides the data.
/// Data merge only when their settings are equal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Games in the whole run (all shards together).
    pub games: u64,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// Depth per move, in plies.
    pub depth: Option<u32>,
    /// Random legal plies played before the engine takes over.
    pub openings: u32,
    /// The master seed.
    pub seed: u64,
    /// Plies after which a game still going is adjudicated a draw.
    pub max_plies: u32,
    /// Transposition table per game, in MB.
    pub hash_mb: usize,
    /// Whether the square tables are fitted (a feature per kind and
    /// square); false in data written before they were.
    #[serde(default)]
    pub squares: bool,
    /// Nodes of the deeper search that scores each kept position (its
    /// label, [`super::label`]); `None`: the positions have no search
    /// score (and data written before search labels read so).
    #[serde(default)]
    pub label_nodes: Option<u64>,
}

impl Settings {
    fn match_settings(&self) -> crate::selfplay::Settings {
        crate::selfplay::Settings {
            games: self.games,
            nodes: self.nodes,
            depth: self.depth,
            openings: self.openings,
            seed: self.seed,
            max_plies: self.max_plies,
            hash_mb: self.hash_mb,
            ..Default::default()
        }
    }
}

/// The positions one game gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSamples {
    /// The game's index in the run, from 0.
    pub index: u64,
    /// White's score: 1, 0.5 or 0 (both sides losing counts 0.5).
    pub score: f32,
    /// One feature vector per kept position.
    pub rows: Vec<Vec<f32>>,
    /// Each kept position's deeper search score, in centipawns for White
    /// (a mate as [`super::label::MATE_LABEL`]); empty without
    /// `label_nodes`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub searched: Vec<f32>,
}

/// The data of a run or of some of its shards (`kaboom tune --data`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneData {
    /// The variant as named.
    pub variant: String,
    /// The settings.
    pub settings: Settings,
    /// The features' names: each measured kind's letter, then the terms,
    /// then each kind's squares (`N@e4`) or `squares`.
    pub features: Vec<String>,
    /// The shards played (`K/N`).
    pub shards: Vec<String>,
    /// What the run fits its positions against (the games' results in
    /// data written before search labels).
    #[serde(default)]
    pub label: Label,
    /// The games, by index.
    pub games: Vec<GameSamples>,
}

/// The names of `variant`'s features.
pub fn feature_names(variant: &Variant, features: &Features) -> Vec<String> {
    let mut names: Vec<String> = features
        .kinds()
        .iter()
        .map(|k| variant.pieces.info(*k).letter.to_string())
        .collect();
    names.extend(TERMS.iter().map(|t| t.to_string()));
    if features.fits_squares() {
        for info in variant.pieces() {
            for sq in 0..features.board() {
                let name = variant.geometry.name(crate::base::square::Square::from_index(sq));
                names.push(format!("{}@{name}", info.letter));
            }
        }
    } else if features.fixed_squares() {
        names.push("squares".to_string());
    }
    names
}

fn white_score(result: GameResult) -> f32 {
    match result {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw | GameResult::BothLose => 0.5,
    }
}

/// Plays game `index` from `seed` and keeps its quiet positions, each
/// scored by `labeller` too where `settings` ask for search labels.
pub fn play(
    engine: &mut Engine,
    labeller: &mut Engine,
    features: &Features,
    settings: &Settings,
    index: u64,
    seed: u64,
) -> GameSamples {
    engine.clear();
    engine.set_threads(1);
    if settings.label_nodes.is_some() {
        labeller.clear();
        labeller.set_threads(1);
    }
    let mut searched = Vec::new();
    let variant = engine.variant().clone();
    let variant = &*variant;
    let start = variant.start_position();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The game's moves, as the search reads them (`Limits::played`).
    let mut limits = settings.match_settings().limits();
    let mut keys = vec![engine.key(&start)];
    let mut game = Game::new(variant, start);
    let mut rows = Vec::new();
    let mut plies = 0u32;
    let result = loop {
        if let Some(ending) = game.ending() {
            break ending.result;
        }
        if plies >= settings.max_plies {
            break GameResult::Draw;
        }
        let pos = game.position().clone();
        let legal = variant.legal_moves(&pos);
        if legal.is_empty() {
            break GameResult::Draw;
        }
        let (mv, candidate) = if plies < settings.openings {
            (opening_move(&mut rng, variant, &game, &legal), false)
        } else {
            let found = engine.search(&pos, &keys[..keys.len() - 1], &limits, &Control::new(), &mut |_| {});
            let calm = matches!(found.score, Score::Centipawns(_)) && !variant.in_check(&pos);
            (found.best.unwrap_or(legal[0]), calm)
        };
        let events = game.play(mv);
        if candidate && events.iter().all(quiet) {
            let mut row = Vec::with_capacity(features.width());
            features.push(&pos, &mut row);
            rows.push(row);
            if let Some(nodes) = settings.label_nodes {
                let history = &keys[..keys.len() - 1];
                searched.push(search_score(labeller, &pos, history, &limits.played, nodes));
            }
        }
        keys.push(engine.key(game.position()));
        limits.played.push((mv, variant.in_check(&pos)));
        plies += 1;
    };
    GameSamples {
        index,
        score: white_score(result),
        rows,
        searched,
    }
}

/// Whether an event of the engine's move leaves the position quiet: the
/// move itself, a drop, or a wall moved (material unchanged).
fn quiet(event: &Event) -> bool {
    matches!(
        event,
        Event::Moved { .. } | Event::Dropped { .. } | Event::Blocked { .. } | Event::Unblocked { .. }
    )
}

/// The label search's table, in MB: the games' size where it searches, the
/// least where it does not.
fn labeller_hash(settings: &Settings) -> usize {
    if settings.label_nodes.is_some() {
        settings.hash_mb
    } else {
        1
    }
}

/// Why the tuner cannot run.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// The variant (or one random setup's start) does not load.
    #[error("{0}")]
    Load(#[from] crate::base::diagnostic::LoadError),
    /// The thread pool cannot be built.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        message: String,
    },
}

/// Plays the games of `shard` on `threads` threads, calling `on_game`
/// after each (in whatever order they finish), and gathers their data.
pub fn collect(
    variant: &str,
    settings: &Settings,
    shard: Shard,
    threads: usize,
    on_game: &(dyn Fn() + Sync),
) -> Result<TuneData, TuneError> {
    let base = Arc::new(Variant::load(variant)?);
    let base_features = Features::new(&base, settings.squares);
    let random_setup = base.has_random_setup();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| TuneError::Threads {
            threads,
            message: e.to_string(),
        })?;
    let indices: Vec<u64> = shard.indices(settings.games).collect();
    let games: Vec<Result<GameSamples, TuneError>> = pool.install(|| {
        indices
            .par_iter()
            .map_init(
                || {
                    let engine = Engine::with_hash(base.clone(), settings.hash_mb);
                    (engine, Engine::with_hash(base.clone(), labeller_hash(settings)))
                },
                |(engine, labeller), &index| {
                    let seed = game_seed(settings.seed, index);
                    let samples = if random_setup {
                        let v = Arc::new(Variant::load_seeded(variant, Some(seed))?);
                        let features = Features::new(&v, settings.squares);
                        let mut own = Engine::with_hash(v.clone(), settings.hash_mb);
                        let mut own_labeller = Engine::with_hash(v, labeller_hash(settings));
                        play(&mut own, &mut own_labeller, &features, settings, index, seed)
                    } else {
                        play(engine, labeller, &base_features, settings, index, seed)
                    };
                    on_game();
                    Ok(samples)
                },
            )
            .collect()
    });
    Ok(TuneData {
        variant: variant.to_string(),
        settings: settings.clone(),
        features: feature_names(&base, &base_features),
        shards: vec![shard.to_string()],
        label: Label::Result,
        games: games.into_iter().collect::<Result<_, _>>()?,
    })
}

/// Why data do not merge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no data to merge")]
    Empty,
    /// Data of another variant, settings, feature list or label.
    #[error("data {index} come from another run than data 1 (variant, settings, features or label differ)")]
    Mismatch {
        /// Which data, from 1.
        index: usize,
    },
    /// Two data hold the same game.
    #[error("data {index} hold game {game} again (shard {shard} given twice?)")]
    Overlap {
        /// Which data, from 1.
        index: usize,
        /// The game's index.
        game: u64,
        /// The shard it came in.
        shard: String,
    },
}

impl MergeError {
    /// Which data (from 1) the error is about, if one.
    pub fn index(&self) -> Option<usize> {
        match self {
            MergeError::Empty => None,
            MergeError::Mismatch { index } | MergeError::Overlap { index, .. } => Some(*index),
        }
    }
}

/// The data of disjoint shards of one run, as one: games by index.
pub fn merge(parts: &[TuneData]) -> Result<TuneData, MergeError> {
    let first = parts.first().ok_or(MergeError::Empty)?;
    let mut merged = TuneData {
        shards: Vec::new(),
        games: Vec::new(),
        ..first.clone()
    };
    let mut seen = std::collections::BTreeSet::new();
    for (i, part) in parts.iter().enumerate() {
        let index = i + 1;
        if part.variant != first.variant
            || part.settings != first.settings
            || part.features != first.features
            || part.label != first.label
        {
            return Err(MergeError::Mismatch { index });
        }
        for game in &part.games {
            if !seen.insert(game.index) {
                return Err(MergeError::Overlap {
                    index,
                    game: game.index,
                    shard: part.shards.join(" "),
                });
            }
            merged.games.push(game.clone());
        }
        merged.shards.extend(part.shards.iter().cloned());
    }
    merged.games.sort_by_key(|g| g.index);
    merged.shards.sort();
    Ok(merged)
}
