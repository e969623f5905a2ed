//! Positions the variant's own legality rules make unreachable. A FEN is
//! read as any arrangement of pieces; this judges whether a game of the
//! variant could stand there, so that kaboom refuses (unless asked to allow
//! it, for a study position) a position where, say, the side that just
//! moved left its royal piece attacked: playing on from it would score a
//! captured king as a stalemate.

use crate::base::square::Color;
use crate::compile::Variant;
use crate::compile::ir::Legal;
use crate::engine::position::Position;
use crate::lang::fen_syntax::{FenCell, FenError};

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// How a refused position may be used anyway, for a help line.
pub const ALLOW_HELP: &str = "for a study position that need not arise in a game, pass `--allow-illegal` \
     (`allow_illegal: true` in a scenario file)";

/// [`check_reachable`], its help line saying how to allow the position anyway.
pub fn check_reachable_or_allow(
    variant: &Variant,
    pos: &Position,
    board_span: std::ops::Range<usize>,
) -> Result<(), FenError> {
    check_reachable(variant, pos, board_span).map_err(|mut e| {
        e.help = format!("{}; {ALLOW_HELP}", e.help);
        e
    })
}

/// Checks that `pos` could arise in a game of `variant`: the side that
/// just moved (not the side to move) passes the variant's legality
/// clauses, and a side that starts with a royal piece still has one when
/// nothing in the variant could have removed it. `board_span` is where
/// the FEN's board field lies, for the error.
pub fn check_reachable(variant: &Variant, pos: &Position, board_span: std::ops::Range<usize>) -> Result<(), FenError> {
    let moved = pos.side.flip();
    let g = variant.geometry;
    let programs = &variant.programs;
    let ctx = Variant::still(moved);
    for clause in &programs.legal {
        if let Legal::NotAttacked(unless) = *clause
            && let Some(sq) = pos.royals[moved as usize]
                .iter()
                .find(|&sq| variant.royal_attacked(pos, sq, pos.side))
            && !unless.is_some_and(|c| variant.eval_cond(c, pos, &ctx))
        {
            return Err(FenError {
                message: format!(
                    "{} is not to move but its royal piece on {} is attacked: the variant's legality rule \
                     (`own royal not attacked`) lets no move leave it so",
                    side_name(moved),
                    g.name(sq)
                ),
                span: board_span,
                help: format!("give the move to {}, or move the attacker", side_name(moved)),
            });
        }
    }
    // No move leaves a position that a `not <condition>` clause forbids.
    for clause in &programs.legal {
        if let Legal::Forbids(c) = *clause
            && variant.eval_cond(c, pos, &ctx)
        {
            return Err(FenError {
                message: format!(
                    "{} is not to move, but the position is one its moves may not leave: a `not <condition>` \
                     legality clause of the variant holds for it",
                    side_name(moved)
                ),
                span: board_span,
                help: format!("give the move to {}, or change the position", side_name(moved)),
            });
        }
    }
    // Royal pieces disappear only by capture or by an effect. With a plain
    // `not attacked` clause and no rules or actions, neither can happen.
    let protected = programs.legal.iter().any(|l| matches!(l, Legal::NotAttacked(None)));
    let no_effects = programs.on_capture.is_empty()
        && programs.on_arrival.is_empty()
        && programs.after_move.is_empty()
        && programs.actions.is_empty();
    if protected && no_effects {
        // Read from the start record's board, not a position built from
        // it: castling fitted to another FEN may not fit the start's rights.
        let starts_royal = |side: Color| {
            variant.start_record.board.iter().any(|cell| match *cell {
                FenCell::Piece(c) => {
                    (c.is_ascii_uppercase() == (side == Color::White))
                        && variant.kind_of_letter(c).is_some_and(|k| variant.is_royal(k))
                }
                _ => false,
            })
        };
        for side in Color::BOTH {
            if starts_royal(side) && pos.royals[side as usize].is_empty() {
                return Err(FenError {
                    message: format!(
                        "{} has no royal piece: in this variant a royal piece is never captured \
                         (legality: `own royal not attacked`) and no rule removes one",
                        side_name(side)
                    ),
                    span: board_span,
                    help: format!("put {}'s royal piece on the board", side_name(side)),
                });
            }
        }
    }
    Ok(())
}
