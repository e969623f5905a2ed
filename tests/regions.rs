//! Regions: named square sets, pieces confined to them (`within`) and
//! pieces with other moves on some squares (`moves_in`).

use kaboom::{Position, Variant};
use kaboom::{fen, uci};

#[allow(dead_code)]
#[path = "common/perft_data.rs"]
mod perft_data;

fn variant(pieces: &str, extra: &str) -> Variant {
    let text = format!(
        "(name: \"regions\", board: (files: 8, ranks: 8), regions: [(name: \"home\", squares: \"ranks(1..2)\"), \
         (name: \"corner\", squares: \"home & files(a..b)\")], pieces: [(letter: 'K', name: \"king\", moves: \"K\", \
         royal: true), {pieces}], start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\", end: [\"checkmate: loss\"], {extra})"
    );
    Variant::from_text("test.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves_from(v: &Variant, text: &str, from: &str) -> Vec<String> {
    let pos: Position = fen::parse(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .map(|m| uci::write(v, m))
        .filter(|m| m.starts_with(from))
        .collect();
    moves.sort();
    moves
}

/// A confined rider stops at the region's edge: it never passes through
/// squares it may not stand on, and it attacks no square outside.
#[test]
fn within_stops_rides_at_the_edge() {
    let v = variant("(letter: 'R', name: \"rook\", moves: \"R\", within: \"home\")", "");
    let rook = moves_from(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1");
    assert_eq!(rook, ["a1a2", "a1b1", "a1c1", "a1d1"]);
    // Black's home is its own first two ranks (8 and 7).
    let rook = moves_from(&v, "r3k3/8/8/8/8/8/8/4K3 b - - 0 1", "a8");
    assert_eq!(rook, ["a8a7", "a8b8", "a8c8", "a8d8"]);
    // The rook on a1 does not attack a3, outside its region: the black
    // king may step there.
    let king = moves_from(&v, "8/8/8/8/1k6/8/8/R3K3 b - - 0 1", "b4");
    assert!(king.contains(&"b4a3".to_string()), "{king:?}");
    // Inside the region it does attack: b2 is out of bounds for the king.
    let king = moves_from(&v, "8/8/8/8/8/1k6/8/R3K3 b - - 0 1", "b3");
    assert!(!king.contains(&"b3a2".to_string()), "{king:?}");
    assert!(king.contains(&"b3a3".to_string()), "{king:?}");
}

/// A confined leaper lands only inside; a region may use an earlier one.
#[test]
fn within_keeps_leaps_inside() {
    let v = variant("(letter: 'N', name: \"knight\", moves: \"N\", within: \"corner\")", "");
    assert_eq!(
        moves_from(&v, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "a1"),
        Vec::<String>::new()
    );
    let v = variant("(letter: 'N', name: \"knight\", moves: \"N\", within: \"home\")", "");
    assert_eq!(moves_from(&v, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "a1"), ["a1c2"]);
}

/// `moves_in`: the first entry holding the piece gives its moves there.
#[test]
fn moves_in_changes_the_moves_where_the_piece_stands() {
    let v = variant(
        "(letter: 'P', name: \"soldier\", moves: \"fW\", moves_in: [(squares: \"ranks(5..8)\", moves: \"fsW\"), \
         (squares: \"all\", moves: \"K\")])",
        "",
    );
    // On ranks 1-4 the second entry (`all`) applies: a king's moves.
    assert_eq!(
        moves_from(&v, "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", "b2"),
        ["b2a1", "b2a2", "b2a3", "b2b1", "b2b3", "b2c1", "b2c2", "b2c3"]
    );
    // Across the middle, forward and sideways.
    assert_eq!(
        moves_from(&v, "4k3/8/8/1P6/8/8/8/4K3 w - - 0 1", "b5"),
        ["b5a5", "b5b6", "b5c5"]
    );
    // Black's ranks 5-8 are the board's 4 to 1.
    assert_eq!(
        moves_from(&v, "4k3/8/8/8/1p6/8/8/4K3 b - - 0 1", "b4"),
        ["b4a4", "b4b3", "b4c4"]
    );
}

/// A region is a set in every sentence, read for the sentence's side.
#[test]
fn regions_are_sets_in_sentences() {
    let v = variant(
        "(letter: 'R', name: \"rook\", moves: \"R\")",
        "legal: [\"own royal not attacked\", \"not exists(own royal & corner)\"]",
    );
    // The white king may not enter a1-b2; the black king not a8-b7.
    let king = moves_from(&v, "4k3/8/8/8/8/8/8/2K5 w - - 0 1", "c1");
    assert_eq!(king, ["c1c2", "c1d1", "c1d2"]);
    let king = moves_from(&v, "2k5/8/8/8/8/8/8/4K3 b - - 0 1", "c8");
    assert_eq!(king, ["c8c7", "c8d7", "c8d8"]);
}

/// Every FEN of the xiangqi perft suite (Fairy-Stockfish's) reads and is
/// written back unchanged, so positions pass between the two programs.
#[test]
fn xiangqi_fens_read_back_as_fairy_stockfish_writes_them() {
    let v = Variant::load("xiangqi").unwrap();
    let fens = perft_data::fens("xiangqi.perft");
    assert!(fens.len() > 20);
    for text in fens.iter().map(String::as_str) {
        let pos = fen::parse(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(fen::write(&v, &pos), text);
    }
}

/// A region with each side's own squares (`white`, `black`), read for the
/// rule's side, for the other side (`enemy goal`) or for a named side, in
/// end rules and in `within`.
#[test]
fn regions_per_side_and_read_for_another_side() {
    let text = |end: &str| {
        format!(
            r#"(
    name: "corners",
    board: (files: 8, ranks: 8),
    regions: [
        (name: "goal", white: "(files(g..h) & ranks(8)) + (files(h) & ranks(7))",
                       black: "(files(a..b) & ranks(8)) + (files(a) & ranks(7))"),
    ],
    pieces: [
        (letter: 'K', name: "king", moves: "K", royal: true),
        (letter: 'N', name: "knight", moves: "N"),
        (letter: 'W', name: "wazir", moves: "W", within: "all - enemy goal"),
    ],
    start: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    end: ["{end}: loss", "checkmate: loss", "stalemate: draw"],
)"#
        )
    };
    let ended = |end: &str, position: &str| {
        let v = Variant::from_text("corners.ron", &text(end)).unwrap_or_else(|e| panic!("{e}"));
        let pos = fen::parse(&v, position).unwrap();
        kaboom::Game::new(&v, pos).ending().is_some()
    };
    // White's knight on g8 (White's goal), Black to move.
    let white_in_goal = "4k1N1/8/8/8/8/8/8/4K3 b - - 0 1";
    assert!(ended("count(enemy N & enemy goal) >= 1", white_in_goal));
    assert!(ended("count(enemy N & white goal) >= 1", white_in_goal));
    assert!(
        !ended("count(enemy N & goal) >= 1", white_in_goal),
        "Black's goal is a1 b1 a2"
    );
    assert!(!ended("count(enemy N & black goal) >= 1", white_in_goal));
    // Black's knight on b1 (Black's goal), White to move.
    assert!(ended(
        "count(enemy N & enemy goal) >= 1",
        "4k3/8/8/8/8/8/8/1n2K3 w - - 0 1"
    ));
    // A wazir stays out of the other side's goal: White's wazir on h6
    // may go to h7 (its own goal), Black's on b3 not to b2... a2.
    let v = Variant::from_text("corners.ron", &text("false")).unwrap();
    assert_eq!(
        moves_from(&v, "4k3/8/7W/8/8/8/8/4K3 w - - 0 1", "h6"),
        ["h6g6", "h6h5", "h6h7"]
    );
    assert_eq!(
        moves_from(&v, "4k3/8/8/8/8/w7/8/4K3 b - - 0 1", "a3"),
        ["a3a2", "a3a4", "a3b3"]
    );
    let v = Variant::from_text("corners.ron", &text("false").replace("all - enemy goal", "all - goal")).unwrap();
    assert_eq!(moves_from(&v, "4k3/8/7W/8/8/8/8/4K3 w - - 0 1", "h6"), ["h6g6", "h6h5"]);
    assert_eq!(moves_from(&v, "4k3/8/8/8/8/w7/8/4K3 b - - 0 1", "a3"), ["a3a4", "a3b3"]);
}

/// A region needs `squares`, or both `white` and `black`.
#[test]
fn a_region_needs_its_squares() {
    for fields in ["", "white: \"ranks(1)\"", "squares: \"ranks(1)\", black: \"ranks(1)\""] {
        let text = format!(
            "(name: \"r\", board: (files: 8, ranks: 8), regions: [(name: \"zone\", {fields})], \
             pieces: [(letter: 'K', name: \"king\", moves: \"K\", royal: true)], start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\")"
        );
        let err = Variant::from_text("r.ron", &text).unwrap_err().to_string();
        assert!(
            err.contains("needs `squares`, or both `white` and `black`"),
            "{fields}: {err}"
        );
    }
}

/// `initial_squares`: a piece's `i` moves start from fixed squares read
/// for its owner, here a region with each side's squares: White's pawns
/// step twice from their first two ranks, Black's from their second only
/// (horde as Fairy-Stockfish has it), and from b3 besides for White.
#[test]
fn initial_moves_start_on_the_initial_squares() {
    let text = "(name: \"regions\", board: (files: 8, ranks: 8), regions: [(name: \"double_step\", \
                white: \"ranks(1..2) + (files(b) & ranks(3))\", black: \"ranks(2)\")], pieces: [(letter: 'K', \
                name: \"king\", moves: \"K\", royal: true), (letter: 'P', name: \"pawn\", moves: \"fmWifmnD\", \
                initial_squares: \"double_step\")], start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\", end: [\"checkmate: loss\"])";
    let v = Variant::from_text("test.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let pos = "4k3/p7/8/8/8/1P6/P7/2P1K3 w - - 0 1";
    assert_eq!(moves_from(&v, pos, "c1"), ["c1c2", "c1c3"]);
    assert_eq!(moves_from(&v, pos, "a2"), ["a2a3", "a2a4"]);
    assert_eq!(moves_from(&v, pos, "b3"), ["b3b4", "b3b5"]);
    let pos = "p3k3/p7/8/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(moves_from(&v, pos, "a7"), ["a7a5", "a7a6"]);
    // Black's first rank is not in its squares: one step only (a8a7 is
    // blocked, so none).
    let pos = "p3k3/8/8/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(moves_from(&v, pos, "a8"), ["a8a7"]);
}

/// `initial_squares` with `initial_ranks` too is a located error.
#[test]
fn initial_squares_and_initial_ranks_together_are_an_error() {
    let text = "(name: \"regions\", board: (files: 8, ranks: 8), pieces: [(letter: 'K', name: \"king\", moves: \"K\", \
                royal: true), (letter: 'P', name: \"pawn\", moves: \"fmWifmnD\", initial_ranks: [2], \
                initial_squares: \"ranks(2)\")], start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\", end: [\"checkmate: loss\"])";
    let Err(err) = Variant::from_text("test.ron", text) else {
        panic!("an error expected");
    };
    let err = err.to_string();
    assert!(err.contains("has both `initial_ranks` and `initial_squares`"), "{err}");
}
