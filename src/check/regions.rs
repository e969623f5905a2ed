//! Regions: the variant's named square sets (`regions`), and the pieces'
//! `within` and `moves_in`, which take fixed squares. Each set is parsed
//! and resolved like any sentence's set, then evaluated once per side:
//! a region is fixed squares, never a set that changes as pieces move.

use super::checker::Checker;
use super::resolve::{Names, Resolved, Resolver};
use super::sentence_parse::parse;
use crate::base::geometry::Geometry;
use crate::base::limits::{MAX_MOVES_IN, MAX_REGIONS};
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::SET_WORDS;
use crate::lang::betza::{self, Hop, Template};
use crate::lang::effect_syntax::{self as effects, NamedSet, SetExpr, SetOp};
use crate::spec::{MovesInSpec, PieceSpec, Spanned, VariantFile};

/// A named region, its squares read for each side (index: the side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedRegion {
    /// The name sentences use.
    pub name: String,
    /// Its squares for White and for Black (`ranks(...)` count from each).
    pub squares: [SquareSet; 2],
}

/// Where a piece may go, by region: the squares it never leaves and the
/// moves it has on some squares instead of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceRegions {
    /// The squares the piece never leaves, per side; `None`: the board.
    pub within: Option<[SquareSet; 2]>,
    /// Other moves on some squares, per side: the first entry holding the
    /// piece's square gives its moves there.
    pub moves_in: Vec<([SquareSet; 2], Template)>,
    /// Moves added on some squares, per side, each kept to its squares: on
    /// a square of an entry the piece also moves by its template, landing
    /// and passing only on the entry's squares.
    pub moves_along: Vec<([SquareSet; 2], Template)>,
    /// The squares its `i` moves start from, per side (`initial_squares`);
    /// `None`: its initial ranks.
    pub initial: Option<[SquareSet; 2]>,
}

impl PieceRegions {
    /// Whether the piece's own moves depend on the square it stands on
    /// beyond what its template says (`within`, `moves_in`; the moves
    /// `moves_along` adds come on top of them).
    pub fn depends_on_square(&self) -> bool {
        self.within.is_some() || !self.moves_in.is_empty()
    }

    /// Whether the piece of `side` on `from` (on its 0-based relative rank
    /// `rank`) may make its `i` moves: `from` is one of its
    /// `initial_squares`, or else `rank` one of `ranks`, its initial ranks.
    pub fn initial_allows(&self, ranks: &[i32], side: Color, from: Square, rank: i32) -> bool {
        match &self.initial {
            Some(squares) => squares[side as usize].contains(from),
            None => ranks.contains(&rank),
        }
    }
}

/// Checks `regions`: each name once, a lower-case word that is not a word
/// of the sentence language, and squares that are fixed. A region may use
/// the regions before it.
///
/// Returns one region per entry, in order (a region with a problem, which
/// is reported, as no squares), so that the indices sentences resolved
/// stay right.
pub(super) fn check_regions(
    c: &mut Checker<'_>,
    file: &VariantFile,
    names: &Names<'_>,
    g: Geometry,
) -> Vec<CheckedRegion> {
    let specs = file.regions.as_deref().unwrap_or_default();
    if specs.len() > MAX_REGIONS {
        c.error(
            format!(
                "at most {MAX_REGIONS} regions may be named; this variant names {}",
                specs.len()
            ),
            specs[MAX_REGIONS].name.location.clone(),
            "merge regions, or write their squares where they are used",
        );
    }
    let mut regions: Vec<CheckedRegion> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut masks = Neighbourhoods::new(g);
    for spec in specs {
        let name = &spec.name.value;
        if let Some(problem) = name_problem(name) {
            c.error(
                format!("region name `{name}`: {problem}"),
                spec.name.location.clone(),
                "name it with lower-case letters, digits and `_`, starting with a letter: `palace`, `across_river`",
            );
        } else if seen.contains(name) {
            c.error(
                format!("two regions are named `{name}`"),
                spec.name.location.clone(),
                "give each region its own name",
            );
        }
        let earlier = Names {
            letter_kind: names.letter_kind,
            royal: names.royal,
            all: names.all,
            regions: &seen,
            all_regions: names.all_regions,
            castling_letters: names.castling_letters,
            actions: names.actions,
        };
        let squares = match (&spec.squares, &spec.white, &spec.black) {
            (Some(both), None, None) => fixed_squares(c, both, "region", &earlier, &regions, &mut masks),
            (None, Some(white), Some(black)) => {
                let white = fixed_squares(c, white, "region", &earlier, &regions, &mut masks);
                let black = fixed_squares(c, black, "region", &earlier, &regions, &mut masks);
                white.zip(black).map(|(w, b)| [w[0], b[1]])
            }
            (squares, white, black) => {
                let at = squares
                    .as_ref()
                    .or(white.as_ref())
                    .or(black.as_ref())
                    .and_then(|s| s.location.clone())
                    .or_else(|| spec.name.location.clone());
                c.error(
                    format!("region `{name}` needs `squares`, or both `white` and `black`"),
                    at,
                    "write `squares` for one set read for each side, or `white` and `black` for each side's own squares",
                );
                None
            }
        };
        regions.push(CheckedRegion {
            name: name.clone(),
            squares: squares.unwrap_or([SquareSet::EMPTY; 2]),
        });
        seen.push(name.clone());
    }
    regions
}

