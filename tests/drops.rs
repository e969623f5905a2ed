//! Pieces in hand and drops: captures go to the captor's hand (a promoted
//! piece as the piece it promoted from), drops onto empty squares of a
//! zone, hands and promoted pieces in the FEN as Fairy-Stockfish writes
//! them, drops written `N@f3`.

use kaboom::Event;
use kaboom::{Game, MoveKind, Variant};
use kaboom::{fen, san, uci};

#[allow(dead_code)]
#[path = "common/perft_data.rs"]
mod perft_data;

/// The FEN after playing the UCI move `m` from the FEN `text`.
fn play(v: &Variant, text: &str, m: &str) -> String {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut after = pos.clone();
    after.make(v, uci::parse(v, &pos, m).unwrap_or_else(|e| panic!("{m}: {e}")));
    fen::write(v, &after)
}

fn crazyhouse() -> Variant {
    Variant::load("crazyhouse").unwrap()
}

/// Every FEN of the perft suite (Fairy-Stockfish's) reads and is written
/// back unchanged: hands in brackets, promoted pieces marked `~`.
#[test]
fn fairy_stockfish_fens_read_back() {
    let v = crazyhouse();
    let fens = perft_data::fens("crazyhouse.perft");
    assert!(fens.len() > 50);
    assert!(fens.iter().any(|f| f.contains('~')), "the suite has promoted pieces");
    for text in fens.iter().map(String::as_str) {
        let pos = fen::parse(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(fen::write(&v, &pos), text);
    }
}

#[test]
fn a_capture_goes_to_hand_and_comes_back_as_a_drop() {
    let v = crazyhouse();
    let mut game = Game::new(&v, v.start_position());
    for m in ["e2e4", "d7d5", "e4d5"] {
        let mv = uci::parse(&v, game.position(), m).unwrap();
        game.play(mv);
    }
    assert_eq!(
        fen::write(&v, game.position()),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2"
    );
    game.play(uci::parse(&v, game.position(), "d8d5").unwrap());
    // White drops the pawn it took; pawns never on the first or last rank.
    let moves: Vec<String> = v
        .legal_moves(game.position())
        .iter()
        .map(|m| uci::write(&v, m))
        .collect();
    assert!(moves.contains(&"P@e6".to_string()), "{moves:?}");
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("P@") && (m.ends_with('1') || m.ends_with('8')))
    );
    let drops = moves.iter().filter(|m| m.starts_with("P@")).count();
    // Ranks 2 to 7 hold 48 squares; 7 + 7 pawns and the queen stand there.
    assert_eq!(drops, 48 - 15, "empty squares on ranks 2 to 7");
    let mv = uci::parse(&v, game.position(), "P@e6").unwrap();
    assert_eq!(mv.kind, MoveKind::Drop(v.kind_of_letter('P').unwrap()));
    let before = game.position().clone();
    let mut after = before.clone();
    let mut events: Vec<Event> = Vec::new();
    after.make_traced(&v, mv, &mut events);
    assert_eq!(san::write(&v, &before, &mv, &events, &after), "P@e6");
    assert_eq!(san::find(&v, &before, "P@e6").unwrap(), mv);
    assert_eq!(
        fen::write(&v, &after),
        "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"
    );
}

/// A piece that promotes is marked `~`; captured, it joins the hand as
/// a pawn, where an unpromoted queen joins it as a queen.
#[test]
fn a_captured_promoted_piece_returns_as_a_pawn() {
    let v = crazyhouse();
    let play = |text: &str, m: &str| play(&v, text, m);
    assert_eq!(
        play("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8q"),
        "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    assert_eq!(
        play("Q~3k3/8/8/8/8/8/8/4K3[] w - - 0 1", "a8a1"),
        "4k3/8/8/8/8/8/8/Q~3K3[] b - - 1 1"
    );
    assert_eq!(
        play("4k3/8/8/8/8/8/6K1/7q~[] w - - 0 1", "g2h1"),
        "4k3/8/8/8/8/8/8/7K[P] b - - 0 1"
    );
    assert_eq!(
        play("4k3/8/8/8/8/8/6K1/7q[] w - - 0 1", "g2h1"),
        "4k3/8/8/8/8/8/8/7K[Q] b - - 0 1"
    );
}

