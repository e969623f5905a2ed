//! A match's report: additive counts only, so that the reports of a
//! match's disjoint shards add up ([`merge`]) to the report the whole
//! match gives; the figures derived from them (the first mover's score
//! with its confidence interval, length percentiles, shares) are computed
//! from the counts ([`Report::summary`]).

use super::one_game::GameRecord;
use super::{Settings, Shard};
use crate::base::square::Color;
use crate::compile::Variant;
use crate::engine::game::GameResult;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Game results of a set of games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    /// Games White won (Black lost).
    pub white_wins: u64,
    /// Games Black won (White lost).
    pub black_wins: u64,
    /// Drawn games, adjudicated draws included.
    pub draws: u64,
    /// Games both sides lost.
    pub both_lose: u64,
    /// Games the side that moved first won.
    pub first_mover_wins: u64,
    /// Games the side that moved second won.
    pub second_mover_wins: u64,
}

/// The engine's results against the random mover.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineResults {
    /// Games the engine won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the engine lost.
    pub losses: u64,
    /// Games both sides lost.
    pub both_lose: u64,
}

/// The report of a match or of some of its shards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The report format's version (1).
    pub format: u32,
    /// The variant as named on the command line (a bundled name or a path).
    pub variant: String,
    /// The variant's own name, from its file.
    pub variant_name: String,
    /// What the match plays.
    pub settings: Settings,
    /// The shards whose games this report holds, `K/N`; `1/1` is the whole match.
    pub shards: Vec<String>,
    /// Games played.
    pub played: u64,
    /// Results per side.
    pub results: Results,
    /// The engine's results, when it played a random mover.
    pub engine: Option<EngineResults>,
    /// Games per length in plies.
    pub lengths: BTreeMap<u32, u64>,
    /// Games per end reason.
    pub endings: BTreeMap<String, u64>,
    /// Decisive games per mechanic shown by the deciding move (a game may
    /// count under several mechanics).
    pub decided_by: BTreeMap<String, u64>,
    /// Games per mechanic seen in any of their moves.
    pub used_in: BTreeMap<String, u64>,
    /// Figures derived from the counts, written with the report and
    /// recomputed when reports are read back.
    #[serde(default, skip_deserializing)]
    pub summary: Option<Summary>,
}

/// Figures derived from a report's counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games won by either side.
    pub decisive: u64,
    /// The first mover's mean score per game (win 1, draw or both lose ½, loss 0).
    pub first_mover_score: f64,
    /// The 95% confidence interval of that score (normal approximation
    /// with the games' own variance): low end.
    pub first_mover_ci_low: f64,
    /// High end.
    pub first_mover_ci_high: f64,
    /// The score as an Elo difference (absent at 0% or 100%).
    pub first_mover_elo: Option<f64>,
    /// The engine's mean score against the random mover.
    pub engine_score: Option<f64>,
    /// Shortest game, in plies.
    pub min_plies: u32,
    /// 10th percentile of game length.
    pub p10_plies: u32,
    /// Median game length.
    pub median_plies: u32,
    /// 90th percentile of game length.
    pub p90_plies: u32,
    /// Longest game.
    pub max_plies: u32,
    /// Mean game length.
    pub mean_plies: f64,
}

