//! Move filters, the legality clauses that judge a pseudo-legal move on
//! the position before it (`moves only if ...`, `captures only if ...`),
//! and the two clauses that judge a move against others (`checks must
//! mate`, `longest moves are compulsory`): their syntax tree and parsing.

use super::SentenceError;
use super::grammar::Rule as G;
use pest::iterators::Pair;

/// The largest cell of a grid, in files or ranks.
pub const MAX_CELL: u32 = 16;

/// A legality clause of the move-filter family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterClause {
    /// A pseudo-legal move (with `captures_only`, a capture) is a move
    /// only if the predicate holds; attacks are filtered alike.
    Filter {
        /// Only captures are judged (`captures only if`).
        captures_only: bool,
        /// The predicate.
        cond: FilterCond,
    },
    /// A move that gives check is legal only if it mates.
    ChecksMate,
    /// Only the longest legal moves are legal, for one side (`Some(white)`
    /// as `true`) or both.
    Longest(Option<bool>),
    /// Every capture is a detour (`captures follow a move as captured`):
    /// the capturer first moves, capturing nothing, as a piece of the
    /// captured piece's kind and side would, then captures from there by
    /// its own moves; attacks are read the same way.
    CapturesDetour,
}

/// A predicate over one move, read on the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterCond {
    /// A piece of the mover's side (`own`) or the other could capture on
    /// the mover's square; with `same_kind`, one of the mover's kind.
    Observed {
        /// The observer is the mover's own side.
        own: bool,
        /// Only observers of the mover's kind count.
        same_kind: bool,
    },
    /// On the board the move leaves, some piece (with `spare_royal`, some
    /// piece not royal) is observed by an enemy piece of its kind.
    ObservedAfter {
        /// Royal pieces are not looked at.
        spare_royal: bool,
    },
    /// The mover is a royal piece.
    Royal,
    /// Origin and target have the same square colour.
    SameColour,
    /// Origin and target are in different cells of a grid.
    LeavesCell {
        /// Files per cell.
        files: u8,
        /// Ranks per cell.
        ranks: u8,
        /// Files the grid is shifted by.
        file_shift: u8,
        /// Ranks the grid is shifted by.
        rank_shift: u8,
    },
    /// After the move, another piece stands next to the target.
    NextToPiece,
    /// Negation.
    Not(Box<FilterCond>),
    /// Both hold.
    And(Box<FilterCond>, Box<FilterCond>),
    /// Either holds.
    Or(Box<FilterCond>, Box<FilterCond>),
}

/// The clause `clause` (a `legal_sentence`'s inner pair) as a filter
/// clause, if it is one.
pub(super) fn parse_filter_clause(clause: Pair<'_, G>) -> Option<Result<FilterClause, SentenceError>> {
    match clause.as_rule() {
        G::checks_mate => Some(Ok(FilterClause::ChecksMate)),
        G::captures_detour => Some(Ok(FilterClause::CapturesDetour)),
        G::longest_compulsory => {
            let side = clause.into_inner().next().map(|p| p.as_rule() == G::white);
            Some(Ok(FilterClause::Longest(side)))
        }
        G::move_filter => {
            let mut inner = clause.into_inner();
            let scope = inner.next().expect("a scope");
            let captures_only = scope.into_inner().next().expect("a scope word").as_rule() == G::filter_captures;
            let cond = inner.next().expect("a predicate");
            Some(cond_of(cond).map(|cond| FilterClause::Filter { captures_only, cond }))
        }
        _ => None,
    }
}

fn cond_of(pair: Pair<'_, G>) -> Result<FilterCond, SentenceError> {
    match pair.as_rule() {
        G::filter_cond | G::filter_and => {
            let or = pair.as_rule() == G::filter_cond;
            let mut out: Option<FilterCond> = None;
            for part in pair.into_inner().filter(|p| !matches!(p.as_rule(), G::or | G::and)) {
                let next = cond_of(part)?;
                out = Some(match out {
                    None => next,
                    Some(prev) if or => FilterCond::Or(Box::new(prev), Box::new(next)),
                    Some(prev) => FilterCond::And(Box::new(prev), Box::new(next)),
                });
            }
            Ok(out.expect("at least one term"))
        }
        G::filter_term => cond_of(pair.into_inner().next().expect("a term")),
        G::filter_not => {
            let term = pair
                .into_inner()
                .find(|p| p.as_rule() == G::filter_term)
                .expect("a term");
            Ok(FilterCond::Not(Box::new(cond_of(term)?)))
        }
        G::filter_observed => {
            let mut own = false;
            let mut same_kind = false;
            for p in pair.into_inner() {
                match p.as_rule() {
                    G::own => own = true,
                    G::same_kind => same_kind = true,
                    _ => {}
                }
            }
            Ok(FilterCond::Observed { own, same_kind })
        }
        G::filter_observed_after => Ok(FilterCond::ObservedAfter {
            spare_royal: pair.into_inner().any(|p| p.as_rule() == G::not_royal),
        }),
        G::filter_royal => Ok(FilterCond::Royal),
        G::filter_same_colour => Ok(FilterCond::SameColour),
        G::filter_next_to_piece => Ok(FilterCond::NextToPiece),
        G::filter_leaves_cell => leaves_cell(pair),
        other => unreachable!("no filter predicate is {other:?}"),
    }
}

