//! The pieces part of a compiled variant: what each piece type is, and
//! the sets of kinds the engine asks about (royal, pawns, shields, and
//! the kinds each may not hop over or capture).

use crate::base::glyph::Glyph;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::Color;
use crate::check::CheckedVariant;

/// What a variant says about one piece type, for display and notation.
#[derive(Clone, Debug)]
pub struct PieceInfo {
    /// Upper-case FEN letter.
    pub letter: char,
    /// Name.
    pub name: String,
    /// Movement template as written.
    pub template: String,
    /// Whether it is royal.
    pub royal: bool,
    /// Whether it counts as a pawn for the move rule.
    pub pawn: bool,
    /// Material value.
    pub value: i32,
    /// How pictures draw it.
    pub glyph: Glyph,
    /// The kind it is a promoted form of (`promoted_from`): FEN writes it
    /// `+` and that kind's letter.
    pub promoted_from: Option<Kind>,
}

/// The compiled piece types of a variant, indexed by [`Kind`].
#[derive(Clone, Debug)]
pub(crate) struct PieceTable {
    /// Piece types, indexed by [`Kind`].
    infos: Vec<PieceInfo>,
    /// The royal kinds.
    royal: KindSet,
    /// Per side, the kinds that are pawns for it (`pawn`, `pawn_for`).
    pawns: [KindSet; 2],
    /// The kinds that carry a shield.
    shields: KindSet,
    /// Per kind, the kinds it may not hop over (`cannot_hop`).
    cannot_hop: Vec<KindSet>,
    /// Per kind, the kinds it may never capture (`cannot_capture`).
    cannot_capture: Vec<KindSet>,
    /// Whether some kind has a `cannot_hop` or `cannot_capture` (else both
    /// lists are all empty and never read).
    limited: bool,
}

impl PieceTable {
    /// Compiles the piece types of a checked variant.
    pub(crate) fn compile(v: &CheckedVariant) -> PieceTable {
        let kinds_where = |f: &dyn Fn(&crate::check::CheckedPiece) -> bool| -> KindSet {
            (v.pieces.iter().enumerate())
                .filter(|(_, p)| f(p))
                .map(|(k, _)| Kind::from_index(k))
                .collect()
        };
        PieceTable {
            infos: v
                .pieces
                .iter()
                .map(|p| PieceInfo {
                    letter: p.letter,
                    name: p.name.clone(),
                    template: p.template_text.clone(),
                    royal: p.royal,
                    pawn: p.pawn,
                    value: p.value,
                    glyph: p.glyph.clone(),
                    promoted_from: p.promoted_from,
                })
                .collect(),
            royal: kinds_where(&|p| p.royal),
            pawns: Color::BOTH.map(|side| kinds_where(&|p| p.pawn && p.pawn_for.is_none_or(|s| s == side))),
            shields: v.sentences.shields.iter().map(|sh| sh.kind).collect(),
            cannot_hop: v.pieces.iter().map(|p| p.limits.cannot_hop).collect(),
            cannot_capture: v.pieces.iter().map(|p| p.limits.cannot_capture).collect(),
            limited: has_limits(v),
        }
    }

    /// The piece types, indexed by [`Kind`].
    #[inline]
    pub(crate) fn infos(&self) -> &[PieceInfo] {
        &self.infos
    }

    /// The piece type of `kind`.
    #[inline]
    pub(crate) fn info(&self, kind: Kind) -> &PieceInfo {
        &self.infos[kind.index()]
    }

    /// The kind with upper-case letter `letter` (either case).
    pub(crate) fn kind_of_letter(&self, letter: char) -> Option<Kind> {
        (self.infos.iter())
            .position(|p| p.letter == letter.to_ascii_uppercase())
            .map(Kind::from_index)
    }

    /// The kind that is `base` promoted (whose `promoted_from` is `base`).
    pub(crate) fn promoted_form(&self, base: Kind) -> Option<Kind> {
        (self.infos.iter())
            .position(|p| p.promoted_from == Some(base))
            .map(Kind::from_index)
    }

    /// How many piece types the variant has.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.infos.len()
    }

    /// The royal kinds.
    #[inline(always)]
    pub(crate) fn royal(&self) -> KindSet {
        self.royal
    }

    /// The kinds that are pawns for `side` (`pawn`, `pawn_for`).
    #[inline(always)]
    pub(crate) fn pawns(&self, side: Color) -> KindSet {
        self.pawns[side as usize]
    }

    /// The kinds that carry a shield.
    #[inline(always)]
    pub(crate) fn shields(&self) -> KindSet {
        self.shields
    }

    /// Whether some kind may not hop over or capture some kinds
    /// (`cannot_hop`, `cannot_capture`).
    #[inline(always)]
    pub(crate) fn has_limits(&self) -> bool {
        self.limited
    }

    /// The kinds a piece of `kind` may not hop over (`cannot_hop`).
    #[inline(always)]
    pub(crate) fn cannot_hop(&self, kind: Kind) -> KindSet {
        self.cannot_hop[kind.index()]
    }

    /// The kinds a piece of `kind` may never capture (`cannot_capture`).
    #[inline(always)]
    pub(crate) fn cannot_capture(&self, kind: Kind) -> KindSet {
        self.cannot_capture[kind.index()]
    }
}

/// Whether some kind of the checked variant has a `cannot_hop` or
/// `cannot_capture`.
pub(crate) fn has_limits(v: &CheckedVariant) -> bool {
    v.pieces
        .iter()
        .any(|p| !p.limits.cannot_hop.union(p.limits.cannot_capture).is_empty())
}
