//! One self-play game: random opening plies from the game's seed, then the
//! engine (against itself or a random mover) until an end rule holds, no
//! legal move is left, or the ply cap adjudicates a draw. What each move
//! did is read from its trace and named as a mechanic.

use super::{Opponent, Settings};
use crate::base::square::Color;
use crate::compile::Variant;
use crate::engine::game::{Game, GameResult};
use crate::engine::moves::{Move, MoveKind};
use crate::engine::trace::Event;
use crate::notation::{fen, san};
use crate::search::{Control, Engine};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// The end reason of a game the ply cap stopped (a draw).
pub const MAX_PLIES_REASON: &str = "max plies (adjudicated draw)";
/// The end reason of a game whose side to move has no legal move while no
/// end rule holds (a draw).
pub const NO_MOVES_REASON: &str = "no legal move, no end rule (draw)";

/// What one game came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's index in the match, from 0.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// The side that moved first.
    pub first: Color,
    /// The side the engine played against the random mover, if it did.
    pub engine_side: Option<Color>,
    /// The result.
    pub result: GameResult,
    /// How it ended: the end rule's reason, or one of [`MAX_PLIES_REASON`]
    /// and [`NO_MOVES_REASON`].
    pub reason: String,
    /// Plies played, opening plies included.
    pub plies: u32,
    /// The mechanics the deciding move showed (the last move of a game an
    /// end rule decided for one side); empty for draws.
    pub decided_by: BTreeSet<String>,
    /// The mechanics seen in any move of the game.
    pub used: BTreeSet<String>,
    /// The start position, as FEN.
    pub start_fen: String,
    /// The moves played, in algebraic notation (SAN), opening plies included.
    pub moves: Vec<String>,
    /// The last position, as FEN.
    pub final_fen: String,
}

/// The mechanics one move shows, by name: from its kind (`action NAME`,
/// `castling`, `en passant`, `compelled move`) and from the events of its
/// trace (`capture`, `removal by effect`, `royal removed by effect`,
/// `push`, `pushed off`, `square blocked`, `bounce`, `promotion`,
/// `shield`, `drop`); `quiet move` when it shows none.
pub fn mechanics(variant: &Variant, mv: &Move, events: &[Event], out: &mut BTreeSet<String>) {
    let mut names: Vec<&str> = Vec::new();
    let action;
    match mv.kind {
        MoveKind::Action(i) => {
            action = variant
                .programs
                .actions
                .get(i.index())
                .map_or_else(|| "action".to_string(), |a| format!("action {}", a.name));
            names.push(&action);
        }
        MoveKind::Castle(_) => names.push("castling"),
        MoveKind::EnPassant => names.push("en passant"),
        _ => {}
    }
    if mv.controller.is_some() {
        names.push("compelled move");
    }
    for event in events {
        let name = match *event {
            Event::Moved { .. } => continue,
            Event::Captured { .. } => "capture",
            Event::Removed { piece, .. } | Event::PushedOff { piece, .. } if variant.is_royal(piece.kind()) => {
                names.push(if matches!(event, Event::Removed { .. }) {
                    "removal by effect"
                } else {
                    "pushed off"
                });
                "royal removed by effect"
            }
            Event::Removed { .. } => "removal by effect",
            Event::Pushed { .. } => "push",
            Event::PushedOff { .. } => "pushed off",
            Event::Blocked { .. } => "square blocked",
            Event::Unblocked { .. } => "square unblocked",
            Event::Bounced { .. } => "bounce",
            Event::Promoted { .. } => "promotion",
            Event::Shielded { .. } => "shield",
            Event::Dropped { .. } => "drop",
            Event::Recoloured { .. } => "change of side",
            Event::Transformed { .. } => "change of kind",
            Event::Marked { .. } | Event::Unmarked { .. } => "mark",
            Event::Placed { .. } => "placement",
        };
        names.push(name);
    }
    if names.is_empty() {
        names.push("quiet move");
    }
    for name in names {
        if !out.contains(name) {
            out.insert(name.to_string());
        }
    }
}

/// A legal move for the random mover: uniform over `legal`.
fn random_move(rng: &mut ChaCha8Rng, legal: &[Move]) -> Move {
    legal[rng.random_range(0..legal.len())]
}

