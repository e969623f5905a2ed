//! The promotion pass: the pawns' promotion rule (on whole ranks, or on a
//! region with each side's squares), the promoted forms of
//! `promotedPieceType` with a rule each, and the squares where a piece
//! could never move again (`immobilityIllegal`), or the refusals.

use super::pieces::Pieces;
use super::promoted_forms::{self, FormZone};
use super::refusal::{Built, Refusal, refuse};
use super::spec_values::{limits, promotion_rule, ranks_list, text};
use super::square_sets::{board_squares, mirror, relative_ranks, sided_region};
use super::start_fen::Start;
use super::state::{Squares, State, Types};
use crate::lang::betza;
use crate::spec::{PieceSpec, PromotionSpec, RegionSpec};
use std::collections::BTreeMap;

/// What the promotion pass builds.
pub(super) struct Promotion {
    /// The `pieces` entries of the promoted forms.
    pub form_entries: Vec<PieceSpec>,
    /// (the slot that promotes, its form's letter), per promoted form.
    pub forms: Vec<(usize, char)>,
    /// The promotion rules, each a RON value, the pawns' first.
    pub rules: Vec<PromotionSpec>,
    /// Per slot, White's squares where the piece could never move again.
    pub immobile: Vec<Squares>,
    /// Regions with each side's squares the rules name (`regions`), with
    /// `diagonalLines` first when pieces move along them.
    pub regions: Vec<RegionSpec>,
}

/// The pawns' promotion as each side has it.
struct Pawns<'a> {
    state: &'a State,
    /// The pawn letters, per side.
    pawns: [String; 2],
    /// The choices' letters, per side.
    choices: [String; 2],
    /// The promotion regions on the board, per side (board coordinates).
    regions: [Squares; 2],
    /// Whether each side's pawns promote at all.
    promotes: [bool; 2],
    templates: &'a [Option<String>],
    initial_ranks: Option<&'a [u8]>,
    /// (the slot that promotes, its form's letter), per promoted form.
    forms: &'a [(usize, char)],
    /// Pawn slots whose rule offers their promoted form too.
    merged: Vec<usize>,
    files: u8,
    ranks: u8,
}

/// The promotion of `state` (the types only promoted pieces can be taken
/// out), for the pieces the pieces pass built.
pub(super) fn promotion(state: &State, pieces: &Pieces, start: &Start) -> Built<Promotion> {
    let (files, ranks) = (state.files, state.ranks);
    let mut refusals = Vec::new();
    let mut form_entries = Vec::new();
    let templates = &pieces.templates;
    let forms = promoted_forms::promoted_forms(state, templates, &mut form_entries, &mut refusals);
    let board = board_squares(files, ranks);
    let letters_of = |t: &[Types; 2]| [state.letters(&t[0]), state.letters(&t[1])];
    let mut p = Pawns {
        state,
        pawns: letters_of(&state.promotion_pawns),
        choices: letters_of(&state.promotion_choices),
        regions: state.promotion_region.map(|r| r & board),
        promotes: [false; 2],
        templates,
        initial_ranks: pieces.initial_ranks.as_deref(),
        forms: &forms,
        merged: Vec::new(),
        files,
        ranks,
    };
    p.promotes = [0, 1].map(|c| promotes(&p, start, c));
    // Regions with each side's squares (`regions: [(name, white, black)]`),
    // for zones that do not mirror each other.
    let mut regions: Vec<RegionSpec> = Vec::new();
    if let Some(lines) = pieces.diagonal_lines {
        // The same squares for both sides.
        regions.push(sided_region("diagonal_lines", &[lines, lines], files, ranks));
    }
    let pawn_slots: &[usize] = if p.promotes[0] {
        &state.promotion_pawns[0].slots
    } else {
        &[]
    };
    let black_pawns: &[usize] = if p.promotes[1] {
        &state.promotion_pawns[1].slots
    } else {
        &[]
    };
    let promoting: Vec<usize> = pawn_slots
        .iter()
        .chain(black_pawns)
        .copied()
        .chain(forms.iter().map(|f| f.0))
        .collect();
    let immobile = promoted_forms::immobility(state, templates, &promoting, p.regions[0], files, ranks, &mut refusals);
    let mut rules: Vec<PromotionSpec> = Vec::new();
    if p.promotes[0] || p.promotes[1] {
        pawn_rules(&mut p, pawn_slots, &immobile, &mut rules, &mut regions, &mut refusals);
    }
    let zone = relative_ranks(&p.regions, files, ranks).filter(|r| !r.is_empty());
    let pawn_rule = !rules.is_empty();
    // Forms on a region with each side's squares share the pawns' region.
    let sided = (zone.is_none() && !forms.is_empty() && p.regions != [0, 0]).then_some(p.regions);
    if sided.is_some() && !regions.iter().any(|r| *r.name == super::sided_forms::ZONE) {
        regions.push(sided_region(super::sided_forms::ZONE, &p.regions, files, ranks));
    }
    rules.extend(promoted_forms::form_rules(
        state,
        &FormZone {
            forms: &forms,
            pawn_slots,
            merged: &p.merged,
            pawn_rule,
            zone: zone.as_deref(),
            sided,
            immobile: &immobile,
            templates,
            initial_ranks: pieces.initial_ranks.as_deref(),
            files,
            ranks,
        },
        &mut refusals,
    ));
    Built {
        part: Promotion {
            form_entries,
            forms,
            rules,
            immobile,
            regions,
        },
        refusals,
    }
}

