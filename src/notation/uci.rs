//! Move coordinates in the style of UCI, extended for actions and choices:
//!
//! * `e2e4`, `e7e8q`, squares past rank 9 as `a10`;
//! * castling as the king's move (`e1g1`), or as the king moving onto its
//!   rook when the king moves one square or none, which would read as a
//!   plain king move (also accepted for any castling);
//!   pieces brought along follow with `+` and their squares (`f2i2+e1+g1`);
//! * a piece's action as its squares and the action's name: `d1d1@blast`,
//!   `a1a5@shove`; a side's action as its target and name: `g6@strike`;
//! * a bounce after a comma, the bounced piece's squares: `e1e8,f8g8`;
//! * a chosen square to block after a comma, the mover's square first, as
//!   Fairy-Stockfish writes a wall (duck chess): `e2e4,e4d5`;
//! * a chosen-direction push after a slash, where it sends its piece:
//!   `e1e2@bump/f3`; a move's follow-up choices in the order its effects
//!   ask for them (`e1e2@bump/f3,g4g5`);
//! * a piece gated in from the hand as its lower-case letter after the
//!   move, as Fairy-Stockfish writes it (`b1c3h`; castling that gates on
//!   the rook's square as the rook taking the king, `h1e1h`);
//! * a compelled move after the compelling piece's square and `~`:
//!   `e1~d7d5` (the king on e1 makes the pawn on d7 advance).

use crate::base::action::ActionId;
use crate::base::geometry::Geometry;
use crate::base::piece::Kind;
use crate::base::square::Square;
use crate::compile::Variant;
use crate::engine::moves::{ChoiceKind, MAX_CHOICES, Move, MoveKind};
use crate::engine::position::Position;

/// A move string that is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not move coordinates at all.
    #[error("`{text}` is not a move: {reason}")]
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Well-formed, but no legal move matches.
    #[error("`{text}` is not a legal move here; legal moves: {legal}")]
    Illegal {
        /// The text as given.
        text: String,
        /// Every legal move, space-separated.
        legal: String,
    },
}

/// Writes a move.
pub fn write(variant: &Variant, mv: &Move) -> String {
    let g = variant.geometry;
    let mut out = String::new();
    if let MoveKind::Drop(kind) = mv.kind {
        // As Fairy-Stockfish writes a drop: the piece's letter, `@`, the
        // square; a promoted form, `+` and the letter of its piece.
        match variant.pieces.info(kind).promoted_from {
            Some(base) => {
                out.push('+');
                out.push(variant.pieces.info(base).letter.to_ascii_uppercase());
            }
            None => out.push(variant.pieces.info(kind).letter.to_ascii_uppercase()),
        }
        out.push('@');
        out.push_str(&g.name(mv.to));
        return out;
    }
    if let Some(gate) = mv.gate {
        // As Fairy-Stockfish writes gating: the move and the lower-case
        // letter of the piece gated in (`b1c3h`); castling gating on the
        // rook's square as the rook taking the king (`h1e1h`).
        match mv.kind {
            MoveKind::Castle(_) if gate.square != mv.from => {
                out.push_str(&g.name(gate.square));
                out.push_str(&g.name(mv.from));
            }
            _ => out.push_str(&write(variant, &Move { gate: None, ..*mv })),
        }
        out.push(variant.pieces.info(gate.kind).letter.to_ascii_lowercase());
        return out;
    }
    if let Some(c) = mv.controller {
        out.push_str(&g.name(c));
        out.push('~');
    }
    match mv.kind {
        MoveKind::Action(i) if variant.is_side_action(i) => out.push_str(&g.name(mv.to)),
        // A king that castles by one square or none would read as a plain
        // king move: write it as the king taking its own rook (Chess960 style).
        // Or always, with `castling_notation: KingTakesRook`.
        MoveKind::Castle(i)
            if variant.castling.takes_rook()
                || ((g.file(mv.to) - g.file(mv.from)).abs() <= 1 && g.rank(mv.to) == g.rank(mv.from)) =>
        {
            out.push_str(&g.name(mv.from));
            out.push_str(&g.name(variant.castling.rule(i).rook_from));
        }
        _ => {
            out.push_str(&g.name(mv.from));
            out.push_str(&g.name(mv.to));
        }
    }
    if let MoveKind::Castle(i) = mv.kind {
        for &(from, _) in &variant.castling.rule(i).carry {
            out.push('+');
            out.push_str(&g.name(from));
        }
    }
    // A capture whose piece moves on promotes where it ends: the letter
    // closes the move (`b7a8,a8b8q`).
    let promotes_at_end =
        mv.is_capture() && !mv.choices.is_empty() && !variant.programs.promotes_after_move_on.is_empty();
    if let Some(kind) = mv.promotion.filter(|_| !promotes_at_end) {
        if variant.pieces.info(kind).promoted_from.is_some() {
            // Promotion to the piece's promoted form, as Fairy-Stockfish writes it.
            out.push('+');
        } else {
            out.push(variant.pieces.info(kind).letter.to_ascii_lowercase());
        }
    }
    if let MoveKind::Action(i) = mv.kind {
        out.push('@');
        out.push_str(variant.action_name(i));
    }
    for c in mv.choices.iter() {
        match c.kind {
            ChoiceKind::Direction => out.push('/'),
            ChoiceKind::Piece | ChoiceKind::Square | ChoiceKind::Place(_) => {
                out.push(',');
                out.push_str(&g.name(c.piece));
            }
        }
        out.push_str(&g.name(c.to));
        if let ChoiceKind::Place(Some(kind)) = c.kind {
            out.push(variant.pieces.info(kind).letter.to_ascii_lowercase());
        }
    }
    if let Some(kind) = mv.promotion.filter(|_| promotes_at_end) {
        out.push(variant.pieces.info(kind).letter.to_ascii_lowercase());
    }
    out
}

