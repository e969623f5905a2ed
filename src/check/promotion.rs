//! Promotion rules: each rule's letters, ranks, compulsory ranks and
//! limits resolved to kinds, every problem reported; and whether a piece
//! can reach its promotion ranks at all (a warning).

use super::checked_piece::CheckedPiece;
use crate::base::geometry::Geometry;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square, SquareSet};
use crate::lang::fen_syntax::{FenCell, FenRecord};
use crate::spec::Spanned;

use super::checker::Checker;

/// Promotion with letters resolved to kinds.
#[derive(Clone, Debug)]
pub struct CheckedPromotion {
    /// Kinds that promote.
    pub pieces: Vec<Kind>,
    /// Kinds they may become, in the order written.
    pub choices: Vec<Kind>,
    /// Choices limited by material: (kind, n) lets a promotion choose the
    /// kind only while its side has fewer than n of it on the board.
    pub limits: Vec<(Kind, u32)>,
    /// Whether a move that starts on a promotion rank promotes too (and
    /// must, when it starts on a compulsory rank).
    pub from_zone: bool,
    /// Whether only a move that captures promotes.
    pub on_capture: bool,
    /// Whether only a move that captures nothing promotes.
    pub on_quiet: bool,
    /// Whether a capture en passant promotes.
    pub en_passant: bool,
    /// The promotion zone per side (White's, Black's): the squares of the
    /// rule's `ranks` (counted from each side), or of its `squares`.
    pub zone: [SquareSet; 2],
    /// The squares of the zone where promotion is compulsory, per side
    /// (its `mandatory_ranks`); elsewhere in it a piece may stay as it is.
    pub forced: [SquareSet; 2],
}

impl CheckedPromotion {
    /// Sets the zone to fixed squares per side (a rule's `squares`):
    /// promotion is compulsory on all of them unless `mandatory: false`.
    pub(super) fn set_squares(&mut self, squares: [SquareSet; 2], mandatory: bool) {
        self.zone = squares;
        self.forced = if mandatory { squares } else { [SquareSet::EMPTY; 2] };
    }
}

/// The squares of `ranks` (0-based from the owner's side), per side.
fn rank_squares(ranks: &[i32], g: Geometry) -> [SquareSet; 2] {
    Color::BOTH.map(|side| {
        (0..g.squares())
            .map(Square::from_index)
            .filter(|&sq| ranks.contains(&g.relative_rank(side, g.rank(sq))))
            .collect()
    })
}

/// Checks every promotion rule, then the rules together: a piece promotes
/// by one rule at most, a limit on a kind is the same in every rule, and a
/// choice that is a promoted form of a piece (`promoted_from`) is offered
/// to that piece only. Empty when any problem was found.
pub(super) fn check_promotions(
    c: &mut Checker<'_>,
    rules: &[crate::spec::PromotionSpec],
    pieces: &[crate::spec::PieceSpec],
    g: Geometry,
    letter_kind: &impl Fn(char) -> Option<Kind>,
) -> Vec<CheckedPromotion> {
    if rules.is_empty() {
        c.error(
            "`promotion` is an empty list",
            None,
            "give at least one rule, or remove `promotion`",
        );
    }
    let mut out = Vec::new();
    let mut ok = true;
    // Rules on `squares`, whose zones are known later: a piece in two of
    // them is judged per side then (`check_sides`).
    let mut on_squares = Vec::new();
    for spec in rules {
        let Some(rule) = check_promotion(c, spec, g, letter_kind) else {
            ok = false;
            continue;
        };
        for &kind in &rule.pieces {
            let letter = pieces.get(kind.index()).map_or('?', |p| p.letter.value);
            let both_on_squares = spec.squares.is_some()
                && out
                    .iter()
                    .zip(&on_squares)
                    .all(|(r, &sq): (&CheckedPromotion, &bool)| !r.pieces.contains(&kind) || sq);
            if !both_on_squares && out.iter().any(|r: &CheckedPromotion| r.pieces.contains(&kind)) {
                ok = false;
                c.error(
                    format!("`{letter}` promotes by two promotion rules"),
                    spec.pieces.location.clone(),
                    "name each piece in one rule only",
                );
            }
            for &choice in &rule.choices {
                let Some(from) = pieces.get(choice.index()).and_then(|p| p.promoted_from.as_ref()) else {
                    continue;
                };
                if from.value != letter {
                    ok = false;
                    c.error(
                        format!(
                            "`{}` is the promoted `{}` (`promoted_from`), but this rule promotes `{letter}` to it",
                            pieces[choice.index()].letter.value,
                            from.value
                        ),
                        spec.choices.location.clone(),
                        "offer a promoted form only to the piece it is promoted from: one rule per piece",
                    );
                }
            }
        }
        if rule.on_capture || !rule.en_passant {
            ok &= check_captures(c, spec, &rule, pieces);
        }
        for &(kind, n) in &rule.limits {
            if out
                .iter()
                .flat_map(|r: &CheckedPromotion| &r.limits)
                .any(|&(k, m)| k == kind && m != n)
            {
                ok = false;
                c.error(
                    "two promotion rules limit the same piece differently",
                    spec.limits.as_ref().and_then(|l| l.location.clone()),
                    "give a piece's limit once, or the same in every rule",
                );
            }
        }
        on_squares.push(spec.squares.is_some());
        out.push(rule);
    }
    if ok { out } else { Vec::new() }
}

