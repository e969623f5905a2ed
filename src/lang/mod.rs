//! Parsers for the small languages inside variant files: movement templates
//! in Betza notation. Each parser lowers text to a typed AST with spans.

pub mod betza;
pub mod effect_syntax;
pub mod fen_syntax;
pub mod setup_syntax;

/// The candidate closest to `word` (by edit distance), if one is close
/// enough to suggest: for "did you mean" help on keywords and names.
pub(crate) fn closest_word<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|(d, c)| *d > 0 && *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}