/// Whether side `c`'s pawns promote. With nothing to promote to, a pawn
/// that must promote may not move into the region (Fairy-Stockfish
/// generates no such move), though it attacks it: kaboom's rule with no
/// choices (a pawn with a promoted form promotes to it instead). A
/// promotion no piece can ever make (no pawn type in the start position
/// or a hand, none a promotion's result) is left out.
fn promotes(p: &Pawns<'_>, start: &Start, c: usize) -> bool {
    let state = p.state;
    let has_form = || {
        let t = &state.promotion_pawns[c];
        state
            .promoted_types
            .iter()
            .any(|&(from, _)| t.all || t.slots.contains(&from))
    };
    let pawns_exist = || {
        let t = &state.promotion_pawns[c];
        state.pieces.iter().enumerate().any(|(slot, piece)| {
            piece.as_ref().is_some_and(|piece| {
                (t.all || t.slots.contains(&slot))
                    && (start.count(piece.letter.to_ascii_uppercase()) + start.count(piece.letter.to_ascii_lowercase())
                        > 0
                        || state.promoted_types.iter().any(|&(_, to)| to == slot)
                        || (0..2).any(|d| {
                            state.promotion_choices[d].all || state.promotion_choices[d].slots.contains(&slot)
                        }))
            })
        })
    };
    pawns_exist()
        && !p.pawns[c].is_empty()
        && (!p.choices[c].is_empty() || (state.mandatory_promotion && !has_form()))
        && p.regions[c] != 0
}

