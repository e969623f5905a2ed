//! From a Fairy-Stockfish variant's rules ([`State`]) to a kaboom variant
//! file (a [`VariantFile`], written in the canonical form), or a refusal that names every option kaboom cannot
//! express, with its place. Nothing is approximated: an option either maps
//! to an exact kaboom construct or stops the conversion.
//!
//! The conversion is a sequence of passes, one per concern, in the order
//! Fairy-Stockfish applies the rules: each builds its part of the file and
//! reports every refusal it finds. The file is assembled and written only
//! when no pass refused; otherwise every refusal is returned at once.

use super::bikjang::{self, check, facing_kings};
use super::builtin_pieces::king_index;
use super::castles::{Castling, castling};
use super::enclosing;
use super::game_end::{Before, end_outcome, endings};
use super::hands::{Drops, drops};
use super::makpong;
use super::petrify::{self, Petrify};
use super::pieces::{Pieces, pieces};
use super::promoted_forms;
use super::promotions::{Promotion, promotion};
use super::refusal::{Built, Refusal, refuse};
use super::royalty::{self, Royalty};
use super::rule_trees::{all, attacked, royal};
use super::spec_values::text;
use super::start_fen::{Start, start};
use super::state::{Origin, State, gap_of};
use super::walling::{self, Walls};
use super::write::{place, sentences, start_fen, write};
use crate::lang::effect_syntax::{Cond, EndRule, LegalClause, SideFilter, TriggeredRule};
use crate::spec::{ActionSpec, BoardSpec, CastlingNotation, ClockReset, EndSpec, RegionSpec, Spanned, VariantFile};

/// Converts a variant's rules into a kaboom variant file, or the reasons it cannot be.
pub fn convert(name: &str, header: &Origin, state: &State) -> Result<String, Vec<Refusal>> {
    compile(name, header, state).map(|file| write(&file, header))
}

/// The variant file of `state`, assembled from its passes, or every
/// refusal they found.
fn compile(name: &str, header: &Origin, state: &State) -> Result<VariantFile, Vec<Refusal>> {
    let mut refusals = options(state);
    let start = start(state, header, !refusals.is_empty()).into_part(&mut refusals);
    let start_origin = state.start_origin.as_ref().or(Some(header));
    // Pseudo-royal pieces and explosions.
    let count = |letter: char| start.count(letter);
    let mut royalty = Built::collect(|r| royalty::royalty(state, &count, end_outcome(state.checkmate_value), r))
        .into_part(&mut refusals);
    // Petrifying pseudo-royal types never capture (see `petrify`).
    let never_capture = petrify::never_capture(state, &royalty);
    let pieces = pieces(state, &royalty, &never_capture).into_part(&mut refusals);
    let has_royal = royalty.any_royal(state);
    // From here on the pieces only promoted pieces can be are not pieces
    // of the variant (their movement stays in the templates, for the forms).
    let shown = (!pieces.hidden.is_empty()).then(|| promoted_forms::without(state, &pieces.hidden));
    let state = shown.as_ref().unwrap_or(state);
    let promotion = promotion(state, &pieces, &start).into_part(&mut refusals);
    count_forms(state, &promotion, &mut royalty);
    let drops = drops(state, &promotion.immobile).into_part(&mut refusals);
    refusals.extend(enclosing::refusals(state));
    let castling = castling(state, &start, start_origin, &never_capture).into_part(&mut refusals);
    // Petrification: its rule, and its clauses for castling and mate.
    let petrify = Built::collect(|r| {
        petrify::petrify(
            state,
            &royalty,
            &castling.castles,
            end_outcome(state.checkmate_value),
            r,
        )
    })
    .into_part(&mut refusals);
    let mut regions = regions(state, &pieces, &promotion, &drops);
    let walls = Built::collect(|r| walls(state, &pieces, &castling, &promotion, has_royal, &mut regions, r))
        .into_part(&mut refusals);
    let before = Before {
        forms: &promotion.forms,
        start: &start,
        start_origin,
        has_royal,
        royalty: &royalty,
        petrify: &petrify,
        castling: &castling,
    };
    let endings = endings(state, &before).into_part(&mut refusals);
    let makpong = makpong::clause(state, &royalty, &pieces.templates, &mut refusals);
    refusals.extend(bikjang_refusal(state, &royalty));
    if !refusals.is_empty() {
        refusals.sort_by_key(|r| r.origin.as_ref().map(|o| (o.builtin, o.line)));
        return Err(refusals);
    }
    regions.extend(endings.regions);
    let (mut rules, actions) = effect_rules(&royalty, &petrify, walls);
    // `flipEnclosedPieces`: after the move's other effects.
    rules.extend(enclosing::flip_rule(state));
    let mut clauses = legality(state, has_royal, &royalty, &petrify);
    clauses.extend(makpong);
    Ok(VariantFile {
        name: Some(text(name)),
        description: Some(format!("Imported from {}.", place(header))),
        board: Some(board(state)),
        pieces: Some([pieces.entries, promotion.form_entries].concat()),
        start: Some(start_field(state, &start, &castling)),
        promotion: (!promotion.rules.is_empty()).then_some(promotion.rules),
        castling_notation: (state.chess960 && !castling.entries.is_empty()).then_some(CastlingNotation::KingTakesRook),
        castling: (!castling.entries.is_empty()).then_some(castling.entries),
        clock_resets: clock_resets(state.piece_demotion, actions.is_some()),
        regions: (!regions.is_empty()).then_some(regions),
        drops: drops.field,
        pass: state.pass[0].then_some(true),
        pass_on_stalemate: (!state.pass[0] && state.pass_on_stalemate[0]).then_some(true),
        rules: sentences(rules.iter().map(TriggeredRule::to_string).collect()),
        actions,
        legal: legal_field(&clauses),
        end: Some(endings.rules.iter().map(end_entry).collect()),
        counting: endings.counting,
        ..VariantFile::default()
    })
}

