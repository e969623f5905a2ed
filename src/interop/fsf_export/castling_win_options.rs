//! `castlingWins` as the importer writes it, read back: a castling with
//! one of the rights wins (`castled(q): loss`, the rights in order), and a
//! side that has lost all its rights among them loses (`not (castling(q)):
//! white wins`, both sides' losses first where both have rights).

use crate::lang::effect_syntax::{Cond, EndCondition, EndOutcome, EndRule, parse_end};

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
    let want = crate::interop::fsf_import::castling_wins_text(&letters);
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
