//! Warnings on how a variant's games end: rule sets under which a game can
//! never end, or a royal piece can be lost with no end rule saying what
//! happens then (the game would go on, and a later stalemate would score
//! it). The variant still plays; the author is told.

use super::Diagnostic;
use super::resolve::Resolved;
use super::sentences::CheckedSentences;
use crate::base::kind_set::KindSet;
use crate::lang::effect_syntax::{Comparison, Cond, EndCondition, LegalClause, Quantity, SetExpr};
use crate::spec::Location;

/// The warnings for `sentences`; `royal` are the royal kinds, `legal_at` and `end_at` where the `legal` and `end` fields are
/// (or the file, when they are inherited or absent).
pub fn check_endings(
    sentences: &CheckedSentences,
    royal: RoyalKinds,
    legal_at: Option<Location>,
    end_at: Option<Location>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let check_clause = sentences
        .legal
        .iter()
        .any(|l| matches!(l, LegalClause::NotAttacked(..)));
    let protected = sentences
        .legal
        .iter()
        .any(|l| matches!(l, LegalClause::NotAttacked(None, _)));
    if sentences.end.is_empty() {
        out.push(
            Diagnostic::warning("the variant has no end rule: a game of it never ends", end_at.clone())
                .with_help("add end rules, for example `end: [\"checkmate: loss\", \"stalemate: draw\"]`"),
        );
    }
    if !check_clause
        && sentences
            .end
            .iter()
            .any(|e| matches!(e.condition, EndCondition::Checkmate(_)))
    {
        out.push(
            Diagnostic::warning(
                "`checkmate` can never happen: no `own royal not attacked` clause in `legal` defines check",
                end_at.clone(),
            )
            .with_help("add `own royal not attacked` to `legal`, or end the game on a condition such as `not exists(own royal): loss`"),
        );
    }
    if !check_clause
        && sentences.end.iter().any(|e| {
            matches!(
                e.condition,
                EndCondition::PerpetualCheck(_) | EndCondition::MutualPerpetualCheck(..)
            )
        })
    {
        out.push(
            Diagnostic::warning(
                "`repetitions by perpetual check` can never apply: no `own royal not attacked` clause in `legal` defines check",
                end_at.clone(),
            )
            .with_help("add `own royal not attacked` to `legal`, or use a plain `N repetitions` rule"),
        );
    }
    let counts_checks = sentences.end.iter().any(|e| match &e.condition {
        EndCondition::Holds(c) | EndCondition::Dead(c) => cond_reads_checks(c),
        _ => false,
    });
    if !check_clause && counts_checks {
        out.push(
            Diagnostic::warning(
                "`checks(...)` can never count a check: no `own royal not attacked` clause in `legal` defines check",
                end_at.clone(),
            )
            .with_help("add `own royal not attacked` to `legal` (and mark the king `royal: true`)"),
        );
    }
    let says_what_happens = sentences.end.iter().any(|e| match &e.condition {
        EndCondition::Holds(c) => cond_names_royal(c, royal),
        _ => false,
    });
    if !royal.royal.is_empty() && !protected && !says_what_happens {
        out.push(
            Diagnostic::warning(
                "a royal piece can be captured or removed (no plain `own royal not attacked` clause protects it), \
                 and no end rule says what happens then: the game goes on without it",
                legal_at.or(end_at),
            )
            .with_help("add an end rule such as `not exists(own royal): loss`, or `own royal not attacked` to `legal`"),
        );
    }
    out
}

/// The royal kinds and every kind, as masks.
#[derive(Clone, Copy)]
pub(super) struct RoyalKinds {
    /// The royal kinds.
    pub royal: KindSet,
    /// Every kind.
    pub all: KindSet,
}

/// Whether a kind filter names a royal kind: not a filter that takes
/// every kind (`own`), which names none in particular.
fn kinds_name_royal(mask: KindSet, k: RoyalKinds) -> bool {
    mask != k.all && !mask.intersection(k.royal).is_empty()
}

fn set_names_royal(s: &SetExpr<Resolved>, royal: RoyalKinds) -> bool {
    match s {
        SetExpr::Pieces(_, mask) => kinds_name_royal(*mask, royal),
        SetExpr::Area(a, _) | SetExpr::Adjacent(a) | SetExpr::Manhattan(a, _) => set_names_royal(a, royal),
        SetExpr::Lines(a, ..) | SetExpr::First(a, _) => set_names_royal(a, royal),
        SetExpr::Binary(_, a, b) => set_names_royal(a, royal) || set_names_royal(b, royal),
        _ => false,
    }
}

