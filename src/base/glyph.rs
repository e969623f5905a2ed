//! How a piece is drawn in pictures: one of the six standard chess
//! figurines, or a short mark (one or two characters) in a disc.

/// A standard chess figurine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// The king figurine.
    King,
    /// The queen figurine.
    Queen,
    /// The rook figurine.
    Rook,
    /// The bishop figurine.
    Bishop,
    /// The knight figurine.
    Knight,
    /// The pawn figurine.
    Pawn,
}

impl Figure {
    /// Every figurine with the name a variant file gives it.
    pub const NAMED: [(&'static str, Figure); 6] = [
        ("king", Figure::King),
        ("queen", Figure::Queen),
        ("rook", Figure::Rook),
        ("bishop", Figure::Bishop),
        ("knight", Figure::Knight),
        ("pawn", Figure::Pawn),
    ];
}

/// How a piece type is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A standard figurine.
    Figure(Figure),
    /// One or two characters in a disc.
    Mark(String),
}

/// Most characters a [`Glyph::Mark`] holds.
pub const MAX_MARK_CHARS: usize = 2;

/// Why a `glyph` value was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GlyphError {
    /// The text is empty.
    #[error("the glyph is empty")]
    Empty,
    /// The text is neither a figurine name nor a short mark.
    #[error("`{0}` is not a figurine name and is longer than {MAX_MARK_CHARS} characters")]
    TooLong(String),
    /// The text holds a space or a control character.
    #[error("the glyph `{0}` holds a space or a control character")]
    Unprintable(String),
}

impl Glyph {
    /// Reads a variant file's `glyph` value: a figurine name (`"knight"`)
    /// or a mark of one or two printable characters (`"Ch"`).
    pub fn parse(text: &str) -> Result<Glyph, GlyphError> {
        if let Some((_, f)) = Figure::NAMED.iter().find(|(name, _)| *name == text) {
            return Ok(Glyph::Figure(*f));
        }
        if text.is_empty() {
            return Err(GlyphError::Empty);
        }
        if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(GlyphError::Unprintable(text.escape_default().to_string()));
        }
        if text.chars().count() > MAX_MARK_CHARS {
            return Err(GlyphError::TooLong(text.to_string()));
        }
        Ok(Glyph::Mark(text.to_string()))
    }

    /// The default glyph of a piece letter: the figurine of the usual
    /// letters (K, Q, R, B, N, P), otherwise the letter in a disc.
    pub fn for_letter(letter: char) -> Glyph {
        match letter.to_ascii_uppercase() {
            'K' => Glyph::Figure(Figure::King),
            'Q' => Glyph::Figure(Figure::Queen),
            'R' => Glyph::Figure(Figure::Rook),
            'B' => Glyph::Figure(Figure::Bishop),
            'N' => Glyph::Figure(Figure::Knight),
            'P' => Glyph::Figure(Figure::Pawn),
            c => Glyph::Mark(c.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_marks_and_errors() {
        assert_eq!(Glyph::parse("knight"), Ok(Glyph::Figure(Figure::Knight)));
        assert_eq!(Glyph::parse("Ch"), Ok(Glyph::Mark("Ch".into())));
        assert_eq!(Glyph::parse("☢"), Ok(Glyph::Mark("☢".into())));
        assert_eq!(Glyph::parse(""), Err(GlyphError::Empty));
        assert!(matches!(Glyph::parse("dragon"), Err(GlyphError::TooLong(_))));
        assert!(matches!(Glyph::parse("a b"), Err(GlyphError::Unprintable(_))));
        assert!(matches!(Glyph::parse("\n"), Err(GlyphError::Unprintable(_))));
        assert_eq!(Glyph::for_letter('n'), Glyph::Figure(Figure::Knight));
        assert_eq!(Glyph::for_letter('M'), Glyph::Mark("M".into()));
    }
}