/// Why `name` cannot name a region, if it cannot.
fn name_problem(name: &str) -> Option<&'static str> {
    let mut chars = name.chars();
    if !chars.next().is_some_and(|ch| ch.is_ascii_lowercase()) {
        return Some("it must start with a lower-case letter");
    }
    if !chars.all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_') {
        return Some("only lower-case letters, digits and `_` may follow");
    }
    if SET_WORDS.contains(&name) {
        return Some("it is a word of the sentence language");
    }
    None
}

/// Checks each piece's `within` and `moves_in`, in the order of `pieces`.
pub(super) fn check_piece_regions(
    c: &mut Checker<'_>,
    file: &VariantFile,
    names: &Names<'_>,
    regions: &[CheckedRegion],
    g: Geometry,
) -> Option<Vec<PieceRegions>> {
    let mut ok = true;
    let mut out = Vec::new();
    let mut masks = Neighbourhoods::new(g);
    for spec in file.pieces.iter().flatten() {
        match piece_regions(c, spec, names, regions, &mut masks) {
            Some(r) => out.push(r),
            None => {
                ok = false;
                out.push(PieceRegions::default());
            }
        }
    }
    ok.then_some(out)
}

fn piece_regions(
    c: &mut Checker<'_>,
    spec: &PieceSpec,
    names: &Names<'_>,
    regions: &[CheckedRegion],
    masks: &mut Neighbourhoods,
) -> Option<PieceRegions> {
    let mut ok = true;
    for (field, entries) in [("moves_in", &spec.moves_in), ("moves_along", &spec.moves_along)] {
        if entries.len() > MAX_MOVES_IN {
            c.error(
                format!(
                    "the {} ({}) has {} `{field}` entries; at most {MAX_MOVES_IN} are allowed",
                    spec.name.value,
                    spec.letter.value,
                    entries.len()
                ),
                entries[MAX_MOVES_IN].squares.location.clone(),
                "merge entries with the same moves (`+` of their squares)",
            );
            return None;
        }
    }
    let within = match &spec.within {
        Some(text) => {
            let squares = fixed_squares(c, text, "`within`", names, regions, masks);
            ok &= squares.is_some();
            squares
        }
        None => None,
    };
    let initial = match &spec.initial_squares {
        Some(text) => {
            let squares = fixed_squares(c, text, "`initial_squares`", names, regions, masks);
            ok &= squares.is_some();
            if spec.initial_ranks.is_some() {
                ok = false;
                c.error(
                    format!(
                        "the {} ({}) has both `initial_ranks` and `initial_squares`",
                        spec.name.value, spec.letter.value
                    ),
                    text.location.clone(),
                    "keep one: `initial_squares` names any squares, `initial_ranks` whole ranks",
                );
            }
            squares
        }
        None => None,
    };
    let mut entries = |list: &[MovesInSpec], what: &str| {
        let mut out = Vec::new();
        for entry in list {
            let squares = fixed_squares(c, &entry.squares, what, names, regions, masks);
            let template = match betza::parse(&entry.moves.value) {
                Ok(t) => Some(t),
                Err(e) => {
                    let at = c.inside(&entry.moves, e.span.clone());
                    c.error(
                        format!("movement template `{}`: {}", entry.moves.value, e.message),
                        at,
                        e.help,
                    );
                    None
                }
            };
            match (squares, template) {
                (Some(squares), Some(template)) => out.push((squares, template)),
                _ => ok = false,
            }
        }
        out
    };
    let moves_in = entries(&spec.moves_in, "`moves_in` squares");
    let moves_along = entries(&spec.moves_along, "`moves_along` squares");
    let regions = PieceRegions {
        within,
        moves_in,
        moves_along,
        initial,
    };
    if regions.depends_on_square() {
        ok &= no_hops(c, spec, &regions);
    }
    ok.then_some(regions)
}

