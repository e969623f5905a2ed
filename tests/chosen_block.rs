//! A chosen block: `block(chosen S)` makes a square the mover chooses a
//! wall, and `block(chosen S, unblocking T)` also frees T's walls, which
//! moves a wall (duck chess: `variants/duck.ron`). The choice is written
//! as Fairy-Stockfish writes a wall, after a comma: the mover's square and
//! the chosen one (`e2e4,e4d5`); in algebraic notation the chosen square
//! alone (`e4,d5`).

use kaboom::Event;
use kaboom::{Game, GameResult, Position, Square, Variant};
use kaboom::{fen, san, uci};

fn duck() -> Variant {
    Variant::load("duck").unwrap_or_else(|e| panic!("{e}"))
}

fn fixture(name: &str) -> Variant {
    let path = format!("{}/tests/fixtures/valid/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn read(variant: &Variant, text: &str) -> Position {
    fen::parse(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(variant: &Variant, pos: &Position) -> Vec<String> {
    variant
        .legal_moves(pos)
        .iter()
        .map(|m| uci::write(variant, m))
        .collect()
}

fn play(variant: &Variant, pos: &Position, text: &str) -> Position {
    let mv = uci::parse(variant, pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut after = pos.clone();
    after.make(variant, mv);
    after
}

/// No wall stands on the board at the start: the first move puts one on
/// any square empty after the move, the square the piece left included,
/// never the one it went to or an occupied one.
#[test]
fn the_first_move_places_the_wall_on_any_empty_square() {
    let v = duck();
    let pos = v.start_position();
    let moves = legal(&v, &pos);
    // 20 moves, each with the 32 squares empty after it.
    assert_eq!(moves.len(), 20 * 32);
    assert!(moves.contains(&"e2e4,e4e2".to_string()));
    assert!(moves.contains(&"g1f3,f3g1".to_string()));
    assert!(
        !moves
            .iter()
            .any(|m| m == "e2e4,e4e4" || m == "e2e4,e4e7" || m == "e2e4")
    );
    let after = play(&v, &pos, "e2e4,e4d5");
    // kaboom names the en passant square after every double step, as in
    // chess; Fairy-Stockfish only when a pawn could take: both read both.
    assert_eq!(
        fen::write(&v, &after),
        "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

/// The wall moves: the square it stood on is freed, it may not stay
/// there, and it blocks the pieces (a pawn cannot advance into it, a rider
/// stops before it, nothing captures it).
#[test]
fn the_wall_moves_and_never_stays() {
    let v = duck();
    let pos = read(&v, "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let moves = legal(&v, &pos);
    assert!(!moves.iter().any(|m| m.ends_with("d5")), "the wall may not stay on d5");
    assert!(
        !moves.iter().any(|m| m.starts_with("d7d5")),
        "a pawn cannot go through the wall"
    );
    assert!(moves.contains(&"d7d6,d6d7".to_string()));
    let mut events = Vec::new();
    let mut after = pos.clone();
    let mv = uci::parse(&v, &pos, "d7d6,d6e6").unwrap();
    after.make_traced(&v, mv, &mut events);
    assert_eq!(
        events,
        vec![
            Event::Moved {
                piece: pos.cell(Square::new(51)),
                from: Square::new(51),
                to: Square::new(43)
            },
            Event::Blocked { at: Square::new(44) },
            Event::Unblocked { at: Square::new(35) },
        ]
    );
    assert_eq!(
        fen::write(&v, &after),
        "rnbqkbnr/ppp1pppp/3p*3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // A queen's line stops at the wall; nothing lands on it.
    let pos = read(&v, "4k3/8/8/8/8/8/8/Q2*3K w - - 0 1");
    let moves = legal(&v, &pos);
    assert!(moves.iter().any(|m| m.starts_with("a1c1,")));
    assert!(!moves.iter().any(|m| m.starts_with("a1d1,") || m.starts_with("a1e1,")));
}

/// Coordinates and algebraic notation read back; a FEN with the wall reads
/// back as the same position.
#[test]
fn notation_and_fen_read_back() {
    let v = duck();
    let mut pos = v.start_position();
    for text in ["e2e4,e4e5", "d7d5,d5d4", "e4d5,d5e6", "e8d7,d7e8", "e1e2,e2h3"] {
        let mv = uci::parse(&v, &pos, text).unwrap();
        assert_eq!(uci::write(&v, &mv), text);
        let mut events = Vec::new();
        let mut after = pos.clone();
        after.make_traced(&v, mv, &mut events);
        let written = san::write(&v, &pos, &mv, &events, &after);
        assert_eq!(san::find(&v, &pos, &written), Ok(mv), "{written}");
        let printed = fen::write(&v, &after);
        assert_eq!(read(&v, &printed), after, "{printed}");
        pos = after;
    }
    let san_record: Vec<String> = ["e4,e5", "d5,d4", "exd5,e6"].iter().map(|s| s.to_string()).collect();
    let mut pos = v.start_position();
    for (text, coords) in san_record.iter().zip(["e2e4,e4e5", "d7d5,d5d4", "e4d5,d5e6"]) {
        let mv = san::find(&v, &pos, text).unwrap();
        assert_eq!(uci::write(&v, &mv), coords);
        pos.make(&v, mv);
    }
    // A wall on the square a pawn passed over leaves no en passant square.
    let pos = read(&v, "rnbqkbnr/ppp1pppp/4*3/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    let walled = play(&v, &pos, "c7c5,c5c6");
    assert_eq!(
        fen::write(&v, &walled),
        "rnbqkbnr/pp2pppp/2*5/2pP4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
    );
    let open = play(&v, &pos, "c7c5,c5a3");
    assert!(fen::write(&v, &open).contains(" c6 "));
    assert!(legal(&v, &open).iter().any(|m| m.starts_with("d5c6,")));
}

/// No check: a king may stay attacked, and the side whose king is
/// captured has lost (no move is left to it).
#[test]
fn capturing_the_king_wins() {
    let v = duck();
    let pos = read(&v, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1");
    let moves = legal(&v, &pos);
    // The king may step next to the queen, or stay attacked while it walls.
    assert!(moves.contains(&"e1d1,d1a8".to_string()));
    let after = play(&v, &pos, "e1d1,d1a8");
    let mut game = Game::new(&v, after.clone());
    assert!(game.ending().is_none());
    let mv = uci::parse(&v, &after, "e2d1,d1h8").unwrap();
    game.play(mv);
    assert!(v.legal_moves(game.position()).is_empty());
    assert_eq!(game.ending().map(|e| e.result), Some(GameResult::BlackWins));
}

/// A side with no legal move wins (the duck may take the king's last square).
#[test]
fn a_side_with_no_move_wins() {
    let v = duck();
    // Black's lone king is walled in (a FEN may hold several walls).
    let pos = read(&v, "k*6/**6/8/8/8/8/8/7K b - - 0 1");
    assert!(v.legal_moves(&pos).is_empty());
    let game = Game::new(&v, pos);
    assert_eq!(game.ending().map(|e| e.result), Some(GameResult::BlackWins));
}

/// Fairy-Stockfish clears every wall of a FEN when the duck moves: so does
/// `unblocking blocked`.
#[test]
fn every_wall_of_the_set_is_freed() {
    let v = duck();
    let pos = read(&v, "4k3/8/8/2*2*2/8/8/8/4K3 w - - 0 1");
    let after = play(&v, &pos, "e1e2,e2a1");
    assert_eq!(fen::write(&v, &after), "4k3/8/8/8/8/8/4K3/*7 b - - 1 1");
}

/// Without `unblocking` the walls stay: a capture walls one empty square
/// next to the capturer (`on capture`), and the king's action walls one
/// empty square of the first rank; both compose with the check rule.
#[test]
fn walls_placed_by_other_triggers_accumulate() {
    let v = fixture("chosen-walls");
    let pos = read(&v, "4k3/pppp4/8/8/8/8/3n4/4K3 w - - 0 1");
    let moves = legal(&v, &pos);
    let captures: Vec<&String> = moves.iter().filter(|m| m.starts_with("e1d2")).collect();
    // The 8 squares around d2, e1 empty once the king has left it.
    assert_eq!(captures.len(), 8, "{captures:?}");
    let walls: Vec<&String> = moves.iter().filter(|m| m.contains("@wall")).collect();
    assert_eq!(walls.len(), 7, "{walls:?}");
    let after = play(&v, &pos, "e1e1@wall,e1d1");
    let after = play(&v, &after, "a7a6");
    let after = play(&v, &after, "e1d2,d2e1");
    assert_eq!(fen::write(&v, &after), "4k3/1ppp4/p7/8/8/8/3K4/3**3 b - - 0 2");
}

/// A double step whose square of departure the wall then takes still
/// leaves its en passant square: the FEN kaboom writes reads back.
#[test]
fn an_en_passant_square_behind_a_wall_on_the_square_left_reads_back() {
    let v = kaboom::Variant::load("duck").unwrap();
    let text = "rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP*/RNBQKBNR b KQkq h3 0 1";
    let pos = kaboom::fen::parse(&v, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kaboom::fen::write(&v, &pos), text);
}

/// A chosen block with no square to offer does nothing, and the move
/// stands: the knight on d2 takes on b1, where no empty square is next to
/// it to wall, as the attack tables say it may.
#[test]
fn a_chosen_block_with_no_square_to_choose_leaves_the_move_standing() {
    let v = fixture("chosen-walls");
    let text = "rnbqkb1r/ppp1ppp1/3p3p/4*3/8/4*P2/PPPnQ1PP/RNB*KBNR b kq - 1 6";
    let pos = fen::parse(&v, text).unwrap();
    let moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| uci::write(&v, m)).collect();
    assert!(moves.contains(&"d2b1".to_string()), "{moves:?}");
    let b1 = v.geometry().parse_square("b1").unwrap();
    assert!(v.is_attacked(&pos, b1, kaboom::Color::Black));
    let mut game = Game::new(&v, pos);
    game.play(uci::parse(&v, game.position(), "d2b1").unwrap());
    assert_eq!(
        fen::write(&v, game.position()),
        "rnbqkb1r/ppp1ppp1/3p3p/4*3/8/4*P2/PPP1Q1PP/RnB*KBNR w kq - 0 7"
    );
}
