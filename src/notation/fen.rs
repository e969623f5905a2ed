//! FEN for positions of a variant: reads a [`FenRecord`] into a
//! [`Position`] and writes a position back, exactly.

use crate::base::limits::MAX_COUNTING_LIMIT;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::tables::{SETS_EN_PASSANT, passed_squares};
use crate::compile::{CastlingRule, Variant};
use crate::engine::count::Count;
use crate::engine::position::Position;
use crate::lang::fen_syntax::{self as fen, FenCell, FenError, FenRecord};
use crate::spec::CastlingSide;

/// Reads a FEN of `variant`, whose castling rules keep the squares they
/// were compiled with (see [`parse_fitting`] for a FEN of another start
/// position of a random setup).
///
/// ```
/// use kaboom::fen;
/// let shogi = kaboom::Variant::load("shogi").unwrap();
/// // A promoted bishop (`+B`) and a bishop in hand, as Fairy-Stockfish writes them.
/// let text = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2";
/// let pos = fen::parse(&shogi, text).unwrap();
/// assert_eq!(fen::write(&shogi, &pos), text);
/// let err = fen::parse(&shogi, "4k4/9/9/9/4+G4/9/9/9/4K4[] w - - 0 1").unwrap_err();
/// assert_eq!(err.message, "`+G` is not a promoted piece of this variant");
/// ```
pub fn parse(variant: &Variant, text: &str) -> Result<Position, FenError> {
    let record = read_record(variant, text)?;
    position_from_record(variant, &record)
}

/// Reads a FEN of `variant`, first finding the castling kings and rooks in
/// it when the variant's castling rules look for them
/// (`Variant::fit_castling`): every FEN kaboom writes for the variant,
/// from whichever start position, reads back with no seed.
pub fn parse_fitting(variant: &mut Variant, text: &str) -> Result<Position, FenError> {
    let record = read_record(variant, text)?;
    variant.fit_castling(&record);
    position_from_record(variant, &record)
}

/// Reads the text of a FEN of `variant` into a record: its letters, and
/// `+X` for its promoted forms.
fn read_record(variant: &Variant, text: &str) -> Result<FenRecord, FenError> {
    let g = variant.geometry;
    fen::parse_with_promoted(
        text.trim(),
        g.files,
        g.ranks,
        |c| variant.kind_of_letter(c).is_some(),
        |c| variant.promoted_form_letter(c),
    )
}

/// Builds a position from a FEN record, checking castling rights and the
/// en passant square against the variant.
pub fn position_from_record(variant: &Variant, record: &FenRecord) -> Result<Position, FenError> {
    let g = variant.geometry;
    let mut pos = Position::empty(g);
    for (sq, cell) in record.board.iter().enumerate() {
        let cell = match *cell {
            FenCell::Empty | FenCell::Slot => continue,
            FenCell::Blocked => Cell::BLOCKED,
            FenCell::Piece(c) => {
                let kind = variant
                    .kind_of_letter(c)
                    .expect("the FEN reader accepted only known letters");
                Cell::piece(
                    kind,
                    if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    },
                )
            }
        };
        pos.set(variant, Square::from_index(sq), cell);
    }
    pos.side = if record.white_to_move {
        Color::White
    } else {
        Color::Black
    };
    read_castling_rights(variant, &mut pos, record)?;
    pos.halfmove = record.halfmove;
    if !read_count(variant, &mut pos, record)? {
        read_en_passant(variant, &mut pos, record)?;
    }
    pos.fullmove = record.fullmove;
    read_checks(variant, &mut pos, record)?;
    read_hands(variant, &mut pos, record)?;
    for (key, value, span) in &record.extras {
        super::fen_extensions::read(variant, &mut pos, key, value).map_err(|(message, help)| FenError {
            message,
            span: span.clone(),
            help,
        })?;
    }
    // The game begins here for `since(...)`: this turn is its first.
    variant.keep_since(&mut pos);
    Ok(pos)
}

