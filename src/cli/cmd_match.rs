//! `kaboom match`: self-play statistics for balancing a variant, and
//! `kaboom match-merge`: the reports of a match's shards added up
//! (docs/match.md).

use super::output::Output;
use super::{Failure, render};
use crate::selfplay::{self, Opponent, Report, Settings, Shard, Summary};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal as _, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How a report is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A summary for people.
    Text,
    /// The report as JSON: the counts (which `match-merge` adds up) and the summary.
    Json,
}

/// Who plays the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OpponentArg {
    /// The engine plays both sides.
    #[value(name = "self")]
    SelfPlay,
    /// The engine plays one side (White in even games) against a random mover.
    Random,
}

/// What `kaboom match` was asked for.
pub struct MatchArgs<'a> {
    /// The variant, as named.
    pub variant: &'a str,
    /// The settings.
    pub settings: Settings,
    /// `--shard`, unread.
    pub shard: Option<&'a str>,
    /// `--threads`.
    pub threads: usize,
    /// `--games-out`: where every game is written as PGN.
    pub games_out: Option<&'a str>,
    /// `--format`.
    pub format: Format,
}

impl OpponentArg {
    /// The match's opponent (a method, not `From`: the argument type stays
    /// the command line's own, out of the library's API).
    pub fn opponent(self) -> Opponent {
        match self {
            OpponentArg::SelfPlay => Opponent::SelfPlay,
            OpponentArg::Random => Opponent::Random,
        }
    }
}

/// A bar over the games on stderr, only when it is a terminal.
fn progress(games: u64) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{elapsed:>4} [{wide_bar}] {pos}/{len} games, {rate}, eta {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.1} games/s", state.per_sec());
            },
        )
        .progress_chars("=> ");
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(250));
    Some(bar)
}

