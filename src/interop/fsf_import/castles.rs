//! The castling pass: each castling right of the start FEN becomes a
//! castling rule (the king's and rook's squares and destinations, or
//! Chess960's rule that finds them), `castlingDroppedPiece`'s rules gained
//! by drops, or the refusals.

use super::petrify::Castle;
use super::refusal::{Built, Refusal, refuse};
use super::spec_values::{castling_rule, text};
use super::square_sets::square_name;
use super::start_fen::{Start, StartFen};
use super::state::{MAX_FILES, Origin, State};
use crate::spec::{CastlingSide, CastlingSpec, Spanned};

/// What the castling pass builds.
pub(super) struct Castling {
    /// The `castling` entries (empty: no castling).
    pub entries: Vec<CastlingSpec>,
    /// The castling rules with fixed squares, for petrification.
    pub castles: Vec<Castle>,
    /// The castling rights the start position keeps (`KQkq`, or empty).
    pub kept_rights: String,
}

impl Castling {
    /// Whether a rule has the right `letter` (upper case).
    pub(super) fn has_right(&self, letter: char) -> bool {
        self.entries.iter().any(|e| *e.fen == letter.to_ascii_uppercase())
    }
}

/// A castling right's king and rook as the start position has them.
struct Right {
    letter: char,
    kingside: bool,
    /// White has it.
    white: bool,
    king_file: u8,
    rook_file: u8,
}

/// The castling of `state` from its start position; `start_origin` is
/// where the start FEN was written, `never_capture` the slots that
/// capture nothing (petrifying pseudo-royal pieces).
pub(super) fn castling(
    state: &State,
    start: &Start,
    start_origin: Option<&Origin>,
    never_capture: &[usize],
) -> Built<Castling> {
    let mut refusals = Vec::new();
    let mut out = Castling {
        entries: Vec::new(),
        castles: Vec::new(),
        kept_rights: String::new(),
    };
    if let (Some(f), Some(rows)) = (&start.fen, &start.rows)
        && state.castling
        && f.castling != "-"
    {
        let mut gates = String::new();
        for right in f.castling.chars() {
            // With gating, a file letter is a gating right.
            let file = right.to_ascii_lowercase() as u32;
            if state.gating
                && !"KQkq".contains(right)
                && (u32::from('a')..u32::from('a') + u32::from(state.files)).contains(&file)
            {
                gates.push(right);
                continue;
            }
            if !"KQkq".contains(right) {
                refusals.push(refuse(
                    start_origin,
                    "castling rules",
                    format!("castling right `{right}` (only K, Q, k, q are read)"),
                ));
            }
        }
        for (letter, kingside) in [('K', true), ('Q', false)] {
            if let Some(right) = right(state, f, rows, letter, kingside, start_origin, &mut refusals) {
                rule(state, &right, never_capture, &mut out, &mut refusals);
            }
        }
        for letter in ['k', 'q'] {
            if f.castling.contains(letter) && out.has_right(letter) {
                out.kept_rights.push(letter);
            }
        }
        out.kept_rights.push_str(&gates);
    } else if let Some(f) = &start.fen
        && state.gating
        && !state.castling
    {
        // Without castling, the file letters are gating rights alone.
        let in_board = |c: char| (u32::from('a')..u32::from('a') + u32::from(state.files)).contains(&u32::from(c));
        out.kept_rights
            .extend(f.castling.chars().filter(|&c| in_board(c.to_ascii_lowercase())));
    }
    // `castlingDroppedPiece`: the rights come with the king and the corner
    // rooks dropped on their squares.
    if state.castling_dropped_piece && state.castling && state.piece_drops {
        let rights = start.fen.as_ref().map(|f| f.castling.as_str());
        match dropped_castling_rules(state, state.files, rights) {
            Ok(rules) => out.entries.extend(rules),
            Err(why) => refusals.push(refuse(None, "castling rules", why)),
        }
    }
    Built { part: out, refusals }
}

