//! Effect rules, passing and drops as Fairy-Stockfish's options, read
//! from the loaded values and the rules' syntax trees: the duck's wall
//! (`wallingRule = duck`), flips (`flipEnclosedPieces`), `pass` and
//! `passOnStalemate`, and hands (`pieceDrops`, `capturesToHand`, `gating`,
//! `dropLoop`, `dropPromoted`, one drop region,
//! `enclosingDrop` and its start squares).

use super::squares::Board;
use crate::base::square::Color;
use crate::base::vocabulary::SideFilter;
use crate::lang::effect_syntax::{Effect, NamedSet, SetExpr, SetOp, parse_rule, parse_set};
use crate::spec::{DropsSpec, VariantFile};
use std::fmt::Write as _;

/// The effect rules Fairy-Stockfish has an option for, as the importer
/// writes them (compared as parsed and printed, not as written).
const RULE_OPTIONS: &[(&str, &str)] = &[
    (super::super::fsf_import::DUCK, "wallingRule = duck"),
    (
        "after move: recolour(enclosed(mover, Q))",
        "flipEnclosedPieces = reversi",
    ),
    (
        "after move: recolour(adjacent(mover) & enemy)",
        "flipEnclosedPieces = ataxx",
    ),
    (
        "after move if not dropped() or exists(adjacent(mover) & own): recolour(adjacent(mover) & enemy)",
        "flipEnclosedPieces = quadwrangle",
    ),
];

/// The squares `enclosingDrop` leaves for the side that drops, by its
/// value, as the importer writes them.
const ENCLOSING: &[(&str, &str)] = &[
    ("adjacent(enemy) & enclosing(empty, Q, through blocked)", "reversi"),
    ("adjacent(own)", "ataxx"),
    ("all - manhattan(enemy, 1)", "snort"),
];

/// The printed form of a rule or set sentence, if it reads.
fn printed_rule(text: &str) -> Option<String> {
    parse_rule(text).ok().map(|r| r.to_string())
}

