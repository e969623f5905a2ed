//! Counts of moves towards a limit (`counting`, docs/format.md, Counting):
//! Fairy-Stockfish's counting rules as `kaboom import` converts them,
//! replayed against Fairy-Stockfish's own FEN after every move and the
//! result it claims from each (tests/fixtures/fsf/counting-games.txt,
//! written by scripts/fsf-counting-games.py); the construct's FEN, its
//! end rule and its diagnostics.

use kaboom::{Game, GameResult, Variant, fen, uci};

/// The variant `name` as `kaboom import` converts it: a built-in, or a
/// section of Fairy-Stockfish's variants.ini.
fn imported(name: &str) -> Variant {
    let ini = std::fs::read_to_string("tests/fixtures/fsf/variants.ini").expect("the fixture");
    let mut sections = kaboom::interop::import(&format!("[{name}:{name}]\n")).expect("a section");
    if let Some(s) = kaboom::interop::import(&ini)
        .expect("the fixture parses")
        .into_iter()
        .find(|s| s.name == name)
    {
        sections = vec![s];
    }
    let text = sections
        .remove(0)
        .result
        .unwrap_or_else(|r| panic!("{name}: refused: {r:?}"));
    Variant::from_text(&format!("{name}.ron"), &text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn score(result: Option<GameResult>) -> &'static str {
    result.map_or("-", GameResult::score)
}

#[test]
fn counts_and_their_draws_are_fairy_stockfishs() {
    let text = std::fs::read_to_string("tests/fixtures/fsf/counting-games.txt").expect("the fixture");
    let mut variants: Vec<(String, Variant)> = Vec::new();
    let (mut games, mut moves, mut draws) = (0, 0, 0);
    let mut current: Option<(usize, kaboom::Position)> = None;
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("game ") {
            let (name, start) = rest.split_once(' ').expect("game NAME FEN");
            let index = match variants.iter().position(|(v, _)| v == name) {
                Some(i) => i,
                None => {
                    variants.push((name.to_string(), imported(name)));
                    variants.len() - 1
                }
            };
            let pos = fen::parse(&variants[index].1, start).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
            current = Some((index, pos));
            games += 1;
            continue;
        }
        let (index, pos) = current.as_mut().expect("a game first");
        let variant = &variants[*index].1;
        let fields: Vec<&str> = line.split(" | ").collect();
        let [mv, fsf_fen, claim] = fields[..] else {
            panic!("line {}: MOVE | FEN | CLAIM", n + 1)
        };
        let m = uci::parse(variant, pos, mv).unwrap_or_else(|e| panic!("line {}: {mv}: {e}", n + 1));
        pos.try_make(variant, m)
            .unwrap_or_else(|e| panic!("line {}: {e:?}", n + 1));
        assert_eq!(fen::write(variant, pos), fsf_fen, "line {}: the FEN after {mv}", n + 1);
        // Judged from Fairy-Stockfish's FEN, with no history (as its
        // `setboard` has none): the count's draw, or no legal move.
        let from_fen = fen::parse(variant, fsf_fen).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        assert_eq!(
            fen::write(variant, &from_fen),
            fsf_fen,
            "line {}: the FEN reads back",
            n + 1
        );
        let ending = Game::new(variant, from_fen).ending();
        assert_eq!(
            score(ending.as_ref().map(|e| e.result)),
            claim,
            "line {}: the game end from {fsf_fen} ({ending:?})",
            n + 1
        );
        moves += 1;
        draws += usize::from(ending.is_some_and(|e| e.reason == "counting rule"));
    }
    assert!(
        games >= 40 && moves >= 500 && draws >= 10,
        "{games} games, {moves} moves, {draws} draws"
    );
}

/// A small variant with a count: a bare king counts 4 moves against a rook
/// (8 against anything else), from 2 plies per piece on the board.
const COUNTED: &str = r#"(
    extends: "chess",
    name: "Counted",
    castling: [],
    pieces: [(letter: 'P', name: "pawn", moves: "fmWfceF", pawn: true)],
    start: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    counting: (
        limits: ["count(any P) > 0 or count(own) > 1 or count(enemy) == 1: 0", "count(enemy R) > 0: 4", "true: 8"],
        starts: [(side: ToMove, idle: true, per_piece: 2)],
    ),
    end: ["checkmate: loss", "stalemate: draw", "counting over: draw"],
)"#;

