//! Betza movement templates: the pest grammar in `grammar/betza.pest`,
//! lowered to a list of [`Component`]s with spans.
//!
//! Directions follow XBetza as Fairy-Stockfish reads it: for an atom with
//! a major and a minor step, `f` alone selects the moves whose major step
//! goes forward; a pair such as `fs` names the minor direction first and
//! the major second (`fsN`: one forward, two sideways); for orthogonal
//! atoms a pair is the union of its letters (`fsW`: forward or sideways).

use grammar::{BetzaParser, Rule};
use pest::Parser;
use std::ops::Range;

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/betza.pest"]
    pub struct BetzaParser;
}

/// A problem in a template, with the byte range of the template it concerns.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TemplateError {
    /// What is wrong, in words.
    pub message: String,
    /// Byte range inside the template text.
    pub span: Range<usize>,
    /// How to fix it.
    pub help: String,
}

/// How far an atom goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A single leap of the atom's vector.
    Leap,
    /// Repeats the atom's step up to `max` times (`None`: to the edge).
    Ride {
        /// Largest number of steps, or no limit.
        max: Option<u8>,
    },
}

/// Whether a rider jumps a hurdle: exactly one piece, of either side, on
/// its line before the destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Hop {
    /// No hurdle: the rider stops at the first occupied square.
    #[default]
    None,
    /// `p`: lands on any square beyond the hurdle, up to and including the
    /// next occupied one (a rook that captures this way is `mRcpR`).
    Over,
    /// `g`: lands on the square just beyond the hurdle (`gQ`).
    Behind,
}

/// One atom of a template with its modifiers resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The atom letter as written (`N`, `R`, ...).
    pub atom: char,
    /// The selected move vectors `(files, ranks)` seen from White,
    /// forward being positive ranks.
    pub vectors: Vec<(i32, i32)>,
    /// Leap or ride.
    pub reach: Reach,
    /// May move to an empty square.
    pub quiet: bool,
    /// May capture an enemy piece on its destination.
    pub capture: bool,
    /// May capture en passant.
    pub en_passant: bool,
    /// Allowed only from the piece's initial ranks.
    pub initial: bool,
    /// The leap passes over intermediate squares that must be empty.
    pub lame: bool,
    /// A rider that must jump exactly one piece (`p`, `g`).
    pub hop: Hop,
    /// Byte range of the component in the template.
    pub span: Range<usize>,
}

/// A parsed template: the union of its components' moves.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Template {
    /// The components in the order written.
    pub components: Vec<Component>,
}

/// The (major, minor) step of each leap atom, and whether it rides by
/// itself (R, B, Q).
fn atom_steps(atom: char) -> (&'static [(i32, i32)], bool) {
    match atom {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'C' | 'L' => (&[(3, 1)], false),
        'Z' | 'J' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => unreachable!("the grammar admits only known atoms"),
    }
}

mod betza_print;

/// Longest movement template, in bytes.
pub const MAX_TEMPLATE_BYTES: usize = 256;

/// Parses a template such as `fmWfceFifmnD`.
pub fn parse(text: &str) -> Result<Template, TemplateError> {
    if text.len() > MAX_TEMPLATE_BYTES {
        return Err(TemplateError {
            message: format!(
                "the template has {} bytes; at most {MAX_TEMPLATE_BYTES} are allowed",
                text.len()
            ),
            span: 0..0,
            help: "a piece needs only a few components; list each atom once".into(),
        });
    }
    let pairs = BetzaParser::parse(Rule::template, text).map_err(|e| grammar_error(text, e))?;
    let mut template = Template::default();
    for pair in pairs.flatten().filter(|p| p.as_rule() == Rule::component) {
        template.components.push(lower_component(pair)?);
    }
    Ok(template)
}

fn grammar_error(text: &str, e: pest::error::Error<Rule>) -> TemplateError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let end = (pos + text[pos..].chars().next().map_or(0, char::len_utf8)).max(pos);
    let found = text[pos..].chars().next();
    let message = match found {
        Some(c) if c.is_ascii_digit() => format!("a range `{c}` must follow an atom"),
        Some(c) if c.is_ascii_uppercase() => format!("`{c}` is not a Betza atom"),
        Some(c) if c.is_ascii_lowercase() => format!("`{c}` is not a Betza modifier kaboom knows"),
        Some(c) => format!("unexpected `{c}` in a movement template"),
        None => "the template ends after modifiers: an atom must follow them".to_string(),
    };
    TemplateError {
        message,
        span: pos..end,
        help: "atoms: W F D N A H C L Z J G K R B Q; modifiers before an atom: f b l r v s h m c e n i p g; \
               after an atom: the atom again (rider) or a range (R4); see docs/betza.md"
            .to_string(),
    }
}

