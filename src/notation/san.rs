//! The game record: moves in standard algebraic notation (`Nf3`, `exd5`,
//! `e8=Q`, `O-O`, `Qh5+`), as players write them, extended for variants:
//! a bounce follows the move (`Re8, Kg8+`, `Bh7, g7-f8`), an action is
//! written as the variant's `record` says (`(****)g6:h5h7g5f6`), or else
//! as its coordinates.

use super::fen::letter;
use super::uci;
use crate::base::piece::Cell;
use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::trace::Event;

/// The move `mv`, played from `before` with the events `events`, leading to
/// `after`, in algebraic notation.
pub fn write(variant: &Variant, before: &Position, mv: &Move, events: &[Event], after: &Position) -> String {
    let g = variant.geometry;
    let mut out = match mv.kind {
        MoveKind::Castle(i) => {
            let rule = &variant.castling[i as usize];
            if g.file(rule.king_to) > g.file(rule.king_from) {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        MoveKind::Action(i) => match &variant.programs.actions[i as usize].record {
            Some(template) => {
                let removed: String = events
                    .iter()
                    .filter_map(|e| match *e {
                        Event::Captured { at, .. } | Event::Removed { at, .. } => Some(g.name(at)),
                        Event::PushedOff { from, .. } => Some(g.name(from)),
                        _ => None,
                    })
                    .collect();
                let promotion = mv
                    .promotion
                    .map_or(String::new(), |k| variant.pieces[k as usize].letter.to_string());
                template
                    .replace("{promotion}", &promotion)
                    .replace("{origin}", &g.name(mv.from))
                    .replace("{target}", &g.name(mv.to))
                    .replace("{removed}", &removed)
            }
            None => uci::write(variant, &Move { choice: None, ..*mv }),
        },
        _ if mv.controller.is_some() => uci::write(variant, &Move { choice: None, ..*mv }),
        _ => piece_move(variant, before, mv),
    };
    if let (Some(choice), false) = (mv.choice, matches!(mv.kind, MoveKind::Action(_))) {
        let bounced = after.cell(choice.to);
        out.push_str(", ");
        if bounced.is_piece() && variant.pieces[bounced.kind() as usize].pawn {
            out.push_str(&format!("{}-{}", g.name(choice.piece), g.name(choice.to)));
        } else {
            out.push(letter(variant, bounced).to_ascii_uppercase());
            out.push_str(&g.name(choice.to));
        }
    }
    if variant.has_check() && variant.in_check(after) {
        out.push(if variant.legal_moves(after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    out
}

/// A plain move: piece letter (none for pawns), what tells it apart from
/// its twins, `x` for a capture, the destination, `=Q` for a promotion.
fn piece_move(variant: &Variant, before: &Position, mv: &Move) -> String {
    let g = variant.geometry;
    let moving = before.cell(mv.from);
    let is_pawn = moving.is_piece() && variant.pieces[moving.kind() as usize].pawn;
    let capture = mv.is_capture();
    let mut out = String::new();
    if is_pawn {
        if capture {
            out.push((b'a' + g.file(mv.from) as u8) as char);
        }
    } else {
        out.push(letter(variant, moving).to_ascii_uppercase());
        let twins: Vec<Move> = variant
            .legal_moves(before)
            .into_iter()
            .filter(|m| {
                m.to == mv.to
                    && m.from != mv.from
                    && m.controller.is_none()
                    && !matches!(m.kind, MoveKind::Action(_) | MoveKind::Castle(_))
                    && before.cell(m.from) == moving
            })
            .collect();
        if !twins.is_empty() {
            let same_file = twins.iter().any(|m| g.file(m.from) == g.file(mv.from));
            let same_rank = twins.iter().any(|m| g.rank(m.from) == g.rank(mv.from));
            let square = g.name(mv.from);
            let (file, rank) = square.split_at(1);
            if !same_file {
                out.push_str(file);
            } else if !same_rank {
                out.push_str(rank);
            } else {
                out.push_str(&square);
            }
        }
    }
    if capture {
        out.push('x');
    }
    out.push_str(&g.name(mv.to));
    if let Some(kind) = mv.promotion {
        out.push('=');
        out.push(letter(variant, Cell::piece(kind, crate::base::square::Color::White)));
    }
    out
}
