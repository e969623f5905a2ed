//! Compilation: a checked variant becomes a [`Variant`], the immutable rule
//! set the engine plays: move and attack tables, promotion zones, castling
//! rules, all indexed by integers.

pub mod attacks;
mod end_guards;
mod filter_lower;
mod homes;
pub mod ir;
mod lower;
mod origin_conds;
pub(crate) mod removal_reach;
pub mod rights_tables;
mod royal_ends;
pub mod tables;

use crate::base::action::ActionId;
use crate::base::geometry::Geometry;
use crate::base::glyph::Glyph;
use crate::base::kind_set::KindSet;
use crate::base::piece::{ByKindSide, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::check::{CheckedCastling, CheckedPromotion, CheckedVariant, Diagnostic, ResolvedCastling};
use crate::lang::fen_syntax::FenRecord;
use crate::spec::CastlingSide;
use crate::spec::Sources;
use attacks::AttackTables;
use tables::MoveTables;

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

/// One castling move of one side, compiled.
#[derive(Clone, Debug)]
pub struct CastlingRule {
    /// The side that castles.
    pub side: Color,
    /// FEN rights letter in this side's case.
    pub letter: char,
    /// Bit of [`Position`](crate::Position)'s castling rights.
    pub right: u16,
    /// King's square before.
    pub king_from: Square,
    /// King's square after.
    pub king_to: Square,
    /// Rook's square before.
    pub rook_from: Square,
    /// Rook's square after.
    pub rook_to: Square,
    /// Kind of the king.
    pub king_kind: Kind,
    /// Kind of the rook.
    pub rook_kind: Kind,
    /// Squares that must be empty (other than the king and rook themselves).
    pub must_be_empty: SquareSet,
    /// Squares the king stands on or crosses, which may not be attacked.
    pub must_be_safe: Vec<Square>,
    /// Pieces brought along: (from, to); each must not have moved.
    pub carry: Vec<(Square, Square)>,
    /// Their kind.
    pub carry_kind: Option<Kind>,
    /// When the rule gives no rook square: the side of the king where the
    /// outermost rook castles (FEN names another rook by its file).
    pub rook_search: Option<CastlingSide>,
    /// The other side's rights this castling takes away (`takes`).
    pub takes: u16,
    /// The right is also gained by a drop that completes the king and the
    /// rook on their squares (`by_drop`).
    pub by_drop: bool,
}

/// A compiled variant: everything the engine needs to play it.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Name.
    pub(crate) name: String,
    /// Description.
    pub(crate) description: String,
    /// The word for a square that becomes blocked (`block_word`).
    pub(crate) block_word: String,
    /// The order of kinds `transform(S, next)` steps along
    /// (`kind_sequence`; empty when the file declares none).
    pub(crate) kind_sequence: crate::base::sequence::KindSequence,
    /// The evaluation's weights, from the file's `evaluation` (for search).
    pub(crate) evaluation: crate::base::weights::EvalWeights,
    /// The evaluation's material value per kind, from the file's
    /// `evaluation` `values` (0: the piece's `value` counts).
    pub(crate) evaluation_values: Vec<i32>,
    /// Board size.
    pub(crate) geometry: Geometry,
    /// Piece types, indexed by [`Kind`].
    pub(crate) pieces: Vec<PieceInfo>,
    /// The start position's FEN as written in the variant file.
    pub(crate) start_fen: String,
    /// Warnings found while loading.
    pub(crate) warnings: Vec<Diagnostic>,
    /// The files the variant was read from, which the warnings point into.
    pub(crate) sources: Sources,
    pub(crate) moves: MoveTables,
    pub(crate) attacks: AttackTables,
    /// Promotion zone per (kind, side).
    pub(crate) promotion_zone: ByKindSide<SquareSet>,
    /// Where a move that starts promotes too, per (kind, side): the zone
    /// of a rule with `from_zone`, else nothing.
    pub(crate) promotion_leaving: ByKindSide<SquareSet>,
    /// Whether some piece captures en passant (else no move leaves en
    /// passant targets, and a FEN's en passant field is read and ignored).
    pub(crate) captures_en_passant: bool,
    /// Whether some promotion rule has `from_zone` (else `promotion_leaving`
    /// is empty and never read).
    pub(crate) promotes_leaving: bool,
    /// The kinds each kind may promote to, in the order written.
    pub(crate) promotion_choices: ByKindSide<Vec<Kind>>,
    /// Where promotion is compulsory, per (kind, side): the part of the
    /// zone where a piece may not stay as it is.
    pub(crate) promotion_forced: ByKindSide<SquareSet>,
    /// Where a move that starts must promote, per (kind, side): the
    /// compulsory part of the zone of a rule with `from_zone`, else nothing.
    pub(crate) promotion_forced_leaving: ByKindSide<SquareSet>,
    /// The kinds that promote only on moves that capture (`on_capture`),
    /// one bit per kind.
    pub(crate) promotion_on_capture: KindSet,
    /// The kinds that promote only on moves that capture nothing
    /// (`on_capture`'s opposite, `on_quiet`), as a mask of kind bits.
    pub(crate) promotion_on_quiet: KindSet,
    /// The kinds whose captures en passant do not promote (`en_passant:
    /// false`), one bit per kind.
    pub(crate) promotion_not_en_passant: KindSet,
    /// Per kind: a promotion may choose it only while the side has fewer
    /// than this many on the board (0: no limit).
    pub(crate) promotion_limits: Vec<u32>,
    /// Whether some promotion choice has a limit.
    pub(crate) promotion_limited: bool,
    pub(crate) castling: Vec<CastlingRule>,
    /// Castling rights kept when a move touches each square.
    pub(crate) castling_keep: Vec<u16>,
    /// Whether some castling right is gained by a drop (`by_drop`).
    pub(crate) castling_by_drop: bool,
    /// The royal kinds.
    pub(crate) royal_kinds: KindSet,
    /// Per side, the kinds that are pawns for it (`pawn`, `pawn_for`).
    pub(crate) pawn_kinds: [KindSet; 2],
    /// The start position as read (for a random setup: the seed's
    /// arrangement), made into a position by `Variant::start_position`.
    pub(crate) start_record: FenRecord,
    /// Effect programs: rules, actions, legality, game end, shields.
    pub(crate) programs: ir::Programs,
    /// The kinds that carry a shield.
    pub(crate) shield_kinds: KindSet,
    /// The random setup the start position was drawn from.
    pub(crate) setup: Option<crate::check::CheckedSetup>,
    /// The castling rules as written, to find their pieces in a FEN.
    pub(crate) castling_spec: Vec<CheckedCastling>,
    /// With drops: each kind's slot in a hand (kinds that are not royal,
    /// unless `hold_royal`).
    pub(crate) hand_slot: Vec<Option<u8>>,
    /// With drops: the kind held in each hand slot.
    pub(crate) hand_kinds: Vec<Kind>,
    /// With drops of promoted forms (`drop_promoted`): per hand slot, the
    /// promoted form its piece may also be dropped as; else empty.
    pub(crate) hand_forms: Vec<Option<Kind>>,
    /// The kind a piece marked promoted (`~`) becomes again when captured
    /// into a hand: the one kind that promotes to pieces that are not
    /// promoted forms (a promoted form turning back into its own piece
    /// does not count).
    pub(crate) demoted: Option<Kind>,
    /// Per kind, the kind a captured piece of it joins the hand as: its
    /// `promoted_from`, else itself.
    pub(crate) captured_as: Vec<Kind>,
    /// Per kind, the kinds it may not hop over (`cannot_hop`).
    pub(crate) cannot_hop: Vec<KindSet>,
    /// The moves pieces hold by a right, and the rights pieces take.
    pub(crate) rights: rights_tables::CompiledRights,
    /// Per kind, the kinds it may never capture (`cannot_capture`).
    pub(crate) cannot_capture: Vec<KindSet>,
    /// Whether some kind has a `cannot_hop` or `cannot_capture` (else both
    /// lists are all zero and never read).
    pub(crate) piece_limits: bool,
    /// Whether castling is written as the king taking its rook (UCI) and
    /// rights as rook files (FEN): `castling_notation: KingTakesRook`.
    pub(crate) castling_takes_rook: bool,
    /// Which moves reset the move-rule clock.
    pub(crate) clock: ir::ClockResets,
    /// Whether each side may pass.
    pub(crate) pass: bool,
    /// Whether a side may pass only with no other legal move, not in check.
    pub(crate) pass_on_stalemate: bool,
    /// The load-time estimate of one position's cost ([`Variant::position_cost`]).
    pub(crate) position_cost: u64,
}

