//! Checks of the effects that change pieces where they stand: a
//! `transform` names one kind of the variant (or a step along its
//! `kind_sequence`, which must then be declared), and the marks a
//! variant names stay within [`MAX_MARKS`]. Also the `kind_sequence`
//! field itself: piece letters of the variant, each once (the last may
//! repeat the first, making it a cycle), none royal.

use super::checker::Checker;
use super::resolve::{Resolved, Resolver};
use crate::base::kind_set::KindSet;
use crate::base::limits::MAX_MARKS;
use crate::base::piece::Kind;
use crate::lang::effect_syntax::{Effect, KindChange, MarkName};
use crate::spec::{Spanned, VariantFile};

impl Resolver<'_, '_> {
    /// A mark's name, counted among the variant's marks.
    pub(super) fn mark(&mut self, m: &MarkName) -> Option<MarkName> {
        if !self.c.marks.contains(&m.name) {
            if self.c.marks.len() >= MAX_MARKS {
                let at = self.c.inside(self.text, m.span.clone());
                let known = self.c.marks.join("`, `");
                self.c.error(
                    format!(
                        "mark `{}` is one too many: a variant names at most {MAX_MARKS} marks",
                        m.name
                    ),
                    at,
                    format!("use one of the marks already named: `{known}`"),
                );
                return None;
            }
            self.c.marks.push(m.name.clone());
        }
        Some(m.clone())
    }

    /// `recolour`, `transform`, `mark` and `unmark`, resolved.
    pub(super) fn change(&mut self, e: &Effect) -> Option<Effect<Resolved>> {
        Some(match e {
            Effect::Recolour { set, to, royal } => Effect::Recolour {
                set: self.set(set)?,
                to: *to,
                royal: *royal,
            },
            Effect::Transform { set, to, royal, span } => {
                let set = self.set(set);
                let to = self.kind_change(to, span);
                Effect::Transform {
                    set: set?,
                    to: to?,
                    royal: *royal,
                    span: span.clone(),
                }
            }
            Effect::Mark { set, mark, moves } => {
                let set = self.set(set);
                let mark = self.mark(mark);
                Effect::Mark {
                    set: set?,
                    mark: mark?,
                    moves: *moves,
                }
            }
            Effect::Unmark { set, mark } => {
                let set = self.set(set);
                let mark = self.mark(mark);
                Effect::Unmark { set: set?, mark: mark? }
            }
            _ => unreachable!("only the effects that change pieces in place come here"),
        })
    }

    pub(super) fn kind_change(
        &mut self,
        to: &KindChange,
        span: &std::ops::Range<usize>,
    ) -> Option<KindChange<Resolved>> {
        Some(match to {
            KindChange::Kind(filter, at) => {
                let mask = self.kinds_of(filter)?;
                if mask.len() != 1 {
                    let at = self.c.inside(self.text, at.clone());
                    self.c.error(
                        "`transform` turns pieces into one kind; name one piece letter",
                        at,
                        "write one letter (`transform(mover, Q)`), `captured`, `next` or `previous`",
                    );
                    return None;
                }
                KindChange::Kind(mask, at.clone())
            }
            KindChange::Captured => KindChange::Captured,
            KindChange::Next | KindChange::Previous => {
                if !self.c.kind_sequence {
                    let at = self.c.inside(self.text, span.clone());
                    self.c.error(
                        "`next` and `previous` step along the variant's `kind_sequence`, which it does not declare",
                        at,
                        "declare the order of kinds: `kind_sequence: \"P N B R Q\"` (a cycle when the last letter repeats the first: `\"N B R Q N\"`)",
                    );
                    return None;
                }
                if matches!(to, KindChange::Next) {
                    KindChange::Next
                } else {
                    KindChange::Previous
                }
            }
        })
    }
}

/// The checked `kind_sequence`: its kinds in order, and whether it is a
/// cycle (its last letter repeats its first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckedSequence {
    /// The kinds, each once.
    pub kinds: Vec<Kind>,
    /// The last kind steps on to the first.
    pub cyclic: bool,
}

/// Checks the `kind_sequence` field: piece letters of the variant,
/// separated by spaces or not, at least two, each once except the last,
/// which may repeat the first (a cycle); no royal piece.
pub(super) fn check_kind_sequence(
    c: &mut Checker<'_>,
    file: &VariantFile,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    royal: KindSet,
) -> Option<CheckedSequence> {
    let text: &Spanned<String> = file.kind_sequence.as_ref()?;
    let mut out = CheckedSequence::default();
    let mut ok = true;
    let letters: Vec<(usize, char)> = text
        .value
        .char_indices()
        .filter(|(_, ch)| !ch.is_whitespace())
        .collect();
    for (n, &(i, ch)) in letters.iter().enumerate() {
        let at = c.inside(text, i..i + ch.len_utf8());
        let Some(kind) = ch.is_ascii_uppercase().then(|| letter_kind(ch)).flatten() else {
            c.error(
                format!("`{ch}` in `kind_sequence` is not a piece letter of this variant"),
                at,
                "list upper-case letters of pieces under `pieces`: `\"P N B R Q\"`",
            );
            ok = false;
            continue;
        };
        if royal.contains(kind) {
            c.error(
                format!("`{ch}` in `kind_sequence` is royal: a royal piece never changes kind along it"),
                at,
                "leave the royal pieces out of the sequence",
            );
            ok = false;
            continue;
        }
        if out.kinds.contains(&kind) {
            if n + 1 == letters.len() && out.kinds.first() == Some(&kind) && out.kinds.len() >= 2 {
                out.cyclic = true;
                continue;
            }
            c.error(
                format!("`{ch}` is listed twice in `kind_sequence`"),
                at,
                "list each kind once; repeat the first letter at the end to make a cycle: `\"N B R Q N\"`",
            );
            ok = false;
            continue;
        }
        out.kinds.push(kind);
    }
    if ok && out.kinds.len() < 2 {
        c.error(
            "`kind_sequence` needs at least two kinds",
            text.location.clone(),
            "list the kinds in order: `\"P N B R Q\"`",
        );
        ok = false;
    }
    ok.then_some(out)
}
