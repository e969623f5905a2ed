//! The random setup of Capatomic Random Chess, checked from outside the
//! engine: the constraints of the seed hold for many seeds, Black mirrors
//! White, and the number of distinct setups is derived a second way, by
//! brute force over every arrangement with the seed's rules written anew.

use kaboom::Variant;

/// The FEN ranks of a start position, top (rank 10) first.
fn ranks(fen: &str) -> Vec<String> {
    let board = fen.split_whitespace().next().expect("a board");
    board
        .split('/')
        .map(|row| {
            let mut out = String::new();
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                } else {
                    if !digits.is_empty() {
                        out.push_str(&".".repeat(digits.parse().unwrap()));
                        digits.clear();
                    }
                    out.push(c);
                }
            }
            if !digits.is_empty() {
                out.push_str(&".".repeat(digits.parse().unwrap()));
            }
            out
        })
        .collect()
}

/// The seed's rules for White's back row (rank 2), written independently
/// of kaboom's setup language.
fn valid(row: &[u8]) -> bool {
    valid_with(row, true)
}

fn valid_with(row: &[u8], pawns_protected: bool) -> bool {
    let at = |c: u8| -> Vec<usize> { (0..10).filter(|&i| row[i] == c).collect() };
    // Square colour of file f on rank 2 (index 1): (f + 1) % 2.
    let colour = |f: usize| (f + 1) % 2;
    let (q, a, b, r, k) = (at(b'Q')[0], at(b'A')[0], at(b'B'), at(b'R'), at(b'K')[0]);
    if colour(q) == colour(a) || colour(b[0]) == colour(b[1]) {
        return false;
    }
    if !(r[0] < k && k < r[1]) {
        return false;
    }
    // Every pawn on rank 3 protected by a piece of rank 2.
    !pawns_protected
        || (0..10).all(|f| {
            let piece = |df: i32| -> Option<u8> {
                let g = f + df;
                (0..10).contains(&g).then(|| row[g as usize])
            };
            matches!(piece(0), Some(b'R' | b'Q' | b'C' | b'K'))
                || [-1, 1]
                    .iter()
                    .any(|&d| matches!(piece(d), Some(b'B' | b'Q' | b'A' | b'K')))
                || [-2, 2].iter().any(|&d| matches!(piece(d), Some(b'N' | b'A' | b'C')))
        })
}

#[test]
fn setups_keep_the_seeds_rules() {
    for seed in 0..60 {
        let variant = Variant::load_seeded("capatomic-random", Some(seed)).unwrap_or_else(|e| panic!("{e}"));
        let rows = ranks(variant.start_fen());
        let (r10, r9, r8, r3, r2, r1) = (&rows[0], &rows[1], &rows[2], &rows[7], &rows[8], &rows[9]);
        assert!(valid(r2.as_bytes()), "seed {seed}: {r2}");
        assert_eq!(r3, "PPPPPPPPPP");
        assert_eq!(r8, "pppppppppp");
        assert_eq!(*r9, r2.to_ascii_lowercase(), "seed {seed}: Black mirrors White");
        assert_eq!(
            *r10,
            r1.to_ascii_lowercase(),
            "seed {seed}: Black's missiles mirror White's"
        );
        let k = r2.find('K').unwrap();
        let missiles: Vec<usize> = r1.match_indices('M').map(|(i, _)| i).collect();
        assert_eq!(
            missiles,
            vec![k - 1, k + 1],
            "seed {seed}: missiles diagonally behind the king"
        );
        for rank in [&rows[3], &rows[4], &rows[5], &rows[6]] {
            assert_eq!(rank, "..........");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_position() {
    let a = Variant::load_seeded("capatomic-random", Some(12345)).unwrap();
    let b = Variant::load_seeded("capatomic-random", Some(12345)).unwrap();
    let c = Variant::load_seeded("capatomic-random", Some(12346)).unwrap();
    assert_eq!(a.start_fen(), b.start_fen());
    assert_ne!(
        a.start_fen(),
        c.start_fen(),
        "two seeds rarely pick the same of thousands"
    );
}

#[test]
fn the_count_of_setups_matches_a_brute_force() {
    // Every distinct arrangement of QABBCNNKRR on ten squares.
    fn arrangements(left: &mut Vec<u8>, row: &mut Vec<u8>, out: &mut (usize, usize)) {
        if left.is_empty() {
            out.0 += valid_with(row, false) as usize;
            out.1 += valid(row) as usize;
            return;
        }
        let mut tried = Vec::new();
        for i in 0..left.len() {
            let c = left[i];
            if tried.contains(&c) {
                continue;
            }
            tried.push(c);
            left.remove(i);
            row.push(c);
            arrangements(left, row, out);
            row.pop();
            left.insert(i, c);
        }
    }
    let mut counts = (0, 0);
    arrangements(&mut b"QABBCNNKRR".to_vec(), &mut Vec::new(), &mut counts);
    let (before_pawn_rule, count) = counts;
    let variant = Variant::load("capatomic-random").unwrap();
    assert_eq!(variant.setup_count(), Some(Ok(count as u64)));
    // Before the pawn rule, the seed's procedure gives 2 x 5 x 5 x 4 x 4 x
    // 6 x 10 = 48,000 arrangements (the Q/A colours swapped or not; their
    // squares; the bishops'; the chancellor; the knights' pair; king and
    // rooks then fixed), a third derivation of the rules without it.
    assert_eq!(before_pawn_rule, 48_000);
    assert_eq!(count, 21_836);
}

#[test]
fn the_setup_language_describes_chess960() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/valid/chess960.ron");
    let variant = Variant::load(path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(variant.setup_count(), Some(Ok(960)));
    // Every seed's position is a legal start: 20 moves for White at least
    // (8 pawns x 2, plus knight moves), and perft works from it.
    for seed in 0..20 {
        let variant = Variant::load_seeded(path, Some(seed)).unwrap();
        let start = variant.start_position();
        assert!(
            variant.legal_moves(&start).len() >= 18,
            "seed {seed}: {}",
            variant.start_fen()
        );
    }
}