pub(super) fn check_promotion(
    c: &mut Checker<'_>,
    p: &crate::spec::PromotionSpec,
    g: Geometry,
    letter_kind: &impl Fn(char) -> Option<Kind>,
) -> Option<CheckedPromotion> {
    // With no choice, a piece that must promote may not end a move on
    // those ranks (it still attacks them): allowed where every rank is
    // compulsory.
    let all_compulsory = p.mandatory != Some(false) && p.mandatory_ranks.is_none();
    let mut letters = |field: &Spanned<String>, what: &str, may_be_empty: bool| -> Option<Vec<Kind>> {
        let mut kinds = Vec::new();
        let mut ok = true;
        for (i, ch) in field.value.char_indices() {
            match letter_kind(ch).filter(|_| ch.is_ascii_uppercase()) {
                Some(k) if kinds.contains(&k) => {
                    // Reported once: a repeated letter would repeat every promoting move.
                    if ok {
                        let at = c.inside(field, i..i + ch.len_utf8());
                        c.error(
                            format!("promotion {what}: `{ch}` is given twice"),
                            at,
                            "list each piece letter once",
                        );
                    }
                    ok = false;
                }
                Some(k) => kinds.push(k),
                None => {
                    ok = false;
                    let at = c.inside(field, i..i + ch.len_utf8());
                    c.error(
                        format!("promotion {what}: `{ch}` is not a piece letter"),
                        at,
                        "use upper-case letters of pieces listed under `pieces`",
                    );
                }
            }
        }
        if kinds.is_empty() && ok && !may_be_empty {
            c.error(
                format!("promotion {what} is empty"),
                field.location.clone(),
                if what == "choices" {
                    "list at least one piece letter (no choice at all is allowed only where promotion is compulsory on every rank: the pieces then may not move onto them)"
                } else {
                    "list at least one piece letter"
                },
            );
            ok = false;
        }
        ok.then_some(kinds)
    };
    let pieces = letters(&p.pieces, "pieces", false);
    let choices = letters(&p.choices, "choices", all_compulsory);
    let mut ranks = Vec::new();
    let mut ok = true;
    match (&p.squares, p.ranks.value.is_empty() && p.ranks.location.is_none()) {
        (Some(squares), false) => {
            ok = false;
            c.error(
                "promotion has both `ranks` and `squares`",
                squares.location.clone(),
                "give the zone once: whole ranks in `ranks`, or any fixed squares in `squares`",
            );
        }
        (Some(squares), true) => {
            if let Some(m) = &p.mandatory_ranks {
                ok = false;
                c.error(
                    "`mandatory_ranks` needs `ranks`; this rule gives `squares`",
                    m.location.clone().or_else(|| squares.location.clone()),
                    "with `squares`, promotion is compulsory on all of them (`mandatory: true`, the default) or on none (`mandatory: false`)",
                );
            }
        }
        (None, true) => {
            ok = false;
            c.error(
                "promotion gives no zone: neither `ranks` nor `squares`",
                p.pieces.location.clone(),
                "add `ranks: [8]` (counted from the owner's side) or `squares: \"...\"` (fixed squares, read for the owner)",
            );
        }
        (None, false) => {}
    }
    for r in &p.ranks.value {
        if *r == 0 || *r > g.ranks as u32 {
            c.error(
                format!("promotion rank {r} is not on a board of {} ranks", g.ranks),
                p.ranks.location.clone(),
                format!("write ranks from 1 to {}, counted from the owner's side", g.ranks),
            );
        } else {
            ranks.push(*r as i32 - 1);
        }
    }
    if p.on_capture && p.on_quiet {
        ok = false;
        c.error(
            "promotion has both `on_capture` and `on_quiet`: no move could promote",
            p.pieces.location.clone(),
            "keep one: `on_capture: true` promotes captures only, `on_quiet: true` only moves that capture nothing",
        );
    }
    let mandatory_ranks = if p.squares.is_some() {
        Vec::new()
    } else {
        check_mandatory_ranks(c, p, &ranks)
    };
    let limits = check_limits(c, p, choices.as_deref().unwrap_or_default(), letter_kind);
    if !ok {
        return None;
    }
    Some(CheckedPromotion {
        pieces: pieces?,
        zone: rank_squares(&ranks, g),
        forced: rank_squares(&mandatory_ranks, g),
        choices: choices?,
        limits: limits?,
        from_zone: p.from_zone,
        on_capture: p.on_capture,
        on_quiet: p.on_quiet,
        en_passant: p.en_passant,
    })
}

