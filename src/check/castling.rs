//! Castling rules: checked once (letters, squares on the board), then
//! resolved against a start position (which king, which rook, which pieces
//! may come along), so a random setup gets its own castling squares.

use super::validate::Checker;
use crate::base::diagnostic::Diagnostic;
use crate::base::geometry::Geometry;
use crate::base::piece::Kind;
use crate::base::square::Square;
use crate::lang::fen_syntax::FenCell;
use crate::spec::{CastlingSide, CastlingSpec, Location, Spanned};

/// A castling rule as written, with squares read but pieces not yet found.
#[derive(Clone, Debug)]
pub struct CheckedCastling {
    /// Upper-case FEN rights letter.
    pub fen: char,
    /// Where the rule was written.
    pub location: Option<Location>,
    /// The king's square, if given.
    pub king: Option<Square>,
    /// Where the king's and the rook's squares were written, if they were.
    pub square_locations: (Option<Location>, Option<Location>),
    /// The king's square after castling.
    pub king_to: Square,
    /// The rook's square, if given.
    pub rook: Option<Square>,
    /// The rook's square after castling.
    pub rook_to: Square,
    /// Which side of the king the rook stands on, if `rook` is not given.
    pub side: Option<CastlingSide>,
    /// The king's letter, if not the royal piece.
    pub king_letter: Option<char>,
    /// The rook's letter, if `rook` is not given.
    pub rook_letter: Option<char>,
    /// Pieces that may come along: letter and offsets from the king.
    pub carry: Option<(char, Vec<(i32, i32)>)>,
}

/// A castling rule with everything found in a start position, seen from White.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedCastling {
    /// Upper-case FEN rights letter.
    pub fen: char,
    /// King's square before.
    pub king_from: Square,
    /// King's square after.
    pub king_to: Square,
    /// Rook's square before.
    pub rook_from: Square,
    /// Rook's square after.
    pub rook_to: Square,
    /// Kind of the king.
    pub king_kind: Kind,
    /// Kind of the rook.
    pub rook_kind: Kind,
    /// Pieces that may come along: (from, to).
    pub carry: Vec<(Square, Square)>,
    /// Their kind.
    pub carry_kind: Option<Kind>,
}

/// Checks the castling rules' letters and squares.
pub(super) fn check_castling(c: &mut Checker<'_>, rules: &[CastlingSpec], g: Geometry) -> Vec<CheckedCastling> {
    let mut out = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        let mut square = |field: &Spanned<String>, what: &str| -> Option<Square> {
            let sq = g.parse_square(&field.value);
            if sq.is_none() {
                c.error(
                    format!(
                        "castling {what} square `{}` is not on the {}x{} board",
                        field.value, g.files, g.ranks
                    ),
                    field.location.clone(),
                    "write a square such as `e1`, seen from White",
                );
            }
            sq
        };
        let king = rule.king.as_ref().map(|k| square(k, "king"));
        let rook = rule.rook.as_ref().map(|r| square(r, "rook"));
        let king_to = square(&rule.king_to, "king_to");
        let rook_to = square(&rule.rook_to, "rook_to");
        let letter = rule.fen.value;
        if !letter.is_ascii_uppercase() || rules[..i].iter().any(|r| r.fen.value == letter) {
            c.error(
                format!("castling letter `{letter}` must be a distinct upper-case letter"),
                rule.fen.location.clone(),
                "use `K` and `Q` as in chess, or any other upper-case letter; Black uses the lower case",
            );
            continue;
        }
        if rule.rook.is_none() && (rule.side.is_none() || rule.rook_piece.is_none()) {
            c.error(
                format!("castling `{letter}` gives no `rook` square, so it needs `side` and `rook_piece`"),
                rule.fen.location.clone(),
                "add `side: Right, rook_piece: 'R'` (the outermost such piece on that side of the king castles)",
            );
            continue;
        }
        let (Some(king_to), Some(rook_to)) = (king_to, rook_to) else {
            continue;
        };
        if king == Some(None) || rook == Some(None) {
            continue;
        }
        out.push(CheckedCastling {
            fen: letter,
            location: rule.fen.location.clone(),
            king: king.flatten(),
            square_locations: (
                rule.king.as_ref().and_then(|k| k.location.clone()),
                rule.rook.as_ref().and_then(|r| r.location.clone()),
            ),
            king_to,
            rook: rook.flatten(),
            rook_to,
            side: rule.side,
            king_letter: rule.king_piece.as_ref().map(|p| p.value),
            rook_letter: rule.rook_piece.as_ref().map(|p| p.value),
            carry: rule
                .carry
                .as_ref()
                .map(|carry| (carry.piece.value, carry.offsets.clone())),
        });
    }
    out
}

