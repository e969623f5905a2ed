//! Boards whose edges are joined (`board: (..., wrap: Files | Ranks |
//! Both)`, docs/fairy.md, Board topology): leaps, rides, hoppers, checks
//! and square sets cross the seam, each move is listed once, and the
//! attack tables (built backwards from the target) agree with the moves
//! (built forwards) at every position along random games.

use kaboom::{Color, Position, Square, Variant};

fn load(name: &str) -> Variant {
    Variant::load(name).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(v: &Variant, fen: &str) -> Vec<String> {
    let pos = kaboom::fen::parse(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut out: Vec<String> = v.legal_moves(&pos).iter().map(|m| kaboom::uci::write(v, m)).collect();
    out.sort();
    out
}

fn of(list: &[String], from: &str) -> Vec<String> {
    list.iter().filter(|m| m.starts_with(from)).cloned().collect()
}

const VERTICAL: &str = "variants/fairy/vertical-cylinder.ron";
const HORIZONTAL: &str = "variants/fairy/horizontal-cylinder.ron";
const RING: &str = "variants/fairy/anchor-ring.ron";

#[test]
fn a_rook_rides_round_a_vertical_cylinder_once() {
    let v = load(VERTICAL);
    let list = moves(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    // b1-d1 up to its own king, h1-f1 the other way round, a2-a8.
    let rook = of(&list, "a1");
    assert_eq!(rook.len(), 13, "{rook:?}");
    for to in ["a1h1", "a1g1", "a1f1", "a1d1"] {
        assert!(rook.contains(&to.to_string()), "{to} in {rook:?}");
    }
    // The flat board's rook has 10.
    assert_eq!(
        of(&moves(&load("chess"), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "a1").len(),
        10
    );
}

#[test]
fn leaps_captures_and_checks_cross_the_seam() {
    let v = load(VERTICAL);
    // A knight on g1 reaches a2 (two files right, round the seam).
    assert!(moves(&v, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").contains(&"g1a2".to_string()));
    // A pawn on a2 captures on h3.
    assert!(moves(&v, "4k3/8/8/8/8/7p/P7/4K3 w - - 0 1").contains(&"a2h3".to_string()));
    // A knight on b5 checks the king on h4 across the seam; on the flat
    // board it does not.
    let fen = "4k3/8/8/1n6/7K/8/8/8 w - - 0 1";
    assert!(v.in_check(&kaboom::fen::parse(&v, fen).unwrap()));
    let chess = load("chess");
    assert!(!chess.in_check(&kaboom::fen::parse(&chess, fen).unwrap()));
    // The king on h4 takes the rook on a4, a step away across the seam.
    assert!(moves(&v, "4k3/8/8/8/r6K/8/8/8 w - - 0 1").contains(&"h4a4".to_string()));
    assert!(!moves(&chess, "4k3/8/8/8/r6K/8/8/8 w - - 0 1").contains(&"h4a4".to_string()));
}

#[test]
fn a_horizontal_cylinder_joins_the_first_and_last_ranks() {
    let v = load(HORIZONTAL);
    let list = moves(&v, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    // The rook's file round the seam: a2-a8 once (not once each way), b1-d1.
    let rook = of(&list, "a1");
    assert_eq!(rook.len(), 10, "{rook:?}");
    // The king steps onto the eighth rank.
    let king = of(&list, "e1");
    assert_eq!(king, ["e1d1", "e1d2", "e1d8", "e1e2", "e1e8", "e1f1", "e1f2", "e1f8"]);
}

/// The horizontal cylinder's start (docs/fairy.md, Board topology):
/// White's first moves, counted by hand from the array `N3PP2/PPPPKBRQ/
/// 1BRN2PP` (ranks 1 to 3) and Black's mirror, and no mate in one from it.
#[test]
fn the_horizontal_cylinder_s_first_moves() {
    let v = load(HORIZONTAL);
    let start = kaboom::fen::write(&v, &v.start_position());
    assert_eq!(start, "n3pp2/ppppkbrq/1brn2pp/8/8/1BRN2PP/PPPPKBRQ/N3PP2 w - - 0 1");
    let list = moves(&v, &start);
    let from = |sq: &str| of(&list, sq);
    // The knight on a1 crosses the seam: b7 (a pawn, one file and two ranks
    // down, 1-8-7) and c8 (two files, one rank); b3 and c2 are its own.
    assert_eq!(from("a1"), ["a1b7", "a1c8"]);
    // The pawns on e1 and f1 stand behind the king and the bishop; of
    // those on rank 2 only a2's file is open, and it steps two from the
    // square it started on, as g3 does.
    for sq in ["e1", "f1", "b2", "c2", "d2"] {
        assert!(from(sq).is_empty(), "{sq}: {:?}", from(sq));
    }
    assert_eq!(from("a2"), ["a2a3", "a2a4"]);
    assert_eq!(from("g3"), ["g3g4", "g3g5"]);
    // The king: d1 and f3; e3 is the b6 bishop's, the rest its own men.
    assert_eq!(from("e2"), ["e2d1", "e2f3"]);
    // The g2 rook and h2 queen face Black's across the seam: g1, g8, g7
    // (the rook), and h1, h8, h7 (the queen) and the diagonal g1-f8 (a
    // pawn guarded by the king).
    assert_eq!(from("g2"), ["g2g1", "g2g7", "g2g8"]);
    assert_eq!(from("h2"), ["h2f8", "h2g1", "h2h1", "h2h7", "h2h8"]);
    // The f2 bishop: g1 and across the seam h8; e3 to b6 (Black's bishop).
    assert_eq!(from("f2"), ["f2b6", "f2c5", "f2d4", "f2e3", "f2g1", "f2h8"]);
    assert_eq!(list.len(), 37);
    // No first move mates: Black has a legal reply to each.
    let pos = v.start_position();
    for mv in v.legal_moves(&pos) {
        let mut after = pos.clone();
        after.make(&v, mv);
        assert!(!v.legal_moves(&after).is_empty(), "{}", kaboom::uci::write(&v, &mv));
    }
}

#[test]
fn a_grasshopper_hops_across_the_seam() {
    let text = r#"(
        extends: "chess",
        name: "Grasshopper cylinder",
        board: (files: 8, ranks: 8, wrap: Files),
        pieces: [(letter: 'G', name: "grasshopper", moves: "gQ")],
    )"#;
    let v = Variant::from_text("grasshopper.ron", text).unwrap_or_else(|e| panic!("{e}"));
    // The grasshopper on b1 hops over the pawn on a1 to h1.
    let list = moves(&v, "4k3/8/8/8/8/8/8/pG2K3 w - - 0 1");
    assert!(list.contains(&"b1h1".to_string()), "{list:?}");
}

#[test]
fn a_blast_reaches_across_the_seam() {
    let text = r#"(
        extends: "atomic",
        name: "Atomic cylinder",
        board: (files: 8, ranks: 8, wrap: Files),
    )"#;
    let v = Variant::from_text("atomic-cylinder.ron", text).unwrap_or_else(|e| panic!("{e}"));
    // Rxa5 explodes the knight on h5 (next to a5 across the seam).
    let mut pos = kaboom::fen::parse(&v, "4k3/8/8/p6n/8/8/8/R3K3 w - - 0 1").unwrap();
    let mv = kaboom::uci::parse(&v, &pos, "a1a5").unwrap();
    pos.make(&v, mv);
    assert!(pos.cell(Square::new(39)).is_empty(), "h5 is emptied");
}

/// A small generator for the random games (the tests need no RNG crate).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Whether a pseudo-legal move of `by` captures on `sq` in `pos` with `by`
/// to move: the forward tables' answer to "is `sq` attacked".
fn captured_by_moves(v: &Variant, pos: &Position, sq: Square, by: Color) -> bool {
    let fen = kaboom::fen::write(v, pos);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[1] = if by == Color::White { "w" } else { "b" };
    fields[3] = "-";
    let turned = kaboom::fen::parse(v, &fields.join(" ")).unwrap();
    let mut pseudo = Vec::new();
    v.generate_pseudo_legal(&turned, &mut pseudo);
    pseudo.iter().any(|m| m.to == sq)
}

#[test]
fn attacks_agree_with_moves_along_random_games_on_every_topology() {
    let mut rng = Lcg(7);
    for name in [VERTICAL, HORIZONTAL, RING] {
        let v = load(name);
        let mut checked = 0;
        for _ in 0..12 {
            let mut pos = v.start_position();
            for _ in 0..40 {
                for sq in (0..64).map(Square::new) {
                    let cell = pos.cell(sq);
                    if cell.is_empty() {
                        continue;
                    }
                    let by = cell.color().flip();
                    assert_eq!(
                        v.is_attacked(&pos, sq, by),
                        captured_by_moves(&v, &pos, sq, by),
                        "{name}: attack on {sq:?} in {}",
                        kaboom::fen::write(&v, &pos)
                    );
                    checked += 1;
                }
                let legal = v.legal_moves(&pos);
                let mut seen = legal.clone();
                seen.sort_by_key(|m| kaboom::uci::write(&v, m));
                seen.dedup_by_key(|m| kaboom::uci::write(&v, m));
                assert_eq!(seen.len(), legal.len(), "{name}: a move listed twice");
                if legal.is_empty() {
                    break;
                }
                pos.make(&v, legal[rng.below(legal.len())]);
            }
        }
        assert!(checked > 5000, "{name}: {checked} squares checked");
    }
}

/// Perft of each bundled topology's start position, pinned (no reference
/// program plays these boards: Popeye has no cylinder condition). On the
/// vertical cylinder 392, not chess's 400, at depth 2: after 1.c3 the
/// queen pins the f7 pawn through c2-b3-a4-h5-g6 (and 1.g3 the bishop the
/// d7 pawn), so Black has 18 moves there.
#[test]
fn perft_of_the_bundled_topologies() {
    let mut perft = kaboom::Perft::new();
    for (name, counts) in [
        (VERTICAL, [20, 392, 9162]),
        (HORIZONTAL, [37, 1243, 45599]),
        (RING, [44, 1527, 55636]),
    ] {
        let v = load(name);
        let pos = v.start_position();
        for (depth, expected) in counts.iter().enumerate() {
            assert_eq!(
                perft.count(&v, &pos, depth as u32 + 1),
                *expected,
                "{name} depth {}",
                depth + 1
            );
        }
    }
}

/// A `wrap` that is not one of the four is refused where it is written,
/// with the four named.
#[test]
fn an_unknown_wrap_is_refused_with_its_place() {
    let text = "(\n    extends: \"chess\",\n    name: \"x\",\n    board: (files: 8, ranks: 8, wrap: Cylinder),\n)\n";
    let Err(err) = Variant::from_text("bad.ron", text) else {
        panic!("an unknown wrap loads");
    };
    let d = &err.diagnostics[0];
    assert!(d.message.contains("unknown value `Cylinder`"), "{}", d.message);
    assert!(
        d.help.as_deref().unwrap_or("").contains("Flat, Files, Ranks, Both"),
        "{d:?}"
    );
    let at = d.location.as_ref().expect("a place").span.clone();
    assert_eq!(&text[at], "Cylinder");
}

/// Fairy-Stockfish's boards are flat: `export-fsf` says why it cannot
/// write a joined one.
#[test]
fn a_joined_board_is_not_exported_to_fairy_stockfish() {
    let why = kaboom::interop::export(VERTICAL, "cylinder").expect_err("refused");
    assert!(why.iter().any(|w| w.contains("`wrap`")), "{why:?}");
}
