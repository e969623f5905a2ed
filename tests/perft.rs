//! Perft suites: every `tests/perft/<variant>*.perft` file is data in the
//! shakmaty layout (`id`, `epd`, `perft DEPTH NODES` lines) and one generic
//! runner checks each count against kaboom.

use kaboom::{Perft, Variant};

#[allow(dead_code)]
#[path = "common/perft_data.rs"]
mod perft_data;

/// Runs every case of `file` in `variant`, reporting all mismatches at once.
///
/// In CI a test counts at most [`perft_data::TEST_BUDGET`] nodes, the
/// cheapest counts first ([`perft_data::plan`]): every position is read and
/// checked one move on, and counted at the depths that fit. The deep counts
/// left out (five of the seven of `chess-deep.perft`, the deepest of
/// `duck.perft`, `chess.perft`, `racing-kings.perft`, `shogi.perft`) are
/// counted by `KABOOM_PERFT_FULL=1` (`scripts/perft-full.sh`).
fn run_suite(name: &str, file: &str) {
    let mut perft = Perft::new();
    let mut failures = Vec::new();
    let cases = perft_data::read(&perft_data::path(file));
    assert!(!cases.is_empty(), "{file} has no cases");
    let plan = perft_data::plan(&cases, perft_data::TEST_BUDGET);
    for (i, case) in cases.iter().enumerate() {
        // The castling squares come from the FEN: `seed` is not needed for
        // a random setup's positions, and Chess960 FENs read.
        let mut variant = Variant::load_seeded(name, case.seed).unwrap_or_else(|e| panic!("{e}"));
        let pos = kaboom::fen::parse_fitting(&mut variant, &case.fen)
            .unwrap_or_else(|e| panic!("{}: bad FEN {}: {e}", case.id, case.fen));
        // The last ply is counted without listing every move: the count
        // equals the list, here and one move on.
        for (mv, below) in perft.divide(&variant, &pos, 2) {
            let mut child = pos.clone();
            child.make(&variant, mv);
            let listed = variant.legal_moves(&child).len() as u64;
            if below != listed {
                failures.push(format!("{} after {mv:?}: counted {below}, listed {listed}", case.id));
            }
        }
        for (depth, expected) in plan.of(i) {
            let got = perft.count(&variant, &pos, depth);
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got} ({})",
                    case.id, case.fen
                ));
            }
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
}

#[test]
fn chess() {
    run_suite("chess", "chess.perft");
}

#[test]
fn chess_deep() {
    run_suite("chess", "chess-deep.perft");
}

#[test]
fn capablanca() {
    run_suite("capablanca", "capablanca.perft");
}

/// The published atomic counts are lichess's rules: `atomic-lichess`.
#[test]
fn atomic_lichess() {
    run_suite("atomic-lichess", "atomic.perft");
}

/// Seed 001's atomic gives the same counts on the published suite: no blast
/// there can reach both kings within its depths (docs/variants/atomic.md).
#[test]
fn atomic() {
    run_suite("atomic", "atomic.perft");
}

#[test]
fn atomic_lichess_kings_close() {
    run_suite("atomic-lichess", "atomic-kings-close.perft");
}

/// Where a capture can explode both kings, seed 001's atomic counts more.
#[test]
fn atomic_both_kings() {
    run_suite("atomic", "atomic-both-kings.perft");
}

#[test]
fn kaboom() {
    run_suite("kaboom", "kaboom.perft");
}

#[test]
fn bouncing_pieces() {
    run_suite("bouncing-pieces", "bouncing-pieces.perft");
}

#[test]
fn tilting_the_balance() {
    run_suite("tilting-the-balance", "tilting-the-balance.perft");
}

#[test]
fn overlapping_moves() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/overlapping-moves.ron"
    );
    run_suite(fixture, "overlapping-moves.perft");
}

#[test]
fn atomic960() {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/valid/atomic960.ron");
    run_suite(fixture, "atomic960.perft");
}

#[test]
fn capatomic_random() {
    run_suite("capatomic-random", "capatomic-random.perft");
}

#[test]
fn hoppers() {
    // Cannons and grasshoppers (Betza `p`, `g`), against Fairy-Stockfish.
    run_suite("tests/fixtures/valid/hoppers.ron", "hoppers.perft");
}

#[test]
fn horde() {
    // No royal for White, extinction loses, first-rank double steps
    // without en passant.
    run_suite("horde", "horde.perft");
}

#[test]
fn crazyhouse() {
    // Drops, captures to hand, promoted pieces demoted when captured.
    run_suite("crazyhouse", "crazyhouse.perft");
}

#[test]
fn antichess() {
    // Compulsory captures, a non-royal king, extinction and stalemate wins.
    run_suite("antichess", "antichess.perft");
}

#[test]
fn three_check() {
    // Checks counted per side and carried by the FEN (`3+3`); the third wins.
    run_suite("three-check", "three-check.perft");
}

#[test]
fn five_check() {
    // The same construct with a limit of five: the FEN's field counts from 5.
    run_suite("five-check", "five-check.perft");
}

#[test]
fn racing_kings() {
    // No checks (`not attacked(enemy royal)`), a goal on White's 8th rank
    // for both sides (`white ranks(8)`), and Black's one more move after
    // White's king arrives (`can reach`): a draw if it follows.
    run_suite("racing-kings", "racing-kings.perft");
}

#[test]
fn grand() {
    // 10x10; promotion optional on ranks 8 and 9, compulsory on 10, and
    // only to a kind the side has fewer of than its limit.
    run_suite("grand", "grand.perft");
}

#[test]
fn xiangqi() {
    // Regions: the palace and the own half confine pieces (`within`),
    // soldiers gain sideways steps across the river (`moves_in`); the
    // flying general is a `not` legality clause.
    run_suite("xiangqi", "xiangqi.perft");
}

#[test]
fn janggi() {
    // Moves added along the palace lines (`moves_along`), a cannon that may
    // not hop over or capture cannons (`cannot_hop`, `cannot_capture`),
    // passing (`pass: true`) and the end after two passes (`passes`).
    run_suite("janggi", "janggi.perft");
}

#[test]
fn duck() {
    // A chosen block that moves the wall (`block(chosen empty, unblocking
    // blocked)`) after every move; no check, the king may be captured.
    run_suite("duck", "duck.perft");
}

#[test]
fn shogi() {
    // Promoted forms (`+P`), a promotion rule per piece with promotion on
    // moves that leave the zone, drops with zones (nifu), and mate by a
    // pawn drop counted as a move (it loses: an end rule).
    run_suite("shogi", "shogi.perft");
}
