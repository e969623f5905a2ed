//! Shields raised by an effect for some moves: `shield(S against remove
//! for 2 moves)` protects the squares of S (fixed when it is raised)
//! during the next two moves, then falls; the FEN carries the shields in
//! force (`shields=2:remove:d1+e1`), and they are part of a position.

use kaboom::{Game, Variant};
use kaboom::{fen, uci};

fn barrier() -> Variant {
    Variant::load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/valid/barrier.ron")).unwrap()
}

/// White's king on e1 next to its pawn on d2, which a Black bishop on a5
/// may take: the explosion reaches e1 unless a barrier stands.
const START: &str = "4k3/8/8/b7/8/8/3PPP2/4K3 w - - 0 1";

fn play(v: &Variant, line: &[&str]) -> Game<'static> {
    let v: &'static Variant = Box::leak(Box::new(v.clone()));
    let mut game = Game::new(v, fen::parse(v, START).unwrap());
    for m in line {
        let mv = uci::parse(v, game.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv);
    }
    game
}

fn white_king_stands(game: &Game<'_>) -> bool {
    !game.position().royals_of(kaboom::Color::White).is_empty()
}

#[test]
fn a_barrier_keeps_the_king_through_the_next_moves() {
    let v = barrier();
    // Without it, the capture on d2 blows the king away.
    assert!(!white_king_stands(&play(&v, &["f2f3", "a5d2"])));
    // Raised, it stands through Black's move.
    let game = play(&v, &["e1e1@barrier"]);
    assert_eq!(
        fen::write(&v, game.position()),
        "4k3/8/8/b7/8/8/3PPP2/4K3 b - - 1 1 used=w:barrier shields=2:remove:d1+e1+f1+d2+e2+f2"
    );
    assert!(white_king_stands(&play(&v, &["e1e1@barrier", "a5d2"])));
}

#[test]
fn a_barrier_falls_after_its_moves() {
    let v = barrier();
    let game = play(&v, &["e1e1@barrier", "e8d8"]);
    assert!(fen::write(&v, game.position()).ends_with(" shields=1:remove:d1+e1+f1+d2+e2+f2"));
    let game = play(&v, &["e1e1@barrier", "e8d8", "f2f3"]);
    assert!(
        !fen::write(&v, game.position()).contains("shields="),
        "fallen after two moves"
    );
    assert!(!white_king_stands(&play(&v, &["e1e1@barrier", "e8d8", "f2f3", "a5d2"])));
}

#[test]
fn shields_in_a_fen_read_back_and_make_a_different_position() {
    let v = barrier();
    let text = "4k3/8/8/b7/8/8/3PPP2/4K3 b - - 1 1 used=w:barrier shields=2:remove:d1+e1+f1+d2+e2+f2";
    let pos = fen::parse(&v, text).unwrap();
    assert_eq!(fen::write(&v, &pos), text);
    let bare = fen::parse(&v, "4k3/8/8/b7/8/8/3PPP2/4K3 b - - 1 1 used=w:barrier").unwrap();
    assert_ne!(pos, bare);
    // Read from the FEN, the barrier holds as when raised by the move.
    let mut game = Game::new(&v, pos);
    game.play(uci::parse(&v, game.position(), "a5d2").unwrap());
    assert!(white_king_stands(&game));
}

#[test]
fn a_bad_shields_field_says_what_is_wrong() {
    let v = barrier();
    let base = "4k3/8/8/b7/8/8/3PPP2/4K3 b - - 1 1";
    for (field, says) in [
        ("shields=0:remove:e1", "is not a number of moves"),
        ("shields=2:explode:e1", "`explode` is not an effect a shield stops"),
        ("shields=2:remove:z9", "`z9` is not a square"),
        ("shields=2:remove", "is not a shield"),
        (
            "shields=1:remove:a1,1:remove:a2,1:remove:a3,1:remove:a4,1:remove:a5",
            "at most 4",
        ),
    ] {
        let err = fen::parse(&v, &format!("{base} {field}")).unwrap_err();
        assert!(err.message.contains(says), "{field}: {}", err.message);
    }
    let chess = Variant::load("chess").unwrap();
    let err = fen::parse(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 shields=2:remove:e1").unwrap_err();
    assert!(err.message.contains("raise no shield"), "{}", err.message);
}

#[test]
fn a_shield_for_no_moves_is_refused() {
    let text = r#"(extends: "atomic", name: "t", rules: ["after move: shield(origin against remove for 0 moves)"])"#;
    let err = Variant::from_text("t.ron", text).unwrap_err().to_string();
    assert!(err.contains("a shield for 0 moves protects nothing"), "{err}");
}
