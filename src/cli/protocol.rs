//! What the UCI and XBoard front ends share: the variant being played,
//! its engine, the game's position and history, and a search running on
//! its own thread so that `stop` (or `?`) is heard while it thinks.
//! Protocol output goes to stdout a line at a time.

use crate::notation::{fen, uci};
use crate::search::{Control, Engine, Info, Limits, SearchResult};
use crate::{Move, Position, Variant};
use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::Duration;

/// Writes one protocol line to stdout and flushes it. A closed stdout is
/// ignored here: the next read of stdin ends the session.
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A search running on its own thread.
struct Running {
    control: Arc<Control>,
    /// Waits for `stop` (infinite or pondering).
    hold: bool,
    handle: JoinHandle<SearchResult>,
}

/// The state of a protocol session.
pub struct Session {
    /// The name the variant was chosen by (a bundled name or a path).
    pub variant_name: String,
    /// The variant played.
    pub variant: Arc<Variant>,
    /// The variant as loaded, before any FEN fitted its castling pieces.
    loaded: Arc<Variant>,
    /// Its engine (tables, keys, hash table).
    pub engine: Arc<Engine>,
    /// The current position.
    pub position: Position,
    /// The keys of the game's positions before the current one.
    pub history: Vec<u64>,
    /// The game's moves, each with whether its mover was in check before
    /// it (for the search's `N shuttles` rule).
    pub played: Vec<(Move, bool)>,
    threads: usize,
    hash: usize,
    /// Best lines reported per search (UCI `MultiPV`).
    pub multipv: u32,
    /// UCI `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`.
    pub strength: Strength,
    /// Whether the session speaks USI (after the `usi` command): moves in
    /// USI notation, positions also in SFEN, `btime` for the first player.
    pub usi: bool,
    running: Option<Running>,
}

/// The strength options of UCI, in Stockfish's convention: with
/// `UCI_LimitStrength` the level comes from `UCI_Elo`, else from `Skill
/// Level` (20: full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `Skill Level`, 0 to 20.
    pub level: u8,
    /// `UCI_LimitStrength`.
    pub limit: bool,
    /// `UCI_Elo`.
    pub elo: i32,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            level: crate::search::skill::MAX_LEVEL,
            limit: false,
            elo: crate::search::Skill::elo_range().1,
        }
    }
}

impl Strength {
    /// The level a search plays at; `None`: full strength.
    pub fn skill(&self) -> Option<crate::search::Skill> {
        let skill = if self.limit {
            crate::search::Skill::from_elo(self.elo)
        } else {
            crate::search::Skill::level(self.level)
        };
        skill.weakens().then_some(skill)
    }
}

impl Session {
    /// A session playing `name` (a bundled variant or a file).
    pub fn new(name: &str) -> Result<Session, String> {
        let variant = load(name)?;
        let engine = Arc::new(Engine::new(variant.clone()));
        Ok(Session {
            variant_name: name.to_string(),
            position: variant.start_position(),
            loaded: variant.clone(),
            variant,
            engine,
            history: Vec::new(),
            played: Vec::new(),
            threads: 1,
            hash: crate::search::DEFAULT_HASH_MB,
            multipv: 1,
            strength: Strength::default(),
            usi: false,
            running: None,
        })
    }

    fn rebuild(&mut self) {
        let mut engine = Engine::with_hash(self.variant.clone(), self.hash);
        engine.set_threads(self.threads);
        self.engine = Arc::new(engine);
    }

