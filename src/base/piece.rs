//! The contents of one square: empty, blocked, or a piece of a side.

use super::square::Color;

/// A piece type: its index in the variant's piece list. A distinct type, so
/// a kind cannot be passed where a square or an action is meant; it costs
/// nothing over the `u8` it wraps.
///
/// ```
/// use kaboom::Kind;
/// let rook = Kind::new(3);
/// assert_eq!(rook.index(), 3);
/// assert_eq!(rook.bit(), 0b1000);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Kind(u8);

impl Kind {
    /// The kind with index `index` in the piece list.
    #[inline]
    pub const fn new(index: u8) -> Kind {
        Kind(index)
    }

    /// The kind with index `index`, which must fit in a byte (the checker
    /// refuses more than [`MAX_KINDS`] kinds).
    #[inline]
    #[allow(clippy::cast_possible_truncation)]
    pub const fn from_index(index: usize) -> Kind {
        debug_assert!(index <= u8::MAX as usize);
        Kind(index as u8)
    }

    /// The kind's index in the piece list, for per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The kind's index as a byte.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The kind's bit in a kind mask (bit `k` for kind `k`).
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The first `count` kinds, in piece-list order.
    #[inline]
    pub fn all(count: usize) -> impl DoubleEndedIterator<Item = Kind> + Clone {
        (0..count).map(Kind::from_index)
    }
}

impl From<Kind> for usize {
    #[inline]
    fn from(kind: Kind) -> usize {
        kind.index()
    }
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

/// Most piece types a variant may define (a [`KindSet`](super::kind_set::KindSet) holds 64).
pub const MAX_KINDS: usize = 32;

/// What stands on a square, packed in one byte: 0 is empty, 255 is a
/// blocked square (crater), otherwise `1 + 2 * kind + side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(pub u8);

impl Cell {
    /// An empty square.
    pub const EMPTY: Cell = Cell(0);
    /// A square that nothing may enter for the rest of the game.
    pub const BLOCKED: Cell = Cell(255);

    /// A piece of `kind` belonging to `side`.
    #[inline]
    pub fn piece(kind: Kind, side: Color) -> Cell {
        Cell(1 + 2 * kind.0 + side as u8)
    }

    /// Whether the square is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the square holds a piece (not empty, not blocked).
    #[inline]
    pub fn is_piece(self) -> bool {
        self.0 != 0 && self.0 != 255
    }

    /// The piece's kind; meaningful only when [`Cell::is_piece`].
    #[inline]
    pub fn kind(self) -> Kind {
        Kind((self.0 - 1) >> 1)
    }

    /// The piece's side; meaningful only when [`Cell::is_piece`].
    #[inline]
    pub fn color(self) -> Color {
        if (self.0 - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Whether the square holds a piece of `side`.
    #[inline]
    pub fn is_side(self, side: Color) -> bool {
        self.is_piece() && self.color() == side
    }
}

/// One value per (kind, side), indexed by both: the table keeps its own
/// layout, so no caller computes an index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByKindSide<T>(Vec<T>);

impl<T: Clone> ByKindSide<T> {
    /// `kinds` kinds, every entry `fill`.
    pub fn new(kinds: usize, fill: T) -> Self {
        ByKindSide(vec![fill; kinds * 2])
    }
}

impl<T> ByKindSide<T> {
    /// The entry of `kind` for `side`.
    #[inline(always)]
    pub fn get(&self, kind: Kind, side: crate::base::square::Color) -> &T {
        &self.0[kind.index() * 2 + side as usize]
    }

    /// The entry of `kind` for `side`, to change.
    #[inline]
    pub fn get_mut(&mut self, kind: Kind, side: crate::base::square::Color) -> &mut T {
        &mut self.0[kind.index() * 2 + side as usize]
    }

    /// The entry of `kind` for `side`, if the table has that kind.
    #[inline]
    pub fn try_get(&self, kind: Kind, side: crate::base::square::Color) -> Option<&T> {
        self.0.get(kind.index() * 2 + side as usize)
    }
}