/// The pseudo-royal clauses of the types promotion adds to, added to
/// `royalty`'s.
fn count_forms(state: &State, promotion: &Promotion, royalty: &mut Royalty) {
    let checkmate = end_outcome(state.checkmate_value);
    let (legal, mated) = super::royal_forms::count_with_forms(state, &promotion.forms, &royalty.counted, checkmate);
    royalty.legal.extend(legal);
    royalty.mated.extend(mated);
}

/// The regions the pieces, promotion and drops passes name, in that order
/// (the pieces' mobility regions first).
fn regions(state: &State, pieces: &Pieces, promotion: &Promotion, drops: &Drops) -> Vec<RegionSpec> {
    let mobility = super::sided_mobility::regions(state, &pieces.hidden);
    [
        mobility,
        pieces.regions.clone(),
        promotion.regions.clone(),
        drops.regions.clone(),
    ]
    .concat()
}

/// The start position's FEN, with the rights castling keeps.
fn start_field(state: &State, start: &Start, castling: &Castling) -> Spanned<String> {
    let fen = start.fen.as_ref().expect("a FEN without refusals");
    let drops_in_fen = (state.piece_drops || state.seirawan_gating) && !state.othello.free_drops;
    text(start_fen(fen, &castling.kept_rights, drops_in_fen))
}

/// The board's size.
fn board(state: &State) -> BoardSpec {
    BoardSpec {
        files: Spanned::unplaced(u32::from(state.files)),
        ranks: Spanned::unplaced(u32::from(state.ranks)),
        wrap: Default::default(),
    }
}

/// Fairy-Stockfish's clock runs on over a promotion to a promoted form
/// where forms may turn back (`pieceDemotion`); a wall put up instead of
/// a move resets it where the side's first piece in square order is a
/// pawn (walling.rs: it writes that wall as that piece standing still).
fn clock_resets(piece_demotion: bool, walls_instead: bool) -> Option<Vec<ClockReset>> {
    if !piece_demotion && !walls_instead {
        return None;
    }
    let mut resets = vec![ClockReset::Captures, ClockReset::PawnMoves, ClockReset::Promotions];
    if !piece_demotion {
        resets.push(ClockReset::PromotedForms);
    }
    resets.push(ClockReset::Drops);
    if walls_instead {
        resets.push(ClockReset::FirstPawnActions);
    }
    Some(resets)
}

