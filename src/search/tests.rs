//! Unit tests of the search: mates found, game ends scored, every bundled
//! variant searched from its start.

use super::*;
use crate::notation::{fen, uci};

fn engine(name: &str) -> Engine {
    Engine::new(Arc::new(Variant::load(name).unwrap()))
}

fn best(engine: &Engine, fen_text: &str, limits: Limits) -> SearchResult {
    let pos = fen::parse(engine.variant(), fen_text).unwrap();
    engine.search(&pos, &[], &limits, &Control::new(), &mut |_| {})
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn finds_mate_in_one() {
    let e = engine("chess");
    // Back-rank mate: Ra8#.
    let r = best(&e, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", depth(3));
    assert_eq!(uci::write(e.variant(), &r.best.unwrap()), "a1a8");
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn finds_mate_in_two() {
    let e = engine("chess");
    // The rook ladder: 1. Rb7 (or Ra7), 2. Ra8 mate.
    let r = best(&e, "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", depth(5));
    assert_eq!(r.score, Score::Mate(2), "{:?}", r);
    let pos = fen::parse(e.variant(), "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1").unwrap();
    assert!(e.variant().legal_moves(&pos).contains(&r.best.unwrap()));
}

#[test]
fn sees_being_mated_and_stalemate() {
    let e = engine("chess");
    // Black's only move is Kb8, then Qe8 mates: the score says so.
    let r = best(&e, "k7/8/1K6/8/8/8/8/4Q3 b - - 0 1", depth(4));
    assert_eq!(r.score, Score::Mate(-1), "{:?}", r);
    // No legal move: no best move.
    let r = best(&e, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", depth(3));
    assert_eq!(r.best, None);
}

#[test]
fn every_bundled_variant_gets_a_legal_move_with_threads() {
    for name in tests_support::bundled_variant_names() {
        let variant = Arc::new(Variant::load(&name).unwrap());
        let mut e = Engine::new(variant.clone());
        e.set_threads(2);
        let start = variant.start_position();
        let limits = Limits {
            nodes: Some(4000),
            ..Limits::default()
        };
        let r = e.search(&start, &[], &limits, &Control::new(), &mut |_| {});
        let mv = r.best.unwrap_or_else(|| panic!("{name}: no move"));
        assert!(variant.legal_moves(&start).contains(&mv), "{name}: illegal {mv:?}");
        assert!(r.nodes >= 4000 && r.nodes < 4000 + 3 * 256, "{name}: {} nodes", r.nodes);
    }
}

#[test]
fn a_stopped_search_still_answers() {
    let e = engine("chess");
    let control = Control::new();
    control.stop();
    let start = e.variant().start_position();
    let r = e.search(&start, &[], &Limits::default(), &control, &mut |_| {});
    assert!(e.variant().legal_moves(&start).contains(&r.best.unwrap()));
}

#[test]
fn repetition_is_a_draw_in_search() {
    let e = engine("chess");
    // White is a queen down but can repeat: with the history saying the
    // position after Qh6+ Kg8 occurred, a perpetual scores 0.
    let start = fen::parse(e.variant(), "6k1/5p1p/8/8/8/8/5PPP/6K1 w - - 0 1").unwrap();
    let r = e.search(&start, &[], &depth(4), &Control::new(), &mut |_| {});
    assert!(
        matches!(r.score, Score::Centipawns(cp) if cp.abs() < 200),
        "{:?}",
        r.score
    );
    // The same position seen twice before: the root's children that
    // return to it are draws; the search still answers with a legal move.
    let key = e.key(&start);
    let r = e.search(&start, &[key, 0, key, 0], &depth(3), &Control::new(), &mut |_| {});
    assert!(r.best.is_some());
}

#[test]
fn deeper_iterations_report_info() {
    let e = engine("chess");
    let start = e.variant().start_position();
    let mut depths = Vec::new();
    let r = e.search(&start, &[], &depth(4), &Control::new(), &mut |i| depths.push(i.depth));
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.depth, 4);
    assert!(!r.pv.is_empty());
}

/// Repetition is seen whatever the move-rule clock says: in chess the
/// clock is part of the table's key all along (the limit is 100 plies),
/// but a position that occurred four plies ago with a smaller clock still
/// repeats.
#[test]
fn a_repetition_with_a_later_clock_is_a_draw() {
    let e = engine("chess");
    let v = e.variant().clone();
    let line = [
        "7k/8/8/8/8/8/Q7/K7 w - - 10 40",
        "7k/8/8/8/8/8/1Q6/K7 b - - 11 40",
        "6k1/8/8/8/8/8/1Q6/K7 w - - 12 41",
        "6k1/8/8/8/8/8/Q7/K7 b - - 13 41",
    ];
    let history: Vec<u64> = line.iter().map(|f| e.key(&fen::parse(&v, f).unwrap())).collect();
    let root = fen::parse(&v, "7k/8/8/8/8/8/Q7/K7 w - - 14 42").unwrap();
    let back = crate::notation::uci::parse(&v, &root, "a2b2").unwrap();
    let limits = Limits {
        depth: Some(3),
        search_moves: vec![back],
        ..Limits::default()
    };
    // Without the game before it, a queen up; with it, a2b2 repeats.
    let fresh = e.search(&root, &[], &limits, &Control::new(), &mut |_| {});
    assert!(
        matches!(fresh.score, Score::Centipawns(cp) if cp > 500),
        "{:?}",
        fresh.score
    );
    e.clear();
    let seen = e.search(&root, &history, &limits, &Control::new(), &mut |_| {});
    assert_eq!(seen.score, Score::Centipawns(0));
    assert_eq!(seen.best, Some(back));
    // Free to choose, the engine avoids the draw.
    e.clear();
    let free = e.search(&root, &history, &depth(3), &Control::new(), &mut |_| {});
    assert_ne!(free.best, Some(back));
    assert!(matches!(free.score, Score::Centipawns(cp) if cp > 500) || matches!(free.score, Score::Mate(n) if n > 0));
}

#[test]
fn a_search_finds_a_legal_move() {
    use crate::search::{Control, Engine, Limits};
    use std::sync::Arc;
    let chess = Arc::new(Variant::load("chess").unwrap());
    let engine = Engine::new(chess.clone());
    let start = chess.start_position();
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let result = engine.search(&start, &[], &limits, &Control::new(), &mut |_| {});
    assert!(chess.legal_moves(&start).contains(&result.best.unwrap()));
}
