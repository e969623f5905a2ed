//! Printing effect sentences: the canonical text of a parsed tree, as
//! `Display` impls on the [`Parsed`] phase's types. Reading the printed
//! text back gives the same tree, spans aside (`parse(print(x)) == x`,
//! pinned by `tests/print_round_trip.rs`).
//!
//! The canonical form: keywords in lower case, one space between words,
//! `, ` between arguments, ` op ` around set and comparison operators,
//! `; ` between effects, defaults left out (`push(S, along)` rather than
//! `push(S, along, 1)`), and parentheses only where the grammar needs them
//! (a right operand of the same or a looser binding). The shorthand
//! effects the parser lowers (`blast`, `irradiate`) print in their general
//! form (`remove(area(S, r))`, `block(S)`).
//!
//! Every match here is exhaustive: a construct added to the tree fails to
//! compile until it prints. Effects, placements and rules are printed by
//! `print_effect`.

use super::ast::{
    Comparison, Cond, EndCondition, EndOutcome, EndRule, KindFilter, LegalClause, LineGoal, NamedSet, Parsed, Quantity,
    RanksFrom, SetExpr, SetOp, ShieldRule, SideFilter,
};
use super::filter_clause::{FilterClause, FilterCond};
use crate::base::limits::{SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE};
use std::fmt::{self, Display, Formatter};

/// The word of a named set.
pub(super) fn named_set_word(set: NamedSet) -> &'static str {
    match set {
        NamedSet::Target => "target",
        NamedSet::Origin => "origin",
        NamedSet::Mover => "mover",
        NamedSet::Path => "path",
        NamedSet::All => "all",
        NamedSet::Shielded => "shielded",
        NamedSet::Blocked => "blocked",
        NamedSet::Empty => "empty",
        NamedSet::Light => "light",
        NamedSet::Dark => "dark",
        NamedSet::Moved => "moved",
        NamedSet::Vacated => "vacated",
    }
}

/// The word of a side filter.
pub(super) fn side_word(side: SideFilter) -> &'static str {
    match side {
        SideFilter::Own => "own",
        SideFilter::Enemy => "enemy",
        SideFilter::Any => "any",
        SideFilter::White => "white",
        SideFilter::Black => "black",
    }
}

/// The word of a side ranks and regions are read for.
pub(super) fn ranks_word(from: RanksFrom) -> &'static str {
    match from {
        RanksFrom::Own => "own",
        RanksFrom::Enemy => "enemy",
        RanksFrom::White => "white",
        RanksFrom::Black => "black",
    }
}

/// `white ` before a sided construct; nothing for the rule's own side
/// (the default).
fn side_prefix(f: &mut Formatter<'_>, from: RanksFrom) -> fmt::Result {
    match from {
        RanksFrom::Own => Ok(()),
        other => write!(f, "{} ", ranks_word(other)),
    }
}

fn comparison_word(c: Comparison) -> &'static str {
    match c {
        Comparison::AtLeast => ">=",
        Comparison::AtMost => "<=",
        Comparison::Equal => "==",
        Comparison::NotEqual => "!=",
        Comparison::More => ">",
        Comparison::Less => "<",
    }
}

fn outcome_word(o: EndOutcome) -> &'static str {
    match o {
        EndOutcome::Win => "win",
        EndOutcome::Loss => "loss",
        EndOutcome::Draw => "draw",
        EndOutcome::BothLose => "both lose",
        EndOutcome::WhiteWins => "white wins",
        EndOutcome::BlackWins => "black wins",
    }
}

/// The effects a shield names, in a fixed order: `remove, push`.
pub(super) fn shield_words(f: &mut Formatter<'_>, against: u8) -> fmt::Result {
    let words = [
        (SHIELD_REMOVE, "remove"),
        (SHIELD_PUSH, "push"),
        (SHIELD_BLOCK, "block"),
        (SHIELD_BOUNCE, "bounce"),
    ];
    let mut first = true;
    for (bit, word) in words {
        if against & bit != 0 {
            if !first {
                f.write_str(", ")?;
            }
            f.write_str(word)?;
            first = false;
        }
    }
    Ok(())
}