impl Variant {
    /// The variant's name, as its file gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The estimate of one position's cost checked when the variant loaded
    /// (docs/limits.md, One bound for a position): the most moves a
    /// position may offer times the steps of the rules, legality clauses and
    /// end conditions for one move, at most
    /// [`MAX_POSITION_COST`](crate::MAX_POSITION_COST). An upper
    /// bound on the work of generating one position's legal moves.
    pub fn position_cost(&self) -> u64 {
        self.position_cost
    }

    /// The variant's description (empty when the file gives none).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The word traces use for a square that becomes blocked: the file's
    /// `block_word` (`cratered`, `irradiated`), else `blocked`.
    pub fn block_word(&self) -> &str {
        &self.block_word
    }

    /// The name of mark `i` (`shot` in `mark(mover, shot)`), as traces
    /// and FEN write it; `mark` for an index the variant lacks.
    pub fn mark_name(&self, i: u8) -> &str {
        self.programs.marks.get(usize::from(i)).map_or("mark", String::as_str)
    }

    /// The order of kinds `transform(S, next)` steps along (empty when
    /// the file declares no `kind_sequence`): a rule that reborns or
    /// changes pieces may step along it too.
    pub fn kind_sequence(&self) -> &crate::base::sequence::KindSequence {
        &self.kind_sequence
    }

