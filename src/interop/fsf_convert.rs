//! From a Fairy-Stockfish variant's rules ([`State`]) to a kaboom variant
//! file (RON text), or a refusal that names every option kaboom cannot
//! express, with its place. Nothing is approximated: an option either maps
//! to an exact kaboom construct or stops the conversion.

use super::fsf_petrify;
use super::fsf_piece_promotion;
use super::fsf_pieces::{Movement, PAWN, builtin_pieces, king_index, slot_name, slot_of};
use super::fsf_royalty;
use super::fsf_state::{MAX_FILES, Origin, Squares, State, Types, Value, gap_of, rank_squares, square};
use super::fsf_walling;
use crate::lang::betza;
use std::fmt::Write as _;

/// Why one option (or the section itself) cannot be converted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Where the option was written (`None`: the section as a whole).
    pub origin: Option<Origin>,
    /// The gap in kaboom's rule language, one short name shared by refusals of the same kind.
    pub gap: String,
    /// The reason in words.
    pub reason: String,
}

pub(super) fn refuse(origin: Option<&Origin>, gap: &str, reason: impl Into<String>) -> Refusal {
    Refusal {
        origin: origin.cloned(),
        gap: gap.to_string(),
        reason: reason.into(),
    }
}

/// Ranks (1-based, counted from White's side) that a region covers in full
/// on a `files` x `ranks` board, or `None` if it covers part of a rank.
pub(super) fn full_ranks(region: Squares, files: u8, ranks: u8) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for r in 0..ranks {
        let row: Squares = (0..files).fold(0, |a, f| a | square(f, r));
        match region & row {
            0 => {}
            x if x == row => out.push(r + 1),
            _ => return None,
        }
    }
    Some(out)
}

/// The ranks of a pair of per-colour regions, counted from each owner's
/// side, if the regions are full ranks and mirror images of each other.
pub(super) fn relative_ranks(regions: &[Squares; 2], files: u8, ranks: u8) -> Option<Vec<u8>> {
    let white = full_ranks(regions[0], files, ranks)?;
    let black = full_ranks(regions[1], files, ranks)?;
    let mut mirrored: Vec<u8> = black.iter().map(|r| ranks + 1 - r).collect();
    mirrored.sort_unstable();
    (white == mirrored).then_some(white)
}

/// Mirror a region across the middle rank.
fn mirror(region: Squares, files: u8, ranks: u8) -> Squares {
    let mut out = 0;
    for r in 0..ranks {
        for f in 0..files {
            if region & square(f, r) != 0 {
                out |= square(f, ranks - 1 - r);
            }
        }
    }
    out
}

/// A square set sentence for `region` as seen from White (ranks counted
/// from rank 1, files by letter): `ranks(4..5) & files(d..e)`.
fn region_sentence(region: Squares, files: u8, ranks: u8) -> String {
    // Each rank's runs of squares; ranks with the same runs in a row
    // become one term.
    let runs_of = |r: u8| {
        let mut f = 0;
        let mut runs = Vec::new();
        while f < files {
            if region & square(f, r) != 0 {
                let start = f;
                while f + 1 < files && region & square(f + 1, r) != 0 {
                    f += 1;
                }
                runs.push((start, f));
            }
            f += 1;
        }
        runs
    };
    let mut terms = Vec::new();
    let mut r = 0;
    while r < ranks {
        let runs = runs_of(r);
        let mut last = r;
        while last + 1 < ranks && runs_of(last + 1) == runs {
            last += 1;
        }
        for &(a, b) in &runs {
            if a == 0 && b == files - 1 {
                terms.push(format!("ranks({}..{})", r + 1, last + 1));
            } else {
                terms.push(format!(
                    "(ranks({}..{}) & files({}..{}))",
                    r + 1,
                    last + 1,
                    (b'a' + a) as char,
                    (b'a' + b) as char
                ));
            }
        }
        r = last + 1;
    }
    terms.join(" + ")
}

fn outcome(v: Value) -> Option<&'static str> {
    match v {
        Value::Win => Some("win"),
        Value::Loss => Some("loss"),
        Value::Draw => Some("draw"),
        Value::None => None,
    }
}

fn negate(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        other => other,
    }
}

pub(super) fn ron_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Letters (upper case) of the slots of `t` that are in use.
fn letters(state: &State, t: &Types) -> String {
    let mut slots: Vec<usize> = if t.all {
        (0..state.pieces.len()).collect()
    } else {
        t.slots.clone()
    };
    slots.sort_unstable();
    slots
        .iter()
        .filter_map(|&s| state.pieces[s].as_ref())
        .map(|p| p.letter.to_ascii_uppercase())
        .collect()
}

/// Why a Betza template kaboom rejects cannot be read, as a gap name.
fn betza_gap(template: &str) -> &'static str {
    let modifiers: String = template.chars().filter(|c| c.is_ascii_lowercase()).collect();
    if modifiers.contains('p') || modifiers.contains('g') {
        "hopper moves"
    } else if modifiers.contains('a') {
        "multi-leg moves"
    } else {
        "Betza notation kaboom lacks"
    }
}

