//! Lowering the two expression languages every sentence is built from:
//! sets of squares (`own pieces`, `area(target, 1)`, `lines(...)`,
//! unions and differences) and conditions on them (`exists`, counts,
//! comparisons, `not`, `and`, `or`), with their kind filters and mark
//! names.

use super::super::SentenceError;
use super::super::ast::{
    ActionName, Comparison, Cond, KindFilter, LineGoal, MarkName, NamedSet, Quantity, RanksFrom, RegionName,
    RightLetter, SetExpr, SetOp, SideFilter,
};
use super::super::grammar::Rule as G;
use super::{first, number, rank_side, small, span, template_text};
use crate::base::vocabulary::{LINE_GOAL_MAX, LINE_GOAL_MIN};
use pest::iterators::Pair;

/// The count of `lines(set, template, n)`: from 1 to [`LINE_GOAL_MAX`]
/// (a line holds no more squares than a board's longest side).
fn lines_count(pair: Pair<'_, G>) -> Result<u8, SentenceError> {
    let at = span(&pair);
    let n = number(pair)?;
    if n == 0 || n > u32::from(LINE_GOAL_MAX) {
        return Err(SentenceError {
            message: format!(
                "`lines(..., {n})` counts the lines of {n} squares of the set; the count takes 1 to {LINE_GOAL_MAX}"
            ),
            span: at,
            help: format!("write a count from 1 to {LINE_GOAL_MAX}, or leave it out for 1"),
        });
    }
    Ok(n as u8)
}

/// The number of pieces of a line goal, or the side of a block: from
/// [`LINE_GOAL_MIN`] to [`LINE_GOAL_MAX`] (a board's longest side).
fn line_count(pair: Pair<'_, G>, word: &str) -> Result<u8, SentenceError> {
    let at = span(&pair);
    let n = number(pair)?;
    if n < u32::from(LINE_GOAL_MIN) || n > u32::from(LINE_GOAL_MAX) {
        return Err(SentenceError {
            message: if word == "in_block" {
                format!(
                    "`in_block(...)` asks for a block of {n} by {n}; its side takes {LINE_GOAL_MIN} to {LINE_GOAL_MAX}"
                )
            } else {
                format!(
                    "`{word}(...)` asks for {n} piece{}; it takes {LINE_GOAL_MIN} to {LINE_GOAL_MAX}",
                    if n == 1 { "" } else { "s" }
                )
            },
            span: at,
            help: if n < u32::from(LINE_GOAL_MIN) {
                "one piece or none needs no line nor block: write `exists(S)`".into()
            } else {
                format!("no board has a line of more than {LINE_GOAL_MAX} squares")
            },
        });
    }
    Ok(n as u8)
}

pub(in super::super) fn lower_kinds(p: Pair<'_, G>) -> KindFilter {
    let mut filter = KindFilter {
        negate: false,
        royal: false,
        letters: Vec::new(),
    };
    for part in p.into_inner() {
        match part.as_rule() {
            G::negate => filter.negate = true,
            G::royal => filter.royal = true,
            _ => {
                let base = part.as_span().start();
                for (i, c) in part.as_str().char_indices().filter(|(_, c)| c.is_ascii_uppercase()) {
                    filter.letters.push((c, base + i..base + i + 1));
                }
            }
        }
    }
    filter
}

pub(in super::super) fn lower_set(p: Pair<'_, G>) -> Result<SetExpr, SentenceError> {
    let mut inner = p.into_inner();
    let mut acc = lower_set_atom(inner.next().expect("a set has a first part"))?;
    while let Some(op) = inner.next() {
        let op = match op.as_rule() {
            G::union => SetOp::Union,
            G::difference => SetOp::Difference,
            _ => SetOp::Intersection,
        };
        let rhs = lower_set_atom(inner.next().expect("an operand follows an operator"))?;
        acc = SetExpr::Binary(op, Box::new(acc), Box::new(rhs));
    }
    Ok(acc)
}