#[test]
fn bad_hands_are_clear_errors() {
    let v = crazyhouse();
    let cases = [
        ("8/8/8/8/8/8/8/4K2k[K] w - - 0 1", "not a piece this variant holds"),
        ("8/8/8/8/8/8/8/4K2k[X] w - - 0 1", "not a piece this variant holds"),
        ("8/8/8/8/8/8/8/4K2k[P w - - 0 1", "not closed"),
    ];
    for (text, wanted) in cases {
        let err = fen::parse(&v, text).unwrap_err();
        assert!(err.message.contains(wanted), "{text}: {}", err.message);
    }
    let chess = Variant::load("chess").unwrap();
    let err = fen::parse(&chess, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap_err();
    assert!(err.message.contains("no drops"), "{}", err.message);
    let err = fen::parse(&chess, "4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1").unwrap_err();
    assert!(err.message.contains('~'), "{}", err.message);
    // A drop of a piece not in hand, or onto an occupied square, is no move.
    let pos = v.start_position();
    assert!(uci::parse(&v, &pos, "N@e4").is_err());
    assert!(uci::parse(&v, &pos, "Z@e4").is_err());
    let pos = fen::parse(&v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    assert!(uci::parse(&v, &pos, "N@e1").is_err());
    assert!(uci::parse(&v, &pos, "N@e4").is_ok());
}

#[test]
fn drop_zones_are_checked() {
    let load = |drops: &str| {
        let text = format!(
            "(extends: \"chess\", name: \"test\", start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\", drops: {drops})"
        );
        match Variant::from_text("test.ron", &text) {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        }
    };
    assert_eq!(load("(zones: [(pieces: \"P\", squares: \"ranks(2..7)\")])"), "");
    assert!(load("(zones: [(pieces: \"X\", squares: \"ranks(2..7)\")])").contains("`X` is not a piece letter"));
    assert!(load("(zones: [(pieces: \"P\", squares: \"ranks(2..\")])").contains("drop zone"));
    assert!(load("(zones: [(pieces: \"PP\", squares: \"ranks(2..7)\")])").contains("already has a drop zone"));
    let two_promote =
        "(extends: \"crazyhouse\", name: \"test\", promotion: (pieces: \"PN\", ranks: [8], choices: \"Q\"))";
    let err = match Variant::from_text("test.ron", two_promote) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("only one kind of piece may promote"), "{err}");
}

/// "Not two unpromoted pawns on a file" (shogi's nifu) is a drop zone
/// that changes with the position: `lines(own P, vR)` is every file an own
/// pawn stands on. A promoted pawn is another kind and does not count.
#[test]
fn one_pawn_per_file_is_a_drop_zone() {
    let text = r#"(extends: "crazyhouse", name: "nifu",
        drops: (zones: [(pieces: "P", squares: "ranks(2..7) - lines(own P, vR)")]))"#;
    let v = Variant::from_text("nifu.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let drops = |text: &str| -> Vec<String> {
        let pos = fen::parse(&v, text).unwrap();
        let mut moves: Vec<String> = v
            .legal_moves(&pos)
            .iter()
            .filter(|m| matches!(m.kind, MoveKind::Drop(_)))
            .map(|m| uci::write(&v, m))
            .collect();
        moves.sort();
        moves
    };
    let with_pawn = drops("4k3/8/8/8/8/8/4P3/4K3[P] w - - 0 1");
    assert_eq!(with_pawn.len(), 7 * 6, "{with_pawn:?}");
    assert!(!with_pawn.iter().any(|m| m.starts_with("P@e")), "{with_pawn:?}");
    // The enemy's pawns do not close a file; a promoted pawn (a queen) does not either.
    let others = drops("4k3/4p3/8/8/8/8/8/Q~3K3[P] w - - 0 1");
    assert_eq!(others.len(), 8 * 6 - 1, "{others:?}"); // e7 is taken
    assert!(
        others.contains(&"P@e6".to_string()) && others.contains(&"P@a2".to_string()),
        "{others:?}"
    );
}

fn load_err(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

fn drop_moves(v: &Variant, text: &str) -> Vec<String> {
    let pos = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Drop(_)))
        .map(|m| uci::write(v, m))
        .collect();
    moves.sort();
    moves
}

/// `demote_captured: false`: a captured promoted piece joins the hand as
/// it stands, and no piece is marked `~` (a `~` read is dropped), as in
/// Fairy-Stockfish's loop chess.
#[test]
fn captured_pieces_may_keep_their_promotion() {
    let v = Variant::from_text(
        "loop.ron",
        r#"(extends: "crazyhouse", name: "loop", drops: (demote_captured: false, zones: [(pieces: "P", squares: "ranks(2..7)")]))"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let play = |text: &str, m: &str| play(&v, text, m);
    assert_eq!(
        play("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8q"),
        "Q3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    assert_eq!(
        play("4k3/8/8/8/8/8/6K1/7q~[] w - - 0 1", "g2h1"),
        "4k3/8/8/8/8/8/8/7K[Q] b - - 0 1"
    );
    // More than one kind may promote then: nothing has to be undone.
    let two = r#"(extends: "crazyhouse", name: "test", drops: (demote_captured: false), promotion: (pieces: "PN", ranks: [8], choices: "Q"))"#;
    assert_eq!(load_err(two), "");
}

/// A 5x5 variant with a silver that has a promoted form (the tokin) and
/// a silver in each hand, with `extra` fields (promotion, drops).
fn silver_and_tokin(extra: &str) -> String {
    format!(
        r#"(name: "pd", board: (files: 5, ranks: 5),
        pieces: [
            (letter: 'K', name: "king", moves: "K", royal: true),
            (letter: 'S', name: "silver", moves: "FfW"),
            (letter: 'T', name: "tokin", moves: "WfF", promoted_from: 'S'),
        ],
        start: "4k/5/5/5/K4[Ss] w - - 0 1",
        {extra}
        end: ["checkmate: loss"])"#
    )
}