/// A piece confined by `within` or given other moves by `moves_in` may not
/// hop: a piece outside its squares rides into them as a leap over empty
/// squares, which a hop's need of exactly one piece on its way is not.
/// (`moves_along` keeps the piece on squares it already stands on, so its
/// hops are plain hops cut to those squares.)
fn no_hops(c: &mut Checker<'_>, spec: &PieceSpec, regions: &PieceRegions) -> bool {
    let hops = |t: &Template| t.components.iter().any(|k| k.hop != Hop::None);
    let own = betza::parse(&spec.moves.value).is_ok_and(|t| hops(&t));
    if own || regions.moves_in.iter().any(|(_, t)| hops(t)) {
        c.error(
            format!(
                "the {} ({}) hops (`p` or `g`) and has `within` or `moves_in`: kaboom cannot yet confine a hopper",
                spec.name.value, spec.letter.value
            ),
            spec.moves.location.clone(),
            "drop `within`/`moves_in` for this piece, or its `p`/`g` moves",
        );
        return false;
    }
    true
}

/// Parses, resolves and evaluates a set of fixed squares for both sides.
/// The squares of each promotion rule's `squares` (fixed squares, read
/// for each side) put into its zone, in the order of the rules. False if
/// some set is not fixed squares, or empty for both sides.
pub(super) fn promotion_squares(
    c: &mut Checker<'_>,
    file: &VariantFile,
    promotions: &mut [super::CheckedPromotion],
    names: &Names<'_>,
    regions: &[CheckedRegion],
    g: Geometry,
) -> bool {
    let mut ok = true;
    let mut masks = Neighbourhoods::new(g);
    // Reported even when another problem left no checked rules.
    for (i, spec) in file.promotion.iter().flatten().enumerate() {
        let Some(text) = &spec.squares else { continue };
        match fixed_squares(c, text, "promotion `squares`", names, regions, &mut masks) {
            Some(sets) if sets.iter().all(SquareSet::is_empty) => {
                ok = false;
                c.error(
                    format!("promotion `squares` `{}` holds no square of the board", text.value),
                    text.location.clone(),
                    "name the squares where the pieces promote, read for their owner (`ranks(8)`, a region)",
                );
            }
            Some(sets) => {
                if let Some(rule) = promotions.get_mut(i) {
                    rule.set_squares(sets, spec.mandatory != Some(false));
                }
            }
            None => ok = false,
        }
    }
    ok
}

fn fixed_squares(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    what: &str,
    names: &Names<'_>,
    regions: &[CheckedRegion],
    masks: &mut Neighbourhoods,
) -> Option<[SquareSet; 2]> {
    let set = parse(c, text, what, effects::parse_set)?;
    let set = Resolver { c, text, names }.set(&set)?;
    match Color::BOTH.map(|side| evaluate(&set, regions, masks, side)) {
        [Ok(white), Ok(black)] => Some([white, black]),
        [Err(word), _] | [_, Err(word)] => {
            c.error(
                format!("{what} `{}`: {word} is not fixed squares", text.value),
                text.location.clone(),
                "use squares that do not change as pieces move: `ranks(...)`, `files(...)`, `light`, `dark`, `all`, regions, and `area`, `adjacent`, `manhattan`, `+`, `-`, `&` of them",
            );
            None
        }
    }
}