/// The start position in kaboom's FEN, and the castling letters it keeps.
struct StartFen {
    board: String,
    side: String,
    castling: String,
    ep: String,
    /// The checks each side has left (`3+3`), if the FEN counts them.
    checks: Option<(u32, u32)>,
    clocks: String,
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
fn fen_rows(board: &str, files: u8) -> Option<Vec<Vec<Option<char>>>> {
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

fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// Converts a variant's rules into a kaboom variant file, or the reasons it cannot be.
pub fn convert(name: &str, header: &Origin, state: &State) -> Result<String, Vec<Refusal>> {
    let mut refusals: Vec<Refusal> = Vec::new();
    for (origin, why) in &state.invalid {
        refusals.push(refuse(
            Some(origin),
            "invalid value",
            format!("invalid value `{}`: {why}", origin.value),
        ));
    }
    for (key, origin) in &state.unsupported {
        refusals.push(refuse(
            Some(origin),
            gap_of(key),
            format!("`{key} = {}` has no kaboom equivalent", origin.value),
        ));
    }
    let (files, ranks) = (state.files, state.ranks);
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
        if f.board.contains('[') && !state.piece_drops {
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
    }
    let rows = fen
        .as_ref()
        .and_then(|f| fen_rows(f.board.split('[').next().unwrap_or_default(), files))
        .filter(|rows| rows.len() == ranks as usize);
    if fen.is_some() && rows.is_none() && refusals.is_empty() {
        refusals.push(refuse(
            start_origin,
            "invalid value",
            format!("the start FEN does not fit a {files}x{ranks} board"),
        ));
    }

    // Pseudo-royal pieces and explosions.
    let start_count = |letter: char| -> usize {
        let on_board = rows.iter().flatten().flatten().filter(|&&c| c == Some(letter)).count();
        let in_hand = fen
            .as_ref()
            .and_then(|f| f.board.split_once('['))
            .map_or(0, |(_, hand)| hand.chars().filter(|&c| c == letter).count());
        on_board + in_hand
    };
    let royalty = fsf_royalty::royalty(state, &start_count, outcome(state.checkmate_value), &mut refusals);
    // Petrifying pseudo-royal types never capture (see `fsf_petrify`).
    let never_capture = fsf_petrify::never_capture(state, &royalty);
    let every_letter: String = state
        .pieces
        .iter()
        .flatten()
        .map(|p| p.letter.to_ascii_uppercase())
        .collect();

    // Initial (`i`) moves happen on the double-step region.
    let double_region = if state.double_step {
        state.double_step_region
    } else {
        [0, 0]
    };
    let clip = |s: Squares| (0..ranks).fold(0, |a, r| a | (0..files).fold(0, |b, f| b | square(f, r))) & s;
    let double_region = [clip(double_region[0]), clip(double_region[1])];
    let initial_ranks = relative_ranks(&double_region, files, ranks);
    // An en passant region: the whole board (the default), or none at all
    // (no initial move leaves an en passant target).
    let board = clip(Squares::MAX);
    let en_passant = state.en_passant_region.map(|r| r.map_or(board, clip));
    let no_en_passant = en_passant == [0, 0];
    if !no_en_passant && en_passant != [board, board] {
        refusals.push(refuse(
            None,
            "regions",
            "an en passant region that is neither the whole board nor empty for both sides",
        ));
    }

    // Pieces. A piece type that only promoted pieces can be (Fairy-Stockfish's
    // promotion target, never on the board as itself) is written only as
    // the promoted forms that move like it.
    let hidden = fsf_piece_promotion::never_plain(state);
    let mut pieces = String::new();
    let mut has_royal = false;
    // Each converted piece's movement, by slot (for promoted forms and
    // immobility).
    let mut templates: Vec<Option<String>> = vec![None; state.pieces.len()];
    // `diagonalLines`, on the board, and whether some piece moves along them.
    let lines = clip(state.diagonal_lines);
    let mut uses_lines = false;
    for (slot, piece) in state.pieces.iter().enumerate() {
        let Some(piece) = piece else { continue };
        let template = if slot == king_index() {
            has_royal = true;
            piece.betza.clone().unwrap_or_else(|| "K".to_string())
        } else if slot < builtin_pieces().len() {
            match builtin_pieces()[slot].movement {
                Movement::Betza(b) => {
                    let mut t = b.to_string();
                    if slot == PAWN && double_region != [0, 0] {
                        t.push_str("ifmnD");
                    }
                    t
                }
                Movement::Unsupported(why) => {
                    refusals.push(refuse(
                        Some(&piece.origin),
                        gap_for_builtin(why),
                        format!("piece `{}` {why}", slot_name(slot)),
                    ));
                    continue;
                }
            }
        } else {
            piece.betza.clone().unwrap_or_default()
        };
        if let Err(e) = crate::lang::betza::parse(&template) {
            refusals.push(refuse(
                Some(&piece.origin),
                betza_gap(&template),
                format!("movement `{template}` of `{}`: {}", slot_name(slot), e.message),
            ));
            continue;
        }
        let mut extra = String::new();
        let not_self = slot < builtin_pieces().len() && builtin_pieces()[slot].not_self;
        let immune = state.mutually_immune.all || state.mutually_immune.slots.contains(&slot);
        if immune && state.flag_piece_safe {
            // kaboom's `cannot_capture` also stops the attack, which
            // Fairy-Stockfish's safety test of a flag piece still sees.
            refusals.push(refuse(
                Some(&piece.origin),
                "capture side effects (blast, petrify)",
                "`mutuallyImmuneTypes` with `flagPieceSafe` (a type that never captures its own still attacks it there)",
            ));
        }
        if never_capture.contains(&slot) {
            // A petrifying pseudo-royal piece: it captures nothing.
            let _ = write!(extra, ", cannot_capture: \"{every_letter}\"");
        } else if immune && !not_self {
            // `mutuallyImmuneTypes`: never captures its own type.
            let _ = write!(extra, ", cannot_capture: \"{}\"", piece.letter.to_ascii_uppercase());
        }
        if not_self {
            // Neither hops over nor captures its own type (either side's).
            let letter = piece.letter.to_ascii_uppercase();
            let _ = write!(extra, ", cannot_hop: \"{letter}\"");
            if !never_capture.contains(&slot) {
                let _ = write!(extra, ", cannot_capture: \"{letter}\"");
            }
            if state.promoted_types.iter().any(|&(_, to)| to == slot) {
                refusals.push(refuse(
                    Some(&piece.origin),
                    "hopper moves",
                    format!(
                        "pieces promote to `{}`, which may not hop over its own type: its promoted forms would be another type",
                        slot_name(slot)
                    ),
                ));
            }
        }
        // A soldier steps only forward before its promotion rank.
        let template = if slot_name(slot) == "soldier" && state.soldier_rank > 1 {
            let _ = write!(
                extra,
                ", moves_in: [(squares: {}, moves: {})]",
                ron_string(&format!("ranks({}..{ranks})", state.soldier_rank)),
                ron_string(&template)
            );
            "fW".to_string()
        } else {
            template
        };
        // `tripleStepRegion`: from there a pawn may also step three
        // squares, over empty squares, leaving both as en passant targets.
        let triple = [clip(state.triple_step_region[0]), clip(state.triple_step_region[1])];
        if slot == PAWN && triple != [0, 0] {
            if triple[0] != mirror(triple[1], files, ranks) || triple[0] & !double_region[0] != 0 {
                refusals.push(refuse(
                    Some(&piece.origin),
                    "regions",
                    "a triple-step region that is not mirrored for Black or not inside the double-step region",
                ));
            } else {
                let _ = write!(
                    extra,
                    ", moves_in: [(squares: {}, moves: {})]",
                    ron_string(&nonempty(region_sentence(triple[0], files, ranks))),
                    ron_string(&format!("{template}ifmnH"))
                );
            }
        }
        if template.contains('i') {
            if no_en_passant {
                extra.push_str(", en_passant_ranks: []");
            }
            match &initial_ranks {
                Some(r) => {
                    let list: Vec<String> = r.iter().map(u8::to_string).collect();
                    let _ = write!(extra, ", initial_ranks: [{}]", list.join(", "));
                }
                None => refusals.push(refuse(
                    Some(&piece.origin),
                    "regions",
                    "initial moves happen on a double-step region that is not whole ranks mirrored for Black",
                )),
            }
        }
        match state.mobility[slot] {
            [None, None] => {}
            [Some(white), Some(black)] if clip(white) == mirror(clip(black), files, ranks) => {
                let white = clip(white);
                if !line_convex(white, files, ranks) && rides(&template) {
                    refusals.push(refuse(
                        Some(&piece.origin),
                        "regions",
                        "a rider's mobility region has gaps along its lines: Fairy-Stockfish's riders may cross squares outside it, kaboom's `within` may not",
                    ));
                }
                let _ = write!(
                    extra,
                    ", within: {}",
                    ron_string(&nonempty(region_sentence(white, files, ranks)))
                );
            }
            _ => refusals.push(refuse(
                Some(&piece.origin),
                "regions",
                "the piece's mobility regions are not mirror images of each other",
            )),
        }
        // `diagonalLines`: on those squares the piece also moves by its
        // type's diagonal template, landing on them only; a king moves so
        // when it moves as the type its template names.
        let diagonal = if slot < builtin_pieces().len() {
            builtin_pieces()[slot].diagonal
        } else if slot == king_index() {
            builtin_pieces()
                .iter()
                .find(|p| matches!(p.movement, Movement::Betza(b) if b == template))
                .and_then(|p| p.diagonal)
        } else {
            None
        };
        if let Some(diagonal) = diagonal.filter(|_| lines != 0) {
            if (rides(diagonal) || diagonal.contains('p'))
                && !line_convex_along(lines, files, ranks, &[(1, 1), (1, -1)])
            {
                refusals.push(refuse(
                    Some(&piece.origin),
                    "regions",
                    "`diagonalLines` whose diagonals leave the lines and come back: Fairy-Stockfish's rides there cross squares off the lines, kaboom's `moves_along` may not",
                ));
            }
            let _ = write!(
                extra,
                ", moves_along: [(squares: \"diagonal_lines\", moves: {})]",
                ron_string(diagonal)
            );
            uses_lines = true;
        }
        if slot == king_index() || royalty.royal.contains(&slot) {
            extra.push_str(", royal: true");
        }
        let resets = |c: usize| state.move_rule_types[c].all || state.move_rule_types[c].slots.contains(&slot);
        if resets(0) != resets(1) {
            refusals.push(refuse(
                Some(&piece.origin),
                "other rules",
                "the move rule treats this piece differently per colour",
            ));
        }
        if resets(0) {
            extra.push_str(", pawn: true");
        }
        if !hidden.contains(&slot) {
            let _ = writeln!(
                pieces,
                "        (letter: '{}', name: {}, moves: {}{extra}),",
                piece.letter.to_ascii_uppercase(),
                ron_string(&slot_name(slot)),
                ron_string(&template)
            );
        }
        templates[slot] = Some(template);
    }
    has_royal |= royalty.any_royal(state);
    // From here on the pieces only promoted pieces can be are not pieces
    // of the variant (their movement stays in `templates`, for the forms).
    let shown;
    let state = if hidden.is_empty() {
        state
    } else {
        shown = fsf_piece_promotion::without(state, &hidden);
        &shown
    };
    let forms = fsf_piece_promotion::promoted_forms(state, &templates, &mut pieces, &mut refusals);

    // Promotion: the pawns' rule, then a rule per piece with a promoted form.
    let mut rules: Vec<String> = Vec::new();
    let pawns = [
        letters(state, &state.promotion_pawns[0]),
        letters(state, &state.promotion_pawns[1]),
    ];
    let choices = [
        letters(state, &state.promotion_choices[0]),
        letters(state, &state.promotion_choices[1]),
    ];
    let regions = [clip(state.promotion_region[0]), clip(state.promotion_region[1])];
    // Regions with each side's squares (`regions: [(name, white, black)]`),
    // for zones that do not mirror each other.
    let mut sided: Vec<String> = Vec::new();
    if uses_lines {
        // The same squares for both sides.
        sided.push(sided_region("diagonal_lines", &[lines, lines], files, ranks));
    }
    // With nothing to promote to, a pawn that must promote may not move
    // into the region (Fairy-Stockfish generates no such move), though it
    // attacks it: kaboom's rule with no choices.
    // (A pawn with a promoted form promotes to it instead.)
    let has_form = |c: usize| {
        let p = &state.promotion_pawns[c];
        state
            .promoted_types
            .iter()
            .any(|&(from, _)| p.all || p.slots.contains(&from))
    };
    // A promotion no piece can ever make (no pawn type in the start
    // position or a hand, none a promotion's result) is left out.
    let pawns_exist = |c: usize| {
        let t = &state.promotion_pawns[c];
        state.pieces.iter().enumerate().any(|(slot, p)| {
            p.as_ref().is_some_and(|p| {
                (t.all || t.slots.contains(&slot))
                    && (start_count(p.letter.to_ascii_uppercase()) + start_count(p.letter.to_ascii_lowercase()) > 0
                        || state.promoted_types.iter().any(|&(_, to)| to == slot)
                        || (0..2).any(|d| {
                            state.promotion_choices[d].all || state.promotion_choices[d].slots.contains(&slot)
                        }))
            })
        })
    };
    let promotes = |c: usize| {
        pawns_exist(c)
            && !pawns[c].is_empty()
            && (!choices[c].is_empty() || (state.mandatory_promotion && !has_form(c)))
            && regions[c] != 0
    };
    let pawn_slots: &[usize] = if promotes(0) {
        &state.promotion_pawns[0].slots
    } else {
        &[]
    };
    let promoting: Vec<usize> = pawn_slots.iter().copied().chain(forms.iter().map(|f| f.0)).collect();
    let immobile =
        fsf_piece_promotion::immobility(state, &templates, &promoting, regions[0], files, ranks, &mut refusals);
    if promotes(0) || promotes(1) {
        let origin = None;
        // Some pawn's template captures en passant (its promotion rules
        // then say whether such a capture promotes).
        let pawns_take_en_passant = || {
            pawn_slots.iter().any(|&s| {
                templates[s]
                    .as_deref()
                    .and_then(|t| betza::parse(t).ok())
                    .is_some_and(|t| t.components.iter().any(|c| c.en_passant))
            })
        };
        if pawns[0] == pawns[1] && choices[0] != choices[1] && promotes(0) && promotes(1) {
            // The same pawns, different choices: a rule per side, each on
            // a region with that side's squares only.
            match sided_promotion(state, pawn_slots, &immobile, &regions, files, ranks) {
                Ok(mandatory) => {
                    let en_passant = pawns_take_en_passant();
                    let en_passant = if en_passant { ", en_passant: false" } else { "" };
                    for (c, name) in [(0, "promotion_zone_white"), (1, "promotion_zone_black")] {
                        let mut own = [0, 0];
                        own[c] = regions[c];
                        sided.push(sided_region(name, &own, files, ranks));
                        rules.push(format!(
                            "(pieces: {}, squares: \"{name}\", choices: {}, mandatory: {mandatory}{en_passant}{})",
                            ron_string(&pawns[0]),
                            ron_string(&choices[c]),
                            limits_of(state, &choices[c]),
                        ));
                    }
                }
                Err(why) => refusals.push(refuse(origin, "regions", why)),
            }
        } else if pawns[0] != pawns[1] || choices[0] != choices[1] {
            refusals.push(refuse(
                origin,
                "piece promotion rules",
                "White and Black promote differently",
            ));
        } else {
            match relative_ranks(&regions, files, ranks) {
                Some(r) => {
                    let list: Vec<String> = r.iter().map(u8::to_string).collect();
                    // Limits on kinds that are choices (a limit of 0 bars
                    // none in Fairy-Stockfish: no limit).
                    let limits = limits_of(state, &choices[0]);
                    // Where a pawn could never move again it must promote.
                    let forced = fsf_piece_promotion::forced_ranks(pawn_slots, &immobile, files, ranks, &mut refusals);
                    let mandatory = match forced {
                        Some(list) if !state.mandatory_promotion && !list.is_empty() => {
                            format!("mandatory_ranks: [{list}]")
                        }
                        _ => format!("mandatory: {}", state.mandatory_promotion),
                    };
                    // Fairy-Stockfish never promotes a capture en passant.
                    let en_passant = pawn_slots.iter().any(|&s| {
                        let template = templates[s].as_deref().unwrap_or_default();
                        fsf_piece_promotion::en_passant_into(template, &templates, initial_ranks.as_deref(), &r, ranks)
                    });
                    let en_passant = if en_passant { ", en_passant: false" } else { "" };
                    rules.push(format!(
                        "(pieces: {}, ranks: [{}], choices: {}, {mandatory}{en_passant}{limits})",
                        ron_string(&pawns[0]),
                        list.join(", "),
                        ron_string(&choices[0]),
                    ));
                }
                None => match sided_promotion(state, pawn_slots, &immobile, &regions, files, ranks) {
                    Ok(mandatory) => {
                        let en_passant = pawns_take_en_passant();
                        let en_passant = if en_passant { ", en_passant: false" } else { "" };
                        let limits = limits_of(state, &choices[0]);
                        sided.push(sided_region("promotion_zone", &regions, files, ranks));
                        rules.push(format!(
                            "(pieces: {}, squares: \"promotion_zone\", choices: {}, mandatory: {mandatory}{en_passant}{limits})",
                            ron_string(&pawns[0]),
                            ron_string(&choices[0]),
                        ));
                    }
                    Err(why) => refusals.push(refuse(origin, "regions", why)),
                },
            }
        }
    }

    let zone = relative_ranks(&regions, files, ranks).filter(|r| !r.is_empty());
    let pawn_rule = !rules.is_empty();
    rules.extend(fsf_piece_promotion::form_rules(
        state,
        &fsf_piece_promotion::FormZone {
            forms: &forms,
            pawn_slots,
            pawn_rule,
            zone: zone.as_deref(),
            immobile: &immobile,
            templates: &templates,
            initial_ranks: initial_ranks.as_deref(),
            files,
            ranks,
        },
        &mut refusals,
    ));

    let promotion = match rules.as_slice() {
        [] => String::new(),
        [one] => format!("    promotion: {one},\n"),
        many => format!("    promotion: [\n        {},\n    ],\n", many.join(",\n        ")),
    };

    if state.piece_drops && state.drop_promoted && state.immobility_illegal {
        // Fairy-Stockfish bars a promoted drop where the promoted piece
        // could not move; kaboom's drop zone is the piece in hand's.
        refusals.push(refuse(
            None,
            "drops and hands",
            "`dropPromoted` with `immobilityIllegal`: a promoted drop is barred where the promoted piece could not move, but a drop zone is the piece in hand's".to_string(),
        ));
    }
    // A king in the start position's hand (every piece placed by drops).
    let king_held = state.pieces[king_index()].as_ref().is_some_and(|k| {
        state
            .start_fen
            .split_whitespace()
            .next()
            .and_then(|b| b.split_once('['))
            .is_some_and(|(_, hand)| hand.chars().any(|c| c.eq_ignore_ascii_case(&k.letter)))
    });
    let drops = if state.piece_drops {
        drops_section(state, files, ranks, &immobile, &mut sided, king_held)
    } else {
        String::new()
    };

    // Castling.
    let mut castling_rules = String::new();
    let mut castles: Vec<fsf_petrify::Castle> = Vec::new();
    let mut kept_rights = String::new();
    if let (Some(f), Some(rows)) = (&fen, &rows)
        && state.castling
        && f.castling != "-"
    {
        for right in f.castling.chars() {
            if !"KQkq".contains(right) {
                refusals.push(refuse(
                    start_origin,
                    "castling rules",
                    format!("castling right `{right}` (only K, Q, k, q are read)"),
                ));
            }
        }
        let rank = state.castling_rank;
        let find = |colour: usize, slot: Option<usize>, kingside: bool| -> Option<(u8, u8)> {
            // (king file, rook file) for one colour, or None.
            let r = if colour == 0 {
                rank
            } else {
                ranks.checked_sub(1 + rank)?
            };
            let row = rows.get(r as usize)?;
            let letter_of = |s: usize| state.pieces[s].as_ref().map(|p| p.letter);
            let is = |c: Option<char>, s: usize| {
                c.is_some_and(|c| {
                    Some(c.to_ascii_lowercase()) == letter_of(s) && c.is_ascii_uppercase() == (colour == 0)
                })
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
            // Fairy-Stockfish looks for the rook from
            // `castlingRookKingsideFile` (`...QueensideFile`) inwards.
            let rook_file = if kingside {
                let from = state.castling_rook_kingside_file.map_or(files, |f| (f + 1).min(files));
                (king_file + 1..from).rev().find(|&f| rook_at(f))?
            } else {
                (state.castling_rook_queenside_file..king_file).find(|&f| rook_at(f))?
            };
            Some((king_file, rook_file))
        };
        for (letter, kingside) in [('K', true), ('Q', false)] {
            let white = f.castling.contains(letter);
            let black = f.castling.contains(letter.to_ascii_lowercase());
            if !white && !black {
                continue;
            }
            let w = find(0, state.castling_king_piece[0], kingside);
            let b = find(1, state.castling_king_piece[1], kingside);
            let squares = match (white.then_some(w), black.then_some(b)) {
                (Some(None), _) | (_, Some(None)) => {
                    refusals.push(refuse(
                        start_origin,
                        "castling rules",
                        format!("castling right `{letter}` has no king and rook on the castling rank"),
                    ));
                    continue;
                }
                (Some(Some(w)), Some(Some(b))) if w != b => {
                    refusals.push(refuse(
                        start_origin,
                        "castling rules",
                        "White's and Black's castling pieces are not mirror images",
                    ));
                    continue;
                }
                (Some(Some(w)), _) => w,
                (_, Some(Some(b))) => b,
                (None, None) => continue,
            };
            let (king_file, rook_file) = squares;
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
                continue;
            }
            let rook_to = if kingside { king_to.wrapping_sub(1) } else { king_to + 1 };
            if rook_to >= files {
                refusals.push(refuse(
                    None,
                    "castling rules",
                    "the castling rook's destination is off the board",
                ));
                continue;
            }
            // The castling king named by its letter: in Fairy-Stockfish it
            // need not be royal (extinction variants), and kaboom's castling
            // king is the royal piece unless `king_piece` says otherwise.
            let king_piece = state.castling_king_piece[0]
                .and_then(|slot| state.pieces[slot].as_ref())
                .map(|p| format!(", king_piece: '{}'", p.letter.to_ascii_uppercase()))
                .unwrap_or_default();
            // `oppositeCastling`: castling on one side takes the other
            // side's right to castle on the same side.
            let takes = if state.opposite_castling {
                format!(", takes: \"{letter}\"")
            } else {
                String::new()
            };
            let king_piece = format!("{king_piece}{takes}");
            if state.chess960 {
                // Chess960 castling: the king and the rook are found in
                // each position (the outermost rook on its side), wherever
                // they start, and land on fixed files.
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
                    continue;
                };
                if !never_capture.is_empty() {
                    refusals.push(refuse(
                        None,
                        "capture side effects (blast, petrify)",
                        "`chess960` castling next to a petrifying pseudo-royal piece",
                    ));
                }
                let _ = writeln!(
                    castling_rules,
                    "        (fen: '{letter}', king_to: \"{}\", rook_to: \"{}\", side: {}, rook_piece: '{rook}'{king_piece}),",
                    square_name(king_to, rank),
                    square_name(rook_to, rank),
                    if kingside { "Right" } else { "Left" }
                );
            } else {
                castles.push(fsf_petrify::Castle {
                    letter,
                    king_file,
                    king_to,
                    rank,
                });
                let _ = writeln!(
                    castling_rules,
                    "        (fen: '{letter}', king: \"{}\", king_to: \"{}\", rook: \"{}\", rook_to: \"{}\"{king_piece}),",
                    square_name(king_file, rank),
                    square_name(king_to, rank),
                    square_name(rook_file, rank),
                    square_name(rook_to, rank)
                );
            }
            if white {
                kept_rights.push(letter);
            }
        }
        for letter in ['k', 'q'] {
            if f.castling.contains(letter)
                && castling_rules.contains(&format!("fen: '{}'", letter.to_ascii_uppercase()))
            {
                kept_rights.push(letter);
            }
        }
    }

    // `castlingDroppedPiece`: the rights come with the king and the corner
    // rooks dropped on their squares.
    if state.castling_dropped_piece && state.castling && state.piece_drops {
        match dropped_castling_rules(state, files, fen.as_ref().map(|f| f.castling.as_str())) {
            Ok(rules) => castling_rules.push_str(&rules),
            Err(why) => refusals.push(refuse(None, "castling rules", why)),
        }
    }

    // Petrification: its rule, and its clauses for castling and mate.
    let petrify = fsf_petrify::petrify(state, &royalty, &castles, outcome(state.checkmate_value), &mut refusals);

    // Game end, in Fairy-Stockfish's order.
    let mut end: Vec<String> = Vec::new();
    // Check counting: the side to move has lost once the other has given
    // its checks; the FEN's `3+3` field counts the checks left.
    let walling_rule = fsf_walling::rule(
        state,
        &fsf_walling::Moves {
            templates: &templates,
            royal: has_royal,
            king: state.pieces[king_index()].is_some(),
            castles: !castling_rules.is_empty(),
            promotes: !promotion.is_empty() || !forms.is_empty(),
        },
        [files, ranks],
        &mut sided,
        &mut refusals,
    );
    let checks = fen.as_ref().and_then(|f| f.checks);
    match (state.check_counting, checks) {
        (true, Some((w, b))) if w == b && w > 0 && has_royal => {
            end.push(format!("checks(enemy) >= {w}: loss"));
        }
        (true, Some(_)) if !has_royal => {
            refusals.push(refuse(
                start_origin,
                "check counting",
                "checks are counted, but there is no king to check",
            ));
        }
        (true, Some((w, b))) => refusals.push(refuse(
            start_origin,
            "check counting",
            format!("the sides start with different numbers of checks to give (`{w}+{b}`)"),
        )),
        // A start FEN that could not be read, refused above.
        (true, None) => {}
        (false, Some(_)) => refusals.push(refuse(
            start_origin,
            "check counting",
            "the start FEN counts checks, but `checkCounting` is off",
        )),
        (false, None) => {}
    }
    let present = |slot: usize| state.pieces[slot].is_some();
    if royalty.extinction
        && state.extinction_value != Value::None
        && (state.extinction_types.all || !state.extinction_types.slots.is_empty())
    {
        let mut types: Vec<Option<usize>> = Vec::new();
        if state.extinction_types.all {
            types.push(None);
        }
        let hands = state.piece_drops;
        // `extinctionClaim`: the side to move is extinct only while the
        // opponent has one piece more than `extinctionOpponentPieceCount`.
        let claim = u32::from(state.extinction_claim);
        if hands && (state.extinction_count > 0 || state.extinction_opponent_count + claim > 1) {
            refusals.push(refuse(
                None,
                "drops and hands",
                "extinction counts the pieces in hand too, which kaboom counts against a number only when it is 0 (or 1 for the opponent's)",
            ));
        }
        let mut slots = state.extinction_types.slots.clone();
        slots.sort_unstable();
        types.extend(slots.into_iter().map(Some));
        for (side, other, value, opponents) in [
            (
                "enemy",
                "own",
                negate(state.extinction_value),
                state.extinction_opponent_count,
            ),
            (
                "own",
                "enemy",
                state.extinction_value,
                state.extinction_opponent_count + claim,
            ),
        ] {
            for t in &types {
                let set = |who: &str| match t {
                    None => who.to_string(),
                    Some(s) => format!(
                        "{who} {}",
                        state.pieces[*s]
                            .as_ref()
                            .map(|p| p.letter.to_ascii_uppercase())
                            .unwrap_or('?')
                    ),
                };
                // With drops, Fairy-Stockfish counts the pieces in hand
                // too (`count_with_hand`): none on the board and none in
                // hand, or some on either.
                let mut cond = match t {
                    Some(s) if !present(*s) => "true".to_string(),
                    _ if hands && state.extinction_count == 0 => {
                        format!("count({0}) <= 0 and held({0}) == 0", set(side))
                    }
                    _ => format!("count({}) <= {}", set(side), state.extinction_count),
                };
                if opponents > 0 {
                    match t {
                        Some(s) if !present(*s) => continue,
                        _ if hands && opponents == 1 => {
                            let _ = write!(cond, " and (count({0}) >= 1 or held({0}) >= 1)", set(other));
                        }
                        _ => {
                            let _ = write!(cond, " and count({}) >= {}", set(other), opponents);
                        }
                    }
                }
                if let Some(o) = outcome(value) {
                    end.push(format!("{cond}: {o}"));
                }
            }
        }
    }
    let flags = [clip(state.flag_region[0]), clip(state.flag_region[1])];
    // Flag regions that do not mirror each other become a region with each
    // side's squares, read for the side that just moved.
    if flags != [0, 0] {
        // Each side's region seen from the side to move: the enemy's, and
        // its own.
        let (enemy_goal, own_goal) = if flags[0] == mirror(flags[1], files, ranks) {
            (
                format!("({})", region_sentence(flags[1], files, ranks)),
                format!("({})", region_sentence(flags[0], files, ranks)),
            )
        } else {
            sided.push(sided_region("flag", &flags, files, ranks));
            ("enemy flag".to_string(), "own flag".to_string())
        };
        // A side with no flag region never reaches it: only the other
        // side's flag piece counts.
        let piece = match flags {
            [_, 0] => Some(state.flag_piece[0]),
            [0, _] => Some(state.flag_piece[1]),
            _ => (state.flag_piece[0] == state.flag_piece[1]).then_some(state.flag_piece[0]),
        };
        match piece {
            None => refusals.push(refuse(
                None,
                "flag rules beyond reaching a region",
                "White's and Black's flag pieces differ",
            )),
            Some(piece) => {
                let letter = match piece {
                    None => Some(String::new()),
                    Some(s) => state.pieces[s]
                        .as_ref()
                        .map(|p| format!(" {}", p.letter.to_ascii_uppercase())),
                };
                if let Some(letter) = letter {
                    let n = state.flag_piece_count;
                    let reached = |who: &str, goal: &str| {
                        let there = format!("{who}{letter} & {goal}");
                        if state.flag_piece_safe {
                            // Exactly as many as needed: each must be safe.
                            format!("(count({there}) > {n} or count({there}) == {n} and not attacked({there}))")
                        } else {
                            format!("count({there}) >= {n}")
                        }
                    };
                    let enemy_reached = reached("enemy", &enemy_goal);
                    let own_reached = reached("own", &own_goal);
                    if state.flag_piece_safe && state.flag_move {
                        refusals.push(refuse(
                            None,
                            "flag rules beyond reaching a region",
                            "`flagPieceSafe` with `flagMove` (only unsafe flag pieces give the extra move)",
                        ));
                    } else if state.flag_piece_safe {
                        // Fairy-Stockfish: reaching safely wins, both sides
                        // at once draw.
                        end.push(format!("{own_reached} and {enemy_reached}: draw"));
                        end.push(format!("{own_reached}: win"));
                        end.push(format!("{enemy_reached}: loss"));
                    } else if state.flag_move {
                        end.extend(flag_move_rules(
                            state,
                            piece,
                            &letter,
                            &own_goal,
                            [&own_reached, &enemy_reached],
                            &mut refusals,
                        ));
                    } else {
                        end.push(format!("{enemy_reached}: loss"));
                    }
                }
            }
        }
    }
    // `castlingWins`, after extinction and flags, as Fairy-Stockfish checks it.
    end.extend(castling_wins_rules(state, &castling_rules, &mut refusals));
    // Connection goals, checked for the side that just moved.
    end.extend(connect_rules(state, &mut refusals));
    // Passing: the same for both sides, and two passes in a row end the
    // game (as drawn, or counted).
    let passing = state.pass[0] || state.pass_on_stalemate[0];
    if state.pass[0] != state.pass[1] || state.pass_on_stalemate[0] != state.pass_on_stalemate[1] {
        refusals.push(refuse(None, "passing", "only one side may pass"));
    } else if passing {
        end.push(format!("passes >= 2: {}", drawn_by(state.draw_winner, "draw")));
    }
    // Mate by a drop of the `shogiPawn` piece: the side mated wins.
    if state.pawn_drop_mate_loses
        && has_royal
        && let Some(p) = super::fsf_pieces::slot_of("shogiPawn").and_then(|slot| state.pieces[slot].as_ref())
    {
        end.push(format!("checkmate if dropped({}): win", p.letter.to_ascii_uppercase()));
    }
    end.extend(royalty.mated.iter().cloned());
    end.extend(petrify.mated.iter().cloned());
    match outcome(state.checkmate_value) {
        Some(o) if has_royal => end.push(format!("checkmate: {o}")),
        Some(_) => {}
        None => refusals.push(refuse(None, "other rules", "checkmate has no result (`none`)")),
    }
    // `materialCounting` with draw odds: what would be drawn (stalemate,
    // the move rule, repetition) is a win of that side.
    let drawn = |o: &'static str| drawn_by(state.draw_winner, o);
    match outcome(state.stalemate_value) {
        // `stalematePieceCount`: the side with fewer pieces gets the
        // stalemate's value, the other its opposite, equal counts draw.
        Some(o) if state.stalemate_piece_count => {
            end.push(format!("stalemate if count(own) < count(enemy): {}", drawn(o)));
            if let Some(n) = outcome(negate(state.stalemate_value)) {
                end.push(format!("stalemate if count(own) > count(enemy): {}", drawn(n)));
            }
            end.push(format!("stalemate: {}", drawn("draw")));
        }
        Some(o) => end.push(format!("stalemate: {}", drawn(o))),
        None => refusals.push(refuse(None, "other rules", "stalemate has no result (`none`)")),
    }
    if state.n_move_rule > 0 {
        end.push(format!("{} moves: {}", state.n_move_rule, drawn("draw")));
    }
    if state.n_fold_rule > 0 {
        // `perpetualCheckIllegal`: at the repetition, a side that gave
        // check at every one of its moves since the position first stood
        // loses (both: a draw), before the plain rule.
        if state.perpetual_check_loses {
            if state.draw_winner.is_some() {
                refusals.push(refuse(
                    None,
                    "counting and adjudication",
                    "a repetition where both sides checked throughout would be counted (`materialCounting`)",
                ));
            }
            end.push(format!("{} repetitions by perpetual check: loss", state.n_fold_rule));
        }
        // `nFoldValueAbsolute`: the value is White's.
        let value = match (state.n_fold_absolute, outcome(state.n_fold_value)) {
            (true, Some("win")) => Some("white wins"),
            (true, Some("loss")) => Some("black wins"),
            (_, o) => o.map(drawn),
        };
        match value {
            Some(o) => end.push(format!("{} repetitions: {o}", state.n_fold_rule)),
            None => refusals.push(refuse(None, "repetition rules", "repetition has no result (`none`)")),
        }
    }
    // `countingRule`: an optional draw, after the move and repetition
    // rules as Fairy-Stockfish checks them (a draw, whatever
    // `materialCounting` says).
    let counting = match super::fsf_counting::counting_field(state) {
        None => None,
        Some(Ok((field, rule))) => {
            end.push(rule.to_string());
            Some(field)
        }
        Some(Err(r)) => {
            refusals.push(r);
            None
        }
    };

    if !refusals.is_empty() {
        refusals.sort_by_key(|r| r.origin.as_ref().map(|o| (o.builtin, o.line)));
        return Err(refusals);
    }
    let f = fen.expect("a FEN without refusals");
    let rights = if kept_rights.is_empty() {
        "-".to_string()
    } else {
        kept_rights
    };
    // A variant with drops writes the hands, empty ones too.
    let board = if state.piece_drops && !f.board.contains('[') {
        format!("{}[]", f.board)
    } else {
        f.board.clone()
    };
    let checks = f.checks.map(|(w, b)| format!(" {w}+{b}")).unwrap_or_default();
    let start = format!("{board} {} {rights} {}{checks} {}", f.side, f.ep, f.clocks);
    let mut out = String::new();
    let place = if header.builtin {
        format!("Fairy-Stockfish's built-in variant `{}`", header.section)
    } else {
        format!(
            "section [{}] (line {}) of a Fairy-Stockfish variants.ini",
            header.section, header.line
        )
    };
    let _ = writeln!(out, "// Converted by `kaboom import` from {place}.");
    out.push_str("(\n");
    let _ = writeln!(out, "    name: {},", ron_string(name));
    let _ = writeln!(
        out,
        "    description: {},",
        ron_string(&format!("Imported from {place}."))
    );
    let _ = writeln!(out, "    board: (files: {files}, ranks: {ranks}),");
    if !sided.is_empty() {
        let _ = writeln!(out, "    regions: [{}],", sided.join(", "));
    }
    let _ = writeln!(out, "    pieces: [\n{pieces}    ],");
    let _ = writeln!(out, "    start: {},", ron_string(&start));
    out.push_str(&promotion);
    out.push_str(&drops);
    if !castling_rules.is_empty() {
        let _ = writeln!(out, "    castling: [\n{castling_rules}    ],");
        if state.chess960 {
            let _ = writeln!(out, "    castling_notation: KingTakesRook,");
        }
    }
    if state.piece_demotion {
        // Fairy-Stockfish's clock runs on over a promotion to a promoted
        // form where forms may turn back (`pieceDemotion`).
        let _ = writeln!(out, "    clock_resets: [Captures, PawnMoves, Promotions, Drops],");
    }
    let mut rules: Vec<String> = petrify
        .rule
        .iter()
        .chain(&royalty.rule)
        .map(|r| ron_string(r))
        .collect();
    match walling_rule {
        Some(fsf_walling::Walls::Rule(rule)) => rules.push(ron_string(&rule)),
        Some(fsf_walling::Walls::Action(action)) => {
            let _ = writeln!(out, "    actions: [\n        {action},\n    ],");
        }
        None => {}
    }
    if !rules.is_empty() {
        let _ = writeln!(out, "    rules: [{}],", rules.join(", "));
    }
    let mut legal: Vec<&str> = royalty.legal.iter().chain(&petrify.legal).map(String::as_str).collect();
    if has_royal {
        if !state.checking {
            legal.push("not attacked(enemy royal)");
        }
        if state.flying_general {
            // The kings may not face each other with nothing between them,
            // on a file or a rank (Fairy-Stockfish looks along both).
            legal.push("not exists(first(own royal, R) & enemy royal)");
        }
    }
    if state.must_capture {
        legal.push("captures are compulsory");
    }
    // Fairy-Stockfish's `mustDrop`: a move that drops nothing is illegal
    // while a drop is legal (a drop captures nothing, so with `mustCapture`
    // a legal capture still comes first, as it does there).
    if state.must_drop && state.piece_drops {
        legal.push("drops are compulsory");
    }
    if legal != ["own royal not attacked"] {
        let list: Vec<String> = legal.iter().map(|l| ron_string(l)).collect();
        let _ = writeln!(out, "    legal: [{}],", list.join(", "));
    }
    if state.pass[0] {
        out.push_str("    pass: true,\n");
    } else if state.pass_on_stalemate[0] {
        out.push_str("    pass_on_stalemate: true,\n");
    }
    if let Some(field) = counting {
        out.push_str(&field);
    }
    let end: Vec<String> = end.iter().map(|e| format!("        {},\n", ron_string(e))).collect();
    let _ = writeln!(out, "    end: [\n{}    ],", end.concat());
    out.push_str(")\n");
    Ok(out)
}

/// A set sentence that reads an empty region too.
/// The end rules of `connectN`, `connectNxN` and `collinearN`, in
/// Fairy-Stockfish's order: read for the side to move, they look at the
/// pieces of the side that has just moved (`enemy`), rows and lines along
/// `connectHorizontal` (`sW`), `connectVertical` (`vW`) and
/// `connectDiagonal` (`F`); the side to move gets the opposite of
/// `connectValue`. A goal of one piece holds with any piece; a goal no
/// board can hold, or one without directions or pieces, never holds and
/// is left out.
fn connect_rules(state: &State, refusals: &mut Vec<Refusal>) -> Vec<String> {
    let goals = [
        ("in_row", state.connect_n),
        ("in_block", state.connect_nxn),
        ("collinear", state.collinear_n),
    ];
    if goals.iter().all(|(_, n)| *n == 0) {
        return Vec::new();
    }
    let Some(result) = outcome(negate(state.connect_value)) else {
        refusals.push(refuse(
            None,
            "connection goals",
            "a connection has no result (`connectValue = none`)",
        ));
        return Vec::new();
    };
    let [horizontal, vertical, diagonal] = state.connect_lines;
    let directions = match (horizontal, vertical) {
        (true, true) if diagonal => "K".to_string(),
        (true, true) => "W".to_string(),
        (true, false) => "sW".to_string(),
        (false, true) => "vW".to_string(),
        (false, false) => String::new(),
    } + if diagonal && !(horizontal && vertical) { "F" } else { "" };
    let kinds = letters(state, &state.connect_types);
    if kinds.is_empty() {
        return Vec::new();
    }
    let set = if state.connect_types.all {
        "enemy".to_string()
    } else {
        let spaced: Vec<String> = kinds.chars().map(String::from).collect();
        format!("enemy {}", spaced.join(" "))
    };
    let mut out = Vec::new();
    for (word, n) in goals {
        let lines = word != "in_block";
        if n == 0 || (lines && directions.is_empty()) || n > u32::from(crate::base::vocabulary::LINE_GOAL_MAX) {
            continue;
        }
        out.push(match (n, lines) {
            (1, _) => format!("exists({set}): {result}"),
            (_, true) => format!("{word}({set}, {n}, {directions}): {result}"),
            (_, false) => format!("in_block({set}, {n}): {result}"),
        });
    }
    out
}

/// A region with each side's squares, from the two sides' regions as
/// Fairy-Stockfish gives them (Black's in board coordinates, written as
/// Black reads them).
/// The end rules of `flagMove`, as Fairy-Stockfish checks them for the
/// side to move (`[own, enemy]` reached): having reached its flag region a
/// move ago and not been driven out, the side to move wins (a draw if it is
/// White and Black's king, the flag piece, has reached its region too).
/// Where the flag piece is the king, a side to move whose opponent has
/// reached its region loses at once, unless it is Black, not in check, and
/// its king can follow into its own region.
fn flag_move_rules(
    state: &State,
    piece: Option<usize>,
    letter: &str,
    own_goal: &str,
    [own_reached, enemy_reached]: [&str; 2],
    refusals: &mut Vec<Refusal>,
) -> Vec<String> {
    let king = piece == Some(super::fsf_pieces::king_index());
    let mut rules = Vec::new();
    if king {
        // Fairy-Stockfish's king may follow by castling, to the rook's
        // square; kaboom's castling king lands on its own square.
        let black_back = (0..state.files).fold(0, |b: Squares, f| b | square(f, state.ranks - 1 - state.castling_rank));
        if state.castling && state.flag_region[1] & black_back != 0 {
            refusals.push(refuse(
                None,
                "flag rules beyond reaching a region",
                "`flagMove` with a castling king as the flag piece and Black's flag region on Black's castling rank",
            ));
        }
        rules.push(format!(
            "{own_reached} and {enemy_reached} and exists(own & white): draw"
        ));
    }
    rules.push(format!("{own_reached}: win"));
    if king {
        rules.push(format!(
            "{enemy_reached} and not (exists(own & black) and not attacked(own{letter}) and can reach(own{letter}, {own_goal})): loss"
        ));
    }
    rules
}

pub(super) fn sided_region(name: &str, regions: &[Squares; 2], files: u8, ranks: u8) -> String {
    format!(
        "(name: \"{name}\", white: {}, black: {})",
        ron_string(&nonempty(region_sentence(regions[0], files, ranks))),
        ron_string(&nonempty(region_sentence(
            mirror(regions[1], files, ranks),
            files,
            ranks
        )))
    )
}

/// A promotion rule's `limits` field (`, limits: {'Q': 1}`) for the
/// limits on kinds among `choices` (a limit of 0 bars none in
/// Fairy-Stockfish: no limit), or nothing.
fn limits_of(state: &State, choices: &str) -> String {
    let limits: Vec<String> = state
        .promotion_limit
        .iter()
        .filter(|&&(_, n)| n > 0)
        .filter_map(|&(slot, n)| {
            let letter = state.pieces[slot].as_ref()?.letter.to_ascii_uppercase();
            choices.contains(letter).then(|| format!("'{letter}': {n}"))
        })
        .collect();
    if limits.is_empty() {
        String::new()
    } else {
        format!(", limits: {{{}}}", limits.join(", "))
    }
}

/// Whether the pawns' promotion, on regions that are not whole ranks
/// mirrored for Black, can be a rule on `squares` (compulsory on all of
/// them or on none): Ok(whether it is compulsory), or why not.
fn sided_promotion(
    state: &State,
    pawn_slots: &[usize],
    immobile: &[Squares],
    regions: &[Squares; 2],
    files: u8,
    ranks: u8,
) -> Result<bool, &'static str> {
    // Where a pawn could never move again (White's squares; Black's
    // mirror them) it must promote: those squares must be in each side's
    // zone, and promotion compulsory on all of it.
    let stuck = pawn_slots
        .iter()
        .fold(0, |a, &s| a | immobile.get(s).copied().unwrap_or(0));
    if stuck & !regions[0] != 0 || mirror(stuck, files, ranks) & !regions[1] != 0 {
        return Err("a pawn could never move again outside its promotion region");
    }
    if stuck != 0 && !state.mandatory_promotion {
        return Err(
            "the promotion region is not whole ranks mirrored for Black, and promotion is compulsory on some of its squares only",
        );
    }
    Ok(state.mandatory_promotion)
}

