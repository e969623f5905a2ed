//! The library's public API: every type it exposes is named here by its
//! path (the crate denies `unnameable_types`, so a type reachable through
//! the API but not nameable fails the build; this file keeps the names
//! users write compiling), and what the command line does is offered by
//! library functions: load, play, notation, PGN, search, pictures and
//! matches, each used here as a user would.

use kaboom::interop::{Imported, IniError, Origin, Refusal};
use kaboom::scenario::{Expect, Outcome, Scenario, ScenarioError};
use kaboom::{
    ActionId, Asked, CastlingId, CastlingRule, CastlingSide, Cell, Choice, ChoiceKind, Choices, Color, Control,
    Diagnostic, Ending, Engine, Event, EventParts, EventPlace, Figure, Game, GameResult, Geometry, Glyph, GlyphError,
    IllegalMove, Info, Kind, KindSequence, LastChoice, Limits, LoadError, Location, Move, MoveKind, Perft, PieceInfo,
    Position, Score, SearchResult, Severity, Skill, SourceFile, Sources, Square, SquareIter, SquareSet, StringWalk,
    TooExpensive, Trace, Variant, Wrap,
};
use kaboom::{fen::FenError, san::MatchError, uci::MoveError};
use kaboom::{format::Comments, format::FieldComments, format::Placed};
use kaboom::{pgn, self_play, view};
use std::sync::Arc;

/// Names each type (a type a user cannot name does not compile here).
#[allow(clippy::type_complexity, clippy::too_many_arguments, dead_code)]
fn every_type_is_nameable<T: Trace>(
    _: Option<(
        &ActionId,
        &Asked,
        &CastlingRule,
        &CastlingSide,
        &Cell,
        &Choice,
        &ChoiceKind,
        &Choices,
    )>,
    _: Option<(
        &Color,
        &Control,
        &Diagnostic,
        &Ending,
        &Engine,
        &Event,
        &EventParts,
        &EventPlace,
    )>,
    _: Option<(
        &Figure,
        &Game,
        &GameResult,
        &Geometry,
        &Glyph,
        &GlyphError,
        &IllegalMove,
        &Info,
    )>,
    _: Option<(
        &Kind,
        &KindSequence,
        &LastChoice,
        &Limits,
        &LoadError,
        &Location,
        &Move,
        &MoveKind,
    )>,
    _: Option<(
        &Perft,
        &PieceInfo,
        &Position,
        &Score,
        &SearchResult,
        &Severity,
        &Skill,
        &SourceFile,
    )>,
    _: Option<(
        &Sources,
        &Square,
        &SquareIter,
        &SquareSet,
        &StringWalk,
        &TooExpensive,
        &Variant,
    )>,
    _: Option<(
        &Wrap,
        &CastlingId,
        &FenError,
        &MatchError,
        &MoveError,
        &Comments,
        &FieldComments,
        &Placed,
    )>,
    _: Option<(
        &IniError,
        &Imported,
        &Origin,
        &Refusal,
        &Expect,
        &Outcome,
        &Scenario,
        &ScenarioError,
    )>,
    _: Option<(
        &pgn::PgnGame,
        &pgn::PgnError,
        &pgn::MoveText,
        &pgn::ReplayStop,
        &view::MoveReport,
    )>,
    _: Option<(
        &self_play::Settings,
        &self_play::Shard,
        &self_play::Report,
        &self_play::Summary,
    )>,
    _: Option<(
        &self_play::Opponent,
        &self_play::GameRecord,
        &self_play::MatchError,
        &self_play::MergeError,
    )>,
    _: Option<(&self_play::Results, &self_play::EngineResults)>,
) {
}

