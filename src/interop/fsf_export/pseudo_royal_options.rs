//! Fairy-Stockfish's pseudo-royal pieces (`extinctionPseudoRoyal`) as
//! the importer writes them, read back to their options:
//!
//! - a piece type royal while a side has at most T of it: the clause
//!   `not (attacked(own X) and count(own X) <= T)` with its mate,
//!   `stalemate if attacked(own X) and count(own X) <= T: V`
//!   (`extinctionPieceTypes = x`, `extinctionPieceCount = T - 1`);
//! - duple check (`dupleCheck`): `not attacked(every own X)` with
//!   `stalemate if attacked(every own X): V` (`extinctionPieceCount = 0`);
//! - a royal piece of a type other than the king (`king = -`), royal
//!   throughout: the count that keeps every piece of it royal from the
//!   start (one less than the most a side starts with).
//!
//! Fairy-Stockfish judges no extinction of pieces that cannot be taken,
//! so `extinctionValue` is the mate's value V (`loss` where there is
//! none); the importer writes no extinction rule for them.

use crate::lang::effect_syntax::{
    Comparison, Cond, LegalClause, Quantity, SetExpr, SideFilter, parse_end, parse_legal,
};
use std::fmt::Write as _;

/// The pseudo-royal clauses taken out of the legality and end rules, as
/// options.
#[derive(Default)]
pub(super) struct Taken {
    /// The piece letters (upper case), in order.
    letters: String,
    /// T, the most of a type a side may have for it to stay royal.
    most: Option<u32>,
    /// The mate's result (`loss`).
    value: Option<String>,
    /// Duple check.
    duple: bool,
}

/// The letters of `own X Y` (`None`: not one side's lettered pieces).
fn own_letters(set: &SetExpr) -> Option<String> {
    match set {
        SetExpr::Pieces(SideFilter::Own, Some(k)) if !k.negate && !k.royal => {
            Some(k.letters.iter().map(|(c, _)| *c).collect())
        }
        _ => None,
    }
}

/// The letters, the count and duple check a forbidden condition says, if
/// it is a pseudo-royal clause.
fn clause(c: &Cond) -> Option<(String, Option<u32>)> {
    match c {
        Cond::AttackedEvery(set, None) => Some((own_letters(set)?, None)),
        Cond::And(a, b) => match (&**a, &**b) {
            (Cond::Attacked(x, None), Cond::Compare(Quantity::Count(y), Comparison::AtMost, t)) => {
                let l = own_letters(x)?;
                (own_letters(y)? == l && l.len() == 1).then_some((l, Some(*t)))
            }
            _ => None,
        },
        _ => None,
    }
}

impl Taken {
    /// Takes the pseudo-royal clauses and their mates out of `legal` and
    /// `ends`; `why` gets the reasons they cannot be one option.
    pub(super) fn take(
        legal: &mut Vec<String>,
        ends: &mut Vec<String>,
        groups: &[String],
        why: &mut Vec<String>,
    ) -> Taken {
        let mut taken = Taken::default();
        for letters in groups {
            taken.take_counted(letters, legal, ends, why);
        }
        let printed = |t: &str| parse_end(t).map_or_else(|_| t.to_string(), |r| r.to_string());
        let mut i = 0;
        while i < legal.len() {
            let found = match parse_legal(&legal[i]) {
                Ok(LegalClause::Forbids(c)) => clause(&c).map(|x| (x, c.to_string())),
                _ => None,
            };
            let Some(((letters, most), inner)) = found else {
                i += 1;
                continue;
            };
            // Its mate: the same condition at a stalemate.
            let mate = ends.iter().position(|e| {
                ["loss", "win", "draw"]
                    .iter()
                    .any(|v| printed(e) == printed(&format!("stalemate if {inner}: {v}")))
            });
            let Some(m) = mate else {
                i += 1;
                continue;
            };
            let value = ends[m].rsplit(": ").next().unwrap_or("loss").to_string();
            if taken.value.as_ref().is_some_and(|v| *v != value) || taken.most.is_some() && taken.most != most {
                why.push("pseudo-royal pieces with different counts or mates: Fairy-Stockfish has one `extinctionPieceCount`".to_string());
            }
            taken.duple |= most.is_none();
            taken.most = taken.most.or(most);
            taken.value = Some(value);
            taken.letters.push_str(&letters);
            legal.remove(i);
            ends.remove(m);
        }
        if taken.duple && taken.most.is_some() {
            why.push("duple check beside a counted pseudo-royal piece".to_string());
        }
        taken
    }