    /// The board's size.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The piece types, indexed by [`Kind`].
    pub fn pieces(&self) -> &[PieceInfo] {
        &self.pieces
    }

    /// The start position's FEN as written in the variant file.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The warnings found while loading.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The files the variant was read from, which the warnings point into.
    pub fn sources(&self) -> &Sources {
        &self.sources
    }

    /// The kind with upper-case letter `letter`.
    pub fn kind_of_letter(&self, letter: char) -> Option<Kind> {
        self.pieces
            .iter()
            .position(|p| p.letter == letter.to_ascii_uppercase())
            .map(Kind::from_index)
    }

    /// The letter of the piece that is `letter`'s piece promoted
    /// (`promoted_from`), in `letter`'s case: what `+X` in a FEN names.
    pub(crate) fn promoted_form_letter(&self, letter: char) -> Option<char> {
        let base = self.kind_of_letter(letter)?;
        let form = self.pieces.iter().find(|p| p.promoted_from == Some(base))?.letter;
        Some(if letter.is_ascii_lowercase() {
            form.to_ascii_lowercase()
        } else {
            form
        })
    }

    /// Whether `kind` is royal.
    #[inline]
    pub fn is_royal(&self, kind: Kind) -> bool {
        self.royal_kinds.contains(kind)
    }

    /// Whether a promoted piece is marked as such (`~` in a FEN): only
    /// where captures go to hand and turn back into what they promoted
    /// from, as Fairy-Stockfish marks them.
    pub(crate) fn marks_promoted(&self) -> bool {
        self.programs
            .drops
            .as_ref()
            .is_some_and(|d| d.demote_captured && d.captures_to_hand)
    }

    /// The name of action `index`.
    pub fn action_name(&self, index: ActionId) -> &str {
        &self.programs.actions[index.index()].name
    }