impl Report {
    /// An empty report for a match of `variant`.
    pub fn new(variant: &str, loaded: &Variant, settings: &Settings, shard: Shard) -> Report {
        Report {
            format: 1,
            variant: variant.to_string(),
            variant_name: loaded.name.clone(),
            settings: settings.clone(),
            shards: vec![shard.to_string()],
            played: 0,
            results: Results::default(),
            engine: (settings.opponent == super::Opponent::Random).then(EngineResults::default),
            lengths: BTreeMap::new(),
            endings: BTreeMap::new(),
            decided_by: BTreeMap::new(),
            used_in: BTreeMap::new(),
            summary: None,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, game: &GameRecord) {
        self.played += 1;
        let r = &mut self.results;
        let winner = match game.result {
            GameResult::WhiteWins => {
                r.white_wins += 1;
                Some(Color::White)
            }
            GameResult::BlackWins => {
                r.black_wins += 1;
                Some(Color::Black)
            }
            GameResult::Draw => {
                r.draws += 1;
                None
            }
            GameResult::BothLose => {
                r.both_lose += 1;
                None
            }
        };
        match winner {
            Some(w) if w == game.first => r.first_mover_wins += 1,
            Some(_) => r.second_mover_wins += 1,
            None => {}
        }
        if let (Some(e), Some(side)) = (&mut self.engine, game.engine_side) {
            match (game.result, winner) {
                (GameResult::BothLose, _) => e.both_lose += 1,
                (_, None) => e.draws += 1,
                (_, Some(w)) if w == side => e.wins += 1,
                _ => e.losses += 1,
            }
        }
        *self.lengths.entry(game.plies).or_default() += 1;
        *self.endings.entry(game.reason.clone()).or_default() += 1;
        for m in &game.decided_by {
            *self.decided_by.entry(m.clone()).or_default() += 1;
        }
        for m in &game.used {
            *self.used_in.entry(m.clone()).or_default() += 1;
        }
    }

    /// The figures derived from the counts.
    pub fn summary(&self) -> Summary {
        let r = &self.results;
        let n = self.played.max(1) as f64;
        let even = r.draws as f64 + r.both_lose as f64;
        let (w, l) = (r.first_mover_wins as f64, r.second_mover_wins as f64);
        let mean = (w + 0.5 * even) / n;
        let variance = (w * (1.0 - mean).powi(2) + even * (0.5 - mean).powi(2) + l * mean.powi(2)) / n;
        let half = 1.96 * (variance / n).sqrt();
        let elo = (mean > 0.0 && mean < 1.0).then(|| -400.0 * (1.0 / mean - 1.0).log10());
        let engine_score = self
            .engine
            .as_ref()
            .map(|e| (e.wins as f64 + 0.5 * (e.draws as f64 + e.both_lose as f64)) / n);
        let percentile = |p: u64| -> u32 {
            // The smallest length with at least p% of the games at or below it.
            let want = (u128::from(self.played) * u128::from(p)).div_ceil(100).max(1);
            let mut seen = 0u128;
            for (&len, &count) in &self.lengths {
                seen += u128::from(count);
                if seen >= want {
                    return len;
                }
            }
            0
        };
        let total: u128 = self
            .lengths
            .iter()
            .map(|(&len, &c)| u128::from(len) * u128::from(c))
            .sum();
        Summary {
            decisive: r.white_wins.saturating_add(r.black_wins),
            first_mover_score: mean,
            first_mover_ci_low: (mean - half).max(0.0),
            first_mover_ci_high: (mean + half).min(1.0),
            first_mover_elo: elo,
            engine_score,
            min_plies: self.lengths.keys().next().copied().unwrap_or(0),
            p10_plies: percentile(10),
            median_plies: percentile(50),
            p90_plies: percentile(90),
            max_plies: self.lengths.keys().next_back().copied().unwrap_or(0),
            mean_plies: total as f64 / n,
        }
    }

    /// The report with its summary filled in, for writing.
    pub fn with_summary(mut self) -> Report {
        self.summary = Some(self.summary());
        self
    }
}

/// Why reports cannot be merged.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no reports to merge")]
    Empty,
    /// The reports are of different matches.
    #[error("report {index} is of another match: its {field} differs from the first report's")]
    Mismatch {
        /// Which report (from 1).
        index: usize,
        /// The field that differs.
        field: &'static str,
    },
    /// A shard is not `K/N`.
    #[error("report {index}: shard {message}")]
    BadShard {
        /// Which report (from 1).
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// Reports of a different number of shards.
    #[error("report {index} is shard {shard}, but the first report's shards are of {count}")]
    ShardCount {
        /// Which report (from 1).
        index: usize,
        /// Its shard.
        shard: String,
        /// The first report's shard count.
        count: u64,
    },
    /// A report whose counts disagree with each other.
    #[error("report {index} is inconsistent: {message}")]
    Inconsistent {
        /// Which report (from 1).
        index: usize,
        /// Which counts disagree.
        message: String,
    },
    /// Adding a report's counts overflows.
    #[error("report {index}: adding its counts overflows (more than {max} games)", max = u64::MAX)]
    Overflow {
        /// Which report (from 1).
        index: usize,
    },
    /// The same shard twice: its games would count twice.
    #[error("shard {shard} appears twice (report {index}): its games would count twice")]
    Overlap {
        /// Which report (from 1).
        index: usize,
        /// The shard.
        shard: String,
    },
}

impl MergeError {
    /// Which report (from 1) the error is about, if one.
    pub fn index(&self) -> Option<usize> {
        match self {
            MergeError::Empty => None,
            MergeError::Mismatch { index, .. }
            | MergeError::BadShard { index, .. }
            | MergeError::ShardCount { index, .. }
            | MergeError::Inconsistent { index, .. }
            | MergeError::Overflow { index }
            | MergeError::Overlap { index, .. } => Some(*index),
        }
    }
}

/// Adds up the reports of disjoint shards of one match. When the shards
/// cover every shard of their count, the result is the whole match's
/// report (shard `1/1`), equal to the report of the unsharded match.
/// Each report's counts are checked against each other first
/// ([`MergeError::Inconsistent`]) and added without overflow; the work
/// is linear in the number of reports and shards (up to a logarithm).
pub fn merge(reports: &[Report]) -> Result<Report, MergeError> {
    let first = reports.first().ok_or(MergeError::Empty)?;
    let mut merged = first.clone();
    merged.summary = None;
    let mut seen: BTreeSet<Shard> = BTreeSet::new();
    let mut count = None;
    for (i, report) in reports.iter().enumerate() {
        let index = i + 1;
        same_match(first, report, index)?;
        let mut games = 0u64;
        for text in &report.shards {
            let shard = parse_shard(text, index)?;
            let n = *count.get_or_insert(shard.count);
            if shard.count != n {
                return Err(MergeError::ShardCount {
                    index,
                    shard: text.clone(),
                    count: n,
                });
            }
            if !seen.insert(shard) {
                return Err(MergeError::Overlap {
                    index,
                    shard: text.clone(),
                });
            }
            games = games.saturating_add(shard.games(report.settings.games));
        }
        check(report, games).map_err(|message| MergeError::Inconsistent { index, message })?;
        if i > 0 {
            add(&mut merged, report).ok_or(MergeError::Overflow { index })?;
        }
    }
    let n = count.unwrap_or(1);
    merged.shards = if seen.len() as u64 == n {
        vec![Shard::WHOLE.to_string()]
    } else {
        seen.iter().map(Shard::to_string).collect()
    };
    Ok(merged)
}

/// The longest shard text read from a report.
const MAX_SHARD_TEXT: usize = 41;

fn parse_shard(text: &str, index: usize) -> Result<Shard, MergeError> {
    if text.len() > MAX_SHARD_TEXT {
        return Err(MergeError::BadShard {
            index,
            message: format!("text longer than {MAX_SHARD_TEXT} bytes"),
        });
    }
    Shard::parse(text).map_err(|message| MergeError::BadShard { index, message })
}

/// Whether `report` is of the same match as `first`.
fn same_match(first: &Report, report: &Report, index: usize) -> Result<(), MergeError> {
    let mismatch = |field| Err(MergeError::Mismatch { index, field });
    if report.format != first.format {
        return mismatch("format");
    }
    if report.variant != first.variant || report.variant_name != first.variant_name {
        return mismatch("variant");
    }
    if report.settings != first.settings {
        return mismatch("settings");
    }
    if report.engine.is_some() != first.engine.is_some() {
        return mismatch("opponent");
    }
    Ok(())
}

/// Checks that a report's counts agree with each other and with the
/// `games` its shards hold; the message says which do not.
fn check(report: &Report, games: u64) -> Result<(), String> {
    let r = &report.results;
    let sum = |counts: &[u64]| counts.iter().map(|&c| u128::from(c)).sum::<u128>();
    let played = u128::from(report.played);
    let expect = |what: &str, got: u128, want: u128, of: &str| {
        if got == want {
            Ok(())
        } else {
            Err(format!("{what} add up to {got}, but {of} {want}"))
        }
    };
    if report.shards.is_empty() {
        return Err("it lists no shard".to_string());
    }
    expect("its played games", played, u128::from(games), "its shards hold")?;
    let results = sum(&[r.white_wins, r.black_wins, r.draws, r.both_lose]);
    expect("its results (wins, draws, both lose)", results, played, "it played")?;
    let decisive = sum(&[r.white_wins, r.black_wins]);
    let movers = sum(&[r.first_mover_wins, r.second_mover_wins]);
    expect(
        "its first and second mover wins",
        movers,
        decisive,
        "its decisive games are",
    )?;
    if report.engine.is_some() != (report.settings.opponent == super::Opponent::Random) {
        return Err("its engine results do not match its opponent".to_string());
    }
    if let Some(e) = &report.engine {
        let all = sum(&[e.wins, e.draws, e.losses, e.both_lose]);
        expect("its engine results", all, played, "it played")?;
        expect(
            "its engine's wins and losses",
            sum(&[e.wins, e.losses]),
            decisive,
            "its decisive games are",
        )?;
        expect(
            "its engine's both-lose games",
            u128::from(e.both_lose),
            u128::from(r.both_lose),
            "its results say",
        )?;
    }
    let lengths = report.lengths.values().map(|&c| u128::from(c)).sum();
    expect("its game lengths", lengths, played, "it played")?;
    let endings = report.endings.values().map(|&c| u128::from(c)).sum();
    expect("its endings", endings, played, "it played")?;
    for (map, most, of) in [
        (&report.decided_by, decisive, "decisive games"),
        (&report.used_in, played, "games"),
    ] {
        if let Some((name, &c)) = map.iter().find(|&(_, &c)| u128::from(c) > most) {
            let name = name.chars().take(40).collect::<String>();
            return Err(format!("mechanic `{name}` counts {c} games, more than its {most} {of}"));
        }
    }
    Ok(())
}

/// Adds `report`'s counts to `merged`; `None` when a sum overflows.
fn add(merged: &mut Report, report: &Report) -> Option<()> {
    fn plus(a: &mut u64, b: u64) -> Option<()> {
        *a = a.checked_add(b)?;
        Some(())
    }
    plus(&mut merged.played, report.played)?;
    let (m, r) = (&mut merged.results, &report.results);
    plus(&mut m.white_wins, r.white_wins)?;
    plus(&mut m.black_wins, r.black_wins)?;
    plus(&mut m.draws, r.draws)?;
    plus(&mut m.both_lose, r.both_lose)?;
    plus(&mut m.first_mover_wins, r.first_mover_wins)?;
    plus(&mut m.second_mover_wins, r.second_mover_wins)?;
    if let (Some(m), Some(r)) = (&mut merged.engine, &report.engine) {
        plus(&mut m.wins, r.wins)?;
        plus(&mut m.draws, r.draws)?;
        plus(&mut m.losses, r.losses)?;
        plus(&mut m.both_lose, r.both_lose)?;
    }
    for (k, v) in &report.lengths {
        plus(merged.lengths.entry(*k).or_default(), *v)?;
    }
    for (map, add) in [
        (&mut merged.endings, &report.endings),
        (&mut merged.decided_by, &report.decided_by),
        (&mut merged.used_in, &report.used_in),
    ] {
        for (k, v) in add {
            plus(map.entry(k.clone()).or_default(), *v)?;
        }
    }
    Some(())
}
