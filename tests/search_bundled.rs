//! The search on bundled variants through the library: a win by pushing
//! the king off the board, and a repetition seen past a clock reset.

use kaboom::{Control, Engine, Limits, Score, SearchResult, Variant, fen, uci};
use std::sync::Arc;

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
fn a_win_by_capturing_the_king_is_a_win() {
    // Kaboom Chess: no check; a king pushed off the board loses. The rook
    // bumps the king on h8 off the board along the file? Use a king next to
    // the edge with a rook lined up to push it off: Re1 bumps Ke8 to e9.
    let e = engine("kaboom");
    let r = best(&e, "4k3/8/8/8/8/8/8/4R2K w - - 0 1", depth(2));
    assert!(
        matches!(r.score, Score::Mate(1)),
        "{:?} {}",
        r,
        uci::write(e.variant(), &r.best.unwrap())
    );
}

/// Where a pawn's step can be undone, a repetition reaches past the last
/// reset of the move-rule clock, as the game counts it. In Anti-Andernach a
/// quiet move hands the piece over: Black's e4e3 gives White a pawn whose
/// only move, e3e4, gives it back, and the position repeats though both
/// steps reset the clock. From a game against the random mover (White's
/// lone king cannot move): the old search looked back only to the clock's
/// reset, scored g4g3 (g3g4 forced, the position's third time) at +52
/// pawns, played it, and the game ended in a threefold repetition.
#[test]
fn a_repetition_behind_a_clock_reset_is_seen() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/fairy/anti-andernach.ron");
    let v = Arc::new(Variant::load(path).unwrap());
    let e = Engine::new(v.clone());
    let line = "h2h4 d7d5 c2c4 d8d5 h1h4 e8d8 g1h3 h3f2 e2e4 f2d1 b2b3 b3a2 d2d3 a2b1q a1a7 a8a7 h4h7 h8h7 \
                c1a3 d8e8 f1d3 d5d3 g2g4 b7b5 b5b6 e4e3 e3e4";
    let mut pos = v.start_position();
    let mut history = Vec::new();
    for text in line.split_whitespace() {
        history.push(e.key(&pos));
        let mv = uci::parse(&v, &pos, text).unwrap();
        pos.make(&v, mv);
    }
    let back = uci::parse(&v, &pos, "g4g3").unwrap();
    let limits = Limits {
        nodes: Some(10_000),
        search_moves: vec![back],
        ..Limits::default()
    };
    let r = e.search(&pos, &history, &limits, &Control::new(), &mut |_| {});
    assert_eq!(r.score, Score::Centipawns(0));
    // Free to choose, the engine keeps its lead.
    e.clear();
    let limits = Limits {
        nodes: Some(10_000),
        ..Limits::default()
    };
    let r = e.search(&pos, &history, &limits, &Control::new(), &mut |_| {});
    assert!(matches!(r.score, Score::Centipawns(cp) if cp > 5000), "{:?}", r.score);
}

#[test]
fn taking_both_kings_is_nearly_a_loss_for_the_side_that_does_it() {
    // Kaboom Chess: the queen's nova on d4 removes both kings on the d
    // file, and both sides lose (0-0). Brought about by the side the
    // search plays, it scores worse than any evaluation (it scored 0, a
    // draw, and a side that saw no better line took both kings), though
    // short of a loss the search proves (src/search/draws.rs).
    let e = engine("kaboom");
    let fen_text = "3k4/8/8/8/3Q4/8/3K4/8 w - - 0 1";
    let pos = fen::parse(e.variant(), fen_text).unwrap();
    let nova = uci::parse(e.variant(), &pos, "d4d4@nova").unwrap();
    let limits = Limits {
        search_moves: vec![nova],
        ..depth(2)
    };
    match best(&e, fen_text, limits).score {
        Score::Centipawns(cp) => assert!(cp < -20_000, "{cp}"),
        s => panic!("{s:?}"),
    }
}
