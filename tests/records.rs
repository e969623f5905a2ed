//! Every move kaboom writes names one move and reads back: over seeded
//! random games of every bundled variant, in every position visited, each
//! legal move's algebraic notation (SAN) reads back, through both SAN
//! readers (`play`'s and `replay`'s), to that very move, its coordinates
//! likewise, and no two legal moves share a SAN (`check_position` says
//! how the run stays short).

use kaboom::{Game, MoveKind, Position, Variant, fen, san, uci};
use rand::{RngExt as _, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Checks every legal move of `pos`; returns how many there were. Both
/// SAN readers compare the text with every legal move's SAN, so the SANs
/// being distinct (as each reader compares them) is what makes every one
/// read back; the readers themselves run on every move with carried
/// pieces or choices, every action, castling and drop, and on `sample`
/// others (each reading writes every move again: keeps the run short).
fn check_position(name: &str, variant: &Variant, pos: &Position, rng: &mut ChaCha8Rng, sample: usize) -> usize {
    let written = san::legal_moves(variant, pos);
    let at = || format!("{name}: {}", fen::write(variant, pos));
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut seen_normalized: HashMap<String, String> = HashMap::new();
    for (mv, text) in &written {
        let coords = uci::write(variant, mv);
        if let Some(other) = seen.insert(san::strip(text).to_string(), coords.clone()) {
            panic!("{}: `{text}` names both {other} and {coords}", at());
        }
        if let Some(other) = seen_normalized.insert(san::normalize(text), coords.clone()) {
            panic!("{}: `{text}` reads as both {other} and {coords}", at());
        }
        let back = uci::parse(variant, pos, &coords).unwrap_or_else(|e| panic!("{}: {coords}: {e}", at()));
        assert_eq!(back, *mv, "{}: {coords} reads as {}", at(), uci::write(variant, &back));
    }
    for (mv, text) in &written {
        let special =
            !mv.choices.is_empty() || mv.promotion.is_some() || !matches!(mv.kind, MoveKind::Quiet | MoveKind::Capture);
        if !special && rng.random_range(0..written.len()) >= sample {
            continue;
        }
        let coords = uci::write(variant, mv);
        let read = san::parse(variant, pos, text).unwrap_or_else(|e| panic!("{}: {coords} as `{text}`: {e}", at()));
        assert_eq!(read, *mv, "{}: `{text}` reads as {}", at(), uci::write(variant, &read));
        let found = san::find(variant, pos, text).unwrap_or_else(|e| panic!("{}: {coords} as `{text}`: {e}", at()));
        assert_eq!(found, *mv, "{}: `{text}` finds {}", at(), uci::write(variant, &found));
    }
    written.len()
}

/// Plays a seeded random game of at most `plies` moves, checking every
/// position on the way; returns the number of moves checked.
fn check_game(name: &str, variant: &Variant, seed: u64, plies: usize) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(variant, variant.start_position());
    let mut checked = 0;
    for _ in 0..plies {
        let pos = game.position().clone();
        checked += check_position(name, variant, &pos, &mut rng, 2);
        if game.ending().is_some() {
            break;
        }
        let moves = variant.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        // Prefer castling and other moves with carried pieces or choices
        // now and then, so random games reach them.
        let special: Vec<_> = moves
            .iter()
            .filter(|m| matches!(m.kind, MoveKind::Castle(_)) || !m.choices.is_empty())
            .collect();
        let mv = if !special.is_empty() && rng.random_bool(0.5) {
            *special[rng.random_range(0..special.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        game.play(mv);
    }
    checked
}

/// The bundled variants from every `step`-th one starting at `first`
/// (two tests share them, so they run in parallel).
fn check_bundled(first: usize, step: usize) -> usize {
    let mut total = 0;
    for name in kaboom::bundled_names().into_iter().skip(first).step_by(step) {
        let variant = Variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        total += check_game(name, &variant, 1, 16);
    }
    total
}

#[test]
fn every_written_move_reads_back_in_half_the_bundled_variants() {
    let total = check_bundled(0, 2);
    assert!(total > 1_000, "only {total} moves checked");
}

#[test]
fn every_written_move_reads_back_in_the_other_half_and_random_setups() {
    let mut total = check_bundled(1, 2);
    // Random setups: other seeds put the castling pieces elsewhere.
    for seed in [5, 67, 1234] {
        let variant = Variant::load_seeded("capatomic-random", Some(seed)).unwrap();
        total += check_game("capatomic-random", &variant, seed, 24);
    }
    assert!(total > 1_000, "only {total} moves checked");
}

/// Castling with none, one or both missiles: six moves, six records, each
/// reading back (it was `O-O` three times and `O-O-O` three times).
#[test]
fn castling_with_carried_pieces_names_them() {
    let mut variant = Variant::load_seeded("capatomic-random", Some(67)).unwrap();
    let pos = fen::parse_fitting(
        &mut variant,
        "10/r4k3r/10/10/10/10/10/10/R4K3R/4M1M3 w KQkq - 0 1 unmoved=e1,g1",
    )
    .unwrap();
    check_position(
        "capatomic-random",
        &variant,
        &pos,
        &mut ChaCha8Rng::seed_from_u64(0),
        usize::MAX,
    );
    let records: Vec<String> = ["f2i2", "f2i2+g1", "f2i2+e1+g1", "f2c2", "f2c2+e1", "f2c2+e1+g1"]
        .iter()
        .map(|c| san::write_move(&variant, &pos, &uci::parse(&variant, &pos, c).unwrap()))
        .collect();
    assert_eq!(
        records,
        [
            "O-O",
            "O-O, Mj1",
            "O-O, Mh1, Mj1",
            "O-O-O",
            "O-O-O, Mb1",
            "O-O-O, Mb1, Md1"
        ]
    );
    // Read with `0` for `O`, without spaces, with a check mark.
    let read = |t: &str| uci::write(&variant, &san::parse(&variant, &pos, t).unwrap());
    assert_eq!(read("0-0,Mh1,Mj1"), "f2i2+e1+g1");
    assert_eq!(read("O-O, Mj1+"), "f2i2+g1");
    assert_eq!(read("0-0"), "f2i2");
}