/// The pawns' rule: on ranks when the regions are whole ranks mirrored,
/// else on a region with each side's squares (one rule per side when the
/// sides' choices differ).
fn pawn_rules(
    p: &mut Pawns<'_>,
    pawn_slots: &[usize],
    immobile: &[Squares],
    rules: &mut Vec<PromotionSpec>,
    regions: &mut Vec<RegionSpec>,
    refusals: &mut Vec<Refusal>,
) {
    let (state, files, ranks) = (p.state, p.files, p.ranks);
    // Some pawn's template captures en passant (its promotion rules then
    // say whether such a capture promotes).
    let take_en_passant = |slots: &[usize]| {
        slots.iter().any(|&s| {
            p.templates[s]
                .as_deref()
                .and_then(|t| betza::parse(t).ok())
                .is_some_and(|t| t.components.iter().any(|c| c.en_passant))
        })
    };
    let pawns_take_en_passant = || take_en_passant(pawn_slots);
    let (pawns, choices) = (&p.pawns, &p.choices);
    if (pawns[0] != pawns[1] || choices[0] != choices[1]) && p.promotes[0] && p.promotes[1] {
        // Different pawns or choices: a rule per side, each on a region
        // with that side's squares only, for that side's pawns.
        for (c, name) in [(0, "promotion_zone_white"), (1, "promotion_zone_black")] {
            let slots = &state.promotion_pawns[c].slots;
            match sided_promotion(state, slots, immobile, &p.regions, files, ranks) {
                Ok(mandatory) => {
                    let mut own = [0, 0];
                    own[c] = p.regions[c];
                    regions.push(sided_region(name, &own, files, ranks));
                    rules.push(PromotionSpec {
                        squares: Some(text(name)),
                        mandatory: Some(mandatory),
                        en_passant: !take_en_passant(slots),
                        limits: limits(limits_of(state, &choices[c])),
                        ..promotion_rule(&pawns[c], &choices[c])
                    });
                }
                Err(why) => refusals.push(refuse(None, "regions", why)),
            }
        }
    } else if pawns[0] != pawns[1] || choices[0] != choices[1] {
        refusals.push(refuse(
            None,
            "piece promotion rules",
            "White and Black promote differently",
        ));
    } else if let Some(r) = relative_ranks(&p.regions, files, ranks) {
        rules.extend(ranks_rule(p, pawn_slots, immobile, &r, refusals));
    } else {
        match sided_promotion(state, pawn_slots, immobile, &p.regions, files, ranks) {
            Ok(mandatory) => {
                regions.push(sided_region("promotion_zone", &p.regions, files, ranks));
                rules.push(PromotionSpec {
                    squares: Some(text("promotion_zone")),
                    mandatory: Some(mandatory),
                    en_passant: !pawns_take_en_passant(),
                    limits: limits(limits_of(state, &choices[0])),
                    ..promotion_rule(&pawns[0], &choices[0])
                });
            }
            Err(why) => refusals.push(refuse(None, "regions", why)),
        }
    }
}

/// The pawns' rules on the whole ranks `r` (counted from each side): one
/// for the pawns without a promoted form, one per pawn with a form (its
/// choices the pawns' and its form's: [`super::pawn_forms`]).
fn ranks_rule(
    p: &mut Pawns<'_>,
    pawn_slots: &[usize],
    immobile: &[Squares],
    r: &[u8],
    refusals: &mut Vec<Refusal>,
) -> Vec<PromotionSpec> {
    let state = p.state;
    let mut plain: Vec<usize> = Vec::new();
    let mut rules = Vec::new();
    for &slot in pawn_slots {
        let form = p.forms.iter().find(|f| f.0 == slot).map(|f| f.1);
        let to = state.promoted_types.iter().find(|&&(f, _)| f == slot).map(|&(_, t)| t);
        let pf = super::pawn_forms::PawnForm {
            slot,
            form,
            template: p.templates[slot].as_deref().unwrap_or_default(),
            zone: r,
            ranks: p.ranks,
            limit: to.map_or(Ok(None), |to| promoted_forms::form_limit(state, slot, to)),
        };
        match form.and_then(|_| super::pawn_forms::form_choice(state, &pf, refusals)) {
            Some(choice) => {
                p.merged.push(slot);
                rules.push(group_rule(p, &[slot], Some(&choice), immobile, r, refusals));
            }
            // A refused form is refused again by the forms' pass.
            None if form.is_some() => p.merged.push(slot),
            None => plain.push(slot),
        }
    }
    if !plain.is_empty() || pawn_slots.is_empty() {
        rules.insert(0, group_rule(p, &plain, None, immobile, r, refusals));
    }
    rules
}

