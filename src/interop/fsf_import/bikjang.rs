//! Fairy-Stockfish's `bikjangRule` as kaboom data: while the kings face
//! each other (nothing between them on a file or a rank), the side to move
//! may pass even in check, and any other move must end the facing; a pass
//! answering the facing ends the game as a draw (which `materialCounting`
//! may count). No construct of its own: the plain check clause relaxed,
//! one clause more, and an end rule. The exporter reads these texts back
//! as syntax trees (`fsf_export::bikjang_options`).

/// The kings face each other: nothing between them on a file or a rank
/// (Fairy-Stockfish's bikjang looks along both).
pub(crate) const FACING_KINGS: &str = "exists(first(own royal, R) & enemy royal)";

/// The plain check clause that bikjang relaxes.
pub(crate) const CHECK: &str = "own royal not attacked";

/// The check clause under bikjang: a pass answering the facing kings is
/// legal in check.
pub(crate) fn check_clause() -> String {
    format!("{CHECK} unless passes >= 1 and {FACING_KINGS}")
}

/// The clause after the others: a move other than a pass may not keep
/// the kings facing each other once they did.
pub(crate) fn facing_clause() -> String {
    format!("not (before({FACING_KINGS}) and {FACING_KINGS} and passes == 0)")
}

/// The condition that ends the game: a pass answered the facing kings.
pub(crate) fn answered() -> String {
    format!("passes >= 1 and {FACING_KINGS}")
}

#[cfg(test)]
mod tests {
    use crate::lang::effect_syntax::{parse_condition, parse_legal};

    #[test]
    fn the_bikjang_texts_read() {
        assert!(parse_legal(&super::check_clause()).is_ok());
        assert!(parse_legal(&super::facing_clause()).is_ok());
        assert!(parse_condition(&super::answered()).is_ok());
    }
}