/// The walls, if the section puts any up.
fn walls(
    state: &State,
    pieces: &Pieces,
    castling: &Castling,
    promotion: &Promotion,
    has_royal: bool,
    regions: &mut Vec<RegionSpec>,
    refusals: &mut Vec<Refusal>,
) -> Option<Walls> {
    let moves = walling::Moves {
        templates: &pieces.templates,
        royal: has_royal,
        king: state.pieces[king_index()].is_some(),
        castles: !castling.entries.is_empty(),
        promotes: !promotion.rules.is_empty() || !promotion.forms.is_empty(),
    };
    walling::rule(state, &moves, [state.files, state.ranks], regions, refusals)
}

/// The options the state reader could not read or kaboom cannot express.
fn options(state: &State) -> Vec<Refusal> {
    let invalid = state.invalid.iter().map(|(origin, why)| {
        refuse(
            Some(origin),
            "invalid value",
            format!("invalid value `{}`: {why}", origin.value),
        )
    });
    let unsupported = state.unsupported.iter().map(|(key, origin)| {
        refuse(
            Some(origin),
            gap_of(key),
            format!("`{key} = {}` has no kaboom equivalent", origin.value),
        )
    });
    invalid.chain(unsupported).collect()
}

/// The effect rules (petrification's, then an explosion's, then the
/// walls'), and the side action that puts up walls instead of moving.
fn effect_rules(
    royalty: &Royalty,
    petrify: &Petrify,
    walls: Option<Walls>,
) -> (Vec<TriggeredRule>, Option<Vec<ActionSpec>>) {
    let mut rules: Vec<TriggeredRule> = petrify.rule.iter().chain(&royalty.rule).cloned().collect();
    let mut actions = None;
    match walls {
        Some(Walls::Rule(rule)) => rules.push(rule),
        Some(Walls::Action(a)) => actions = Some(vec![*a]),
        None => {}
    }
    (rules, actions)
}

/// The `legal` field of `clauses`: none for the plain check clause alone
/// (the default).
fn legal_field(clauses: &[LegalClause]) -> Option<Vec<Spanned<String>>> {
    (clauses != [check()]).then(|| clauses.iter().map(|c| Spanned::unplaced(c.to_string())).collect())
}

/// An end rule as an entry of the `end` field.
fn end_entry(rule: &EndRule) -> EndSpec {
    EndSpec::unplaced(&rule.to_string())
}

/// Refuses `bikjangRule` where check is not the plain clause it relaxes.
fn bikjang_refusal(state: &State, royalty: &Royalty) -> Option<Refusal> {
    (state.bikjang && royalty.any_royal(state) && !royalty.legal.contains(&check())).then(|| {
        refuse(
            None,
            "facing kings rules",
            "`bikjangRule` with pseudo-royal pieces or explosions",
        )
    })
}

/// The legality clauses: the pseudo-royal pieces' and petrification's,
/// then `checking` (or `dropChecks`), `flyingGeneral`, `mustCapture` and
/// `mustDrop`.
fn legality(state: &State, has_royal: bool, royalty: &Royalty, petrify: &Petrify) -> Vec<LegalClause> {
    let mut legal: Vec<LegalClause> = royalty.legal.iter().chain(&petrify.legal).cloned().collect();
    if has_royal && state.bikjang {
        // `bikjangRule`: facing the enemy king, a pass is legal even in
        // check, and any other move must end the facing.
        for clause in &mut legal {
            if *clause == check() {
                *clause = bikjang::check_clause();
            }
        }
        legal.push(bikjang::facing_clause());
    }
    if has_royal {
        if !state.checking {
            legal.push(LegalClause::Forbids(attacked(royal(SideFilter::Enemy))));
        } else if !state.drop_checks && state.piece_drops {
            // `dropChecks = false`: a drop may not give check (after a drop,
            // any check is the drop's: the side to move was not in check).
            let checks = all([Cond::Dropped(None), attacked(royal(SideFilter::Enemy))]);
            legal.push(LegalClause::Forbids(checks));
        }
        if state.flying_general {
            // The kings may not face each other with nothing between them,
            // on a file or a rank (Fairy-Stockfish looks along both).
            legal.push(LegalClause::Forbids(facing_kings()));
        }
    }
    if state.must_capture {
        legal.push(LegalClause::CapturesCompulsory);
    }
    // Fairy-Stockfish's `mustDrop`: a move that drops nothing is illegal
    // while a drop is legal (a drop captures nothing, so with `mustCapture`
    // a legal capture still comes first, as it does there).
    if state.must_drop && state.piece_drops {
        legal.push(LegalClause::DropsCompulsory);
    }
    legal
}
