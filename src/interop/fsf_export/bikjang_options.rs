//! `bikjangRule` as the importer writes it, read back as syntax trees:
//! the check clause relaxed for a pass answering the facing kings
//! (`own royal not attacked unless passes >= 1 and exists(first(own
//! royal, R) & enemy royal)`), the clause that a move other than a pass
//! must end the facing, and the end rule `passes >= 1 and ...: draw`
//! (which `materialCounting` may count). The trees are the importer's
//! (`fsf_import::bikjang_check`, ...), compared printed (a parsed tree's
//! spans differ from a built one's).

use crate::interop::fsf_import::{bikjang_answered, bikjang_check, bikjang_facing, plain_check};
use crate::lang::effect_syntax::{Cond, parse_legal};

/// Where the legality clauses are bikjang's: the relaxed check clause
/// first and the facing clause among the others; both are taken out and
/// the plain check clause put back in the first's place (so the rest
/// reads as any variant's). `false`, and the clauses left alone, where
/// they are not both there.
pub(super) fn take(legal: &mut Vec<String>) -> bool {
    let tree = |t: &str| parse_legal(t).ok().map(|c| c.to_string());
    let (check, facing) = (bikjang_check().to_string(), bikjang_facing().to_string());
    if legal.first().and_then(|t| tree(t)) != Some(check) {
        return false;
    }
    let Some(at) = legal.iter().position(|t| tree(t).as_ref() == Some(&facing)) else {
        return false;
    };
    legal.remove(at);
    legal[0] = plain_check().to_string();
    true
}

/// Whether `c` is the end condition of bikjang: a pass answered the
/// facing kings.
pub(super) fn is_answered(c: &Cond) -> bool {
    bikjang_answered().to_string() == c.to_string()
}

#[cfg(test)]
mod tests {
    use super::{is_answered, take};
    use crate::lang::effect_syntax::parse_condition;

    fn clauses(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn the_bikjang_clauses_are_taken_for_the_plain_check() {
        let mut legal = clauses(&[
            "own royal not attacked unless passes >= 1 and exists(first(own royal, R) & enemy royal)",
            "not (before(exists(first(own royal, R) & enemy royal)) and exists(first(own royal, R) & enemy royal) and passes == 0)",
            "captures are compulsory",
        ]);
        assert!(take(&mut legal));
        assert_eq!(legal, ["own royal not attacked", "captures are compulsory"]);
        assert!(is_answered(
            &parse_condition("passes >= 1 and exists(first(own royal, R) & enemy royal)").unwrap()
        ));
    }

    #[test]
    fn a_clause_that_only_looks_alike_is_left() {
        // The facing along files only (`vR`): not Fairy-Stockfish's rule.
        let mut legal = clauses(&[
            "own royal not attacked unless passes >= 1 and exists(first(own royal, vR) & enemy royal)",
            "not (before(exists(first(own royal, vR) & enemy royal)) and exists(first(own royal, vR) & enemy royal) and passes == 0)",
        ]);
        let before = legal.clone();
        assert!(!take(&mut legal));
        assert_eq!(legal, before);
        // The relaxed clause without the facing clause.
        let mut legal =
            clauses(&["own royal not attacked unless passes >= 1 and exists(first(own royal, R) & enemy royal)"]);
        assert!(!take(&mut legal));
        assert!(!is_answered(
            &parse_condition("passes >= 2 and exists(first(own royal, R) & enemy royal)").unwrap()
        ));
    }
}
