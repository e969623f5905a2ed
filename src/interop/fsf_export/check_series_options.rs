//! `shatarMateRule` as the importer writes it, read back: in place of
//! `checkmate: V`, a mate by knights alone wins for the side mated
//! (`checkmate if not attacked(own royal by any not N): win`), a mate that
//! closes a series of checks one of which a knight, rook or bers gave has
//! the value V (`checkmate if since(attacked(own royal by any N R J),
//! attacked(own royal)): V`), and any other mate is drawn. The letters are
//! read from the rules; reading the export back checks they are the
//! pieces written as `knight`, `rook` and `bers`.

use crate::lang::effect_syntax::{Cond, EndCondition, EndOutcome, EndRule, SetExpr, parse_end};

/// The letters of `any X Y` (`negate`: `any not X`).
fn letters(set: &SetExpr, negate: bool) -> Option<Vec<char>> {
    match set {
        SetExpr::Pieces(_, Some(k)) if k.negate == negate && !k.royal => {
            Some(k.letters.iter().map(|(c, _)| *c).collect())
        }
        _ => None,
    }
}

/// The checkmate value under `shatarMateRule` and the number of rules it
/// takes, where the rules from `rules[0]` are its.
pub(super) fn read(rules: &[(&String, EndRule)]) -> Option<(&'static str, usize)> {
    let mut at = 0;
    let mut knight = None;
    if let Some((_, r)) = rules.first()
        && let (EndCondition::Checkmate(Some(Cond::Not(c))), EndOutcome::Win) = (&r.condition, r.outcome)
        && let Cond::Attacked(_, Some(by)) = &**c
    {
        knight = letters(by, true).filter(|l| l.len() == 1).map(|l| l[0]);
        at = usize::from(knight.is_some());
    }
    let (mut shak, mut mate) = (Vec::new(), "loss");
    if let Some((_, r)) = rules.get(at)
        && let EndCondition::Checkmate(Some(Cond::Since(d, _))) = &r.condition
        && let Cond::Attacked(_, Some(by)) = &**d
    {
        shak = letters(by, false)?;
        mate = match r.outcome {
            EndOutcome::Win => "win",
            EndOutcome::Loss => "loss",
            EndOutcome::Draw => "draw",
            _ => return None,
        };
    }
    if knight.is_none() && shak.is_empty() {
        return None;
    }
    // The importer's rules for these letters, compared as printed.
    let mut want = Vec::new();
    if let Some(n) = knight {
        want.push(format!("checkmate if not attacked(own royal by any not {n}): win"));
    }
    if !shak.is_empty() {
        let spaced: Vec<String> = shak.iter().map(|c| c.to_string()).collect();
        want.push(format!(
            "checkmate if since(attacked(own royal by any {}), attacked(own royal)): {mate}",
            spaced.join(" ")
        ));
    }
    want.push("checkmate: draw".to_string());
    let printed = |t: &str| parse_end(t).map_or_else(|_| t.to_string(), |r| r.to_string());
    let same = want.len() <= rules.len() && want.iter().zip(rules).all(|(w, (_, r))| printed(w) == r.to_string());
    same.then_some((mate, want.len()))
}

#[cfg(test)]
mod tests {
    use super::read;
    use crate::lang::effect_syntax::parse_end;

    #[test]
    fn the_series_of_checks_is_shatars_mate_rule() {
        let texts = [
            "checkmate if not attacked(own royal by any not N): win",
            "checkmate if since(attacked(own royal by any N R J), attacked(own royal)): loss",
            "checkmate: draw",
            "stalemate: draw",
        ]
        .map(String::from);
        let rules: Vec<_> = texts.iter().map(|t| (t, parse_end(t).unwrap())).collect();
        assert_eq!(read(&rules), Some(("loss", 3)));
        assert_eq!(read(&rules[2..]), None);
    }
}