#[test]
fn a_count_starts_runs_and_ends_the_game() {
    let v = Variant::from_text("counted.ron", COUNTED).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(&v, fen::parse(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap());
    // No count before a move; White's move starts Black's: 8 plies from 3 pieces.
    assert_eq!(fen::write(&v, game.position()), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let moves = ["a1a2", "e8d8", "a2a3", "d8e8", "a3a2", "e8d8", "a2a3"];
    let expected = ["8 6", "8 7", "8 8", "8 9"];
    for (i, text) in moves.iter().enumerate() {
        let mv = uci::parse(&v, game.position(), text).unwrap();
        game.play(mv);
        let fen = fen::write(&v, game.position());
        if let Some(e) = expected.get(i) {
            assert!(fen.contains(&format!(" - {e} ")), "after {text}: {fen}");
        }
        // The count is over at its 9th ply, not before.
        assert_eq!(game.ending().is_some(), i >= 3, "after {text}: {fen}");
    }
    let ending = game.ending().unwrap();
    assert_eq!(
        (ending.result, ending.reason.as_str()),
        (GameResult::Draw, "counting rule")
    );
}

#[test]
fn a_running_count_reads_and_writes_in_fairy_stockfishs_form() {
    let v = Variant::from_text("counted.ron", COUNTED).unwrap_or_else(|e| panic!("{e}"));
    for text in ["3k4/8/8/8/8/R7/8/4K3 b - 8 5 2", "3k4/8/8/8/8/R7/8/4K3 b - - 5 2"] {
        let pos = fen::parse(&v, text).unwrap();
        assert_eq!(fen::write(&v, &pos), text);
    }
    // A count takes the halfmove clock's place: the clock reads as 0.
    let pos = fen::parse(&v, "3k4/8/8/8/8/R7/8/4K3 b - 8 5 2").unwrap();
    assert_eq!(pos.halfmove_clock(), 0);
    for bad in ["3k4/8/8/8/8/R7/8/4K3 b - 0 5 2", "3k4/8/8/8/8/R7/8/4K3 b - 99999 5 2"] {
        let e = fen::parse(&v, bad).unwrap_err();
        assert!(e.message.contains("count limit"), "{bad}: {}", e.message);
    }
    let chess = Variant::load("chess").unwrap();
    let e = fen::parse(&chess, "3k4/8/8/8/8/R7/8/4K3 b - 8 5 2").unwrap_err();
    assert!(e.message.contains("keeps no count"), "{}", e.message);
}

fn diagnostics(text: &str) -> String {
    match Variant::from_text("test.ron", text) {
        Ok(_) => panic!("the variant loaded:\n{text}"),
        Err(e) => e
            .diagnostics
            .iter()
            .map(|d| d.display(&e.sources).to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn misuse_of_a_count_is_reported() {
    let out = diagnostics(r#"(extends: "chess", name: "No count", end: ["counting over: draw"])"#);
    assert!(out.contains("no `counting` field"), "{out}");
    let out = diagnostics(
        r#"(extends: "chess", name: "Bad", counting: (limits: ["count(enemy X) > 0: 4", "true: many", "true"],
            starts: [(side: Mover, when: "can reach(own royal, ranks(8))")]))"#,
    );
    for expected in [
        "`X` is not a piece letter of this variant",
        "`many` is not a number of moves",
        "has no `: N`",
        "`can reach(...)` may not stand in a count's start",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
    let out = diagnostics(r#"(extends: "chess", name: "Empty", counting: (limits: [], starts: []))"#);
    assert!(out.contains("at least one limit and one start"), "{out}");
    // Chess's pawns capture en passant: the FEN has no room for both.
    let out =
        diagnostics(r#"(extends: "chess", name: "Both", counting: (limits: ["true: 8"], starts: [(side: ToMove)]))"#);
    assert!(out.contains("`counting` with en passant moves"), "{out}");
}