    /// The name of action `index`, if there is one.
    pub(crate) fn action_name_checked(&self, index: ActionId) -> Option<&str> {
        self.programs.actions.get(index.index()).map(|a| a.name.as_str())
    }

    /// The action named `name`.
    pub(crate) fn action_index(&self, name: &str) -> Option<ActionId> {
        self.programs
            .actions
            .iter()
            .position(|a| a.name == name)
            .map(ActionId::from_index)
    }

    /// Whether the action `index` belongs to a side rather than a piece.
    pub fn is_side_action(&self, index: ActionId) -> bool {
        self.programs.actions[index.index()].owner.is_none()
    }

    /// The castling rules, both sides.
    pub fn castling_rules(&self) -> &[CastlingRule] {
        &self.castling
    }

    /// Whether some castling rule finds its king or rook in the position
    /// (no square written for it), as in a random setup.
    pub(crate) fn castling_is_found(&self) -> bool {
        self.castling_spec.iter().any(CheckedCastling::is_found)
    }

    /// The file a castling letter of a FEN names (X-FEN, Shredder-FEN),
    /// with its side: a letter of the board's files that is no rights
    /// letter of the variant.
    pub(crate) fn castling_file(&self, letter: char) -> Option<(Color, i32)> {
        let rule_letter = self.castling_spec.iter().any(|r| r.fen == letter.to_ascii_uppercase());
        let file = letter.to_ascii_lowercase() as i32 - 'a' as i32;
        let side = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        (letter.is_ascii_alphabetic() && !rule_letter && (0..self.geometry.files as i32).contains(&file))
            .then_some((side, file))
    }

    /// Finds the castling kings and rooks in a FEN's board, for a variant
    /// whose castling rules look for them: a FEN of any start position of
    /// a random setup, or of a game played from one, then reads. Rooks
    /// named by file in the castling field are the ones that castle.
    /// Variants whose castling squares are all written keep them.
    pub(crate) fn fit_castling(&mut self, record: &crate::lang::fen_syntax::FenRecord) {
        if !self.castling_is_found() {
            return;
        }
        let mut rook_files = [Vec::new(), Vec::new()];
        for letter in record.castling.0.chars() {
            if let Some((side, file)) = self.castling_file(letter) {
                rook_files[side as usize].push(file);
            }
        }
        let letter_kind = |c: char| self.kind_of_letter(c);
        let is_royal = |c: char| self.kind_of_letter(c).is_some_and(|k| self.is_royal(k));
        let resolved = crate::check::resolve_in_position(
            &self.castling_spec,
            self.geometry,
            &record.board,
            &letter_kind,
            &is_royal,
            &rook_files,
        );
        (self.castling, self.castling_keep) = compile_castling(self.geometry, &resolved);
    }
}

/// Compiles the castling rules found in a position: one entry per rule,
/// side and set of pieces brought along; and, per square, the rights kept
/// when a move touches it.
pub(crate) fn compile_castling(g: Geometry, resolved: &[ResolvedCastling]) -> (Vec<CastlingRule>, Vec<u16>) {
    let mut castling = Vec::new();
    let mut castling_keep = vec![u16::MAX; g.squares()];
    for rule in resolved {
        let side = rule.side;
        let (king_from, king_to, rook_from, rook_to) = (rule.king_from, rule.king_to, rule.rook_from, rule.rook_to);
        let right = 1u16 << (rule.rule * 2 + side as usize);
        let takes = rule
            .takes
            .iter()
            .filter_map(|&letter| resolved.iter().find(|r| r.fen == letter))
            .fold(0u16, |mask, r| mask | 1u16 << (r.rule * 2 + side.flip() as usize));
        castling_keep[king_from.index()] &= !right;
        castling_keep[rook_from.index()] &= !right;
        // One entry per set of pieces brought along (none, each, both...).
        for subset in 0..1u32 << rule.carry.len() {
            let carry: Vec<(Square, Square)> = rule
                .carry
                .iter()
                .enumerate()
                .filter(|(k, _)| subset >> k & 1 != 0)
                .map(|(_, &pair)| pair)
                .collect();
            let mut must_be_empty: SquareSet = span(&g, king_from, king_to)
                .into_iter()
                .chain(span(&g, rook_from, rook_to))
                .chain(span(&g, king_from, rook_from))
                .chain(carry.iter().flat_map(|&(from, to)| span(&g, from, to)))
                .collect();
            for sq in [king_from, rook_from]
                .into_iter()
                .chain(carry.iter().map(|&(from, _)| from))
            {
                must_be_empty.remove(sq);
            }
            castling.push(CastlingRule {
                side,
                letter: if side == Color::White {
                    rule.fen
                } else {
                    rule.fen.to_ascii_lowercase()
                },
                right,
                king_from,
                king_to,
                rook_from,
                rook_to,
                king_kind: rule.king_kind,
                rook_kind: rule.rook_kind,
                must_be_empty,
                must_be_safe: span(&g, king_from, king_to),
                carry,
                carry_kind: rule.carry_kind,
                rook_search: rule.rook_search,
                takes,
                by_drop: rule.by_drop,
            });
        }
    }
    (castling, castling_keep)
}

