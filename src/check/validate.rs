//! The checks a variant file must pass before it is compiled. Every check
//! runs and every problem is reported, each pointing at its place in the
//! file.

use super::castling::{CheckedCastling, ResolvedCastling, check_castling, resolve_castling};
use super::checked_piece::CheckedPiece;
use super::checker::Checker;
use super::promotion::{CheckedPromotion, can_reach_promotion, check_promotions};
use super::random_setup::{CheckedSetup, check_setup};
use super::resolve::Names;
use super::sentences::{CheckedSentences, check_sentences};
use crate::base::diagnostic::Diagnostic;
use crate::base::geometry::Geometry;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::span::StringWalk;
use crate::lang::fen_syntax::{self as fen, FenCell, FenRecord};
use crate::spec::{Location, Sources, Spanned, VariantFile};

mod piece_specs;

use piece_specs::{check_pieces, fill_initial_ranks};

/// A variant file that passed every check, ready to compile.
#[derive(Clone, Debug)]
pub struct CheckedVariant {
    /// Name.
    pub name: String,
    /// Description.
    pub description: String,
    /// The word for a square that becomes blocked, if the file gives one.
    pub block_word: Option<String>,
    /// Board size.
    pub geometry: Geometry,
    /// Piece types; a piece's index is its [`Kind`].
    pub pieces: Vec<CheckedPiece>,
    /// The start position as written.
    pub start_text: String,
    /// Where the start position was written.
    pub start_location: Option<Location>,
    /// The start position, read.
    pub start: FenRecord,
    /// Promotion rules, if any piece promotes.
    pub promotions: Vec<CheckedPromotion>,
    /// The evaluation's weights (`evaluation`, default 100% each).
    pub evaluation: crate::base::weights::EvalWeights,
    /// The evaluation's material value per kind (`evaluation`'s
    /// `values`; 0 where it gives none: the piece's `value` then counts).
    pub evaluation_values: Vec<i32>,
    /// The evaluation's square table per kind (`evaluation`'s `squares`),
    /// for White, by square index; empty where it gives none.
    pub evaluation_squares: Vec<Vec<i32>>,
    /// The random setup, if the variant has one.
    pub setup: Option<CheckedSetup>,
    /// Castling rules as written.
    pub castling_rules: Vec<CheckedCastling>,
    /// Castling rules resolved against the start position.
    pub castling: Vec<ResolvedCastling>,
    /// Rules, actions, legality, game end and shields.
    pub sentences: CheckedSentences,
    /// The named regions, in the order written.
    pub regions: Vec<super::regions::CheckedRegion>,
    /// The kinds of move that reset the move-rule clock (`clock_resets`),
    /// as bits ([`crate::spec::ClockReset::bit`]).
    pub clock_resets: u8,
    /// How castling is written (`castling_notation`).
    pub castling_notation: crate::spec::CastlingNotation,
    /// Whether each side may pass (`pass`).
    pub pass: bool,
    /// Whether a side passes only when it has no other legal move and is
    /// not in check (`pass_on_stalemate`; `pass` wins when both are set).
    pub pass_on_stalemate: bool,
    /// The load-time estimate of one position's cost (moves times steps
    /// per move), at most [`super::cost::MAX_POSITION_COST`].
    pub position_cost: u64,
    /// Warnings found; the variant plays regardless.
    pub warnings: Vec<Diagnostic>,
}

