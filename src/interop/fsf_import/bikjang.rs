//! Fairy-Stockfish's `bikjangRule` as kaboom data: while the kings face
//! each other (nothing between them on a file or a rank), the side to move
//! may pass even in check, and any other move must end the facing; a pass
//! answering the facing ends the game as a draw (which `materialCounting`
//! may count). No construct of its own: the plain check clause relaxed,
//! one clause more, and an end rule, each built as a syntax tree. The
//! exporter reads them back against these trees
//! (`fsf_export::bikjang_options`).

use super::rule_trees::{all, both, compare, exists, royal, template};
use crate::lang::effect_syntax::{Comparison, Cond, LegalClause, Quantity, SetExpr, SideFilter};

/// The kings face each other: nothing between them on a file or a rank
/// (Fairy-Stockfish's bikjang looks along both):
/// `exists(first(own royal, R) & enemy royal)`.
pub(crate) fn facing_kings() -> Cond {
    let first = SetExpr::First(Box::new(royal(SideFilter::Own)), template("R"));
    exists(both(first, royal(SideFilter::Enemy)))
}

/// The plain check clause that bikjang relaxes: `own royal not attacked`.
pub(crate) fn check() -> LegalClause {
    LegalClause::NotAttacked(None, false)
}

/// The check clause under bikjang: a pass answering the facing kings is
/// legal in check (`own royal not attacked unless passes >= 1 and ...`).
pub(crate) fn check_clause() -> LegalClause {
    LegalClause::NotAttacked(Some(answered()), false)
}

/// The clause after the others: a move other than a pass may not keep
/// the kings facing each other once they did
/// (`not (before(F) and F and passes == 0)`).
pub(crate) fn facing_clause() -> LegalClause {
    let before = Cond::Before(Box::new(facing_kings()));
    LegalClause::Forbids(all([
        before,
        facing_kings(),
        compare(Quantity::Passes, Comparison::Equal, 0),
    ]))
}

/// The condition that ends the game: a pass answered the facing kings
/// (`passes >= 1 and F`).
pub(crate) fn answered() -> Cond {
    all([compare(Quantity::Passes, Comparison::AtLeast, 1), facing_kings()])
}

#[cfg(test)]
mod tests {
    use crate::lang::effect_syntax::{parse_condition, parse_legal};

    #[test]
    fn the_bikjang_trees_print_as_they_read() {
        let f = "exists(first(own royal, R) & enemy royal)";
        assert_eq!(
            super::facing_kings().to_string(),
            parse_condition(f).unwrap().to_string()
        );
        let check = format!("own royal not attacked unless passes >= 1 and {f}");
        assert_eq!(
            super::check_clause().to_string(),
            parse_legal(&check).unwrap().to_string()
        );
        let facing = format!("not (before({f}) and {f} and passes == 0)");
        assert_eq!(
            super::facing_clause().to_string(),
            parse_legal(&facing).unwrap().to_string()
        );
        let answered = format!("passes >= 1 and {f}");
        assert_eq!(
            super::answered().to_string(),
            parse_condition(&answered).unwrap().to_string()
        );
    }
}