/// A choice as written: `/e3` (only where it goes) or `,f8g8` (which piece
/// and where), with the letter a placed piece promotes to (`,d1a1q`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum WrittenChoice {
    To(Square),
    PieceTo(Square, Square, Option<Kind>),
}

/// What a move string says, before it is matched with a legal move.
struct Written {
    controller: Option<Square>,
    from: Square,
    to: Square,
    promotion: Option<Kind>,
    /// A `+` at the end: promotion to the piece's promoted form.
    to_form: bool,
    /// A `-` at the end: a promoted form turning back into the piece it is
    /// promoted from (a demotion), as Fairy-Stockfish writes it.
    to_base: bool,
    action: Option<String>,
    choices: Vec<WrittenChoice>,
    carry: Vec<Square>,
}

/// The compelling piece's square before `~` (`e1~e2e4`), if any, and the
/// text after it.
fn read_controller(g: Geometry, text: &str) -> Result<(Option<Square>, &str), String> {
    match text.split_once('~') {
        Some((c, rest)) => {
            let sq = g
                .parse_square(c)
                .ok_or_else(|| format!("`{c}` before `~` is not a square of the board"))?;
            if rest.contains('~') {
                return Err(
                    "a compelled piece makes one of its own moves or actions and compels no other: one `~` at most"
                        .into(),
                );
            }
            Ok((Some(sq), rest))
        }
        None => Ok((None, text)),
    }
}

