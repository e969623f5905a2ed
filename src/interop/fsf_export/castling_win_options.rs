//! `castlingWins` as the importer writes it, read back: a castling with
//! one of the rights wins (`castled(q): loss`, the rights in order), and a
//! side that has lost all its rights among them loses (`not (castling(q)):
//! white wins`, both sides' losses first where both have rights).

use crate::lang::effect_syntax::{Cond, EndCondition, EndOutcome, EndRule, parse_end};

/// The rules the importer writes for `castlingWins = letters`.
fn rules_of(letters: &str) -> Vec<String> {
    let mut rules: Vec<String> = letters.chars().map(|l| format!("castled({l}): loss")).collect();
    let lost = |white: bool| {
        let held: Vec<String> = letters
            .chars()
            .filter(|c| c.is_ascii_uppercase() == white)
            .map(|c| format!("castling({c})"))
            .collect();
        (!held.is_empty()).then(|| format!("not ({})", held.join(" or ")))
    };
    match (lost(true), lost(false)) {
        (Some(w), Some(b)) => {
            rules.push(format!("{w} and {b}: win"));
            rules.push(format!("{w}: black wins"));
            rules.push(format!("{b}: white wins"));
        }
        (Some(w), None) => rules.push(format!("{w}: black wins")),
        (None, Some(b)) => rules.push(format!("{b}: white wins")),
        (None, None) => {}
    }
    rules
}

/// `castlingWins` and the number of rules it takes, where the rules from
/// `rules[0]` are its.
pub(super) fn read(rules: &[(&String, EndRule)]) -> Option<(String, usize)> {
    let mut letters = String::new();
    for (_, r) in rules {
        match (&r.condition, r.outcome) {
            (EndCondition::Holds(Cond::Castled(right)), EndOutcome::Loss) => letters.push(right.letter),
            _ => break,
        }
    }
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let want = rules_of(&letters);
    let printed = |t: &str| parse_end(t).map_or_else(|_| t.to_string(), |r| r.to_string());
    let same = want.len() <= rules.len() && want.iter().zip(rules).all(|(w, (_, r))| printed(w) == r.to_string());
    same.then(|| (format!("castlingWins = {letters}"), want.len()))
}

#[cfg(test)]
mod tests {
    use super::read;
    use crate::lang::effect_syntax::parse_end;

    #[test]
    fn black_queenside_castling_wins() {
        let texts = ["castled(q): loss", "not (castling(q)): white wins", "checkmate: loss"].map(String::from);
        let rules: Vec<_> = texts.iter().map(|t| (t, parse_end(t).unwrap())).collect();
        assert_eq!(read(&rules), Some(("castlingWins = q".to_string(), 2)));
        assert_eq!(read(&rules[1..]), None);
    }
}
