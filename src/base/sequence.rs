//! An order of piece kinds that pieces step along (`kind_sequence`):
//! `transform(S, next)` turns each piece into the kind after its own,
//! `transform(S, previous)` into the one before. A sequence may be a
//! cycle (N B R Q N) or have ends (P N B R Q,
//! where a queen steps no further up and a pawn no further down). A kind
//! not in the sequence (the king) never steps.

use super::piece::Kind;

/// The steps of a kind sequence, by kind, ready for the engine.
///
/// ```
/// use kaboom::{Kind, KindSequence};
/// let (p, n, b) = (Kind::new(0), Kind::new(1), Kind::new(2));
/// let up = KindSequence::new(&[p, n, b], false, 4);
/// assert_eq!(up.next(p), Some(n));
/// assert_eq!(up.next(b), None, "the end of the sequence: no step");
/// assert_eq!(up.previous(n), Some(p));
/// assert_eq!(up.next(Kind::new(3)), None, "a kind outside never steps");
/// let cycle = KindSequence::new(&[n, b], true, 4);
/// assert_eq!(cycle.next(b), Some(n));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindSequence {
    next: Vec<Option<Kind>>,
    previous: Vec<Option<Kind>>,
}

impl KindSequence {
    /// The sequence of `kinds` in order (each once), a cycle when
    /// `cyclic`, for a variant of `count` kinds.
    pub fn new(kinds: &[Kind], cyclic: bool, count: usize) -> KindSequence {
        let mut out = KindSequence {
            next: vec![None; count],
            previous: vec![None; count],
        };
        for pair in kinds.windows(2) {
            out.link(pair[0], pair[1]);
        }
        if cyclic && let (Some(&last), Some(&first)) = (kinds.last(), kinds.first()) {
            out.link(last, first);
        }
        out
    }

    fn link(&mut self, from: Kind, to: Kind) {
        if let Some(n) = self.next.get_mut(from.index()) {
            *n = Some(to);
        }
        if let Some(p) = self.previous.get_mut(to.index()) {
            *p = Some(from);
        }
    }

    /// The kind after `kind`; `None` at the end of the sequence or for a
    /// kind outside it.
    #[inline]
    pub fn next(&self, kind: Kind) -> Option<Kind> {
        self.next.get(kind.index()).copied().flatten()
    }

    /// The kind before `kind`; `None` at the start of the sequence or for
    /// a kind outside it.
    #[inline]
    pub fn previous(&self, kind: Kind) -> Option<Kind> {
        self.previous.get(kind.index()).copied().flatten()
    }

    /// Whether the variant declares no sequence.
    pub fn is_empty(&self) -> bool {
        self.next.iter().all(Option::is_none)
    }
}