fn nonempty(sentence: String) -> String {
    if sentence.is_empty() {
        "all - all".to_string()
    } else {
        sentence
    }
}

/// `castlingWins`: castling with one of its rights wins; a side that has
/// lost every one of its own rights among them loses (the side that just
/// moved first, when both have), as Fairy-Stockfish checks them.
fn castling_wins_rules(state: &State, castling_rules: &str, refusals: &mut Vec<Refusal>) -> Vec<String> {
    let wins = &state.castling_wins;
    if wins.is_empty() {
        return Vec::new();
    }
    let mut rules = Vec::new();
    for letter in wins.chars() {
        if !castling_rules.contains(&format!("fen: '{}'", letter.to_ascii_uppercase())) {
            refusals.push(refuse(
                None,
                "castling rules",
                format!("`castlingWins` names `{letter}`, a castling the variant does not have"),
            ));
            return Vec::new();
        }
    }
    if state.check_counting {
        refusals.push(refuse(None, "castling rules", "`castlingWins` with `checkCounting`"));
        return Vec::new();
    }
    for letter in wins.chars() {
        rules.push(format!("castled({letter}): loss"));
    }
    let lost = |white: bool| {
        let held: Vec<String> = wins
            .chars()
            .filter(|c| c.is_ascii_uppercase() == white)
            .map(|c| format!("castling({c})"))
            .collect();
        (!held.is_empty()).then(|| format!("not ({})", held.join(" or ")))
    };
    match (lost(true), lost(false)) {
        (Some(w), Some(b)) => {
            rules.push(format!("{w} and {b}: win"));
            rules.push(format!("{w}: black wins"));
            rules.push(format!("{b}: white wins"));
        }
        (Some(w), None) => rules.push(format!("{w}: black wins")),
        (None, Some(b)) => rules.push(format!("{b}: white wins")),
        (None, None) => {}
    }
    rules
}

