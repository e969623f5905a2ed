//! The numbers of Fairy-Stockfish's custom pieces (`customPieceN`): a
//! piece the importer named `customPieceN` keeps its number (the importer
//! names a custom piece by its key, so the round trip keeps the name);
//! other pieces, and the types promoted forms move as, take the lowest
//! free numbers.

use crate::spec::PieceSpec;

/// Most custom pieces a Fairy-Stockfish variant may define.
pub(super) const MAX_CUSTOM: usize = 25;

/// The custom piece numbers given and kept for named pieces.
pub(super) struct CustomNumbers {
    /// Numbers that pieces named `customPieceN` keep.
    kept: Vec<usize>,
    /// Numbers given so far.
    given: Vec<usize>,
}

/// The N of a piece named `customPieceN` (1 to [`MAX_CUSTOM`]).
fn named(p: &PieceSpec) -> Option<usize> {
    let n: usize = p.name.value.strip_prefix("customPiece")?.parse().ok()?;
    (1..=MAX_CUSTOM).contains(&n).then_some(n)
}

/// Whether `p` is named `customPieceN` (the importer's name for a custom
/// piece, kept by the round trip).
pub(super) fn is_named(p: &PieceSpec) -> bool {
    named(p).is_some()
}

impl CustomNumbers {
    /// The numbers for `pieces`: each `customPieceN` keeps its N (the
    /// first piece of a name, if two share it).
    pub fn new(pieces: &[PieceSpec]) -> Self {
        let mut kept: Vec<usize> = Vec::new();
        for n in pieces.iter().filter_map(named) {
            if !kept.contains(&n) {
                kept.push(n);
            }
        }
        CustomNumbers {
            kept,
            given: Vec::new(),
        }
    }

    /// The number of the custom piece `p`: its own when it is named
    /// `customPieceN` and N is not given yet, else the lowest free one;
    /// `None` when none is left.
    pub fn for_piece(&mut self, p: &PieceSpec) -> Option<usize> {
        match named(p) {
            Some(n) if !self.given.contains(&n) => {
                self.given.push(n);
                Some(n)
            }
            _ => self.fresh(),
        }
    }

    /// The lowest number neither given nor kept for a named piece; `None`
    /// when none is left.
    pub fn fresh(&mut self) -> Option<usize> {
        let n = (1..=MAX_CUSTOM).find(|n| !self.given.contains(n) && !self.kept.contains(n))?;
        self.given.push(n);
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(name: &str) -> PieceSpec {
        let text = format!(
            "(name: \"t\", board: (files: 8, ranks: 8), pieces: [(letter: 'X', name: \"{name}\", moves: \"K\")])"
        );
        let file = crate::spec::Loader::new().load_text("t.ron", &text).unwrap();
        file.pieces.unwrap().remove(0)
    }

    #[test]
    fn named_custom_pieces_keep_their_numbers_others_take_free_ones() {
        let pieces = [piece("customPiece2"), piece("wazirish"), piece("customPiece5")];
        let mut numbers = CustomNumbers::new(&pieces);
        assert_eq!(numbers.for_piece(&pieces[0]), Some(2));
        assert_eq!(numbers.for_piece(&pieces[1]), Some(1));
        assert_eq!(numbers.for_piece(&pieces[2]), Some(5));
        assert_eq!(numbers.fresh(), Some(3));
        assert_eq!(numbers.fresh(), Some(4));
        assert_eq!(numbers.fresh(), Some(6));
    }

    #[test]
    fn a_name_out_of_range_or_given_twice_takes_a_free_number() {
        let pieces = [piece("customPiece1"), piece("customPiece1"), piece("customPiece40")];
        let mut numbers = CustomNumbers::new(&pieces);
        assert_eq!(numbers.for_piece(&pieces[0]), Some(1));
        assert_eq!(numbers.for_piece(&pieces[1]), Some(2));
        assert_eq!(numbers.for_piece(&pieces[2]), Some(3));
        let mut full = CustomNumbers::new(&[]);
        for _ in 0..MAX_CUSTOM {
            assert!(full.fresh().is_some());
        }
        assert_eq!(full.fresh(), None);
    }
}
