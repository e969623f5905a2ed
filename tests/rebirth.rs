//! Placement (`place(WHO, WHERE, ...)`, docs/effects.md, Placement):
//! hand-checked positions for each part (who appears, where, what happens
//! on a taken square, royal pieces, promotion), the castling rights a
//! placement gives back, the attacks it changes, and a located error for
//! each misuse.

use kaboom::{Variant, fen, uci};

/// Orthodox chess with `rules` (and more fields) added.
fn variant(fields: &str) -> Variant {
    let text = format!("(extends: \"chess\", name: \"Placement test\", {fields})");
    Variant::from_text("placement-test.ron", &text).unwrap_or_else(|e| panic!("{fields}: {e}"))
}

fn rule(rule: &str) -> Variant {
    variant(&format!("rules: [\"{rule}\"]"))
}

/// The FEN after `moves` from `text`, each checked legal.
fn after(v: &Variant, text: &str, moves: &[&str]) -> String {
    let mut pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    for m in moves {
        let mv = uci::parse(v, &pos, m).unwrap_or_else(|e| panic!("{m} in {text}: {e}"));
        pos.try_make(v, mv)
            .unwrap_or_else(|_| panic!("{m} is illegal in {text}"));
    }
    fen::write(v, &pos)
}

fn legal(v: &Variant, text: &str) -> Vec<String> {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(v, m)).collect();
    moves.sort();
    moves
}

fn board(fen: &str) -> &str {
    fen.split(' ').next().unwrap()
}

// ---------------------------------------------------------------- where