/// The rule on the whole ranks `r` for the pawns of `slots` (all the
/// pawns' letters when `slots` is empty), with `form` as one more choice.
fn group_rule(
    p: &Pawns<'_>,
    slots: &[usize],
    form: Option<&super::pawn_forms::FormChoice>,
    immobile: &[Squares],
    r: &[u8],
    refusals: &mut Vec<Refusal>,
) -> PromotionSpec {
    let state = p.state;
    // Limits on kinds that are choices (a limit of 0 bars none in
    // Fairy-Stockfish: no limit).
    let mut limit_map = limits_of(state, &p.choices[0]);
    let mut choices = p.choices[0].clone();
    let mut compulsory = state.mandatory_promotion;
    if let Some(f) = form {
        choices.push(f.letter);
        compulsory = f.compulsory;
        if let Some(n) = f.limit {
            limit_map.insert(f.letter, n);
        }
    }
    // Where a pawn could never move again it must promote.
    let forced = promoted_forms::forced_ranks(slots, immobile, p.files, p.ranks, refusals);
    let (mandatory, mandatory_ranks) = match forced {
        Some(list) if !compulsory && !list.is_empty() => (None, Some(ranks_list(&list))),
        _ => (Some(compulsory), None),
    };
    // Fairy-Stockfish never promotes a capture en passant.
    let en_passant = slots.iter().any(|&s| {
        let template = p.templates[s].as_deref().unwrap_or_default();
        promoted_forms::en_passant_into(template, p.templates, p.initial_ranks, r, p.ranks)
    });
    let pieces: String = if slots.is_empty() {
        p.pawns[0].clone()
    } else {
        let mut sorted = slots.to_vec();
        sorted.sort_unstable();
        sorted
            .iter()
            .filter_map(|&s| state.pieces[s].as_ref())
            .map(|piece| piece.letter.to_ascii_uppercase())
            .collect()
    };
    PromotionSpec {
        ranks: ranks_list(r),
        mandatory,
        mandatory_ranks,
        en_passant: !en_passant,
        limits: limits(limit_map),
        ..promotion_rule(pieces, choices)
    }
}

/// A promotion rule's `limits` (`{'Q': 1}`): the limits on kinds among
/// `choices` (a limit of 0 bars none in Fairy-Stockfish: no limit).
fn limits_of(state: &State, choices: &str) -> BTreeMap<char, u32> {
    state
        .promotion_limit
        .iter()
        .filter(|&&(_, n)| n > 0)
        .filter_map(|&(slot, n)| {
            let letter = state.pieces[slot].as_ref()?.letter.to_ascii_uppercase();
            choices.contains(letter).then_some((letter, n))
        })
        .collect()
}

/// Whether the pawns' promotion, on regions that are not whole ranks
/// mirrored for Black, can be a rule on `squares` (compulsory on all of
/// them or on none): Ok(whether it is compulsory), or why not.
fn sided_promotion(
    state: &State,
    pawn_slots: &[usize],
    immobile: &[Squares],
    regions: &[Squares; 2],
    files: u8,
    ranks: u8,
) -> Result<bool, &'static str> {
    // Where a pawn could never move again (White's squares; Black's
    // mirror them) it must promote: those squares must be in each side's
    // zone, and promotion compulsory on all of it.
    let stuck = pawn_slots
        .iter()
        .fold(0, |a, &s| a | immobile.get(s).copied().unwrap_or(0));
    if stuck & !regions[0] != 0 || mirror(stuck, files, ranks) & !regions[1] != 0 {
        return Err("a pawn could never move again outside its promotion region");
    }
    if stuck != 0 && !state.mandatory_promotion {
        return Err(
            "the promotion region is not whole ranks mirrored for Black, and promotion is compulsory on some of its squares only",
        );
    }
    Ok(state.mandatory_promotion)
}