/// Piece letters, one space between them: `Q R B N`.
pub(super) fn letters(f: &mut Formatter<'_>, filter: &KindFilter) -> fmt::Result {
    for (i, (c, _)) in filter.letters.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

impl Display for KindFilter {
    /// `not P`, `royal`, `Q R`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.negate {
            f.write_str("not ")?;
        }
        if self.royal {
            return f.write_str("royal");
        }
        letters(f, self)
    }
}

/// ` K` after a word when kinds are named; nothing for every kind.
fn opt_kinds(f: &mut Formatter<'_>, kinds: &Option<KindFilter>) -> fmt::Result {
    match kinds {
        Some(k) => write!(f, " {k}"),
        None => Ok(()),
    }
}

/// The kinds inside parentheses: `(P)`, `()` for every kind.
fn paren_kinds(f: &mut Formatter<'_>, kinds: &Option<KindFilter>) -> fmt::Result {
    match kinds {
        Some(k) => write!(f, "({k})"),
        None => f.write_str("()"),
    }
}

impl Display for SetExpr<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            SetExpr::Named(set) => f.write_str(named_set_word(*set)),
            SetExpr::Pieces(side, kinds) => {
                f.write_str(side_word(*side))?;
                opt_kinds(f, kinds)
            }
            SetExpr::Area(set, r) => write!(f, "area({set}, {r})"),
            SetExpr::Adjacent(set) => write!(f, "adjacent({set})"),
            SetExpr::Lines(set, template, count, from) => {
                side_prefix(f, *from)?;
                write!(f, "lines({set}, {}", template.text)?;
                if *count != 1 {
                    write!(f, ", {count}")?;
                }
                f.write_str(")")
            }
            SetExpr::First(set, template) => write!(f, "first({set}, {})", template.text),
            SetExpr::Reach(set, template) => write!(f, "reach({set}, {})", template.text),
            SetExpr::Manhattan(set, r) => write!(f, "manhattan({set}, {r})"),
            SetExpr::Ranks(from, lo, hi) => {
                side_prefix(f, *from)?;
                if lo == hi {
                    write!(f, "ranks({lo})")
                } else {
                    write!(f, "ranks({lo}..{hi})")
                }
            }
            SetExpr::Files(lo, hi) => {
                let letter = |n: u8| char::from(b'a' + n.min(25));
                if lo == hi {
                    write!(f, "files({})", letter(*lo))
                } else {
                    write!(f, "files({}..{})", letter(*lo), letter(*hi))
                }
            }
            SetExpr::Binary(op, left, right) => {
                let op = match op {
                    SetOp::Union => "+",
                    SetOp::Difference => "-",
                    SetOp::Intersection => "&",
                };
                // Operators read left to right: a right operand that is
                // itself a combination needs parentheses.
                if matches!(**right, SetExpr::Binary(..)) {
                    write!(f, "{left} {op} ({right})")
                } else {
                    write!(f, "{left} {op} {right}")
                }
            }
            SetExpr::Region(from, name) => {
                side_prefix(f, *from)?;
                f.write_str(&name.name)
            }
            SetExpr::Enclosed(set, template) => write!(f, "enclosed({set}, {})", template.text),
            SetExpr::Enclosing(set, template, through_blocked) => {
                write!(f, "enclosing({set}, {}", template.text)?;
                f.write_str(if *through_blocked { ", through blocked)" } else { ")" })
            }
            SetExpr::Marked(mark) => write!(f, "marked({})", mark.name),
            SetExpr::Last(action) => write!(f, "last({})", action.name),
        }
    }
}

impl Display for Quantity<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Quantity::Count(set) => write!(f, "count({set})"),
            Quantity::Captured(kinds) => {
                f.write_str("captured")?;
                paren_kinds(f, kinds)
            }
            Quantity::Squares(set) => write!(f, "squares({set})"),
            Quantity::Checks(own) => write!(f, "checks({})", if *own { "own" } else { "enemy" }),
            Quantity::Held(side, kinds) => {
                write!(f, "held({}", side_word(*side))?;
                opt_kinds(f, kinds)?;
                f.write_str(")")
            }
            Quantity::Passes => f.write_str("passes"),
            Quantity::Material(set) => write!(f, "material({set})"),
        }
    }
}

/// How tightly a condition binds: `or` loosest, then `and`, then the rest.
fn cond_level(c: &Cond<Parsed>) -> u8 {
    match c {
        Cond::Or(..) => 0,
        Cond::And(..) => 1,
        _ => 2,
    }
}

