//! Fairy-Stockfish's `makpongRule`: a king in check may move only to
//! capture the one piece that checks it. Written as a legality clause of
//! the sentence language, no construct of its own:
//!
//! `not (before(attacked(own royal)) and exists(mover & own royal) and attacked(origin))`
//!
//! The side was in check before the move, its royal piece moved, and the
//! square it left is still attacked: the king did not take a lone
//! checker. (A king that takes the one checker leaves its square
//! unattacked: the board differs only by the checker gone and the king on
//! the checker's square, which blocks the same lines. A king that takes
//! anything else, or steps away, leaves some checker aiming at the
//! square it left.) Fairy-Stockfish applies the rule to its king type
//! only; with another royal piece, or a piece whose attack a king's step
//! could block without standing on its line (a lame leaper's leg) or
//! unblock (a hopper's screen), the clause would read differently, and
//! the option is refused.

use super::builtin_pieces::king_index;
use super::refusal::{Refusal, refuse};
use super::royalty::Royalty;
use super::rule_trees::{all, attacked, both, exists, named, royal};
use super::state::State;
use crate::lang::effect_syntax::{Cond, LegalClause, NamedSet, SideFilter};

/// The legality clause of `makpongRule`, printed (the exporter reads it by
/// this text).
pub(crate) const CLAUSE: &str = "not (before(attacked(own royal)) and exists(mover & own royal) and attacked(origin))";

/// The clause for `makpongRule = true` (none when it is off, or when it
/// would not read as Fairy-Stockfish's rule: then a refusal is pushed).
pub(super) fn clause(
    state: &State,
    royalty: &Royalty,
    templates: &[Option<String>],
    refusals: &mut Vec<Refusal>,
) -> Option<LegalClause> {
    let origin = state.makpong.as_ref()?;
    if state.pieces[king_index()].is_none() || !royalty.royal.is_empty() {
        refusals.push(refuse(
            Some(origin),
            "other rules",
            "`makpongRule` with a royal piece other than the king (Fairy-Stockfish's rule binds its king type only)",
        ));
        return None;
    }
    // A lame leap (`n`) or a hop (`p`, `g`) that can capture: a king's
    // step can block or open such an attack off its line.
    if templates.iter().flatten().any(|t| attacks_lame_or_hopping(t)) {
        refusals.push(refuse(
            Some(origin),
            "other rules",
            "`makpongRule` with lame leapers or hoppers, whose check a king's step may block off the checking line",
        ));
        return None;
    }
    Some(makpong_clause())
}

/// The clause as a tree: the side was in check, its royal piece moved,
/// and the square it left is still attacked.
fn makpong_clause() -> LegalClause {
    let was_in_check = Cond::Before(Box::new(attacked(royal(SideFilter::Own))));
    let royal_moved = exists(both(named(NamedSet::Mover), royal(SideFilter::Own)));
    LegalClause::Forbids(all([was_in_check, royal_moved, attacked(named(NamedSet::Origin))]))
}

/// Whether a Betza template has a capturing move that is a lame leap or a
/// hop: an atom whose modifiers hold `n`, `p` or `g` and not `m` alone
/// (`ifmnD`, a pawn's double step, moves only and attacks nothing).
fn attacks_lame_or_hopping(template: &str) -> bool {
    let mut modifiers = String::new();
    for c in template.chars() {
        if c.is_ascii_lowercase() {
            modifiers.push(c);
        } else if c.is_ascii_uppercase() {
            let odd = modifiers.chars().any(|m| matches!(m, 'n' | 'p' | 'g'));
            let moves_only = modifiers.contains('m') && !modifiers.contains('c');
            if odd && !moves_only {
                return true;
            }
            modifiers.clear();
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{legal, one, variant};

    /// The exporter reads the clause by the text the importer writes.
    #[test]
    fn the_clause_prints_as_the_exporter_reads_it() {
        assert_eq!(super::makpong_clause().to_string(), super::CLAUSE);
    }

    #[test]
    fn makpong_forbids_a_king_in_check_to_move_but_to_take_its_lone_checker() {
        let ron = one("[makpong:makruk]\nmakpongRule = true\n").unwrap();
        assert!(ron.contains(super::CLAUSE), "{ron}");
        let v = variant(&ron);
        // In check by a rook along the rank: the king may not step aside
        // (e2, f2 elsewhere); the rook blocks on d1.
        assert_eq!(legal(&v, "7k/8/8/8/8/8/3R4/r3K3 w - - 0 1"), ["d2d1"]);
        // The king takes its lone checker next to it, and only that.
        assert_eq!(legal(&v, "7k/8/8/8/8/8/8/3rK3 w - - 0 1"), ["e1d1"]);
        // Not in check: the king moves freely.
        assert_eq!(legal(&v, "7k/8/8/8/8/8/8/4K3 w - - 0 1").len(), 5);
        // Without the rule the king steps aside too.
        let plain = variant(&one("[makruk2:makruk]\n").unwrap());
        assert_eq!(legal(&plain, "7k/8/8/8/8/8/8/3rK3 w - - 0 1"), ["e1d1", "e1e2", "e1f2"]);
    }

    #[test]
    fn only_capturing_lame_leaps_and_hops_count() {
        assert!(!super::attacks_lame_or_hopping("fmWfceFifmnD"));
        assert!(super::attacks_lame_or_hopping("nN"));
        assert!(super::attacks_lame_or_hopping("mRcpR"));
        assert!(!super::attacks_lame_or_hopping("KNR"));
    }

    #[test]
    fn makpong_is_refused_with_a_hopper() {
        let e = one("[x:makruk]\nmakpongRule = true\ncustomPiece1 = c:mRcpR\n").unwrap_err();
        assert!(e.iter().any(|r| r.reason.contains("hoppers")), "{e:?}");
    }
}
