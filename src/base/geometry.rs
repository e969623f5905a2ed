//! Board geometry: coordinates, square names and relative ranks.

use super::square::{Color, Square};

/// The size of a board and the arithmetic on its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Number of files (columns), 1 to 16.
    pub files: u8,
    /// Number of ranks (rows), 1 to 16.
    pub ranks: u8,
}

impl Geometry {
    /// The largest number of files or ranks a board may have.
    pub const MAX_SIDE: u8 = 16;

    /// Number of squares on the board.
    #[inline]
    pub fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The square at 0-based `file` and `rank`, if on the board.
    #[inline]
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && rank >= 0 && file < self.files as i32 && rank < self.ranks as i32 {
            Some(Square::from_index((rank * self.files as i32 + file) as usize))
        } else {
            None
        }
    }

    /// The 0-based file of `sq`.
    #[inline]
    pub fn file(&self, sq: Square) -> i32 {
        i32::from(sq.get()) % self.files as i32
    }

    /// The 0-based rank of `sq`.
    #[inline]
    pub fn rank(&self, sq: Square) -> i32 {
        i32::from(sq.get()) / self.files as i32
    }

    /// The square `df` files and `dr` ranks away from `sq`, if on the board.
    #[inline]
    pub fn offset(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        // Offsets come from files too: one that overflows is off the board.
        self.square(self.file(sq).checked_add(df)?, self.rank(sq).checked_add(dr)?)
    }

    /// The 0-based rank seen from `side`: White's first rank is 0 for White,
    /// the last rank is 0 for Black.
    #[inline]
    pub fn relative_rank(&self, side: Color, rank: i32) -> i32 {
        match side {
            Color::White => rank,
            Color::Black => self.ranks as i32 - 1 - rank,
        }
    }

    /// The letter of 0-based `file`, from `a` (`?` off the largest board).
    #[inline]
    pub fn file_letter(file: i32) -> char {
        u8::try_from(file)
            .ok()
            .filter(|&f| f < Self::MAX_SIDE)
            .map_or('?', |f| char::from(b'a' + f))
    }

    /// The letter of the file of `sq`, from `a`.
    #[inline]
    pub fn file_letter_of(&self, sq: Square) -> char {
        Self::file_letter(self.file(sq))
    }

    /// The name of a square: file letter from `a`, rank number from 1 (`a10`).
    pub fn name(&self, sq: Square) -> String {
        format!("{}{}", self.file_letter_of(sq), self.rank(sq) + 1)
    }

    /// Parses a square name such as `e4` or `j10`; `None` if it is not a
    /// square of this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.square(file as i32 - 'a' as i32, rank - 1)
    }

    /// Reads a square name at the start of `text`, returning the square and
    /// the number of bytes read. Takes two rank digits only when the board
    /// has a rank of that number.
    pub fn read_square(&self, text: &str) -> Option<(Square, usize)> {
        if let Some(sq) = text
            .get(..3)
            .filter(|t| t.as_bytes()[2].is_ascii_digit())
            .and_then(|t| self.parse_square(t))
        {
            return Some((sq, 3));
        }
        text.get(..2).and_then(|t| self.parse_square(t)).map(|sq| (sq, 2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_the_largest_board() {
        let g = Geometry { files: 16, ranks: 16 };
        for sq in 0..=255u8 {
            assert_eq!(g.parse_square(&g.name(Square::new(sq))), Some(Square::new(sq)));
        }
        assert_eq!(g.name(Square::new(255)), "p16");
        assert_eq!(g.parse_square("q1"), None);
        assert_eq!(g.parse_square("a17"), None);
        assert_eq!(g.parse_square("a01"), None);
    }

    #[test]
    fn reads_two_digit_ranks_only_where_they_exist() {
        let g = Geometry { files: 10, ranks: 10 };
        assert_eq!(g.read_square("a10b1"), Some((Square::new(90), 3)));
        assert_eq!(g.read_square("a1b2"), Some((Square::new(0), 2)));
        let small = Geometry { files: 8, ranks: 8 };
        // "a11" on 8 ranks is a1 followed by something else.
        assert_eq!(small.read_square("a11"), Some((Square::new(0), 2)));
        // Never slices inside a character.
        assert_eq!(small.read_square("\u{1F600}\u{1F600}"), None);
        assert_eq!(small.read_square("a\u{e9}"), None);
    }
}
