//! Checks a random setup: its template, pieces, rules and placements.

use super::checker::Checker;
use crate::base::geometry::Geometry;
use crate::base::square::Square;
use crate::lang::fen_syntax::{self as fen, FenCell, FenRecord};
use crate::lang::setup_syntax::{self as setup, SetupRule};
use crate::spec::SetupSpec;

/// A setup that passed its checks.
#[derive(Clone, Debug)]
pub struct CheckedSetup {
    /// The template read as a FEN, `?` squares as [`FenCell::Slot`].
    pub template: FenRecord,
    /// White's `?` squares in square order.
    pub white_slots: Vec<Square>,
    /// White's pieces to shuffle, sorted.
    pub pieces: Vec<char>,
    /// The rules.
    pub rules: Vec<SetupRule>,
    /// Pieces placed relative to a shuffled piece.
    pub place: Vec<Placement>,
}

/// A piece placed at offsets from a shuffled piece, after the shuffle.
#[derive(Clone, Debug)]
pub struct Placement {
    /// The letter placed.
    pub piece: char,
    /// The shuffled piece it is placed near.
    pub near: char,
    /// (files, ranks) offsets, seen from White.
    pub offsets: Vec<(i32, i32)>,
}

/// Most distinct arrangements a setup's pieces may have (so listing them,
/// for `--count`, stays within seconds).
pub const MAX_ARRANGEMENTS: u128 = 10_000_000;

/// Most `place` entries a setup may have.
pub const MAX_PLACEMENTS: usize = 8;

/// Most offsets one placement may give.
pub const MAX_PLACEMENT_OFFSETS: usize = 16;

/// The number of distinct orders of a multiset of letters, saturating.
fn distinct_arrangements(pieces: &[char]) -> u128 {
    let mut total: u128 = 1;
    let mut placed: u128 = 0;
    let mut counts: Vec<(char, u128)> = Vec::new();
    for &p in pieces {
        match counts.iter_mut().find(|(c, _)| *c == p) {
            Some(entry) => entry.1 += 1,
            None => counts.push((p, 1)),
        }
    }
    // Multiply binomials C(placed + k, k) for each letter's count k.
    for (_, k) in counts {
        for i in 1..=k {
            placed += 1;
            total = total.saturating_mul(placed) / i;
        }
    }
    total
}

/// The square mirroring `sq` across the middle rank.
pub fn mirror(g: Geometry, sq: Square) -> Square {
    g.square(g.file(sq), g.ranks as i32 - 1 - g.rank(sq))
        .expect("a mirrored square is on the board")
}

/// Checks `spec`; on success returns the setup. The template comes first
/// (the pieces are counted against its `?` squares); then every other
/// pass runs and reports what it finds.
pub(super) fn check_setup(
    c: &mut Checker<'_>,
    spec: &SetupSpec,
    g: Geometry,
    known: &dyn Fn(char) -> bool,
) -> Option<CheckedSetup> {
    let (template, white_slots) = setup_template(c, spec, g, known)?;
    let pieces = setup_pieces(c, spec, white_slots.len(), known);
    let letters = pieces.as_ref().map_or_else(|e| e.as_slice(), Vec::as_slice);
    let rules = setup_rules(c, spec, letters, known);
    let place = setup_placements(c, spec, letters, known);
    Some(CheckedSetup {
        template,
        white_slots,
        pieces: pieces.ok()?,
        rules: rules?,
        place: place?,
    })
}

/// The template, and its `?` squares on White's side, which Black's must
/// mirror.
fn setup_template(
    c: &mut Checker<'_>,
    spec: &SetupSpec,
    g: Geometry,
    known: &dyn Fn(char) -> bool,
) -> Option<(FenRecord, Vec<Square>)> {
    let template = match fen::parse(&spec.template.value, g.files, g.ranks, |ch| ch == '?' || known(ch)) {
        Ok(t) => t,
        Err(e) => {
            let at = c.inside(&spec.template, e.span.clone());
            c.error(format!("setup template: {}", e.message), at, e.help);
            return None;
        }
    };
    let slots = (0..g.squares())
        .filter(|&i| template.board[i] == FenCell::Slot)
        .map(Square::from_index);
    let (white_slots, black_slots): (Vec<Square>, Vec<Square>) = slots.partition(|&sq| g.rank(sq) < g.ranks as i32 / 2);
    let mut mirrored: Vec<Square> = white_slots.iter().map(|&sq| mirror(g, sq)).collect();
    mirrored.sort();
    if black_slots != mirrored {
        c.error(
            "the template's `?` squares on Black's side must mirror White's",
            spec.template.location.clone(),
            "put a `?` on the same file and the mirrored rank for every White `?`",
        );
        return None;
    }
    Some((template, white_slots))
}

/// The shuffled pieces, sorted: White's letters, one per `?` square of
/// White's side, with not too many arrangements. On a problem, the letters
/// anyway (as `Err`), for the passes that name them.
fn setup_pieces(
    c: &mut Checker<'_>,
    spec: &SetupSpec,
    slots: usize,
    known: &dyn Fn(char) -> bool,
) -> Result<Vec<char>, Vec<char>> {
    let mut pieces: Vec<char> = spec.pieces.value.chars().collect();
    let mut ok = true;
    for (i, ch) in spec.pieces.value.char_indices() {
        if !ch.is_ascii_uppercase() || !known(ch) {
            let at = c.inside(&spec.pieces, i..i + ch.len_utf8());
            c.error(
                format!("setup pieces: `{ch}` is not a piece letter"),
                at,
                "list White's letters, upper case",
            );
            ok = false;
        }
    }
    if pieces.len() != slots {
        c.error(
            format!(
                "setup has {} pieces for {slots} `?` squares on White's side",
                pieces.len()
            ),
            spec.pieces.location.clone(),
            "give one letter per `?` square of White's side",
        );
        ok = false;
    }
    pieces.sort();
    let arrangements = distinct_arrangements(&pieces);
    if arrangements > MAX_ARRANGEMENTS {
        c.error(
            format!("the setup's pieces have {arrangements} arrangements; at most {MAX_ARRANGEMENTS} are allowed"),
            spec.pieces.location.clone(),
            "shuffle fewer pieces, or fix some of them in the template",
        );
        ok = false;
    }
    if ok { Ok(pieces) } else { Err(pieces) }
}

