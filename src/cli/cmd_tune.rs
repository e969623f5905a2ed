//! `kaboom tune`: the evaluation fitted to a variant from self-play
//! (Texel's method), and `kaboom tune-merge`: the data of a run's shards
//! fitted together (docs/search.md, "Tuning").

use super::output::Output;
use super::progress::Progress;
use super::{Failure, render};
use crate::selfplay::Shard;
use crate::tune::{self, Settings, TuneData, Tuned};
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// The largest data file `tune-merge` reads.
const MAX_DATA_BYTES: u64 = 1 << 30;
/// The square table entries the report shows per kind.
const LARGEST_SQUARES: usize = 4;
/// The largest variant file `--write` rewrites.
const MAX_VARIANT_BYTES: u64 = 1 << 20;

/// `--weights`: which term weights the fit moves (docs/search.md, Tuning).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum WeightsArg {
    /// Every weight is fitted with the piece values.
    #[default]
    Fit,
    /// Every weight keeps its value: only the piece values are fitted.
    Keep,
    /// A weight keeps its value unless its 95% interval excludes it; the rest is fitted again.
    Significant,
}

impl WeightsArg {
    /// The library's policy for this choice.
    pub fn policy(self) -> tune::WeightPolicy {
        match self {
            Self::Fit => tune::WeightPolicy::Fit,
            Self::Keep => tune::WeightPolicy::Keep,
            Self::Significant => tune::WeightPolicy::Significant,
        }
    }
}

/// `--label`: what each position is fitted against (docs/search.md, Tuning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LabelArg {
    /// The game's result.
    Result,
    /// A deeper search's score, as an expected result.
    Search,
    /// Both, weighed by --label-mix.
    Mix,
}

/// What `kaboom tune` was asked for.
pub struct TuneArgs<'a> {
    /// The variant, as named.
    pub variant: &'a str,
    /// The games' settings.
    pub settings: Settings,
    /// `--shard`, unread.
    pub shard: Option<&'a str>,
    /// `--threads`.
    pub threads: usize,
    /// `--data`: where the positions go.
    pub data: Option<&'a str>,
    /// `--write`: the variant file whose `evaluation` section is set.
    pub write: Option<&'a str>,
    /// The square tables' prior.
    pub options: tune::FitOptions,
    /// What the positions are fitted against (the data say it too).
    pub label: tune::Label,
}

/// Plays the games (of the shard), writes the data if asked, fits and reports.
pub fn run(o: &mut Output, args: TuneArgs<'_>) -> Result<ExitCode, Failure> {
    let shard = match args.shard {
        Some(text) => Shard::parse(text).map_err(|e| Failure::io(format!("--shard {e}")))?,
        None => Shard::WHOLE,
    };
    let bar = Progress::new(shard.games(args.settings.games), "games");
    let mut data =
        tune::collect(args.variant, &args.settings, shard, args.threads, &|| bar.inc()).map_err(|e| match e {
            tune::TuneError::Load(e) => Failure::input(render::load_error(&e)),
            other => Failure::io(format!("kaboom tune: {other}")),
        })?;
    drop(bar);
    data.label = args.label;
    if let Some(file) = args.data {
        let text = serde_json::to_string(&data).map_err(|e| Failure::io(format!("cannot write the data: {e}")))?;
        std::fs::write(file, text + "\n").map_err(|e| Failure::io(format!("{file}: cannot write: {e}")))?;
    }
    fit_and_report(o, &data, args.write, &args.options)
}