    /// Switches to another variant (a bundled name or a file), from its
    /// start position. On error nothing changes.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        self.settle();
        let variant = load(name)?;
        self.variant_name = name.to_string();
        self.loaded = variant.clone();
        self.variant = variant;
        self.rebuild();
        self.new_game();
        Ok(())
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.settle();
        self.threads = threads.max(1);
        self.rebuild();
    }

    /// Sets the hash table's size in MB.
    pub fn set_hash(&mut self, megabytes: usize) {
        self.settle();
        self.hash = megabytes.max(1);
        self.rebuild();
    }

    /// A new game: the start position, an empty table.
    pub fn new_game(&mut self) {
        self.settle();
        if !Arc::ptr_eq(&self.variant, &self.loaded) {
            self.variant = self.loaded.clone();
            self.rebuild();
        }
        self.engine.clear();
        self.position = self.variant.start_position();
        self.history.clear();
        self.played.clear();
    }

    /// Sets the position from a FEN (or the start position) and plays
    /// `moves` from it. On error nothing changes.
    pub fn set_position(&mut self, fen_text: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.settle();
        let mut variant = self.loaded.clone();
        let mut pos = match fen_text {
            None => variant.start_position(),
            Some(text) => match fen::parse(&variant, text) {
                Ok(p) => p,
                Err(e) => {
                    // A random setup's other arrangements: find the castling pieces.
                    let mut fitted = (*variant).clone();
                    let p = fen::parse_fitting(&mut fitted, text).map_err(|_| format!("bad FEN `{text}`: {e}"))?;
                    variant = Arc::new(fitted);
                    p
                }
            },
        };
        if !Arc::ptr_eq(&variant, &self.variant) {
            self.variant = variant.clone();
            self.rebuild();
        }
        let mut history = Vec::with_capacity(moves.len());
        let mut played = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = uci::parse(&variant, &pos, text).map_err(|e| short_move_error(&e, text, &variant, &pos))?;
            history.push(self.engine.key(&pos));
            played.push((mv, variant.in_check(&pos)));
            pos.make(&variant, mv);
        }
        self.position = pos;
        self.history = history;
        self.played = played;
        Ok(())
    }

    /// Plays one move on the current position.
    pub fn play(&mut self, text: &str) -> Result<Move, String> {
        self.wait();
        let mv = uci::parse(&self.variant, &self.position, text)
            .map_err(|e| short_move_error(&e, text, &self.variant, &self.position))?;
        self.play_move(mv);
        Ok(mv)
    }

    /// Plays a move known to be legal.
    pub fn play_move(&mut self, mv: Move) {
        self.history.push(self.engine.key(&self.position));
        self.played.push((mv, self.variant.in_check(&self.position)));
        self.position.make(&self.variant, mv);
    }

    /// Starts a search of the current position on its own thread. `report`
    /// hears each iteration; `finish` the result. With `hold`, a search
    /// that ends before it is stopped waits for the stop (UCI `infinite`
    /// and `ponder`).
    pub fn start(
        &mut self,
        limits: Limits,
        ponder: bool,
        hold: bool,
        mut report: impl FnMut(&Variant, &Info) + Send + 'static,
        finish: impl FnOnce(&Variant, &SearchResult) + Send + 'static,
    ) {
        self.settle();
        let control = Arc::new(Control::new());
        control.pondering.store(ponder, Ordering::Relaxed);
        let engine = self.engine.clone();
        let root = self.position.clone();
        let history = self.history.clone();
        let mut limits = limits;
        limits.played = self.played.clone();
        let flags = control.clone();
        let handle = std::thread::spawn(move || {
            let variant = engine.variant().clone();
            let result = engine.search(&root, &history, &limits, &flags, &mut |info| report(&variant, info));
            while hold && !flags.stopped() {
                // Searched all it could; the protocol wants the answer only when told.
                if !flags.pondering.load(Ordering::Relaxed) && !limits.infinite {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            finish(&variant, &result);
            result
        });
        self.running = Some(Running { control, hold, handle });
    }

    /// The control flags of the running search.
    pub fn control(&self) -> Option<&Arc<Control>> {
        self.running.as_ref().map(|r| &r.control)
    }

    /// Lets a search with limits finish, stops one that would wait for
    /// `stop`: what a new command does to the search before it.
    pub fn settle(&mut self) -> Option<SearchResult> {
        if self.running.as_ref().is_some_and(|r| r.hold) {
            self.stop()
        } else {
            self.wait()
        }
    }

    /// Stops the running search, if any, and waits for its result.
    pub fn stop(&mut self) -> Option<SearchResult> {
        if let Some(r) = &self.running {
            r.control.stop();
        }
        self.wait()
    }

    /// Waits for the running search, if any, to end by itself.
    pub fn wait(&mut self) -> Option<SearchResult> {
        let running = self.running.take()?;
        running.handle.join().ok()
    }
}

/// Loads a bundled variant or a file, its diagnostics on one line.
fn load(name: &str) -> Result<Arc<Variant>, String> {
    Variant::load(name).map(Arc::new).map_err(|e| {
        let first = e
            .diagnostics
            .first()
            .map_or_else(|| "cannot load it".to_string(), |d| d.message.clone());
        format!("variant `{name}`: {first}")
    })
}

/// A move error on one line (the legal moves are not listed; the move is
/// quoted by its start, see [`quote`]; a move that left out its follow-up
/// choice gets the hint of [`uci::missing_choice_hint`]).
pub fn short_move_error(e: &uci::MoveError, text: &str, variant: &Variant, pos: &Position) -> String {
    match e {
        uci::MoveError::Malformed { reason, .. } => format!("`{}` is not a move: {reason}", quote(text)),
        uci::MoveError::Illegal { .. } => match uci::missing_choice_hint(variant, pos, text) {
            Some(hint) => format!("`{}` is not a legal move here ({hint})", quote(text)),
            None => format!("`{}` is not a legal move here", quote(text)),
        },
    }
}

/// The longest part of a word that an error message quotes: a longer
/// word is cut there and marked `...`.
pub const QUOTED_CHARS: usize = 40;

/// `text` as an error message quotes it: at most [`QUOTED_CHARS`]
/// characters, then `...` if it was longer.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// Reads a whole-number argument of a command: an optional sign and
/// digits. A value beyond `i64` saturates to `i64::MIN` or `i64::MAX`,
/// so every caller clamps it to its own range and never overflows.
pub fn integer(command: &str, name: &str, value: Option<&str>) -> Result<i64, String> {
    let text = value.ok_or_else(|| format!("{command}: `{name}` needs a value"))?;
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{command}: `{name}` wants a number, not `{}`", quote(text)));
    }
    let magnitude = digits
        .bytes()
        .fold(0i64, |n, b| n.saturating_mul(10).saturating_add(i64::from(b - b'0')));
    Ok(if negative {
        magnitude.saturating_neg()
    } else {
        magnitude
    })
}