#[test]
fn home_is_the_game_array_square_of_the_capture_squares_colour() {
    let circe = rule("on capture: place(captured, home)");
    // h6 is dark: the black knight goes to b8 (dark), not g8.
    let fen = after(&circe, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "1n2k3/8/7R/8/8/8/8/4K3");
    // h5 is light: g8.
    let fen = after(&circe, "4k3/8/8/7n/8/8/8/4K2R w - - 0 1", &["h1h5"]);
    assert_eq!(board(&fen), "4k1n1/8/8/7R/8/8/8/4K3");
    // A pawn goes to its second rank on the capture file.
    let fen = after(&circe, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", &["e4d5"]);
    assert_eq!(board(&fen), "4k3/3p4/8/3P4/8/8/8/4K3");
    // The queen to its one square.
    let fen = after(&circe, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", &["d1d5"]);
    assert_eq!(board(&fen), "3qk3/8/8/3R4/8/8/8/4K3");
}

#[test]
fn mirror_home_is_the_other_sides_square() {
    let mirror = rule("on capture: place(captured, mirror home)");
    // A black knight taken on dark h6: White's dark knight square, g1.
    let fen = after(&mirror, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/7R/8/8/8/8/4K1n1");
    // A black pawn on White's pawn rank.
    let fen = after(&mirror, "4k3/8/8/3p4/4P3/8/8/7K w - - 0 1", &["e4d5"]);
    assert_eq!(board(&fen), "4k3/8/8/3P4/8/8/3p4/7K");
    // With White's king on e1 that pawn would give check: the capture is illegal.
    let moves = legal(&mirror, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert!(!moves.contains(&"e4d5".to_string()), "{moves:?}");
}

#[test]
fn home_rank_reflect_shift_capture_and_sets() {
    // File Circe: the capture file, the kind's rank.
    let file = rule("on capture: place(captured, home rank)");
    let fen = after(&file, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k2n/8/7R/8/8/8/8/4K3");
    // Diametral: b8 reflected is g1.
    let diametral = rule("on capture: place(captured, reflect(home))");
    let fen = after(&diametral, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/7R/8/8/8/8/4K1n1");
    // Antipodes: h6 shifted by 4 files and 4 ranks, wrapping, is d2.
    let antipodes = rule("on capture: place(captured, shift(capture, 4, 4))");
    let fen = after(&antipodes, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/7R/8/8/8/3n4/4K3");
    // The capture square of a pawn taken en passant is its own square (d5,
    // antipode h1), not the target (d6, antipode h2).
    let fen = after(&antipodes, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]);
    assert_eq!(board(&fen), "4k3/8/3P4/8/8/8/8/4K2p");
    // PWC: the capturer's origin.
    let pwc = rule("on capture: place(captured, origin)");
    let fen = after(&pwc, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/7R/8/8/8/8/4K2n");
    // A set: its first empty square (a fixed list).
    let list = rule("on capture: place(captured, files(a) & (white ranks(1) + white ranks(2)))");
    let fen = after(&list, "4k3/8/7n/8/8/8/8/R3K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/7R/8/8/8/n7/R3K3");
}

#[test]
fn home_of_mover_is_the_capturers_square() {
    // Couscous: the knight taken by a rook from h1 on dark h6 goes to the
    // rook's dark square of White's array: a1.
    let couscous = rule("on capture: place(captured, home of mover)");
    let fen = after(&couscous, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/7R/8/8/8/8/n3K3");
}

// ---------------------------------------------------------------- who

#[test]
fn the_mover_goes_to_its_own_square_and_stays_on_it() {
    let anti = rule("on capture: place(mover, home, else illegal, including royal)");
    // The rook takes on dark h6 and goes to a1.
    let fen = after(&anti, "4k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/8/8/8/8/8/R3K3");
    // A capture on the rebirth square itself leaves it there (Calvet).
    let fen = after(&anti, "4k3/8/8/8/8/8/4K3/n6R w - - 0 1", &["h1a1"]);
    assert_eq!(board(&fen), "4k3/8/8/8/8/8/4K3/R7");
}

#[test]
fn a_new_piece_appears() {
    let sentinels = rule("after move by not P: place(own P, origin)");
    let fen = after(&sentinels, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", &["g1f3"]);
    assert_eq!(board(&fen), "4k3/8/8/8/8/5N2/8/4K1P1");
}

// ---------------------------------------------------------------- taken squares

#[test]
fn on_a_taken_square_the_piece_vanishes_by_default() {
    let circe = rule("on capture: place(captured, home)");
    let fen = after(&circe, "1n2k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "1n2k3/8/7R/8/8/8/8/4K3");
    // A moving piece with nowhere to go is removed.
    let anti = rule("on capture: place(mover, home)");
    let fen = after(&anti, "4k3/8/7n/8/8/8/8/N3K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "4k3/8/8/8/8/8/8/N3K3");
}

#[test]
fn else_illegal_refuses_the_move() {
    let anti = rule("on capture: place(mover, home, else illegal)");
    let moves = legal(&anti, "4k3/8/7n/8/8/8/8/N3K2R w - - 0 1");
    assert!(!moves.contains(&"h1h6".to_string()), "{moves:?}");
    assert!(moves.contains(&"h1h5".to_string()), "{moves:?}");
}

#[test]
fn else_remove_removes_the_occupant() {
    let assassin = rule("on capture: place(captured, home, else remove)");
    let fen = after(&assassin, "1b2k3/8/7n/8/8/8/8/4K2R w - - 0 1", &["h1h6"]);
    assert_eq!(board(&fen), "1n2k3/8/7R/8/8/8/8/4K3");
}

// ---------------------------------------------------------------- royal pieces, promotion

#[test]
fn royal_pieces_are_placed_only_when_included() {
    let text = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1";
    let inclusive = variant("rules: [\"on capture: place(mover, home, including royal)\"]");
    assert_eq!(board(&after(&inclusive, text, &["e1e2"])), "4k3/8/8/8/8/8/8/4K3");
    let exclusive = rule("on capture: place(mover, home)");
    assert_eq!(board(&after(&exclusive, text, &["e1e2"])), "4k3/8/8/8/8/8/4K3/8");
}

#[test]
fn a_placed_pawn_promotes_only_with_promote() {
    // PWC: the black rook from d8 takes the pawn on d2; the pawn goes to d8.
    let text = "3r4/7k/8/8/8/8/3P4/4K3 b - - 0 1";
    let plain = rule("on capture: place(captured, origin)");
    assert_eq!(board(&after(&plain, text, &["d8d2"])), "3P4/7k/8/8/8/8/3r4/4K3");
    let promote = rule("on capture: place(captured, origin, promote)");
    assert_eq!(board(&after(&promote, text, &["d8d2"])), "3Q4/7k/8/8/8/8/3r4/4K3");
    // A queen there would check a king on e8: that capture is illegal.
    let moves = legal(&promote, "3rk3/8/8/8/8/8/3P4/4K3 b - - 0 1");
    assert!(!moves.contains(&"d8d2".to_string()), "{moves:?}");
}

// ---------------------------------------------------------------- castling

#[test]
fn a_rook_placed_on_its_corner_regains_its_right() {
    let circe = rule("on capture: place(captured, home)");
    // Black's rook takes the white rook on light h3: it is reborn on h1,
    // and White, holding Q (its king has not moved), regains K.
    let fen = after(&circe, "7r/4k3/8/8/8/7R/8/R3K3 b Q - 0 1", &["h8h3"]);
    assert_eq!(board(&fen), "8/4k3/8/8/8/7r/8/R3K2R");
    assert_eq!(fen.split(' ').nth(2), Some("KQ"), "{fen}");
    // With no right left the king counts as moved: none is regained.
    let fen = after(&circe, "7r/4k3/8/8/8/7R/8/R3K3 b - - 0 1", &["h8h3"]);
    assert_eq!(fen.split(' ').nth(2), Some("-"), "{fen}");
}

// ---------------------------------------------------------------- attacks

#[test]
fn under_else_illegal_a_king_is_attacked_only_by_a_legal_capture() {
    let anti = variant("rules: [\"on capture: place(mover, home, else illegal, including royal)\"]");
    // The rook on h8 attacks the king on light h1, but its square for a
    // capture there (light: a8) holds the other rook: no check. It does
    // attack dark h2 (its square h8 is the one it leaves).
    assert_eq!(legal(&anti, "r3k2r/8/8/8/8/8/8/7K w - - 0 1"), ["h1g1", "h1g2"]);
    // The rook on h4 attacks h1 (light: a8): with a8 free the capture is
    // legal and the king may not go there; with a knight on a8 it may.
    assert!(!legal(&anti, "4k3/8/8/8/7r/8/8/6K1 w - - 0 1").contains(&"g1h1".to_string()));
    assert!(legal(&anti, "n3k3/8/8/8/7r/8/8/6K1 w - - 0 1").contains(&"g1h1".to_string()));
}

#[test]
fn under_else_remove_a_rebirth_onto_a_king_attacks_it() {
    let assassin = variant(
        "rules: [\"on capture: place(captured, home, else remove)\"], legal: [\"own royal survives\", \"own royal not attacked\"]",
    );
    // White's king on d1, the queen's square: a black rook takes the white
    // queen on d4, the queen is reborn on d1 and removes the king. So the
    // king on d1 is in check from that capture, and a king move is forced
    // or the queen must move away.
    let moves = legal(&assassin, "4k3/8/8/8/r2Q4/8/8/3K4 w - - 0 1");
    assert!(
        moves.iter().all(|m| m.starts_with("d1") || m.starts_with("d4")),
        "{moves:?}"
    );
    // Capturing so that one's own king is removed is illegal: the black
    // queen on d8 is reborn on d8... White takes a black rook on a5 (dark:
    // a8? a8 is light, so h8) with its king standing on h8.
    let moves = legal(&assassin, "4k2K/8/8/r7/8/8/8/R7 w - - 0 1");
    assert!(!moves.contains(&"a1a5".to_string()), "{moves:?}");
}

// ---------------------------------------------------------------- misuse

/// The diagnostics of a variant that fails to load, each with its place.
fn errors(fields: &str) -> String {
    let text = format!("(extends: \"chess\", name: \"Placement test\",\n{fields}");
    let err = match Variant::from_text("bad.ron", &text) {
        Ok(_) => panic!("{fields} loaded"),
        Err(e) => e,
    };
    err.diagnostics
        .iter()
        .map(|d| d.display(&err.sources).to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_misuse_is_reported_where_it_is_written() {
    let err = errors("rules: [\"after move: place(captured, home)\"])");
    assert!(err.contains("`captured` names the piece a move captured"), "{err}");
    assert!(err.contains("bad.ron:2:28"), "{err}");
    let err = errors("rules: [\"on capture: place(any P, origin)\"])");
    assert!(err.contains("a new piece is one kind of one side"), "{err}");
    assert!(err.contains("bad.ron:2:32"), "{err}");
    let err = errors("rules: [\"on capture: place(own Z, origin)\"])");
    assert!(err.contains("`Z` is not a piece letter"), "{err}");
    let err = errors("rules: [\"after move: place(own P, shift(capture, 1, 1))\"])");
    assert!(err.contains("the square `capture`"), "{err}");
    let err = errors(
        "pieces: [(letter: 'K', name: \"king\", moves: \"K\", royal: true, actions: [(name: \"call\", target: \"origin\", effect: \"place(captured, origin)\")])])",
    );
    assert!(
        err.contains("and an action fires after moves that capture nothing"),
        "{err}"
    );
    let err = errors("rules: [\"on capture: place(captured, home, else maybe)\"])");
    assert!(err.contains("bad.ron:2"), "{err}");
}

// ---------------------------------------------------------------- as another kind

#[test]
fn a_placed_piece_may_appear_as_another_kind() {
    let chameleon = variant("kind_sequence: \"N B R Q N\", rules: [\"on capture: place(captured as next, home)\"]");
    // A knight taken on d4 comes back as a bishop: d4 is dark, so on f8,
    // the dark bishop's square, here empty.
    let fen = after(&chameleon, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", &["d1d4"]);
    assert_eq!(board(&fen), "4kb2/8/8/8/3Q4/8/8/4K3");
    // A queen steps on to a knight: h5 is light, so g8.
    let fen = after(&chameleon, "4k3/8/8/7q/8/8/8/4K2R w - - 0 1", &["h1h5"]);
    assert_eq!(board(&fen), "4k1n1/8/8/7R/8/8/8/4K3");
    // A pawn is not in the sequence: reborn a pawn.
    let fen = after(&chameleon, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", &["e4d5"]);
    assert_eq!(board(&fen), "4k3/3p4/8/3P4/8/8/8/4K3");
    // `home of captured` keeps the old kind's square: the knight taken on
    // d4 comes back a bishop on b8, the knight's dark square.
    let old_square =
        variant("kind_sequence: \"N B R Q N\", rules: [\"on capture: place(captured as next, home of captured)\"]");
    let fen = after(&old_square, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", &["d1d4"]);
    assert_eq!(board(&fen), "1b2k3/8/8/8/3Q4/8/8/4K3");
    // A named kind (d4 is dark: the rook to h8), and the capturer moved home as the captured piece's
    // kind (Popeye's Clone-like readings).
    let named = rule("on capture: place(captured as R, home)");
    let fen = after(&named, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", &["d1d4"]);
    assert_eq!(board(&fen), "4k2r/8/8/8/3Q4/8/8/4K3");
    let clone = rule("on capture: place(mover as captured, home)");
    let fen = after(&clone, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", &["d1d4"]);
    assert_eq!(board(&fen), "4k3/8/8/8/8/8/8/4K1N1");
}

#[test]
fn next_without_a_kind_sequence_is_reported_where_it_is_written() {
    let err = errors("rules: [\"on capture: place(captured as next, home)\"])");
    assert!(err.contains("`kind_sequence`"), "{err}");
    assert!(err.contains("bad.ron:2:40"), "{err}");
}