// One arm per square-set rule of grammar/effect.pest: it reads better whole,
// next to the grammar it mirrors.
fn lower_set_atom(p: Pair<'_, G>) -> Result<SetExpr, SentenceError> {
    if p.as_rule() == G::set {
        return lower_set(p);
    }
    match p.as_rule() {
        G::enclosed => return enclosed(p),
        G::enclosing => return enclosing(p),
        G::marked => return Ok(marked(p)),
        _ => {}
    }
    let at = span(&p);
    let rule = p.as_rule();
    let p_text = p.as_str().to_string();
    let text = p_text.to_ascii_lowercase();
    let mut inner = p.into_inner();
    Ok(match rule {
        G::named_set => SetExpr::Named(match text.as_str() {
            "target" => NamedSet::Target,
            "origin" => NamedSet::Origin,
            "mover" => NamedSet::Mover,
            "moved" => NamedSet::Moved,
            "vacated" => NamedSet::Vacated,
            "path" => NamedSet::Path,
            "all" => NamedSet::All,
            "shielded" => NamedSet::Shielded,
            "blocked" => NamedSet::Blocked,
            "light" => NamedSet::Light,
            "dark" => NamedSet::Dark,
            _ => NamedSet::Empty,
        }),
        G::region => SetExpr::Region(
            RanksFrom::Own,
            RegionName {
                name: p_text,
                span: at.clone(),
            },
        ),
        G::last_move => {
            let name = inner.next().expect("an action's name");
            SetExpr::Last(ActionName {
                span: span(&name),
                name: name.as_str().to_string(),
            })
        }
        G::sided_region => {
            let side = rank_side(inner.next().expect("a side"));
            let name = inner.next().expect("a region");
            SetExpr::Region(
                side,
                RegionName {
                    span: span(&name),
                    name: name.as_str().to_string(),
                },
            )
        }
        G::pieces => {
            let side = match first(inner.next().expect("a side")).as_rule() {
                G::own => SideFilter::Own,
                G::enemy => SideFilter::Enemy,
                G::white => SideFilter::White,
                G::black => SideFilter::Black,
                _ => SideFilter::Any,
            };
            SetExpr::Pieces(side, inner.next().map(lower_kinds))
        }
        G::area => {
            let set = lower_set(inner.next().expect("a set"))?;
            SetExpr::Area(Box::new(set), small(inner.next().expect("a radius"), 15, "radius")?)
        }
        G::adjacent => SetExpr::Adjacent(Box::new(lower_set(inner.next().expect("a set"))?)),
        G::manhattan => {
            let set = lower_set(inner.next().expect("a set"))?;
            SetExpr::Manhattan(Box::new(set), small(inner.next().expect("a radius"), 30, "radius")?)
        }
        G::first => {
            let set = lower_set(inner.next().expect("a set"))?;
            let template = inner.next().expect("a template");
            SetExpr::First(Box::new(set), template_text(&template))
        }
        G::reach => {
            let set = lower_set(inner.next().expect("a set"))?;
            let template = inner.next().expect("a template");
            SetExpr::Reach(Box::new(set), template_text(&template))
        }
        G::lines => {
            let mut part = inner.next().expect("a set");
            let from = if part.as_rule() == G::rank_side {
                let side = rank_side(part);
                part = inner.next().expect("a set");
                side
            } else {
                RanksFrom::Own
            };
            let set = lower_set(part)?;
            let template = inner.next().expect("a template");
            let at_least = match inner.next() {
                Some(n) => lines_count(n)?,
                None => 1,
            };
            SetExpr::Lines(Box::new(set), template_text(&template), at_least, from)
        }
        G::ranks => {
            let mut part = inner.next().expect("a range");
            let from = if part.as_rule() == G::rank_side {
                let side = rank_side(part);
                part = inner.next().expect("a range");
                side
            } else {
                RanksFrom::Own
            };
            let mut range = part.into_inner();
            let lo = small(range.next().expect("a rank"), 16, "rank")?;
            let hi = match range.next() {
                Some(r) => small(r, 16, "rank")?,
                None => lo,
            };
            if lo == 0 || hi < lo {
                return Err(SentenceError {
                    message: format!("rank range {lo}..{hi} is empty"),
                    span: at,
                    help: "write ranks from 1, lowest first: `ranks(1..3)`".into(),
                });
            }
            SetExpr::Ranks(from, lo, hi)
        }
        _ => {
            let mut range = inner.next().expect("a range").into_inner();
            let letter = |p: Pair<'_, G>| p.as_str().as_bytes()[0] - b'a';
            let lo = letter(range.next().expect("a file"));
            let hi = range.next().map_or(lo, letter);
            if hi < lo {
                return Err(SentenceError {
                    message: "the file range is empty".into(),
                    span: at,
                    help: "write files lowest first: `files(a..c)`".into(),
                });
            }
            SetExpr::Files(lo, hi)
        }
    })
}