/// A small board where a silver in hand may go down as its promoted form.
fn promoted_drops() -> Variant {
    let text = silver_and_tokin(r#"promotion: (pieces: "S", ranks: [5], choices: "T"), drops: (drop_promoted: true),"#);
    Variant::from_text("pd.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// `drop_promoted: true`: a piece in hand also goes down promoted,
/// written `+S@c3` as Fairy-Stockfish writes it, from the same hand.
#[test]
fn a_piece_in_hand_may_be_dropped_promoted() {
    let v = promoted_drops();
    let start = fen::write(&v, &v.start_position());
    let moves = drop_moves(&v, &start);
    // 23 empty squares, each as the silver and as the tokin.
    assert_eq!(moves.len(), 2 * 23, "{moves:?}");
    assert!(moves.contains(&"+S@c3".to_string()) && moves.contains(&"S@c3".to_string()));
    let pos = v.start_position();
    let mv = uci::parse(&v, &pos, "+S@c3").unwrap();
    assert_eq!(uci::write(&v, &mv), "+S@c3");
    let mut after = pos.clone();
    after.make(&v, mv);
    // A drop resets the move-rule clock, as in Fairy-Stockfish.
    assert_eq!(fen::write(&v, &after), "4k/5/2+S2/5/K4[s] b - - 0 1");
    // A tokin captured goes back to the hand as a silver.
    let pos = fen::parse(&v, "4k/5/5/1+s3/K4[] w - - 0 1").unwrap();
    let mut after = pos.clone();
    after.make(&v, uci::parse(&v, &pos, "a1b2").unwrap());
    assert_eq!(fen::write(&v, &after), "4k/5/5/1K3/5[S] b - - 0 1");
    assert!(uci::parse(&v, &v.start_position(), "+K@c3").is_err());
    assert!(uci::parse(&v, &v.start_position(), "+Z@c3").is_err());
}

#[test]
fn misused_drop_options_are_clear_errors() {
    let none = r#"(extends: "crazyhouse", name: "test", drops: (drop_promoted: true))"#;
    assert!(
        load_err(none).contains("no piece that may be held has one"),
        "{}",
        load_err(none)
    );
    let text = silver_and_tokin("drops: (demote_captured: false),");
    assert!(
        load_err(&text).contains("cannot be held in hand"),
        "{}",
        load_err(&text)
    );
    let zero = r#"(extends: "crazyhouse", name: "test", drops: (zones: [(pieces: "P", squares: "all - lines(own P, vR, 0)")]))"#;
    assert!(load_err(zero).contains("the count takes 1 to 16"), "{}", load_err(zero));
}

/// `lines(own P, vR, 2)`: the files holding two own pawns or more.
#[test]
fn a_file_may_hold_two_pawns_but_not_three() {
    let text = r#"(extends: "crazyhouse", name: "two",
        drops: (zones: [(pieces: "P", squares: "ranks(2..7) - lines(own P, vR, 2)")]))"#;
    let v = Variant::from_text("two.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let moves = drop_moves(&v, "4k3/8/8/4P3/3P4/4P3/8/4K3[P] w - - 0 1");
    // Ranks 2 to 7: 48 squares, 3 taken; the e-file's 4 others are barred.
    assert_eq!(moves.len(), 48 - 3 - 4, "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("P@e")), "{moves:?}");
    assert!(moves.contains(&"P@d6".to_string()), "{moves:?}");
}

/// Gravity: a piece goes down on White's first rank or right on top of
/// another, for both sides (`white lines(any, fW)`: the square above each
/// piece, whoever owns the rule).
#[test]
fn gravity_is_a_drop_zone_read_for_white() {
    let text = r#"(name: "four", board: (files: 4, ranks: 4),
        pieces: [(letter: 'P', name: "stone", moves: "")],
        start: "4/4/4/4[PPPPpppp] w - - 0 1",
        drops: (captures_to_hand: false, zones: [(pieces: "P", squares: "white ranks(1) + white lines(any, fW)")]),
        legal: [],
        end: ["stalemate: draw"])"#;
    let v = Variant::from_text("four.ron", text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        drop_moves(&v, "4/4/4/4[PPPPpppp] w - - 0 1"),
        ["P@a1", "P@b1", "P@c1", "P@d1"]
    );
    assert_eq!(
        drop_moves(&v, "4/4/P3/P3[PPpppp] b - - 0 1"),
        ["P@a3", "P@b1", "P@c1", "P@d1"]
    );
    // A piece in the air (a FEN's) still carries one above it.
    assert_eq!(
        drop_moves(&v, "4/1p2/4/P3[PPpppp] b - - 0 1"),
        ["P@a2", "P@b1", "P@b4", "P@c1", "P@d1"]
    );
}
