//! Board geometry: coordinates, square names and relative ranks.

use super::square::{Color, Square};

/// The steps (file, rank) to the eight squares around a square, in the
/// order directions are offered to a player.
pub(crate) const NEIGHBOURS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// Which edges of a board are joined (docs/fairy.md, Board topology): a
/// step off one edge comes back on the opposite one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize)]
pub enum Wrap {
    /// No edges are joined: the ordinary board.
    #[default]
    Flat,
    /// The first and last files are adjacent (a vertical cylinder).
    Files,
    /// The first and last ranks are adjacent (a horizontal cylinder).
    Ranks,
    /// Both (an anchor ring).
    Both,
}

impl Wrap {
    /// Whether the first and last files are adjacent.
    #[inline]
    pub fn files(self) -> bool {
        matches!(self, Wrap::Files | Wrap::Both)
    }

    /// Whether the first and last ranks are adjacent.
    #[inline]
    pub fn ranks(self) -> bool {
        matches!(self, Wrap::Ranks | Wrap::Both)
    }
}

/// The size of a board, its topology and the arithmetic on its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Number of files (columns), 1 to 16.
    pub files: u8,
    /// Number of ranks (rows), 1 to 16.
    pub ranks: u8,
    /// Which edges are joined.
    pub wrap: Wrap,
}

impl Geometry {
    /// The largest number of files or ranks a board may have.
    pub const MAX_SIDE: u8 = 16;

    /// A board of `files` and `ranks` whose edges are not joined.
    pub const fn flat(files: u8, ranks: u8) -> Self {
        Geometry {
            files,
            ranks,
            wrap: Wrap::Flat,
        }
    }

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
    /// Where edges are joined the count goes on across them; a non-zero
    /// step that comes back to `sq` reaches no square (so a ride round a
    /// cylinder ends before its own square, and every line `k * (df, dr)`
    /// ends).
    #[inline]
    pub fn offset(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        // Offsets come from files too: one that overflows is off the board.
        let (file, rank) = (self.file(sq).checked_add(df)?, self.rank(sq).checked_add(dr)?);
        if self.wrap == Wrap::Flat {
            return self.square(file, rank);
        }
        let file = if self.wrap.files() {
            file.rem_euclid(i32::from(self.files))
        } else {
            file
        };
        let rank = if self.wrap.ranks() {
            rank.rem_euclid(i32::from(self.ranks))
        } else {
            rank
        };
        self.square(file, rank).filter(|&to| to != sq || (df, dr) == (0, 0))
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
        let g = Geometry::flat(16, 16);
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
        let g = Geometry::flat(10, 10);
        assert_eq!(g.read_square("a10b1"), Some((Square::new(90), 3)));
        assert_eq!(g.read_square("a1b2"), Some((Square::new(0), 2)));
        let small = Geometry::flat(8, 8);
        // "a11" on 8 ranks is a1 followed by something else.
        assert_eq!(small.read_square("a11"), Some((Square::new(0), 2)));
        // Never slices inside a character.
        assert_eq!(small.read_square("\u{1F600}\u{1F600}"), None);
        assert_eq!(small.read_square("a\u{e9}"), None);
    }

    #[test]
    fn joined_edges_wrap_steps_and_end_lines() {
        let sq = |g: &Geometry, name: &str| g.parse_square(name).unwrap();
        let mut g = Geometry::flat(8, 8);
        assert_eq!(g.offset(sq(&g, "a1"), -1, 0), None);
        g.wrap = Wrap::Files;
        assert_eq!(g.offset(sq(&g, "a1"), -1, 0), Some(sq(&g, "h1")));
        assert_eq!(g.offset(sq(&g, "a1"), 0, -1), None);
        // A rook's ray round the cylinder: seven squares, then its own.
        let ray: Vec<_> = (1..).map_while(|k| g.offset(sq(&g, "c1"), k, 0)).collect();
        assert_eq!(ray.len(), 7);
        assert_eq!(g.offset(sq(&g, "c1"), 0, 0), Some(sq(&g, "c1")));
        g.wrap = Wrap::Ranks;
        assert_eq!(g.offset(sq(&g, "a8"), 0, 1), Some(sq(&g, "a1")));
        assert_eq!(g.offset(sq(&g, "h8"), 1, 0), None);
        g.wrap = Wrap::Both;
        assert_eq!(g.offset(sq(&g, "h8"), 1, 1), Some(sq(&g, "a1")));
        // A nightrider's line on the ring visits distinct squares and ends.
        let line: Vec<_> = (1..).map_while(|k| g.offset(sq(&g, "a1"), 2 * k, k)).collect();
        assert_eq!(line.len(), 7);
    }
}
