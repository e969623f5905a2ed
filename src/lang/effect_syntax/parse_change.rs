//! Lowering the effects that change pieces where they stand: their side
//! (`recolour`), their kind (`transform`) and their marks (`mark`,
//! `unmark`). The sets that read marks and runs of enclosed pieces are
//! lowered by `parse` with the other sets.

use super::SentenceError;
use super::ast::{Effect, KindChange, KindFilter};
use super::grammar::Rule as G;
use super::parse::{lower_set, mark_name, rank_side, small, span};
use pest::iterators::Pair;

/// `recolour(S[, to SIDE][, including royal])`.
pub(super) fn recolour(p: Pair<'_, G>) -> Result<Effect, SentenceError> {
    let mut inner = p.into_inner();
    let set = lower_set(inner.next().expect("a set"))?;
    let (mut to, mut royal) = (None, false);
    for part in inner {
        match part.as_rule() {
            G::recolour_to => to = Some(rank_side(part.into_inner().next().expect("a side"))),
            _ => royal = true,
        }
    }
    Ok(Effect::Recolour { set, to, royal })
}

/// `transform(S, K | captured | next | previous[, including royal])`.
pub(super) fn transform(p: Pair<'_, G>) -> Result<Effect, SentenceError> {
    let mut inner = p.into_inner();
    let set = lower_set(inner.next().expect("a set"))?;
    let (to, span) = kind_change(inner.next().expect("a kind"));
    Ok(Effect::Transform {
        set,
        to,
        royal: inner.next().is_some(),
        span,
    })
}

/// A `kind_change` pair (`Q`, `captured`, `next`, `previous`) and its byte range.
pub(super) fn kind_change(change: Pair<'_, G>) -> (KindChange, std::ops::Range<usize>) {
    let span = span(&change);
    let word = change.into_inner().next().expect("a kind");
    let to = match word.as_rule() {
        G::next_kind => KindChange::Next,
        G::previous_kind => KindChange::Previous,
        G::captured_kind => KindChange::Captured,
        _ => {
            let base = word.as_span().start();
            let letters = (word.as_str().char_indices())
                .filter(|(_, c)| c.is_ascii_uppercase())
                .map(|(i, c)| (c, base + i..base + i + 1))
                .collect();
            let filter = KindFilter {
                negate: false,
                royal: false,
                letters,
            };
            KindChange::Kind(Some(filter), span.clone())
        }
    };
    (to, span)
}

/// `mark(S, name[, for N moves])` and `unmark(S, name)`.
pub(super) fn mark(p: Pair<'_, G>, unmark: bool) -> Result<Effect, SentenceError> {
    let mut inner = p.into_inner();
    let set = lower_set(inner.next().expect("a set"))?;
    let mark = mark_name(&inner.next().expect("a name"));
    if unmark {
        return Ok(Effect::Unmark { set, mark });
    }
    let moves = match inner.next() {
        Some(n) => {
            let at = span(&n);
            let max = crate::base::limits::MAX_MARK_MOVES;
            let moves = small(n, u32::from(max), "mark duration")?;
            if moves == 0 {
                return Err(SentenceError {
                    message: "a mark for 0 moves marks nothing".into(),
                    span: at,
                    help: format!("mark for 1 to {max} moves, or leave `for` out to mark for good"),
                });
            }
            moves
        }
        None => 0,
    };
    Ok(Effect::Mark { set, mark, moves })
}