    /// Takes the counted clauses of a plain piece and the forms of its
    /// type (` K A`, the importer's `counted_clauses`) and their mate out
    /// of `legal` and `ends`: the type is pseudo-royal while a side has
    /// one of it (`extinctionPieceCount = 0`).
    fn take_counted(&mut self, letters: &str, legal: &mut Vec<String>, ends: &mut Vec<String>, why: &mut Vec<String>) {
        let legal_printed = |t: &str| parse_legal(t).map_or_else(|_| t.to_string(), |c| c.to_string());
        let end_printed = |t: &str| parse_end(t).map_or_else(|_| t.to_string(), |r| r.to_string());
        for value in ["loss", "win", "draw"] {
            let (clauses, mated) = crate::interop::fsf_import::counted_clauses(letters, Some(value));
            let at: Option<Vec<usize>> = clauses
                .iter()
                .map(|c| legal.iter().position(|l| legal_printed(l) == legal_printed(c)))
                .collect();
            let mate = mated
                .first()
                .and_then(|m| ends.iter().position(|e| end_printed(e) == end_printed(m)));
            let (Some(mut at), Some(m)) = (at, mate) else { continue };
            if self.value.as_ref().is_some_and(|v| v != value) || self.most.is_some_and(|t| t != 1) {
                why.push("pseudo-royal pieces with different counts or mates: Fairy-Stockfish has one `extinctionPieceCount`".to_string());
            }
            at.sort_unstable();
            for i in at.into_iter().rev() {
                legal.remove(i);
            }
            ends.remove(m);
            self.most = Some(1);
            self.value = Some(value.to_string());
            self.letters
                .extend(letters.split_whitespace().next().and_then(|l| l.chars().next()));
            return;
        }
    }

    /// Writes the options, completing `extinctionPseudoRoyal` for a royal
    /// piece of another type than the king (`royal`, of which a side
    /// starts with at most `start_most`) where no extinction rule wrote
    /// them.
    pub(super) fn write(&self, ini: &mut String, why: &mut Vec<String>, royal: Option<(char, usize)>) {
        let has_extinction = ini.lines().any(|l| l.starts_with("extinctionValue = "));
        if !self.letters.is_empty() {
            if has_extinction {
                why.push(
                    "pseudo-royal pieces beside extinction rules: Fairy-Stockfish has one extinction type list"
                        .to_string(),
                );
                return;
            }
            let count = self.most.map_or(0, |t| t.saturating_sub(1));
            if self.most == Some(0) {
                why.push("a pseudo-royal piece royal only with none of it".to_string());
            }
            if !ini.contains("extinctionPseudoRoyal = true\n") {
                let _ = writeln!(ini, "extinctionPseudoRoyal = true");
            }
            if self.duple {
                let _ = writeln!(ini, "dupleCheck = true");
            }
            let mut types = self.letters.to_lowercase();
            // A royal piece of another type than the king shares the list
            // where a side starts with one more than the count at most
            // (royal throughout, as the importer reads it back).
            if let Some((letter, most)) = royal {
                if most.saturating_sub(1) == count as usize && !self.duple {
                    types.insert(0, letter.to_ascii_lowercase());
                } else {
                    why.push(format!(
                        "the royal piece {letter} beside pseudo-royal pieces of another count: \
                         Fairy-Stockfish has one `extinctionPieceCount`"
                    ));
                }
            }
            let _ = writeln!(
                ini,
                "extinctionValue = {}\nextinctionPieceTypes = {types}\nextinctionPieceCount = {count}",
                self.value.as_deref().unwrap_or("loss"),
            );
            return;
        }
        match royal {
            Some((letter, most)) if ini.contains("extinctionPseudoRoyal = true\n") && !has_extinction => {
                let _ = writeln!(
                    ini,
                    "extinctionValue = loss\nextinctionPieceTypes = {}\nextinctionPieceCount = {}",
                    letter.to_ascii_lowercase(),
                    most.saturating_sub(1)
                );
            }
            _ => {}
        }
    }
}

