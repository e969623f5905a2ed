//! Several promotion rules and promoted forms as Fairy-Stockfish's
//! options, the inverse of the importer's promotion pass:
//!
//! - each promoted form (`promoted_from`) is a custom piece type moving
//!   as the form does (one per distinct movement, lettered after its
//!   first form, which the importer frees again: a type no piece can be
//!   without promoting), and `promotedPieceType = base:type`;
//! - the forms' rules (`from_zone`, one per form, on the one promotion
//!   region) are `mandatoryPiecePromotion` (compulsory), or compulsory
//!   only where the piece could never move again (`immobilityIllegal`),
//!   `piecePromotionOnCapture` (`on_capture`) and `pieceDemotion` (a rule
//!   back from each form, with the move-rule clock running on over a
//!   promotion to a form: `clock_resets` without `PromotedForms`);
//! - the pawns' rules, on the same region: one per pawn that may also
//!   choose its form (`promotedPieceType` of a pawn type), or one per side
//!   (`promotionPawnTypesWhite`, `promotionPieceTypesBlack`, ...).
//!
//! A limit on a form in its own rule is `promotionLimit` of the type it
//! moves as, where the form alone is of that type; forms that the rules
//! name with a plain piece are of its type ([`super::type_groups`]).
//! Anything else (rules on different regions, limits on forms that share
//! their type, a form of the built-in pawn outside the pawns' rule) is
//! refused by name.

use super::squares::{Bits, Board};
use crate::base::square::Color;
use crate::spec::{ClockReset, PieceSpec, PromotionSpec, VariantFile};
use std::fmt::Write as _;

/// The move-rule clock where promoted forms turn back (`pieceDemotion`):
/// a promotion to a form does not reset it.
pub(super) const DEMOTION_RESETS: [ClockReset; 4] = [
    ClockReset::Captures,
    ClockReset::PawnMoves,
    ClockReset::Promotions,
    ClockReset::Drops,
];

/// A promoted form and the type written for it.
pub(super) struct Form<'a> {
    /// The form.
    pub piece: &'a PieceSpec,
    /// The letter of the piece it is the form of.
    pub base: char,
    /// The letter of the custom type it moves as (lower case).
    pub target: char,
    /// Whether the type is a plain piece's ([`super::type_groups`]): no
    /// custom type is written for it.
    pub plain: bool,
}

/// The promoted forms of `pieces`, in order, each with the type it moves
/// as: forms that move alike share the type of the first of them.
pub(super) fn forms(pieces: &[PieceSpec]) -> Vec<Form<'_>> {
    forms_merged(pieces, &[])
}

/// The promoted forms as [`forms`] gives them, but those of `merged`
/// (form, plain piece) promote to the plain piece's type.
pub(super) fn forms_merged<'a>(pieces: &'a [PieceSpec], merged: &[(char, char)]) -> Vec<Form<'a>> {
    let mut out: Vec<Form<'_>> = Vec::new();
    for p in pieces {
        let Some(base) = &p.promoted_from else { continue };
        let plain = merged.iter().find(|(f, _)| *f == p.letter.value).map(|(_, x)| *x);
        let target = out
            .iter()
            .find(|f| !f.plain && f.piece.moves.value == p.moves.value)
            .map_or(p.letter.value.to_ascii_lowercase(), |f| f.target);
        out.push(Form {
            piece: p,
            base: base.value,
            target: plain.map_or(target, |x| x.to_ascii_lowercase()),
            plain: plain.is_some(),
        });
    }
    out
}

/// Whether the promotion is more than one rule of the pawns' kind: more
/// rules, rules on moves leaving the zone, or promoted forms.
pub(super) fn applies(file: &VariantFile) -> bool {
    let promotions = file.promotion.as_deref().unwrap_or_default();
    promotions.len() > 1
        || promotions.iter().any(|p| p.from_zone)
        || file.pieces.iter().flatten().any(|p| p.promoted_from.is_some())
}

