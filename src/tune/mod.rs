//! `kaboom tune`: the evaluation fitted to a variant by Texel's method.
//! Quiet positions from seeded self-play, labelled by their games'
//! results ([`collect`]), the evaluation written as a linear function of
//! its parameters ([`features`]), a logistic fit with intervals
//! ([`fit`]), and the result as the variant file's `evaluation` section
//! ([`section`]). docs/search.md, "Tuning", describes it.

pub mod collect;
pub mod features;
pub mod fit;
pub mod section;

pub use collect::{Settings, TuneData, TuneError, collect, merge};

use crate::compile::Variant;
use features::{Features, TERMS};

/// The largest value the tuner gives a piece: the `evaluation` section's
/// bound (docs/format.md).
const MAX_VALUE: f64 = 100_000.0;
/// The prior's standard deviation around a piece's value as it was, in
/// centipawns (docs/search.md, Tuning).
const VALUE_PRIOR_SD: f64 = 500.0;
/// The prior's standard deviation around a term's weight as it was (1.0
/// is 100%).
const WEIGHT_PRIOR_SD: f64 = 3.0;

/// Which term weights a fit moves (`kaboom tune --weights`); the piece
/// values are always fitted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeightPolicy {
    /// Every weight is fitted with the values.
    #[default]
    Fit,
    /// Every weight keeps its value; only the piece values are fitted.
    Keep,
    /// Every weight is fitted first; a weight whose 95% interval holds
    /// its value as it was keeps that value, and the values and the other
    /// weights are fitted again without it.
    Significant,
}

/// Why a parameter kept its value although the data measure it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kept {
    /// `--weights keep`.
    Asked,
    /// `--weights significant`: the first fit, whose interval holds the
    /// value as it was (in the parameter's unit: percent for a weight).
    Unsure {
        /// The first fit's estimate.
        fitted: f64,
        /// Its 95% interval's half-width (None: too few games for one).
        half_width: Option<f64>,
    },
}

/// One fitted parameter: a piece's value in centipawns, or a term's weight
/// in percent.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// The piece's letter, or the term's name.
    pub name: String,
    /// The piece's name for people (empty for a term).
    pub piece: String,
    /// Before the fit.
    pub before: f64,
    /// After the fit (as before where not measured).
    pub after: f64,
    /// The 95% interval's half-width, where measured.
    pub half_width: Option<f64>,
    /// Whether the data measured it (a kind never out of balance is not).
    pub measured: bool,
    /// Where it kept its value by the weight policy although measured.
    pub kept: Option<Kept>,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// The variant's name.
    pub variant_name: String,
    /// Positions fitted.
    pub positions: usize,
    /// Games they came from (those with at least one position).
    pub games: usize,
    /// The logistic's scale, per centipawn.
    pub k: f64,
    /// Mean log-loss before the fit.
    pub loss_before: f64,
    /// Mean log-loss after.
    pub loss_after: f64,
    /// Each non-royal kind's value, in centipawns.
    pub values: Vec<Parameter>,
    /// Each term's weight, in percent.
    pub weights: Vec<Parameter>,
}