/// Whether a template has rides (whose way, not only destination, a
/// region could cut).
fn rides(template: &str) -> bool {
    crate::lang::betza::parse(template).is_ok_and(|t| {
        t.components
            .iter()
            .any(|c| matches!(c.reach, crate::lang::betza::Reach::Ride { .. }))
    })
}

/// Whether every two squares of a region on one rank, file or diagonal
/// have every square between them in the region too, so that a ride that
/// leaves it never comes back.
fn line_convex(region: Squares, files: u8, ranks: u8) -> bool {
    line_convex_along(region, files, ranks, &[(1, 0), (0, 1), (1, 1), (1, -1)])
}

/// [`line_convex`] along the given directions only.
fn line_convex_along(region: Squares, files: u8, ranks: u8, directions: &[(i32, i32)]) -> bool {
    let inside = |f: i32, r: i32| {
        (0..files as i32).contains(&f) && (0..ranks as i32).contains(&r) && region & square(f as u8, r as u8) != 0
    };
    for r in 0..ranks as i32 {
        for f in 0..files as i32 {
            if !inside(f, r) {
                continue;
            }
            for &(dx, dy) in directions {
                let (mut x, mut y, mut left) = (f + dx, r + dy, false);
                while (0..files as i32).contains(&x) && (0..ranks as i32).contains(&y) {
                    if !inside(x, y) {
                        left = true;
                    } else if left {
                        return false;
                    }
                    x += dx;
                    y += dy;
                }
            }
        }
    }
    true
}