/// A rule that promotes on captures only (`on_capture`) must name pieces
/// that capture: one whose templates (`moves`, `moves_in`) have no capture
/// and that has no action could never promote by it. One that says
/// `en_passant: false` must name some piece that captures en passant (else
/// the field changes nothing). False when it does not (reported at the
/// rule's `pieces`).
fn check_captures(
    c: &mut Checker<'_>,
    spec: &crate::spec::PromotionSpec,
    rule: &CheckedPromotion,
    pieces: &[crate::spec::PieceSpec],
) -> bool {
    let mut ok = true;
    let mut any_en_passant = false;
    for &kind in &rule.pieces {
        let Some(piece) = pieces.get(kind.index()) else {
            continue;
        };
        let templates = std::iter::once(&piece.moves.value).chain(piece.moves_in.iter().map(|m| &m.moves.value));
        let mut captures = !piece.actions.is_empty();
        let mut en_passant = false;
        for text in templates {
            match crate::lang::betza::parse(text) {
                Ok(t) => {
                    captures |= t.components.iter().any(|k| k.capture);
                    en_passant |= t.components.iter().any(|k| k.en_passant);
                }
                // A template that does not read is reported with the piece.
                Err(_) => (captures, en_passant) = (true, true),
            }
        }
        any_en_passant |= en_passant;
        if rule.on_capture && !captures {
            ok = false;
            c.error(
                format!(
                    "`{}` promotes only on captures (`on_capture: true`), but it never captures",
                    piece.letter.value
                ),
                spec.pieces.location.clone(),
                "give the piece a capturing move, or remove `on_capture` to let its other moves promote",
            );
        }
    }
    if !rule.en_passant && !any_en_passant {
        ok = false;
        c.error(
            format!(
                "no piece of this rule (`{}`) captures en passant, so `en_passant: false` changes nothing",
                spec.pieces.value
            ),
            spec.pieces.location.clone(),
            "remove `en_passant: false`, or give the pieces an en passant capture (`e` in Betza)",
        );
    }
    ok
}

/// The ranks where promotion is compulsory (0-based): every promotion
/// rank, none (`mandatory: false`), or those of `mandatory_ranks`, each of
/// which must be a promotion rank.
fn check_mandatory_ranks(c: &mut Checker<'_>, p: &crate::spec::PromotionSpec, ranks: &[i32]) -> Vec<i32> {
    let Some(given) = &p.mandatory_ranks else {
        return if p.mandatory.unwrap_or(true) {
            ranks.to_vec()
        } else {
            Vec::new()
        };
    };
    if p.mandatory == Some(true) {
        c.error(
            "promotion has both `mandatory: true` and `mandatory_ranks`",
            given.location.clone(),
            "`mandatory: true` forces promotion on every rank of `ranks`; to force it on some only, remove `mandatory` and list those in `mandatory_ranks`",
        );
    }
    let mut out = Vec::new();
    for &r in &given.value {
        let rank = r as i32 - 1;
        if !ranks.contains(&rank) {
            let listed: Vec<String> = ranks.iter().map(|r| (r + 1).to_string()).collect();
            c.error(
                format!("mandatory promotion rank {r} is not one of the promotion `ranks`"),
                given.location.clone(),
                format!(
                    "list it in `ranks` too, or force promotion on some of [{}]",
                    listed.join(", ")
                ),
            );
        } else if out.contains(&rank) {
            c.error(
                format!("mandatory promotion rank {r} is given twice"),
                given.location.clone(),
                "list each rank once",
            );
        } else {
            out.push(rank);
        }
    }
    if given.value.is_empty() {
        c.error(
            "`mandatory_ranks` is empty",
            given.location.clone(),
            "list the ranks where promotion is compulsory, or write `mandatory: false` for none",
        );
    }
    out
}