/// The letters a capture's explosion spares besides the pawns
/// (`blastImmuneTypes`), where `text` is the rule the importer writes for
/// `blastOnCapture`: `on capture: blast(target, 1, sparing any P X);
/// remove(target - any X)`.
fn blast_immune(text: &str) -> Option<String> {
    let rule = parse_rule(text).ok()?;
    let immune = match rule.effects.last()? {
        Effect::Remove(SetExpr::Named(NamedSet::Target)) => String::new(),
        Effect::Remove(SetExpr::Binary(SetOp::Difference, t, k)) if **t == SetExpr::Named(NamedSet::Target) => {
            match &**k {
                SetExpr::Pieces(SideFilter::Any, Some(f)) if !f.negate && !f.royal => {
                    f.letters.iter().map(|(c, _)| *c).collect()
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(immune)
}

/// Whether `text` is the rule of `blastOnCapture`.
pub(super) fn is_blast(text: &str) -> bool {
    blast_immune(text).is_some()
}

/// The rule the importer writes for `blastOnCapture` with the pawn
/// `pawn` and the immune letters `immune`, printed.
fn blast_rule(pawn: Option<char>, immune: &str) -> Option<String> {
    let spared: String = pawn
        .into_iter()
        .chain(immune.chars())
        .map(|c| format!(" {c}"))
        .collect();
    let sparing = if spared.is_empty() {
        String::new()
    } else {
        format!(", sparing any{spared}")
    };
    let immune: String = immune.chars().map(|c| format!(" {c}")).collect();
    let capturer = if immune.is_empty() {
        "target".to_string()
    } else {
        format!("target - any{immune}")
    };
    printed_rule(&format!("on capture: blast(target, 1{sparing}); remove({capturer})"))
}

/// The effect rules as options; those that are none go to `why`.
pub(super) fn rules(ini: &mut String, why: &mut Vec<String>, file: &VariantFile) {
    let mut known: Vec<(Option<String>, String)> = RULE_OPTIONS
        .iter()
        .map(|(r, o)| (printed_rule(r), o.to_string()))
        .collect();
    let pawn = file
        .pieces
        .iter()
        .flatten()
        .find(|p| super::builtin::builtin_name(p, &p.moves.value) == Some("pawn"))
        .map(|p| p.letter.value);
    for rule in file.rules.iter().flatten() {
        if let Some(immune) = blast_immune(rule) {
            let mut option = "blastOnCapture = true".to_string();
            if !immune.is_empty() {
                option.push_str(&format!("\nblastImmuneTypes = {}", immune.to_lowercase()));
            }
            known.push((blast_rule(pawn, &immune), option));
        }
    }
    let mut flips = 0;
    for rule in file.rules.iter().flatten() {
        let printed = printed_rule(rule);
        match known.iter().find(|(r, _)| printed.is_some() && *r == printed) {
            Some((_, option)) => {
                flips += usize::from(option.starts_with("flip"));
                let _ = writeln!(ini, "{option}");
            }
            None => match super::walling_rule_options::option(&rule.value, file)
                .or_else(|| super::petrify_rule_options::option(&rule.value))
            {
                Some(option) => {
                    let _ = writeln!(ini, "{option}");
                }
                None => why.push(format!(
                "effect rules (`rules`): `{}` has no Fairy-Stockfish option (it has options for the duck's wall, `wallingRule = duck`, for flips of enclosed or adjacent pieces, `flipEnclosedPieces`, and for explosions on capture, `blastOnCapture`, but no effect sentences)",
                rule.value
                )),
            },
        }
    }
    // Petrification is an option beside the others.
    let others = file.rules.iter().flatten();
    if flips > 1
        || others
            .filter(|r| super::petrify_rule_options::option(&r.value).is_none())
            .count()
            > 1
    {
        why.push("several effect rules: Fairy-Stockfish has one walling rule or one flip rule".to_string());
    }
}

/// `pass` and `passOnStalemate`.
pub(super) fn passing(ini: &mut String, file: &VariantFile) {
    if file.pass == Some(true) {
        let _ = writeln!(ini, "pass = true");
    }
    if file.pass_on_stalemate == Some(true) {
        let _ = writeln!(ini, "passOnStalemate = true");
    }
}

/// The hands: `pieceDrops` and its options; one drop region for every
/// piece that has a zone, narrowed by `enclosingDrop`.
pub(super) fn drops(ini: &mut String, why: &mut Vec<String>, file: &VariantFile, board: &Board<'_>) {
    let Some(d) = &file.drops else {
        return;
    };
    // Gating (`gating`, `seirawanGating`): pieces in hand enter on the
    // square a piece leaves; without `drop_moves` they only gate, and
    // `pieceDrops` is off.
    if d.gating {
        let _ = writeln!(ini, "gating = true\nseirawanGating = true");
    }
    let _ = writeln!(
        ini,
        "pieceDrops = {}\ncapturesToHand = {}",
        !d.gating || d.drop_moves,
        d.captures_to_hand
    );
    if !d.demote_captured {
        let _ = writeln!(ini, "dropLoop = true");
    }
    if d.drop_promoted {
        let _ = writeln!(ini, "dropPromoted = true");
    }
    // Endless hands (`free`) come from the parent (see `inherit_free_drops`).
    if d.hold_royal {
        why.push("royal pieces held in hand (`hold_royal`)".to_string());
    }
    if d.split_colours.is_some() {
        why.push("drops split over the square colours (`split_colours`; Fairy-Stockfish's `dropOppositeColoredBishop` serves its bishop only)".to_string());
    }
    zones(ini, why, file, d, board);
}

/// The drop zones: one zone for every non-royal piece but the pawn, of
/// fixed squares or narrowed by `enclosingDrop` (Fairy-Stockfish's one
/// drop region), and the pawn's within it (its own limits).
fn zones(ini: &mut String, why: &mut Vec<String>, file: &VariantFile, d: &DropsSpec, board: &Board<'_>) {
    let pieces: Vec<_> = file.pieces.iter().flatten().filter(|p| !p.royal).collect();
    let pawn = pieces
        .iter()
        .find(|p| super::builtin::builtin_name(p, &p.moves.value) == Some("pawn"))
        .map(|p| p.letter.value);
    let mut held: Vec<char> = pieces
        .iter()
        .map(|p| p.letter.value)
        .filter(|&c| Some(c) != pawn)
        .collect();
    held.sort_unstable();
    let (mut pawn_zone, mut other) = (None, None);
    for z in &d.zones {
        let mut letters: Vec<char> = z.pieces.value.chars().collect();
        letters.sort_unstable();
        match (&letters[..], pawn) {
            ([one], Some(p)) if *one == p => pawn_zone = Some(z),
            _ if other.is_none() && letters == held => other = Some(z),
            _ => {
                why.push("drop zones that differ between pieces (`zones`): Fairy-Stockfish has one drop region (and its pawn's own limits)".to_string());
                return;
            }
        }
    }
    let all = [Color::White, Color::Black].map(|c| board.eval_text("all", c).unwrap_or(0));
    let region = match other {
        None => all,
        Some(z) => match region(ini, &z.squares.value, board) {
            Some(r) => r,
            None => {
                why.push(format!(
                    "the drop zone `{}`: Fairy-Stockfish's drop region is fixed squares",
                    z.squares.value
                ));
                return;
            }
        },
    };
    if region != all {
        let _ = writeln!(
            ini,
            "dropRegionWhite = {}\ndropRegionBlack = {}",
            board.fsf(region[0]),
            board.fsf(region[1])
        );
    }
    if let Some(p) = pawn {
        pawn_limits(
            ini,
            why,
            file,
            pawn_zone.map(|z| z.squares.value.as_str()),
            region,
            p,
            board,
        );
    }
}

/// The region `text` (fixed squares, narrowed by `enclosingDrop`) read for
/// each side; its `enclosingDrop` options go to `ini`.
fn region(ini: &mut String, text: &str, board: &Board<'_>) -> Option<[super::squares::Bits; 2]> {
    let set = parse_set(text).ok()?;
    let (base, enclosing) = match &set {
        SetExpr::Binary(SetOp::Intersection, base, rest) => match enclosing(rest, board) {
            Some(lines) => (&**base, lines),
            None => (&set, Vec::new()),
        },
        _ => (&set, Vec::new()),
    };
    let sides = [board.eval(base, Color::White)?, board.eval(base, Color::Black)?];
    for line in enclosing {
        let _ = writeln!(ini, "{line}");
    }
    Some(sides)
}

/// The pawn's drop zone (`None`: anywhere in the drop region) as
/// Fairy-Stockfish's limits on its pawn: not on the first rank
/// (`firstRankPawnDrops`), nor in the promotion zone
/// (`promotionZonePawnDrops`), nor on a file with an own pawn
/// (`dropNoDoubled`), nor where it could never move again
/// (`immobilityIllegal`).
fn pawn_limits(
    ini: &mut String,
    why: &mut Vec<String>,
    file: &VariantFile,
    zone: Option<&str>,
    region: [super::squares::Bits; 2],
    pawn: char,
    board: &Board<'_>,
) {
    let mut zone = zone.and_then(|z| parse_set(z).ok());
    // `(Z) - lines(own P, vR[, n])`: not on a file holding n own pawns.
    if let Some(SetExpr::Binary(SetOp::Difference, base, lines)) = &zone
        && let SetExpr::Lines(own, template, n, _) = &**lines
        && matches!(&**own, SetExpr::Pieces(crate::base::vocabulary::SideFilter::Own, Some(k)) if k.letters.len() == 1 && k.letters[0].0 == pawn)
        && template.text == "vR"
    {
        let _ = writeln!(ini, "dropNoDoubled = {}", pawn.to_ascii_lowercase());
        if *n > 1 {
            let _ = writeln!(ini, "dropNoDoubledCount = {n}");
        }
        zone = Some((**base).clone());
    }
    let all = [Color::White, Color::Black].map(|c| board.eval_text("all", c).unwrap_or(0));
    let got = match &zone {
        // A piece no zone names drops anywhere.
        None => Some(all),
        Some(z) => board
            .eval(z, Color::White)
            .zip(board.eval(z, Color::Black))
            .map(|(w, b)| [w, b]),
    };
    let first = [Color::White, Color::Black].map(|c| board.eval_text("ranks(1..1)", c).unwrap_or(0));
    let ranks: Vec<String> = file
        .promotion
        .iter()
        .flatten()
        .find(|p| p.pieces.value.contains(pawn))
        .map(|p| p.ranks.value.iter().map(|r| format!("ranks({r}..{r})")).collect())
        .unwrap_or_default();
    let promotion =
        [Color::White, Color::Black].map(|c| ranks.iter().filter_map(|r| board.eval_text(r, c)).fold(0, |a, b| a | b));
    // Never dropped: on no file (`dropNoDoubledCount = 0`).
    if got == Some([0, 0]) {
        let _ = writeln!(
            ini,
            "dropNoDoubled = {}\ndropNoDoubledCount = 0",
            pawn.to_ascii_lowercase()
        );
        return;
    }
    // `immobilityIllegal`: nor where the pawn could never move again.
    let stuck = stuck_squares(file, pawn, board);
    let cases = [(false, false), (true, false), (false, true), (true, true)];
    for (immobile, (first_ok, promotion_ok)) in [false, true].into_iter().flat_map(|i| cases.map(|c| (i, c))) {
        if immobile && stuck == [0, 0] {
            break;
        }
        let expected = [0, 1].map(|c| {
            let mut z = region[c];
            if immobile {
                z &= !stuck[c];
            }
            if !first_ok {
                z &= !first[c];
            }
            if !promotion_ok {
                z &= !promotion[c];
            }
            z
        });
        if got == Some(expected) {
            let _ = writeln!(
                ini,
                "firstRankPawnDrops = {first_ok}\npromotionZonePawnDrops = {promotion_ok}"
            );
            if immobile {
                let _ = writeln!(ini, "immobilityIllegal = true");
            }
            return;
        }
    }
    why.push(format!(
        "the pawn's drop zone: Fairy-Stockfish's pawn drops anywhere in the drop region but (by its options) the first rank and the promotion zone{}",
        zone.map(|z| format!(" (`{z}`)")).unwrap_or_default()
    ));
}

/// Each side's squares where the piece `letter` could never move again
/// (Fairy-Stockfish's `immobilityIllegal` bars drops there).
fn stuck_squares(file: &VariantFile, letter: char, board: &Board<'_>) -> [super::squares::Bits; 2] {
    let template = file.pieces.iter().flatten().find(|p| p.letter.value == letter);
    let stuck = super::pawn_promotion_options::stuck_ranks(
        template.map_or("", |p| p.moves.value.as_str()),
        board.files,
        board.ranks,
    );
    [Color::White, Color::Black].map(|c| {
        stuck
            .iter()
            .filter_map(|r| board.eval_text(&format!("ranks({r}..{r})"), c))
            .fold(0, |a, b| a | b)
    })
}

/// The `enclosingDrop` options a zone's narrowing is: the rule's squares,
/// or while a start square is empty only those.
fn enclosing(rest: &SetExpr, board: &Board<'_>) -> Option<Vec<String>> {
    let printed = rest.to_string();
    let rule = |s: &str| {
        ENCLOSING
            .iter()
            .find(|(text, _)| parse_set(text).is_ok_and(|r| r.to_string() == s))
            .map(|(_, v)| format!("enclosingDrop = {v}"))
    };
    if let Some(line) = rule(&printed) {
        return Some(vec![line]);
    }
    // `(START & empty) + ((RULE) - area(START & empty, far))`.
    let SetExpr::Binary(SetOp::Union, start, others) = rest else {
        return None;
    };
    let SetExpr::Binary(SetOp::Intersection, squares, empty) = &**start else {
        return None;
    };
    let SetExpr::Binary(SetOp::Difference, r, _) = &**others else {
        return None;
    };
    if **empty != SetExpr::Named(NamedSet::Empty) {
        return None;
    }
    let line = rule(&r.to_string())?;
    let start = board.eval(squares, Color::White)?;
    Some(vec![line, format!("enclosingDropStart = {}", board.fsf(start))])
}