/// The `drops` section of a variant with `pieceDrops`: where pieces may
/// be dropped (Fairy-Stockfish's drop region, and for pawns neither the
/// first rank nor the promotion zone unless its options allow them).
fn drops_section(
    state: &State,
    files: u8,
    ranks: u8,
    immobile: &[Squares],
    sided: &mut Vec<String>,
    hold_royal: bool,
) -> String {
    let board: Squares = (0..ranks).fold(0, |a, r| a | (0..files).fold(0, |b, f| b | square(f, r)));
    // Each side's drop region, Black's as Black reads it (mirrored).
    let region = [
        state.drop_region[0].unwrap_or(board) & board,
        mirror(state.drop_region[1].unwrap_or(board) & board, files, ranks),
    ];
    let promotion = [
        state.promotion_region[0] & board,
        mirror(state.promotion_region[1] & board, files, ranks),
    ];
    let has_pawn = state.pieces[PAWN].is_some();
    // Each piece's squares per side (as each side reads them), and whether
    // it may not go on a file holding one of its own (`dropNoDoubled`);
    // pieces alike share a zone.
    let mut groups: Vec<([Squares; 2], bool, String)> = Vec::new();
    for (slot, p) in state.pieces.iter().enumerate() {
        let Some(p) = p else { continue };
        // The king is held only where the start position holds it.
        if slot == king_index() && !hold_royal {
            continue;
        }
        let stuck = immobile.get(slot).copied().unwrap_or(0);
        let zone = [0, 1].map(|c| {
            // `enclosingDrop = anyside` replaces the drop region and the
            // pawns' limits (Fairy-Stockfish starts its squares afresh).
            if state.drop_from_any_side {
                return board & !stuck;
            }
            let mut z = region[c] & !stuck;
            if slot == PAWN && has_pawn {
                if !state.promotion_zone_pawn_drops {
                    z &= !promotion[c];
                }
                if !state.first_rank_pawn_drops {
                    z &= !rank_squares(0);
                }
            }
            z
        });
        let mut no_doubled = state.drop_no_doubled == Some(slot);
        let mut zone = zone;
        if no_doubled {
            match state.drop_no_doubled_count {
                // Every file holds at least none: never dropped.
                0 => (zone, no_doubled) = ([0, 0], false),
                n if n > u32::from(ranks) => no_doubled = false,
                _ => {}
            }
        }
        if state.drop_from_any_side {
            no_doubled = false;
        }
        if zone == [board, board] && !no_doubled && !state.drop_on_top_of_pieces && !state.drop_from_any_side {
            continue;
        }
        let letter = p.letter.to_ascii_uppercase();
        match groups.iter_mut().find(|g| g.0 == zone && !g.1 && !no_doubled) {
            Some(g) => g.2.push(letter),
            None => groups.push((zone, no_doubled, letter.to_string())),
        }
    }
    let squares = |s: Squares| match s {
        0 => "all - all".to_string(),
        s => region_sentence(s, files, ranks),
    };
    let mut named = 0;
    let zones: Vec<String> = groups
        .iter()
        .map(|(zone, no_doubled, letters)| {
            // Zones that differ between the sides are regions with each
            // side's squares.
            let mut set = if zone[0] == zone[1] {
                squares(zone[0])
            } else {
                named += 1;
                let name = if named == 1 {
                    "drop_zone".to_string()
                } else {
                    format!("drop_zone{named}")
                };
                sided.push(sided_region(
                    &name,
                    &[zone[0], mirror(zone[1], files, ranks)],
                    files,
                    ranks,
                ));
                name
            };
            if state.drop_on_top_of_pieces {
                // `enclosingDrop = top`: White's first rank or right above
                // a piece, whoever drops (Fairy-Stockfish's is absolute).
                set = format!("({set}) & (white ranks(1) + white lines(any, fW))");
            }
            if state.drop_from_any_side {
                set = match zone[0] == board && zone[1] == board {
                    true => any_side_squares(files, ranks),
                    false => format!("({set}) & ({})", any_side_squares(files, ranks)),
                };
            }
            if *no_doubled {
                // Not on a file that holds `dropNoDoubledCount` of the
                // side's own.
                set = match state.drop_no_doubled_count {
                    1 => format!("({set}) - lines(own {letters}, vR)"),
                    n => format!("({set}) - lines(own {letters}, vR, {n})"),
                };
            }
            format!("(pieces: {}, squares: {})", ron_string(letters), ron_string(&set))
        })
        .collect();
    // `dropLoop`: captured promoted pieces keep their promoted form.
    let keep = if state.drop_loop {
        "demote_captured: false, "
    } else {
        ""
    };
    // `dropPromoted`: pieces in hand may also go down promoted.
    let promoted = if state.drop_promoted {
        "drop_promoted: true, "
    } else {
        ""
    };
    // A start position with the king in hand: royal pieces are held.
    let royal = if hold_royal { "hold_royal: true, " } else { "" };
    // `dropOppositeColoredBishop`: bishops split over the square colours.
    let split = match slot_of("bishop").and_then(|b| state.pieces[b].as_ref()) {
        Some(b) if state.drop_opposite_coloured_bishop => {
            format!("split_colours: \"{}\", ", b.letter.to_ascii_uppercase())
        }
        _ => String::new(),
    };
    format!(
        "    drops: (captures_to_hand: {}, {keep}{promoted}{royal}{split}zones: [{}]),\n",
        state.captures_to_hand,
        zones.join(", ")
    )
}