/// A condition, inside parentheses when it binds looser than `min`.
fn cond_at(f: &mut Formatter<'_>, c: &Cond<Parsed>, min: u8) -> fmt::Result {
    if cond_level(c) < min {
        write!(f, "({c})")
    } else {
        write!(f, "{c}")
    }
}

impl Display for Cond<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Cond::Truth(t) => f.write_str(if *t { "true" } else { "false" }),
            Cond::Not(c) => {
                f.write_str("not ")?;
                cond_at(f, c, 2)
            }
            Cond::And(a, b) => {
                cond_at(f, a, 1)?;
                f.write_str(" and ")?;
                cond_at(f, b, 2)
            }
            Cond::Or(a, b) => {
                cond_at(f, a, 0)?;
                f.write_str(" or ")?;
                cond_at(f, b, 1)
            }
            Cond::Compare(q, op, n) => write!(f, "{q} {} {n}", comparison_word(*op)),
            Cond::Exists(set) => write!(f, "exists({set})"),
            Cond::Attacked(set, None) => write!(f, "attacked({set})"),
            Cond::Attacked(set, Some(by)) => write!(f, "attacked({set} by {by})"),
            Cond::AttackedEvery(set, None) => write!(f, "attacked(every {set})"),
            Cond::AttackedEvery(set, Some(by)) => write!(f, "attacked(every {set} by {by})"),
            Cond::Touching(a, b) => write!(f, "touching({a}, {b})"),
            Cond::Within(a, b) => write!(f, "{a} in {b}"),
            Cond::CanReach(a, b) => write!(f, "can reach({a}, {b})"),
            Cond::Dropped(kinds) => {
                f.write_str("dropped")?;
                paren_kinds(f, kinds)
            }
            Cond::Castled(right) => write!(f, "castled({})", right.letter),
            Cond::CastlingRight(right) => write!(f, "castling({})", right.letter),
            Cond::Versus(a, op, b, offset) => {
                write!(f, "{a} {} {b}", comparison_word(*op))?;
                match offset {
                    0 => Ok(()),
                    n if *n < 0 => write!(f, " - {}", n.unsigned_abs()),
                    n => write!(f, " + {n}"),
                }
            }
            Cond::Before(c) => write!(f, "before({c})"),
            Cond::Since(d, c) => write!(f, "since({d}, {c})"),
            Cond::Connected(from, sets, template) => {
                side_prefix(f, *from)?;
                let [chain, a, b] = &**sets;
                write!(f, "connected({chain}, {a}, {b}, {})", template.text)
            }
            Cond::Line(goal, set, n, template) => match goal {
                LineGoal::InRow => write!(f, "in_row({set}, {n}, {})", template.text),
                LineGoal::Collinear => write!(f, "collinear({set}, {n}, {})", template.text),
                LineGoal::Block => write!(f, "in_block({set}, {n})"),
            },
            Cond::Block(set, n) => write!(f, "in_block({set}, {n})"),
            Cond::Capture => f.write_str("capture"),
        }
    }
}

impl Display for ShieldRule<Parsed> {
    /// `adjacent(own royal) against remove, push while count(own) > 3`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{} against ", self.squares)?;
        shield_words(f, self.against)?;
        match &self.while_ {
            Some(c) => write!(f, " while {c}"),
            None => Ok(()),
        }
    }
}

/// ` unless C` when a condition is given.
fn unless(f: &mut Formatter<'_>, c: &Option<Cond<Parsed>>) -> fmt::Result {
    match c {
        Some(c) => write!(f, " unless {c}"),
        None => Ok(()),
    }
}

/// ` if C` when a condition is given.
pub(super) fn guard(f: &mut Formatter<'_>, c: &Option<Cond<Parsed>>) -> fmt::Result {
    match c {
        Some(c) => write!(f, " if {c}"),
        None => Ok(()),
    }
}