/// Lowers a condition: `not` binds tightest, then `and`, then `or`.
pub(in super::super) fn lower_cond(p: Pair<'_, G>) -> Result<Cond, SentenceError> {
    // Split into or-separated groups of and-separated negated atoms.
    let mut ors: Vec<Vec<Cond>> = vec![Vec::new()];
    let mut negations = 0;
    for part in p.into_inner() {
        match part.as_rule() {
            G::not => negations += 1,
            G::and => {}
            G::or => ors.push(Vec::new()),
            _ => {
                let mut c = lower_cond_atom(part)?;
                for _ in 0..negations {
                    c = Cond::Not(Box::new(c));
                }
                negations = 0;
                ors.last_mut().expect("at least one group").push(c);
            }
        }
    }
    let and = |group: Vec<Cond>| group.into_iter().reduce(|a, b| Cond::And(Box::new(a), Box::new(b)));
    Ok(ors
        .into_iter()
        .filter_map(and)
        .reduce(|a, b| Cond::Or(Box::new(a), Box::new(b)))
        .unwrap_or(Cond::Truth(true)))
}

fn lower_quantity(quantity: Pair<'_, G>) -> Result<Quantity, SentenceError> {
    let quantity = first(quantity);
    Ok(match quantity.as_rule() {
        G::count => Quantity::Count(lower_set(first(quantity))?),
        G::squares => Quantity::Squares(lower_set(first(quantity))?),
        G::material => Quantity::Material(lower_set(first(quantity))?),
        G::checks => Quantity::Checks(first(quantity).as_rule() == G::own),
        G::passes => Quantity::Passes,
        G::held => match lower_set_atom(first(quantity))? {
            SetExpr::Pieces(side, kinds) => Quantity::Held(side, kinds),
            _ => unreachable!("the grammar gives `held` a side and kinds"),
        },
        _ => Quantity::Captured(quantity.into_inner().next().map(lower_kinds)),
    })
}