/// The most pieces of `letter` (either case) a side has on the start
/// board `rows` (FEN rows, hands left out).
pub(super) fn start_most(rows: &[&str], letter: char) -> usize {
    let count = |l: char| {
        rows.iter()
            .map(|r| r.split('[').next().unwrap_or("").chars().filter(|c| *c == l).count())
            .sum::<usize>()
    };
    count(letter.to_ascii_uppercase()).max(count(letter.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::Taken;

    #[test]
    fn a_counted_pseudo_royal_type_and_its_mate_become_options() {
        let mut legal = vec![
            "own royal not attacked".to_string(),
            "not (attacked(own M) and count(own M) <= 1)".to_string(),
        ];
        let mut ends = vec![
            "stalemate if attacked(own M) and count(own M) <= 1: loss".to_string(),
            "checkmate: loss".to_string(),
        ];
        let mut why = Vec::new();
        let taken = Taken::take(&mut legal, &mut ends, &[], &mut why);
        assert_eq!(legal, ["own royal not attacked"]);
        assert_eq!(ends, ["checkmate: loss"]);
        let mut ini = String::new();
        taken.write(&mut ini, &mut why, None);
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(
            ini,
            "extinctionPseudoRoyal = true\nextinctionValue = loss\nextinctionPieceTypes = m\nextinctionPieceCount = 0\n"
        );
    }

    #[test]
    fn counted_clauses_of_a_type_and_its_forms_become_options() {
        let (mut legal, mut ends) = crate::interop::fsf_import::counted_clauses(" K J", Some("loss"));
        ends.push("stalemate: loss".to_string());
        let mut why = Vec::new();
        let taken = Taken::take(&mut legal, &mut ends, &[" K J".to_string()], &mut why);
        assert!(legal.is_empty() && ends == ["stalemate: loss"], "{legal:?} {ends:?}");
        let mut ini = String::new();
        taken.write(&mut ini, &mut why, None);
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(
            ini,
            "extinctionPseudoRoyal = true\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPieceCount = 0\n"
        );
        // Without the group, the clauses stay (and are refused later).
        let (mut legal, mut ends) = crate::interop::fsf_import::counted_clauses(" K J", Some("loss"));
        Taken::take(&mut legal, &mut ends, &[], &mut why);
        assert_eq!(legal.len(), 2);
    }

    #[test]
    fn duple_check_is_its_option() {
        let mut legal = vec!["not attacked(every own K)".to_string()];
        let mut ends = vec![
            "stalemate if attacked(every own K): loss".to_string(),
            "stalemate: draw".to_string(),
        ];
        let mut why = Vec::new();
        let taken = Taken::take(&mut legal, &mut ends, &[], &mut why);
        assert!(legal.is_empty() && ends == ["stalemate: draw"]);
        let mut ini = String::new();
        taken.write(&mut ini, &mut why, None);
        assert!(
            ini.contains("dupleCheck = true\n") && ini.contains("extinctionPieceTypes = k\n"),
            "{ini}"
        );
    }

    #[test]
    fn a_royal_piece_of_another_type_joins_the_pseudo_royal_types_of_its_count() {
        let mut legal = vec!["not (attacked(own P) and count(own P) <= 1)".to_string()];
        let mut ends = vec!["stalemate if attacked(own P) and count(own P) <= 1: loss".to_string()];
        let mut why = Vec::new();
        let taken = Taken::take(&mut legal, &mut ends, &[], &mut why);
        let mut ini = "extinctionPseudoRoyal = true\n".to_string();
        taken.write(&mut ini, &mut why, Some(('R', 1)));
        assert!(why.is_empty(), "{why:?}");
        assert!(
            ini.ends_with("extinctionPieceTypes = rp\nextinctionPieceCount = 0\n"),
            "{ini}"
        );
        // Two royal pieces a side need a count of 1: not the pawn's 0.
        let mut ini = "extinctionPseudoRoyal = true\n".to_string();
        taken.write(&mut ini, &mut why, Some(('R', 2)));
        assert_eq!(why.len(), 1, "{why:?}");
    }

    #[test]
    fn a_royal_piece_of_another_type_gets_its_extinction_count() {
        let mut ini = "extinctionPseudoRoyal = true\n".to_string();
        Taken::default().write(&mut ini, &mut Vec::new(), Some(('K', 2)));
        assert!(
            ini.ends_with("extinctionPieceTypes = k\nextinctionPieceCount = 1\n"),
            "{ini}"
        );
    }
}