/// The squares of `ranks` (0-based from the owner's side) per (kind,
/// side) for the promoting kinds: the promotion zones, or where promotion
/// is compulsory.
fn promotion_zones(
    v: &CheckedVariant,
    zone: impl Fn(&CheckedPromotion) -> Option<&[SquareSet; 2]>,
) -> ByKindSide<SquareSet> {
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

/// Compiles a checked variant. The start position is kept as its FEN
/// record; whether it fits the compiled rules (castling rights, en passant)
/// is checked when the variant is loaded.
pub fn compile(v: CheckedVariant) -> Variant {
    let g = v.geometry;
    let en_passant = v
        .pieces
        .iter()
        .any(|p| p.template.components.iter().any(|c| c.en_passant));
    let moves = tables::build(&v, en_passant);
    let compiled_rights = rights_tables::compile(&v);
    let attacks = attacks::build(&v, &moves);
    let promotion_zone = promotion_zones(&v, |p| Some(&p.zone));
    let promotion_forced = promotion_zones(&v, |p| Some(&p.forced));
    let mut promotion_limits = vec![0; v.pieces.len()];
    let promotion_leaving = promotion_zones(&v, |p| p.from_zone.then_some(&p.zone));
    let promotion_forced_leaving = promotion_zones(&v, |p| p.from_zone.then_some(&p.forced));
    let promotion_on_capture = v
        .promotions
        .iter()
        .filter(|p| p.on_capture)
        .flat_map(|p| p.pieces.iter().copied())
        .collect::<KindSet>();
    let promotion_on_quiet = v
        .promotions
        .iter()
        .filter(|p| p.on_quiet)
        .flat_map(|p| p.pieces.iter().copied())
        .collect::<KindSet>();
    let promotion_not_en_passant = v
        .promotions
        .iter()
        .filter(|p| !p.en_passant)
        .flat_map(|p| p.pieces.iter().copied())
        .collect::<KindSet>();
    let mut promotion_choices = ByKindSide::new(v.pieces.len(), Vec::new());
    for p in &v.promotions {
        for &kind in &p.pieces {
            for side in Color::BOTH {
                if !p.zone[side as usize].is_empty() {
                    *promotion_choices.get_mut(kind, side) = p.choices.clone();
                }
            }
        }
    }
    for &(kind, n) in v.promotions.iter().flat_map(|p| &p.limits) {
        promotion_limits[kind.index()] = n;
    }
    let (castling, castling_keep) = compile_castling(g, &v.castling);
    let initial_ranks = |k: Kind| {
        let p = &v.pieces[k.index()];
        (p.initial_ranks.clone(), p.regions.initial)
    };
    let regions: Vec<[SquareSet; 2]> = v.regions.iter().map(|r| r.squares).collect();
    let royal_kinds = v
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .fold(0u64, |m, (k, _)| m | 1 << k);
    let mut programs = lower::compile(&v.sentences, g, &initial_ranks, &regions, royal_kinds);
    if !programs.placements.is_empty() {
        programs.homes = homes::homes(g, &v.pieces, &v.start, &programs.light);
    }
    let piece_limits = v
        .pieces
        .iter()
        .any(|p| p.limits.cannot_hop | p.limits.cannot_capture != 0);
    // The removal-reach shortcut's attack test knows no hop and no
    // `cannot_hop`/`cannot_capture`: with them, such moves are played.
    if attacks.has_hops || attacks.has_hop_leaps || piece_limits {
        programs.removal_reach = None;
    }
    // A kind's limits (`cannot_hop`) may make a changed kind matter to
    // an attack on the own royal piece.
    programs.rules_keep_legality &= !piece_limits;
    programs.rules_recolour_mover &=
        !piece_limits && !attacks.has_hops && !attacks.has_hop_leaps && programs.filters.filters.is_empty();
    if (programs.filters.nodes.iter()).any(|n| matches!(n, crate::compile::ir::FilterNode::ObservedAfter { .. })) {
        programs.filters.readers = attacks.readers(v.pieces.len());
    }
    let bits = |f: &dyn Fn(&crate::check::CheckedPiece) -> bool| -> u64 {
        v.pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| f(p))
            .fold(0, |m, (k, _)| m | 1 << k)
    };
    // Kinds that are not royal may be held in hand, in kind order.
    let mut hand_slot = vec![None; v.pieces.len()];
    let mut hand_kinds = Vec::new();
    // `hold_royal`: royal kinds too.
    let hold_royal = v.sentences.drops.as_ref().is_some_and(|d| d.hold_royal);
    if v.sentences.drops.is_some() {
        for (k, p) in v.pieces.iter().enumerate() {
            if (!p.royal || hold_royal)
                && p.promoted_from.is_none()
                && hand_kinds.len() < crate::base::limits::MAX_HAND_KINDS
            {
                hand_slot[k] = Some(hand_kinds.len() as u8);
                hand_kinds.push(Kind::from_index(k));
            }
        }
    }
    // Per hand slot, the promoted form its piece may also be dropped as.
    let hand_forms: Vec<Option<Kind>> = match &v.sentences.drops {
        Some(d) if d.drop_promoted => hand_kinds
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
    Variant {
        name: v.name.clone(),
        description: v.description.clone(),
        block_word: v.block_word.clone().unwrap_or_else(|| "blocked".to_string()),
        kind_sequence: v
            .sentences
            .kind_sequence
            .as_ref()
            .map(|s| crate::base::sequence::KindSequence::new(&s.kinds, s.cyclic, v.pieces.len()))
            .unwrap_or_default(),
        evaluation: v.evaluation,
        evaluation_values: v.evaluation_values.clone(),
        geometry: g,
        pieces: v
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
        start_fen: v.start_text.clone(),
        warnings: v.warnings.clone(),
        sources: Sources::default(),
        moves,
        attacks,
        promotion_zone,
        promotes_leaving: v.promotions.iter().any(|p| p.from_zone),
        captures_en_passant: en_passant,
        promotion_leaving,
        promotion_choices,
        promotion_forced,
        promotion_forced_leaving,
        promotion_on_capture,
        promotion_on_quiet,
        promotion_not_en_passant,
        promotion_limited: promotion_limits.iter().any(|&n| n > 0),
        promotion_limits,
        castling,
        castling_by_drop: v.castling.iter().any(|r| r.by_drop),
        castling_keep,
        royal_kinds: KindSet::from_bits(bits(&|p| p.royal)),
        pawn_kinds: crate::base::square::Color::BOTH
            .map(|side| KindSet::from_bits(bits(&|p| p.pawn && p.pawn_for.is_none_or(|s| s == side)))),
        start_record: v.start.clone(),
        programs,
        shield_kinds: v.sentences.shields.iter().map(|sh| sh.kind).collect(),
        setup: None,
        castling_spec: v.castling_rules.clone(),
        hand_slot,
        hand_kinds,
        hand_forms,
        // Where captured pieces keep their promoted form, none turns back.
        demoted: v
            .promotions
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
            .and_then(|p| p.pieces.first().copied()),
        captured_as: (0..v.pieces.len())
            .map(|k| v.pieces[k].promoted_from.unwrap_or(Kind::from_index(k)))
            .collect(),
        castling_takes_rook: v.castling_notation == crate::spec::CastlingNotation::KingTakesRook,
        clock: clock_resets(v.clock_resets),
        pass: v.pass,
        pass_on_stalemate: v.pass_on_stalemate,
        position_cost: v.position_cost,
        cannot_hop: v
            .pieces
            .iter()
            .map(|p| KindSet::from_bits(p.limits.cannot_hop))
            .collect(),
        rights: compiled_rights,
        cannot_capture: v
            .pieces
            .iter()
            .map(|p| KindSet::from_bits(p.limits.cannot_capture))
            .collect(),
        piece_limits,
    }
}

/// The squares from `a` to `b` inclusive when they share a rank, file or
/// diagonal; otherwise just the two squares.
fn span(g: &Geometry, a: Square, b: Square) -> Vec<Square> {
    let (dx, dy) = (g.file(b) - g.file(a), g.rank(b) - g.rank(a));
    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return vec![a, b];
    }
    let steps = dx.abs().max(dy.abs());
    (0..=steps)
        .filter_map(|k| g.offset(a, dx.signum() * k, dy.signum() * k))
        .collect()
}