/// Whether some promoted form turns back into its piece (a rule from the
/// form to its base): Fairy-Stockfish's `pieceDemotion`.
pub(super) fn demotes(file: &VariantFile) -> bool {
    let pieces = file.pieces.as_deref().unwrap_or_default();
    let promotions = file.promotion.as_deref().unwrap_or_default();
    forms(pieces).iter().any(|f| {
        promotions.iter().any(|r| {
            r.from_zone && r.pieces.value == f.piece.letter.value.to_string() && r.choices.value == f.base.to_string()
        })
    })
}

/// The custom types the forms move as (`customPieceN = t:moves`, and
/// their mobility regions from the forms' `within`), written with the
/// numbers `number` gives; then `promotedPieceType`.
pub(super) fn write_types(
    ini: &mut String,
    why: &mut Vec<String>,
    forms: &[Form<'_>],
    number: &mut dyn FnMut() -> Option<usize>,
    board: &Board<'_>,
) {
    let mut written: Vec<char> = Vec::new();
    for f in forms.iter().filter(|f| !f.plain) {
        if written.contains(&f.target) {
            if forms.iter().any(|g| {
                g.target == f.target
                    && g.piece.within.as_ref().map(|w| &w.value) != f.piece.within.as_ref().map(|w| &w.value)
            }) {
                why.push(format!(
                    "promoted forms that move alike keep to different squares (`within` of {})",
                    f.piece.letter.value
                ));
            }
            continue;
        }
        written.push(f.target);
        let Some(n) = number() else {
            why.push(format!(
                "more than {} custom piece types with the types promoted forms move as",
                super::custom_numbers::MAX_CUSTOM
            ));
            return;
        };
        let _ = writeln!(ini, "customPiece{n} = {}:{}", f.target, f.piece.moves.value);
        if let Some(w) = &f.piece.within
            && !super::region_lines(ini, &format!("CustomPiece{n}"), &w.value, board)
        {
            why.push(format!(
                "promoted form {}: `within` a set that is not fixed squares",
                f.piece.letter.value
            ));
        }
    }
    if !forms.is_empty() {
        let pairs: Vec<String> = forms
            .iter()
            .map(|f| format!("{}:{}", f.base.to_ascii_lowercase(), f.target))
            .collect();
        let _ = writeln!(ini, "promotedPieceType = {}", pairs.join(" "));
    }
}

/// What a promotion rule is to Fairy-Stockfish.
enum Kind<'a> {
    /// The pawns' rule (`promotionPawnTypes` to `promotionPieceTypes`),
    /// with the promoting pawn's form among its choices, if it has one.
    Pawn(Option<&'a Form<'a>>),
    /// A piece to its form (`promotedPieceType`).
    Form(&'a Form<'a>),
    /// A form back to its piece (`pieceDemotion`).
    Demotion(&'a Form<'a>),
}

