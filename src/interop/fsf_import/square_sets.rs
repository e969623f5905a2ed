//! Square sets on a Fairy-Stockfish board and how the variant file says
//! them: whole ranks, a set sentence (`ranks(4..5) & files(d..e)`), a
//! region with each side's squares, and whether a ride could leave a set
//! and come back.

use super::rule_trees;
use super::state::{Squares, square};
use crate::lang::effect_syntax::{RanksFrom, SetExpr};
use crate::spec::{RegionSpec, Spanned};

/// Every square of a `files` x `ranks` board.
pub(super) fn board_squares(files: u8, ranks: u8) -> Squares {
    (0..ranks).fold(0, |a, r| a | (0..files).fold(0, |b, f| b | square(f, r)))
}

/// The name of a square, `a1` for (0, 0).
pub(super) fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// Ranks (1-based, counted from White's side) that a region covers in full
/// on a `files` x `ranks` board, or `None` if it covers part of a rank.
pub(super) fn full_ranks(region: Squares, files: u8, ranks: u8) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for r in 0..ranks {
        let row: Squares = (0..files).fold(0, |a, f| a | square(f, r));
        match region & row {
            0 => {}
            x if x == row => out.push(r + 1),
            _ => return None,
        }
    }
    Some(out)
}

/// The ranks of a pair of per-colour regions, counted from each owner's
/// side, if the regions are full ranks and mirror images of each other.
pub(super) fn relative_ranks(regions: &[Squares; 2], files: u8, ranks: u8) -> Option<Vec<u8>> {
    let white = full_ranks(regions[0], files, ranks)?;
    let black = full_ranks(regions[1], files, ranks)?;
    let mut mirrored: Vec<u8> = black.iter().map(|r| ranks + 1 - r).collect();
    mirrored.sort_unstable();
    (white == mirrored).then_some(white)
}

/// Mirror a region across the middle rank.
pub(super) fn mirror(region: Squares, files: u8, ranks: u8) -> Squares {
    let mut out = 0;
    for r in 0..ranks {
        for f in 0..files {
            if region & square(f, r) != 0 {
                out |= square(f, ranks - 1 - r);
            }
        }
    }
    out
}

/// A square set sentence for `region` as seen from White (ranks counted
/// from rank 1, files by letter): `ranks(4..5) & files(d..e)`; empty for
/// an empty region.
pub(super) fn region_sentence(region: Squares, files: u8, ranks: u8) -> String {
    region_set(region, files, ranks, RanksFrom::Own).map_or_else(String::new, |set| set.to_string())
}

/// The square set of `region`, its ranks read from `from`'s side (the
/// region as White sees it): whole ranks, and runs of files on ranks,
/// ranks with the same runs in a row joined; `None` for an empty region.
pub(super) fn region_set(region: Squares, files: u8, ranks: u8, from: RanksFrom) -> Option<SetExpr> {
    // Each rank's runs of squares; ranks with the same runs in a row
    // become one term.
    let runs_of = |r: u8| {
        let mut f = 0;
        let mut runs = Vec::new();
        while f < files {
            if region & square(f, r) != 0 {
                let start = f;
                while f + 1 < files && region & square(f + 1, r) != 0 {
                    f += 1;
                }
                runs.push((start, f));
            }
            f += 1;
        }
        runs
    };
    let mut terms = Vec::new();
    let mut r = 0;
    while r < ranks {
        let runs = runs_of(r);
        let mut last = r;
        while last + 1 < ranks && runs_of(last + 1) == runs {
            last += 1;
        }
        for &(a, b) in &runs {
            let on = rule_trees::ranks(from, r + 1, last + 1);
            terms.push(if a == 0 && b == files - 1 {
                on
            } else {
                rule_trees::both(on, rule_trees::files(a, b))
            });
        }
        r = last + 1;
    }
    rule_trees::union(terms)
}

/// A region with each side's squares, from the two sides' regions as
/// Fairy-Stockfish gives them (Black's in board coordinates, written as
/// Black reads them).
pub(super) fn sided_region(name: &str, regions: &[Squares; 2], files: u8, ranks: u8) -> RegionSpec {
    let sentence = |squares: Squares| Some(Spanned::unplaced(nonempty(region_sentence(squares, files, ranks))));
    RegionSpec {
        name: Spanned::unplaced(name.to_string()),
        squares: None,
        white: sentence(regions[0]),
        black: sentence(mirror(regions[1], files, ranks)),
    }
}

/// A set sentence that reads an empty region too.
pub(super) fn nonempty(sentence: String) -> String {
    if sentence.is_empty() {
        "all - all".to_string()
    } else {
        sentence
    }
}

/// Whether every two squares of a region on one rank, file or diagonal
/// have every square between them in the region too, so that a ride that
/// leaves it never comes back.
pub(super) fn line_convex(region: Squares, files: u8, ranks: u8) -> bool {
    line_convex_along(region, files, ranks, &[(1, 0), (0, 1), (1, 1), (1, -1)])
}

/// [`line_convex`] along the given directions only.
pub(super) fn line_convex_along(region: Squares, files: u8, ranks: u8, directions: &[(i32, i32)]) -> bool {
    let inside = |f: i32, r: i32| {
        (0..files as i32).contains(&f) && (0..ranks as i32).contains(&r) && region & square(f as u8, r as u8) != 0
    };
    for r in 0..ranks as i32 {
        for f in 0..files as i32 {
            if !inside(f, r) {
                continue;
            }
            for &(dx, dy) in directions {
                let (mut x, mut y, mut left) = (f + dx, r + dy, false);
                while (0..files as i32).contains(&x) && (0..ranks as i32).contains(&y) {
                    if !inside(x, y) {
                        left = true;
                    } else if left {
                        return false;
                    }
                    x += dx;
                    y += dy;
                }
            }
        }
    }
    true
}

/// `enclosingDrop = anyside`: the squares a piece reaches entering the
/// board from an edge, as Fairy-Stockfish finds them (absolute, for both
/// sides): from the left edge (its square on the first file empty), the
/// square before the rank's first piece, or the last file's if the rank is
/// empty; from the bottom edge likewise up the file; from the top edge
/// (its square empty), the lowest empty square of the file; from the
/// right edge (its square empty), the leftmost empty square of the rank.
pub(crate) fn any_side_squares(files: u8, ranks: u8) -> String {
    any_side_set(files, ranks).to_string()
}

/// [`any_side_squares`] as a set.
pub(super) fn any_side_set(files: u8, ranks: u8) -> SetExpr {
    use rule_trees::{both, minus, named, pieces, union};
    let white = RanksFrom::White;
    let last_file = || rule_trees::files(files - 1, files - 1);
    let top = || rule_trees::ranks(white, ranks, ranks);
    let empty = || named(crate::lang::effect_syntax::NamedSet::Empty);
    let any = || pieces(crate::lang::effect_syntax::SideFilter::Any, []);
    let lines = |from: SetExpr, t: &str| SetExpr::Lines(Box::new(from), rule_trees::template(t), 1, white);
    let side = |from: SetExpr, edge: &str, inward: (SetExpr, &str), start: SetExpr| {
        let free = minus(empty(), lines(from, edge));
        both(free, union([lines(inward.0, inward.1), start]).expect("two sets"))
    };
    let terms = [
        side(any(), "rR", (any(), "lW"), last_file()),
        side(any(), "fR", (any(), "bW"), top()),
        side(empty(), "fR", (both(top(), empty()), "bR"), top()),
        side(empty(), "rR", (both(last_file(), empty()), "lR"), last_file()),
    ];
    union(terms).expect("four sets")
}
