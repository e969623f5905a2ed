//! The start position pass: the section's `startFen` read into kaboom's
//! FEN fields and board rows, with the refusals of what kaboom's FEN
//! cannot say (pieces in hand without drops, promoted pieces without a
//! promoted form, a board of another size).

use super::refusal::{Built, Refusal, refuse};
use super::state::{Origin, State};

/// The start position in kaboom's FEN, and the castling letters it keeps.
pub(super) struct StartFen {
    pub board: String,
    pub side: String,
    pub castling: String,
    pub ep: String,
    /// The checks each side has left (`3+3`), if the FEN counts them.
    pub checks: Option<(u32, u32)>,
    pub clocks: String,
}

fn split_fen(fen: &str) -> Result<StartFen, String> {
    let mut fields = fen.split_whitespace();
    let board = fields.next().ok_or("the start FEN is empty")?.to_string();
    let side = fields.next().unwrap_or("w").to_string();
    if side != "w" && side != "b" {
        return Err(format!("`{side}` is not a side to move"));
    }
    let rest: Vec<&str> = fields.collect();
    let mut i = 0;
    let mut castling = "-".to_string();
    if let Some(t) = rest.get(i)
        && (*t == "-" || t.chars().all(|c| c.is_ascii_alphabetic()))
    {
        castling = t.to_string();
        i += 1;
    }
    let mut ep = "-".to_string();
    if let Some(t) = rest.get(i)
        && (*t == "-" || t.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
    {
        ep = t.to_string();
        i += 1;
    }
    let mut checks = None;
    if let Some(t) = rest.get(i)
        && t.contains('+')
    {
        let (w, b) = t.split_once('+').unwrap_or_default();
        match (w.parse::<u32>(), b.parse::<u32>()) {
            (Ok(w), Ok(b)) if w <= 99 && b <= 99 => checks = Some((w, b)),
            _ => return Err(format!("`{t}` is not a count of checks (`3+3`)")),
        }
        i += 1;
    }
    let numbers: Vec<&str> = rest[i..].to_vec();
    let clocks = match numbers.as_slice() {
        [] => "0 1".to_string(),
        [h, f] if h.parse::<u32>().is_ok() && f.parse::<u32>().is_ok() => format!("{h} {f}"),
        // The half-move clock alone: Fairy-Stockfish starts at move 1.
        [h] if h.parse::<u32>().is_ok() => format!("{h} 1"),
        other => return Err(format!("unexpected `{}` in the start FEN", other.join(" "))),
    };
    Ok(StartFen {
        board,
        side,
        castling,
        ep,
        checks,
        clocks,
    })
}

/// The board of a FEN as rows of optional letters, White's rank 1 first.
pub(super) fn fen_rows(board: &str, files: u8) -> Option<Vec<Vec<Option<char>>>> {
    let mut rows = Vec::new();
    for rank in board.split('/') {
        let mut row = Vec::new();
        let mut digits = String::new();
        for c in rank.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                let n: usize = digits.parse().ok()?;
                row.extend(std::iter::repeat_n(None, n.min(64)));
                digits.clear();
            }
            // `+X`: a promoted piece, on one square (read with its letter).
            if c == '+' {
                continue;
            }
            row.push(if c == '*' { None } else { Some(c) });
        }
        if !digits.is_empty() {
            let n: usize = digits.parse().ok()?;
            row.extend(std::iter::repeat_n(None, n.min(64)));
        }
        if row.len() != files as usize {
            return None;
        }
        rows.push(row);
    }
    rows.reverse();
    Some(rows)
}

/// The start position as the passes read it.
pub(super) struct Start {
    /// The FEN's fields (`None`: it could not be read, and is refused).
    pub fen: Option<StartFen>,
    /// The board's rows, White's rank 1 first (`None`: no board of the
    /// variant's size could be read).
    pub rows: Option<Vec<Vec<Option<char>>>>,
}

impl Start {
    /// How many pieces of `letter` (case counts: a side's) the start
    /// position holds, on the board and in hand.
    pub(super) fn count(&self, letter: char) -> usize {
        let on_board = self
            .rows
            .iter()
            .flatten()
            .flatten()
            .filter(|&&c| c == Some(letter))
            .count();
        let in_hand = self
            .fen
            .as_ref()
            .and_then(|f| f.board.split_once('['))
            .map_or(0, |(_, hand)| hand.chars().filter(|&c| c == letter).count());
        on_board + in_hand
    }
}

/// Reads the start position of `state`; `refused` tells whether an
/// earlier pass refused already (a board of the wrong size is then not
/// refused again: the options that set the size are the likelier cause).
pub(super) fn start(state: &State, header: &Origin, refused: bool) -> Built<Start> {
    let mut refusals: Vec<Refusal> = Vec::new();
    let start_origin = state.start_origin.as_ref().or(Some(header));
    let fen = match split_fen(&state.start_fen) {
        // Without a `3+3` field, Fairy-Stockfish's next check wins (`1+1`).
        Ok(f) if state.check_counting && f.checks.is_none() => Some(StartFen {
            checks: Some((1, 1)),
            ..f
        }),
        Ok(f) => Some(f),
        Err(why) => {
            let gap = if why.contains("count of checks") {
                "check counting"
            } else {
                "invalid value"
            };
            refusals.push(refuse(start_origin, gap, why));
            None
        }
    };
    if let Some(f) = &fen {
        refusals.extend(marks_refused(state, f, start_origin));
    }
    let (files, ranks) = (state.files, state.ranks);
    let rows = fen
        .as_ref()
        .and_then(|f| fen_rows(f.board.split('[').next().unwrap_or_default(), files))
        .filter(|rows| rows.len() == ranks as usize);
    if fen.is_some() && rows.is_none() && refusals.is_empty() && !refused {
        refusals.push(refuse(
            start_origin,
            "invalid value",
            format!("the start FEN does not fit a {files}x{ranks} board"),
        ));
    }
    Built {
        part: Start { fen, rows },
        refusals,
    }
}

/// Pieces in hand without drops, and promoted pieces (`~`, or `+X` where X
/// has no promoted form) in the start FEN.
fn marks_refused(state: &State, f: &StartFen, start_origin: Option<&Origin>) -> Vec<Refusal> {
    let mut refusals = Vec::new();
    if f.board.contains('[') && !state.piece_drops && !state.seirawan_gating {
        refusals.push(refuse(
            start_origin,
            "drops and hands",
            "the start FEN holds pieces in hand",
        ));
    }
    // `+X` names X's promoted form, where `promotedPieceType` gives X one.
    let has_form = |c: char| {
        state.promoted_types.iter().any(|&(from, _)| {
            state.pieces[from]
                .as_ref()
                .is_some_and(|p| p.letter.eq_ignore_ascii_case(&c))
        })
    };
    let plus_without_form = f
        .board
        .split('+')
        .skip(1)
        .any(|rest| !rest.chars().next().is_some_and(has_form));
    if f.board.contains('~') || plus_without_form {
        refusals.push(refuse(
            start_origin,
            "piece promotion rules",
            "the start FEN marks promoted pieces",
        ));
    }
    refusals
}