/// `kaboom show chess`: below the board, the summary the library writes
/// (`Variant::summary`), the same text the command prints.
#[test]
fn the_summary_show_prints() {
    let chess = Variant::load("chess").unwrap();
    let summary = chess.summary();
    assert!(
        summary.contains("castling (White's; Black's mirror them):"),
        "{summary}"
    );
    assert!(summary.contains("\npromotion: "), "{summary}");
    assert!(
        summary.contains("\nend (checked in order, for the side to move)"),
        "{summary}"
    );
    let castles: Vec<CastlingId> = (chess.legal_moves(&chess.start_position()).iter())
        .filter_map(|m| match m.kind {
            MoveKind::Castle(id) => Some(id),
            _ => None,
        })
        .collect();
    assert!(castles.is_empty());
    assert!(chess.castling_rules().len() >= 4);
    assert_eq!(CastlingId::new(3).index(), 3);
}

/// `kaboom play chess e2e4 e7e5 --pgn FILE`, then `kaboom replay FILE`:
/// load, play checked moves, write them in SAN, record and replay as PGN.
#[test]
fn load_play_notation_and_pgn() {
    let chess = Variant::load("chess").unwrap();
    let start = chess.start_position();
    let mut game = Game::new(&chess, start.clone());
    let mut moves = Vec::new();
    for text in ["e2e4", "e7e5", "g1f3"] {
        let mv = kaboom::uci::parse(&chess, game.position(), text).unwrap();
        moves.push(kaboom::san::write_move(&chess, game.position(), &mv));
        game.try_play(mv).unwrap();
    }
    assert_eq!(moves, ["e4", "e5", "Nf3"]);
    let text = pgn::record(&chess, "chess", &start, false, &moves, game.ending().as_ref());
    let games = pgn::parse(&text).unwrap();
    assert_eq!(games[0].tag("Variant"), Some("chess"));
    let mut again = Game::new(&chess, start);
    assert_eq!(pgn::replay(&chess, &mut again, &games[0]), Ok(None));
    assert_eq!(again.position(), game.position());
    // A move that is not legal stops the replay, saying where and why.
    let bad = pgn::parse("1. e4 e5 2. Ke3 *").unwrap();
    let mut third = Game::new(&chess, chess.start_position());
    let stop = pgn::replay(&chess, &mut third, &bad[0]).unwrap_err();
    assert_eq!(
        (stop.index, stop.number, stop.black, stop.past_budget),
        (2, 2, false, false)
    );
}

/// `kaboom go chess --depth 2`, `kaboom show --svg`, `kaboom explain --svg`
/// and `kaboom match`: search, pictures and a match.
#[test]
fn search_pictures_and_a_match() {
    let chess = Arc::new(Variant::load("chess").unwrap());
    let pos = chess.start_position();
    let engine = Engine::new(chess.clone());
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let result = engine.search(&pos, &[], &limits, &Control::default(), &mut |_| {});
    let best = result.best.expect("a move");
    assert!(chess.legal_moves(&pos).contains(&best));
    assert!(view::board_svg(&chess, &pos).starts_with("<svg"));
    assert!(view::explain_svg(&chess, &pos, &best).contains("</svg>"));
    let settings = self_play::Settings {
        games: 2,
        nodes: Some(20),
        max_plies: 20,
        ..self_play::Settings::default()
    };
    let report = self_play::run("chess", &settings, self_play::Shard::WHOLE, 1, &|_| {}).unwrap();
    assert_eq!(report.played, 2);
}

/// The README's example of the library ("As a Rust library").
#[test]
fn the_readme_example_runs() {
    use kaboom::{Engine, Game, Limits, Variant, san};
    let chess = std::sync::Arc::new(Variant::load("chess").unwrap());
    let mut game = Game::new(&chess, chess.start_position());
    let mv = san::parse(&chess, game.position(), "e4").unwrap();
    game.try_play(mv).unwrap();
    let engine = Engine::new(chess.clone());
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let reply = engine.search(game.position(), &[], &limits, &Default::default(), &mut |_| {});
    assert!(!san::write_move(&chess, game.position(), &reply.best.unwrap()).is_empty());
}
