//! The hands part of a compiled variant: which kinds a hand holds, in
//! which slot, and what a captured piece joins the hand as.

use crate::base::piece::Kind;
use crate::check::CheckedVariant;

/// The compiled hands: the slot of each kind held in hand and the kinds
/// captured pieces become there. Empty slots when the variant has no
/// drops.
#[derive(Clone, Debug, Default)]
pub(crate) struct HandTable {
    /// Each kind's slot in a hand (kinds that are not royal, unless
    /// `hold_royal`).
    slot: Vec<Option<u8>>,
    /// The kind held in each hand slot.
    kinds: Vec<Kind>,
    /// With drops of promoted forms (`drop_promoted`): per hand slot, the
    /// promoted form its piece may also be dropped as; else empty.
    forms: Vec<Option<Kind>>,
    /// The kind a piece marked promoted (`~`) becomes again when captured
    /// into a hand: the one kind that promotes to pieces that are not
    /// promoted forms (a promoted form turning back into its own piece
    /// does not count).
    demoted: Option<Kind>,
    /// Per kind, the kind a captured piece of it joins the hand as: its
    /// `promoted_from`, else itself.
    captured_as: Vec<Kind>,
}

impl HandTable {
    /// Compiles the hands of a checked variant.
    pub(crate) fn compile(v: &CheckedVariant) -> HandTable {
        // Kinds that are not royal may be held in hand, in kind order;
        // `hold_royal`: royal kinds too.
        let mut slot = vec![None; v.pieces.len()];
        let mut kinds = Vec::new();
        let hold_royal = v.sentences.drops.as_ref().is_some_and(|d| d.hold_royal);
        if v.sentences.drops.is_some() {
            for (k, p) in v.pieces.iter().enumerate() {
                if (!p.royal || hold_royal)
                    && p.promoted_from.is_none()
                    && kinds.len() < crate::base::limits::MAX_HAND_KINDS
                {
                    slot[k] = Some(kinds.len() as u8);
                    kinds.push(Kind::from_index(k));
                }
            }
        }
        // Per hand slot, the promoted form its piece may also be dropped as.
        let forms: Vec<Option<Kind>> = match &v.sentences.drops {
            Some(d) if d.drop_promoted => kinds
                .iter()
                .map(|&k| {
                    v.pieces
                        .iter()
                        .position(|p| p.promoted_from == Some(k))
                        .map(Kind::from_index)
                })
                .collect(),
            _ => Vec::new(),
        };
        HandTable {
            slot,
            kinds,
            forms,
            demoted: demoted(v),
            captured_as: (0..v.pieces.len())
                .map(|k| v.pieces[k].promoted_from.unwrap_or(Kind::from_index(k)))
                .collect(),
        }
    }

    /// The slot of `kind` in a hand, if a hand holds it.
    #[inline]
    pub(crate) fn slot(&self, kind: Kind) -> Option<u8> {
        self.slot.get(kind.index()).copied().flatten()
    }

    /// The kinds a hand holds, one per slot, in slot order.
    #[inline]
    pub(crate) fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// With `drop_promoted`: the promoted form the piece of hand slot
    /// `slot` may also be dropped as.
    #[inline]
    pub(crate) fn form(&self, slot: usize) -> Option<Kind> {
        self.forms.get(slot).copied().flatten()
    }

    /// The kind a captured piece marked promoted (`~`) joins the hand as,
    /// where captures turn back into what they promoted from.
    #[inline]
    pub(crate) fn demoted(&self) -> Option<Kind> {
        self.demoted
    }

    /// The kind a captured piece of `kind` joins the hand as: its
    /// `promoted_from`, else itself.
    #[inline]
    pub(crate) fn captured_as(&self, kind: Kind) -> Kind {
        self.captured_as[kind.index()]
    }
}

/// The one kind that promotes to pieces that are not promoted forms, where
/// captured pieces turn back (`demote_captured`); where they keep their
/// promoted form, none.
fn demoted(v: &CheckedVariant) -> Option<Kind> {
    v.promotions
        .iter()
        .filter(|_| v.sentences.drops.as_ref().is_some_and(|d| d.demote_captured))
        .find(|p| {
            // A promoted form turning back into its own piece (a
            // demotion) is no promotion to a plain piece.
            p.choices.iter().any(|&c| {
                v.pieces[c.index()].promoted_from.is_none()
                    && !p.pieces.iter().any(|&k| v.pieces[k.index()].promoted_from == Some(c))
            })
        })
        .and_then(|p| p.pieces.first().copied())
}