/// The kind of the rule `r`, or why it is none.
fn kind<'a>(r: &PromotionSpec, forms: &'a [Form<'a>]) -> Result<Kind<'a>, String> {
    let one = |s: &str| {
        let mut c = s.chars();
        c.next().filter(|_| c.next().is_none())
    };
    let (pieces, choices) = (one(&r.pieces.value), one(&r.choices.value));
    if r.from_zone {
        let form = forms
            .iter()
            .find(|f| Some(f.base) == pieces && Some(f.piece.letter.value) == choices);
        if let Some(f) = form {
            return Ok(Kind::Form(f));
        }
        let back = forms
            .iter()
            .find(|f| Some(f.piece.letter.value) == pieces && Some(f.base) == choices);
        return back.map(Kind::Demotion).ok_or_else(|| {
            format!(
                "promotion of {} on moves leaving the zone (`from_zone`) to other than its promoted form",
                r.pieces.value
            )
        });
    }
    let form = forms.iter().find(|f| r.choices.value.contains(f.piece.letter.value));
    match form {
        Some(f) if pieces == Some(f.base) => Ok(Kind::Pawn(Some(f))),
        Some(f) => Err(format!(
            "pieces {} may promote to the promoted form {} of another piece",
            r.pieces.value, f.piece.letter.value
        )),
        None => Ok(Kind::Pawn(None)),
    }
}

/// The squares of the rule `r` for `side`, or `None` if they are not
/// fixed squares.
fn region(r: &PromotionSpec, side: Color, board: &Board<'_>) -> Option<Bits> {
    match &r.squares {
        Some(set) => board.eval_text(&set.value, side),
        None if r.ranks.value.is_empty() => Some(0),
        None => {
            let text: Vec<String> = r.ranks.value.iter().map(|x| format!("ranks({x}..{x})")).collect();
            board.eval_text(&text.join(" + "), side)
        }
    }
}

/// The rules gathered by kind.
#[derive(Default)]
struct Gathered<'a> {
    /// The pawns' rules, with the form each offers.
    pawns: Vec<(&'a PromotionSpec, Option<&'a Form<'a>>)>,
    /// The forms' rules.
    forms: Vec<(&'a PromotionSpec, &'a Form<'a>)>,
    /// The rules back from forms.
    back: Vec<(&'a PromotionSpec, &'a Form<'a>)>,
}

/// The promotion rules of `file` (see the module's comment), with the
/// types `forms` move as already written.
pub(super) fn write(
    ini: &mut String,
    why: &mut Vec<String>,
    file: &VariantFile,
    forms: &[Form<'_>],
    board: &Board<'_>,
) {
    let promotions = file.promotion.as_deref().unwrap_or_default();
    let mut g = Gathered::default();
    for r in promotions {
        match kind(r, forms) {
            Ok(Kind::Pawn(f)) => g.pawns.push((r, f)),
            Ok(Kind::Form(f)) => g.forms.push((r, f)),
            Ok(Kind::Demotion(f)) => g.back.push((r, f)),
            Err(e) => why.push(e),
        }
    }
    if promotions.iter().any(|p| p.on_quiet) {
        why.push("promotion on moves that capture nothing only (`on_quiet`)".to_string());
    }
    // The one region: every rule's squares for a side are it (a pawns'
    // rule may hold for one side only).
    let mut zone: [Bits; 2] = [0, 0];
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        for r in promotions {
            match region(r, side, board) {
                Some(b) => zone[i] |= b,
                None => {
                    why.push(format!("promotion of {} on squares that are not fixed", r.pieces.value));
                    return;
                }
            }
        }
        let same = |r: &PromotionSpec| region(r, side, board) == Some(zone[i]);
        let pawns_ok = g
            .pawns
            .iter()
            .all(|(r, _)| same(r) || region(r, side, board) == Some(0));
        if !pawns_ok || !g.forms.iter().chain(&g.back).all(|(r, _)| same(r)) {
            why.push("promotion rules on different squares: Fairy-Stockfish has one promotion region".to_string());
            return;
        }
    }
    pawn_options(ini, why, file, &g, zone, board);
    let _ = writeln!(
        ini,
        "promotionRegionWhite = {}\npromotionRegionBlack = {}",
        board.fsf(zone[0]),
        board.fsf(zone[1])
    );
    form_options(ini, why, file, &g, forms, board);
}

/// The pawns' part: their types and choices (for each side apart where
/// they differ), limits and whether promotion is compulsory.
fn pawn_options(
    ini: &mut String,
    why: &mut Vec<String>,
    file: &VariantFile,
    g: &Gathered<'_>,
    zone: [Bits; 2],
    board: &Board<'_>,
) {
    let Some(&(first, _)) = g.pawns.first() else {
        let _ = writeln!(ini, "promotionPawnTypes = -\npromotionPieceTypes = -");
        return;
    };
    let mut types: [(String, Option<String>); 2] = Default::default();
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        for &(r, form) in &g.pawns {
            if region(r, side, board).unwrap_or(0) == 0 || zone[i] == 0 {
                continue;
            }
            for c in r.pieces.value.chars() {
                if !types[i].0.contains(c) {
                    types[i].0.push(c);
                }
            }
            // The choices less the pawn's own form.
            let plain: String = r
                .choices
                .value
                .chars()
                .filter(|&c| form.is_none_or(|f| f.piece.letter.value != c))
                .collect();
            match &types[i].1 {
                Some(c) if *c != plain => why.push(format!(
                    "pawns that promote to different pieces ({c}, {plain}) on one side: Fairy-Stockfish has one list per side"
                )),
                _ => types[i].1 = Some(plain),
            }
        }
    }
    let lower = |s: &str| {
        if s.is_empty() {
            "-".to_string()
        } else {
            s.to_lowercase()
        }
    };
    let [(wp, wc), (bp, bc)] = types;
    let (wc, bc) = (wc.unwrap_or_default(), bc.unwrap_or_default());
    for (key, white, black) in [("promotionPawnTypes", &wp, &bp), ("promotionPieceTypes", &wc, &bc)] {
        if white == black {
            let _ = writeln!(ini, "{key} = {}", lower(white));
        } else {
            let _ = writeln!(ini, "{key}White = {}\n{key}Black = {}", lower(white), lower(black));
        }
    }
    let same_terms = |r: &PromotionSpec| {
        r.mandatory == first.mandatory
            && r.mandatory_ranks.as_ref().map(|m| &m.value) == first.mandatory_ranks.as_ref().map(|m| &m.value)
            && !r.on_capture
    };
    if !g.pawns.iter().all(|(r, _)| same_terms(r)) {
        why.push("pawns' promotion rules compulsory in different places, or on captures only".to_string());
    }
    let mut limits: Vec<String> = Vec::new();
    for (r, form) in &g.pawns {
        for (letter, n) in r.limits.iter().flat_map(|l| &l.value) {
            if form.is_some_and(|f| f.piece.letter.value == *letter) {
                why.push(format!("a limit on the promoted form {letter}"));
            }
            let item = format!("{}:{n}", letter.to_ascii_lowercase());
            if !limits.contains(&item) {
                limits.push(item);
            }
        }
    }
    if !limits.is_empty() {
        let _ = writeln!(ini, "promotionLimit = {}", limits.join(" "));
    }
    super::pawn_promotion_options::mandatory(ini, why, first, file, board);
}

/// The type whose `promotionLimit` is the limit on the form `f` in its
/// own rule (`letter`, the letter limited), as the importer reads it: the
/// custom type the form alone moves as (no other form shares it, no
/// plain piece is of it); `None` for another letter, or the built-in
/// pawn's form (`pawn`), which Fairy-Stockfish never limits.
fn form_limit(f: &Form<'_>, letter: char, pawn: bool, forms: &[Form<'_>], pieces: &[PieceSpec]) -> Option<char> {
    let shared = forms.iter().filter(|g| g.target == f.target).count() > 1
        || pieces
            .iter()
            .any(|p| p.promoted_from.is_none() && p.letter.value.to_ascii_lowercase() == f.target);
    (letter == f.piece.letter.value && !pawn && !shared).then_some(f.target)
}

/// `limits` (`t:n`) added to the `promotionLimit` line the pawns' part
/// wrote, or written as one.
fn add_limits(ini: &mut String, limits: &[String]) {
    if limits.is_empty() {
        return;
    }
    let items = limits.join(" ");
    match ini
        .find("\npromotionLimit = ")
        .map(|i| i + 1)
        .or(ini.starts_with("promotionLimit = ").then_some(0))
    {
        Some(at) => {
            let end = at + ini[at..].find('\n').unwrap_or(ini.len() - at);
            ini.insert_str(end, &format!(" {items}"));
        }
        None => {
            let _ = writeln!(ini, "promotionLimit = {items}");
        }
    }
}

/// The forms' part: `mandatoryPiecePromotion` (or `immobilityIllegal`
/// where a piece could never move again), `piecePromotionOnCapture` and
/// `pieceDemotion`. The built-in pawn's form, outside the pawns' rule,
/// is compulsory by `mandatoryPawnPromotion` (Fairy-Stockfish moves it
/// by its pawn rules).
fn form_options(
    ini: &mut String,
    why: &mut Vec<String>,
    file: &VariantFile,
    g: &Gathered<'_>,
    forms: &[Form<'_>],
    board: &Board<'_>,
) {
    let pieces = file.pieces.as_deref().unwrap_or_default();
    let base_of = |f: &Form<'_>| pieces.iter().find(|p| p.letter.value == f.base);
    let is_pawn =
        |f: &Form<'_>| base_of(f).is_some_and(|b| super::builtin::builtin_name(b, &b.moves.value) == Some("pawn"));
    // Every form promotes by a rule of its own or in its pawn's rule.
    for f in forms {
        let own = g
            .forms
            .iter()
            .any(|(_, x)| x.piece.letter.value == f.piece.letter.value);
        let merged = g
            .pawns
            .iter()
            .any(|(_, x)| x.is_some_and(|x| x.piece.letter.value == f.piece.letter.value));
        if own == merged {
            why.push(format!(
                "the promoted form {} is reached by {} promotion rules",
                f.piece.letter.value,
                if own { "two" } else { "no" }
            ));
        }
        if own && is_pawn(f) && !g.pawns.is_empty() {
            why.push(format!(
                "the built-in pawn {} promotes to its form by a rule of its own beside the pawns' rule",
                f.base
            ));
        }
    }
    let Some(&(first, _)) = g.forms.first() else {
        if !g.back.is_empty() {
            why.push("promoted forms that turn back without a rule to them".to_string());
        }
        return;
    };
    let mut stuck = false;
    let mut compulsory: Option<bool> = None;
    let mut limits = Vec::new();
    for (r, f) in &g.forms {
        for (&letter, &n) in r.limits.iter().flat_map(|l| &l.value) {
            match form_limit(f, letter, is_pawn(f), forms, pieces) {
                Some(item) => limits.push(format!("{item}:{n}")),
                None => why.push(format!("a limit on the promoted form {letter}")),
            }
        }
        if r.on_capture != first.on_capture {
            why.push("promoted forms reached on captures only and on any move".to_string());
        }
        let template = base_of(f).map_or("", |b| b.moves.value.as_str());
        let m = terms(r, f.base, template, board, why, &mut stuck);
        if is_pawn(f) {
            let _ = writeln!(ini, "mandatoryPawnPromotion = {m}");
        } else if compulsory.is_some_and(|c| c != m) {
            why.push(
                "promotion to promoted forms compulsory for some pieces only: Fairy-Stockfish's `mandatoryPiecePromotion` is one"
                    .to_string(),
            );
        } else {
            compulsory = Some(m);
        }
    }
    add_limits(ini, &limits);
    if let Some(c) = compulsory {
        let _ = writeln!(ini, "mandatoryPiecePromotion = {c}");
    }
    if stuck && !ini.contains("immobilityIllegal = true\n") {
        let _ = writeln!(ini, "immobilityIllegal = true");
    }
    if first.on_capture {
        let _ = writeln!(ini, "piecePromotionOnCapture = true");
    }
    demotion(ini, why, file, g, compulsory.unwrap_or(false));
}

/// Whether the form rule `r` of the piece `base` (moving by `template`)
/// is compulsory everywhere (true), or only where the piece could never
/// move again (false, with `stuck` set; refused unless those are the
/// ranks Fairy-Stockfish's `immobilityIllegal` finds).
fn terms(
    r: &PromotionSpec,
    base: char,
    template: &str,
    board: &Board<'_>,
    why: &mut Vec<String>,
    stuck: &mut bool,
) -> bool {
    match (&r.mandatory_ranks, r.mandatory.unwrap_or(true)) {
        (Some(m), _) => {
            if super::pawn_promotion_options::stuck_ranks(template, board.files, board.ranks) != m.value {
                why.push(format!(
                    "{base} must promote on ranks {:?}, not where it could never move again (Fairy-Stockfish's `immobilityIllegal`)",
                    m.value
                ));
            }
            *stuck = true;
            false
        }
        (None, m) => m,
    }
}

/// `pieceDemotion`: every form has its rule back, on the same terms.
fn demotion(ini: &mut String, why: &mut Vec<String>, file: &VariantFile, g: &Gathered<'_>, compulsory: bool) {
    if g.back.is_empty() {
        return;
    }
    let on_capture = g.forms.first().is_some_and(|(r, _)| r.on_capture);
    let all_back = g.forms.iter().all(|(_, f)| {
        g.back.iter().any(|(r, b)| {
            b.piece.letter.value == f.piece.letter.value
                && r.mandatory_ranks.is_none()
                && r.mandatory.unwrap_or(true) == compulsory
                && r.on_capture == on_capture
        })
    });
    if !all_back || g.back.len() != g.forms.len() {
        why.push(
            "some promoted forms turn back and others do not: Fairy-Stockfish's `pieceDemotion` is one".to_string(),
        );
    }
    if file
        .clock_resets
        .as_ref()
        .is_none_or(|c| c.as_slice() != DEMOTION_RESETS)
    {
        why.push(
            "promoted forms turn back (`pieceDemotion`), and the move-rule clock resets otherwise than \
             Fairy-Stockfish's then (`clock_resets: [Captures, PawnMoves, Promotions, Drops]`)"
                .to_string(),
        );
    }
    let _ = writeln!(ini, "pieceDemotion = true");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> VariantFile {
        crate::spec::Loader::new().load_text("t.ron", text).unwrap()
    }

    const SHOGIISH: &str = r#"(name: "t", board: (files: 5, ranks: 5),
        pieces: [
            (letter: 'P', name: "shogiPawn", moves: "fW"),
            (letter: 'S', name: "silver", moves: "FfW"),
            (letter: 'K', name: "king", moves: "K", royal: true),
            (letter: 'A', name: "promoted shogiPawn", moves: "WfF", promoted_from: 'P'),
            (letter: 'B', name: "promoted silver", moves: "WfF", promoted_from: 'S'),
        ],
        start: "k4/5/5/5/PS2K w - - 0 1",
        promotion: [
            (pieces: "P", ranks: [5], choices: "A", mandatory_ranks: [5], from_zone: true),
            (pieces: "S", ranks: [5], choices: "B", mandatory: false, from_zone: true),
        ])"#;

    fn export(text: &str) -> (String, Vec<String>) {
        let f = file(text);
        let pieces = f.pieces.clone().unwrap_or_default();
        let forms = forms(&pieces);
        let board = Board {
            files: 5,
            ranks: 5,
            regions: &[],
        };
        let (mut ini, mut why) = (String::new(), Vec::new());
        let mut n = 0;
        write_types(
            &mut ini,
            &mut why,
            &forms,
            &mut || {
                n += 1;
                Some(n)
            },
            &board,
        );
        write(&mut ini, &mut why, &f, &forms, &board);
        (ini, why)
    }

    #[test]
    fn forms_that_move_alike_share_a_type_written_after_the_first() {
        let (ini, why) = export(SHOGIISH);
        assert!(why.is_empty(), "{why:?}");
        for line in [
            "customPiece1 = a:WfF",
            "promotedPieceType = p:a s:a",
            "promotionPawnTypes = -",
            "promotionPieceTypes = -",
            "promotionRegionWhite = *5",
            "promotionRegionBlack = *1",
            "mandatoryPiecePromotion = false",
            "immobilityIllegal = true",
        ] {
            assert!(ini.lines().any(|l| l == line), "`{line}` missing\n{ini}");
        }
        assert!(!ini.contains("customPiece2"), "{ini}");
    }

    #[test]
    fn a_limit_on_a_form_of_its_own_type_is_that_types_promotion_limit() {
        let limited = SHOGIISH
            .replace(
                "name: \"promoted silver\", moves: \"WfF\"",
                "name: \"promoted silver\", moves: \"Q\"",
            )
            .replace(
                "choices: \"B\", mandatory: false,",
                "choices: \"B\", mandatory: false, limits: {'B': 1},",
            );
        let (ini, why) = export(&limited);
        assert!(why.is_empty(), "{why:?}");
        assert!(ini.lines().any(|l| l == "promotionLimit = b:1"), "{ini}");
        // A form sharing its type with another form: Fairy-Stockfish's
        // limit would count both.
        let shared = SHOGIISH.replace(
            "choices: \"B\", mandatory: false,",
            "choices: \"B\", mandatory: false, limits: {'B': 1},",
        );
        let (_, why) = export(&shared);
        assert!(
            why.iter().any(|w| w.contains("a limit on the promoted form B")),
            "{why:?}"
        );
    }

    #[test]
    fn demotion_compulsion_and_capture_write_their_options() {
        let text = SHOGIISH
            .replace("mandatory_ranks: [5], from_zone: true)", "mandatory: true, from_zone: true, on_capture: true)")
            .replace("mandatory: false, from_zone: true)", "mandatory: true, from_zone: true, on_capture: true),\n(pieces: \"A\", ranks: [5], choices: \"P\", mandatory: true, from_zone: true, on_capture: true),\n(pieces: \"B\", ranks: [5], choices: \"S\", mandatory: true, from_zone: true, on_capture: true)")
            .replace("promotion: [", "clock_resets: [Captures, PawnMoves, Promotions, Drops],\npromotion: [");
        let (ini, why) = export(&text);
        assert!(why.is_empty(), "{why:?}");
        for line in [
            "mandatoryPiecePromotion = true",
            "piecePromotionOnCapture = true",
            "pieceDemotion = true",
        ] {
            assert!(ini.lines().any(|l| l == line), "`{line}` missing\n{ini}");
        }
        // Without the clock's rule of demotion, refused.
        let (_, why) = export(&text.replace("clock_resets: [Captures, PawnMoves, Promotions, Drops],", ""));
        assert!(why.iter().any(|w| w.contains("`pieceDemotion`")), "{why:?}");
    }

    #[test]
    fn rules_on_other_squares_or_mixed_compulsion_are_refused() {
        let other = SHOGIISH.replace("(pieces: \"S\", ranks: [5]", "(pieces: \"S\", ranks: [4, 5]");
        let (_, why) = export(&other);
        assert!(why.iter().any(|w| w.contains("one promotion region")), "{why:?}");
        let mixed = SHOGIISH.replace("mandatory_ranks: [5], from_zone", "mandatory: true, from_zone");
        let (_, why) = export(&mixed);
        assert!(
            why.iter().any(|w| w.contains("`mandatoryPiecePromotion` is one")),
            "{why:?}"
        );
        let stuck = SHOGIISH.replace("mandatory_ranks: [5]", "mandatory_ranks: [4, 5]");
        let (_, why) = export(&stuck);
        assert!(why.iter().any(|w| w.contains("`immobilityIllegal`")), "{why:?}");
    }

    #[test]
    fn pawns_of_each_side_write_their_own_types() {
        let text = r#"(name: "t", board: (files: 5, ranks: 5),
            regions: [(name: "zw", white: "ranks(5..5)", black: "all - all"), (name: "zb", white: "all - all", black: "ranks(5..5)")],
            pieces: [
                (letter: 'P', name: "pawn", moves: "fmWfcF", pawn: true),
                (letter: 'N', name: "knight", moves: "N"),
                (letter: 'Q', name: "queen", moves: "Q"),
                (letter: 'K', name: "king", moves: "K", royal: true),
            ],
            start: "k4/p4/5/P4/4K w - - 0 1",
            promotion: [
                (pieces: "P", squares: "zw", choices: "N", mandatory: true),
                (pieces: "P", squares: "zb", choices: "Q", mandatory: true),
            ])"#;
        let f = file(text);
        let board = Board {
            files: 5,
            ranks: 5,
            regions: f.regions.as_deref().unwrap_or_default(),
        };
        let (mut ini, mut why) = (String::new(), Vec::new());
        write(&mut ini, &mut why, &f, &[], &board);
        assert!(why.is_empty(), "{why:?}");
        for line in [
            "promotionPawnTypes = p",
            "promotionPieceTypesWhite = n",
            "promotionPieceTypesBlack = q",
            "promotionRegionWhite = *5",
            "promotionRegionBlack = *1",
            "mandatoryPawnPromotion = true",
        ] {
            assert!(ini.lines().any(|l| l == line), "`{line}` missing\n{ini}");
        }
    }
}
