//! Game-end options: the results of checkmate, stalemate, repetition and
//! the move rule, extinction, flag regions, connection goals, check
//! counting, passing, and counting rules.

use super::{Entry, Origin, Setter, State, Value, colours};
use crate::lang::effect_syntax::EndOutcome;

/// The yes/no game-end options and the field each sets.
const FLAGS: &[Setter<bool>] = &[
    ("stalematePieceCount", |s| &mut s.stalemate_piece_count),
    ("perpetualCheckIllegal", |s| &mut s.perpetual_check_loses),
    ("moveRepetitionIllegal", |s| &mut s.move_repetition_loses),
    ("nFoldValueAbsolute", |s| &mut s.n_fold_absolute),
    ("checkCounting", |s| &mut s.check_counting),
    ("flagPieceSafe", |s| &mut s.flag_piece_safe),
    ("flagMove", |s| &mut s.flag_move),
    ("flagPieceBlockedWin", |s| &mut s.flag_piece_blocked_win),
    ("extinctionClaim", |s| &mut s.extinction_claim),
    ("connectHorizontal", |s| &mut s.connect_lines[0]),
    ("connectVertical", |s| &mut s.connect_lines[1]),
    ("connectDiagonal", |s| &mut s.connect_lines[2]),
    ("shatarMateRule", |s| &mut s.check_series_mate),
];

/// The game-end options that give a count, and the field each sets.
const NUMBERS: &[Setter<u32>] = &[
    ("nMoveRule", |s| &mut s.n_move_rule),
    ("nFoldRule", |s| &mut s.n_fold_rule),
    ("extinctionPieceCount", |s| &mut s.extinction_count),
    ("extinctionOpponentPieceCount", |s| &mut s.extinction_opponent_count),
    ("connectN", |s| &mut s.connect_n),
    ("collinearN", |s| &mut s.collinear_n),
    ("connectNxN", |s| &mut s.connect_nxn),
];

/// The game-end options that give a result, and the field each sets.
const VALUES: &[Setter<Value>] = &[
    ("checkmateValue", |s| &mut s.checkmate_value),
    ("stalemateValue", |s| &mut s.stalemate_value),
    ("nFoldValue", |s| &mut s.n_fold_value),
    ("extinctionValue", |s| &mut s.extinction_value),
    ("connectValue", |s| &mut s.connect_value),
];

/// Applies `e` if it is a game-end option (false if it is not one).
pub(super) fn apply(s: &mut State, e: &Entry, o: &Origin) -> bool {
    if s.apply_flag(FLAGS, e, o) {
        return true;
    }
    if let Some((_, field)) = NUMBERS.iter().find(|(k, _)| *k == e.key) {
        if let Some(n) = s.number(o) {
            *field(s) = n;
        }
        return true;
    }
    if let Some((_, field)) = VALUES.iter().find(|(k, _)| *k == e.key) {
        if let Some(v) = s.value(o) {
            *field(s) = v;
        }
        return true;
    }
    match e.key.as_str() {
        "extinctionPieceTypes" | "connectPieceTypes" => {
            if let Some(t) = s.types(o) {
                *match e.key.as_str() {
                    "extinctionPieceTypes" => &mut s.extinction_types,
                    _ => &mut s.connect_types,
                } = t;
            }
        }
        "flagPiece" | "flagPieceWhite" | "flagPieceBlack" => {
            if let Some(t) = s.one_type(o) {
                for &c in colours(&e.key) {
                    s.flag_piece[c] = t;
                }
            }
        }
        "flagRegion" | "flagRegionWhite" | "whiteFlag" | "flagRegionBlack" | "blackFlag" => {
            if let Some(sq) = s.squares(o) {
                let which: &[usize] = match e.key.as_str() {
                    "flagRegion" => &[0, 1],
                    "flagRegionWhite" | "whiteFlag" => &[0],
                    _ => &[1],
                };
                for &c in which {
                    s.flag_region[c] = sq;
                }
            }
        }
        "flagPieceCount" => {
            if let Some(n) = s.number(o) {
                s.flag_piece_count = n.max(1);
            }
        }
        "pass" | "passWhite" | "passBlack" | "passOnStalemate" | "passOnStalemateWhite" | "passOnStalemateBlack" => {
            if let Some(b) = s.boolean(o) {
                let field = if e.key.starts_with("passOnStalemate") {
                    &mut s.pass_on_stalemate
                } else {
                    &mut s.pass
                };
                for &side in colours(&e.key) {
                    field[side] = b;
                }
            }
        }
        "materialCounting" => material_counting(s, e, o),
        "countingRule" => {
            s.counting_rule = (e.value != "none").then(|| (e.value.clone(), o.clone()));
        }
        _ => return false,
    }
    true
}

/// `materialCounting`: with draw odds, what would be drawn is a win of
/// that side; the other adjudications are refused.
fn material_counting(s: &mut State, e: &Entry, o: &Origin) {
    s.othello.count_pieces = e.value == "unweighted";
    s.othello.weigh_pieces = e.value == "janggi";
    match e.value.as_str() {
        "none" | "unweighted" | "janggi" => {
            s.draw_winner = None;
            s.unsupported.remove("materialCounting");
        }
        "whitedrawodds" | "blackdrawodds" => {
            s.draw_winner = Some(if e.value.starts_with('w') {
                EndOutcome::WhiteWins
            } else {
                EndOutcome::BlackWins
            });
            s.unsupported.remove("materialCounting");
        }
        _ => {
            s.draw_winner = None;
            s.unsupported.insert("materialCounting".to_string(), o.clone());
        }
    }
}
