//! The promotion part of a compiled variant: per (kind, side) where a
//! piece promotes, where it must, and to what.

use crate::base::kind_set::KindSet;
use crate::base::piece::{ByKindSide, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::check::{CheckedPromotion, CheckedVariant};

/// The compiled promotion rules, indexed by kind and side.
#[derive(Clone, Debug)]
pub(crate) struct PromotionTable {
    /// Promotion zone per (kind, side).
    zone: ByKindSide<SquareSet>,
    /// Where a move that starts promotes too, per (kind, side): the zone
    /// of a rule with `from_zone`, else nothing.
    leaving: ByKindSide<SquareSet>,
    /// Whether some promotion rule has `from_zone` (else `leaving` is
    /// empty and never read).
    promotes_leaving: bool,
    /// The kinds each kind may promote to, in the order written.
    choices: ByKindSide<Vec<Kind>>,
    /// Where promotion is compulsory, per (kind, side): the part of the
    /// zone where a piece may not stay as it is.
    forced: ByKindSide<SquareSet>,
    /// Where a move that starts must promote, per (kind, side): the
    /// compulsory part of the zone of a rule with `from_zone`, else nothing.
    forced_leaving: ByKindSide<SquareSet>,
    /// The kinds that promote only on moves that capture (`on_capture`).
    on_capture: KindSet,
    /// The kinds that promote only on moves that capture nothing
    /// (`on_quiet`).
    on_quiet: KindSet,
    /// The kinds whose captures en passant do not promote (`en_passant:
    /// false`).
    not_en_passant: KindSet,
    /// Per kind: a promotion may choose it only while the side has fewer
    /// than this many on the board (0: no limit).
    limits: Vec<u32>,
    /// Whether some promotion choice has a limit.
    limited: bool,
}

/// Every square: where a move starting in a `from_zone` zone may promote.
const EVERY_SQUARE: SquareSet = SquareSet([u64::MAX; 4]);

impl PromotionTable {
    /// Compiles the checked variant's promotion rules.
    pub(crate) fn compile(v: &CheckedVariant) -> PromotionTable {
        let kinds_where = |f: &dyn Fn(&CheckedPromotion) -> bool| -> KindSet {
            v.promotions
                .iter()
                .filter(|p| f(p))
                .flat_map(|p| p.pieces.iter().copied())
                .collect()
        };
        let mut choices = ByKindSide::new(v.pieces.len(), Vec::new());
        for p in &v.promotions {
            for &kind in &p.pieces {
                for side in Color::BOTH {
                    if !p.zone[side as usize].is_empty() {
                        *choices.get_mut(kind, side) = p.choices.clone();
                    }
                }
            }
        }
        let mut limits = vec![0; v.pieces.len()];
        for &(kind, n) in v.promotions.iter().flat_map(|p| &p.limits) {
            limits[kind.index()] = n;
        }
        PromotionTable {
            zone: zones(v, |p| Some(&p.zone)),
            leaving: zones(v, |p| p.from_zone.then_some(&p.zone)),
            promotes_leaving: v.promotions.iter().any(|p| p.from_zone),
            choices,
            forced: zones(v, |p| Some(&p.forced)),
            forced_leaving: zones(v, |p| p.from_zone.then_some(&p.forced)),
            on_capture: kinds_where(&|p| p.on_capture),
            on_quiet: kinds_where(&|p| p.on_quiet),
            not_en_passant: kinds_where(&|p| !p.en_passant),
            limited: limits.iter().any(|&n| n > 0),
            limits,
        }
    }

    /// The promotion zone of `side`'s pieces of `kind`.
    #[inline(always)]
    pub(crate) fn zone(&self, kind: Kind, side: Color) -> &SquareSet {
        self.zone.get(kind, side)
    }

    /// The squares where a move of `side`'s piece of `kind` from `from`
    /// may promote: its zone, or every square when it starts in a zone
    /// that promotes moves leaving it (`from_zone`).
    #[inline(always)]
    pub(crate) fn targets(&self, kind: Kind, side: Color, from: Square) -> &SquareSet {
        if self.promotes_leaving && self.leaving.get(kind, side).contains(from) {
            &EVERY_SQUARE
        } else {
            self.zone.get(kind, side)
        }
    }

    /// The zone whose moves leaving it promote (`from_zone`) for `side`'s
    /// pieces of `kind`: empty where no rule promotes moves leaving a zone.
    #[inline]
    pub(crate) fn leaving_zone(&self, kind: Kind, side: Color) -> &SquareSet {
        if self.promotes_leaving {
            self.leaving.get(kind, side)
        } else {
            &SquareSet::EMPTY
        }
    }

    /// The promotion zone of `side`'s pieces of `kind`, if the variant
    /// has the kind.
    #[inline]
    pub(crate) fn try_zone(&self, kind: Kind, side: Color) -> Option<&SquareSet> {
        self.zone.try_get(kind, side)
    }

    /// The kinds `side`'s piece of `kind` may promote to, in the order
    /// written.
    #[inline(always)]
    pub(crate) fn choices(&self, kind: Kind, side: Color) -> &[Kind] {
        self.choices.get(kind, side)
    }

    /// Whether a move of `side`'s piece of `kind` from `from` to `to` must
    /// promote: it ends where promotion is compulsory, or starts where a
    /// `from_zone` rule's promotion is.
    #[inline]
    pub(crate) fn is_forced(&self, kind: Kind, side: Color, from: Square, to: Square) -> bool {
        self.forced.get(kind, side).contains(to) || self.forced_leaving.get(kind, side).contains(from)
    }

    /// Where `side`'s piece of `kind` may not stay unpromoted on arrival.
    #[inline(always)]
    pub(crate) fn forced_zone(&self, kind: Kind, side: Color) -> &SquareSet {
        self.forced.get(kind, side)
    }

    /// Whether a piece of `kind` promotes only on moves that capture
    /// (`on_capture`).
    #[inline(always)]
    pub(crate) fn only_on_capture(&self, kind: Kind) -> bool {
        self.on_capture.contains(kind)
    }

    /// Whether a piece of `kind` promotes only on moves that capture
    /// nothing (`on_quiet`).
    #[inline(always)]
    pub(crate) fn only_on_quiet(&self, kind: Kind) -> bool {
        self.on_quiet.contains(kind)
    }

    /// Whether a piece of `kind` does not promote by capturing en passant
    /// (`en_passant: false`).
    #[inline(always)]
    pub(crate) fn not_en_passant(&self, kind: Kind) -> bool {
        self.not_en_passant.contains(kind)
    }

    /// Whether some promotion choice is limited by material (`limits`).
    #[inline(always)]
    pub(crate) fn is_limited(&self) -> bool {
        self.limited
    }

    /// How many of `kind` a side may have on the board before no
    /// promotion may choose it (0: no limit).
    #[inline]
    pub(crate) fn limit(&self, kind: Kind) -> u32 {
        self.limits[kind.index()]
    }
}

/// The squares of a zone per (kind, side) for the promoting kinds: the
/// promotion zones, or where promotion is compulsory.
fn zones(v: &CheckedVariant, zone: impl Fn(&CheckedPromotion) -> Option<&[SquareSet; 2]>) -> ByKindSide<SquareSet> {
    let mut zones = ByKindSide::new(v.pieces.len(), SquareSet::EMPTY);
    for p in &v.promotions {
        let Some(sets) = zone(p) else { continue };
        for &kind in &p.pieces {
            for (side, set) in Color::BOTH.into_iter().zip(sets) {
                // A rule whose zone leaves out a side (one of a piece's
                // two rules, each for one side) says nothing for it.
                if !p.zone[side as usize].is_empty() {
                    *zones.get_mut(kind, side) = *set;
                }
            }
        }
    }
    zones
}
