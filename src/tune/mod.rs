//! `kaboom tune`: the evaluation fitted to a variant by Texel's method.
//! Quiet positions from seeded self-play, labelled by their games'
//! results ([`collect`]), the evaluation written as a linear function of
//! its parameters ([`features`]), a logistic fit with intervals
//! ([`fit`]), and the result as the variant file's `evaluation` section
//! ([`section`]). docs/search.md, "Tuning", describes it.

pub mod collect;
pub mod features;
pub mod fit;
pub mod fitted_squares;
pub mod label;
pub mod section;

pub use collect::{Settings, TuneData, TuneError, collect, merge};
pub use label::Label;

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
/// How the square tables are fitted (docs/search.md, Tuning).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// The prior's standard deviation around a square table's entry as
    /// it was (0 where the variant has no table), in centipawns: a square
    /// seen in few positions stays near it.
    pub square_sd: f64,
    /// The smoothness prior's standard deviation between the changes of
    /// two neighbouring squares' entries (files or ranks apart by one),
    /// in centipawns; `None`: no smoothness prior.
    pub square_smooth: Option<f64>,
    /// Which term weights the fit moves (`--weights`).
    pub weights: WeightPolicy,
    /// What the positions are fitted against (`--label`); `None`: what
    /// the data say.
    pub label: Option<Label>,
}

impl Default for FitOptions {
    /// The defaults (docs/search.md, Tuning).
    fn default() -> FitOptions {
        FitOptions {
            square_sd: 10.0,
            square_smooth: Some(5.0),
            weights: WeightPolicy::Fit,
            label: None,
        }
    }
}

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
    /// Each kind's square table (fitted, or as it was with `--no-squares`;
    /// empty where the variant has none and none was fitted).
    pub squares: Vec<fitted_squares::KindSquares>,
    /// The options the square tables were fitted with.
    pub options: FitOptions,
    /// What the positions were fitted against.
    pub label: Label,
    /// The scale that turned the search scores into expected results
    /// (`K` fitted to the games' results with the parameters as they
    /// were), where search scores were used.
    pub label_scale: Option<f64>,
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
    /// A search label asked of data without search scores.
    #[error(
        "the data hold no search scores for --label {label}: collect them with `kaboom tune --label search` (or mix)"
    )]
    NoSearchScores {
        /// The label asked for.
        label: &'static str,
    },
}

/// The samples of `data`.
struct Rows {
    /// Each position's features, `width` values a row, all rows in one vector.
    x: Vec<f32>,
    /// Each position's game's score for White.
    y: Vec<f32>,
    /// Each position's search score (empty where the data have none).
    searched: Vec<f32>,
    /// Each position's game's number among the games with positions.
    game: Vec<u32>,
    /// How many games have positions.
    games: u32,
}