/// The king and rook of the right `letter` (White's letter), if either
/// side has it and both sides' pieces stand as mirror images.
fn right(
    state: &State,
    f: &StartFen,
    rows: &[Vec<Option<char>>],
    letter: char,
    kingside: bool,
    start_origin: Option<&Origin>,
    refusals: &mut Vec<Refusal>,
) -> Option<Right> {
    let white = f.castling.contains(letter);
    let black = f.castling.contains(letter.to_ascii_lowercase());
    if !white && !black {
        return None;
    }
    let w = find(state, rows, 0, kingside);
    let b = find(state, rows, 1, kingside);
    let (king_file, rook_file) = match (white.then_some(w), black.then_some(b)) {
        (Some(None), _) | (_, Some(None)) => {
            refusals.push(refuse(
                start_origin,
                "castling rules",
                format!("castling right `{letter}` has no king and rook on the castling rank"),
            ));
            return None;
        }
        (Some(Some(w)), Some(Some(b))) if w != b => {
            refusals.push(refuse(
                start_origin,
                "castling rules",
                "White's and Black's castling pieces are not mirror images",
            ));
            return None;
        }
        (Some(Some(w)), _) => w,
        (_, Some(Some(b))) => b,
        (None, None) => return None,
    };
    Some(Right {
        letter,
        kingside,
        white,
        king_file,
        rook_file,
    })
}

/// (king file, rook file) of one colour's castling on one side, as
/// Fairy-Stockfish finds them on the start position's castling rank.
fn find(state: &State, rows: &[Vec<Option<char>>], colour: usize, kingside: bool) -> Option<(u8, u8)> {
    let (files, ranks, rank) = (state.files, state.ranks, state.castling_rank);
    let slot = state.castling_king_piece[colour];
    let r = if colour == 0 {
        rank
    } else {
        ranks.checked_sub(1 + rank)?
    };
    let row = rows.get(r as usize)?;
    let letter_of = |s: usize| state.pieces[s].as_ref().map(|p| p.letter);
    let is = |c: Option<char>, s: usize| {
        c.is_some_and(|c| Some(c.to_ascii_lowercase()) == letter_of(s) && c.is_ascii_uppercase() == (colour == 0))
    };
    let kings: Vec<u8> = (0..files)
        .filter(|&f| slot.is_some_and(|s| is(row[f as usize], s)))
        .collect();
    let king_file = match kings.as_slice() {
        [one] => *one,
        [] => return None,
        _ => *kings.iter().find(|&&f| f == state.castling_king_file)?,
    };
    let rooks = &state.castling_rook_pieces[colour];
    let rook_at = |file: u8| {
        let c = row[file as usize];
        (0..state.pieces.len()).any(|s| (rooks.all || rooks.slots.contains(&s)) && is(c, s))
    };
    // Fairy-Stockfish looks for the rook from `castlingRookKingsideFile`
    // (`...QueensideFile`) inwards.
    let rook_file = if kingside {
        let from = state.castling_rook_kingside_file.map_or(files, |f| (f + 1).min(files));
        (king_file + 1..from).rev().find(|&f| rook_at(f))?
    } else {
        (state.castling_rook_queenside_file..king_file).find(|&f| rook_at(f))?
    };
    Some((king_file, rook_file))
}

/// The castling rule of one right, added to `out`.
fn rule(state: &State, right: &Right, never_capture: &[usize], out: &mut Castling, refusals: &mut Vec<Refusal>) {
    let (files, rank, letter, kingside) = (state.files, state.castling_rank, right.letter, right.kingside);
    let king_to = if kingside {
        state.castling_kingside_file
    } else {
        state.castling_queenside_file
    };
    if king_to >= files || king_to >= MAX_FILES {
        refusals.push(refuse(
            None,
            "castling rules",
            "the castling king's destination is off the board",
        ));
        return;
    }
    let rook_to = if kingside { king_to.wrapping_sub(1) } else { king_to + 1 };
    if rook_to >= files {
        refusals.push(refuse(
            None,
            "castling rules",
            "the castling rook's destination is off the board",
        ));
        return;
    }
    // The castling king named by its letter: in Fairy-Stockfish it need
    // not be royal (extinction variants), and kaboom's castling king is
    // the royal piece unless `king_piece` says otherwise.
    let spec = CastlingSpec {
        king_piece: state.castling_king_piece[0]
            .and_then(|slot| state.pieces[slot].as_ref())
            .map(|p| Spanned::unplaced(p.letter.to_ascii_uppercase())),
        // `oppositeCastling`: castling on one side takes the other side's
        // right to castle on the same side.
        takes: state.opposite_castling.then(|| text(letter)),
        ..castling_rule(letter, square_name(king_to, rank), square_name(rook_to, rank))
    };
    if state.chess960 {
        if !chess960_rule(state, right, spec, never_capture, out, refusals) {
            return;
        }
    } else {
        out.castles.push(Castle {
            letter,
            king_file: right.king_file,
            king_to,
            rank,
        });
        out.entries.push(CastlingSpec {
            king: Some(text(square_name(right.king_file, rank))),
            rook: Some(text(square_name(right.rook_file, rank))),
            ..spec
        });
    }
    if right.white {
        out.kept_rights.push(letter);
    }
}