/// The squares of a set of fixed squares, read for `side`; or the word
/// that is not fixed.
fn evaluate(
    e: &SetExpr<Resolved>,
    regions: &[CheckedRegion],
    masks: &mut Neighbourhoods,
    side: Color,
) -> Result<SquareSet, &'static str> {
    let g = masks.g;
    let every = || Square::all(g.squares());
    Ok(match e {
        SetExpr::Named(NamedSet::All) => every().collect(),
        SetExpr::Named(NamedSet::Light) => every().filter(|&sq| (g.file(sq) + g.rank(sq)) % 2 == 1).collect(),
        SetExpr::Named(NamedSet::Dark) => every().filter(|&sq| (g.file(sq) + g.rank(sq)) % 2 == 0).collect(),
        SetExpr::Named(_) => return Err("a named set other than `all`, `light` or `dark`"),
        SetExpr::Pieces(..) => return Err("a set of pieces"),
        SetExpr::Last(_) => return Err("`last(...)`"),
        SetExpr::First(..) => return Err("`first(...)`"),
        SetExpr::Reach(..) => return Err("`reach(...)`"),
        SetExpr::Enclosed(..) => return Err("`enclosed(...)`"),
        SetExpr::Enclosing(..) => return Err("`enclosing(...)`"),
        SetExpr::Marked(..) => return Err("`marked(...)`"),
        SetExpr::Lines(..) => return Err("`lines(...)`"),
        SetExpr::Ranks(from, lo, hi) => every()
            .filter(|&sq| {
                let r = g.relative_rank(from.side(side), g.rank(sq)) + 1;
                r >= i32::from(*lo) && r <= i32::from(*hi)
            })
            .collect(),
        SetExpr::Files(lo, hi) => every()
            .filter(|&sq| g.file(sq) >= i32::from(*lo) && g.file(sq) <= i32::from(*hi))
            .collect(),
        SetExpr::Area(s, r) => {
            let inner = evaluate(s, regions, masks, side)?;
            masks.around(inner, *r, false)
        }
        SetExpr::Adjacent(s) => {
            let inner = evaluate(s, regions, masks, side)?;
            let ring = masks.around(inner, 1, false);
            every().filter(|&sq| ring.contains(sq) && !inner.contains(sq)).collect()
        }
        SetExpr::Manhattan(s, r) => {
            let inner = evaluate(s, regions, masks, side)?;
            masks.around(inner, *r, true)
        }
        SetExpr::Binary(op, a, b) => {
            let a = evaluate(a, regions, masks, side)?;
            let b = evaluate(b, regions, masks, side)?;
            every()
                .filter(|&sq| match op {
                    SetOp::Union => a.contains(sq) || b.contains(sq),
                    SetOp::Difference => a.contains(sq) && !b.contains(sq),
                    SetOp::Intersection => a.contains(sq) && b.contains(sq),
                })
                .collect()
        }
        SetExpr::Region(from, i) => regions[*i as usize].squares[from.side(side) as usize],
    })
}

/// The squares within each radius of each square, built once per radius
/// and metric as sets ask for them, so a set's cost does not grow with
/// its radii.
struct Neighbourhoods {
    g: Geometry,
    /// By (metric, radius): Chebyshev (`area`) then Manhattan.
    masks: Vec<(bool, u8, Vec<SquareSet>)>,
}

impl Neighbourhoods {
    fn new(g: Geometry) -> Neighbourhoods {
        Neighbourhoods { g, masks: Vec::new() }
    }

    /// The squares within `radius` of some square of `set`, `set` included.
    fn around(&mut self, set: SquareSet, radius: u8, manhattan: bool) -> SquareSet {
        let g = self.g;
        let index = match self.masks.iter().position(|(m, r, _)| *m == manhattan && *r == radius) {
            Some(i) => i,
            None => {
                let reach = i32::from(radius).min(2 * i32::from(Geometry::MAX_SIDE));
                let masks = (0..g.squares())
                    .map(|sq| {
                        let mut near = SquareSet::EMPTY;
                        for to in Square::all(g.squares()) {
                            let (dx, dy) = (
                                g.file(to) - g.file(Square::from_index(sq)),
                                g.rank(to) - g.rank(Square::from_index(sq)),
                            );
                            let distance = if manhattan {
                                dx.abs() + dy.abs()
                            } else {
                                dx.abs().max(dy.abs())
                            };
                            if distance <= reach {
                                near.insert(to);
                            }
                        }
                        near
                    })
                    .collect();
                self.masks.push((manhattan, radius, masks));
                self.masks.len() - 1
            }
        };
        let masks = &self.masks[index].2;
        set.iter().fold(set, |acc, sq| acc.union(&masks[sq.index()]))
    }
}