fn cond_names_royal(c: &Cond<Resolved>, royal: RoyalKinds) -> bool {
    match c {
        Cond::Not(a) | Cond::Before(a) => cond_names_royal(a, royal),
        Cond::Since(a, b) => cond_names_royal(a, royal) || cond_names_royal(b, royal),
        Cond::Versus(a, _, b, _) => [a, b]
            .into_iter()
            .any(|q| cond_names_royal(&Cond::Compare(q.clone(), Comparison::Equal, 0), royal)),
        Cond::And(a, b) | Cond::Or(a, b) => cond_names_royal(a, royal) || cond_names_royal(b, royal),
        Cond::Compare(Quantity::Count(s) | Quantity::Material(s), _, _)
        | Cond::Exists(s)
        | Cond::Attacked(s, None)
        | Cond::AttackedEvery(s, None)
        | Cond::Line(_, s, _, _)
        | Cond::Block(s, _) => set_names_royal(s, royal),
        Cond::Attacked(a, Some(b)) | Cond::AttackedEvery(a, Some(b)) => {
            set_names_royal(a, royal) || set_names_royal(b, royal)
        }
        Cond::Compare(Quantity::Captured(mask), _, _) => kinds_name_royal(*mask, royal),
        Cond::Touching(a, b) | Cond::Within(a, b) | Cond::CanReach(a, b) => {
            set_names_royal(a, royal) || set_names_royal(b, royal)
        }
        Cond::Connected(_, sets, _) => sets.iter().any(|s| set_names_royal(s, royal)),
        _ => false,
    }
}

/// Whether some end rule is a condition that names no royal piece (such as
/// `count(own) == 0: loss`): a side without a royal piece can still lose.
pub(super) fn ends_without_royals(sentences: &CheckedSentences, royal: RoyalKinds) -> bool {
    sentences.end.iter().any(|e| match &e.condition {
        EndCondition::Holds(c) => !cond_names_royal(c, royal),
        _ => false,
    })
}

/// Whether a condition reads the hands: `dropped(...)` or `held(...)`.
pub(super) fn reads_hands(c: &Cond<Resolved>) -> bool {
    match c {
        Cond::Dropped(_) | Cond::Compare(Quantity::Held(..), _, _) => true,
        Cond::Not(a) | Cond::Before(a) => reads_hands(a),
        Cond::Since(a, b) => reads_hands(a) || reads_hands(b),
        Cond::Versus(a, _, b, _) => [a, b]
            .into_iter()
            .any(|q| reads_hands(&Cond::Compare(q.clone(), Comparison::Equal, 0))),
        Cond::And(a, b) | Cond::Or(a, b) => reads_hands(a) || reads_hands(b),
        _ => false,
    }
}

/// Whether a condition reads `passes`.
pub(super) fn reads_passes(c: &Cond<Resolved>) -> bool {
    match c {
        Cond::Compare(Quantity::Passes, _, _) => true,
        Cond::Not(a) | Cond::Before(a) => reads_passes(a),
        Cond::Since(a, b) => reads_passes(a) || reads_passes(b),
        Cond::Versus(a, _, b, _) => [a, b]
            .into_iter()
            .any(|q| reads_passes(&Cond::Compare(q.clone(), Comparison::Equal, 0))),
        Cond::And(a, b) | Cond::Or(a, b) => reads_passes(a) || reads_passes(b),
        _ => false,
    }
}

/// Whether a condition reads the checks a side has given.
fn cond_reads_checks(c: &Cond<Resolved>) -> bool {
    match c {
        Cond::Compare(Quantity::Checks(_), _, _) => true,
        Cond::Not(a) | Cond::Before(a) => cond_reads_checks(a),
        Cond::Since(a, b) => cond_reads_checks(a) || cond_reads_checks(b),
        Cond::Versus(a, _, b, _) => [a, b]
            .into_iter()
            .any(|q| cond_reads_checks(&Cond::Compare(q.clone(), Comparison::Equal, 0))),
        Cond::And(a, b) | Cond::Or(a, b) => cond_reads_checks(a) || cond_reads_checks(b),
        _ => false,
    }
}
