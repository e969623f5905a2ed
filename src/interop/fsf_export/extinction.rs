//! Extinction rules with the opponent's count or the hand, as the
//! importer writes `extinctionOpponentPieceCount`, `extinctionClaim` and
//! extinction with drops: `count(S) <= N [and held(S) == 0] [and
//! count(O) >= M | and (count(O) >= 1 or held(O) >= 1)]`, where O is the
//! other side's pieces of S's kinds.

use crate::lang::effect_syntax::{Comparison, Cond, KindFilter, Quantity, SetExpr, SideFilter};

/// One extinction rule read from its condition.
pub(super) struct Counted<'c> {
    /// The pieces counted (`own X`, `enemy`).
    pub set: &'c SetExpr,
    /// The most of them the side may have (`extinctionPieceCount`).
    pub count: u32,
    /// The fewest pieces the other side must have for it to hold (0: no
    /// condition): `extinctionOpponentPieceCount`, plus one with
    /// `extinctionClaim` for the side to move.
    pub opponents: u32,
}

/// The conjuncts of `c`, in order.
fn conjuncts<'c>(c: &'c Cond, out: &mut Vec<&'c Cond>) {
    match c {
        Cond::And(a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(c),
    }
}

/// The other side's pieces of the same kinds as `set`.
fn other(set: &SetExpr) -> Option<SetExpr> {
    match set {
        SetExpr::Pieces(SideFilter::Own, k) => Some(SetExpr::Pieces(SideFilter::Enemy, k.clone())),
        SetExpr::Pieces(SideFilter::Enemy, k) => Some(SetExpr::Pieces(SideFilter::Own, k.clone())),
        _ => None,
    }
}

/// Whether two kind filters take the same kinds (their letters' places
/// in the sentences aside).
fn same_kinds(a: Option<&KindFilter>, b: Option<&KindFilter>) -> bool {
    let letters = |k: &KindFilter| k.letters.iter().map(|(c, _)| *c).collect::<Vec<_>>();
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.negate == b.negate && a.royal == b.royal && letters(a) == letters(b),
        _ => false,
    }
}

/// Whether two sets are the same side's pieces of the same kinds.
fn same_pieces(a: &SetExpr, b: &SetExpr) -> bool {
    match (a, b) {
        (SetExpr::Pieces(x, k), SetExpr::Pieces(y, l)) => x == y && same_kinds(k.as_ref(), l.as_ref()),
        _ => false,
    }
}

/// Whether `c` is `held(S) OP n` of the pieces of `set`.
fn held(c: &Cond, set: &SetExpr, op: Comparison, n: u32) -> bool {
    match (c, set) {
        (Cond::Compare(Quantity::Held(side, kinds), o, m), SetExpr::Pieces(s, k)) => {
            side == s && same_kinds(kinds.as_ref(), k.as_ref()) && *o == op && *m == n
        }
        _ => false,
    }
}

/// The extinction rule `c` is, if it is one.
pub(super) fn read(c: &Cond) -> Option<Counted<'_>> {
    let mut parts = Vec::new();
    conjuncts(c, &mut parts);
    let mut parts = parts.into_iter().peekable();
    let Some(Cond::Compare(Quantity::Count(set), Comparison::AtMost, count)) = parts.next() else {
        return None;
    };
    let others = other(set)?;
    // With drops, the hand counts too (`held(S) == 0`, only for none).
    if *count == 0 {
        parts.next_if(|p| held(p, set, Comparison::Equal, 0));
    }
    let opponents = match parts.next() {
        None => 0,
        Some(Cond::Compare(Quantity::Count(o), Comparison::AtLeast, m)) if same_pieces(o, &others) => *m,
        Some(Cond::Or(a, b)) => match (&**a, &**b) {
            (Cond::Compare(Quantity::Count(o), Comparison::AtLeast, 1), h)
                if same_pieces(o, &others) && held(h, &others, Comparison::AtLeast, 1) =>
            {
                1
            }
            _ => return None,
        },
        Some(_) => return None,
    };
    parts.next().is_none().then_some(Counted {
        set,
        count: *count,
        opponents,
    })
}