/// The most pieces of one kind a FEN may hold in hand (Fairy-Stockfish's
/// Othello on a 10x10 board starts with 97).
const MAX_HELD: u8 = 128;

/// Pieces in hand (`[QPnp]`) and promoted pieces (`Q~`): read where the
/// variant has drops, refused elsewhere.
fn read_hands(variant: &Variant, pos: &mut Position, record: &FenRecord) -> Result<(), FenError> {
    let drops = variant.programs.drops.is_some();
    if let Some((held, span)) = &record.holdings {
        if !drops {
            return Err(FenError {
                message: "the FEN gives pieces in hand, but this variant has no drops".into(),
                span: span.clone(),
                help: "remove the brackets after the board".into(),
            });
        }
        // Fairy-Stockfish's own start positions write empty hands `[-]`.
        let held = if held == "-" { "" } else { held.as_str() };
        if !held.is_empty() && variant.programs.drops.as_ref().is_some_and(|d| d.free) {
            return Err(FenError {
                message: "the FEN gives pieces in hand, but this variant's hands are endless (`free`)".into(),
                span: span.clone(),
                help: "leave the hands out: every piece may always be dropped".into(),
            });
        }
        for (i, c) in held.char_indices() {
            let at = span.start + 1 + i;
            let slot = variant.kind_of_letter(c).and_then(|k| variant.hands.slot(k));
            let Some(slot) = slot else {
                return Err(FenError {
                    message: format!("`{c}` in hand is not a piece this variant holds in hand"),
                    span: at..at + c.len_utf8(),
                    help: "hold piece letters that are not royal (upper case White's, lower case Black's)".into(),
                });
            };
            let side = if c.is_ascii_uppercase() { 0 } else { 1 };
            let held = &mut pos.hands[side][slot as usize];
            *held = held.checked_add(1).filter(|&n| n <= MAX_HELD).ok_or_else(|| FenError {
                message: format!("more than {MAX_HELD} `{c}` in hand"),
                span: span.clone(),
                help: format!("hold at most {MAX_HELD} pieces of a kind"),
            })?;
        }
    }
    if !record.promoted.is_empty() {
        if !drops {
            return Err(FenError {
                message: "the FEN marks a promoted piece (`~`), which only a variant with drops keeps".into(),
                span: 0..0,
                help: "remove the `~` marks".into(),
            });
        }
        // Where captured pieces keep their promoted form, or go to no
        // hand, the mark changes nothing and is dropped, as
        // Fairy-Stockfish drops it.
        if variant.marks_promoted() {
            for &sq in &record.promoted {
                pos.promoted.insert(Square::from_index(sq));
            }
        }
    }
    Ok(())
}

/// The checks each side has given, from the checks it has left (`3+3`):
/// required where a condition counts checks, refused elsewhere.
fn read_checks(variant: &Variant, pos: &mut Position, record: &FenRecord) -> Result<(), FenError> {
    let limit = variant.programs.check_limit;
    match &record.checks_left {
        None => Ok(()),
        Some((_, span)) if !variant.programs.counts_checks => Err(FenError {
            message: "this variant counts no checks, so its FEN has no checks-left field".into(),
            span: span.clone(),
            help: "remove the `N+N` field after the en passant square".into(),
        }),
        Some((left, span)) => {
            for side in Color::BOTH {
                let n = left[side as usize];
                if n > limit {
                    return Err(FenError {
                        message: format!("{n} checks left, but the variant ends the game at {limit} checks"),
                        span: span.clone(),
                        help: format!("write at most {limit} for each side"),
                    });
                }
                pos.checks[side as usize] = (limit - n).min(u8::MAX as u32) as u8;
            }
            Ok(())
        }
    }
}