fn lower_component(pair: pest::iterators::Pair<'_, Rule>) -> Result<Component, TemplateError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut directions: Vec<(char, Range<usize>)> = Vec::new();
    let (mut quiet, mut capture, mut en_passant, mut initial, mut lame) = (false, false, false, false, false);
    let mut atom = ' ';
    let mut reach = Reach::Leap;
    let mut hop = (Hop::None, 0..0);
    for inner in pair.into_inner() {
        let s = inner.as_str();
        let at = inner.as_span().start()..inner.as_span().end();
        match inner.as_rule() {
            Rule::direction => directions.push((s.chars().next().unwrap_or('f'), at)),
            Rule::modality => match s {
                "m" => quiet = true,
                "c" => capture = true,
                _ => en_passant = true,
            },
            Rule::lame => lame = true,
            Rule::initial => initial = true,
            Rule::hop => {
                let this = if s == "p" { Hop::Over } else { Hop::Behind };
                if hop.0 != Hop::None && hop.0 != this {
                    return Err(TemplateError {
                        message: "`p` and `g` cannot both apply to one atom".into(),
                        span: at,
                        help: "`p` lands anywhere beyond the hurdle, `g` just beyond it: choose one".into(),
                    });
                }
                hop = (this, at);
            }
            Rule::atom => atom = s.chars().next().unwrap_or('W'),
            Rule::repeat => reach = Reach::Ride { max: None },
            Rule::range => {
                let n: u8 = s.parse().map_err(|_| TemplateError {
                    message: format!("range `{s}` is not a number"),
                    span: at.clone(),
                    help: "write a range from 0 (no limit) to 99".into(),
                })?;
                reach = Reach::Ride {
                    max: if n == 0 { None } else { Some(n) },
                };
            }
            _ => {}
        }
    }
    let (steps, rides_itself) = atom_steps(atom);
    if rides_itself && reach == Reach::Leap {
        reach = Reach::Ride { max: None };
    }
    if !quiet && !capture && !en_passant {
        quiet = true;
        capture = true;
    }
    if lame && matches!(reach, Reach::Ride { .. }) {
        return Err(TemplateError {
            message: format!("`n` (lame) applies to leaps, not to the rider `{atom}`"),
            span,
            help: "a rider already stops at the first occupied square; drop the `n`".into(),
        });
    }
    if hop.0 != Hop::None && !matches!(reach, Reach::Ride { .. }) {
        let letter = if hop.0 == Hop::Over { 'p' } else { 'g' };
        return Err(TemplateError {
            message: format!("`{letter}` (hopper) applies to riders, not to the leap `{atom}`"),
            span: hop.1,
            help: format!("write it before a rider: `{letter}R`, `{letter}B`, `{letter}Q`, `{letter}WW`"),
        });
    }
    if hop.0 != Hop::None && initial {
        return Err(TemplateError {
            message: "a hopper cannot be limited to the initial ranks (`i`)".into(),
            span,
            help: "drop the `i`".into(),
        });
    }
    if hop.0 != Hop::None && en_passant {
        return Err(TemplateError {
            message: "a hopper cannot capture en passant".into(),
            span,
            help: "drop the `e`, or write the en passant move as its own component".into(),
        });
    }
    let tokens = direction_tokens(&directions);
    let mut vectors = Vec::new();
    for &(major, minor) in steps {
        for v in images(major, minor) {
            let selected = tokens.is_empty()
                || tokens
                    .iter()
                    .any(|t| match half_images(*t, major, minor, steps.len() == 1) {
                        Some(set) => set.contains(&v),
                        None => selects(t, v, minor == 0),
                    });
            if selected && !vectors.contains(&v) {
                vectors.push(v);
            }
        }
    }
    if vectors.is_empty() {
        return Err(TemplateError {
            message: format!("the direction modifiers select no move of `{atom}`"),
            span,
            help: "for example `fN` is the two forward knight moves, `fsN` the two forward wide ones".into(),
        });
    }
    Ok(Component {
        atom,
        vectors,
        reach,
        quiet,
        capture,
        en_passant,
        initial,
        lame,
        hop: hop.0,
        span,
    })
}