fn leaves_cell(pair: Pair<'_, G>) -> Result<FilterCond, SentenceError> {
    let mut numbers = Vec::with_capacity(4);
    for p in pair.into_inner().filter(|p| p.as_rule() == G::number) {
        let span = p.as_span().start()..p.as_span().end();
        let value: u32 = p.as_str().parse().unwrap_or(u32::MAX);
        let is_size = numbers.len() < 2;
        if (is_size && !(1..=MAX_CELL).contains(&value)) || (!is_size && value >= MAX_CELL) {
            return Err(SentenceError {
                message: if is_size {
                    format!("a grid cell is 1 to {MAX_CELL} squares wide or high, not {value}")
                } else {
                    format!("a grid is shifted by less than {MAX_CELL} squares, not {value}")
                },
                span,
                help: "write the cell's files and ranks, then the shift: `leaves cell(2, 2)`, \
                       `leaves cell(2, 2, 0, 1)`"
                    .into(),
            });
        }
        numbers.push(value as u8);
    }
    let shift = |i: usize| numbers.get(i).copied().unwrap_or(0);
    Ok(FilterCond::LeavesCell {
        files: numbers[0],
        ranks: numbers[1],
        file_shift: shift(2),
        rank_shift: shift(3),
    })
}

#[cfg(test)]
mod tests {
    use super::{FilterClause, FilterCond};
    use crate::lang::effect_syntax::{LegalClause, parse_legal};

    fn filter(text: &str) -> FilterClause {
        match parse_legal(text).unwrap_or_else(|e| panic!("{text}: {e}")) {
            LegalClause::Filter(f) => f,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn filters_parse_with_and_binding_tighter_than_or() {
        let FilterClause::Filter { captures_only, cond } =
            filter("moves only if not observed(mover by enemy same kind) or royal(mover) and same square colour")
        else {
            panic!("a filter");
        };
        assert!(!captures_only);
        let observed = FilterCond::Observed {
            own: false,
            same_kind: true,
        };
        let expected = FilterCond::Or(
            Box::new(FilterCond::Not(Box::new(observed))),
            Box::new(FilterCond::And(
                Box::new(FilterCond::Royal),
                Box::new(FilterCond::SameColour),
            )),
        );
        assert_eq!(cond, expected);
        assert!(matches!(
            filter("captures only if observed(mover by own)"),
            FilterClause::Filter {
                captures_only: true,
                ..
            }
        ));
    }

    #[test]
    fn the_other_clauses_of_the_family_parse() {
        assert_eq!(filter("checks must mate"), FilterClause::ChecksMate);
        assert_eq!(filter("longest moves are compulsory"), FilterClause::Longest(None));
        assert_eq!(
            filter("captures follow a move as captured"),
            FilterClause::CapturesDetour
        );
        assert_eq!(
            filter("longest moves are compulsory for black"),
            FilterClause::Longest(Some(false))
        );
        assert_eq!(
            filter("moves only if leaves cell(2, 3, 1, 0)"),
            FilterClause::Filter {
                captures_only: false,
                cond: FilterCond::LeavesCell {
                    files: 2,
                    ranks: 3,
                    file_shift: 1,
                    rank_shift: 0
                }
            }
        );
    }

    #[test]
    fn a_bad_cell_is_refused_at_its_number() {
        let text = "moves only if leaves cell(2, 17)";
        let err = parse_legal(text).unwrap_err();
        assert_eq!(&text[err.span.clone()], "17");
        let err = parse_legal("moves only if leaves cell(2, 2, 16, 0)").unwrap_err();
        assert!(err.message.contains("shifted by less than 16"), "{}", err.message);
    }
}