/// `castlingDroppedPiece`: castling rules whose rights a drop gains, as
/// Fairy-Stockfish grants them: the castling king dropped on its castling
/// square with a castling rook in a corner of the castling rank, or such a
/// rook dropped in a corner with the king in place (`by_drop`).
fn dropped_castling_rules(state: &State, files: u8, rights: Option<&str>) -> Result<String, String> {
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
    let mut rules = String::new();
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
        let _ = writeln!(
            rules,
            "        (fen: '{fen}', king: \"{}\", king_to: \"{}\", rook: \"{}\", rook_to: \"{}\", king_piece: '{king}', rook_piece: '{rook}', by_drop: true),",
            square_name(king_file, rank),
            square_name(king_to, rank),
            square_name(rook_file, rank),
            square_name(rook_to, rank),
        );
    }
    Ok(rules)
}

/// `enclosingDrop = anyside`: the squares a piece reaches entering the
/// board from an edge, as Fairy-Stockfish finds them (absolute, for both
/// sides): from the left edge (its square on the first file empty), the
/// square before the rank's first piece, or the last file's if the rank is
/// empty; from the bottom edge likewise up the file; from the top edge
/// (its square empty), the lowest empty square of the file; from the
/// right edge (its square empty), the leftmost empty square of the rank.
fn any_side_squares(files: u8, ranks: u8) -> String {
    let last_file = format!("files({})", char::from(b'a' + files - 1));
    let top = format!("white ranks({ranks})");
    [
        format!("(empty - white lines(any, rR)) & (white lines(any, lW) + {last_file})"),
        format!("(empty - white lines(any, fR)) & (white lines(any, bW) + {top})"),
        format!("(empty - white lines(empty, fR)) & (white lines({top} & empty, bR) + {top})"),
        format!("(empty - white lines(empty, rR)) & (white lines({last_file} & empty, lR) + {last_file})"),
    ]
    .map(|term| format!("({term})"))
    .join(" + ")
}

fn gap_for_builtin(why: &str) -> &'static str {
    if why.contains("hopper") {
        "hopper moves"
    } else if why.contains("region") {
        "regions"
    } else {
        "multi-leg moves"
    }
}

/// Outcome `o`, where `materialCounting` with draw odds makes a draw a win
/// of `winner`.
fn drawn_by(winner: Option<&'static str>, o: &'static str) -> &'static str {
    match winner {
        Some(winner) if o == "draw" => winner,
        _ => o,
    }
}
