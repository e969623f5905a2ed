//! Compilation: a checked variant becomes a [`Variant`], the immutable rule
//! set the engine plays: move and attack tables, promotion zones, castling
//! rules, all indexed by integers.

pub(crate) mod action_counts;
pub mod attacks;
mod castling_table;
mod check_ends;
mod detour_reach;
mod end_guards;
mod filter_lower;
mod hand_table;
mod homes;
pub mod ir;
mod lower;
mod origin_conds;
mod piece_table;
mod promotion_table;
pub(crate) mod removal_reach;
pub mod rights_tables;
mod royal_ends;
mod shift_moves;
mod side_walls;
pub mod tables;

use crate::base::action::ActionId;
use crate::base::geometry::Geometry;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::square::{Color, SquareSet};
use crate::check::{CheckedVariant, Diagnostic};
use crate::lang::fen_syntax::FenRecord;
use crate::spec::Sources;
use attacks::AttackTables;
pub use castling_table::CastlingRule;
pub use piece_table::PieceInfo;
use tables::MoveTables;

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
    /// The evaluation's square table per kind, from the file's
    /// `evaluation` `squares`: centipawns for White by square index
    /// (empty: none); the evaluation mirrors them for Black.
    pub(crate) evaluation_squares: Vec<Vec<i32>>,
    /// Board size.
    pub(crate) geometry: Geometry,
    /// The piece types and their kind sets (royal, pawns, shields, limits).
    pub(crate) pieces: piece_table::PieceTable,
    /// The start position's FEN as written in the variant file.
    pub(crate) start_fen: String,
    /// Warnings found while loading.
    pub(crate) warnings: Vec<Diagnostic>,
    /// The files the variant was read from, which the warnings point into.
    pub(crate) sources: Sources,
    /// The variant file as read (its parents merged), for the summary
    /// ([`Variant::summary`]); `None` until the loader sets it.
    pub(crate) file: Option<std::sync::Arc<crate::spec::VariantFile>>,
    pub(crate) moves: MoveTables,
    pub(crate) attacks: AttackTables,
    /// Whether some piece captures en passant (else no move leaves en
    /// passant targets, and a FEN's en passant field is read and ignored).
    pub(crate) captures_en_passant: bool,
    /// The promotion rules.
    pub(crate) promotion: promotion_table::PromotionTable,
    /// The castling rules and the rights a move keeps.
    pub(crate) castling: castling_table::CastlingTable,
    /// The start position as read (for a random setup: the seed's
    /// arrangement), made into a position by `Variant::start_position`.
    pub(crate) start_record: FenRecord,
    /// Effect programs: rules, actions, legality, game end, shields.
    pub(crate) programs: ir::Programs,
    /// The random setup the start position was drawn from.
    pub(crate) setup: Option<crate::check::CheckedSetup>,
    /// The hands: which kinds they hold and what captures join them as.
    pub(crate) hands: hand_table::HandTable,
    /// The moves pieces hold by a right, and the rights pieces take.
    pub(crate) rights: rights_tables::CompiledRights,
    /// Which moves reset the move-rule clock.
    pub(crate) clock: ir::ClockResets,
    /// Whether each side may pass.
    pub(crate) pass: bool,
    /// Whether a side may pass only with no other legal move, not in check.
    pub(crate) pass_on_stalemate: bool,
    /// The load-time estimate of one position's cost ([`Variant::position_cost`]).
    pub(crate) position_cost: u64,
    /// The actions perft's last ply counts with their piece's own moves.
    pub(crate) action_counts: action_counts::ActionCounts,
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
        self.pieces.infos()
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
        self.pieces.kind_of_letter(letter)
    }

    /// The letter of the piece that is `letter`'s piece promoted
    /// (`promoted_from`), in `letter`'s case: what `+X` in a FEN names.
    pub(crate) fn promoted_form_letter(&self, letter: char) -> Option<char> {
        let base = self.kind_of_letter(letter)?;
        let form = self.pieces.info(self.pieces.promoted_form(base)?).letter;
        Some(if letter.is_ascii_lowercase() {
            form.to_ascii_lowercase()
        } else {
            form
        })
    }

    /// Whether `kind` is royal.
    #[inline]
    pub fn is_royal(&self, kind: Kind) -> bool {
        self.pieces.royal().contains(kind)
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
        self.castling.rules()
    }

    /// Whether some castling rule finds its king or rook in the position
    /// (no square written for it), as in a random setup.
    pub(crate) fn castling_is_found(&self) -> bool {
        self.castling.is_found()
    }

    /// The file a castling letter of a FEN names (X-FEN, Shredder-FEN),
    /// with its side: a letter of the board's files that is no rights
    /// letter of the variant.
    pub(crate) fn castling_file(&self, letter: char) -> Option<(Color, i32)> {
        let rule_letter = self.castling.has_letter(letter);
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
            self.castling.written(),
            self.geometry,
            &record.board,
            &letter_kind,
            &is_royal,
            &rook_files,
        );
        self.castling.refit(self.geometry, &resolved);
    }
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
    let mut moves = tables::build(&v, en_passant);
    moves.steps = shift_moves::build(&moves, v.pieces.len());
    let compiled_rights = rights_tables::compile(&v);
    let attacks = attacks::build(&v, &moves);
    let initial_ranks = |k: Kind| {
        let p = &v.pieces[k.index()];
        (p.initial_ranks.clone(), p.regions.initial)
    };
    let regions: Vec<[SquareSet; 2]> = v.regions.iter().map(|r| r.squares).collect();
    let royal_kinds: KindSet = (v.pieces.iter().enumerate())
        .filter(|(_, p)| p.royal)
        .map(|(k, _)| Kind::from_index(k))
        .collect();
    let mut programs = lower::compile(&v.sentences, g, &initial_ranks, &regions, royal_kinds);
    if royal_kinds.is_empty() {
        programs.royal_ends = royal_ends::table(&programs, KindSet::first(v.pieces.len()));
        programs.ends_read_pieces = programs.royal_ends.is_some();
    }
    programs.filters.pass_squares = programs.filters.square_table(g, &programs.light);
    if !programs.placements.is_empty() {
        programs.homes = homes::homes(g, &v.pieces, &v.start, &programs.light);
        let royal: Vec<bool> = v.pieces.iter().map(|p| p.royal).collect();
        programs.removal_landings = homes::removal_landings(g, &programs.placements, &programs.homes, &royal);
    }
    let piece_limits = piece_table::has_limits(&v);
    // The removal-reach shortcut's attack test knows no hop and no
    // `cannot_hop`/`cannot_capture`: with them, such moves are played.
    if attacks.has_hops || attacks.has_hop_leaps || piece_limits {
        programs.removal_reach = None;
    }
    // A kind's limits (`cannot_hop`) may make a changed kind matter to
    // an attack on the own royal piece.
    programs.rules_keep_legality &= !piece_limits;
    programs.removal_judged = removal_judged(&programs, &attacks, piece_limits);
    last_placements(&mut programs);
    programs.rules_recolour_mover &=
        !piece_limits && !attacks.has_hops && !attacks.has_hop_leaps && programs.filters.filters.is_empty();
    if (programs.filters.nodes.iter()).any(|n| matches!(n, crate::compile::ir::FilterNode::ObservedAfter { .. })) {
        programs.filters.readers = attacks.readers(v.pieces.len());
    }
    programs.filters.sole_observed_after = programs.filters.find_sole_observed_after();
    if programs.filters.captures_detour {
        programs.filters.detour_reach = detour_reach::build(&moves, &attacks, v.pieces.len());
        programs.filters.detour_by_victim = !programs.filters.detour_reach.is_empty() && moves.board_squares <= 64;
        if programs.filters.detour_by_victim {
            programs.filters.detour_quiet_reach = detour_reach::quiet_reach(&moves, v.pieces.len());
            programs.filters.detour_en_passant = detour_reach::en_passant_kinds(&moves, v.pieces.len());
        }
        programs.filters.detour_plain_legal =
            !piece_limits && detour_reach::plain_moves_judged(&programs, &moves, royal_kinds);
    }
    programs.royal_free_legal = !programs.legal.is_empty()
        && (programs.legal.iter()).all(|l| matches!(l, ir::Legal::Survives(_) | ir::Legal::NotAttacked(_)))
        && !(programs.filters.any() || programs.any_effects || programs.placement_refuses)
        && programs.drops.is_none()
        && !(v.promotions.iter()).any(|p| p.choices.iter().any(|&k| royal_kinds.contains(k)));
    programs.captures_alone_judge = captures_alone_judge(&programs, v.pass_on_stalemate, piece_limits);
    let promotion = promotion_table::PromotionTable::compile(&v);
    let action_counts = action_counts::ActionCounts::build(&programs, &moves, &promotion, v.pieces.len());
    let mut variant = Variant {
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
        evaluation_squares: v.evaluation_squares.clone(),
        geometry: g,
        pieces: piece_table::PieceTable::compile(&v),
        start_fen: v.start_text.clone(),
        warnings: v.warnings.clone(),
        sources: Sources::default(),
        file: None,
        moves,
        attacks,
        captures_en_passant: en_passant,
        action_counts,
        promotion,
        castling: castling_table::CastlingTable::compile(&v),
        start_record: v.start.clone(),
        programs,
        setup: None,
        hands: hand_table::HandTable::compile(&v),
        clock: clock_resets(v.clock_resets),
        pass: v.pass,
        pass_on_stalemate: v.pass_on_stalemate,
        position_cost: v.position_cost,
        rights: compiled_rights,
    };
    variant.moves.word_kinds = Color::BOTH.map(|side| {
        (0..v.pieces.len())
            .map(Kind::from_index)
            .filter(|&kind| variant.counts_in_words(kind, side))
            .collect()
    });
    variant
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