/// Chess960 castling: the king and the rook are found in each position
/// (the outermost rook on its side), wherever they start, and land on
/// fixed files (`spec`'s). False if refused.
fn chess960_rule(
    state: &State,
    right: &Right,
    spec: CastlingSpec,
    never_capture: &[usize],
    out: &mut Castling,
    refusals: &mut Vec<Refusal>,
) -> bool {
    let rooks = &state.castling_rook_pieces[0];
    let rook = match rooks.slots.as_slice() {
        [one] if !rooks.all && state.castling_rook_pieces[1].slots == rooks.slots => {
            state.pieces[*one].as_ref().map(|p| p.letter.to_ascii_uppercase())
        }
        _ => None,
    };
    let Some(rook) = rook else {
        refusals.push(refuse(
            None,
            "castling rules",
            "`chess960` with several castling rook types (kaboom's castling finds one rook piece)",
        ));
        return false;
    };
    if !never_capture.is_empty() {
        refusals.push(refuse(
            None,
            "capture side effects (blast, petrify)",
            "`chess960` castling next to a petrifying pseudo-royal piece",
        ));
    }
    out.entries.push(CastlingSpec {
        side: Some(if right.kingside {
            CastlingSide::Right
        } else {
            CastlingSide::Left
        }),
        rook_piece: Some(Spanned::unplaced(rook)),
        ..spec
    });
    true
}

/// `castlingDroppedPiece`: castling rules whose rights a drop gains, as
/// Fairy-Stockfish grants them: the castling king dropped on its castling
/// square with a castling rook in a corner of the castling rank, or such a
/// rook dropped in a corner with the king in place (`by_drop`).
fn dropped_castling_rules(state: &State, files: u8, rights: Option<&str>) -> Result<Vec<CastlingSpec>, String> {
    if rights.is_some_and(|r| r != "-") {
        return Err("`castlingDroppedPiece` with castling rights in the start position".to_string());
    }
    let letter = |slot: Option<usize>| {
        slot.and_then(|s| state.pieces[s].as_ref())
            .map(|p| p.letter.to_ascii_uppercase())
    };
    let king = match state.castling_king_piece.map(&letter) {
        [Some(w), Some(b)] if w == b => w,
        _ => return Err("`castlingDroppedPiece` with castling kings that differ between the sides".to_string()),
    };
    let rooks = &state.castling_rook_pieces;
    let rook = match rooks[0].slots.as_slice() {
        [one] if !rooks[0].all && !rooks[1].all && rooks[1].slots == rooks[0].slots => letter(Some(*one)),
        _ => None,
    };
    let Some(rook) = rook else {
        return Err(
            "`castlingDroppedPiece` with several castling rook types (a rule names one rook piece)".to_string(),
        );
    };
    let king_file = state.castling_king_file;
    if king_file == 0 || king_file + 1 >= files {
        return Err("`castlingDroppedPiece` with the castling king on an edge file".to_string());
    }
    let rank = state.castling_rank;
    let mut rules = Vec::new();
    for (fen, rook_file, king_to) in [
        ('K', files - 1, state.castling_kingside_file),
        ('Q', 0, state.castling_queenside_file),
    ] {
        let rook_to = if fen == 'K' {
            king_to.wrapping_sub(1)
        } else {
            king_to + 1
        };
        if king_to >= files || rook_to >= files {
            return Err("the castling king's or rook's destination is off the board".to_string());
        }
        rules.push(CastlingSpec {
            king: Some(text(square_name(king_file, rank))),
            rook: Some(text(square_name(rook_file, rank))),
            king_piece: Some(Spanned::unplaced(king)),
            rook_piece: Some(Spanned::unplaced(rook)),
            by_drop: Some(Spanned::unplaced(true)),
            ..castling_rule(fen, square_name(king_to, rank), square_name(rook_to, rank))
        });
    }
    Ok(rules)
}
