//! Placement games: royal pieces held in hand (`hold_royal`), drops split
//! over the square colours (`split_colours`), castling rights gained by a
//! drop (`by_drop`), and the diagnostics for their misuse.

use kaboom::{MoveKind, Perft, Variant};
use kaboom::{fen, uci};

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/placement.ron");

fn placement() -> Variant {
    Variant::load(EXAMPLE).unwrap_or_else(|e| panic!("{e}"))
}

/// The FEN after playing the UCI moves `moves` from the FEN `text`.
fn play(v: &Variant, text: &str, moves: &[&str]) -> String {
    let mut pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    for m in moves {
        let mv = uci::parse(v, &pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(v, mv);
    }
    fen::write(v, &pos)
}

/// The legal moves of a FEN, sorted, in UCI.
fn moves(v: &Variant, text: &str) -> Vec<String> {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    moves.sort();
    moves
}

fn load_err(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => String::new(),
        Err(e) => format!("{e:?}"),
    }
}

/// Fairy-Stockfish's built-in `placement` counts these from its start.
#[test]
fn the_start_counts_as_fairy_stockfish_does() {
    let v = placement();
    let start = v.start_position();
    assert_eq!(
        fen::write(&v, &start),
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"
    );
    let counts: Vec<u64> = (1..=3).map(|d| Perft::new().count(&v, &start, d)).collect();
    assert_eq!(counts, [40, 1600, 50560]);
}

/// The king comes from the hand like any piece, and is judged where it
/// lands: not on a square the other side attacks.
#[test]
fn a_king_in_hand_is_dropped_but_not_into_check() {
    let v = placement();
    let drops = moves(&v, "4k3/8/8/8/8/8/3r4/8[K] w - - 0 1");
    assert_eq!(drops, ["K@a1", "K@b1", "K@c1", "K@e1", "K@f1", "K@g1", "K@h1"]);
    assert!(
        v.legal_moves(&fen::parse(&v, "4k3/8/8/8/8/8/3r4/8[K] w - - 0 1").unwrap())
            .iter()
            .all(|m| matches!(m.kind, MoveKind::Drop(_)))
    );
}

/// A second bishop goes on the other colour, and another piece may not
/// take the last square of the colour the bishop in hand still needs.
#[test]
fn bishops_are_dropped_split_over_the_colours() {
    let v = placement();
    // A bishop on c1 (dark): the other goes on b1, d1, f1 or h1.
    let text = "8/pppppppp/8/8/8/8/PPPPPPPP/2B5[B] w - - 0 1";
    assert_eq!(moves(&v, text), ["B@b1", "B@d1", "B@f1", "B@h1"]);
    // g1 (dark) and h1 (light) left, a rook and a bishop in hand: the
    // bishop needs h1, so the rook goes on g1.
    let text = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKN2[RB] w - - 0 1";
    assert_eq!(moves(&v, text), ["B@h1", "R@g1"]);
}

/// The right comes with the second of the king and a corner rook dropped
/// on their squares, whichever comes first; it is written in the FEN.
#[test]
fn castling_rights_come_with_the_dropped_king_and_rook() {
    let v = placement();
    let start = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let after = play(&v, start, &["R@h1", "R@h8", "K@e1"]);
    assert_eq!(after, "7r/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNkqrbbnn] b K - 0 2");
    let after = play(&v, start, &["K@e1", "K@e8", "R@a1", "R@a8"]);
    assert!(after.ends_with(" w Qq - 0 3"), "{after}");
    // A king off its square gains nothing.
    let after = play(&v, start, &["R@h1", "R@h8", "K@d1"]);
    assert!(after.contains(" b - "), "{after}");
    // Once all are placed, castling is played as in chess.
    let placed = play(
        &v,
        start,
        &[
            "K@e1", "K@e8", "R@h1", "R@h8", "R@a1", "R@a8", "Q@d1", "Q@d8", "B@c1", "B@c8", "B@f1", "B@f8", "N@b1",
            "N@b8", "N@g1", "N@g8", "g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7",
        ],
    );
    assert_eq!(
        placed,
        "rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQK2R[] w KQkq - 2 12"
    );
    assert!(moves(&v, &placed).contains(&"e1g1".to_string()));
    let pos = fen::parse(&v, &placed).unwrap();
    assert_eq!(Perft::new().count(&v, &pos, 3), 24952);
}

#[test]
fn misused_placement_options_are_clear_errors() {
    let no_royal = r#"(name: "t", board: (files: 4, ranks: 4), pieces: [(letter: 'N', name: "knight", moves: "N")],
        start: "4/4/4/4[Nn] w - - 0 1", drops: (hold_royal: true), legal: [], end: ["stalemate: draw"])"#;
    assert!(
        load_err(no_royal).contains("this variant has no royal piece"),
        "{}",
        load_err(no_royal)
    );
    for (split, expected) in [
        ("X", "`split_colours`: `X` is not a piece letter"),
        ("BB", "`split_colours`: `B` is given twice"),
        (
            "K",
            "`K` is royal, and royal pieces are not held in hand without `hold_royal: true`",
        ),
        ("", "`split_colours` is empty"),
    ] {
        let text = format!(r#"(extends: "crazyhouse", name: "t", drops: (split_colours: "{split}"))"#);
        assert!(load_err(&text).contains(expected), "{split}: {}", load_err(&text));
    }
    let missing = r#"(extends: "crazyhouse", name: "t", castling: [
        (fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", by_drop: true)])"#;
    assert!(
        load_err(missing).contains("castling `K` is gained `by_drop`, so it needs `king_piece`, `rook_piece`"),
        "{}",
        load_err(missing)
    );
    let no_drops = r#"(extends: "chess", name: "t", castling: [
        (fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", king_piece: 'K', rook_piece: 'R', by_drop: true)])"#;
    assert!(
        load_err(no_drops).contains("castling `K` is gained `by_drop`, but this variant has no drops"),
        "{}",
        load_err(no_drops)
    );
    let unknown = r#"(extends: "crazyhouse", name: "t", castling: [
        (fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", king_piece: 'K', rook_piece: 'Z', by_drop: true)])"#;
    assert!(
        load_err(unknown).contains("castling `K`: `rook_piece` `Z` is not a piece letter"),
        "{}",
        load_err(unknown)
    );
}