/// Reads the data files, merges them, fits and reports.
pub fn merge(
    o: &mut Output,
    files: &[String],
    write: Option<&str>,
    options: &tune::FitOptions,
) -> Result<ExitCode, Failure> {
    let mut parts = Vec::new();
    for file in files {
        let text = crate::base::files::read_text(Path::new(file), MAX_DATA_BYTES, "tuning data")
            .map_err(|e| Failure::io(format!("{file}: {e}")))?;
        let data: TuneData = serde_json::from_str(&text)
            .map_err(|e| Failure::input(format!("{file}: not `kaboom tune --data` output: {e}")))?;
        parts.push(data);
    }
    let merged = tune::merge(&parts).map_err(|e| {
        let file = e.index().and_then(|i| files.get(i - 1));
        Failure::input(match file {
            Some(file) => format!("kaboom tune-merge: {file}: {e}"),
            None => format!("kaboom tune-merge: {e}"),
        })
    })?;
    fit_and_report(o, &merged, write, options)
}

fn fit_and_report(
    o: &mut Output,
    data: &TuneData,
    write: Option<&str>,
    options: &tune::FitOptions,
) -> Result<ExitCode, Failure> {
    let tuned = tune::tune_with(data, options).map_err(|e| match e {
        tune::FitError::Load(e) => Failure::input(render::load_error(&e)),
        other => Failure::input(format!("kaboom tune: {other}")),
    })?;
    write_report(o, data, &tuned)?;
    let section = tune::section::section_text(&tuned);
    writeln!(o.out, "evaluation: {section},")?;
    if let Some(file) = write {
        write_section(file, &section)?;
        writeln!(o.out, "wrote the evaluation section into {file}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Sets the `evaluation` field of the variant file `file`, only if the
/// file then loads with it.
fn write_section(file: &str, section: &str) -> Result<(), Failure> {
    let path = Path::new(file);
    let text = crate::base::files::read_text(path, MAX_VARIANT_BYTES, "a variant file")
        .map_err(|e| Failure::io(format!("--write {file}: {e}")))?;
    let new = tune::section::put_section(&text, section).map_err(|e| Failure::input(format!("--write {file}: {e}")))?;
    // Checked as a file beside it, so that `extends` finds its parents.
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let trial = path.with_file_name(format!(".{name}.kaboom-tune.ron"));
    std::fs::write(&trial, &new).map_err(|e| Failure::io(format!("--write {file}: cannot write beside it: {e}")))?;
    let loaded = crate::Variant::load(&trial.to_string_lossy());
    if let Err(e) = loaded {
        let _ = std::fs::remove_file(&trial);
        return Err(Failure::input(format!(
            "--write {file}: the file would not load with the tuned section, left as it was:\n{}",
            render::load_error(&e)
        )));
    }
    std::fs::rename(&trial, path).map_err(|e| {
        let _ = std::fs::remove_file(&trial);
        Failure::io(format!("--write {file}: {e}"))
    })
}

/// The report for people: the run, the fit, every value and weight.
fn write_report(o: &mut Output, data: &TuneData, t: &Tuned) -> Result<(), Failure> {
    let s = &data.settings;
    let limit = match (s.nodes, s.depth) {
        (_, Some(d)) => format!("depth {d}"),
        (n, None) => format!("{} nodes", n.unwrap_or(1000)),
    };
    let out = &mut o.out;
    writeln!(
        out,
        "tune: {} ({}), {} of {} games (shards {}), {limit} per move, {} random opening plies, seed {}, at most {} plies",
        data.variant,
        t.variant_name,
        data.games.len(),
        s.games,
        data.shards.join(" "),
        s.openings,
        s.seed,
        s.max_plies
    )?;
    writeln!(
        out,
        "positions: {} quiet positions from {} games; scale K = {:.6} per centipawn; log-loss {:.5} -> {:.5}",
        t.positions, t.games, t.k, t.loss_before, t.loss_after
    )?;
    match (s.label_nodes, t.label_scale) {
        (Some(n), Some(k)) => writeln!(
            out,
            "labels: {}; each position searched to {n} nodes, its score an expected result at K = {k:.6} (fitted to the results)",
            t.label
        )?,
        (Some(n), None) => writeln!(
            out,
            "labels: {} (the positions' {n}-node search scores unused)",
            t.label
        )?,
        _ => writeln!(out, "labels: {}", t.label)?,
    }
    writeln!(out, "piece values (95% intervals, cluster-robust over games):")?;
    for v in &t.values {
        let who = format!("{} ({})", v.piece, v.name);
        match (v.measured, v.half_width) {
            (true, Some(h)) => writeln!(
                out,
                "  {who}: {:.2} +/- {:.2} pawns ({:.0} cp, was {:.0})",
                v.after / 100.0,
                h / 100.0,
                v.after,
                v.before
            )?,
            (true, None) => writeln!(
                out,
                "  {who}: {:.2} pawns, no interval (too few games) ({:.0} cp, was {:.0})",
                v.after / 100.0,
                v.after,
                v.before
            )?,
            (false, _) => writeln!(
                out,
                "  {who}: not measured (never out of balance in the positions), stays {:.0} cp",
                v.before
            )?,
        }
    }
    writeln!(out, "weights (percent of the default term):")?;
    for w in &t.weights {
        if let Some(kept) = w.kept {
            write_kept(out, w, kept)?;
            continue;
        }
        match (w.measured, w.half_width) {
            (true, Some(h)) => writeln!(out, "  {}: {:.0} +/- {:.0} (was {:.0})", w.name, w.after, h, w.before)?,
            (true, None) => writeln!(out, "  {}: {:.0}, no interval (was {:.0})", w.name, w.after, w.before)?,
            (false, _) => writeln!(out, "  {}: not measured, stays {:.0}", w.name, w.before)?,
        }
    }
    write_squares(out, data, t)
}

/// The square tables in the report: per kind, the entries farthest from 0.
fn write_squares(out: &mut dyn std::io::Write, data: &TuneData, t: &Tuned) -> Result<(), Failure> {
    if t.squares.is_empty() {
        return Ok(());
    }
    if !data.settings.squares {
        writeln!(out, "square tables: not fitted (--no-squares), kept as they are")?;
        return Ok(());
    }
    let smooth = t.options.square_smooth.map_or_else(
        || "no smoothness prior".to_string(),
        |s| format!("neighbours' changes within {s} cp"),
    );
    writeln!(
        out,
        "square tables (centipawns for White, Black's by the board's symmetry; prior: {} cp around the table as it was, {smooth}; the largest of each kind, 95% intervals):",
        t.options.square_sd
    )?;
    for k in &t.squares {
        let largest: Vec<String> = (k.largest(LARGEST_SQUARES).iter())
            .map(|c| match c.half_width {
                Some(h) => format!("{} {:+.0} +/- {:.0}", c.name, c.after, h),
                None => format!("{} {:+.0}", c.name, c.after),
            })
            .collect();
        let measured = k.measured();
        if measured == 0 {
            writeln!(out, "  {} ({}): no square measured", k.piece, k.letter)?;
        } else {
            writeln!(
                out,
                "  {} ({}): {}; {measured} of {} squares measured",
                k.piece,
                k.letter,
                largest.join(", "),
                k.cells.len()
            )?;
        }
    }
    Ok(())
}

/// A weight that `--weights` kept at its value.
fn write_kept(out: &mut dyn std::io::Write, w: &tune::Parameter, kept: tune::Kept) -> std::io::Result<()> {
    match kept {
        tune::Kept::Asked => writeln!(out, "  {}: kept at {:.0} (--weights keep)", w.name, w.before),
        tune::Kept::Unsure {
            fitted,
            half_width: Some(h),
        } => writeln!(
            out,
            "  {}: kept at {:.0} (fitted {:.0} +/- {:.0}, an interval that holds it)",
            w.name, w.before, fitted, h
        ),
        tune::Kept::Unsure {
            fitted,
            half_width: None,
        } => writeln!(
            out,
            "  {}: kept at {:.0} (fitted {:.0}, no interval: too few games)",
            w.name, w.before, fitted
        ),
    }
}