impl Display for LegalClause<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            LegalClause::Survives(c) => {
                f.write_str("own royal survives")?;
                unless(f, c)
            }
            LegalClause::NotAttacked(c, through) => {
                f.write_str("own royal not attacked")?;
                if *through {
                    f.write_str(" through new blocks")?;
                }
                unless(f, c)
            }
            LegalClause::CapturesCompulsory => f.write_str("captures are compulsory"),
            LegalClause::DropsCompulsory => f.write_str("drops are compulsory"),
            // `not (a and b)`: the condition in parentheses where it binds
            // looser than `not`'s operand, as a negation prints it.
            LegalClause::Forbids(c) => {
                f.write_str("not ")?;
                cond_at(f, c, 2)
            }
            LegalClause::Filter(clause) => write!(f, "{clause}"),
        }
    }
}

impl Display for FilterClause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            FilterClause::Filter { captures_only, cond } => {
                let scope = if *captures_only { "captures" } else { "moves" };
                write!(f, "{scope} only if {cond}")
            }
            FilterClause::ChecksMate => f.write_str("checks must mate"),
            FilterClause::CapturesDetour => f.write_str("captures follow a move as captured"),
            FilterClause::Longest(side) => {
                f.write_str("longest moves are compulsory")?;
                match side {
                    Some(true) => f.write_str(" for white"),
                    Some(false) => f.write_str(" for black"),
                    None => Ok(()),
                }
            }
        }
    }
}

fn filter_level(c: &FilterCond) -> u8 {
    match c {
        FilterCond::Or(..) => 0,
        FilterCond::And(..) => 1,
        _ => 2,
    }
}

fn filter_at(f: &mut Formatter<'_>, c: &FilterCond, min: u8) -> fmt::Result {
    if filter_level(c) < min {
        write!(f, "({c})")
    } else {
        write!(f, "{c}")
    }
}

impl Display for FilterCond {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            FilterCond::Observed { own, same_kind } => {
                write!(f, "observed(mover by {}", if *own { "own" } else { "enemy" })?;
                if *same_kind {
                    f.write_str(" same kind")?;
                }
                f.write_str(")")
            }
            FilterCond::ObservedAfter { spare_royal } => {
                let not_royal = if *spare_royal { " not royal" } else { "" };
                write!(f, "after observed(any{not_royal} by enemy same kind)")
            }
            FilterCond::Royal => f.write_str("royal(mover)"),
            FilterCond::SameColour => f.write_str("same square colour"),
            FilterCond::LeavesCell {
                files,
                ranks,
                file_shift,
                rank_shift,
            } => {
                if *file_shift == 0 && *rank_shift == 0 {
                    write!(f, "leaves cell({files}, {ranks})")
                } else {
                    write!(f, "leaves cell({files}, {ranks}, {file_shift}, {rank_shift})")
                }
            }
            FilterCond::NextToPiece => f.write_str("ends next to a piece"),
            FilterCond::Not(c) => {
                f.write_str("not ")?;
                filter_at(f, c, 2)
            }
            FilterCond::And(a, b) => {
                filter_at(f, a, 1)?;
                f.write_str(" and ")?;
                filter_at(f, b, 2)
            }
            FilterCond::Or(a, b) => {
                filter_at(f, a, 0)?;
                f.write_str(" or ")?;
                filter_at(f, b, 1)
            }
        }
    }
}

impl Display for EndCondition<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            EndCondition::Checkmate(c) => {
                f.write_str("checkmate")?;
                guard(f, c)
            }
            EndCondition::Stalemate(c) => {
                f.write_str("stalemate")?;
                guard(f, c)
            }
            EndCondition::MoveRule(n, c) => {
                write!(f, "{n} moves")?;
                guard(f, c)
            }
            EndCondition::Repetition(n, c) => {
                write!(f, "{n} repetitions")?;
                guard(f, c)
            }
            EndCondition::PerpetualCheck(n) => write!(f, "{n} repetitions by perpetual check"),
            EndCondition::MutualPerpetualCheck(n, c) => {
                write!(f, "{n} repetitions by mutual perpetual check")?;
                guard(f, c)
            }
            EndCondition::Shuttles(n, kinds) => {
                write!(f, "{n} shuttles")?;
                match kinds {
                    Some(k) => write!(f, " by {k}"),
                    None => Ok(()),
                }
            }
            EndCondition::Holds(c) => write!(f, "{c}"),
            EndCondition::Dead(c) => write!(f, "dead if {c}"),
            EndCondition::CountingOver => f.write_str("counting over"),
        }
    }
}

impl Display for EndRule<Parsed> {
    /// `checkmate: loss`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.condition, outcome_word(self.outcome))
    }
}