/// Whether `captures are compulsory` is the only thing that judges moves
/// (`Programs::captures_alone_judge`): no other legality clause, refusing
/// placement, move filter, follow-up choice, action, gating, compulsory
/// drop, pass on stalemate, piece limit or capture that promotes after a
/// further move. Perft's last ply then counts the captures and the quiet
/// moves of all pieces in one pass, by sets, and keeps the captures where
/// there are any.
fn captures_alone_judge(p: &ir::Programs, pass_on_stalemate: bool, piece_limits: bool) -> bool {
    p.captures_compulsory
        && p.legal.is_empty()
        && !(p.placement_refuses || p.drops_compulsory || p.has_choices || p.filters.any())
        && p.actions.is_empty()
        && p.promotes_after_move_on.is_empty()
        && p.drops.as_ref().is_none_or(|d| !d.gating)
        && !(pass_on_stalemate || piece_limits)
}

/// Whether a removing placement's moves may be judged from its landing
/// table without being played (`Programs::removal_judged`).
fn removal_judged(p: &ir::Programs, attacks: &attacks::AttackTables, piece_limits: bool) -> bool {
    use ir::{Legal, Op, PlaceFrom, WhenTaken};
    let one = match p.placements.as_slice() {
        [pl] => pl.who == PlaceFrom::Captured && pl.taken == WhenTaken::Remove && !pl.royal && pl.becomes.is_none(),
        _ => false,
    };
    let only_places = |rules: &[ir::CompiledRule]| {
        (rules.iter()).all(|r| r.by.is_none() && r.guard.is_none() && r.ops.iter().all(|op| matches!(op, Op::Place(0))))
    };
    one && !p.placements[0].chosen
        && p.removal_landings.is_some()
        && only_places(&p.on_capture)
        && p.on_arrival.is_empty()
        && p.after_move.is_empty()
        && p.actions.is_empty()
        && p.drops.is_none()
        && !p.filters.any()
        && !p.attacks_through_new_blocks
        && !(attacks.has_hops || attacks.has_hop_leaps || piece_limits)
        && (p.legal.iter()).all(|l| matches!(l, Legal::Survives(None) | Legal::NotAttacked(None)))
}

