//! Regions: the variant's named square sets (`regions`), and the pieces'
//! `within` and `moves_in`, which take fixed squares. Each set is parsed
//! and resolved like any sentence's set, then evaluated once per side:
//! a region is fixed squares, never a set that changes as pieces move.

use super::resolve::{Names, Resolved, Resolver};
use super::sentences::parse;
use super::validate::Checker;
use crate::base::geometry::Geometry;
use crate::base::limits::MAX_REGIONS;
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::SET_WORDS;
use crate::lang::betza::{self, Hop, Template};
use crate::lang::effect_syntax::{self as effects, NamedSet, SetExpr, SetOp};
use crate::spec::{PieceSpec, Spanned, VariantFile};

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
}

impl PieceRegions {
    /// Whether the piece's moves depend on the square it stands on beyond
    /// what its template says.
    pub fn depends_on_square(&self) -> bool {
        self.within.is_some() || !self.moves_in.is_empty()
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
        };
        let squares = fixed_squares(c, &spec.squares, "region", &earlier, &regions, g);
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
    for spec in file.pieces.iter().flatten() {
        match piece_regions(c, spec, names, regions, g) {
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
    g: Geometry,
) -> Option<PieceRegions> {
    let mut ok = true;
    let within = match &spec.within {
        Some(text) => {
            let squares = fixed_squares(c, text, "`within`", names, regions, g);
            ok &= squares.is_some();
            squares
        }
        None => None,
    };
    let mut moves_in = Vec::new();
    for entry in &spec.moves_in {
        let squares = fixed_squares(c, &entry.squares, "`moves_in` squares", names, regions, g);
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
            (Some(squares), Some(template)) => moves_in.push((squares, template)),
            _ => ok = false,
        }
    }
    let regions = PieceRegions { within, moves_in };
    if regions.depends_on_square() {
        ok &= no_hops(c, spec, &regions);
    }
    ok.then_some(regions)
}

/// A piece whose moves depend on its square may not hop: its attacks are
/// read from its moves square by square, and a hop's need of exactly one
/// piece on its way is not a path of empty squares.
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
fn fixed_squares(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    what: &str,
    names: &Names<'_>,
    regions: &[CheckedRegion],
    g: Geometry,
) -> Option<[SquareSet; 2]> {
    let set = parse(c, text, what, effects::parse_set)?;
    let set = Resolver { c, text, names }.set(&set)?;
    match Color::BOTH.map(|side| evaluate(&set, regions, g, side)) {
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
pub fn evaluate(
    e: &SetExpr<Resolved>,
    regions: &[CheckedRegion],
    g: Geometry,
    side: Color,
) -> Result<SquareSet, &'static str> {
    let every = || (0..g.squares()).map(|sq| sq as Square);
    Ok(match e {
        SetExpr::Named(NamedSet::All) => every().collect(),
        SetExpr::Named(NamedSet::Light) => every().filter(|&sq| (g.file(sq) + g.rank(sq)) % 2 == 1).collect(),
        SetExpr::Named(NamedSet::Dark) => every().filter(|&sq| (g.file(sq) + g.rank(sq)) % 2 == 0).collect(),
        SetExpr::Named(_) => return Err("a named set other than `all`, `light` or `dark`"),
        SetExpr::Pieces(..) => return Err("a set of pieces"),
        SetExpr::First(..) => return Err("`first(...)`"),
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
        SetExpr::Area(s, r) => around(evaluate(s, regions, g, side)?, g, |dx, dy| {
            dx.abs().max(dy.abs()) <= i32::from(*r)
        }),
        SetExpr::Adjacent(s) => {
            let inner = evaluate(s, regions, g, side)?;
            let ring = around(inner, g, |dx, dy| dx.abs().max(dy.abs()) <= 1);
            every().filter(|&sq| ring.contains(sq) && !inner.contains(sq)).collect()
        }
        SetExpr::Manhattan(s, r) => around(evaluate(s, regions, g, side)?, g, |dx, dy| {
            dx.abs() + dy.abs() <= i32::from(*r)
        }),
        SetExpr::Binary(op, a, b) => {
            let (a, b) = (evaluate(a, regions, g, side)?, evaluate(b, regions, g, side)?);
            every()
                .filter(|&sq| match op {
                    SetOp::Union => a.contains(sq) || b.contains(sq),
                    SetOp::Difference => a.contains(sq) && !b.contains(sq),
                    SetOp::Intersection => a.contains(sq) && b.contains(sq),
                })
                .collect()
        }
        SetExpr::Region(i) => regions[*i as usize].squares[side as usize],
    })
}

/// The squares within a neighbourhood (`near(dx, dy)`) of some square of
/// `set`, `set` included.
fn around(set: SquareSet, g: Geometry, near: impl Fn(i32, i32) -> bool) -> SquareSet {
    let mut out = set;
    for sq in set.iter() {
        for dy in -16..=16 {
            for dx in -16..=16 {
                if near(dx, dy)
                    && let Some(to) = g.offset(sq, dx, dy)
                {
                    out.insert(to);
                }
            }
        }
    }
    out
}
