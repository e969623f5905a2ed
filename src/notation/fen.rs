//! FEN for positions of a variant: reads a [`FenRecord`] into a
//! [`Position`] and writes a position back, exactly.

use crate::base::piece::Cell;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::engine::position::Position;
use crate::lang::fen_syntax::{self as fen, FenCell, FenError, FenRecord};

/// Reads a FEN of `variant`.
pub fn parse(variant: &Variant, text: &str) -> Result<Position, FenError> {
    let g = variant.geometry;
    let record = fen::parse(text.trim(), g.files, g.ranks, |c| variant.kind_of_letter(c).is_some())?;
    position_from_record(variant, &record)
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
        pos.set(variant, sq as Square, cell);
    }
    pos.side = if record.white_to_move {
        Color::White
    } else {
        Color::Black
    };
    let (letters, span) = &record.castling;
    for (i, letter) in letters.char_indices() {
        let at = span.start + i..span.start + i + letter.len_utf8();
        let Some(rule) = variant.castling.iter().find(|r| r.letter == letter) else {
            let known: String = variant.castling.iter().map(|r| r.letter).collect();
            return Err(FenError {
                message: format!("`{letter}` is not a castling right of this variant"),
                span: at,
                help: if known.is_empty() {
                    "this variant has no castling: write `-`".into()
                } else {
                    format!("castling rights are some of `{known}`, or `-`")
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
    }
    if let Some((name, span)) = &record.en_passant {
        let Some(target) = g.parse_square(name) else {
            return Err(FenError {
                message: format!("en passant square `{name}` is not on the board"),
                span: span.clone(),
                help: "write a square such as `e3`, or `-`".into(),
            });
        };
        let mover = pos.side.flip();
        let forward = if mover == Color::White { 1 } else { -1 };
        let victim = (1..g.ranks as i32)
            .map_while(|k| g.offset(target, 0, forward * k))
            .find(|&sq| !pos.cell(sq).is_empty())
            .filter(|&sq| pos.cell(sq).is_side(mover) && pos.cell(target).is_empty());
        let Some(victim) = victim else {
            return Err(FenError {
                message: format!("en passant square {name} has no piece of the side that just moved beyond it"),
                span: span.clone(),
                help: "the en passant square is the one a pawn just passed over; write `-` if there is none".into(),
            });
        };
        let mut sq = target;
        while sq != victim {
            pos.ep_targets.insert(sq);
            sq = g
                .offset(sq, 0, forward)
                .expect("the victim lies further along the file");
        }
        pos.ep_victim = victim;
    }
    pos.halfmove = record.halfmove;
    pos.fullmove = record.fullmove;
    for (key, value, span) in &record.extras {
        read_extra(variant, &mut pos, key, value).map_err(|(message, help)| FenError {
            message,
            span: span.clone(),
            help,
        })?;
    }
    Ok(pos)
}

/// Reads one `key=value` field: `used=w:strike,b:strike` (once-per-game
/// actions taken) or `captured=2` (the `captured(...)` counters, in the
/// order the variant's sentences first name them).
fn read_extra(variant: &Variant, pos: &mut Position, key: &str, value: &str) -> Result<(), (String, String)> {
    match key {
        "used" => {
            for entry in value.split(',').filter(|e| !e.is_empty()) {
                let (side, name) = entry.split_once(':').ok_or_else(|| {
                    (
                        format!("`{entry}` is not `w:<action>` or `b:<action>`"),
                        "write e.g. `used=w:strike`".to_string(),
                    )
                })?;
                let side = match side {
                    "w" => Color::White,
                    "b" => Color::Black,
                    _ => {
                        return Err((
                            format!("`{side}` is not a side"),
                            "write `w` or `b` before the colon".into(),
                        ));
                    }
                };
                let bit = variant
                    .action_index(name)
                    .and_then(|i| variant.programs.actions[i as usize].once_bit)
                    .ok_or_else(|| {
                        (
                            format!("`{name}` is not a once-per-game action of this variant"),
                            "name an action with `once: true`".to_string(),
                        )
                    })?;
                pos.used[side as usize] |= 1 << bit;
            }
            Ok(())
        }
        "unmoved" => {
            for name in value.split(',').filter(|n| !n.is_empty()) {
                let sq = variant.geometry.parse_square(name).ok_or_else(|| {
                    (
                        format!("`{name}` is not a square of the board"),
                        "list squares, comma-separated: `unmoved=e1,g1`".to_string(),
                    )
                })?;
                pos.unmoved.insert(sq);
            }
            Ok(())
        }
        "captured" => {
            let counts: Vec<&str> = value.split(',').collect();
            if counts.len() != variant.programs.counters.len() {
                return Err((
                    format!(
                        "`captured` has {} counts, the variant keeps {}",
                        counts.len(),
                        variant.programs.counters.len()
                    ),
                    "write one count per `captured(...)` condition of the variant, comma-separated".into(),
                ));
            }
            for (i, n) in counts.iter().enumerate() {
                pos.captured[i] = n
                    .parse()
                    .map_err(|_| (format!("`{n}` is not a count"), "write a whole number".to_string()))?;
            }
            Ok(())
        }
        _ => Err((
            format!("unknown field `{key}`"),
            "kaboom adds only `used=`, `captured=` and `unmoved=` to FEN".into(),
        )),
    }
}

/// Writes `pos` as FEN: six fields, multi-digit empty runs, `*` for a
/// blocked square.
pub fn write(variant: &Variant, pos: &Position) -> String {
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
            out.push(letter(variant, cell));
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(if pos.side == Color::White { " w " } else { " b " });
    let mut rights = String::new();
    let mut written = 0u16;
    for side in Color::BOTH {
        // Castling that brings pieces along shares its rule's right: write it once.
        for rule in variant
            .castling
            .iter()
            .filter(|r| r.side == side && pos.castling & r.right != 0)
        {
            if written & rule.right == 0 {
                written |= rule.right;
                rights.push(rule.letter);
            }
        }
    }
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    // The target nearest the square the pawn left.
    let mover = pos.side.flip();
    let ep = if mover == Color::White {
        pos.ep_targets.iter().next()
    } else {
        pos.ep_targets.iter().last()
    };
    out.push_str(&ep.map_or("-".to_string(), |sq| g.name(sq)));
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    let mut used = Vec::new();
    for side in Color::BOTH {
        for action in &variant.programs.actions {
            if action
                .once_bit
                .is_some_and(|bit| pos.used[side as usize] >> bit & 1 != 0)
            {
                used.push(format!(
                    "{}:{}",
                    if side == Color::White { 'w' } else { 'b' },
                    action.name
                ));
            }
        }
    }
    if !used.is_empty() {
        out.push_str(&format!(" used={}", used.join(",")));
    }
    if !pos.unmoved.is_empty() {
        let squares: Vec<String> = pos.unmoved.iter().map(|sq| g.name(sq)).collect();
        out.push_str(&format!(" unmoved={}", squares.join(",")));
    }
    let counters = variant.programs.counters.len();
    if pos.captured[..counters].iter().any(|&n| n > 0) {
        let counts: Vec<String> = pos.captured[..counters].iter().map(u16::to_string).collect();
        out.push_str(&format!(" captured={}", counts.join(",")));
    }
    out
}

/// The FEN letter of a cell: upper case White, lower case Black, `*` blocked.
pub fn letter(variant: &Variant, cell: Cell) -> char {
    if cell == Cell::BLOCKED {
        return '*';
    }
    let c = variant.pieces[cell.kind() as usize].letter;
    if cell.color() == Color::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}