/// The castling rights of a FEN: each letter a rule of the variant (or a
/// castling rook's file), its king and rook in place.
fn read_castling_rights(variant: &Variant, pos: &mut Position, record: &FenRecord) -> Result<(), FenError> {
    let g = variant.geometry;
    let (letters, span) = &record.castling;
    for (i, letter) in letters.char_indices() {
        let at = span.start + i..span.start + i + letter.len_utf8();
        let by_letter = variant.castling.rules().iter().find(|r| r.letter == letter);
        // With gating, a file letter is a gating right on the side's first rank.
        if variant.holds_rights()
            && by_letter.is_none()
            && let Some((side, file)) = variant.castling_file(letter)
        {
            super::fen_gates::read(variant, pos, side, file, letter, at)?;
            continue;
        }
        let by_file = || {
            variant.castling_file(letter).and_then(|(side, file)| {
                variant
                    .castling
                    .rules()
                    .iter()
                    .find(|r| r.side == side && g.file(r.rook_from) == file)
            })
        };
        let Some(rule) = by_letter.or_else(by_file) else {
            // Each letter once: a rule that carries pieces is compiled
            // into one move per subset of them, all with its letter.
            let mut known = String::new();
            for r in variant.castling.rules() {
                if !known.contains(r.letter) {
                    known.push(r.letter);
                }
            }
            let written = variant.castling.has_letter(letter);
            return Err(FenError {
                message: if written {
                    format!(
                        "castling right `{letter}`: {} has no king and rook where this castling needs them",
                        if letter.is_ascii_uppercase() { "White" } else { "Black" }
                    )
                } else if variant.castling_file(letter).is_some() {
                    format!("castling right `{letter}` names a file with no castling rook of this variant")
                } else {
                    format!("`{letter}` is not a castling right of this variant")
                },
                span: at,
                help: if known.is_empty() {
                    "this variant has no castling: write `-`".into()
                } else {
                    format!("castling rights are some of `{known}` (or a castling rook's file letter), or `-`")
                },
            });
        };
        let king = pos.cell(rule.king_from);
        let rook = pos.cell(rule.rook_from);
        let in_place = king.is_side(rule.side)
            && king.kind() == rule.king_kind
            && rook.is_side(rule.side)
            && rook.kind() == rule.rook_kind;
        if !in_place {
            return Err(FenError {
                message: format!(
                    "castling right `{letter}` needs the king on {} and the rook on {}",
                    g.name(rule.king_from),
                    g.name(rule.rook_from)
                ),
                span: at,
                help: "remove the right, or put the pieces on their castling squares".into(),
            });
        }
        pos.castling |= rule.right;
        if variant.holds_rights() {
            // A castling right is also a gating right of its king and rook.
            pos.gates.insert(rule.king_from);
            pos.gates.insert(rule.rook_from);
        }
    }
    Ok(())
}

/// A running count in the en passant field's place (its limit in plies,
/// digits) and its plies in the halfmove clock's, as Fairy-Stockfish writes
/// them: read where the variant keeps a count. Whether the field was one.
fn read_count(variant: &Variant, pos: &mut Position, record: &FenRecord) -> Result<bool, FenError> {
    let Some((text, span)) = &record.en_passant else {
        return Ok(false);
    };
    if !text.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(false);
    }
    if variant.programs.counting.is_none() {
        return Err(FenError {
            message: format!("`{text}` is no en passant square, and this variant keeps no count of moves"),
            span: span.clone(),
            help: "write a square such as `e3`, or `-`".into(),
        });
    }
    let limit = text
        .parse::<u16>()
        .ok()
        .filter(|&n| n > 0 && n as u32 <= 2 * MAX_COUNTING_LIMIT)
        .ok_or_else(|| FenError {
            message: format!(
                "count limit `{text}` is not a number of plies from 1 to {}",
                2 * MAX_COUNTING_LIMIT
            ),
            span: span.clone(),
            help: "write the limit of the running count in plies (`16`), or `-` when none runs".into(),
        })?;
    pos.count = Count {
        limit,
        ply: record.halfmove.min(u16::MAX as u32) as u16,
    };
    pos.halfmove = 0;
    Ok(true)
}