/// The setup's rules, each naming shuffled pieces (often enough).
fn setup_rules(
    c: &mut Checker<'_>,
    spec: &SetupSpec,
    pieces: &[char],
    known: &dyn Fn(char) -> bool,
) -> Option<Vec<SetupRule>> {
    let mut rules = Vec::new();
    let mut ok = true;
    for text in &spec.rules {
        let rule = match setup::parse(&text.value) {
            Ok(rule) => rule,
            Err((message, span)) => {
                let at = c.inside(text, span);
                c.error(
                    format!("setup rule `{}`: {message}", text.value),
                    at,
                    "see docs/setup.md",
                );
                ok = false;
                continue;
            }
        };
        for (letter, span) in rule.letters() {
            let count = pieces.iter().filter(|p| *p == letter).count();
            let needed = rule.letters().iter().filter(|(l, _)| l == letter).count();
            let shuffled = matches!(rule, SetupRule::Protected(_)) || count >= needed;
            if !known(*letter) || !shuffled {
                let at = c.inside(text, span.clone());
                c.error(
                    format!("setup rule: `{letter}` is not among the shuffled pieces (often enough)"),
                    at,
                    "name pieces listed in `pieces`",
                );
                ok = false;
            }
        }
        rules.push(rule);
    }
    ok.then_some(rules)
}

/// The setup's placements: a piece put near a shuffled one.
fn setup_placements(
    c: &mut Checker<'_>,
    spec: &SetupSpec,
    pieces: &[char],
    known: &dyn Fn(char) -> bool,
) -> Option<Vec<Placement>> {
    let mut ok = true;
    if spec.place.len() > MAX_PLACEMENTS {
        c.error(
            format!(
                "the setup has {} placements; at most {MAX_PLACEMENTS} are allowed",
                spec.place.len()
            ),
            spec.place[MAX_PLACEMENTS].piece.location.clone(),
            "merge placements of the same piece near the same piece",
        );
        ok = false;
    }
    let mut place = Vec::new();
    for p in spec.place.iter().take(MAX_PLACEMENTS) {
        let what = format!("setup placement of `{}`", p.piece.value);
        ok &= super::castling::check_offsets(c, &what, &p.offsets, MAX_PLACEMENT_OFFSETS, p.piece.location.clone());
        if !known(p.piece.value) || !pieces.contains(&p.near.value) {
            c.error(
                "setup placement: `piece` must be a piece letter and `near` one of the shuffled pieces",
                p.piece.location.clone(),
                "for example `(piece: 'M', near: 'K', offsets: [(-1, -1), (1, -1)])`",
            );
            ok = false;
        }
        place.push(Placement {
            piece: p.piece.value,
            near: p.near.value,
            offsets: p.offsets.clone(),
        });
    }
    ok.then_some(place)
}

impl CheckedSetup {
    /// The first arrangement (in letter order) whose placements fit: the
    /// position used to check the variant before a seed picks one.
    pub fn first_arrangement(&self, g: Geometry) -> Option<FenRecord> {
        let mut pieces = self.pieces.clone();
        for _ in 0..10_000 {
            if let Some(record) = self.fill(g, &pieces) {
                return Some(record);
            }
            if !next_permutation(&mut pieces) {
                break;
            }
        }
        None
    }

    /// The start position for an arrangement of White's pieces on its `?`
    /// squares (Black mirrored, placements made), or `None` if a placement
    /// falls off the board or on an occupied square.
    pub fn fill(&self, g: Geometry, arrangement: &[char]) -> Option<FenRecord> {
        let mut record = self.template.clone();
        for (&sq, &ch) in self.white_slots.iter().zip(arrangement) {
            record.board[sq.index()] = FenCell::Piece(ch);
            record.board[mirror(g, sq).index()] = FenCell::Piece(ch.to_ascii_lowercase());
        }
        for Placement { piece, near, offsets } in &self.place {
            let anchors: Vec<Square> = self
                .white_slots
                .iter()
                .zip(arrangement)
                .filter(|(_, c)| *c == near)
                .map(|(&sq, _)| sq)
                .collect();
            for anchor in anchors {
                for &(df, dr) in offsets {
                    let sq = g.offset(anchor, df, dr)?;
                    if record.board[sq.index()] != FenCell::Empty {
                        return None;
                    }
                    record.board[sq.index()] = FenCell::Piece(*piece);
                    record.board[mirror(g, sq).index()] = FenCell::Piece(piece.to_ascii_lowercase());
                }
            }
        }
        Some(record)
    }
}

/// Steps `v` to the next arrangement in lexicographic order; `false` after the last.
pub fn next_permutation(v: &mut [char]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("v[i] itself qualifies");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_distinct_arrangements() {
        assert_eq!(
            distinct_arrangements(&"QABBCNNKRR".chars().collect::<Vec<_>>()),
            453_600
        );
        assert_eq!(distinct_arrangements(&"RNBQKBNR".chars().collect::<Vec<_>>()), 5_040);
        assert!(distinct_arrangements(&"ABCDEFGHIJKLMNOPQRSTUVWXYZ".chars().collect::<Vec<_>>()) > MAX_ARRANGEMENTS);
    }
}
