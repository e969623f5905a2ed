//! Agreement with Fairy-Stockfish over whole games: random games of every
//! variant `kaboom import` converts (a section of Fairy-Stockfish's
//! variants.ini or one of its built-ins) and of the bundled variants it
//! plays, replayed move by move against the halfmove clock Fairy-Stockfish
//! wrote after each move and its FEN at the end
//! (tests/fixtures/fsf/games.txt, written by `scripts/compare-fsf-ini.py
//! --write-games`, which also compares every FEN on the way); a royal
//! piece made by promotion, and the en passant squares of a triple step,
//! as Fairy-Stockfish judges and writes them.

use kaboom::{Variant, fen, uci};

/// The sections `kaboom import` converts, read once per ini file.
type Imports = std::collections::HashMap<String, Vec<kaboom::interop::Imported>>;

/// A section of the ini file `source` (the fixture, or `data/fsf-builtins.ini`
/// for a built-in, imported as `[NAME:NAME]`) as `kaboom import` converts it,
/// or a bundled variant's file.
fn imported(name: &str, source: &str, imports: &mut Imports) -> Variant {
    if source.ends_with(".ron") {
        return Variant::load(source).unwrap_or_else(|e| panic!("{source}: {e}"));
    }
    let sections = if source == "data/fsf-builtins.ini" {
        kaboom::interop::import(&format!("[{name}:{name}]\n")).expect("the section parses")
    } else {
        imports
            .entry(source.to_string())
            .or_insert_with(|| {
                let ini = std::fs::read_to_string(source).unwrap_or_else(|e| panic!("{source}: {e}"));
                kaboom::interop::import(&ini).expect("the ini parses")
            })
            .clone()
    };
    let section = sections
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("{name}: no section in {source}"));
    let text = section.result.unwrap_or_else(|r| panic!("{name}: refused: {r:?}"));
    Variant::from_text(&format!("{name}.ron"), &text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A FEN without its en passant field: Fairy-Stockfish names a double
/// step's square only where one of its pawns could take there, kaboom
/// wherever the variant captures en passant (the comparison script checks
/// that both mean the same moves).
fn without_en_passant(text: &str) -> String {
    let mut fields: Vec<&str> = text.split(' ').collect();
    if fields.len() > 3 {
        fields.remove(3);
    }
    fields.join(" ")
}

#[test]
fn long_random_games_keep_fairy_stockfishs_clock_and_position() {
    let data = std::fs::read_to_string("tests/fixtures/fsf/games.txt").expect("the fixture");
    let mut lines = data.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
    let (mut games, mut plies, mut resets) = (0, 0, 0);
    let mut names = std::collections::BTreeSet::new();
    let mut imports = Imports::new();
    while let Some(head) = lines.next() {
        let mut words = head.strip_prefix("game ").expect("game NAME SOURCE FEN").splitn(3, ' ');
        let (name, source, start) = (words.next().unwrap(), words.next().unwrap(), words.next().unwrap());
        let moves = lines.next().and_then(|l| l.strip_prefix("moves ")).expect("moves");
        let clocks = lines.next().and_then(|l| l.strip_prefix("clocks ")).expect("clocks");
        let end = lines.next().and_then(|l| l.strip_prefix("fen ")).expect("fen");
        let v = imported(name, source, &mut imports);
        let mut pos = fen::parse(&v, start).unwrap_or_else(|e| panic!("{name}: {start}: {e}"));
        for (ply, (mv, clock)) in moves.split(' ').zip(clocks.split(' ')).enumerate() {
            let m = uci::parse(&v, &pos, mv).unwrap_or_else(|e| panic!("{name} ply {}: {mv}: {e}", ply + 1));
            pos.make(&v, m);
            let written = fen::write(&v, &pos);
            let halfmove = written.split(' ').rev().nth(1).unwrap();
            assert_eq!(
                halfmove,
                clock,
                "{name} ply {}: the clock after {mv} ({written})",
                ply + 1
            );
            resets += usize::from(clock == "0");
            plies += 1;
        }
        assert_eq!(
            without_en_passant(&fen::write(&v, &pos)),
            without_en_passant(end),
            "{name}: the FEN at the end"
        );
        games += 1;
        names.insert(name.to_string());
    }
    assert!(
        names.len() >= 200 && plies >= 25_000 && resets >= 3_000,
        "{} variants, {games} games, {plies} plies, {resets} resets",
        names.len()
    );
}

/// The position of Fairy-Stockfish's `coregal`: promoting to the
/// royal queen on c8, attacked by the rook on e8, is no move (27, not 28).
#[test]
fn a_promotion_to_a_royal_piece_on_an_attacked_square_is_illegal() {
    let v = imported("coregal", "data/fsf-builtins.ini", &mut Imports::new());
    let pos = fen::parse(&v, "4rb1r/1pPk2p1/nq5n/pP2pppP/P2PN3/R2PKP1Q/6PR/2B2B2 w - - 5 31").unwrap();
    let moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(&v, m)).collect();
    assert_eq!(moves.len(), 27, "{moves:?}");
    assert!(!moves.contains(&"c7c8q".to_string()), "{moves:?}");
    assert!(moves.contains(&"c7c8r".to_string()), "{moves:?}");
    assert_eq!(kaboom::Perft::new().count(&v, &pos, 1), 27);
}

/// Wildebeest's pawn steps three squares from its first rank: both squares
/// it passed are en passant targets, written as Fairy-Stockfish writes them
/// (`e3e4`), so that it reads both (perft 2 from the FEN: 3,219 in both).
#[test]
fn a_triple_step_names_both_passed_squares() {
    let v = imported("wildebeest", "tests/fixtures/fsf/variants.ini", &mut Imports::new());
    let start = "rnccwkqbbnr/ppp1pp1pppp/11/11/11/5p5/3p7/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1";
    let mut pos = fen::parse(&v, start).unwrap();
    pos.make(&v, uci::parse(&v, &pos, "e2e5").unwrap());
    let written = fen::write(&v, &pos);
    assert_eq!(
        written,
        "rnccwkqbbnr/ppp1pp1pppp/11/11/11/4Pp5/3p7/11/PPPP1PPPPPP/RNBBQKWCCNR b - e3e4 0 1"
    );
    let read = fen::parse(&v, &written).unwrap();
    let moves: Vec<String> = v.legal_moves(&read).iter().map(|m| uci::write(&v, m)).collect();
    assert!(
        moves.contains(&"d4e3".to_string()) && moves.contains(&"f5e4".to_string()),
        "{moves:?}"
    );
    assert_eq!(kaboom::Perft::new().count(&v, &read, 2), 3219);
    assert_eq!(fen::write(&v, &read), written);
}