/// The samples of `data`. A score, a row or a search score that is
/// malformed is refused, and so is data with no position.
fn rows(data: &TuneData, width: usize) -> Result<Rows, FitError> {
    let (mut x, mut y, mut game) = (Vec::new(), Vec::new(), Vec::new());
    let mut searched = Vec::new();
    let with_search = data.settings.label_nodes.is_some();
    let mut games = 0u32;
    for g in &data.games {
        if !matches!(g.score, 0.0 | 0.5 | 1.0) {
            return Err(FitError::Malformed { game: g.index });
        }
        let scores = if with_search { g.rows.len() } else { 0 };
        if g.searched.len() != scores || g.searched.iter().any(|s| s.is_nan()) {
            return Err(FitError::Malformed { game: g.index });
        }
        searched.extend_from_slice(&g.searched);
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
    Ok(Rows {
        x,
        y,
        searched,
        game,
        games,
    })
}

/// The positions' targets under `label`, and the scale that turned their
/// search scores into expected results where it uses them: `K` fitted to
/// the games' results with the parameters as they were (`start`).
fn labelled(data: &TuneData, r: &Rows, start: &[f64], label: Label) -> Result<(Vec<f32>, Option<f64>), FitError> {
    if !label.needs_search() {
        return Ok((r.y.clone(), None));
    }
    if data.settings.label_nodes.is_none() {
        let name = if label == Label::Search { "search" } else { "mix" };
        return Err(FitError::NoSearchScores { label: name });
    }
    let results = fit::Samples {
        x: &r.x,
        y: &r.y,
        game: &r.game,
        width: start.len(),
    };
    let k = fit::fit_scale(&results, start);
    Ok((label::targets(&r.y, &r.searched, label, k), Some(k)))
}

/// Each parameter's bounds and prior: the `kinds` piece values first, then
/// the weights of the terms, then the square tables' entries, or the one
/// fixed feature of the tables as they are (held at 1).
fn bounds(features: &Features, options: &FitOptions) -> Vec<fit::Bounds> {
    let kinds = features.kinds().len();
    let squares = features.squares_at();
    let max_square = crate::check::MAX_SQUARE_VALUE as f64;
    (0..features.width())
        .map(|j| match j {
            j if j < kinds => fit::Bounds {
                low: 1.0,
                high: MAX_VALUE,
                sd: VALUE_PRIOR_SD,
            },
            j if j < squares => fit::Bounds {
                low: 0.0,
                high: 10.0,
                sd: WEIGHT_PRIOR_SD,
            },
            _ if features.fits_squares() => fit::Bounds {
                low: -max_square,
                high: max_square,
                sd: options.square_sd,
            },
            _ => fit::Bounds {
                low: 1.0,
                high: 1.0,
                sd: 1.0,
            },
        })
        .collect()
}

/// The smoothness pairs of the square tables: each square with its
/// neighbour a file and a rank further on, per kind.
fn smoothness(variant: &Variant, features: &Features, options: &FitOptions) -> Vec<fit::Smooth> {
    let Some(sd) = options.square_smooth.filter(|_| features.fits_squares()) else {
        return Vec::new();
    };
    let g = variant.geometry;
    let (n, at) = (features.board(), features.squares_at());
    let mut pairs = Vec::new();
    for kind in 0..variant.pieces.len() {
        for sq in 0..n {
            let here = crate::base::square::Square::from_index(sq);
            let (file, rank) = (g.file(here), g.rank(here));
            for next in [g.square(file + 1, rank), g.square(file, rank + 1)]
                .into_iter()
                .flatten()
            {
                let base = at + kind * n;
                pairs.push(fit::Smooth {
                    a: base + sq,
                    b: base + next.index(),
                    sd,
                });
            }
        }
    }
    pairs
}

/// The fit of `samples` under `prior`, the term weights (the parameters
/// after the `kinds` piece values) held as `policy` says; and why each
/// held parameter kept its value. A parameter is held by bounds that meet.
fn fit_by_policy(
    samples: &fit::Samples<'_>,
    prior: &fit::Prior<'_>,
    kinds: usize,
    policy: WeightPolicy,
) -> (fit::Fitted, Vec<Option<Kept>>) {
    let start = prior.start;
    let weights = kinds..kinds + TERMS.len();
    let mut bounds = prior.bounds.to_vec();
    let mut kept = vec![None; samples.width];
    let hold = |b: &mut fit::Bounds, at: f64| {
        b.low = at;
        b.high = at;
    };
    if policy == WeightPolicy::Keep {
        for j in weights.clone() {
            hold(&mut bounds[j], start[j]);
            kept[j] = Some(Kept::Asked);
        }
    }
    let run = |bounds: &[fit::Bounds]| fit::fit_with(samples, &fit::Prior { bounds, ..*prior });
    let mut fitted = run(&bounds);
    if policy == WeightPolicy::Significant {
        let mut any = false;
        for j in weights {
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
            fitted = run(&bounds);
        }
    }
    (fitted, kept)
}

/// Fits the variant of `data` to its positions, the square tables with
/// `options`' prior and the term weights as its policy lets them move.
pub fn tune_with(data: &TuneData, options: &FitOptions) -> Result<Tuned, FitError> {
    let variant = Variant::load(&data.variant)?;
    let features = Features::new(&variant, data.settings.squares);
    let names = collect::feature_names(&variant, &features);
    if names != data.features {
        return Err(FitError::Features {
            variant: data.variant.clone(),
            data: data.features.join(" "),
            now: names.join(" "),
        });
    }
    let width = features.width();
    let r = rows(data, width)?;
    let start = features.start();
    let label = options.label.unwrap_or(data.label);
    let (y, label_scale) = labelled(data, &r, start, label)?;
    let samples = fit::Samples {
        x: &r.x,
        y: &y,
        game: &r.game,
        width,
    };
    let kinds = features.kinds().len();
    let bounds = bounds(&features, options);
    let pairs = smoothness(&variant, &features, options);
    let prior = fit::Prior {
        start,
        bounds: &bounds,
        pairs: &pairs,
    };
    let (fitted, kept) = fit_by_policy(&samples, &prior, kinds, options.weights);
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
        games: r.games as usize,
        k: fitted.k,
        loss_before: fitted.loss_before,
        loss_after: fitted.loss_after,
        values,
        weights,
        squares: fitted_squares::kind_squares(&variant, &features, &fitted),
        options: *options,
        label,
        label_scale,
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
            squares: true,
            label_nodes: None,
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
            tune_with(&whole, &FitOptions::default()).unwrap(),
            tune_with(&merged, &FitOptions::default()).unwrap(),
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

    /// The fit with the default square prior and `policy`.
    fn tune(data: &TuneData, policy: WeightPolicy) -> Result<Tuned, FitError> {
        let options = FitOptions {
            weights: policy,
            ..FitOptions::default()
        };
        tune_with(data, &options)
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
            tune_with(&data, &FitOptions::default()),
            Err(FitError::Malformed { game: 0 })
        ));
        data.games[0].rows.clear();
        assert!(matches!(
            tune_with(&data, &FitOptions::default()),
            Err(FitError::NoPositions)
        ));
        data.features.pop();
        assert!(matches!(
            tune_with(&data, &FitOptions::default()),
            Err(FitError::Features { .. })
        ));
    }
}
