//! Fairy-Stockfish's connection regions (`connectRegion1White` ...
//! `connectRegion2Black`) as the importer writes them, read back: the
//! rule `white connected(enemy [X], enemy connect1, enemy connect2, T): V`
//! with the regions `connect1` and `connect2`, T the directions
//! (`rW` horizontal, `fW` vertical, `frFbrF` diagonal).

use super::squares::Board;
use crate::base::square::Color;
use crate::base::vocabulary::RanksFrom;
use crate::lang::effect_syntax::{Cond, EndCondition, EndOutcome, EndRule, SetExpr, SideFilter, parse_end};

/// The options of a connection-region rule, if `rule` is one.
pub(super) fn read(rule: &EndRule, board: &Board<'_>) -> Option<Vec<String>> {
    let EndCondition::Holds(Cond::Connected(RanksFrom::White, sets, template)) = &rule.condition else {
        return None;
    };
    let (value, outcome) = match rule.outcome {
        EndOutcome::Loss => ("win", "loss"),
        EndOutcome::Win => ("loss", "win"),
        EndOutcome::Draw => ("draw", "draw"),
        _ => return None,
    };
    let kinds = match &sets[0] {
        SetExpr::Pieces(SideFilter::Enemy, None) => String::new(),
        SetExpr::Pieces(SideFilter::Enemy, Some(k)) if !k.negate && !k.royal => {
            k.letters.iter().map(|(c, _)| c.to_ascii_lowercase()).collect()
        }
        _ => return None,
    };
    let t = template.text.as_str();
    let [h, v, d] = [t.contains("rW"), t.contains("fW"), t.contains("frFbrF")];
    let mut lines = Vec::new();
    for name in ["connect1", "connect2"] {
        for (c, side) in [(Color::White, "White"), (Color::Black, "Black")] {
            let bits = board.eval_text(name, c)?;
            let n = &name[7..];
            lines.push(format!("connectRegion{n}{side} = {}", board.fsf(bits)));
        }
    }
    // The importer's rule for these options, compared as printed.
    let mut want = String::new();
    for (on, part) in [(h, "rW"), (v, "fW"), (d, "frFbrF")] {
        if on {
            want.push_str(part);
        }
    }
    let set = if kinds.is_empty() {
        "enemy".to_string()
    } else {
        let spaced: Vec<String> = kinds.to_uppercase().chars().map(String::from).collect();
        format!("enemy {}", spaced.join(" "))
    };
    let text = format!("white connected({set}, enemy connect1, enemy connect2, {want}): {outcome}");
    if parse_end(&text).ok()?.to_string() != rule.to_string() {
        return None;
    }
    lines.push(format!("connectValue = {value}"));
    if !kinds.is_empty() {
        lines.push(format!("connectPieceTypes = {kinds}"));
    }
    lines.push(format!(
        "connectHorizontal = {h}\nconnectVertical = {v}\nconnectDiagonal = {d}"
    ));
    Some(lines)
}
