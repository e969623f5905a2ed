//! Dead positions: in every bundled variant whose king is royal, bare
//! kings (on the variant's own board) end the game drawn at once, while search still counts moves
//! below such a position (perft is not cut short by a `dead` rule);
//! but for racing kings, where bare kings still race to the 8th rank.

use kaboom::{Game, GameResult, Perft, Square, Variant};

/// A FEN with a white king on a1 and a black king in the last rank's
/// corner, for a board of `files` x `ranks`.
fn bare_kings(files: i32, ranks: i32) -> String {
    let row = |piece: &str| {
        if files == 1 {
            piece.to_string()
        } else {
            format!("{piece}{}", files - 1)
        }
    };
    let mut rows = vec![row("k")];
    rows.extend((0..ranks - 2).map(|_| files.to_string()));
    rows.push(row("K"));
    format!("{} w - - 0 1", rows.join("/"))
}

/// Bundled variants whose kings win by reaching a goal: bare kings are
/// not dead there.
const RACES: &[&str] = &["racing-kings"];

/// Bundled variants whose kings never leave a region (the corners are
/// outside it): their bare kings are tested where they stand, below.
const CONFINED: &[&str] = &["xiangqi"];

/// Bundled variants where material decides a game nothing else can end:
/// bare kings are no dead position there (janggi: two passes end the
/// game, and Black's 1.5 points win it).
const COUNTED: &[&str] = &["janggi"];

/// Bare generals in xiangqi, inside their palaces and on different files,
/// are a dead position: a draw at once, perft still counting below.
#[test]
fn bare_generals_are_dead_in_xiangqi() {
    let variant = Variant::load("xiangqi").unwrap();
    for fen in ["3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "9/4k4/9/9/9/9/9/9/5K3/9 b - - 0 1"] {
        let pos = kaboom::fen::parse(&variant, fen).unwrap();
        let ending = Game::new(&variant, pos.clone()).ending().expect(fen);
        assert_eq!(
            (ending.result, ending.reason.as_str()),
            (GameResult::Draw, "dead position"),
            "{fen}"
        );
        assert!(Perft::new().count(&variant, &pos, 3) > 0, "{fen}");
    }
    // With a soldier left the game goes on.
    let pos = kaboom::fen::parse(&variant, "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1").unwrap();
    assert!(Game::new(&variant, pos).ending().is_none());
}