fn read(variant: &Variant, text: &str) -> Result<Written, String> {
    let g = variant.geometry;
    if text.len() > 64 {
        return Err("too long for a move".into());
    }
    let (controller, text) = read_controller(g, text)?;
    let (body, mut choices) = read_choices(variant, text)?;
    // A letter closing the last choice is the move's promotion where its
    // piece ends (`b7a8,a8b8q`), unless a placed piece may be promoting
    // there (`a1d1,d1a1q`): then the legal moves tell (see `parse_in`).
    let mut last_promotion = None;
    if !variant.programs.chosen_places
        && let Some(WrittenChoice::PieceTo(a, b, Some(kind))) = choices.last().copied()
    {
        last_promotion = Some(kind);
        *choices.last_mut().expect("a last choice") = WrittenChoice::PieceTo(a, b, None);
    }
    // A trailing `+` promotes to the promoted form; `+` between squares
    // names pieces carried along in castling.
    let (body, to_form) = match body.strip_suffix('+') {
        Some(rest) if !rest.is_empty() => (rest, true),
        _ => (body, false),
    };
    let (body, to_base) = match body.strip_suffix('-') {
        Some(rest) if !rest.is_empty() && !to_form => (rest, true),
        _ => (body, false),
    };
    let mut parts = body.split('+');
    let body = parts.next().unwrap_or_default();
    let carry = parts
        .map(|part| {
            g.parse_square(part)
                .ok_or_else(|| format!("`{part}` after `+` is not a square of the board"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (squares, action) = match body.split_once('@') {
        Some((squares, name)) => (squares, Some(read_action(variant, name)?)),
        None => (body, None),
    };
    let (from, used) = g
        .read_square(squares)
        .ok_or("it must start with a square of the board, such as e2")?;
    let rest = &squares[used..];
    let mut written = Written {
        controller,
        from,
        to: from,
        promotion: None,
        to_form,
        to_base,
        action,
        choices,
        carry,
    };
    let side_action = written.action.as_deref().is_some_and(|name| {
        (0..=255u8)
            .map_while(|i| variant.action_name_checked(ActionId::new(i)).map(|n| (i, n)))
            .any(|(i, n)| n == name && variant.is_side_action(ActionId::new(i)))
    });
    if rest.is_empty() && side_action {
        return Ok(written);
    }
    let (to, used) = g
        .read_square(rest)
        .ok_or("a second square must follow the first, as in e2e4")?;
    written.to = to;
    written.promotion = ((read_promotion(variant, &rest[used..])?).map(Kind::get)).map(Kind::new);
    if let Some(kind) = last_promotion {
        // After a further move (`b7a8,a8b8q`): the promotion where it ends.
        if written.promotion.is_some() {
            return Err("it names a promotion twice: after the squares or at the end, not both".into());
        }
        written.promotion = Some(kind);
    }
    if (written.to_form || written.to_base) && written.promotion.is_some() {
        return Err("it names a promotion twice: write the letter or `+`, not both".into());
    }
    Ok(written)
}

/// The move's follow-up choices, each after `/` (a square: a direction)
/// or `,` (a piece's square and where it goes) and the text before them. A
/// letter may close the last choice (`b7a8,a8b8q`: a piece that moved on
/// promotes where it ends), or in a variant with chosen placements any
/// choice (`a1d1,d1a1q`: the placed pawn promotes).
fn read_choices<'t>(variant: &Variant, text: &'t str) -> Result<(&'t str, Vec<WrittenChoice>), String> {
    let g = variant.geometry;
    let Some(at) = text.find(['/', ',']) else {
        return Ok((text, Vec::new()));
    };
    let (body, mut rest) = text.split_at(at);
    let mut choices = Vec::new();
    while !rest.is_empty() {
        let mark = rest.as_bytes()[0];
        let tail = &rest[1..];
        let next = tail.find(['/', ',']).unwrap_or(tail.len());
        let (c, after) = tail.split_at(next);
        if choices.len() == MAX_CHOICES {
            return Err(format!("a move makes at most {MAX_CHOICES} follow-up choices"));
        }
        choices.push(if mark == b'/' {
            let sq = g
                .parse_square(c)
                .ok_or_else(|| format!("`{c}` after `/` is not a square of the board"))?;
            WrittenChoice::To(sq)
        } else {
            let pair = g.read_square(c).and_then(|(a, used)| {
                let (b, more) = g.read_square(&c[used..])?;
                Some((a, b, &c[used + more..]))
            });
            let lettered = after.is_empty() || variant.programs.chosen_places;
            let (a, b, tail) = pair
                .filter(|(_, _, tail)| tail.is_empty() || (lettered && tail.len() == 1))
                .ok_or_else(|| format!("`{c}` after `,` is not two squares, as in `f8g8`"))?;
            WrittenChoice::PieceTo(a, b, read_promotion(variant, tail)?)
        });
        rest = after;
    }
    Ok((body, choices))
}

/// Whether `w`, in a variant with chosen placements, names `m`'s promotion
/// by the letter closing its last choice, a further move (`b7a8,a8b8q`).
fn closes_promotion(m: &Move, w: &Written) -> bool {
    let last = m.choices.get(m.choices.len().wrapping_sub(1));
    w.promotion.is_none()
        && last.is_some_and(|c| !matches!(c.kind, ChoiceKind::Place(_) | ChoiceKind::Direction))
        && matches!(w.choices.last(), Some(WrittenChoice::PieceTo(_, _, letter)) if *letter == m.promotion)
}

/// An action's name after `@`, which must be one of the variant's.
fn read_action(variant: &Variant, name: &str) -> Result<String, String> {
    let names: Vec<&str> = (0..=255u8)
        .map_while(|i| variant.action_name_checked(ActionId::new(i)))
        .collect();
    if names.contains(&name) {
        return Ok(name.to_string());
    }
    if names.is_empty() {
        return Err(format!("`{name}` is not an action: this variant has none"));
    }
    // Each name once (pieces may share names), at most 16 of them.
    let mut unique: Vec<&str> = Vec::new();
    for n in &names {
        if !unique.contains(n) {
            unique.push(n);
        }
    }
    let more = unique.len().saturating_sub(16);
    unique.truncate(16);
    Err(format!(
        "`{name}` is not an action of this variant (actions: {}{})",
        unique.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    ))
}

/// A promotion letter after the squares, or nothing.
fn read_promotion(variant: &Variant, rest: &str) -> Result<Option<Kind>, String> {
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Ok(None),
        (Some(c), None) => variant
            .kind_of_letter(c)
            .map(Some)
            .ok_or_else(|| format!("`{c}` is not a piece letter to promote to")),
        _ => Err(format!(
            "`{rest}` after the squares is neither a promotion letter nor `@action`"
        )),
    }
}

/// A drop as written (`P@e4`, a promoted form `+P@e4`): the kind and the
/// square, if `text` is one.
fn read_drop(variant: &Variant, text: &str) -> Option<Result<(Kind, Square), String>> {
    let (letter, square) = text.split_once('@')?;
    if let Some(base) = letter.strip_prefix('+') {
        let form = base
            .chars()
            .next()
            .filter(|c| base.len() == 1 && c.is_ascii_alphabetic())
            .and_then(|c| variant.promoted_form_letter(c.to_ascii_uppercase()))
            .and_then(|f| variant.kind_of_letter(f));
        let Some(kind) = form else {
            return Some(Err(format!(
                "`{letter}` before `@` is not a promoted piece of this variant"
            )));
        };
        return Some(
            variant
                .geometry
                .parse_square(square)
                .map(|sq| (kind, sq))
                .ok_or_else(|| format!("`{square}` after `@` is not a square of the board")),
        );
    }
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let Some(kind) = variant.kind_of_letter(c.to_ascii_uppercase()) else {
        return Some(Err(format!("`{c}` before `@` is not a piece letter of this variant")));
    };
    Some(
        variant
            .geometry
            .parse_square(square)
            .map(|sq| (kind, sq))
            .ok_or_else(|| format!("`{square}` after `@` is not a square of the board")),
    )
}

/// A hint for a well-formed move that left out its follow-up choices: the
/// legal moves that are `text` followed by a choice (`/f3` for the square
/// a chosen push sends its piece to, `,e4d5` for a piece or square chosen
/// after the move), as a help line; `None` when no legal move extends it.
pub fn missing_choice_hint(variant: &Variant, pos: &Position, text: &str) -> Option<String> {
    const SHOWN: usize = 8;
    let text = text.trim();
    if text.is_empty() || read(variant, text).is_err() {
        return None;
    }
    let fuller: Vec<String> = variant
        .legal_moves(pos)
        .iter()
        .map(|m| write(variant, m))
        .filter(|w| w.strip_prefix(text).is_some_and(|rest| rest.starts_with(['/', ','])))
        .collect();
    let first = fuller.first()?;
    let what = if first[text.len()..].starts_with('/') {
        "the square the push sends the piece to, after `/`"
    } else {
        "its follow-up choice, after `,`"
    };
    let mut listed = fuller.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
    if fuller.len() > SHOWN {
        listed.push_str(&format!(" and {} more", fuller.len() - SHOWN));
    }
    Some(format!("`{text}` needs {what}: {listed}"))
}

/// Reads a move and finds it among the legal moves of `pos`.
///
/// ```
/// use kaboom::uci;
/// let chess = kaboom::Variant::load("chess").unwrap();
/// let start = chess.start_position();
/// let mv = uci::parse(&chess, &start, "e2e4").unwrap();
/// assert_eq!(uci::write(&chess, &mv), "e2e4");
/// assert!(uci::parse(&chess, &start, "e2e5").is_err());
/// ```
pub fn parse(variant: &Variant, pos: &Position, text: &str) -> Result<Move, MoveError> {
    parse_in(variant, pos, text, None)
}

/// [`parse`] with the legal moves of `pos` already generated (`legal`), so
/// a reader that has the list does not generate it again.
pub fn parse_among(variant: &Variant, pos: &Position, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    parse_in(variant, pos, text, Some(legal))
}

/// `given`, else the legal moves of `pos` generated into `store`.
fn legal_of<'a>(variant: &Variant, pos: &Position, given: Option<&'a [Move]>, store: &'a mut Vec<Move>) -> &'a [Move] {
    match given {
        Some(legal) => legal,
        None => {
            variant.generate_legal(pos, store);
            store
        }
    }
}

/// [`parse`], the legal moves generated only once the text reads as a
/// move, unless given.
fn parse_in(variant: &Variant, pos: &Position, text: &str, given: Option<&[Move]>) -> Result<Move, MoveError> {
    let mut generated = Vec::new();
    if let Some(drop) = read_drop(variant, text) {
        let (kind, to) = drop.map_err(|reason| MoveError::Malformed {
            text: text.to_string(),
            reason,
        })?;
        let legal = legal_of(variant, pos, given, &mut generated);
        return legal
            .iter()
            .find(|m| m.kind == MoveKind::Drop(kind) && m.to == to)
            .copied()
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_string(),
                legal: if legal.is_empty() {
                    "none (the game is over)".to_string()
                } else {
                    legal.iter().map(|m| write(variant, m)).collect::<Vec<_>>().join(" ")
                },
            });
    }
    // A pass may also be written as UCI's null move or XBoard's pass.
    let text = match (text, variant.pass_square(pos)) {
        ("0000" | "@@@@", Some(sq)) if variant.pass || variant.pass_on_stalemate => {
            &format!("{0}{0}", variant.geometry.name(sq))
        }
        _ => text,
    };
    let w = read(variant, text).map_err(|reason| MoveError::Malformed {
        text: text.to_string(),
        reason,
    })?;
    let legal = legal_of(variant, pos, given, &mut generated);
    let matches = |m: &&Move| {
        let action = match m.kind {
            MoveKind::Action(i) => Some(variant.action_name(i)),
            _ => None,
        };
        let squares = m.from == w.from && m.to == w.to
            || matches!(m.kind, MoveKind::Castle(i) if m.from == w.from && variant.castling.rule(i).rook_from == w.to);
        squares
            && if w.to_form {
                m.promotion
                    .is_some_and(|k| variant.pieces.info(k).promoted_from.is_some())
            } else if w.to_base {
                let mover = pos.board[m.from.index()];
                m.promotion.is_some()
                    && mover.is_piece()
                    && variant.pieces.info(mover.kind()).promoted_from == m.promotion
            } else {
                m.promotion == w.promotion || closes_promotion(m, &w)
            }
            && action == w.action.as_deref()
            && match m.kind {
                MoveKind::Castle(i) => {
                    let carried = &variant.castling.rule(i).carry;
                    carried.len() == w.carry.len() && carried.iter().all(|(from, _)| w.carry.contains(from))
                }
                _ => w.carry.is_empty(),
            }
            && m.choices.len() == w.choices.len()
            && m.choices.iter().zip(&w.choices).all(|(c, w)| match *w {
                WrittenChoice::To(to) => c.kind == ChoiceKind::Direction && c.to == to,
                WrittenChoice::PieceTo(piece, to, letter) => {
                    c.piece == piece
                        && c.to == to
                        && match c.kind {
                            ChoiceKind::Direction => false,
                            ChoiceKind::Place(promotion) => promotion == letter,
                            // In a variant with chosen placements, a letter
                            // closing a further move is the move's promotion.
                            _ => letter.is_none() || m.promotion == letter,
                        }
                }
            })
            && m.controller == w.controller
            && m.gate.is_none()
    };
    // A gated move is found by how it is written (`b1c3h`, `h1e1h`).
    let gated = || {
        legal
            .iter()
            .filter(|m| m.gate.is_some())
            .find(|m| write(variant, m) == text)
    };
    legal
        .iter()
        .find(matches)
        .or_else(gated)
        .copied()
        .ok_or_else(|| MoveError::Illegal {
            text: text.to_string(),
            legal: if legal.is_empty() {
                "none (the game is over)".to_string()
            } else {
                legal.iter().map(|m| write(variant, m)).collect::<Vec<_>>().join(" ")
            },
        })
}
