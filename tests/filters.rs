//! Move filters (`moves only if ...`, `captures only if ...`), `checks
//! must mate` and `longest moves are compulsory`: hand-checked positions of
//! the bundled conditions (variants/fairy/), their misuse, and random games
//! where the generator's fast paths are checked against the definitions
//! (a move is legal when it passes the filters and, played, the clauses;
//! a square is attacked exactly when some pseudo-legal move captures there).

use kaboom::{Move, MoveKind, Perft, Position, Variant, fen, uci};
use std::process::Command;

fn fairy(name: &str) -> Variant {
    let path = format!("{}/variants/fairy/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn position(variant: &Variant, text: &str) -> Position {
    fen::parse(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in UCI, sorted.
fn moves(variant: &Variant, text: &str) -> Vec<String> {
    let pos = position(variant, text);
    let mut out: Vec<String> = variant
        .legal_moves(&pos)
        .iter()
        .map(|m| uci::write(variant, m))
        .collect();
    out.sort();
    out
}

fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

fn in_check(variant: &Variant, text: &str) -> bool {
    variant.in_check(&position(variant, text))
}

#[test]
fn a_paralysed_piece_neither_moves_nor_gives_check() {
    let madrasi = fairy("madrasi");
    // The rooks on a4 and e4 observe each other: both are paralysed, so
    // the one on e4 does not check the king on e8, which may even step
    // onto the e-file.
    let text = "4k3/8/8/8/r3R3/8/8/4K3 b - - 0 1";
    assert!(!in_check(&madrasi, text));
    assert_eq!(moves(&madrasi, text), words("e8d8 e8d7 e8e7 e8f7 e8f8"));
    // In chess the rook checks.
    let chess = Variant::load("chess").unwrap();
    assert!(in_check(&chess, text));
    // A paralysed piece still paralyses: the d5 bishop is paralysed by the
    // one on f3 and paralyses it in turn; the king is never paralysed.
    let text = "4k3/8/8/3b4/8/5B2/8/4K3 w - - 0 1";
    assert_eq!(moves(&madrasi, text), words("e1d1 e1d2 e1e2 e1f1 e1f2"));
    // Kings are never paralysed: each still attacks the squares next to
    // it, so neither may step next to the other.
    let text = "8/8/8/3k4/8/3K4/8/8 w - - 0 1";
    assert_eq!(moves(&madrasi, text), words("d3c2 d3c3 d3d2 d3e2 d3e3"));
}

#[test]
fn a_patrolled_piece_captures_and_checks_only_when_guarded() {
    let patrol = fairy("patrol");
    // The rook on e4 is guarded by nothing: no check, and it may not take.
    let unguarded = "4k3/8/8/4p3/4R3/8/8/K7 b - - 0 1";
    assert!(!in_check(&patrol, unguarded));
    let white = "4k3/8/8/4p3/4R3/8/8/K7 w - - 0 1";
    assert!(!moves(&patrol, white).contains(&"e4e5".to_string()));
    // A pawn on d3 guards it: it takes, and it checks once the way is open.
    let guarded = "4k3/8/8/4p3/4R3/3P4/8/K7 w - - 0 1";
    assert!(moves(&patrol, guarded).contains(&"e4e5".to_string()));
    assert!(in_check(&patrol, "4k3/8/8/8/4R3/3P4/8/K7 b - - 0 1"));
    assert!(!in_check(&patrol, "4k3/8/8/8/4R3/8/3P4/K7 b - - 0 1"));
    // A king attacks only where guarded too: two unguarded kings may stand
    // side by side.
    let kings = "8/8/8/8/3k4/8/3K4/8 w - - 0 1";
    assert!(moves(&patrol, kings).contains(&"d2d3".to_string()));
}

#[test]
fn ultra_patrol_moves_only_guarded_pieces() {
    let ultra = fairy("ultra-patrol");
    // The knight on b1 is unguarded; the one on g1 is guarded by the rook.
    let text = "4k3/8/8/8/8/8/8/1N2K1NR w - - 0 1";
    let list = moves(&ultra, text);
    assert!(!list.iter().any(|m| m.starts_with("b1")), "{list:?}");
    assert!(list.iter().any(|m| m.starts_with("g1")), "{list:?}");
}

#[test]
fn colour_filters_read_both_pieces_of_a_castling() {
    let text = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1";
    let mono = moves(&fairy("monochrome"), text);
    // Short castling keeps colours for king and rook, long castling moves
    // the rook a1-d1 across colours; a knight never keeps its colour.
    assert!(
        mono.contains(&"e1g1".to_string()) && !mono.contains(&"e1c1".to_string()),
        "{mono:?}"
    );
    assert!(!mono.iter().any(|m| m.starts_with("b1")), "{mono:?}");
    let bi = moves(&fairy("bichrome"), text);
    assert!(
        !bi.contains(&"e1g1".to_string()) && !bi.contains(&"e1c1".to_string()),
        "{bi:?}"
    );
    assert!(bi.contains(&"b1c3".to_string()), "{bi:?}");
    // A bishop's check is no check in Bichrome.
    assert!(!in_check(&fairy("bichrome"), "4k3/8/2B5/8/8/8/8/4K3 b - - 0 1"));
}

#[test]
fn grid_moves_leave_their_cell() {
    let grid = fairy("grid");
    // e1, f1, e2 and f2 are one cell.
    let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(moves(&grid, text), words("e1d1 e1d2"));
    // A rook on h1 does not check a king on h2 (same cell), does on h3.
    assert!(!in_check(&grid, "8/8/8/8/8/8/7k/K6R b - - 0 1"));
    assert!(in_check(&grid, "8/8/8/8/8/7k/8/K6R b - - 0 1"));
    // The same grid shifted by one rank (Popeye's VerticalShift).
    let shifted = Variant::from_text(
        "shifted.ron",
        r#"(extends: "chess", name: "Shifted grid",
            legal: ["own royal not attacked", "moves only if leaves cell(2, 2, 0, 1)"])"#,
    )
    .unwrap();
    assert_eq!(moves(&shifted, text), words("e1d1 e1d2 e1e2 e1f2"));
}

#[test]
fn koeko_moves_end_next_to_a_piece() {
    let koeko = fairy("koeko");
    // A piece may go only where it touches a piece after the move (its
    // own old square is empty then): the rook to d1, next to the king, and
    // no king step (the rook on a1 is too far).
    let text = "7k/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(moves(&koeko, text), words("a1d1"));
    // A check counts only where the king's capture would end next to a
    // piece: the lone rook on a8 does not check the king on h8.
    assert!(!in_check(&koeko, "R6k/8/8/8/8/8/8/4K3 b - - 0 1"));
    assert!(in_check(&koeko, "R6k/6p1/8/8/8/8/8/4K3 b - - 0 1"));
}

#[test]
fn maximummer_keeps_the_longest_moves_of_its_side() {
    let black = fairy("black-maximummer");
    // Black's longest move: the rook's a8-a1 (49) beats the king's steps.
    let text = "r3k3/8/8/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(moves(&black, text), words("a8a1"));
    // White is not bound.
    let white_text = "r3k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(moves(&black, white_text).len(), 5);
    // Castling measures 16 (short) and 25 (long), as Popeye's: with only a
    // king and rooks on their squares long castling beats every king step.
    let castle = "r3k2r/pppppppp/8/8/8/8/8/4K3 b kq - 0 1";
    assert_eq!(moves(&black, castle), words("e8c8"));
}

#[test]
fn a_check_is_legal_only_if_it_mates() {
    let checkless = fairy("checkless");
    // Rh8 mates (legal), Ra1 checks without mating (illegal), Rh7 and
    // Rb1 give no check (legal).
    let text = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
    let list = moves(&checkless, text);
    assert!(list.contains(&"h1h8".to_string()), "{list:?}");
    assert!(!list.contains(&"h1a1".to_string()), "{list:?}");
    assert!(
        list.contains(&"h1h7".to_string()) && list.contains(&"h1b1".to_string()),
        "{list:?}"
    );
    // Mate is read by the same rule: after Rd8+ Black's one answer in
    // chess is Nc8, a block that checks the king on b6 without mating, so
    // illegal here: Rd8 mates, and is legal.
    let before = "k7/4n3/1K6/8/8/8/8/3R4 w - - 0 1";
    assert!(moves(&checkless, before).contains(&"d1d8".to_string()));
    let after = "k2R4/4n3/1K6/8/8/8/8/8 b - - 1 1";
    assert!(moves(&checkless, after).is_empty());
    let chess = Variant::load("chess").unwrap();
    assert!(moves(&chess, text).contains(&"h1a1".to_string()));
    assert_eq!(moves(&chess, after), words("e7c8"));
}

#[test]
fn isardam_refuses_a_move_that_leaves_a_paralysis() {
    let isardam = fairy("isardam");
    // The rook on a1 may not stop on the d-file facing the rook on d8,
    // nor on the eighth rank; a king is never paralysed.
    let text = "3rk3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let list = moves(&isardam, text);
    assert!(
        !list.contains(&"a1d1".to_string()) && !list.contains(&"a1a8".to_string()),
        "{list:?}"
    );
    assert!(
        list.contains(&"a1b1".to_string()) && list.contains(&"e1e2".to_string()),
        "{list:?}"
    );
    // A double step past an enemy pawn that may take it en passant is such
    // a paralysis too (Popeye's reading), though no pawn attacks a5.
    let ep = "4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1";
    let list = moves(&isardam, ep);
    assert!(!list.contains(&"a7a5".to_string()), "{list:?}");
    // A check counts only where taking the king would leave no paralysis:
    // Rxe8 would leave the rook on e8 facing the one on a8.
    assert!(!in_check(&isardam, "r3k3/8/8/8/8/8/8/4RK2 b - - 0 1"));
    assert!(in_check(&isardam, "4k3/8/8/8/8/8/8/4RK2 b - - 0 1"));
}

#[test]
fn misuse_is_refused_where_it_is_written() {
    let load = |legal: &str| {
        let text = format!(r#"(extends: "chess", name: "Bad", legal: [{legal}])"#);
        Variant::from_text("bad.ron", &text)
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let err = load(r#""own royal not attacked", "moves only if leaves cell(0, 2)""#);
    assert!(
        err.contains("a grid cell is 1 to 16 squares wide or high, not 0"),
        "{err}"
    );
    let err = load(r#""checks must mate""#);
    assert!(err.contains("`checks must mate` needs check"), "{err}");
    let err = load(r#""own royal not attacked", "moves only if observed(target by own)""#);
    assert!(err.contains("expected"), "{err}");
}

#[test]
fn the_command_line_points_at_a_bad_filter() {
    let dir = std::env::temp_dir().join(format!("kaboom-filters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad-grid.ron");
    std::fs::write(
        &path,
        "(\n    extends: \"chess\",\n    name: \"Bad grid\",\n    legal: [\"own royal not attacked\", \"moves only if leaves cell(2, 99)\"],\n)\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(["validate", path.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("not 99") && err.contains("bad-grid.ron:4:"), "{err}");
}

/// Along random games of every bundled filter condition: the legal moves
/// are the pseudo-legal ones that pass the definition, perft's count is
/// the list's length, and a square is attacked exactly when a pseudo-legal
/// move captures there (filters apply to attacks as to moves).
#[test]
fn fast_paths_agree_with_the_definitions() {
    let names = [
        "madrasi",
        "patrol",
        "ultra-patrol",
        "monochrome",
        "bichrome",
        "grid",
        "koeko",
        "black-maximummer",
        "checkless",
        "isardam",
    ];
    for name in names {
        let variant = fairy(name);
        let mut seed = 0x5eed_u64 ^ name.len() as u64;
        for _game in 0..6 {
            let mut pos = variant.start_position();
            for _ply in 0..60 {
                let legal = variant.legal_moves(&pos);
                check_position(&variant, &pos, &legal, name);
                if legal.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(&variant, legal[(seed >> 33) as usize % legal.len()]);
            }
        }
    }
}

fn check_position(variant: &Variant, pos: &Position, legal: &[Move], name: &str) {
    let text = fen::write(variant, pos);
    let mut pseudo = Vec::new();
    variant.generate_pseudo_legal(pos, &mut pseudo);
    let slow: Vec<Move> = pseudo.iter().copied().filter(|m| variant.is_legal(pos, m)).collect();
    assert_eq!(slow.as_slice(), legal, "{name}: {text}");
    assert_eq!(
        Perft::new().count(variant, pos, 1),
        legal.len() as u64,
        "{name}: {text}"
    );
    let us = pos.side_to_move();
    for sq in pos.pieces_of(us.flip()).iter() {
        let captured = pseudo.iter().any(|m| m.to == sq && m.kind == MoveKind::Capture);
        assert_eq!(
            variant.is_attacked(pos, sq, us),
            captured,
            "{name}: {text}: square {sq:?}"
        );
    }
}