/// Bare generals in janggi are no dead position: they play on, and two
/// passes, or the move rule, end the game by counting material, which
/// Black's 1.5 points win.
#[test]
fn bare_generals_are_counted_in_janggi() {
    let variant = Variant::load("janggi").unwrap();
    let pos = kaboom::fen::parse(&variant, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    let mut game = Game::new(&variant, pos);
    assert!(game.ending().is_none());
    for pass in ["e1e1", "d10d10"] {
        let mv = kaboom::uci::parse(&variant, game.position(), pass).unwrap();
        game.play(mv);
    }
    assert_eq!(game.ending().map(|e| e.result), Some(GameResult::BlackWins));
    // The move rule, with its condition: White a chariot up wins it.
    // Each rule's result says in words which side leads (the rules' names
    // in variants/janggi.ron).
    for (fen, result, reason) in [
        (
            "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 100 60",
            GameResult::WhiteWins,
            "50-move rule, White leads on points",
        ),
        (
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 100 60",
            GameResult::BlackWins,
            "50-move rule, Black leads on points",
        ),
    ] {
        let pos = kaboom::fen::parse(&variant, fen).unwrap();
        let ending = Game::new(&variant, pos).ending().expect(fen);
        assert_eq!((ending.result, ending.reason.as_str()), (result, reason), "{fen}");
    }
}

#[test]
fn bare_kings_race_on_in_racing_kings() {
    let variant = Variant::load("racing-kings").unwrap();
    for (fen, result) in [
        ("8/8/8/8/8/8/8/K6k w - - 0 1", None),
        ("8/8/8/8/8/8/k7/7K b - - 0 1", None),
        ("k7/8/8/8/8/8/8/7K w - - 0 1", Some(GameResult::BlackWins)),
        ("K7/8/8/8/8/8/8/7k b - - 0 1", Some(GameResult::WhiteWins)),
        ("K7/1k6/8/8/8/8/8/8 b - - 0 1", None),
        ("K6k/8/8/8/8/8/8/8 w - - 0 1", Some(GameResult::Draw)),
    ] {
        let pos = kaboom::fen::parse(&variant, fen).unwrap();
        let ending = Game::new(&variant, pos).ending().map(|e| e.result);
        assert_eq!(ending, result, "{fen}");
    }
}

#[test]
fn bare_kings_are_a_draw_in_every_bundled_variant() {
    let names = kaboom::bundled_names();
    assert!(names.len() >= 8, "{names:?}");
    for name in names {
        let variant = Variant::load_seeded(name, Some(1)).unwrap_or_else(|e| panic!("{name}: {e}"));
        if variant.start_position().royals_of(kaboom::Color::White).is_empty()
            || RACES.contains(&name)
            || CONFINED.contains(&name)
            || COUNTED.contains(&name)
        {
            // No checkmate to make impossible (antichess: two kings play on
            // until one captures the other; racing kings: they race).
            continue;
        }
        let g = variant.geometry();
        let files = (0..g.squares()).map(|sq| g.file(Square::from_index(sq))).max().unwrap() + 1;
        let ranks = (0..g.squares()).map(|sq| g.rank(Square::from_index(sq))).max().unwrap() + 1;
        let fen = bare_kings(files, ranks);
        let pos = kaboom::fen::parse(&variant, &fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let ending = Game::new(&variant, pos.clone())
            .ending()
            .unwrap_or_else(|| panic!("{name}: bare kings ({fen}) do not end the game"));
        assert_eq!(ending.result, GameResult::Draw, "{name}: {fen}");
        assert_eq!(ending.reason, "dead position", "{name}: {fen}");
        // The king still has its moves, and perft counts them.
        assert!(!variant.legal_moves(&pos).is_empty(), "{name}: {fen}");
        assert!(Perft::new().count(&variant, &pos, 2) > 0, "{name}: {fen}");
    }
}

/// With drops, a position is dead only when the hands are empty too: bare
/// kings with a queen in hand play on (`held(any) == 0` in the rules).
#[test]
fn pieces_in_hand_keep_bare_kings_alive() {
    for (name, dead, alive) in [
        (
            "crazyhouse",
            "k7/8/8/8/8/8/8/K7[] w - - 0 1",
            "k7/8/8/8/8/8/8/K7[q] w - - 0 1",
        ),
        (
            "crazyhouse",
            "k7/8/8/8/8/8/8/KB6[] w - - 0 1",
            "k7/8/8/8/8/8/8/KB6[P] w - - 0 1",
        ),
        (
            "shogi",
            "k8/9/9/9/9/9/9/9/K8[] w - - 0 1",
            "k8/9/9/9/9/9/9/9/K8[p] w - - 0 1",
        ),
    ] {
        let variant = Variant::load(name).unwrap();
        let ending = |fen: &str| {
            let pos = kaboom::fen::parse(&variant, fen).unwrap();
            Game::new(&variant, pos).ending().map(|e| e.reason)
        };
        assert_eq!(ending(dead).as_deref(), Some("dead position"), "{name}: {dead}");
        assert_eq!(ending(alive), None, "{name}: {alive}");
    }
    // Bishops on one colour are not dead in crazyhouse: a captured one may
    // be dropped on the other colour.
    let variant = Variant::load("crazyhouse").unwrap();
    let pos = kaboom::fen::parse(&variant, "k7/8/8/8/8/8/8/KB1B4[] w - - 0 1").unwrap();
    assert_eq!(Game::new(&variant, pos).ending().map(|e| e.reason), None);
}