/// Reads a whole-number argument and clamps it to `min..=max`.
pub fn integer_in<T>(command: &str, name: &str, value: Option<&str>, min: T, max: T) -> Result<T, String>
where
    T: TryFrom<i64> + Copy,
    i64: TryFrom<T>,
{
    let lo = i64::try_from(min).unwrap_or(i64::MIN);
    let hi = i64::try_from(max).unwrap_or(i64::MAX);
    let n = integer(command, name, value)?.clamp(lo, hi);
    Ok(T::try_from(n).unwrap_or(max))
}

/// The longest time a protocol sets (a clock, a time per move): about a
/// year; a longer one counts as this.
pub const MAX_SECONDS: f64 = 366.0 * 24.0 * 3600.0;

/// [`MAX_SECONDS`] as a duration.
pub const MAX_DURATION: Duration = Duration::from_secs(MAX_SECONDS as u64);

/// Reads a number of seconds (a decimal fraction allowed): not a finite
/// number is an error; a negative one is zero, a huge one [`MAX_SECONDS`].
pub fn seconds(command: &str, name: &str, value: Option<&str>) -> Result<Duration, String> {
    let text = value.ok_or_else(|| format!("{command}: `{name}` needs a value"))?;
    let secs: f64 = text
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite())
        .ok_or_else(|| format!("{command}: `{name}` wants a number of seconds, not `{}`", quote(text)))?;
    Ok(Duration::from_secs_f64(secs.clamp(0.0, MAX_SECONDS)))
}

/// Milliseconds read as a whole number, negative as zero, capped at
/// [`MAX_SECONDS`].
pub fn millis(command: &str, name: &str, value: Option<&str>) -> Result<Duration, String> {
    let ms = integer(command, name, value)?.clamp(0, MAX_SECONDS as i64 * 1000);
    Ok(Duration::from_millis(ms as u64).min(MAX_DURATION))
}