/// The en passant square of a FEN: one a piece of the side that just
/// moved passed over (the `epvictim` field names which, if several could).
fn read_en_passant(variant: &Variant, pos: &mut Position, record: &FenRecord) -> Result<(), FenError> {
    let g = variant.geometry;
    let Some((name, span)) = &record.en_passant else {
        return Ok(());
    };
    // One square, or several run together as Fairy-Stockfish writes them
    // (`e3e4`, below).
    let mut named = Vec::new();
    let mut rest = name.as_str();
    while !rest.is_empty() {
        let Some((sq, used)) = g.read_square(rest).filter(|_| named.len() < 16) else {
            return Err(FenError {
                message: format!("en passant square `{name}` is not on the board"),
                span: span.clone(),
                help: "write a square such as `e3`, or `-`".into(),
            });
        };
        named.push(sq);
        rest = &rest[used..];
    }
    let named_victim = record
        .extras
        .iter()
        .find(|(key, _, _)| key == "epvictim")
        .map(|(_, value, span)| {
            g.parse_square(value).ok_or_else(|| FenError {
                message: format!("`{value}` is not a square of the board"),
                span: span.clone(),
                help: "write the square of the piece that may be taken en passant: `epvictim=d4`".into(),
            })
        })
        .transpose()?;
    if !variant.captures_en_passant {
        // Nothing can take en passant: the squares change no move.
        // Fairy-Stockfish still names those a double step passed.
        return Ok(());
    }
    let Some((targets, victim)) = en_passant_read(variant, pos, &named, named_victim) else {
        return Err(FenError {
            message: format!("en passant square {name} has no piece of the side that just moved beyond it"),
            span: span.clone(),
            help: "the en passant square is the one a pawn just passed over; write `-` if there is none".into(),
        });
    };
    pos.ep_targets = targets;
    pos.ep_victim = victim;
    Ok(())
}

/// What the en passant squares `named` stand for (the targets and the
/// piece that may be taken), `victim` that piece where the FEN names it:
/// the first record a piece explains. Fairy-Stockfish names all the
/// passed squares (`b3b4` after a triple step) and, for a piece that is
/// not its pawn, the square it arrived on too (`e3e4`).
fn en_passant_read(
    variant: &Variant,
    pos: &Position,
    named: &[Square],
    victim: Option<Square>,
) -> Option<(SquareSet, Square)> {
    let all_named: SquareSet = named.iter().copied().collect();
    (named.iter())
        .flat_map(|&sq| en_passant_sources(variant, pos, sq, pos.side.flip()))
        .filter(|&(_, v)| victim.is_none_or(|named| named == v))
        .find(|&(targets, v)| {
            let mut with_victim = targets;
            with_victim.insert(v);
            named.len() == 1 || targets == all_named || with_victim == all_named
        })
}

/// Writes `pos` as FEN: six fields, multi-digit empty runs, `*` for a
/// blocked square.
pub fn write(variant: &Variant, pos: &Position) -> String {
    let g = variant.geometry;
    let mut out = board_field(variant, pos);
    hands_field(variant, pos, &mut out);
    out.push_str(if pos.side == Color::White { " w " } else { " b " });
    let rights = castling_field(variant, pos);
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    let named = en_passant_named(variant, pos);
    // A running count takes the en passant field's place, as
    // Fairy-Stockfish writes it (its plies take the halfmove clock's).
    let count = pos.count.running().then_some(pos.count);
    match count {
        Some(c) => out.push_str(&c.limit.to_string()),
        None if named.is_empty() => out.push('-'),
        None => named.iter().for_each(|&sq| out.push_str(&g.name(sq))),
    }
    if variant.programs.counts_checks {
        let left = |side: Color| {
            variant
                .programs
                .check_limit
                .saturating_sub(pos.checks[side as usize] as u32)
        };
        out.push_str(&format!(" {}+{}", left(Color::White), left(Color::Black)));
    }
    let clock = count.map_or(pos.halfmove, |c| c.ply as u32);
    out.push_str(&format!(" {} {}", clock, pos.fullmove));
    super::fen_extensions::write(variant, pos, epvictim(variant, pos, &named), &mut out);
    out
}

