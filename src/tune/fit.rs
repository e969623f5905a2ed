//! Texel's method: the evaluation as a logistic model of the game result,
//! `P(White scores) = 1 / (1 + exp(-K * e))` where `e = theta . x` is the
//! static evaluation of a position (White's view) from its feature vector
//! `x`. The scale `K` is fitted first, with the parameters as they are
//! (so a centipawn keeps its meaning); then the parameters, with `K`
//! fixed, by Newton's method on the mean log-loss (cross-entropy against
//! the result 1, 1/2 or 0), each step damped by a line search and kept
//! within each parameter's bounds. A weak normal prior around the start
//! values ([`Bounds::sd`]) keeps the fit finite when few games separate
//! the data.
//!
//! Intervals come from the cluster-robust ("sandwich") covariance
//! `H^-1 B H^-1`, `H` the log-loss's Hessian (the Fisher information) and
//! `B` the sum over games of the outer products of each game's gradient:
//! the positions of one game share its result, so they are not
//! independent, and the Fisher information alone would give intervals
//! far too narrow.
//!
//! The inner loops run over a flat, precomputed matrix of features and
//! allocate nothing.

/// The data: `rows` feature vectors of `width` numbers each, the result
/// of each (White's score: 1, 0.5 or 0) and the game it comes from.
pub struct Samples<'a> {
    /// The features, row after row.
    pub x: &'a [f32],
    /// White's score in each row's game.
    pub y: &'a [f32],
    /// Each row's game, numbered from 0 in order (rows of one game together).
    pub game: &'a [u32],
    /// Numbers per row.
    pub width: usize,
}

impl Samples<'_> {
    /// How many rows.
    pub fn rows(&self) -> usize {
        self.y.len()
    }

    fn row(&self, i: usize) -> &[f32] {
        &self.x[i * self.width..(i + 1) * self.width]
    }
}

/// What the fitter may do with each parameter. Bounds that meet (`low`
/// equal to `high`) hold the parameter where it starts: it is not fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The smallest value.
    pub low: f64,
    /// The largest value.
    pub high: f64,
    /// The standard deviation of a weak normal prior around the start
    /// value: it keeps a parameter finite where the data separate (a
    /// piece up wins every game seen), and weighs as much as a few
    /// positions otherwise.
    pub sd: f64,
}

/// A smoothness prior between two parameters (neighbouring squares of a
/// table): their changes from the start values are normal around each
/// other with standard deviation `sd`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Smooth {
    /// One parameter's index.
    pub a: usize,
    /// The other's.
    pub b: usize,
    /// How far their changes may differ (one standard deviation).
    pub sd: f64,
}

/// The prior: each parameter's bounds and normal around its start value,
/// and the smoothness pairs.
#[derive(Clone, Copy)]
pub struct Prior<'a> {
    /// The start values.
    pub start: &'a [f64],
    /// Each parameter's bounds and prior.
    pub bounds: &'a [Bounds],
    /// The smoothness pairs.
    pub pairs: &'a [Smooth],
}

impl Prior<'_> {
    /// The penalty: minus the log prior, up to a constant.
    fn penalty(&self, theta: &[f64]) -> f64 {
        let single: f64 = (theta.iter().zip(self.start).zip(self.bounds))
            .map(|((t, m), b)| (t - m) * (t - m) / (2.0 * b.sd * b.sd))
            .sum();
        let pairs: f64 = (self.pairs.iter())
            .map(|p| {
                let d = (theta[p.a] - self.start[p.a]) - (theta[p.b] - self.start[p.b]);
                d * d / (2.0 * p.sd * p.sd)
            })
            .sum();
        single + pairs
    }

    /// Adds the penalty's gradient and Hessian over the free parameters
    /// (`slot`: each parameter's place among them, if free).
    fn add(&self, theta: &[f64], free: &[usize], slot: &[Option<usize>], grad: &mut [f64], hess: &mut [f64]) {
        let m = free.len();
        for (a, &j) in free.iter().enumerate() {
            let var = self.bounds[j].sd * self.bounds[j].sd;
            grad[a] += (theta[j] - self.start[j]) / var;
            hess[a * m + a] += 1.0 / var;
        }
        for p in self.pairs {
            let w = 1.0 / (p.sd * p.sd);
            let d = (theta[p.a] - self.start[p.a]) - (theta[p.b] - self.start[p.b]);
            let (sa, sb) = (slot[p.a], slot[p.b]);
            if let Some(a) = sa {
                grad[a] += w * d;
                hess[a * m + a] += w;
            }
            if let Some(b) = sb {
                grad[b] -= w * d;
                hess[b * m + b] += w;
            }
            if let (Some(a), Some(b)) = (sa, sb) {
                hess[a * m + b] -= w;
                hess[b * m + a] -= w;
            }
        }
    }
}

