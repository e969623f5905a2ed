//! Drops split over the square colours (`split_colours`): a side's pieces
//! of such a kind, on the board and in hand, go as evenly as possible on
//! light and dark squares, and other drops leave room for them. Read once
//! per position where drops are generated; no allocation.

use super::position::Position;
use super::set_ops::{difference, intersection};
use crate::base::limits::MAX_HAND_KINDS;
use crate::base::piece::Kind;
use crate::base::square::{Square, SquareSet};
use crate::compile::Variant;

/// One split kind as a position stands, for the side to move.
#[derive(Clone, Copy, Default)]
struct Entry {
    kind: Option<Kind>,
    /// The side's pieces of the kind, on the board and in hand.
    total: u32,
    /// Its pieces on the board, on light (0) and dark (1) squares.
    on: [u32; 2],
    /// The squares of each colour it could still have: its pieces there
    /// and the empty squares of its drop zone.
    room: [u32; 2],
    /// The empty squares of its drop zone.
    zone: SquareSet,
}

/// The split kinds' counts in one position: which drops keep them split.
pub(super) struct SplitColours {
    entries: [Entry; MAX_HAND_KINDS],
    len: usize,
    light: SquareSet,
}

impl SplitColours {
    /// Counts the side to move's split kinds; `free` are the squares no
    /// piece stands on, `zone_of` a kind's drop squares among them.
    pub(super) fn new(
        variant: &Variant,
        pos: &Position,
        kinds: &[Kind],
        free: SquareSet,
        zone_of: impl Fn(Kind) -> SquareSet,
    ) -> SplitColours {
        let us = pos.side;
        let light = variant.programs.light;
        let dark = difference(variant.programs.all, light);
        let mut entries = [Entry::default(); MAX_HAND_KINDS];
        let len = kinds.len().min(MAX_HAND_KINDS);
        for (entry, &kind) in entries.iter_mut().zip(kinds) {
            let mut on = [0u32; 2];
            for sq in pos.occupied[us as usize].iter() {
                if pos.board[sq.index()].kind() == kind {
                    on[usize::from(!light.contains(sq))] += 1;
                }
            }
            let held = variant
                .hands
                .slot(kind)
                .map_or(0, |slot| u32::from(pos.hands[us as usize][slot as usize]));
            let zone = intersection(free, zone_of(kind));
            *entry = Entry {
                kind: Some(kind),
                total: on[0] + on[1] + held,
                on,
                room: [
                    on[0] + intersection(zone, light).len(),
                    on[1] + intersection(zone, dark).len(),
                ],
                zone,
            };
        }
        SplitColours { entries, len, light }
    }

    /// Whether a drop of `kind` on `sq` keeps every split kind split: a
    /// split kind's piece may not put more than half (rounded up) of the
    /// side's pieces of its kind on one colour; any other drop must leave
    /// each colour room for half (rounded down) of them.
    pub(super) fn allows(&self, kind: Kind, sq: Square) -> bool {
        let colour = usize::from(!self.light.contains(sq));
        self.entries[..self.len].iter().all(|e| {
            if e.kind == Some(kind) {
                return e.on[colour] < e.total.div_ceil(2);
            }
            let half = e.total / 2;
            let taken = u32::from(e.zone.contains(sq));
            e.room[colour] - taken >= half && e.room[1 - colour] >= half
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::MoveKind;

    /// Bishops and rooks dropped on a 4x2 board's first rank, from `start`.
    fn drops(start: &str) -> Vec<String> {
        let text = format!(
            r#"(name: "t", board: (files: 4, ranks: 2),
            pieces: [(letter: 'R', name: "rook", moves: "R"), (letter: 'B', name: "bishop", moves: "B"),
                     (letter: 'K', name: "king", moves: "K", royal: true)],
            start: "{start}",
            drops: (captures_to_hand: false, split_colours: "B", zones: [(pieces: "RB", squares: "ranks(1)")]),
            legal: [], end: ["stalemate: draw"])"#
        );
        let v = Variant::from_text("t.ron", &text).unwrap_or_else(|e| panic!("{e}"));
        let mut moves: Vec<String> = v
            .legal_moves(&v.start_position())
            .iter()
            .filter_map(|m| match m.kind {
                MoveKind::Drop(k) => Some(format!("{}@{}", v.pieces.info(k).letter, v.geometry.name(m.to))),
                _ => None,
            })
            .collect();
        moves.sort();
        moves
    }

    #[test]
    fn a_second_bishop_takes_the_other_colour() {
        // a1 and c1 are dark, b1 and d1 light; a bishop on a1.
        assert_eq!(drops("k3/B3[BR] w - - 0 1"), ["B@b1", "B@d1", "R@b1", "R@c1", "R@d1"]);
    }

    #[test]
    fn other_drops_leave_each_colour_room() {
        // Two bishops in hand, no dark square left: no other piece may go
        // down (a bishop still may, on light).
        assert_eq!(drops("k3/R1R1[BB] w - - 0 1"), ["B@b1", "B@d1"]);
        assert_eq!(drops("k3/R1R1[BBR] w - - 0 1"), ["B@b1", "B@d1"]);
        // One bishop: it needs no square of a given colour.
        assert_eq!(drops("k3/R1R1[BR] w - - 0 1"), ["B@b1", "B@d1", "R@b1", "R@d1"]);
        // b1 and d1 (light) left, two bishops, one on c1 (dark): the rook
        // may take either light square, not both would be needed.
        assert_eq!(drops("k3/R1B1[BR] w - - 0 1"), ["B@b1", "B@d1", "R@b1", "R@d1"]);
    }
}
