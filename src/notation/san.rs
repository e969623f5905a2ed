//! The game record: moves in standard algebraic notation (`Nf3`, `exd5`,
//! `e8=Q`, `O-O`, `Qh5+`), as players write them, extended for variants:
//! a bounce follows the move (`Re8, Kg8+`, `Bh7, g7-f8`), and so do the
//! pieces castling carries along (`O-O, Mh1, Mj1`); an action is
//! written as the variant's `record` says (`(****)g6:h5h7g5f6`), or else
//! as its coordinates; a chosen direction follows as in coordinates (`/f3`);
//! a piece gated in from the hand as Fairy-Stockfish writes it (`Nc3/H`,
//! `O-O/Eh1`).

use super::fen::letter;
use super::uci;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::engine::moves::{ChoiceKind, Choices, Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::trace::Event;

/// The move `mv`, played from `before` with the events `events`, leading to
/// `after`, in algebraic notation. The legal moves of `before`, which tell
/// a piece move from its twins, are generated here when needed; to write
/// many moves of one position, list them once and use [`write_among`].
pub fn write(variant: &Variant, before: &Position, mv: &Move, events: &[Event], after: &Position) -> String {
    written(variant, before, mv, events, after, None)
}

/// As [`write`], with `legal`, the legal moves of `before`, given: the
/// twins of a piece move are looked for there, not generated again (a
/// list of n moves is written in n steps, not n generations).
pub fn write_among(
    variant: &Variant,
    before: &Position,
    mv: &Move,
    events: &[Event],
    after: &Position,
    legal: &[Move],
) -> String {
    written(variant, before, mv, events, after, Some(legal))
}

fn written(
    variant: &Variant,
    before: &Position,
    mv: &Move,
    events: &[Event],
    after: &Position,
    legal: Option<&[Move]>,
) -> String {
    let mut out = unmarked(variant, before, mv, events, after, legal);
    if variant.has_check() && variant.in_check(after) {
        out.push(if variant.legal_moves(after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    out
}

/// The move written without its check or mate mark: what a reader that
/// ignores marks compares, with no generation of the position after.
fn unmarked(
    variant: &Variant,
    before: &Position,
    mv: &Move,
    events: &[Event],
    after: &Position,
    legal: Option<&[Move]>,
) -> String {
    let g = variant.geometry;
    let mut out = match mv.kind {
        MoveKind::Castle(i) => {
            let rule = variant.castling.rule(i);
            let mut out = if g.file(rule.king_to) > g.file(rule.king_from) {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            };
            // The pieces brought along, as a bounce is written: castling
            // with none, one or both of them are different moves.
            for &(from, to) in &rule.carry {
                out.push_str(", ");
                out.push_str(&also_moved(variant, after, from, to));
            }
            out
        }
        MoveKind::Action(i) => action(variant, mv, i, events),
        // A drop and a pass read the same in both notations.
        MoveKind::Drop(_) | MoveKind::Pass => uci::write(variant, mv),
        _ if mv.controller.is_some() => uci::write(
            variant,
            &Move {
                choices: Choices::NONE,
                ..*mv
            },
        ),
        // A capture whose piece moves on (Take&Make): both parts, as
        // Popeye writes them, the promotion where it ends (`bxa8-b8=Q`).
        _ if moves_on(variant, mv) => piece_move(variant, before, &Move { promotion: None, ..*mv }, legal),
        _ => piece_move(variant, before, mv, legal),
    };
    if let Some(gate) = mv.gate {
        // As Fairy-Stockfish writes a gated piece: `Nc3/H`, and for castling
        // the square too (`O-O/Eh1`).
        out.push('/');
        out.push(letter(
            variant,
            Cell::piece(gate.kind, crate::base::square::Color::White),
        ));
        if matches!(mv.kind, MoveKind::Castle(_)) {
            out.push_str(&g.name(gate.square));
        }
    }
    for (i, choice) in mv.choices.iter().enumerate() {
        if i == 0 && moves_on(variant, mv) {
            out.push('-');
            out.push_str(&g.name(choice.to));
            if let Some(kind) = mv.promotion {
                out.push('=');
                out.push(letter(variant, Cell::piece(kind, Color::White)));
            }
            continue;
        }
        match choice.kind {
            ChoiceKind::Direction => {
                out.push('/');
                out.push_str(&g.name(choice.to));
            }
            ChoiceKind::Square => {
                // As Fairy-Stockfish's SAN writes a wall: `e4,d5`.
                out.push(',');
                out.push_str(&g.name(choice.to));
            }
            ChoiceKind::Piece => {
                out.push_str(", ");
                out.push_str(&also_moved(variant, after, choice.piece, choice.to));
            }
            ChoiceKind::Place(promotion) => {
                // As Popeye writes a rebirth: `[+bPh5]`, `[+bPa1=Q]`.
                // The piece as it was placed: before its promotion, the
                // piece on the square it came from.
                let (first, then) = (before.cell(choice.piece), after.cell(choice.to));
                let placed = match promotion {
                    Some(_) if first.is_piece() => first,
                    _ if then.is_piece() => then,
                    _ => first,
                };
                if placed.is_piece() {
                    let side = if placed.color() == Color::White { 'w' } else { 'b' };
                    out.push_str(&format!("[+{side}{}", letter(variant, placed).to_ascii_uppercase()));
                } else {
                    out.push_str("[+");
                }
                out.push_str(&g.name(choice.to));
                if let Some(kind) = promotion {
                    out.push('=');
                    out.push(letter(variant, Cell::piece(kind, Color::White)));
                }
                out.push(']');
            }
        }
    }
    out
}

/// An action, as its `record` template writes it (with the squares the
/// action emptied, `{removed}`), else in UCI coordinates.
fn action(variant: &Variant, mv: &Move, i: crate::base::action::ActionId, events: &[Event]) -> String {
    let g = variant.geometry;
    match &variant.programs.actions[i.index()].record {
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
                .map_or(String::new(), |k| variant.pieces.info(k).letter.to_string());
            template
                .replace("{promotion}", &promotion)
                .replace("{origin}", &g.name(mv.from))
                .replace("{target}", &g.name(mv.to))
                .replace("{removed}", &removed)
        }
        None => uci::write(
            variant,
            &Move {
                choices: Choices::NONE,
                ..*mv
            },
        ),
    }
}

/// Whether `mv` is a capture whose own piece moves on (`move(mover as
/// ...)`): its first choice takes the capturer on from where it took.
fn moves_on(variant: &Variant, mv: &Move) -> bool {
    !variant.programs.promotes_after_move_on.is_empty()
        && mv.is_capture()
        && mv.controller.is_none()
        && mv
            .choices
            .get(0)
            .is_some_and(|c| c.kind == ChoiceKind::Piece && c.piece == mv.to)
}

/// A piece the move also moves (a bounce, a piece carried along in
/// castling), after a comma: its letter and where it went (`Kg8`), or for
/// a pawn both squares (`g7-f8`).
fn also_moved(variant: &Variant, after: &Position, from: Square, to: Square) -> String {
    let g = variant.geometry;
    let moved = after.cell(to);
    if moved.is_piece() && variant.pieces.info(moved.kind()).pawn {
        format!("{}-{}", g.name(from), g.name(to))
    } else {
        format!("{}{}", letter(variant, moved).to_ascii_uppercase(), g.name(to))
    }
}

/// A plain move: piece letter (none for pawns), what tells it apart from
/// its twins, `x` for a capture, the destination, `=Q` for a promotion.
fn piece_move(variant: &Variant, before: &Position, mv: &Move, legal: Option<&[Move]>) -> String {
    let g = variant.geometry;
    let moving = before.cell(mv.from);
    let is_pawn = moving.is_piece() && variant.pieces.info(moving.kind()).pawn;
    let capture = mv.is_capture();
    let mut out = String::new();
    if is_pawn {
        if capture {
            out.push(g.file_letter_of(mv.from));
        }
    } else {
        out.push(letter(variant, moving).to_ascii_uppercase());
        let generated;
        let legal = match legal {
            Some(list) => list,
            None => {
                generated = variant.legal_moves(before);
                &generated[..]
            }
        };
        let twins: Vec<&Move> = legal
            .iter()
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
        out.push(letter(variant, Cell::piece(kind, Color::White)));
    }
    out
}

/// The move `mv` from `pos` in algebraic notation, played on a copy to
/// learn what it does (for check marks and bounces).
pub fn write_move(variant: &Variant, pos: &Position, mv: &Move) -> String {
    played(variant, pos, mv, None)
}

/// As [`write_move`], the twins of a piece move looked for in `legal`, the
/// legal moves of `pos`.
pub fn write_move_among(variant: &Variant, pos: &Position, mv: &Move, legal: &[Move]) -> String {
    played(variant, pos, mv, Some(legal))
}

/// As [`write_move_among`], without the check or mate mark (which costs a
/// generation of the position after a checking move): what a reader that
/// ignores marks (`san_match`) compares.
pub fn write_unmarked_among(variant: &Variant, pos: &Position, mv: &Move, legal: &[Move]) -> String {
    let mut after = pos.clone();
    let mut events = Vec::new();
    after.make_traced(variant, *mv, &mut events);
    unmarked(variant, pos, mv, &events, &after, Some(legal))
}

/// `mv` written after playing it on a copy, its twins looked for in `legal`
/// when given.
fn played(variant: &Variant, pos: &Position, mv: &Move, legal: Option<&[Move]>) -> String {
    let mut after = pos.clone();
    let mut events = Vec::new();
    after.make_traced(variant, *mv, &mut events);
    written(variant, pos, mv, &events, &after, legal)
}

/// Every legal move of `pos` with its algebraic notation. The moves are
/// generated once; each is written from that list.
pub fn legal_moves(variant: &Variant, pos: &Position) -> Vec<(Move, String)> {
    let legal = variant.legal_moves(pos);
    legal
        .iter()
        .map(|mv| (*mv, played(variant, pos, mv, Some(&legal))))
        .collect()
}

/// What two spellings of one move have in common: no check or mate
/// marks, annotations, `x`, `=` or spaces, castling with letter O (also
/// before the pieces it carries: `0-0,Mh1`).
pub fn normalize(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | '=' | ' '))
        .collect();
    let (head, tail) = kept.split_at(kept.find(',').unwrap_or(kept.len()));
    if head.chars().all(|c| matches!(c, '0' | 'O' | 'o' | '-')) {
        head.to_uppercase().replace('0', "O") + tail
    } else {
        kept
    }
}

/// Reads a move in algebraic notation as kaboom writes it (`Nf3`, `exd5`,
/// `e8=Q`, `O-O`, `Re8, Kg8+`, an action's record) and finds it among the
/// legal moves of `pos`. Check marks, annotations, `x` and `=` may be left
/// out or added; `0-0` reads as `O-O`; a plain move may name more of its
/// origin than needed (`Ngf3`).
pub fn parse(variant: &Variant, pos: &Position, text: &str) -> Result<Move, uci::MoveError> {
    let want = normalize(text);
    if want.is_empty() {
        return Err(uci::MoveError::Malformed {
            text: text.to_string(),
            reason: "it is empty".to_string(),
        });
    }
    let legal = legal_moves(variant, pos);
    let exact: Vec<&Move> = legal
        .iter()
        .filter(|(_, s)| normalize(s) == want)
        .map(|(m, _)| m)
        .collect();
    if let [mv] = exact[..] {
        return Ok(*mv);
    }
    if exact.is_empty()
        && let Some(mv) = over_specified(variant, pos, &want, &legal)
    {
        return Ok(mv);
    }
    Err(uci::MoveError::Illegal {
        text: text.to_string(),
        legal: if legal.is_empty() {
            "none (the game is over)".to_string()
        } else {
            legal.into_iter().map(|(_, s)| s).collect::<Vec<_>>().join(" ")
        },
    })
}

/// A plain move written with more of its origin than needed (`Ngf3`,
/// `Ng1f3`): piece letter (none for a pawn), origin file and/or rank,
/// destination, promotion letter.
fn over_specified(variant: &Variant, pos: &Position, want: &str, legal: &[(Move, String)]) -> Option<Move> {
    let g = variant.geometry;
    let mut rest = want;
    let piece = rest.chars().next().filter(char::is_ascii_uppercase);
    if let Some(p) = piece {
        rest = &rest[p.len_utf8()..];
    }
    let promotion = rest.chars().last().filter(char::is_ascii_uppercase);
    if let Some(p) = promotion {
        rest = &rest[..rest.len() - p.len_utf8()];
    }
    // The destination is the last square written: a file letter and digits.
    let split = rest.rfind(|c: char| c.is_ascii_lowercase())?;
    let to = g.parse_square(&rest[split..])?;
    let origin = &rest[..split];
    let from_file = origin.chars().find(char::is_ascii_lowercase);
    let from_rank: Option<u32> = origin.trim_start_matches(|c: char| c.is_ascii_lowercase()).parse().ok();
    if origin.len() > from_file.map_or(0, |_| 1) + from_rank.map_or(0, |r| r.to_string().len()) {
        return None;
    }
    let found: Vec<Move> = legal
        .iter()
        .map(|(m, _)| *m)
        .filter(|m| {
            // An action's or a drop's `from` may hold no piece: test the
            // move's kind before reading the piece there.
            let moving = pos.cell(m.from);
            m.to == to
                && m.controller.is_none()
                && m.choices.is_empty()
                && !matches!(m.kind, MoveKind::Action(_) | MoveKind::Castle(_) | MoveKind::Drop(_))
                && moving.is_piece()
                && match piece {
                    Some(p) => variant.pieces.info(moving.kind()).letter == p,
                    None => variant.pieces.info(moving.kind()).pawn,
                }
                && from_file.is_none_or(|f| g.file(m.from) == (f as u8 - b'a') as i32)
                && from_rank.is_none_or(|r| g.rank(m.from) + 1 == r as i32)
                && m.promotion.map(|k| variant.pieces.info(k).letter) == promotion
        })
        .collect();
    match found[..] {
        [mv] => Some(mv),
        _ => None,
    }
}
