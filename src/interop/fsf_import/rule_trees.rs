//! Constructors of the effect-sentence trees the passes build (end rules,
//! legality clauses, triggered rules and the sets and conditions inside
//! them): the importer composes sentences as values of
//! [`crate::lang::effect_syntax`] and prints them with its printer, never
//! as hand-built text. The trees are of the parsed phase, with empty spans
//! (they were never written anywhere).

use crate::lang::effect_syntax::{
    Comparison, Cond, EndCondition, EndOutcome, EndRule, KindFilter, LineGoal, NamedSet, Quantity, RanksFrom,
    RegionName, RightLetter, SetExpr, SetOp, SideFilter, TemplateText,
};

/// The kinds of the letters `letters`; `None` (every kind) when there are
/// none.
pub(super) fn kinds(letters: impl IntoIterator<Item = char>) -> Option<KindFilter> {
    let letters: Vec<(char, std::ops::Range<usize>)> = letters.into_iter().map(|c| (c, 0..0)).collect();
    (!letters.is_empty()).then_some(KindFilter {
        negate: false,
        royal: false,
        letters,
    })
}

/// The pieces of `side` whose letter is in `letters` (every piece of the
/// side when there are none): `enemy Q R`.
pub(super) fn pieces(side: SideFilter, letters: impl IntoIterator<Item = char>) -> SetExpr {
    SetExpr::Pieces(side, kinds(letters))
}

/// The royal pieces of `side`: `own royal`.
pub(super) fn royal(side: SideFilter) -> SetExpr {
    SetExpr::Pieces(
        side,
        Some(KindFilter {
            negate: false,
            royal: true,
            letters: Vec::new(),
        }),
    )
}

/// A named set: `target`, `empty`.
pub(super) fn named(set: NamedSet) -> SetExpr {
    SetExpr::Named(set)
}

/// A region of the variant's `regions` list, read for `from`: `enemy flag`.
pub(super) fn region(from: RanksFrom, name: &str) -> SetExpr {
    let name = RegionName {
        name: name.to_string(),
        span: 0..0,
    };
    SetExpr::Region(from, name)
}

/// Two sets combined: `a & b`.
pub(super) fn combine(op: SetOp, a: SetExpr, b: SetExpr) -> SetExpr {
    SetExpr::Binary(op, Box::new(a), Box::new(b))
}

/// The squares of both sets: `a & b`.
pub(super) fn both(a: SetExpr, b: SetExpr) -> SetExpr {
    combine(SetOp::Intersection, a, b)
}

/// The squares of `a` not in `b`: `a - b`.
pub(super) fn minus(a: SetExpr, b: SetExpr) -> SetExpr {
    combine(SetOp::Difference, a, b)
}

/// The union of `sets`, read left to right; `None` for no set.
pub(super) fn union(sets: impl IntoIterator<Item = SetExpr>) -> Option<SetExpr> {
    sets.into_iter().reduce(|a, b| combine(SetOp::Union, a, b))
}

/// Ranks `low..=high` counted from `from`'s first rank (1-based).
pub(super) fn ranks(from: RanksFrom, low: u8, high: u8) -> SetExpr {
    SetExpr::Ranks(from, low, high)
}

/// Files `low..=high` (0-based).
pub(super) fn files(low: u8, high: u8) -> SetExpr {
    SetExpr::Files(low, high)
}

/// A movement template inside a set or condition (`R` in `first(S, R)`).
pub(super) fn template(text: impl Into<String>) -> TemplateText {
    TemplateText {
        text: text.into(),
        span: 0..0,
    }
}

/// A castling right's letter inside a condition.
pub(super) fn right(letter: char) -> RightLetter {
    RightLetter { letter, span: 0..0 }
}

/// `quantity op n`: `count(own) <= 0`.
pub(super) fn compare(quantity: Quantity, op: Comparison, n: u32) -> Cond {
    Cond::Compare(quantity, op, n)
}

/// `count(set) op n`.
pub(super) fn count(set: SetExpr, op: Comparison, n: u32) -> Cond {
    compare(Quantity::Count(set), op, n)
}

/// `a op b + offset`: two quantities compared.
pub(super) fn versus(a: Quantity, op: Comparison, b: Quantity, offset: i32) -> Cond {
    Cond::Versus(a, op, b, offset)
}

/// Every condition of `conds`, read left to right (`a and b and c`);
/// `true` for none.
pub(super) fn all(conds: impl IntoIterator<Item = Cond>) -> Cond {
    conds
        .into_iter()
        .reduce(|a, b| Cond::And(Box::new(a), Box::new(b)))
        .unwrap_or(Cond::Truth(true))
}

/// Some condition of `conds`, read left to right (`a or b or c`); `false`
/// for none.
pub(super) fn any(conds: impl IntoIterator<Item = Cond>) -> Cond {
    conds
        .into_iter()
        .reduce(|a, b| Cond::Or(Box::new(a), Box::new(b)))
        .unwrap_or(Cond::Truth(false))
}

/// `not c`.
pub(super) fn not(c: Cond) -> Cond {
    Cond::Not(Box::new(c))
}

/// `exists(set)`.
pub(super) fn exists(set: SetExpr) -> Cond {
    Cond::Exists(set)
}

/// `attacked(set)`.
pub(super) fn attacked(set: SetExpr) -> Cond {
    Cond::Attacked(set, None)
}

/// `in_row(set, n, template)`, `collinear(...)` or `in_block(set, n)`.
pub(super) fn line(goal: LineGoal, set: SetExpr, n: u8, directions: &str) -> Cond {
    match goal {
        LineGoal::Block => Cond::Block(set, n),
        goal => Cond::Line(goal, set, n, template(directions)),
    }
}

/// The end rule `condition: outcome`.
pub(super) fn end(condition: EndCondition, outcome: EndOutcome) -> EndRule {
    EndRule { condition, outcome }
}

/// The end rule `cond: outcome`, the condition read after every move.
pub(super) fn end_if(cond: Cond, outcome: EndOutcome) -> EndRule {
    end(EndCondition::Holds(cond), outcome)
}

/// The outcome a word of the end rules names (`win`, `loss`, `draw`);
/// `None` for any other word.
pub(super) fn outcome_named(word: &str) -> Option<EndOutcome> {
    match word {
        "win" => Some(EndOutcome::Win),
        "loss" => Some(EndOutcome::Loss),
        "draw" => Some(EndOutcome::Draw),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trees_print_as_the_sentences_they_stand_for() {
        let queen = pieces(SideFilter::Enemy, ['Q']);
        let rule = end_if(
            all([
                count(queen.clone(), Comparison::AtMost, 0),
                compare(Quantity::Held(SideFilter::Enemy, kinds(['Q'])), Comparison::Equal, 0),
            ]),
            EndOutcome::Win,
        );
        assert_eq!(rule.to_string(), "count(enemy Q) <= 0 and held(enemy Q) == 0: win");
        let set = both(
            royal(SideFilter::Own),
            union([ranks(RanksFrom::Own, 8, 8), files(0, 1)]).unwrap(),
        );
        assert_eq!(exists(set).to_string(), "exists(own royal & (ranks(8) + files(a..b)))");
        let either = any([attacked(queen.clone()), not(all([exists(queen), Cond::Capture]))]);
        assert_eq!(
            either.to_string(),
            "attacked(enemy Q) or not (exists(enemy Q) and capture)"
        );
        assert_eq!(all([]).to_string(), "true");
        assert_eq!(pieces(SideFilter::Any, []).to_string(), "any");
    }
}
