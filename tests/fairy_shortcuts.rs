//! The legality shortcuts of the fairy mechanisms, checked against the
//! definition on random games of the bundled conditions (variants/fairy/):
//! a move whose rules change the mover's side (`recolour(mover)`,
//! `recolour(moved & REGION)`), put a new own piece on its origin
//! (`place(own P, origin)`), leave a hole where it started
//! (`block(vacated)`), an exchange of places (`exchange(target)`), or a
//! move that gives no check under `checks must mate` is judged without
//! being played where the compiled rules allow it, and the longest moves
//! are found by judging the longest first; the legal moves must be exactly the
//! pseudo-legal moves that, played, pass every legality clause
//! ([`Variant::is_legal`], which never takes a shortcut), and perft's last
//! ply must count as many.

use kaboom::{Move, Perft, Position, Variant, fen};

fn fairy(name: &str) -> Variant {
    let path = format!("{}/variants/fairy/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn check_position(variant: &Variant, pos: &Position, legal: &[Move], name: &str) {
    let text = fen::write(variant, pos);
    let mut pseudo = Vec::new();
    variant.generate_pseudo_legal(pos, &mut pseudo);
    let slow: Vec<Move> = pseudo.iter().copied().filter(|m| variant.is_legal(pos, m)).collect();
    assert_eq!(slow.as_slice(), legal, "{name}: {text}");
    assert_eq!(
        Perft::new().count(variant, pos, 1),
        legal.len() as u64,
        "{name}: {text}"
    );
}

/// Random games (seeded), every position checked.
fn random_games(name: &str, games: usize, plies: usize) {
    let variant = fairy(name);
    let mut seed = 0x5eed_u64 ^ name.len() as u64;
    for _game in 0..games {
        let mut pos = variant.start_position();
        for _ply in 0..plies {
            let legal = variant.legal_moves(&pos);
            check_position(&variant, &pos, &legal, name);
            if legal.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pos.make(&variant, legal[(seed >> 33) as usize % legal.len()]);
        }
    }
}

/// A mover that changes side after a quiet move may check its own king.
#[test]
fn a_mover_that_changes_side_is_judged_as_the_definition_says() {
    random_games("anti-andernach", 8, 80);
}

/// A mover that changes side when it changes square colour, once.
#[test]
fn a_mover_that_changes_side_once_is_judged_as_the_definition_says() {
    random_games("volage", 8, 80);
}

/// A new own pawn on the origin only blocks lines.
#[test]
fn a_piece_left_behind_is_judged_as_the_definition_says() {
    random_games("sentinelles", 8, 80);
}

/// Exchanges of places, kings' included.
#[test]
fn exchanges_are_judged_as_the_definition_says() {
    random_games("messigny", 8, 60);
    random_games("messigny-rex-exclusive", 8, 60);
}

/// A knight that turns black on its quiet move may not land where it
/// checks its own king: Ng1-f3 leaves a black knight a leap from e1.
#[test]
fn a_quiet_move_that_turns_a_knight_against_its_king_is_illegal() {
    let v = fairy("anti-andernach");
    let pos = fen::parse(&v, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
    let legal: Vec<String> = v.legal_moves(&pos).iter().map(|m| kaboom::uci::write(&v, m)).collect();
    assert!(!legal.contains(&"g1f3".to_string()), "{legal:?}");
    assert!(legal.contains(&"g1h3".to_string()), "{legal:?}");
}

/// A move leaves a hole on its origin: a hole only blocks lines, so the
/// plain move's legality stands (a king stepping along a rook's line may
/// even be legal, its old square now a hole: that move is played).
#[test]
fn a_hole_left_behind_is_judged_as_the_definition_says() {
    random_games("haaner", 8, 80);
}

/// A piece that arrives on a region's square changes side.
#[test]
fn a_mover_that_changes_side_on_a_region_is_judged_as_the_definition_says() {
    random_games("magic-squares", 8, 80);
}

/// A move that gives no check passes `checks must mate` unplayed; a
/// check is played and judged by the replies.
#[test]
fn checks_that_must_mate_are_judged_as_the_definition_says() {
    random_games("checkless", 8, 80);
}

/// The longest moves are judged first, length by length; the side that
/// is not bound is counted as chess is.
#[test]
fn longest_moves_are_found_as_the_definition_says() {
    random_games("black-maximummer", 8, 80);
    random_games("white-maximummer", 8, 80);
}

/// A king next to a rook's line may step along it once its old square is
/// a hole: Ke1-d1 with a black rook on h1 is legal in Haaner chess (the
/// hole on e1 shields d1), though not in chess.
#[test]
fn a_king_shielded_by_its_own_hole_may_step_along_a_line() {
    let v = fairy("haaner");
    let pos = fen::parse(&v, "4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
    let legal: Vec<String> = v.legal_moves(&pos).iter().map(|m| kaboom::uci::write(&v, m)).collect();
    assert!(legal.contains(&"e1d1".to_string()), "{legal:?}");
    assert!(!legal.contains(&"e1f1".to_string()), "{legal:?}");
}

/// An exchange that brings an enemy knight where it checks the own king
/// is illegal; one that brings it where it reaches no royal is legal
/// (judged without an attack test).
#[test]
fn an_exchange_that_brings_a_checking_piece_is_illegal() {
    let v = fairy("messigny");
    let pos = fen::parse(&v, "4k2n/8/8/8/8/N4N2/8/4K3 w - - 0 1").unwrap();
    let legal = v.legal_moves(&pos);
    let exchanges = |from: &str| {
        let prefix = format!("{from}h8");
        legal
            .iter()
            .filter(|m| kaboom::uci::write(&v, m).starts_with(&prefix))
            .count()
    };
    assert_eq!(exchanges("f3"), 0, "the black knight would check from f3");
    assert_eq!(exchanges("a3"), 1, "the black knight reaches no royal from a3");
    check_position(&v, &pos, &legal, "messigny");
}

/// Rules that only change kinds keep the plain move's legality: the moves
/// of free pieces are counted at perft's last ply without being listed.
#[test]
fn kind_changes_are_counted_as_the_definition_says() {
    random_games("einstein", 6, 80);
    random_games("reversal-einstein", 6, 80);
    random_games("chameleon", 6, 80);
}