/// The fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The scale of the logistic.
    pub k: f64,
    /// The mean log-loss with the parameters as given.
    pub loss_before: f64,
    /// The mean log-loss after the fit.
    pub loss_after: f64,
    /// The parameters after the fit (those not fitted as given).
    pub theta: Vec<f64>,
    /// Whether each parameter was fitted: one whose feature is 0 in every
    /// row says nothing and stays as it was, and so does one held by its
    /// bounds.
    pub fitted: Vec<bool>,
    /// The half-width of each fitted parameter's 95% interval (None where
    /// not fitted or fewer than two games).
    pub half_width: Vec<Option<f64>>,
    /// Newton steps taken.
    pub steps: u32,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The log-loss of one prediction `p` against the score `y`, kept finite.
fn log_loss(p: f64, y: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

fn dot(row: &[f32], theta: &[f64]) -> f64 {
    row.iter().zip(theta).map(|(&x, &t)| f64::from(x) * t).sum()
}

/// The mean log-loss of `theta` at scale `k`.
pub fn mean_loss(s: &Samples<'_>, theta: &[f64], k: f64) -> f64 {
    let n = s.rows();
    if n == 0 {
        return 0.0;
    }
    let total: f64 = (0..n)
        .map(|i| log_loss(sigmoid(k * dot(s.row(i), theta)), f64::from(s.y[i])))
        .sum();
    total / n as f64
}

/// The summed log-loss plus the prior's penalty: what Newton minimises.
fn objective(s: &Samples<'_>, theta: &[f64], k: f64, prior: &Prior<'_>) -> f64 {
    mean_loss(s, theta, k) * s.rows() as f64 + prior.penalty(theta)
}

/// The scale `K` that fits the results best with `theta` as it is:
/// a golden-section search over `ln K` from 1e-5 to 1.
pub fn fit_scale(s: &Samples<'_>, theta: &[f64]) -> f64 {
    let f = |lk: f64| mean_loss(s, theta, lk.exp());
    let (mut a, mut b) = (1e-5f64.ln(), 0.0f64);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - r * (b - a), a + r * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..80 {
        if fc <= fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Gradient and Hessian of the summed log-loss over the free parameters
/// (`free` lists their indices), into `grad` and `hess` (row-major,
/// `free.len()` square). Returns the summed loss. A row's features are
/// mostly 0 (a square table has a feature per kind and square): only its
/// non-zero free features are visited, listed in a buffer made once.
fn derivatives(s: &Samples<'_>, theta: &[f64], k: f64, free: &[usize], grad: &mut [f64], hess: &mut [f64]) -> f64 {
    let m = free.len();
    grad.iter_mut().for_each(|g| *g = 0.0);
    hess.iter_mut().for_each(|h| *h = 0.0);
    let mut slot = vec![usize::MAX; s.width];
    for (a, &j) in free.iter().enumerate() {
        slot[j] = a;
    }
    let mut nonzero: Vec<(usize, f64)> = Vec::with_capacity(s.width);
    let mut loss = 0.0;
    for i in 0..s.rows() {
        let row = s.row(i);
        let p = sigmoid(k * dot(row, theta));
        let y = f64::from(s.y[i]);
        loss += log_loss(p, y);
        let g = k * (p - y);
        let w = k * k * p * (1.0 - p);
        nonzero.clear();
        nonzero.extend(
            (row.iter().enumerate())
                .filter(|&(j, &x)| x != 0.0 && slot[j] != usize::MAX)
                .map(|(j, &x)| (slot[j], f64::from(x))),
        );
        for (n, &(a, xa)) in nonzero.iter().enumerate() {
            grad[a] += g * xa;
            for &(b, xb) in &nonzero[n..] {
                // Slots rise with the features, so `a <= b`: the upper half.
                hess[a * m + b] += w * xa * xb;
            }
        }
    }
    for a in 0..m {
        for b in 0..a {
            hess[a * m + b] = hess[b * m + a];
        }
    }
    loss
}

/// Factors the symmetric positive definite `a` (`m` square, row-major)
/// in place into its lower Cholesky factor. False when `a` is not
/// positive definite.
fn cholesky(a: &mut [f64], m: usize) -> bool {
    for j in 0..m {
        let mut d = a[j * m + j];
        for k in 0..j {
            d -= a[j * m + k] * a[j * m + k];
        }
        if d <= 0.0 || !d.is_finite() {
            return false;
        }
        let d = d.sqrt();
        a[j * m + j] = d;
        for i in j + 1..m {
            let mut v = a[i * m + j];
            for k in 0..j {
                v -= a[i * m + k] * a[j * m + k];
            }
            a[i * m + j] = v / d;
        }
    }
    true
}

/// Solves `l l^T x = b` with the factor `l` of [`cholesky`], in place.
fn solve_factored(l: &[f64], b: &mut [f64], m: usize) {
    for i in 0..m {
        let mut v = b[i];
        for k in 0..i {
            v -= l[i * m + k] * b[k];
        }
        b[i] = v / l[i * m + i];
    }
    for i in (0..m).rev() {
        let mut v = b[i];
        for k in i + 1..m {
            v -= l[k * m + i] * b[k];
        }
        b[i] = v / l[i * m + i];
    }
}

/// Solves `a x = b` for a symmetric positive definite `a` (`m` square,
/// row-major) by Cholesky's factorisation, in place: `a` becomes its
/// factor, `b` the solution. False when `a` is not positive definite.
fn cholesky_solve(a: &mut [f64], b: &mut [f64], m: usize) -> bool {
    if !cholesky(a, m) {
        return false;
    }
    solve_factored(a, b, m);
    true
}

/// The inverse of the symmetric positive definite `h` (`m` square),
/// factored once.
fn inverse(h: &[f64], m: usize) -> Option<Vec<f64>> {
    let mut l = h.to_vec();
    if !cholesky(&mut l, m) {
        return None;
    }
    let mut inv = vec![0.0; m * m];
    let mut col = vec![0.0; m];
    for c in 0..m {
        col.iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v = f64::from(u8::from(i == c)));
        solve_factored(&l, &mut col, m);
        for r in 0..m {
            inv[r * m + c] = col[r];
        }
    }
    Some(inv)
}

/// Whether each feature is ever non-zero in the samples.
fn features_seen(s: &Samples<'_>) -> Vec<bool> {
    let mut seen = vec![false; s.width];
    for i in 0..s.rows() {
        for (j, &x) in s.row(i).iter().enumerate() {
            seen[j] |= x != 0.0;
        }
    }
    seen
}

/// A parameter on a bound that the gradient pushes outwards stays there
/// this step (an active set), so Newton's step is taken over the others:
/// its gradient is zeroed and its row and column of the Hessian made the
/// identity's.
fn hold_on_bounds(theta: &[f64], bounds: &[Bounds], free: &[usize], grad: &mut [f64], hess: &mut [f64]) {
    let m = free.len();
    for (a, &j) in free.iter().enumerate() {
        let at_low = theta[j] <= bounds[j].low && grad[a] > 0.0;
        let at_high = theta[j] >= bounds[j].high && grad[a] < 0.0;
        if at_low || at_high {
            grad[a] = 0.0;
            for b in 0..m {
                hess[a * m + b] = 0.0;
                hess[b * m + a] = 0.0;
            }
            hess[a * m + a] = 1.0;
        }
    }
}

/// Fits `theta` (starting from `start`, each within its `bounds`) to the
/// samples: `K` first, then Newton's method with `K` fixed.
#[cfg(test)]
pub fn fit(s: &Samples<'_>, start: &[f64], bounds: &[Bounds]) -> Fitted {
    fit_with(
        s,
        &Prior {
            start,
            bounds,
            pairs: &[],
        },
    )
}

/// As [`fit`], with smoothness pairs in the prior.
pub fn fit_with(s: &Samples<'_>, prior: &Prior<'_>) -> Fitted {
    let (start, bounds) = (prior.start, prior.bounds);
    let width = s.width;
    let mut theta = start.to_vec();
    let k = fit_scale(s, &theta);
    let loss_before = mean_loss(s, &theta, k);
    // A parameter is fitted only where its feature is ever non-zero and
    // its bounds leave it room.
    let mut seen = features_seen(s);
    for (j, b) in bounds.iter().enumerate() {
        seen[j] &= b.low < b.high;
    }
    let free: Vec<usize> = (0..width).filter(|&j| seen[j]).collect();
    let mut slot = vec![None; width];
    for (a, &j) in free.iter().enumerate() {
        slot[j] = Some(a);
    }
    let m = free.len();
    let (mut grad, mut hess, mut step) = (vec![0.0; m], vec![0.0; m * m], vec![0.0; m]);
    let mut trial = theta.clone();
    let mut steps = 0;
    for _ in 0..100 {
        let loss = derivatives(s, &theta, k, &free, &mut grad, &mut hess) + prior.penalty(&theta);
        prior.add(&theta, &free, &slot, &mut grad, &mut hess);
        // A little damping keeps a nearly flat direction from running off.
        let trace = (0..m).map(|a| hess[a * m + a]).sum::<f64>() / m.max(1) as f64;
        for a in 0..m {
            hess[a * m + a] += 1e-9 * trace + 1e-12;
        }
        hold_on_bounds(&theta, bounds, &free, &mut grad, &mut hess);
        step.iter_mut().zip(&grad).for_each(|(d, g)| *d = -g);
        if !cholesky_solve(&mut hess, &mut step, m) {
            break;
        }
        let mut t = 1.0;
        let mut better = false;
        for _ in 0..40 {
            for (a, &j) in free.iter().enumerate() {
                trial[j] = (theta[j] + t * step[a]).clamp(bounds[j].low, bounds[j].high);
            }
            if objective(s, &trial, k, prior) < loss {
                better = true;
                break;
            }
            t /= 2.0;
        }
        if !better {
            break;
        }
        let moved = free.iter().map(|&j| (trial[j] - theta[j]).abs()).fold(0.0, f64::max);
        theta.copy_from_slice(&trial);
        steps += 1;
        if moved < 1e-7 {
            break;
        }
    }
    let loss_after = mean_loss(s, &theta, k);
    let half_width = intervals(s, &theta, k, &free, prior);
    Fitted {
        k,
        loss_before,
        loss_after,
        theta,
        fitted: seen,
        half_width,
        steps,
    }
}

/// The 95% half-widths from the cluster-robust covariance, clustered by
/// game, with the small-sample factor `G / (G - 1)`.
fn intervals(s: &Samples<'_>, theta: &[f64], k: f64, free: &[usize], prior: &Prior<'_>) -> Vec<Option<f64>> {
    let m = free.len();
    let mut out = vec![None; s.width];
    let games = s.game.last().map_or(0, |&g| g as usize + 1);
    if games < 2 || m == 0 {
        return out;
    }
    let (mut grad, mut hess) = (vec![0.0; m], vec![0.0; m * m]);
    derivatives(s, theta, k, free, &mut grad, &mut hess);
    let mut slot = vec![None; s.width];
    for (a, &j) in free.iter().enumerate() {
        slot[j] = Some(a);
    }
    prior.add(theta, free, &slot, &mut grad, &mut hess);
    let Some(h_inv) = inverse(&hess, m) else {
        return out;
    };
    // B: the sum over games of each game's gradient's outer product.
    let mut b = vec![0.0; m * m];
    let mut game_grad = vec![0.0; m];
    let mut i = 0;
    while i < s.rows() {
        let g = s.game[i];
        game_grad.iter_mut().for_each(|v| *v = 0.0);
        while i < s.rows() && s.game[i] == g {
            let row = s.row(i);
            let r = k * (sigmoid(k * dot(row, theta)) - f64::from(s.y[i]));
            for (a, &j) in free.iter().enumerate() {
                game_grad[a] += r * f64::from(row[j]);
            }
            i += 1;
        }
        for a in 0..m {
            for c in 0..m {
                b[a * m + c] += game_grad[a] * game_grad[c];
            }
        }
    }
    let factor = games as f64 / (games as f64 - 1.0);
    for (a, &j) in free.iter().enumerate() {
        // (H^-1 B H^-1)[a][a]
        let mut v = 0.0;
        for p in 0..m {
            for q in 0..m {
                v += h_inv[a * m + p] * b[p * m + q] * h_inv[q * m + a];
            }
        }
        let v = v * factor;
        if v.is_finite() && v >= 0.0 {
            out[j] = Some(1.959_964 * v.sqrt());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Positions drawn at random, each labelled by a game whose result
    /// follows the logistic model with known weights.
    fn synthetic(truth: &[f64], k: f64, games: u32, per_game: usize) -> (Vec<f32>, Vec<f32>, Vec<u32>) {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut x, mut y, mut game) = (Vec::new(), Vec::new(), Vec::new());
        for g in 0..games {
            for _ in 0..per_game {
                let row: Vec<f32> = vec![
                    rng.random_range(-3i32..=3) as f32,
                    rng.random_range(-2i32..=2) as f32,
                    rng.random_range(-1.0f32..1.0) * 40.0,
                    if rng.random_range(0..2) == 0 { 10.0 } else { -10.0 },
                ];
                let p = sigmoid(k * dot(&row, truth));
                let u: f64 = rng.random_range(0.0..1.0);
                x.extend_from_slice(&row);
                y.push(if u < p { 1.0 } else { 0.0 });
                game.push(g);
            }
        }
        (x, y, game)
    }

    #[test]
    fn the_fitter_recovers_known_weights() {
        // Two piece values in centipawns, a placement weight and a tempo weight.
        let truth = [120.0, 450.0, 1.5, 0.8];
        let k = 0.006;
        let (x, y, game) = synthetic(&truth, k, 10_000, 3);
        let s = Samples {
            x: &x,
            y: &y,
            game: &game,
            width: 4,
        };
        let bounds = [Bounds {
            low: -1e5,
            high: 1e5,
            sd: 1e4,
        }; 4];
        // Started from values off by a lot; the scale is fitted from them,
        // so the values come back in its units: compare ratios.
        let fitted = fit(&s, &[100.0, 300.0, 1.0, 1.0], &bounds);
        let t = &fitted.theta;
        assert!(fitted.loss_after < fitted.loss_before);
        let scale = fitted.k / k;
        for (j, &want) in truth.iter().enumerate() {
            let got = t[j] * scale;
            let hw = fitted.half_width[j].unwrap() * scale;
            assert!(
                (got - want).abs() < 3.0 * hw && hw < want.abs() && (j > 1 || hw < 0.1 * want),
                "parameter {j}: {got} +/- {hw}, want {want}"
            );
        }
        // Deterministic.
        assert_eq!(fit(&s, &[100.0, 300.0, 1.0, 1.0], &bounds), fitted);
    }

    #[test]
    fn a_parameter_whose_feature_never_varies_stays_and_bounds_hold() {
        let x = [1.0f32, 0.0, -1.0, 0.0, 1.0, 0.0, -1.0, 0.0];
        let y = [1.0f32, 0.0, 1.0, 0.5];
        let game = [0u32, 0, 1, 1];
        let s = Samples {
            x: &x,
            y: &y,
            game: &game,
            width: 2,
        };
        let bounds = [Bounds {
            low: 0.0,
            high: 250.0,
            sd: 100.0,
        }; 2];
        let f = fit(&s, &[100.0, 77.0], &bounds);
        assert_eq!(f.fitted, [true, false]);
        assert_eq!(f.theta[1], 77.0);
        assert!(f.theta[0] >= 0.0 && f.theta[0] <= 250.0);
        assert_eq!(f.half_width[1], None);
    }

    #[test]
    fn a_smoothness_pair_draws_two_parameters_together() {
        // The first feature decides every game; the second does not go
        // with the result, so alone it would stay at its start.
        let x = [1.0f32, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, -1.0];
        let y = [1.0f32, 0.0, 1.0, 0.0];
        let game = [0u32, 1, 2, 3];
        let s = Samples {
            x: &x,
            y: &y,
            game: &game,
            width: 2,
        };
        let bounds = [Bounds {
            low: -1e4,
            high: 1e4,
            sd: 100.0,
        }; 2];
        let start = [1.0, 0.0];
        let apart = fit(&s, &start, &bounds);
        let pairs = [Smooth { a: 0, b: 1, sd: 1.0 }];
        let prior = Prior {
            start: &start,
            bounds: &bounds,
            pairs: &pairs,
        };
        let together = fit_with(&s, &prior);
        let gap = |f: &Fitted| (f.theta[0] - f.theta[1]).abs();
        assert!(
            gap(&together) < gap(&apart) / 2.0,
            "{:?} {:?}",
            apart.theta,
            together.theta
        );
        assert!(together.theta[1] > 0.0);
        assert!(prior.penalty(&together.theta) > 0.0);
    }

    #[test]
    fn a_parameter_held_by_its_bounds_stays_and_the_others_still_fit() {
        let truth = [120.0, 450.0, 1.5, 0.8];
        let k = 0.006;
        let (x, y, game) = synthetic(&truth, k, 2_000, 3);
        let s = Samples {
            x: &x,
            y: &y,
            game: &game,
            width: 4,
        };
        let free = Bounds {
            low: -1e5,
            high: 1e5,
            sd: 1e4,
        };
        let held = Bounds {
            low: 1.0,
            high: 1.0,
            sd: 1e4,
        };
        let start = [100.0, 300.0, 1.0, 1.0];
        let f = fit(&s, &start, &[free, free, held, free]);
        assert_eq!(f.fitted, [true, true, false, true]);
        assert_eq!(f.theta[2], 1.0);
        assert_eq!(f.half_width[2], None);
        assert!(f.half_width[1].is_some());
        assert!(f.loss_after < f.loss_before);
        assert!(f.theta[1] != start[1] && f.theta[3] != start[3]);
    }

    #[test]
    fn cholesky_solves_and_inverts() {
        let h = [4.0, 2.0, 2.0, 3.0];
        let inv = inverse(&h, 2).unwrap();
        // [[4,2],[2,3]]^-1 = [[3,-2],[-2,4]] / 8
        for (got, want) in inv.iter().zip([0.375, -0.25, -0.25, 0.5]) {
            assert!((got - want).abs() < 1e-12);
        }
        assert!(inverse(&[0.0, 0.0, 0.0, 0.0], 2).is_none());
    }
}