/// Checks a loaded variant file. Returns the checked variant, or every
/// error found (warnings ride along in either case).
pub fn check(file: &VariantFile, sources: &Sources) -> Result<CheckedVariant, Vec<Diagnostic>> {
    let mut c = checker(file, sources);
    let name = c.require(&file.name, "name", "\"My variant\"").map(|n| n.value.clone());
    if let Some(word) = &file.block_word {
        super::words::check_word(&mut c, "block_word", word);
    }
    let geometry = check_board(&mut c, file);
    c.found
        .extend(super::evaluation::check_evaluation(file.evaluation.as_ref()).1);
    let pieces = check_pieces(&mut c, file);
    // Letters as written, so one bad piece does not make every use of the
    // others an error too.
    let letters: Vec<char> = file.pieces.iter().flatten().map(|p| p.letter.value).collect();
    c.found
        .extend(super::evaluation::check_evaluation_values(file.evaluation.as_ref(), &letters).1);
    if let Some(g) = geometry {
        c.found
            .extend(super::evaluation::check_evaluation_squares(file.evaluation.as_ref(), &letters, g).1);
    }
    let letter_kind = |letter: char| -> Option<Kind> {
        letters
            .iter()
            .position(|l| *l == letter.to_ascii_uppercase())
            .map(Kind::from_index)
    };
    let setup = match (&file.setup, geometry) {
        (Some(spec), Some(g)) => check_setup(&mut c, spec, g, &|ch| letter_kind(ch).is_some()),
        _ => None,
    };
    let start = check_start(&mut c, file, geometry, setup.as_ref(), &letter_kind);
    let mut promotions = match (&file.promotion, geometry) {
        (Some(rules), Some(g)) => check_promotions(
            &mut c,
            rules,
            file.pieces.as_deref().unwrap_or_default(),
            g,
            &letter_kind,
        ),
        _ => Vec::new(),
    };
    let royal_letters = royal_letters(file);
    let fixed_start = start.as_ref().filter(|_| setup.is_none());
    let (castling_rules, castling) =
        check_all_castling(&mut c, file, geometry, fixed_start, &letter_kind, &royal_letters);
    let region_names: Vec<String> = file.regions.iter().flatten().map(|r| r.name.value.clone()).collect();
    let castling_letters: Vec<char> = file.castling.iter().flatten().map(|r| r.fen.value).collect();
    let action_names: Vec<String> = (file.pieces.iter().flatten().flat_map(|p| &p.actions))
        .chain(file.actions.iter().flatten())
        .map(|a| a.name.value.clone())
        .collect();
    let names = Names {
        letter_kind: &letter_kind,
        royal: royal_mask(file),
        all: KindSet::first(letters.len()),
        regions: &region_names,
        all_regions: &region_names,
        castling_letters: &castling_letters,
        actions: &action_names,
    };
    let (regions, pieces) =
        check_regions_and_limits(&mut c, file, &names, geometry, pieces, &mut promotions, &letter_kind);
    let sentences = check_sentences(&mut c, file, &names);
    let parts = Parts {
        name,
        geometry,
        pieces,
        start,
        setup,
        promotions,
        castling_rules,
        castling,
        sentences,
        regions: regions.unwrap_or_default(),
    };
    let warnings = check_whole(&mut c, file, &parts, &names, &royal_letters);
    assemble(c, file, warnings, parts)
}

/// A checker for `file`, its problems to be reported against `sources`.
fn checker<'a>(file: &VariantFile, sources: &'a Sources) -> Checker<'a> {
    Checker {
        sources,
        found: Vec::new(),
        names: file
            .pieces
            .iter()
            .flatten()
            .map(|p| (p.name.value.to_lowercase(), p.letter.value))
            .collect(),
        walk: StringWalk::default(),
        marks: Vec::new(),
        kind_sequence: file.kind_sequence.is_some(),
    }
}

/// The letters of the royal pieces, as written.
fn royal_letters(file: &VariantFile) -> Vec<char> {
    file.pieces
        .iter()
        .flatten()
        .filter(|p| p.royal)
        .map(|p| p.letter.value)
        .collect()
}

/// The castling rules, and where the start position is fixed (`start`;
/// a random setup resolves its castling per arrangement) each resolved
/// on its board.
fn check_all_castling(
    c: &mut Checker<'_>,
    file: &VariantFile,
    geometry: Option<Geometry>,
    start: Option<&FenRecord>,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    royal_letters: &[char],
) -> (Vec<CheckedCastling>, Vec<ResolvedCastling>) {
    let castling_rules = match (&file.castling, geometry) {
        (Some(rules), Some(g)) => check_castling(c, rules, g, file.castling_notation),
        _ => Vec::new(),
    };
    check_castling_by_drop(c, file);
    let castling = match (start, geometry) {
        (Some(start), Some(g)) => {
            let is_royal = |ch| royal_letters.contains(&ch);
            resolve_castling(&castling_rules, g, &start.board, letter_kind, &is_royal).unwrap_or_else(|errors| {
                c.found.extend(errors);
                Vec::new()
            })
        }
        _ => Vec::new(),
    };
    (castling_rules, castling)
}