/// The piece taken en passant, where the squares `named` alone do not say
/// which (written as `epvictim=`).
fn epvictim(variant: &Variant, pos: &Position, named: &[Square]) -> Option<Square> {
    if named.is_empty() {
        return None;
    }
    let mut bare = pos.clone();
    bare.ep_targets = SquareSet::EMPTY;
    (en_passant_read(variant, &bare, named, None) != Some((pos.ep_targets, pos.ep_victim))).then_some(pos.ep_victim)
}

/// The board field: ranks from the last, `+P` for a promoted form, `~`
/// after a promoted piece.
fn board_field(variant: &Variant, pos: &Position) -> String {
    let g = variant.geometry;
    let mut out = String::new();
    for rank in (0..g.ranks as i32).rev() {
        let mut empty = 0;
        for file in 0..g.files as i32 {
            let sq = g.square(file, rank).expect("on the board");
            let cell = pos.cell(sq);
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            let form_of = cell.is_piece().then(|| variant.pieces.info(cell.kind()).promoted_from);
            if let Some(base) = form_of.flatten() {
                // A promoted form, as Fairy-Stockfish writes it: `+P`.
                out.push('+');
                out.push(letter(variant, Cell::piece(base, cell.color())));
            } else {
                out.push(letter(variant, cell));
            }
            if pos.promoted.contains(sq) {
                out.push('~');
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The hands, `[...]`, where pieces are dropped from hands.
fn hands_field(variant: &Variant, pos: &Position, out: &mut String) {
    if variant.programs.drops.as_ref().is_some_and(|d| !d.free) {
        // As Fairy-Stockfish writes them (endless hands, `free`, not at all): White's then Black's, the
        // strongest first (the last kinds of the file first).
        out.push('[');
        for side in Color::BOTH {
            for (slot, &kind) in variant.hands.kinds().iter().enumerate().rev() {
                let cell = Cell::piece(kind, side);
                for _ in 0..pos.hands[side as usize][slot] {
                    out.push(letter(variant, cell));
                }
            }
        }
        out.push(']');
    }
}

/// The castling rights' letters (empty for none).
fn castling_field(variant: &Variant, pos: &Position) -> String {
    let mut rights = String::new();
    let mut written = 0u16;
    for side in Color::BOTH {
        // Castling that brings pieces along shares its rule's right: write it once.
        for rule in variant
            .castling
            .rules()
            .iter()
            .filter(|r| r.side == side && pos.castling & r.right != 0)
        {
            if written & rule.right == 0 {
                written |= rule.right;
                rights.push(castling_letter(variant, pos, rule));
            }
        }
        if variant.holds_rights() {
            super::fen_gates::write(variant, pos, side, &mut rights);
        }
    }
    rights
}

/// The en passant squares the FEN names.
fn en_passant_named(variant: &Variant, pos: &Position) -> Vec<Square> {
    let g = variant.geometry;
    // The target farthest from the piece that passed it (nearest the
    // square it left); with more than one, all of them in square order,
    // as Fairy-Stockfish writes them (`b3b4`).
    let distance = |sq: Square| {
        let (df, dr) = (g.file(sq) - g.file(pos.ep_victim), g.rank(sq) - g.rank(pos.ep_victim));
        df.abs().max(dr.abs())
    };
    let ep = pos
        .ep_targets
        .iter()
        .max_by_key(|&sq| (distance(sq), std::cmp::Reverse(sq)));
    if pos.ep_targets.len() > 1 {
        pos.ep_targets.iter().collect()
    } else {
        ep.into_iter().collect()
    }
}

/// The letter of a castling right: the rule's letter, or the rook's file
/// (X-FEN) when the rule looks for its rook and another rook stands
/// farther out on that side; always the rook's file (Shredder-FEN) with
/// `castling_notation: KingTakesRook`.
fn castling_letter(variant: &Variant, pos: &Position, rule: &CastlingRule) -> char {
    let g = variant.geometry;
    let file = || {
        let file = g.file_letter_of(rule.rook_from);
        if rule.side == Color::White {
            file.to_ascii_uppercase()
        } else {
            file
        }
    };
    if variant.castling.takes_rook() {
        return file();
    }
    let Some(search) = rule.rook_search else {
        return rule.letter;
    };
    let (rank, king_file) = (g.rank(rule.king_from), g.file(rule.king_from));
    let files: Vec<i32> = match search {
        CastlingSide::Left => (0..king_file).collect(),
        CastlingSide::Right => (king_file + 1..g.files as i32).rev().collect(),
    };
    let outermost = files.into_iter().filter_map(|f| g.square(f, rank)).find(|&sq| {
        let cell = pos.cell(sq);
        cell.is_side(rule.side) && cell.kind() == rule.rook_kind
    });
    if outermost == Some(rule.rook_from) {
        return rule.letter;
    }
    file()
}

/// The en passant records a FEN's square `target` may stand for when
/// `mover` has just moved: (targets, victim) for each piece of `mover`
/// that one of its moves leaving en passant targets can have brought from
/// an empty square over `target` (the passed square nearest its start),
/// the passed squares empty.
fn en_passant_sources(variant: &Variant, pos: &Position, target: Square, mover: Color) -> Vec<(SquareSet, Square)> {
    let g = variant.geometry;
    let t = &variant.moves;
    let mut out: Vec<(SquareSet, Square)> = Vec::new();
    if !pos.cell(target).is_empty() {
        return out;
    }
    for victim in pos.pieces_of(mover).iter() {
        let kind = pos.cell(victim).kind();
        for from in Square::all(g.squares()) {
            // The square left is empty, or blocked since by the move's
            // effects (a wall dropped where the pawn stood).
            if !pos.cell(from).is_empty() && pos.cell(from) != Cell::BLOCKED {
                continue;
            }
            let slot = t.slot(kind, mover, from);
            let by_leap = t.leaps[slot.leaps as usize..slot.leaps_end as usize]
                .iter()
                .any(|leap| {
                    leap.to == victim
                        && leap.flags & SETS_EN_PASSANT != 0
                        && t.run(leap.path, leap.path_len).iter().all(|&s| pos.cell(s).is_empty())
                });
            let by_ride = || {
                t.rides[slot.rides as usize..slot.rides_end as usize]
                    .iter()
                    .any(|ride| {
                        let ray = t.run(ride.ray, ride.len);
                        ride.flags & SETS_EN_PASSANT != 0
                            && ray
                                .iter()
                                .position(|&s| s == victim)
                                .is_some_and(|i| i > 0 && ray[..i].iter().all(|&s| pos.cell(s).is_empty()))
                    })
            };
            if !by_leap && !by_ride() {
                continue;
            }
            let delta = (g.file(victim) - g.file(from), g.rank(victim) - g.rank(from));
            let mut passed = passed_squares(&g, from, delta);
            if passed.clone().next() != Some(target) || !passed.all(|s| pos.cell(s).is_empty()) {
                continue;
            }
            let source = (passed_squares(&g, from, delta).collect::<SquareSet>(), victim);
            if !out.contains(&source) {
                out.push(source);
            }
        }
    }
    out
}

/// The FEN letter of a cell: upper case White, lower case Black, `*` blocked.
pub fn letter(variant: &Variant, cell: Cell) -> char {
    if cell == Cell::BLOCKED {
        return '*';
    }
    let c = variant.pieces.info(cell.kind()).letter;
    if cell.color() == Color::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}