/// Groups direction letters into tokens: a vertical letter next to a
/// horizontal one forms a pair, any other letter stands alone.
fn direction_tokens(directions: &[(char, Range<usize>)]) -> Vec<(char, char)> {
    // `h` pairs with either kind of letter, as in Fairy-Stockfish.
    let vertical = |c: char| matches!(c, 'f' | 'b' | 'v' | 'h');
    let horizontal = |c: char| matches!(c, 'l' | 'r' | 's' | 'h');
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < directions.len() {
        let (c, ref at) = directions[i];
        if let Some((c2, at2)) = directions.get(i + 1) {
            let adjacent = at.end == at2.start;
            if adjacent && (*c2 == c || (vertical(c) && horizontal(*c2)) || (horizontal(c) && vertical(*c2))) {
                tokens.push((c, *c2));
                i += 2;
                continue;
            }
        }
        tokens.push((c, c));
        i += 1;
    }
    tokens
}

/// The eight images of a (major, minor) step, as (files, ranks).
fn images(major: i32, minor: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::with_capacity(8);
    for (a, b) in [(minor, major), (major, minor)] {
        for sa in [1, -1] {
            for sb in [1, -1] {
                let v = (a * sa, b * sb);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// The vectors a token with `h` selects of the (major, minor) atom, as
/// Fairy-Stockfish reads it (`None`: the token has no `h`). `fh`, `bh`,
/// `lh`, `rh` are the halves of the eight images whose step goes that way
/// (`fhN`: the four forward knight moves); `hr` and `hl` are the chiral
/// halves, each image turned a quarter (`hrN`: (1,2), (2,-1), (-1,-2),
/// (-2,1)). On a lone orthogonal atom the pair reads as its other letter
/// (`fhW` is `fW`); any other token with `h` selects nothing.
fn half_images((first, second): (char, char), major: i32, minor: i32, lone: bool) -> Option<Vec<(i32, i32)>> {
    if first != 'h' && second != 'h' {
        return None;
    }
    let other = if first == 'h' { second } else { first };
    let known = matches!((first, second), ('f' | 'b' | 'l' | 'r', 'h') | ('h', 'l' | 'r'));
    if !known {
        return Some(Vec::new());
    }
    if lone && minor == 0 {
        let single: Vec<(i32, i32)> = images(major, minor)
            .into_iter()
            .filter(|&v| selects(&(other, other), v, true))
            .collect();
        return Some(single);
    }
    // Fairy-Stockfish's eight images, numbered 1 to 8, as (dx, dy).
    let (a, b) = (major, minor);
    let all = [(b, a), (-b, -a), (a, -b), (-a, b), (a, b), (-a, -b), (b, -a), (-b, a)];
    let which: [usize; 4] = match (first, second) {
        ('f', _) => [0, 3, 4, 7],
        ('b', _) => [1, 2, 5, 6],
        ('r', _) => [0, 2, 4, 6],
        ('l', _) => [1, 3, 5, 7],
        (_, 'r') => [0, 1, 2, 3],
        _ => [4, 5, 6, 7],
    };
    Some(which.iter().map(|&i| all[i]).collect())
}

/// Whether a direction token selects the vector `(dx, dy)`.
fn selects(token: &(char, char), (dx, dy): (i32, i32), orthogonal: bool) -> bool {
    let single = |c: char| -> bool {
        let vertical_major = dy.abs() >= dx.abs() && dy != 0;
        let horizontal_major = dx.abs() >= dy.abs() && dx != 0;
        match c {
            'f' => vertical_major && dy > 0,
            'b' => vertical_major && dy < 0,
            'v' => vertical_major,
            'r' => horizontal_major && dx > 0,
            'l' => horizontal_major && dx < 0,
            's' => horizontal_major,
            _ => false,
        }
    };
    let (first, second) = *token;
    if first == second || orthogonal {
        // A doubled letter, or a pair on an orthogonal atom: a union.
        return single(first) || single(second);
    }
    // A pair: the second letter is the major direction, the first the minor.
    let minor_ok = |c: char| -> bool {
        match c {
            'f' => dy >= 0,
            'b' => dy <= 0,
            'r' => dx >= 0,
            'l' => dx <= 0,
            _ => true, // v and s accept either sign
        }
    };
    single(second) && minor_ok(first) && {
        // the minor step must be the perpendicular one, not a second major
        let minor_is_vertical = matches!(first, 'f' | 'b' | 'v');
        if minor_is_vertical {
            dx.abs() >= dy.abs()
        } else {
            dy.abs() >= dx.abs()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<(i32, i32)> {
        let t = parse(text).unwrap();
        let mut v: Vec<_> = t.components.iter().flat_map(|c| c.vectors.clone()).collect();
        v.sort();
        v.dedup();
        v
    }

    #[test]
    fn atoms_have_eight_fold_symmetry() {
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("W").len(), 4);
        assert_eq!(vectors("F").len(), 4);
        assert_eq!(vectors("K").len(), 8);
        assert_eq!(vectors("Z").len(), 8);
        assert_eq!(vectors("G").len(), 4);
    }

    #[test]
    fn directions_follow_xbetza() {
        assert_eq!(vectors("fW"), vec![(0, 1)]);
        assert_eq!(vectors("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(vectors("fN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vectors("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(vectors("frN"), vec![(2, 1)]);
        assert_eq!(vectors("rfN"), vec![(1, 2)]);
        assert_eq!(vectors("sN"), vec![(-2, -1), (-2, 1), (2, -1), (2, 1)]);
        assert_eq!(vectors("vN"), vec![(-1, -2), (-1, 2), (1, -2), (1, 2)]);
        assert_eq!(vectors("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(vectors("frF"), vec![(1, 1)]);
        assert_eq!(vectors("bR"), vec![(0, -1)]);
    }

    #[test]
    fn half_and_chiral_directions_follow_fairy_stockfish() {
        assert_eq!(vectors("fhN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(vectors("bhN"), vec![(-2, -1), (-1, -2), (1, -2), (2, -1)]);
        assert_eq!(vectors("rhN"), vec![(1, -2), (1, 2), (2, -1), (2, 1)]);
        assert_eq!(vectors("hrN"), vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]);
        assert_eq!(vectors("hlN"), vec![(-2, -1), (-1, 2), (1, -2), (2, 1)]);
        assert_eq!(vectors("fhW"), vec![(0, 1)]);
        assert_eq!(vectors("fhF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(vectors("fhK"), vec![(-1, 0), (-1, 1), (0, 1), (1, 0), (1, 1)]);
        assert!(parse("hN").unwrap_err().message.contains("select no move"));
    }

    #[test]
    fn pawn_template_lowers_to_its_three_parts() {
        let t = parse("fmWfceFifmnD").unwrap();
        assert_eq!(t.components.len(), 3);
        let (step, capture, double) = (&t.components[0], &t.components[1], &t.components[2]);
        assert!(step.quiet && !step.capture);
        assert!(capture.capture && capture.en_passant && !capture.quiet);
        assert!(double.initial && double.lame && double.quiet);
        assert_eq!(double.vectors, vec![(0, 2)]);
        assert_eq!(double.span, 7..12);
    }

    #[test]
    fn riders_ranges_and_compounds() {
        let t = parse("NNR4BN").unwrap();
        assert_eq!(t.components[0].reach, Reach::Ride { max: None });
        assert_eq!(t.components[1].reach, Reach::Ride { max: Some(4) });
        assert_eq!(t.components[2].reach, Reach::Ride { max: None });
        assert_eq!(t.components[3].reach, Reach::Leap);
        assert_eq!(parse("W0").unwrap().components[0].reach, Reach::Ride { max: None });
        assert_eq!(parse("").unwrap().components.len(), 0);
    }

    #[test]
    fn hoppers_apply_to_riders_only() {
        let screen = parse("mRcpR").unwrap();
        assert_eq!(screen.components[0].hop, Hop::None);
        assert_eq!(screen.components[1].hop, Hop::Over);
        assert!(screen.components[1].capture && !screen.components[1].quiet);
        assert_eq!(parse("gQ").unwrap().components[0].hop, Hop::Behind);
        assert_eq!(parse("pWW").unwrap().components[0].hop, Hop::Over);
        for (bad, says) in [
            ("pN", "applies to riders, not to the leap `N`"),
            ("pgR", "`p` and `g` cannot both apply"),
            ("ipR", "initial ranks"),
            ("epB", "en passant"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.message.contains(says), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse("fmWX").unwrap_err();
        assert_eq!(e.span, 3..4);
        assert!(e.message.contains("`X` is not a Betza atom"), "{}", e.message);
        let e = parse("fm").unwrap_err();
        assert_eq!(e.span, 2..2);
        let e = parse("3N").unwrap_err();
        assert_eq!(e.span, 0..1);
        let e = parse("fmWq").unwrap_err();
        assert!(e.message.contains("`q`"));
        let e = parse("nR").unwrap_err();
        assert!(e.message.contains("lame"));
    }
}