/// Reports a castling rule gained `by_drop` in a variant with no drops.
fn check_castling_by_drop(c: &mut Checker<'_>, file: &VariantFile) {
    if file.drops.is_none()
        && let Some(rule) = file
            .castling
            .iter()
            .flatten()
            .find(|r| r.by_drop.as_ref().is_some_and(|b| b.value))
    {
        c.error(
            format!(
                "castling `{}` is gained `by_drop`, but this variant has no drops",
                rule.fen.value
            ),
            rule.by_drop.as_ref().and_then(|b| b.location.clone()),
            "add a `drops` section, or remove `by_drop`",
        );
    }
}

/// The regions, each piece's regions, piece limits and rights, and the promotion
/// squares the regions give: `promotions` are cleared where their squares
/// or sides are wrong. Returns the regions and the pieces with theirs.
fn check_regions_and_limits(
    c: &mut Checker<'_>,
    file: &VariantFile,
    names: &Names<'_>,
    geometry: Option<Geometry>,
    pieces: Option<Vec<CheckedPiece>>,
    promotions: &mut Vec<CheckedPromotion>,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> (Option<Vec<super::regions::CheckedRegion>>, Option<Vec<CheckedPiece>>) {
    let regions = geometry.map(|g| super::regions::check_regions(c, file, names, g));
    let piece_regions = match (&regions, geometry) {
        (Some(regions), Some(g)) => super::regions::check_piece_regions(c, file, names, regions, g),
        _ => None,
    };
    if let (Some(regions), Some(g)) = (&regions, geometry)
        && !super::regions::promotion_squares(c, file, promotions, names, regions, g)
    {
        promotions.clear();
    }
    if let (Some(specs), Some(pieces)) = (&file.promotion, &file.pieces)
        && !super::promotion::check_sides(c, specs, promotions, pieces)
    {
        promotions.clear();
    }
    let piece_limits = super::piece_limits::check_piece_limits(c, file, letter_kind);
    let piece_rights = super::piece_rights::check_piece_rights(c, file, letter_kind);
    let pieces = pieces.map(|mut pieces| {
        for (piece, regions) in pieces.iter_mut().zip(piece_regions.into_iter().flatten()) {
            piece.regions = regions;
        }
        for (piece, limits) in pieces.iter_mut().zip(piece_limits.into_iter().flatten()) {
            piece.limits = limits;
        }
        for (piece, rights) in pieces.iter_mut().zip(piece_rights.into_iter().flatten()) {
            piece.rights = rights;
        }
        pieces
    });
    (regions, pieces)
}

/// What the passes over a file found, each part if it checked.
struct Parts {
    name: Option<String>,
    geometry: Option<Geometry>,
    pieces: Option<Vec<CheckedPiece>>,
    start: Option<FenRecord>,
    setup: Option<CheckedSetup>,
    promotions: Vec<CheckedPromotion>,
    castling_rules: Vec<CheckedCastling>,
    castling: Vec<ResolvedCastling>,
    sentences: CheckedSentences,
    regions: Vec<super::regions::CheckedRegion>,
}

/// The checks of the variant as a whole: what its sentences cost, how
/// many moves a position may offer (errors), and the warnings.
fn check_whole(
    c: &mut Checker<'_>,
    file: &VariantFile,
    p: &Parts,
    names: &Names<'_>,
    royal_letters: &[char],
) -> Vec<Diagnostic> {
    if let Some(g) = p.geometry {
        check_sentence_costs(c, g, &p.sentences);
    }
    let mut warnings = ending_warnings(c, file, &p.sentences, names);
    if let Some(start) = &p.start {
        let royal = super::endings::RoyalKinds {
            royal: names.royal,
            all: names.all,
        };
        // A side meant to have no royal piece loses some other way.
        if !super::endings::ends_without_royals(&p.sentences, royal) {
            warnings.extend(royal_warnings(file, start, royal_letters));
        }
    }
    if let Some(pieces) = &p.pieces {
        warnings.extend(piece_warnings(
            file,
            pieces,
            &p.promotions,
            p.start.as_ref(),
            p.geometry,
        ));
    }
    // En passant targets: some piece captures en passant, and some initial
    // quiet move passes squares (docs/format.md, En passant).
    let any_component = |f: &dyn Fn(&crate::lang::betza::Component) -> bool| {
        p.pieces
            .iter()
            .flatten()
            .any(|piece| piece.template.components.iter().any(f))
    };
    if file.counting.is_some()
        && any_component(&|k| k.en_passant)
        && any_component(&|k| k.initial && k.quiet && k.vectors.iter().any(|(x, y)| x.abs().max(y.abs()) > 1))
    {
        c.error(
            "`counting` with en passant moves: a running count takes the FEN's en passant field, \
             so a position with both would not read back",
            c.root(),
            "drop the `e` moves, or the `counting` field (Fairy-Stockfish's counting variants have no double steps)",
        );
    }
    if let (Some(pieces), Some(g)) = (&p.pieces, p.geometry) {
        let costs = super::cost::Costs::new(g.squares());
        let bound = costs.move_bound(pieces, &p.promotions, p.castling_rules.len(), &p.sentences);
        super::position_cost::check(c, file, &costs, bound, &p.sentences);
    }
    warnings
}

/// The checked variant, or every error (warnings after them), each moved
/// into this file when it was found in a bundled parent.
fn assemble(
    mut c: Checker<'_>,
    file: &VariantFile,
    mut warnings: Vec<Diagnostic>,
    p: Parts,
) -> Result<CheckedVariant, Vec<Diagnostic>> {
    super::inherited::relocate(&mut c.found, file, c.sources);
    super::inherited::relocate(&mut warnings, file, c.sources);
    // Problems inherited from several rules of a parent can read the same
    // once moved into this file (they come one after the other): report
    // each once.
    c.found.dedup();
    warnings.dedup();
    if c.found.iter().any(Diagnostic::is_error) {
        c.found.extend(warnings);
        return Err(c.found);
    }
    let (Some(name), Some(geometry), Some(mut pieces), Some(start)) = (p.name, p.geometry, p.pieces, p.start) else {
        return Err(c.found);
    };
    let (start_text, start_location) = match (&p.setup, &file.start) {
        (Some(_), _) => (
            crate::lang::fen_syntax::board_text(&start.board, geometry.files, geometry.ranks),
            None,
        ),
        (None, Some(s)) => (s.value.clone(), s.location.clone()),
        (None, None) => return Err(c.found),
    };
    fill_initial_ranks(&mut pieces, file, &start, geometry);
    let position_cost =
        super::position_cost::estimate(geometry, &pieces, &p.promotions, &p.castling_rules, &p.sentences);
    Ok(CheckedVariant {
        name,
        description: file.description.clone().unwrap_or_default(),
        block_word: file.block_word.as_ref().map(|w| w.value.clone()),
        geometry,
        pieces,
        start_text,
        start_location,
        start,
        setup: p.setup,
        promotions: p.promotions,
        castling_rules: p.castling_rules,
        castling: p.castling,
        sentences: p.sentences,
        regions: p.regions,
        castling_notation: file.castling_notation.unwrap_or_default(),
        clock_resets: (file.clock_resets.as_deref())
            .unwrap_or(&crate::spec::ClockReset::DEFAULT)
            .iter()
            .fold(0, |bits, r| bits | r.bit()),
        pass: file.pass.unwrap_or(false),
        pass_on_stalemate: file.pass_on_stalemate.unwrap_or(false) && !file.pass.unwrap_or(false),
        evaluation: super::evaluation::check_evaluation(file.evaluation.as_ref()).0,
        evaluation_values: super::evaluation::check_evaluation_values(
            file.evaluation.as_ref(),
            &file.pieces.iter().flatten().map(|p| p.letter.value).collect::<Vec<_>>(),
        )
        .0,
        evaluation_squares: super::evaluation::check_evaluation_squares(
            file.evaluation.as_ref(),
            &file.pieces.iter().flatten().map(|p| p.letter.value).collect::<Vec<_>>(),
            geometry,
        )
        .0,
        position_cost,
        warnings,
    })
}

/// The royal kinds as written (kinds past a mask's
/// 64 bits, refused by the piece checks, add none).
fn royal_mask(file: &VariantFile) -> KindSet {
    (file.pieces.iter().flatten().enumerate())
        .filter(|(k, p)| p.royal && *k < 64)
        .map(|(k, _)| Kind::from_index(k))
        .collect()
}

/// The board's size: 1 to [`Geometry::MAX_SIDE`] files and ranks.
fn check_board(c: &mut Checker<'_>, file: &VariantFile) -> Option<Geometry> {
    let b = c.require(&file.board, "board", "(files: 8, ranks: 8)")?;
    let mut side = |v: &Spanned<u32>, what: &str| -> Option<u8> {
        if (1..=Geometry::MAX_SIDE as u32).contains(&v.value) {
            Some(v.value as u8)
        } else {
            c.error(
                format!("a board has 1 to {} {what}, not {}", Geometry::MAX_SIDE, v.value),
                v.location.clone(),
                format!("set `{what}` between 1 and {}", Geometry::MAX_SIDE),
            );
            None
        }
    };
    let files = side(&b.files, "files");
    let ranks = side(&b.ranks, "ranks");
    Some(Geometry {
        files: files?,
        ranks: ranks?,
        wrap: b.wrap,
    })
}

/// The start position: as written, or for a random setup (which has no
/// `start`) its first arrangement.
fn check_start(
    c: &mut Checker<'_>,
    file: &VariantFile,
    geometry: Option<Geometry>,
    setup: Option<&CheckedSetup>,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Option<FenRecord> {
    if file.setup.is_some() {
        let first = setup?.first_arrangement(geometry?);
        if first.is_none() {
            c.error(
                "no arrangement of the setup's pieces leaves room for its placements",
                file.setup.as_ref().and_then(|s| s.pieces.location.clone()),
                "check the `place` offsets against the template",
            );
        }
        return first;
    }
    let start = c.require(&file.start, "start", "\"<FEN>\"")?;
    let g = geometry?;
    // `+X` names the piece promoted from X (`promoted_from`).
    let promoted_form = |ch: char| {
        let form = file.pieces.iter().flatten().find(|p| {
            p.promoted_from
                .as_ref()
                .is_some_and(|f| f.value == ch.to_ascii_uppercase())
        })?;
        let letter = form.letter.value;
        Some(if ch.is_ascii_lowercase() {
            letter.to_ascii_lowercase()
        } else {
            letter
        })
    };
    match fen::parse_with_promoted(
        &start.value,
        g.files,
        g.ranks,
        |ch| letter_kind(ch).is_some(),
        promoted_form,
    ) {
        Ok(record) => Some(record),
        Err(e) => {
            let at = c.inside(start, e.span.clone());
            // Inherited from a bundled file, it is relocated with advice
            // (`inherited::relocate`).
            c.error(format!("start position: {}", e.message), at, e.help);
            None
        }
    }
}

/// The sentences' cost per move and per piece, against the limits.
fn check_sentence_costs(c: &mut Checker<'_>, g: Geometry, sentences: &CheckedSentences) {
    for over in super::cost::Costs::new(g.squares()).check(sentences) {
        c.error(
            over.message,
            None,
            "simplify the sets: smaller areas, fewer `first`/`lines` rays, a condition that does not depend on `target`",
        );
    }
}

/// Warnings on how games end (`endings`), given only when every sentence
/// parsed: a missing one is no missing rule.
fn ending_warnings(
    c: &Checker<'_>,
    file: &VariantFile,
    sentences: &CheckedSentences,
    names: &Names<'_>,
) -> Vec<Diagnostic> {
    if c.found.iter().any(Diagnostic::is_error) {
        return Vec::new();
    }
    let first_at = |list: &Option<Vec<Spanned<String>>>| {
        list.as_ref()
            .and_then(|l| l.first())
            .and_then(|s| s.location.clone())
            .filter(|l| l.source == 0)
    };
    let end_at = file
        .end
        .as_ref()
        .and_then(|l| l.first())
        .and_then(|s| s.location.clone())
        .filter(|l| l.source == 0);
    let legal_at = first_at(&file.legal);
    let mut out = Vec::new();
    if file.drops.is_none() && sentences.conditions().any(super::endings::reads_hands) {
        out.push(
            Diagnostic::warning(
                "`dropped(...)` or `held(...)` reads pieces in hand, but this variant has no drops: it never changes",
                end_at.clone().or_else(|| c.root()),
            )
            .with_help("add `drops: (...)`, or remove the condition"),
        );
    }
    if file.pass != Some(true)
        && file.pass_on_stalemate != Some(true)
        && sentences.conditions().any(super::endings::reads_passes)
    {
        out.push(
            Diagnostic::warning(
                "`passes` counts passes, but this variant has no passing: it is always 0",
                end_at.clone().or_else(|| c.root()),
            )
            .with_help("add `pass: true`, or remove the condition"),
        );
    }
    out.extend(super::endings::check_endings(
        sentences,
        super::endings::RoyalKinds {
            royal: names.royal,
            all: names.all,
        },
        legal_at.or_else(|| c.root()),
        end_at.or_else(|| c.root()),
    ));
    out
}

/// A side without a royal piece in the start position while the other has
/// one (asked only when no end rule lets a side lose without royals).
fn royal_warnings(file: &VariantFile, start: &FenRecord, royal_letters: &[char]) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    if royal_letters.is_empty() {
        return warnings;
    }
    let has_royal = |upper: bool| {
        start.board.iter().any(|cell| {
            matches!(cell, FenCell::Piece(ch) if ch.is_ascii_uppercase() == upper
                && royal_letters.contains(&ch.to_ascii_uppercase()))
        })
    };
    for (upper, side, other) in [(true, "White", "Black"), (false, "Black", "White")] {
        if !has_royal(upper) && has_royal(!upper) {
            warnings.push(
                Diagnostic::warning(
                    format!(
                        "{side} has no royal piece in the start position, {other} has: `own royal` rules never apply to {side}"
                    ),
                    file.start.as_ref().and_then(|s| s.location.clone()),
                )
                .with_help(format!("put {side}'s royal piece in `start`, unless the variant means it to have none")),
            );
        }
    }
    warnings
}

/// Pieces that can never reach their promotion ranks, or never move.
fn piece_warnings(
    file: &VariantFile,
    pieces: &[CheckedPiece],
    promotions: &[CheckedPromotion],
    start: Option<&FenRecord>,
    geometry: Option<Geometry>,
) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    let specs = file.promotion.iter().flatten();
    if let (Some(start), Some(g)) = (start, geometry) {
        for (promotion, spec) in promotions.iter().zip(specs) {
            for &kind in &promotion.pieces {
                let piece = &pieces[kind.index()];
                if !can_reach_promotion(piece, promotion, start, g) {
                    warnings.push(
                        Diagnostic::warning(
                            format!(
                                "the {} ({}) can never reach its promotion ranks",
                                piece.name, piece.letter
                            ),
                            spec.ranks
                                .location
                                .clone()
                                .or_else(|| spec.squares.as_ref().and_then(|s| s.location.clone())),
                        )
                        .with_help(if spec.squares.is_some() {
                            "check `squares` (read for the owner) against the piece's moves"
                        } else {
                            "check `ranks` (counted from the owner's side) against the piece's moves"
                        }),
                    );
                }
            }
        }
    }
    for (spec, piece) in file.pieces.iter().flatten().zip(pieces) {
        if piece.template.components.is_empty() {
            warnings.push(
                Diagnostic::warning(
                    format!("the {} ({}) can never move", piece.name, piece.letter),
                    spec.moves.location.clone(),
                )
                .with_help("give it a movement template, for example `K`"),
            );
        }
    }
    warnings
}
