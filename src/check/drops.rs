//! Pieces in hand and drops: the `drops` section, checked and resolved.

use super::checker::Checker;
use super::resolve::{Names, Resolved, Resolver};
use super::sentence_parse::parse;
use crate::base::kind_set::KindSet;
use crate::base::limits::MAX_HAND_KINDS;
use crate::base::piece::Kind;
use crate::lang::effect_syntax::{self as effects, SetExpr};
use crate::spec::{DropsSpec, VariantFile};

/// Drops as checked: where pieces in hand come from and where they go.
#[derive(Clone, Debug)]
pub struct CheckedDrops {
    /// A piece captured by a move joins the captor's hand.
    pub captures_to_hand: bool,
    /// A captured promoted piece joins the hand as the piece it promoted
    /// from (else as it stands).
    pub demote_captured: bool,
    /// A piece in hand may also be dropped as its promoted form.
    pub drop_promoted: bool,
    /// Where some pieces may be dropped: their kinds and the squares
    /// (read for the side that drops). Other pieces: any empty square.
    pub zones: Vec<(Vec<Kind>, SetExpr<Resolved>)>,
    /// Royal pieces may be held in hand and dropped too.
    pub hold_royal: bool,
    /// Kinds dropped split over the square colours (`split_colours`).
    pub split_colours: Vec<Kind>,
    /// Endless hands: every held kind may always be dropped (`free`).
    pub free: bool,
    /// A piece in hand may enter on the square a gating piece leaves.
    pub gating: bool,
    /// Pieces in hand may be dropped as moves of their own.
    pub drop_moves: bool,
}

/// Checks the `drops` section: its letters, its square sets, and the
/// limits pieces in hand have.
pub(super) fn check_drops(
    c: &mut Checker<'_>,
    file: &VariantFile,
    spec: &DropsSpec,
    names: &Names<'_>,
) -> Option<CheckedDrops> {
    let mut ok = true;
    // Promoted forms are never held: captured, they join the hand as the
    // piece they are promoted from.
    let forms = file
        .pieces
        .iter()
        .flatten()
        .filter(|p| !p.royal && p.promoted_from.is_some())
        .count();
    let held = if spec.hold_royal {
        names.all
    } else {
        names.all.difference(names.royal)
    };
    let in_hand = (held.len()).saturating_sub(forms);
    if in_hand > MAX_HAND_KINDS {
        let which = if spec.hold_royal { "" } else { " that are not royal" };
        c.error(
            format!("with drops, at most {MAX_HAND_KINDS} kinds of piece{which} (promoted forms aside) may be held in hand; this variant has {in_hand}"),
            c.root(),
            format!("keep to {MAX_HAND_KINDS} kinds{which}"),
        );
        ok = false;
    }
    if spec.hold_royal && names.royal.is_empty() {
        c.error(
            "`hold_royal: true` lets royal pieces be held in hand, but this variant has no royal piece",
            c.root(),
            "remove `hold_royal`, or mark a piece `royal: true`",
        );
        ok = false;
    }
    // A promoted piece captured returns to hand as the piece it promoted
    // from: a promoted form (`promoted_from`) says which; otherwise the
    // position only marks it promoted (`~`), so one kind may promote.
    let spec_of = |ch: char| file.pieces.iter().flatten().find(|p| p.letter.value == ch);
    // A promoted form turning back into its own piece (a demotion) is no
    // promotion to a plain piece.
    let plain_choice = |rule: &crate::spec::PromotionSpec| {
        rule.choices.value.chars().any(|ch| {
            spec_of(ch).is_some_and(|p| p.promoted_from.is_none())
                && !rule.pieces.value.chars().any(|k| {
                    spec_of(k)
                        .and_then(|p| p.promoted_from.as_ref())
                        .is_some_and(|f| f.value == ch)
                })
        })
    };
    let marked: Vec<&crate::spec::PromotionSpec> =
        file.promotion.iter().flatten().filter(|p| plain_choice(p)).collect();
    if !spec.demote_captured && forms > 0 {
        c.error(
            "`demote_captured: false` keeps a captured piece as it stands, but a promoted form (`promoted_from`) cannot be held in hand",
            c.root(),
            "remove `demote_captured: false`, or make the promoted forms plain pieces (no `promoted_from`)",
        );
        ok = false;
    }
    if spec.drop_promoted && forms == 0 {
        c.error(
            "`drop_promoted: true` drops a piece in hand as its promoted form, but no piece that may be held has one",
            c.root(),
            "give a piece a promoted form (a piece with `promoted_from`), or remove `drop_promoted`",
        );
        ok = false;
    }
    if spec.captures_to_hand
        && spec.demote_captured
        && marked.iter().map(|p| p.pieces.value.chars().count()).sum::<usize>() > 1
    {
        c.error(
            "a captured promoted piece returns to the hand as the piece it promoted from, so with `captures_to_hand` only one kind of piece may promote to pieces that are not promoted forms",
            marked[0].pieces.location.clone(),
            "promote one kind of piece, give each promoting piece its own promoted form (`promoted_from`), or set `captures_to_hand: false`",
        );
        ok = false;
    }
    if !spec.drop_moves && !spec.gating {
        c.error(
            "`drop_moves: false` leaves pieces in hand only to gate, but this variant has no gating",
            c.root(),
            "add `gating: true`, or remove `drop_moves: false`",
        );
        ok = false;
    }
    let mut zones = Vec::new();
    let mut named = KindSet::EMPTY;
    for zone in &spec.zones {
        let mut kinds = Vec::new();
        for (i, ch) in zone.pieces.value.char_indices() {
            match (names.letter_kind)(ch).filter(|_| ch.is_ascii_uppercase()) {
                Some(k) if named.contains(k) => {
                    let at = c.inside(&zone.pieces, i..i + ch.len_utf8());
                    c.error(
                        format!("drop zone pieces: `{ch}` already has a drop zone"),
                        at,
                        "give each piece one drop zone: a union (`+`) of squares if it needs several",
                    );
                    ok = false;
                }
                Some(k) => {
                    named.insert(k);
                    kinds.push(k);
                }
                None => {
                    let at = c.inside(&zone.pieces, i..i + ch.len_utf8());
                    c.error(
                        format!("drop zone pieces: `{ch}` is not a piece letter"),
                        at,
                        "use upper-case letters of pieces listed under `pieces`",
                    );
                    ok = false;
                }
            }
        }
        if zone.pieces.value.is_empty() {
            c.error(
                "drop zone pieces are empty",
                zone.pieces.location.clone(),
                "list the letters of the pieces the zone is for",
            );
            ok = false;
        }
        let text = &zone.squares;
        let set = parse(c, text, "drop zone", effects::parse_set).and_then(|set| Resolver { c, text, names }.set(&set));
        match set {
            Some(set) => zones.push((kinds, set)),
            None => ok = false,
        }
    }
    let split_colours = match &spec.split_colours {
        Some(letters) => split_colour_kinds(c, file, letters, names, spec.hold_royal, &mut ok),
        None => Vec::new(),
    };
    ok.then_some(CheckedDrops {
        captures_to_hand: spec.captures_to_hand,
        demote_captured: spec.demote_captured,
        drop_promoted: spec.drop_promoted,
        zones,
        hold_royal: spec.hold_royal,
        split_colours,
        free: spec.free,
        gating: spec.gating,
        drop_moves: spec.drop_moves,
    })
}