// One arm per condition rule of grammar/effect.pest: it reads better whole,
// next to the grammar it mirrors.
fn lower_cond_atom(p: Pair<'_, G>) -> Result<Cond, SentenceError> {
    if p.as_rule() == G::cond {
        return lower_cond(p);
    }
    let rule = p.as_rule();
    let text = p.as_str().to_ascii_lowercase();
    let mut inner = p.into_inner();
    if rule == G::dropped {
        return Ok(Cond::Dropped(inner.next().map(lower_kinds)));
    }
    if rule == G::castled || rule == G::castling_right {
        let letter = inner.next().expect("the grammar gives a castling condition a letter");
        let right = RightLetter {
            letter: letter.as_str().chars().next().expect("a letter"),
            span: letter.as_span().start()..letter.as_span().end(),
        };
        return Ok(if rule == G::castled {
            Cond::Castled(right)
        } else {
            Cond::CastlingRight(right)
        });
    }
    if rule == G::before {
        let c = lower_cond(inner.next().expect("the grammar gives `before` a condition"))?;
        return Ok(Cond::Before(Box::new(c)));
    }
    if rule == G::since {
        let d = lower_cond(inner.next().expect("the grammar gives `since` two conditions"))?;
        let c = lower_cond(inner.next().expect("the grammar gives `since` two conditions"))?;
        return Ok(Cond::Since(Box::new(d), Box::new(c)));
    }
    if rule == G::attacked {
        let mut first = inner.next().expect("the grammar gives `attacked` a set");
        let every = first.as_rule() == G::attacked_every;
        if every {
            first = inner.next().expect("the grammar gives `attacked` a set");
        }
        let set = lower_set(first)?;
        let by = inner.find(|p| p.as_rule() == G::set).map(lower_set).transpose()?;
        return Ok(if every {
            Cond::AttackedEvery(set, by)
        } else {
            Cond::Attacked(set, by)
        });
    }
    let mut next = || inner.next().expect("the grammar guarantees the parts");
    Ok(match rule {
        G::truth => Cond::Truth(text == "true"),
        G::capture => Cond::Capture,
        G::exists => Cond::Exists(lower_set(next())?),
        G::touching => {
            let a = lower_set(next())?;
            Cond::Touching(a, lower_set(next())?)
        }
        G::within => {
            let a = lower_set(next())?;
            Cond::Within(a, lower_set(next())?)
        }
        G::can_reach => {
            let a = lower_set(next())?;
            Cond::CanReach(a, lower_set(next())?)
        }
        G::in_row | G::collinear => {
            let (goal, word) = if rule == G::in_row {
                (LineGoal::InRow, "in_row")
            } else {
                (LineGoal::Collinear, "collinear")
            };
            let set = lower_set(next())?;
            let n = line_count(next(), word)?;
            Cond::Line(goal, set, n, template_text(&next()))
        }
        G::connected => {
            let mut part = next();
            let from = if part.as_rule() == G::rank_side {
                let side = rank_side(part);
                part = next();
                side
            } else {
                RanksFrom::Own
            };
            let chain = lower_set(part)?;
            let (a, b) = (lower_set(next())?, lower_set(next())?);
            Cond::Connected(from, Box::new([chain, a, b]), template_text(&next()))
        }
        G::in_block => {
            let set = lower_set(next())?;
            Cond::Block(set, line_count(next(), "in_block")?)
        }
        _ => {
            let quantity = lower_quantity(next())?;
            let comparison = match next().as_str() {
                ">=" => Comparison::AtLeast,
                "<=" => Comparison::AtMost,
                "==" => Comparison::Equal,
                "!=" => Comparison::NotEqual,
                ">" => Comparison::More,
                _ => Comparison::Less,
            };
            let right = next();
            if right.as_rule() != G::quantity {
                return Ok(Cond::Compare(quantity, comparison, number(right)?));
            }
            let other = lower_quantity(right)?;
            let offset = match inner.next() {
                Some(offset) => {
                    let negative = offset.as_str().trim_start().starts_with('-');
                    let n = i32::try_from(number(first(offset))?).unwrap_or(i32::MAX);
                    if negative { -n } else { n }
                }
                None => 0,
            };
            Cond::Versus(quantity, comparison, other, offset)
        }
    })
}

/// A mark's name.
pub(in super::super) fn mark_name(p: &Pair<'_, G>) -> MarkName {
    MarkName {
        name: p.as_str().to_string(),
        span: span(p),
    }
}

/// `enclosed(S, T)`.
fn enclosed(p: Pair<'_, G>) -> Result<SetExpr, SentenceError> {
    let mut inner = p.into_inner();
    let set = lower_set(inner.next().expect("a set"))?;
    let template = inner.next().expect("a template");
    Ok(SetExpr::Enclosed(Box::new(set), template_text(&template)))
}

/// `enclosing(S, T)`.
fn enclosing(p: Pair<'_, G>) -> Result<SetExpr, SentenceError> {
    let mut inner = p.into_inner();
    let set = lower_set(inner.next().expect("a set"))?;
    let template = inner.next().expect("a template");
    let through_blocked = inner.next().is_some();
    Ok(SetExpr::Enclosing(
        Box::new(set),
        template_text(&template),
        through_blocked,
    ))
}

/// `marked(name)`.
fn marked(p: Pair<'_, G>) -> SetExpr {
    SetExpr::Marked(mark_name(&p.into_inner().next().expect("a name")))
}