/// The longest command line read; a longer one is an error, skipped to
/// its end without being kept in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads one command line: `None` at the end of input, `Err` for a line
/// too long or not UTF-8.
pub fn read_command(input: &mut impl std::io::BufRead) -> Option<Result<String, String>> {
    read_bounded(input, MAX_LINE_BYTES, "a command line")
}

/// Reads one line of at most `max` bytes (its end of line removed):
/// `None` at the end of input; `Err` for a longer line (skipped to its
/// end without being kept, the message quoting only its start) or a line
/// that is not UTF-8. `what` names such a line in the message.
pub fn read_bounded(input: &mut impl std::io::BufRead, max: usize, what: &str) -> Option<Result<String, String>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut start = Vec::new();
    loop {
        let (done, used) = match input.fill_buf() {
            Ok([]) if line.is_empty() && !too_long => return None,
            Ok([]) => (true, 0),
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    if !too_long {
                        line.extend_from_slice(&buf[..i]);
                    }
                    (true, i + 1)
                }
                None => {
                    if !too_long {
                        line.extend_from_slice(buf);
                    }
                    (false, buf.len())
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        input.consume(used);
        if line.len() > max {
            too_long = true;
            start = line[..line.len().min(4 * QUOTED_CHARS)].to_vec();
            line = Vec::new();
        }
        if done {
            break;
        }
    }
    if too_long {
        let start = quote(&String::from_utf8_lossy(&start));
        return Some(Err(format!(
            "{what} longer than {max} bytes was ignored (it began `{start}`)"
        )));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Some(String::from_utf8(line).map_err(|_| format!("{what} that is not UTF-8 was ignored")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_saturate_and_clamp() {
        let huge = "99999999999999999999999999";
        assert_eq!(integer("go", "depth", Some(huge)), Ok(i64::MAX));
        assert_eq!(integer("go", "depth", Some(&format!("-{huge}"))), Ok(-i64::MAX));
        assert_eq!(integer("go", "depth", Some("+12")), Ok(12));
        assert_eq!(integer_in::<u32>("go", "mate", Some(huge), 1, 50), Ok(50));
        assert_eq!(integer_in::<u64>("go", "nodes", Some("-3"), 0, u64::MAX), Ok(0));
        assert_eq!(
            integer_in::<u64>("go", "nodes", Some(huge), 0, u64::MAX),
            Ok(i64::MAX as u64)
        );
        for bad in ["", "-", "1.5", "1e3", "NaN", "12a"] {
            assert!(integer("go", "depth", Some(bad)).is_err(), "{bad}");
        }
        assert!(integer("go", "depth", None).is_err());
    }

    #[test]
    fn seconds_refuse_what_is_not_finite_and_saturate_the_rest() {
        assert_eq!(seconds("st", "s", Some("1.5")), Ok(Duration::from_millis(1500)));
        assert_eq!(seconds("st", "s", Some("-4")), Ok(Duration::ZERO));
        assert_eq!(seconds("st", "s", Some("1e308")), Ok(MAX_DURATION));
        for bad in ["NaN", "inf", "-inf", "x"] {
            assert!(seconds("st", "s", Some(bad)).is_err(), "{bad}");
        }
        assert_eq!(millis("go", "wtime", Some("99999999999999999999")), Ok(MAX_DURATION));
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("e2e4"), "e2e4");
        let long = "é".repeat(100);
        assert_eq!(quote(&long), format!("{}...", "é".repeat(QUOTED_CHARS)));
    }

    #[test]
    fn bounded_lines_skip_what_is_too_long_or_not_utf8() {
        let mut input = std::io::Cursor::new(b"ok\r\nxxxxxxxxxx\n\xff\n\nlast".to_vec());
        let mut read = || read_bounded(&mut input, 8, "a line");
        assert_eq!(read(), Some(Ok("ok".to_string())));
        let long = read().unwrap().unwrap_err();
        assert!(
            long.contains("longer than 8 bytes") && long.contains("xxxxxxxx"),
            "{long}"
        );
        assert!(read().unwrap().unwrap_err().contains("not UTF-8"));
        assert_eq!(read(), Some(Ok(String::new())));
        assert_eq!(read(), Some(Ok("last".to_string())));
        assert_eq!(read(), None);
    }
}