/// Finds each rule's king, rook and carried pieces in a start position.
pub fn resolve_castling(
    rules: &[CheckedCastling],
    g: Geometry,
    board: &[FenCell],
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    is_royal: &dyn Fn(char) -> bool,
) -> Result<Vec<ResolvedCastling>, Vec<Diagnostic>> {
    let white = |sq: Square| match board[sq as usize] {
        FenCell::Piece(ch) if ch.is_ascii_uppercase() => Some(ch),
        _ => None,
    };
    let mut errors = Vec::new();
    let mut out = Vec::new();
    for rule in rules {
        let fail = |message: String, help: &str| Diagnostic::error(message, rule.location.clone()).with_help(help);
        let rank = g.rank(rule.king_to);
        let king_from = rule.king.or_else(|| {
            (0..g.files as i32).filter_map(|f| g.square(f, rank)).find(|&sq| {
                white(sq).is_some_and(|ch| match rule.king_letter {
                    Some(l) => ch == l,
                    None => is_royal(ch),
                })
            })
        });
        let Some(king_from) = king_from else {
            errors.push(fail(
                format!(
                    "castling `{}`: no White king on rank {} of the start position",
                    rule.fen,
                    rank + 1
                ),
                "give `king: \"e1\"`, or put the king on the rank of `king_to`",
            ));
            continue;
        };
        let rook_from = rule.rook.or_else(|| {
            let files: Vec<i32> = match rule.side {
                Some(CastlingSide::Left) => (0..g.file(king_from)).collect(),
                _ => (g.file(king_from) + 1..g.files as i32).rev().collect(),
            };
            files
                .into_iter()
                .filter_map(|f| g.square(f, rank))
                .find(|&sq| white(sq) == rule.rook_letter)
        });
        let Some(rook_from) = rook_from else {
            errors.push(fail(
                format!(
                    "castling `{}`: no White rook beside the king on {}",
                    rule.fen,
                    g.name(king_from)
                ),
                "put the castling rook on the rank of the king, on the rule's `side`",
            ));
            continue;
        };
        let (Some(king_char), Some(rook_char)) = (white(king_from), white(rook_from)) else {
            let (which, what, at) = if white(king_from).is_none() {
                (king_from, "king", &rule.square_locations.0)
            } else {
                (rook_from, "rook", &rule.square_locations.1)
            };
            let name = g.name(which);
            errors.push(
                Diagnostic::error(
                    format!("castling {what} square {name} holds no White piece in the start position"),
                    at.clone().or_else(|| rule.location.clone()),
                )
                .with_help(format!(
                    "put the castling {what} on {name} in `start`, or fix the square"
                )),
            );
            continue;
        };
        if king_from == rook_from {
            errors.push(fail(
                "castling king and rook start on the same square".into(),
                "give the rook its own square",
            ));
            continue;
        }
        let mut carry = Vec::new();
        let carry_kind = rule.carry.as_ref().and_then(|(letter, _)| letter_kind(*letter));
        if let Some((letter, offsets)) = &rule.carry {
            for &(df, dr) in offsets {
                let (Some(from), Some(to)) = (g.offset(king_from, df, dr), g.offset(rule.king_to, df, dr)) else {
                    continue;
                };
                if white(from) == Some(*letter) {
                    carry.push((from, to));
                }
            }
        }
        out.push(ResolvedCastling {
            fen: rule.fen,
            king_from,
            king_to: rule.king_to,
            rook_from,
            rook_to: rule.rook_to,
            king_kind: letter_kind(king_char).expect("letters were checked"),
            rook_kind: letter_kind(rook_char).expect("letters were checked"),
            carry,
            carry_kind,
        });
    }
    if errors.is_empty() { Ok(out) } else { Err(errors) }
}