/// The kinds of `split_colours`: upper-case letters of pieces that may be
/// held in hand, each once.
fn split_colour_kinds(
    c: &mut Checker<'_>,
    file: &VariantFile,
    letters: &crate::spec::Spanned<String>,
    names: &Names<'_>,
    hold_royal: bool,
    ok: &mut bool,
) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Vec::new();
    if letters.value.is_empty() {
        c.error(
            "`split_colours` is empty",
            letters.location.clone(),
            "list the letters of the pieces dropped split over the square colours (`\"B\"`), or remove it",
        );
        *ok = false;
    }
    for (i, ch) in letters.value.char_indices() {
        let at = c.inside(letters, i..i + ch.len_utf8());
        let spec = file.pieces.iter().flatten().find(|p| p.letter.value == ch);
        let problem = match ((names.letter_kind)(ch).filter(|_| ch.is_ascii_uppercase()), spec) {
            (Some(k), _) if kinds.contains(&k) => Some(format!("`split_colours`: `{ch}` is given twice")),
            (Some(_), Some(p)) if p.promoted_from.is_some() => Some(format!(
                "`split_colours`: `{ch}` is a promoted form, which is never held in hand"
            )),
            (Some(_), Some(p)) if p.royal && !hold_royal => Some(format!(
                "`split_colours`: `{ch}` is royal, and royal pieces are not held in hand without `hold_royal: true`"
            )),
            (Some(k), _) => {
                kinds.push(k);
                None
            }
            (None, _) => Some(format!("`split_colours`: `{ch}` is not a piece letter")),
        };
        if let Some(message) = problem {
            c.error(message, at, "list upper-case letters of pieces held in hand, each once");
            *ok = false;
        }
    }
    kinds
}