/// The limits on promotion choices by material: each letter one of the
/// choices, each limit at least 1.
fn check_limits(
    c: &mut Checker<'_>,
    p: &crate::spec::PromotionSpec,
    choices: &[Kind],
    letter_kind: &impl Fn(char) -> Option<Kind>,
) -> Option<Vec<(Kind, u32)>> {
    let Some(limits) = &p.limits else {
        return Some(Vec::new());
    };
    let mut out = Vec::new();
    let mut ok = true;
    for (&letter, &n) in &limits.value {
        let at = c.find_in(&limits.location, &format!("'{letter}'"));
        match letter_kind(letter).filter(|_| letter.is_ascii_uppercase()) {
            Some(kind) if choices.contains(&kind) || choices.is_empty() => {
                if n == 0 {
                    ok = false;
                    c.error(
                        format!("promotion limit of `{letter}` is 0, so it can never be chosen"),
                        at,
                        format!("remove `{letter}` from `choices` instead"),
                    );
                }
                out.push((kind, n));
            }
            Some(_) => {
                ok = false;
                c.error(
                    format!("promotion limit for `{letter}`, which is not one of the promotion `choices`"),
                    at,
                    "limit only letters listed in `choices`",
                );
            }
            None => {
                ok = false;
                c.error(
                    format!("promotion limit: `{letter}` is not a piece letter"),
                    at,
                    "use upper-case letters of pieces listed under `pieces`",
                );
            }
        }
    }
    ok.then_some(out)
}

/// Whether some White piece of `piece`'s kind in the start position could
/// reach a promotion rank on an otherwise empty board.
pub(super) fn can_reach_promotion(
    piece: &CheckedPiece,
    promotion: &CheckedPromotion,
    start: &FenRecord,
    g: Geometry,
) -> bool {
    let mut seen = vec![false; g.squares()];
    let mut queue: Vec<Square> = (0..g.squares())
        .filter(|&i| start.board[i] == FenCell::Piece(piece.letter))
        .map(Square::from_index)
        .collect();
    if queue.is_empty() {
        return true; // no such piece to start with: nothing to warn about
    }
    while let Some(sq) = queue.pop() {
        if seen[sq.index()] {
            continue;
        }
        seen[sq.index()] = true;
        if promotion.zone[0].contains(sq) {
            return true;
        }
        for c in &piece.template.components {
            let limit = match c.reach {
                crate::lang::betza::Reach::Leap => 1,
                crate::lang::betza::Reach::Ride { max } => max.map_or(16, |m| m as i32),
            };
            for &(dx, dy) in &c.vectors {
                for k in 1..=limit {
                    match g.offset(sq, dx * k, dy * k) {
                        Some(t) => queue.push(t),
                        None => break,
                    }
                }
            }
        }
    }
    false
}

/// A piece named in two rules on `squares` (allowed by `check_promotions`)
/// promotes by each on one side only: the rules' zones may not share a
/// side, and the rules must agree on everything but their squares and
/// choices (`from_zone`, `on_capture`, `en_passant`). False when some
/// rules do not.
pub(super) fn check_sides(
    c: &mut Checker<'_>,
    specs: &[crate::spec::PromotionSpec],
    rules: &[CheckedPromotion],
    pieces: &[crate::spec::PieceSpec],
) -> bool {
    let mut ok = true;
    for (j, later) in rules.iter().enumerate() {
        for earlier in &rules[..j] {
            let Some(&kind) = later.pieces.iter().find(|k| earlier.pieces.contains(k)) else {
                continue;
            };
            let letter = pieces.get(kind.index()).map_or('?', |p| p.letter.value);
            let location = specs.get(j).and_then(|s| s.pieces.location.clone());
            if (0..2).any(|side| !earlier.zone[side].is_empty() && !later.zone[side].is_empty()) {
                ok = false;
                c.error(
                    format!("`{letter}` promotes by two promotion rules on the same side"),
                    location,
                    "name each piece in one rule only, or give each rule `squares` of one side only (a region with an empty side)",
                );
            } else if (
                earlier.from_zone,
                earlier.on_capture,
                earlier.on_quiet,
                earlier.en_passant,
            ) != (later.from_zone, later.on_capture, later.on_quiet, later.en_passant)
            {
                ok = false;
                c.error(
                    format!("`{letter}`'s promotion rules for White and Black differ in more than squares and choices"),
                    location,
                    "give both rules the same `from_zone`, `on_capture`, `on_quiet` and `en_passant`",
                );
            }
        }
    }
    ok
}
