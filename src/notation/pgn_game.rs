//! A game as PGN, both ways: [`record`] writes a played game (the
//! seven-tag roster, `Variant`, `SetUp` and `FEN` where the start is not
//! the variant's own, `Termination` for a finished game), and [`replay`]
//! plays a parsed game's moves in a variant (each read among the legal
//! moves, within the replay budget), stopping at the first it cannot play.

use super::pgn::{self, PgnGame};
use super::{fen, san_match};
use crate::base::square::Color;
use crate::check::cost::MAX_REPLAY_COST;
use crate::{Ending, Game, Position, Variant};

/// The longest word read as a move: a longer one is reported by its
/// length, not looked up (and not quoted whole).
const MAX_MOVE_TEXT: usize = 256;

/// Writes a game of `variant` as PGN: `variant_name` is its `Variant` tag
/// (a bundled name or a file's path), `moves` the moves in algebraic
/// notation from `start`; `fen_given` (or a random setup) writes `SetUp`
/// and `FEN`; a finished game's `ending` gives the result, the reason as
/// `Termination` and as a comment.
///
/// ```
/// use kaboom::{Game, Variant, pgn, san};
/// let chess = Variant::load("chess").unwrap();
/// let start = chess.start_position();
/// let mut game = Game::new(&chess, start.clone());
/// let mut moves = Vec::new();
/// for text in ["f3", "e5", "g4", "Qh4#"] {
///     let mv = san::parse(&chess, game.position(), text).unwrap();
///     moves.push(san::write_move(&chess, game.position(), &mv));
///     game.play(mv);
/// }
/// let text = pgn::record(&chess, "chess", &start, false, &moves, game.ending().as_ref());
/// assert!(text.contains("[Result \"0-1\"]"));
/// assert!(text.contains("1. f3 e5 2. g4 Qh4#"));
/// // It reads back and replays to the same end.
/// let games = pgn::parse(&text).unwrap();
/// let mut again = Game::new(&chess, start);
/// let ending = pgn::replay(&chess, &mut again, &games[0]).unwrap();
/// assert_eq!(ending.unwrap().result.score(), "0-1");
/// ```
pub fn record(
    variant: &Variant,
    variant_name: &str,
    start: &Position,
    fen_given: bool,
    moves: &[String],
    ending: Option<&Ending>,
) -> String {
    let result = ending.map_or("*", |e| e.result.score());
    let mut tags: Vec<(String, String)> = [
        ("Event", "kaboom game"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
        ("Variant", variant_name),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    if fen_given || variant.has_random_setup() {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen::write(variant, start)));
    }
    // The reason in words (chess.com writes its own words here too;
    // Lichess writes `Normal`).
    if let Some(e) = ending {
        tags.push(("Termination".to_string(), e.reason.clone()));
    }
    pgn::write(
        &tags,
        moves,
        start.fullmove_number(),
        start.side_to_move() == Color::Black,
        ending.map(|e| e.reason.as_str()),
        result,
    )
}

/// Why [`replay`] stopped at a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayStop {
    /// The move's index in the game's moves (0-based).
    pub index: usize,
    /// The move number of the position it was played in.
    pub number: u32,
    /// Whether Black was to move.
    pub black: bool,
    /// The game ran past the replay budget (otherwise the move is illegal).
    pub past_budget: bool,
    /// Why, in words.
    pub why: String,
}

/// Plays the moves of `pgn` in `game` of `variant` (from its current position),
/// generating each position's legal moves once (for both whether the game
/// has ended and reading the next move), within [`MAX_REPLAY_COST`] steps
/// in all. Returns how the game ended after its last move (`None`: not
/// ended), or where and why a move could not be played: illegal, after the
/// end, or past the budget.
pub fn replay(variant: &Variant, game: &mut Game<'_>, pgn: &PgnGame) -> Result<Option<Ending>, ReplayStop> {
    // Each position's generation costs at most the load-time estimate.
    let most = MAX_REPLAY_COST / variant.position_cost().max(1);
    for (i, m) in pgn.moves.iter().enumerate() {
        let pos = game.position();
        let stop = |past_budget: bool, why: String| ReplayStop {
            index: i,
            number: pos.fullmove_number(),
            black: pos.side_to_move() == Color::Black,
            past_budget,
            why,
        };
        if i as u64 >= most {
            return Err(stop(
                true,
                format!(
                    "one game's replay may cost at most {MAX_REPLAY_COST} steps and each position of this variant \
                     about {} (its load-time estimate of listing the moves), so at most {most} moves of a game are \
                     replayed (docs/limits.md, Replay)",
                    variant.position_cost()
                ),
            ));
        }
        let legal = variant.legal_moves(pos);
        if let Some(end) = game.ending_among(&legal) {
            let why = format!("the game is already over ({} {})", end.result.score(), end.reason);
            return Err(stop(false, why));
        }
        // No move is written in that many bytes: say so, never quoting
        // the word whole.
        if m.text.len() > MAX_MOVE_TEXT {
            return Err(stop(false, format!("not a move ({} bytes long)", m.text.len())));
        }
        match san_match::find_among(variant, pos, &m.text, &legal) {
            Ok(mv) => {
                game.play(mv);
            }
            Err(e) => return Err(stop(false, e.to_string())),
        }
    }
    Ok(game.ending())
}
