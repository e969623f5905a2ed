//! The legality clauses as Fairy-Stockfish's options, read from the
//! clauses' syntax trees: a king that may not be left attacked (or no
//! king), then `makpongRule`, `checking = false`, `flyingGeneral`,
//! `mustCapture` and `mustDrop`.

use crate::lang::effect_syntax::{Cond, LegalClause, SetExpr, SetOp, SideFilter, parse_legal};
use std::fmt::Write as _;

/// Whether `set` is a side's royal pieces.
fn royal_of(set: &SetExpr, side: SideFilter) -> bool {
    matches!(set, SetExpr::Pieces(s, Some(k)) if *s == side && k.royal && !k.negate)
}

/// The option a clause after the king's is, if any.
fn option(clause: &LegalClause, makpong: &str) -> Option<&'static str> {
    match clause {
        LegalClause::CapturesCompulsory => Some("mustCapture = true"),
        LegalClause::DropsCompulsory => Some("mustDrop = true"),
        LegalClause::Forbids(Cond::Attacked(set, None)) if royal_of(set, SideFilter::Enemy) => Some("checking = false"),
        // The kings may not face each other along a file or a rank.
        LegalClause::Forbids(Cond::Exists(SetExpr::Binary(SetOp::Intersection, a, b)))
            if royal_of(b, SideFilter::Enemy)
                && matches!(&**a, SetExpr::First(s, t) if royal_of(s, SideFilter::Own) && t.text == "R") =>
        {
            Some("flyingGeneral = true")
        }
        // A king in check moves only to take its lone checker (the clause
        // the importer writes for `makpongRule`), compared as printed.
        c if c.to_string() == makpong => Some("makpongRule = true"),
        _ => None,
    }
}

/// What the royal piece is to Fairy-Stockfish.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Royal {
    /// There is none.
    None,
    /// Its `king`.
    King,
    /// A piece of another type made royal by extinction (`king = -`):
    /// pseudo-royal (`extinctionPseudoRoyal`) where it may not be left
    /// attacked.
    Extinction,
}

/// The clause after `own royal survives` where captures explode: a royal
/// piece touching the enemy's may be attacked (the importer's wording).
const BLAST_CHECK: &str = "own royal not attacked unless touching(own royal, enemy royal) or not exists(enemy royal)";

/// The legality clauses `texts` (`None`: the default) as options appended
/// to `ini`, for a variant whose royal piece is `royal` and whose captures
/// explode (`blast`); the reasons for those that are none go to `why`.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, texts: Option<&[String]>, royal: Royal, blast: bool) {
    let default = ["own royal not attacked".to_string()];
    let texts = texts.unwrap_or(&default);
    let makpong = parse_legal(super::super::fsf_import::MAKPONG)
        .map(|c| c.to_string())
        .unwrap_or_default();
    // Where a capturer turns into a wall, its line is judged as if empty.
    let petrified = BLAST_CHECK.replacen("attacked", "attacked through new blocks", 1);
    let blast_checks = [BLAST_CHECK, &petrified].map(|t| parse_legal(t).map(|c| c.to_string()).unwrap_or_default());
    let parsed: Vec<Option<LegalClause>> = texts.iter().map(|t| parse_legal(t).ok()).collect();
    let king_rule = match (&parsed[..], royal) {
        (_, Royal::None) => 0,
        ([Some(LegalClause::NotAttacked(None, false)), ..], Royal::King) => 1,
        ([Some(LegalClause::NotAttacked(None, false)), ..], Royal::Extinction) => {
            let _ = writeln!(ini, "extinctionPseudoRoyal = true");
            1
        }
        ([Some(LegalClause::Survives(None)), Some(c), ..], Royal::Extinction)
            if blast && blast_checks.contains(&c.to_string()) =>
        {
            let _ = writeln!(ini, "extinctionPseudoRoyal = true");
            2
        }
        // A royal piece by extinction alone may be left attacked.
        (_, Royal::Extinction) => 0,
        _ => {
            why.push(format!(
                "legality {texts:?}: Fairy-Stockfish's rule is a king that may not be left attacked, or no king"
            ));
            1
        }
    };
    let has_royal = royal != Royal::None;
    for (t, clause) in texts.iter().zip(&parsed).skip(king_rule) {
        match clause.as_ref().and_then(|c| option(c, &makpong)) {
            Some(line) if has_royal || !line.starts_with("checking") && !line.starts_with("flying") => {
                let _ = writeln!(ini, "{line}");
            }
            _ => why.push(format!("legality clause `{t}` has no Fairy-Stockfish option")),
        }
    }
}
