//! Parsing a placement, `place(WHO, WHERE, OPTIONS)`: pest's parse tree
//! lowered to the [`Placement`] AST.

use super::SentenceError;
use super::ast::{HomeOf, KindFilter, Occupied, PlaceWhere, PlaceWho, Placement, SideFilter};
use super::grammar::Rule as G;
use super::parse::{first, lower_set, span};
use pest::iterators::Pair;

/// `place(captured, home, else illegal, including royal)`.
pub(super) fn lower_place(p: Pair<'_, G>) -> Result<super::ast::Effect, SentenceError> {
    let mut inner = p.into_inner().peekable();
    let may = inner.next_if(|p| p.as_rule() == G::may_word).is_some();
    let who = lower_who(inner.next().expect("a placement names who"));
    let mut next = inner.next().expect("a placement names where");
    let mut becomes = None;
    if next.as_rule() == G::place_as {
        becomes = Some(super::parse_change::kind_change(first(next)));
        next = inner.next().expect("a placement names where");
    }
    let at = if next.as_rule() == G::place_chosen {
        let set = next.into_inner().nth(1).expect("a chosen square's set");
        PlaceWhere::Chosen(lower_set(set)?)
    } else {
        lower_where(next)?
    };
    let mut placement = Placement {
        may,
        who,
        becomes,
        at,
        occupied: Occupied::Vanish,
        royal: false,
        promote: false,
    };
    for option in inner {
        let option = first(option);
        match option.as_rule() {
            G::including_royal => placement.royal = true,
            G::promote => placement.promote = true,
            _ => {
                placement.occupied = match first(option).as_rule() {
                    G::illegal_word => Occupied::Illegal,
                    G::remove_word => Occupied::Remove,
                    _ => Occupied::Vanish,
                }
            }
        }
    }
    Ok(super::ast::Effect::Place(Box::new(placement)))
}

fn lower_who(p: Pair<'_, G>) -> PlaceWho {
    let p = first(p);
    match p.as_rule() {
        G::captured_word => PlaceWho::Captured(span(&p)),
        G::mover_word => PlaceWho::Mover,
        _ => {
            let mut parts = p.into_inner();
            let side = match first(parts.next().expect("a side")).as_rule() {
                G::own => SideFilter::Own,
                G::enemy => SideFilter::Enemy,
                G::white => SideFilter::White,
                G::black => SideFilter::Black,
                _ => SideFilter::Any,
            };
            let letters = parts.next().expect("letters");
            let base = letters.as_span().start();
            let letters = (letters.as_str().char_indices())
                .filter(|(_, c)| c.is_ascii_uppercase())
                .map(|(i, c)| (c, base + i..base + i + 1))
                .collect();
            PlaceWho::New(
                side,
                Some(KindFilter {
                    negate: false,
                    royal: false,
                    letters,
                }),
            )
        }
    }
}

fn lower_where(p: Pair<'_, G>) -> Result<PlaceWhere, SentenceError> {
    let p = first(p);
    Ok(match p.as_rule() {
        G::place_reflect => PlaceWhere::Reflect(Box::new(lower_where(first(p))?)),
        G::place_shift => {
            let mut parts = p.into_inner();
            let base = lower_where(parts.next().expect("a square"))?;
            let mut number = || -> Result<i8, SentenceError> {
                let n = parts.next().expect("a shift");
                n.as_str().parse::<i8>().map_err(|_| SentenceError {
                    message: format!("`{}` is no shift", n.as_str()),
                    span: span(&n),
                    help: "shift by -15 to 15 files or ranks".into(),
                })
            };
            let (files, ranks) = (number()?, number()?);
            PlaceWhere::Shift(Box::new(base), files, ranks)
        }
        G::place_home => {
            let (mut of, mut mirror, mut rank) = (HomeOf::Placed, false, false);
            for part in p.into_inner() {
                match part.as_rule() {
                    G::mirror_word => mirror = true,
                    G::rank_word => rank = true,
                    G::captured_word => of = HomeOf::Captured,
                    G::mover_word => of = HomeOf::Mover,
                    _ => {}
                }
            }
            PlaceWhere::Home { of, mirror, rank }
        }
        G::capture_word => PlaceWhere::CaptureSquare,
        _ => PlaceWhere::Set(lower_set(p)?),
    })
}

#[cfg(test)]
mod tests {
    use super::super::ast::{Effect, HomeOf, Occupied, PlaceWhere, PlaceWho};
    use super::super::parse_effects;

    fn placement(text: &str) -> super::super::ast::Placement {
        match parse_effects(text).unwrap_or_else(|e| panic!("{text}: {e}")).remove(0) {
            Effect::Place(p) => *p,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_parts_of_a_placement_are_read() {
        let p = placement("place(captured, home)");
        assert!(matches!(p.who, PlaceWho::Captured(ref s) if *s == (6..14)));
        assert_eq!(
            p.at,
            PlaceWhere::Home {
                of: HomeOf::Placed,
                mirror: false,
                rank: false
            }
        );
        assert_eq!((p.occupied, p.royal), (Occupied::Vanish, false));
        let p = placement("place(mover, home, else illegal, including royal)");
        assert_eq!((p.who, p.occupied, p.royal), (PlaceWho::Mover, Occupied::Illegal, true));
        let p = placement("place(captured, mirror home rank of mover, else remove)");
        assert_eq!(
            p.at,
            PlaceWhere::Home {
                of: HomeOf::Mover,
                mirror: true,
                rank: true
            }
        );
        assert_eq!(p.occupied, Occupied::Remove);
        let p = placement("place(captured, shift(capture, 4, -4))");
        assert_eq!(p.at, PlaceWhere::Shift(Box::new(PlaceWhere::CaptureSquare), 4, -4));
        let p = placement("place(captured, reflect(home))");
        assert!(matches!(p.at, PlaceWhere::Reflect(_)));
        let p = placement("place(own P, origin)");
        assert!(matches!(p.who, PlaceWho::New(..)));
        assert!(matches!(p.at, PlaceWhere::Set(_)));
    }

    #[test]
    fn a_chosen_square_and_may_are_read() {
        let p = placement("may place(captured, chosen empty, promote)");
        assert!(p.may && p.promote);
        assert!(matches!(p.at, PlaceWhere::Chosen(_)));
        let p = placement("place(own P, chosen ranks(2))");
        assert!(!p.may && matches!(p.at, PlaceWhere::Chosen(_)));
        // A chosen square is the whole of WHERE: it is not reflected or shifted.
        assert!(parse_effects("place(captured, reflect(chosen empty))").is_err());
    }

    #[test]
    fn a_placement_without_where_is_refused() {
        assert!(parse_effects("place(captured)").is_err());
        assert!(parse_effects("place(captured, home, else maybe)").is_err());
    }
}