/// Plays the match (or its shard) and writes the report.
pub fn run(o: &mut Output, args: MatchArgs<'_>) -> Result<ExitCode, Failure> {
    let shard = match args.shard {
        Some(text) => Shard::parse(text).map_err(|e| Failure::io(format!("--shard {e}")))?,
        None => Shard::WHOLE,
    };
    // Created before the games, so that a path that cannot be written is
    // refused before the match is played.
    let cannot_write = |path: &str, e: std::io::Error| Failure::io(format!("--games-out {path}: cannot write: {e}"));
    let games_file = match args.games_out {
        Some(path) => Some((path, std::fs::File::create(path).map_err(|e| cannot_write(path, e))?)),
        None => None,
    };
    let games = shard.indices(args.settings.games).count() as u64;
    let bar = progress(games);
    let started = Instant::now();
    let records = std::sync::Mutex::new(Vec::new());
    let result = selfplay::run(args.variant, &args.settings, shard, args.threads, &|record| {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        if args.games_out.is_some()
            && let Ok(mut records) = records.lock()
        {
            records.push(games_pgn(args.variant, record));
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = result.map_err(|e| match e {
        selfplay::MatchError::Load(e) => Failure::input(render::load_error(&e)),
        other => Failure::io(format!("kaboom match: {other}")),
    })?;
    let elapsed = started.elapsed();
    if let Some((path, mut file)) = games_file {
        let mut games = records.into_inner().unwrap_or_default();
        games.sort();
        let text: String = games.into_iter().map(|(_, pgn)| pgn).collect();
        file.write_all(text.as_bytes()).map_err(|e| cannot_write(path, e))?;
    }
    match args.format {
        Format::Json => write_json(o, report)?,
        Format::Text => {
            write_text(o, &report)?;
            let secs = elapsed.as_secs_f64();
            writeln!(
                o.out,
                "time: {:.1} s, {:.1} games/s on {} thread{}",
                secs,
                report.played as f64 / secs.max(1e-9),
                args.threads,
                if args.threads == 1 { "" } else { "s" }
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One game of a match as PGN, with its index: the seven-tag roster
/// (`Round` the game's index from 1, `White` and `Black` `kaboom` or
/// `random`), `Variant`, `SetUp` and `FEN` (the start), `Termination` (how
/// it ended, adjudications included), `PlyCount` and kaboom's own
/// `FinalFEN` (the last position).
fn games_pgn(variant: &str, record: &selfplay::GameRecord) -> (u64, String) {
    use crate::base::square::Color;
    let player = |side: Color| match record.engine_side {
        Some(engine) if engine != side => "random",
        _ => "kaboom",
    };
    let result = record.result.score();
    let round = (record.index + 1).to_string();
    let plies = record.plies.to_string();
    let tags: Vec<(String, String)> = [
        ("Event", "kaboom match"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", round.as_str()),
        ("White", player(Color::White)),
        ("Black", player(Color::Black)),
        ("Result", result),
        ("Variant", variant),
        ("SetUp", "1"),
        ("FEN", record.start_fen.as_str()),
        ("Termination", record.reason.as_str()),
        ("PlyCount", plies.as_str()),
        ("FinalFEN", record.final_fen.as_str()),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let black_first = record.first == Color::Black;
    let text = crate::notation::pgn::write(&tags, &record.moves, 1, black_first, Some(&record.reason), result);
    (record.index, text)
}

/// Reads the JSON reports in `files`, adds them up and writes the result.
pub fn merge(o: &mut Output, files: &[String], format: Format) -> Result<ExitCode, Failure> {
    let mut reports = Vec::new();
    for file in files {
        let text = crate::base::files::read_text(std::path::Path::new(file), 64 << 20, "a match report")
            .map_err(|e| Failure::io(format!("{file}: {e}")))?;
        let report: Report = serde_json::from_str(&text)
            .map_err(|e| Failure::input(format!("{file}: not a `kaboom match --format json` report: {e}")))?;
        reports.push(report);
    }
    let merged = selfplay::merge(&reports).map_err(|e| {
        // Name the report's file, not only its place in the list.
        let file = e.index().and_then(|i| files.get(i - 1));
        Failure::input(match file {
            Some(file) => format!("kaboom match-merge: {file}: {e}"),
            None => format!("kaboom match-merge: {e}"),
        })
    })?;
    match format {
        Format::Json => write_json(o, merged)?,
        Format::Text => write_text(o, &merged)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn write_json(o: &mut Output, report: Report) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(&report.with_summary())
        .map_err(|e| Failure::io(format!("cannot write the report: {e}")))?;
    writeln!(o.out, "{text}")?;
    Ok(())
}

fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The report for people.
fn write_text(o: &mut Output, report: &Report) -> Result<(), Failure> {
    let s = report.summary();
    let out: &mut dyn Write = &mut o.out;
    settings_line(out, report)?;
    results(out, report, &s)?;
    lengths(out, report, &s)?;
    tallies(out, report, &s)?;
    Ok(())
}

/// The first line: the variant, the games and how they were played.
fn settings_line(out: &mut dyn Write, report: &Report) -> std::io::Result<()> {
    let st = &report.settings;
    let limit = match (st.nodes, st.depth, st.movetime) {
        (Some(n), _, _) => format!("{n} nodes"),
        (_, Some(d), _) => format!("depth {d}"),
        (_, _, Some(ms)) => format!("{ms} ms"),
        _ => format!("{} nodes", st.limits().nodes.unwrap_or(0)),
    };
    writeln!(
        out,
        "match: {} ({}), {} of {} games (shards {}), {limit} per move, {} random opening plies, seed {}, at most {} plies{}",
        report.variant,
        report.variant_name,
        report.played,
        st.games,
        report.shards.join(" "),
        st.openings,
        st.seed,
        st.max_plies,
        if st.opponent == Opponent::Random {
            ", engine against a random mover"
        } else {
            ""
        }
    )?;
    Ok(())
}

/// The results by colour, the first mover's score and the engine's
/// against a random mover.
fn results(out: &mut dyn Write, report: &Report, s: &Summary) -> std::io::Result<()> {
    let r = &report.results;
    let n = report.played;
    writeln!(
        out,
        "results: White wins {} ({:.1}%), Black wins {} ({:.1}%), draws {} ({:.1}%), both lose {}",
        r.white_wins,
        percent(r.white_wins, n),
        r.black_wins,
        percent(r.black_wins, n),
        r.draws,
        percent(r.draws, n),
        r.both_lose
    )?;
    writeln!(
        out,
        "  White: {}W {}D {}L   Black: {}W {}D {}L",
        r.white_wins,
        r.draws.saturating_add(r.both_lose),
        r.black_wins,
        r.black_wins,
        r.draws.saturating_add(r.both_lose),
        r.white_wins
    )?;
    let elo = s.first_mover_elo.map_or_else(
        || "n/a".to_string(),
        |e| format!("{:+.0}", if e.abs() < 0.5 { 0.0 } else { e }),
    );
    writeln!(
        out,
        "first mover: {} wins, {} losses; score {:.1}%, 95% CI {:.1}%..{:.1}% (Elo {elo})",
        r.first_mover_wins,
        r.second_mover_wins,
        100.0 * s.first_mover_score,
        100.0 * s.first_mover_ci_low,
        100.0 * s.first_mover_ci_high
    )?;
    if let (Some(e), Some(score)) = (&report.engine, s.engine_score) {
        writeln!(
            out,
            "engine against the random mover: {} wins, {} draws, {} losses, {} both lose (score {:.1}%)",
            e.wins,
            e.draws,
            e.losses,
            e.both_lose,
            100.0 * score
        )?;
    }
    Ok(())
}

/// The games' lengths, with a histogram in ten buckets.
fn lengths(out: &mut dyn Write, report: &Report, s: &Summary) -> std::io::Result<()> {
    writeln!(
        out,
        "length (plies): min {}, 10% {}, median {}, mean {:.1}, 90% {}, max {}",
        s.min_plies, s.p10_plies, s.median_plies, s.mean_plies, s.p90_plies, s.max_plies
    )?;
    // A histogram in ten buckets over the lengths seen.
    if s.max_plies > 0 {
        let width = (s.max_plies / 10).max(1) + u32::from(!s.max_plies.is_multiple_of(10) && s.max_plies > 10);
        let mut buckets: std::collections::BTreeMap<u32, u64> = Default::default();
        for (&len, &c) in &report.lengths {
            let bucket = buckets.entry(len / width).or_default();
            *bucket = bucket.saturating_add(c);
        }
        let most = buckets.values().copied().max().unwrap_or(1);
        for (b, c) in buckets {
            let bar = "#".repeat((u128::from(c) * 40).div_ceil(u128::from(most)) as usize);
            let low = u64::from(b) * u64::from(width);
            writeln!(out, "  {:>5}-{:<5} {c:>7} {bar}", low, low + u64::from(width) - 1)?;
        }
    }
    Ok(())
}

/// How games ended, the mechanics of the deciding moves and of the games.
fn tallies(out: &mut dyn Write, report: &Report, s: &Summary) -> std::io::Result<()> {
    let n = report.played;
    writeln!(out, "endings:")?;
    let mut endings: Vec<_> = report.endings.iter().collect();
    endings.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (reason, c) in endings {
        writeln!(out, "  {reason}: {c} ({:.1}%)", percent(*c, n))?;
    }
    writeln!(
        out,
        "decided by (mechanics of the deciding move, share of the {} decisive games):",
        s.decisive
    )?;
    let mut decided: Vec<_> = report.decided_by.iter().collect();
    decided.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (m, c) in decided {
        writeln!(out, "  {m}: {c} ({:.1}%)", percent(*c, s.decisive))?;
    }
    writeln!(out, "seen in (share of games with at least one such move):")?;
    let mut used: Vec<_> = report.used_in.iter().collect();
    used.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (m, c) in used {
        writeln!(out, "  {m}: {c} ({:.1}%)", percent(*c, n))?;
    }
    Ok(())
}
