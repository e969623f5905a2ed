//! Regions: named square sets, pieces confined to them (`within`) and
//! pieces with other moves on some squares (`moves_in`).

use kaboom::notation::{fen, uci};
use kaboom::{Position, Variant};

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
