//! Effect rules, passing and drops as Fairy-Stockfish's options, read
//! from the loaded values and the rules' syntax trees: the duck's wall
//! (`wallingRule = duck`), flips (`flipEnclosedPieces`), `pass` and
//! `passOnStalemate`, and hands (`pieceDrops`, `capturesToHand`, `gating`,
//! `dropLoop`, `dropPromoted`, one drop region,
//! `enclosingDrop` and its start squares).

use super::squares::Board;
use crate::base::vocabulary::SideFilter;
use crate::lang::effect_syntax::{Effect, NamedSet, SetExpr, SetOp, parse_rule};
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

/// The hands: `pieceDrops` and its options, and the drop zones
/// (`drop_zone_options`); whether the zones hold squares where a piece
/// could never move again (no `immobilityIllegal`).
pub(super) fn drops(ini: &mut String, why: &mut Vec<String>, file: &VariantFile, board: &Board<'_>) -> bool {
    let Some(d) = &file.drops else {
        return false;
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
    held_options(ini, why, file, d);
    super::drop_zone_options::write(ini, why, file, d, board)
}

/// Royal pieces held in hand (`hold_royal`): Fairy-Stockfish holds its
/// king where the start position's hand does; bishops split over the
/// square colours (`split_colours`): `dropOppositeColoredBishop`.
fn held_options(ini: &mut String, why: &mut Vec<String>, file: &VariantFile, d: &DropsSpec) {
    let start = file.start.as_ref().map(|s| s.value.as_str()).unwrap_or_default();
    let hand = start
        .split_whitespace()
        .next()
        .and_then(|b| b.split_once('['))
        .map_or("", |(_, h)| h);
    let royal_held = file
        .pieces
        .iter()
        .flatten()
        .any(|p| p.royal && hand.chars().any(|c| c.eq_ignore_ascii_case(&p.letter.value)));
    if d.hold_royal && !royal_held {
        why.push("royal pieces held in hand (`hold_royal`) without one in the start position's hand: Fairy-Stockfish holds its king only where the start position's hand does".to_string());
    }
    if let Some(split) = &d.split_colours {
        let bishop = file.pieces.iter().flatten().find(|p| {
            split.value.len() == 1
                && split.value.starts_with(p.letter.value)
                && super::builtin::builtin_name(p, &p.moves.value) == Some("bishop")
        });
        match bishop {
            Some(_) => {
                let _ = writeln!(ini, "dropOppositeColoredBishop = true");
            }
            None => why.push(format!(
                "drops split over the square colours (`split_colours: \"{}\"`): Fairy-Stockfish's `dropOppositeColoredBishop` serves its bishop only",
                split.value
            )),
        }
    }
}