/// An opening ply: uniform over the legal moves after which the game goes
/// on (a move that would end the game at once is drawn only when every
/// move does).
pub(crate) fn opening_move(rng: &mut ChaCha8Rng, variant: &Variant, game: &Game, legal: &[Move]) -> Move {
    let mut order: Vec<usize> = (0..legal.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    for &i in &order {
        let mut next = game.clone();
        next.play(legal[i]);
        if next.ending().is_none() && !variant.legal_moves(next.position()).is_empty() {
            return legal[i];
        }
    }
    legal[order[0]]
}

/// Plays game `index` of a match with the engine (whose variant gives the
/// start position), from `seed`. The engine's table is cleared first, and
/// each search runs on one thread, so the game depends only on the
/// settings and the seed (with a node or depth limit).
pub fn play_game(engine: &mut Engine, settings: &Settings, index: u64, seed: u64) -> GameRecord {
    engine.clear();
    engine.set_threads(1);
    let variant = engine.variant().clone();
    let variant = &*variant;
    let start = variant.start_position();
    let first = start.side_to_move();
    let engine_side = match settings.opponent {
        Opponent::SelfPlay => None,
        Opponent::Random => Some(if index.is_multiple_of(2) { first } else { first.flip() }),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The game's moves, with whether each mover was in check before it,
    // so the search judges perpetual check and shuttles as the game does.
    let mut limits = settings.limits();
    let mut keys = vec![engine.key(&start)];
    let start_fen = fen::write(variant, &start);
    let mut game = Game::new(variant, start);
    let mut moves = Vec::new();
    let mut used = BTreeSet::new();
    let mut last = BTreeSet::new();
    let mut plies = 0u32;
    let (result, reason) = loop {
        if let Some(ending) = game.ending() {
            break (ending.result, ending.reason);
        }
        if plies >= settings.max_plies {
            break (GameResult::Draw, MAX_PLIES_REASON.to_string());
        }
        let pos = game.position().clone();
        let legal = variant.legal_moves(&pos);
        if legal.is_empty() {
            break (GameResult::Draw, NO_MOVES_REASON.to_string());
        }
        let side = pos.side_to_move();
        let mv = if plies < settings.openings {
            opening_move(&mut rng, variant, &game, &legal)
        } else if engine_side.is_some_and(|s| s != side) {
            random_move(&mut rng, &legal)
        } else {
            let history = &keys[..keys.len() - 1];
            let found = engine.search(&pos, history, &limits, &Control::new(), &mut |_| {});
            found.best.unwrap_or(legal[0])
        };
        moves.push(san::write_move_among(variant, &pos, &mv, &legal));
        let events = game.play(mv);
        keys.push(engine.key(game.position()));
        limits.played.push((mv, variant.in_check(&pos)));
        last.clear();
        mechanics(variant, &mv, &events, &mut last);
        used.extend(last.iter().cloned());
        plies += 1;
    };
    let decisive = matches!(result, GameResult::WhiteWins | GameResult::BlackWins);
    GameRecord {
        index,
        seed,
        first,
        engine_side,
        result,
        reason,
        plies,
        decided_by: if decisive { last } else { BTreeSet::new() },
        used,
        start_fen,
        moves,
        final_fen: fen::write(variant, game.position()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::Event;

    #[test]
    fn mechanics_are_named_from_the_move_and_its_trace() {
        let chess = Variant::load("chess").unwrap();
        let start = chess.start_position();
        let mv = chess.legal_moves(&start)[0];
        let mut events = Vec::new();
        start.clone().make_traced(&chess, mv, &mut events);
        let mut out = BTreeSet::new();
        mechanics(&chess, &mv, &events, &mut out);
        assert_eq!(out.into_iter().collect::<Vec<_>>(), ["quiet move"]);
        // A capture explodes everything around it, the royal piece included.
        let text = r#"(extends: "chess", name: "blast", rules: ["on capture: blast(target, 1)"], legal: [],
            end: ["not exists(own royal): loss"])"#;
        let blasting = Variant::from_text("blast.ron", text).unwrap();
        let pos = crate::notation::fen::parse(&blasting, "4k3/4p3/8/8/8/8/8/4R2K w - - 0 1").unwrap();
        let mv = *blasting
            .legal_moves(&pos)
            .iter()
            .find(|m| crate::notation::uci::write(&blasting, m) == "e1e7")
            .unwrap();
        let mut events = Vec::new();
        pos.clone().make_traced(&blasting, mv, &mut events);
        assert!(events.iter().any(|e| matches!(e, Event::Removed { .. })));
        let mut out = BTreeSet::new();
        mechanics(&blasting, &mv, &events, &mut out);
        for name in ["capture", "removal by effect", "royal removed by effect"] {
            assert!(out.contains(name), "{name}: {out:?}");
        }
    }

    #[test]
    fn a_game_ends_by_a_rule_or_the_ply_cap() {
        let chess = std::sync::Arc::new(Variant::load("chess").unwrap());
        let mut engine = Engine::with_hash(chess, 1);
        let settings = Settings {
            nodes: Some(50),
            max_plies: 12,
            ..Settings::default()
        };
        let record = play_game(&mut engine, &settings, 0, 1);
        assert!(record.plies <= 12);
        if record.plies == 12 {
            assert_eq!(record.reason, MAX_PLIES_REASON);
            assert_eq!(record.result, GameResult::Draw);
        }
        assert_eq!(
            record,
            play_game(&mut engine, &settings, 0, 1),
            "the same seed plays the same game"
        );
    }
}