/// Why data cannot be fitted.
#[derive(Debug, thiserror::Error)]
pub enum FitError {
    /// The variant does not load.
    #[error("{0}")]
    Load(#[from] crate::base::diagnostic::LoadError),
    /// The data's features are not the variant's as it loads now.
    #[error("the data's features ({data}) are not those of `{variant}` as it loads now ({now}): collect them again")]
    Features {
        /// The variant as named.
        variant: String,
        /// The data's.
        data: String,
        /// The variant's.
        now: String,
    },
    /// A row of the wrong length, or a score that is no result.
    #[error("game {game}: a position's features or the score are malformed")]
    Malformed {
        /// The game's index.
        game: u64,
    },
    /// No position to fit.
    #[error("no quiet position was collected: play more games")]
    NoPositions,
}

/// The samples of `data`: each position's features (`width` values a
/// row, all rows in one vector), its game's score and the game's number
/// among the games with positions; and that number of games. A score or a
/// row that is malformed is refused, and so is data with no position.
#[allow(clippy::type_complexity)]
fn rows(data: &TuneData, width: usize) -> Result<(Vec<f32>, Vec<f32>, Vec<u32>, u32), FitError> {
    let (mut x, mut y, mut game) = (Vec::new(), Vec::new(), Vec::new());
    let mut games = 0u32;
    for g in &data.games {
        if !matches!(g.score, 0.0 | 0.5 | 1.0) {
            return Err(FitError::Malformed { game: g.index });
        }
        for row in &g.rows {
            if row.len() != width || row.iter().any(|v| !v.is_finite()) {
                return Err(FitError::Malformed { game: g.index });
            }
            x.extend_from_slice(row);
            y.push(g.score);
            game.push(games);
        }
        games += u32::from(!g.rows.is_empty());
    }
    if y.is_empty() {
        return Err(FitError::NoPositions);
    }
    Ok((x, y, game, games))
}

/// Each parameter's bounds and prior: the `kinds` piece values first, then
/// the weights of the terms.
fn bounds(width: usize, kinds: usize) -> Vec<fit::Bounds> {
    (0..width)
        .map(|j| {
            if j < kinds {
                fit::Bounds {
                    low: 1.0,
                    high: MAX_VALUE,
                    sd: VALUE_PRIOR_SD,
                }
            } else {
                fit::Bounds {
                    low: 0.0,
                    high: 10.0,
                    sd: WEIGHT_PRIOR_SD,
                }
            }
        })
        .collect()
}

/// The fit of `samples` from `start` (the `kinds` piece values, then the
/// term weights), the weights held as `policy` says; and why each held
/// parameter kept its value.
fn fit_by_policy(
    samples: &fit::Samples<'_>,
    start: &[f64],
    kinds: usize,
    policy: WeightPolicy,
) -> (fit::Fitted, Vec<Option<Kept>>) {
    let width = samples.width;
    let mut bounds = bounds(width, kinds);
    let mut kept = vec![None; width];
    let hold = |b: &mut fit::Bounds, at: f64| {
        b.low = at;
        b.high = at;
    };
    if policy == WeightPolicy::Keep {
        for j in kinds..width {
            hold(&mut bounds[j], start[j]);
            kept[j] = Some(Kept::Asked);
        }
    }
    let mut fitted = fit::fit(samples, start, &bounds);
    if policy == WeightPolicy::Significant {
        let mut any = false;
        for j in kinds..width {
            let (t, h) = (fitted.theta[j], fitted.half_width[j]);
            let holds = h.is_none_or(|h| (t - start[j]).abs() <= h);
            if fitted.fitted[j] && holds {
                hold(&mut bounds[j], start[j]);
                kept[j] = Some(Kept::Unsure {
                    fitted: t * 100.0,
                    half_width: h.map(|h| h * 100.0),
                });
                any = true;
            }
        }
        if any {
            fitted = fit::fit(samples, start, &bounds);
        }
    }
    (fitted, kept)
}

/// Fits the variant of `data` to its positions, moving the weights that
/// `policy` lets move.
pub fn tune(data: &TuneData, policy: WeightPolicy) -> Result<Tuned, FitError> {
    let variant = Variant::load(&data.variant)?;
    let features = Features::new(&variant);
    let names = collect::feature_names(&variant, &features);
    if names != data.features {
        return Err(FitError::Features {
            variant: data.variant.clone(),
            data: data.features.join(" "),
            now: names.join(" "),
        });
    }
    let width = features.width();
    let (x, y, game, games) = rows(data, width)?;
    let samples = fit::Samples {
        x: &x,
        y: &y,
        game: &game,
        width,
    };
    let kinds = features.kinds().len();
    let start = features.start();
    let (fitted, kept) = fit_by_policy(&samples, start, kinds, policy);
    let parameter = |j: usize, scale: f64, name: String, piece: String| Parameter {
        name,
        piece,
        before: start[j] * scale,
        after: fitted.theta[j] * scale,
        half_width: fitted.half_width[j].map(|h| h * scale),
        measured: fitted.fitted[j],
        kept: kept[j],
    };
    let values = features
        .kinds()
        .iter()
        .enumerate()
        .map(|(j, k)| {
            let info = variant.pieces.info(*k);
            parameter(j, 1.0, info.letter.to_string(), info.name.clone())
        })
        .collect();
    let weights = TERMS
        .iter()
        .enumerate()
        .map(|(i, t)| parameter(kinds + i, 100.0, t.to_string(), String::new()))
        .collect();
    Ok(Tuned {
        variant_name: variant.name.clone(),
        positions: y.len(),
        games: games as usize,
        k: fitted.k,
        loss_before: fitted.loss_before,
        loss_after: fitted.loss_after,
        values,
        weights,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::Shard;
    use collect::MergeError;

    fn settings(games: u64) -> Settings {
        Settings {
            games,
            nodes: Some(150),
            depth: None,
            openings: 4,
            seed: 3,
            max_plies: 60,
            hash_mb: 1,
        }
    }

    #[test]
    fn a_tiny_run_is_deterministic_and_shards_merge_to_the_whole() {
        let s = settings(4);
        let whole = collect("chess", &s, Shard::WHOLE, 2, &|| {}).unwrap();
        assert_eq!(whole.games.len(), 4);
        assert!(whole.games.iter().any(|g| !g.rows.is_empty()));
        let again = collect("chess", &s, Shard::WHOLE, 1, &|| {}).unwrap();
        assert_eq!(whole, again, "the same seed gives the same data on any thread count");
        let a = collect("chess", &s, Shard { index: 1, count: 2 }, 1, &|| {}).unwrap();
        let b = collect("chess", &s, Shard { index: 2, count: 2 }, 1, &|| {}).unwrap();
        let merged = merge(&[b.clone(), a.clone()]).unwrap();
        assert_eq!(merged.games, whole.games);
        let (t1, t2) = (
            tune(&whole, WeightPolicy::Fit).unwrap(),
            tune(&merged, WeightPolicy::Fit).unwrap(),
        );
        assert_eq!(t1, t2);
        assert_eq!(section::section_text(&t1), section::section_text(&t2));
        assert!(matches!(
            merge(&[a.clone(), a]),
            Err(MergeError::Overlap { index: 2, .. })
        ));
        assert_eq!(merge(&[]), Err(MergeError::Empty));
        let other = collect("chess", &settings(5), Shard { index: 2, count: 2 }, 1, &|| {}).unwrap();
        assert_eq!(merge(&[b, other]), Err(MergeError::Mismatch { index: 2 }));
    }

    #[test]
    fn the_weight_policies_keep_what_they_say() {
        let data = collect("chess", &settings(6), Shard::WHOLE, 2, &|| {}).unwrap();
        let all = tune(&data, WeightPolicy::Fit).unwrap();
        let keep = tune(&data, WeightPolicy::Keep).unwrap();
        for w in &keep.weights {
            assert_eq!(
                (w.after, w.kept, w.half_width),
                (w.before, Some(Kept::Asked), None),
                "{w:?}"
            );
        }
        assert!(keep.values.iter().any(|v| v.measured && v.after != v.before));
        let sure = tune(&data, WeightPolicy::Significant).unwrap();
        for (w, first) in sure.weights.iter().zip(&all.weights) {
            match w.kept {
                Some(Kept::Unsure { fitted, half_width }) => {
                    assert_eq!(w.after, w.before);
                    assert_eq!((fitted, half_width), (first.after, first.half_width));
                    assert!(half_width.is_none_or(|h| (fitted - w.before).abs() <= h));
                }
                Some(Kept::Asked) => panic!("{w:?}"),
                None => assert!(
                    !first.measured || first.half_width.is_some_and(|h| (first.after - first.before).abs() > h),
                    "{w:?} {first:?}"
                ),
            }
        }
        if sure.weights.iter().all(|w| w.kept.is_some()) {
            assert_eq!(sure.values, keep.values, "every weight held: the values-only fit");
        }
    }

    #[test]
    fn malformed_data_are_refused() {
        let mut data = collect("chess", &settings(1), Shard::WHOLE, 1, &|| {}).unwrap();
        data.games[0].rows = vec![vec![1.0]];
        assert!(matches!(
            tune(&data, WeightPolicy::Fit),
            Err(FitError::Malformed { game: 0 })
        ));
        data.games[0].rows.clear();
        assert!(matches!(tune(&data, WeightPolicy::Fit), Err(FitError::NoPositions)));
        data.features.pop();
        assert!(matches!(tune(&data, WeightPolicy::Fit), Err(FitError::Features { .. })));
    }
}