/// The compiled form of the checked `clock_resets` bits.
fn clock_resets(bits: u8) -> ir::ClockResets {
    use crate::spec::ClockReset;
    let has = |r: ClockReset| bits & r.bit() != 0;
    ir::ClockResets {
        captures: has(ClockReset::Captures),
        pawn_moves: has(ClockReset::PawnMoves),
        promotions: has(ClockReset::Promotions),
        promoted_forms: has(ClockReset::PromotedForms),
        drops: has(ClockReset::Drops),
        passes: has(ClockReset::Passes),
        first_pawn_actions: has(ClockReset::FirstPawnActions),
    }
}

#[cfg(test)]
mod tests {
    use super::Variant;

    fn load(castling: &str) -> Result<Variant, String> {
        let text = format!(
            r#"(extends: "chess", name: "t", start: "8/pppppppp/8/8/8/8/PPPPPPPP/8[KRkr] w - - 0 1",
               drops: (captures_to_hand: true, hold_royal: true), castling: [{castling}])"#
        );
        Variant::from_text("t.ron", &text).map_err(|e| format!("{e:?}"))
    }

    #[test]
    fn a_rule_gained_by_drop_needs_no_pieces_in_the_start_position() {
        let v = load(r#"(fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", king_piece: 'K', rook_piece: 'R', by_drop: true)"#)
            .unwrap();
        // One rule per side, its squares as written (Black's mirrored).
        let rules = v.castling_rules();
        assert_eq!(rules.len(), 2);
        assert!(rules.iter().all(|r| r.by_drop));
        // Without `by_drop` the same rule finds no king in the start position.
        let e = load(r#"(fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1")"#).unwrap_err();
        assert!(e.contains("castling king square e1 holds no White piece"), "{e}");
    }

    #[test]
    fn a_rule_gained_by_drop_names_two_pieces() {
        let e = load(r#"(fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", king_piece: 'K', rook_piece: 'K', by_drop: true)"#)
            .unwrap_err();
        assert!(e.contains("the king and the rook are the same piece"), "{e}");
        let e = load(r#"(fen: 'K', king: "e1", king_to: "g1", rook: "h1", rook_to: "f1", king_piece: 'K', rook_piece: 'R', by_drop: true,
                         carry: (piece: 'N', offsets: [(1, 0)]))"#)
            .unwrap_err();
        assert!(e.contains("is gained `by_drop` and carries pieces"), "{e}");
    }
}