/// Marks the chosen placements that are the last thing every move that
/// runs them does (`CompiledPlacement::last`): the captured piece, as it
/// is, on an empty square, the last effect of a capture rule where one
/// rule at most fires per capture (no two share a kind of mover) and no
/// other rule or action exists, with legality clauses that read only the
/// royal pieces and the attacks on them (no move filter).
fn last_placements(p: &mut ir::Programs) {
    use ir::{Legal, Op, PlaceFrom, WhenTaken};
    let mut seen = KindSet::EMPTY;
    let exclusive = p.on_capture.iter().all(|r| {
        let by = r.by.unwrap_or(KindSet::ALL);
        let ok = seen.intersection(by).is_empty();
        seen = seen.union(by);
        ok
    });
    let judged_by_royals = (p.legal.iter()).all(|l| matches!(l, Legal::Survives(None) | Legal::NotAttacked(None)))
        && !p.filters.any()
        && !p.counts_checks;
    if !(exclusive && judged_by_royals && p.on_arrival.is_empty() && p.after_move.is_empty() && p.actions.is_empty()) {
        return;
    }
    for rule in &p.on_capture {
        if let Some(&Op::Place(i)) = rule.ops.last()
            && let Some(pl) = p.placements.get_mut(usize::from(i))
        {
            pl.last = pl.chosen
                && pl.who == PlaceFrom::Captured
                && pl.becomes.is_none()
                && pl.taken != WhenTaken::Remove
                && matches!(pl.base, ir::PlaceBase::Set(_));
        }
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
