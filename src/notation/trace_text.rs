//! Traces in words: one short phrase per event, pieces by FEN letter
//! (upper case White, lower case Black), squares by name.

use super::fen::letter;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::engine::event_parts::EventPlace;
use crate::engine::trace::Event;

/// One event as a phrase: `moved P e2-e4`, `captured p d5`, `pushed n c6-c7`:
/// the event's kind in words, the piece, the mark and where
/// ([`Event::parts`]); a blocked square in the variant's word for it, a
/// recoloured or transformed piece as `e4 becomes white`, `e4 becomes Q`.
pub fn describe(variant: &Variant, event: &Event) -> String {
    let g = variant.geometry;
    let parts = event.parts();
    let place = match parts.place {
        EventPlace::At(at) => g.name(at),
        EventPlace::Path { from, to } => format!("{}-{}", g.name(from), g.name(to)),
    };
    match *event {
        Event::Blocked { .. } => format!("{} {place}", variant.block_word()),
        Event::Recoloured { piece, .. } => {
            let side = if piece.color() == Color::White {
                "white"
            } else {
                "black"
            };
            format!("{place} becomes {side}")
        }
        Event::Transformed { piece, .. } => {
            format!("{place} becomes {}", letter(variant, piece).to_ascii_uppercase())
        }
        _ => {
            let mut phrase = parts.kind.replace('_', " ");
            if let Some(piece) = parts.piece {
                phrase.push(' ');
                phrase.push(letter(variant, piece));
            }
            if let Some(mark) = parts.mark {
                phrase.push(' ');
                phrase.push_str(variant.mark_name(mark));
            }
            format!("{phrase} {place}")
        }
    }
}

/// Every event of a move in reading order ([`reading_order`]), joined:
/// `moved P e4-d5, captured p d5, removed P d5`.
pub fn describe_all(variant: &Variant, events: &[Event]) -> String {
    reading_order(events)
        .iter()
        .map(|e| describe(variant, e))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a pushed piece came from: the square a chain's next push moves into.
fn push_from(event: &Event) -> Option<Square> {
    match *event {
        Event::Pushed { from, .. } | Event::PushedOff { from, .. } => Some(from),
        _ => None,
    }
}

/// The events of a move in the order a player reads them. The interpreter
/// records a push chain as it carries it out, the farthest piece first
/// (each piece makes room before the one behind it moves), and a bump's
/// landing after its pushes. A player reads the mover first, then each
/// pushed piece outward: so a landing (`moved`) that follows a run of
/// pushes goes before the run, and each chain in the run (a push whose
/// target square the previous push just left) is reversed.
pub fn reading_order(events: &[Event]) -> Vec<Event> {
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        if push_from(&events[i]).is_none() {
            out.push(events[i]);
            i += 1;
            continue;
        }
        // A run of pushes: events[i..end].
        let end = (i..events.len())
            .find(|&j| push_from(&events[j]).is_none())
            .unwrap_or(events.len());
        if let Some(landing @ Event::Moved { .. }) = events.get(end) {
            out.push(*landing);
        }
        let mut start = i;
        while start < end {
            // A chain: each push moves into the square the one before left.
            let mut stop = start + 1;
            while stop < end
                && matches!(events[stop], Event::Pushed { to, .. } if Some(to) == push_from(&events[stop - 1]))
            {
                stop += 1;
            }
            out.extend(events[start..stop].iter().rev());
            start = stop;
        }
        i = if matches!(events.get(end), Some(Event::Moved { .. })) {
            end + 1
        } else {
            end
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::piece::{Cell, Kind};

    #[test]
    fn a_bump_reads_mover_first_then_each_pushed_piece_outward() {
        let sq = Square::new;
        let p = Cell::piece(Kind::new(0), Color::Black);
        let b = Cell::piece(Kind::new(1), Color::White);
        // c1d2@bump: p e3-f4 (farthest) first, then n d2-e3, then the landing.
        let recorded = [
            Event::PushedOff { piece: p, from: sq(28) },
            Event::Pushed {
                piece: p,
                from: sq(20),
                to: sq(28),
            },
            Event::Pushed {
                piece: p,
                from: sq(11),
                to: sq(20),
            },
            Event::Moved {
                piece: b,
                from: sq(2),
                to: sq(11),
            },
            Event::Removed { piece: p, at: sq(40) },
        ];
        let read = reading_order(&recorded);
        assert_eq!(read[0], recorded[3]);
        assert_eq!(&read[1..4], &[recorded[2], recorded[1], recorded[0]]);
        assert_eq!(read[4], recorded[4]);
        // Pushes of separate pieces (an explosion) keep their order.
        let separate = [
            Event::Pushed {
                piece: p,
                from: sq(1),
                to: sq(0),
            },
            Event::Pushed {
                piece: p,
                from: sq(9),
                to: sq(17),
            },
        ];
        assert_eq!(reading_order(&separate), separate.to_vec());
    }
}
