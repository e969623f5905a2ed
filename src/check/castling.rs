//! Castling rules: checked once (letters, squares on the board), then
//! resolved against a start position (which king, which rook, which pieces
//! may come along), so a random setup gets its own castling squares.

use super::checker::Checker;
use crate::base::diagnostic::Diagnostic;
use crate::base::geometry::Geometry;
use crate::base::limits::MAX_CARRY;
use crate::base::piece::Kind;
use crate::base::square::{Color, Square};
use crate::lang::fen_syntax::FenCell;
use crate::spec::{CarrySpec, CastlingNotation, CastlingSide, CastlingSpec, Location, Spanned};

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
    /// Letters of the rules whose right the other side loses when this
    /// castling is made (`takes`).
    pub takes: Vec<char>,
    /// The right is also gained by a drop that completes the rule's king
    /// and rook on their squares (`by_drop`).
    pub by_drop: bool,
}

/// A castling rule of one side with everything found in a position: the
/// squares are that side's own (Black's mirror White's as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedCastling {
    /// Index of the rule in the variant's castling list.
    pub rule: usize,
    /// The side that castles.
    pub side: Color,
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
    /// Where the rook was looked for, when the rule gives no rook square:
    /// the outermost rook on this side of the king.
    pub rook_search: Option<CastlingSide>,
    /// Letters of the rules whose right the other side loses when this
    /// castling is made.
    pub takes: Vec<char>,
    /// The right is also gained by a drop that completes the king and rook.
    pub by_drop: bool,
}

impl CheckedCastling {
    /// Whether the king's or the rook's square is found in each position
    /// rather than written in the rule.
    pub fn is_found(&self) -> bool {
        self.king.is_none() || self.rook.is_none()
    }
}

/// Most castling rules a variant may have: each takes two bits (one per
/// side) of a position's 16-bit castling rights.
pub const MAX_CASTLING_RULES: usize = 8;

/// Largest offset (files or ranks) a castling carry or a setup placement
/// may give: anything farther is off every board.
pub const MAX_OFFSET: i32 = Geometry::MAX_SIDE as i32 - 1;

/// Checks a list of (files, ranks) offsets: each within [`MAX_OFFSET`],
/// none repeated, not `(0, 0)`, at most `max` of them. Returns whether
/// they are fine (errors are reported at `at`).
pub(super) fn check_offsets(
    c: &mut Checker<'_>,
    what: &str,
    offsets: &[(i32, i32)],
    max: usize,
    at: Option<crate::spec::Location>,
) -> bool {
    for (i, &(df, dr)) in offsets.iter().enumerate() {
        if df.unsigned_abs() > MAX_OFFSET as u32 || dr.unsigned_abs() > MAX_OFFSET as u32 {
            c.error(
                format!("{what}: offset ({df}, {dr}) is more than {MAX_OFFSET} squares away"),
                at,
                "offsets count files and ranks on a board of at most 16 by 16",
            );
            return false;
        }
        if (df, dr) == (0, 0) {
            c.error(
                format!("{what}: offset (0, 0) is the square of the piece itself"),
                at,
                "give offsets to other squares",
            );
            return false;
        }
        if offsets[..i].contains(&(df, dr)) {
            c.error(
                format!("{what}: offset ({df}, {dr}) is given twice"),
                at,
                "list each offset once",
            );
            return false;
        }
    }
    if offsets.len() > max {
        c.error(
            format!("{what} has {} offsets; at most {max} are allowed", offsets.len()),
            at,
            "list each square once",
        );
        return false;
    }
    true
}

/// Checks the castling rules' letters and squares.
pub(super) fn check_castling(
    c: &mut Checker<'_>,
    rules: &[CastlingSpec],
    g: Geometry,
    notation: Option<CastlingNotation>,
) -> Vec<CheckedCastling> {
    if notation == Some(CastlingNotation::KingTakesRook) {
        // Rights are written as rook files: a rule letter that is also a
        // file of the board would read back as the rule, not the file.
        for rule in rules {
            let file = rule.fen.value.to_ascii_lowercase() as i32 - 'a' as i32;
            if (0..g.files as i32).contains(&file) {
                c.error(
                    format!(
                        "castling right `{}` is also the letter of the file {} on this board, and \
                         `castling_notation: KingTakesRook` writes rights as rook files",
                        rule.fen.value,
                        rule.fen.value.to_ascii_lowercase()
                    ),
                    rule.fen.location.clone(),
                    "give the rule a letter beyond the board's files, or write castling in the `Standard` notation",
                );
            }
        }
    }
    if rules.len() > MAX_CASTLING_RULES {
        c.error(
            format!(
                "the variant has {} castling rules; at most {MAX_CASTLING_RULES} are allowed",
                rules.len()
            ),
            rules[MAX_CASTLING_RULES].fen.location.clone(),
            "each rule takes one castling right per side, and rights are kept in 16 bits",
        );
        return Vec::new();
    }
    for rule in rules {
        let Some(takes) = &rule.takes else { continue };
        for letter in takes.value.chars() {
            if !rules.iter().any(|r| r.fen.value == letter) {
                let known: String = rules.iter().map(|r| r.fen.value).collect();
                c.error(
                    format!("castling `{}` takes `{letter}`, which is not a castling rule's letter", rule.fen.value),
                    takes.location.clone(),
                    format!("`takes` lists the letters of the variant's castling rules, as written for White: some of `{known}`"),
                );
            }
        }
    }
    (0..rules.len())
        .filter_map(|i| check_castling_rule(c, &rules[i], &rules[..i], g))
        .collect()
}

/// Checks one castling rule (`earlier` are the rules before it, whose
/// letters it may not repeat), reporting every problem it has.
fn check_castling_rule(
    c: &mut Checker<'_>,
    rule: &CastlingSpec,
    earlier: &[CastlingSpec],
    g: Geometry,
) -> Option<CheckedCastling> {
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
    let mut ok = true;
    if !letter.is_ascii_uppercase() || earlier.iter().any(|r| r.fen.value == letter) {
        c.error(
            format!("castling letter `{letter}` must be a distinct upper-case letter"),
            rule.fen.location.clone(),
            "use `K` and `Q` as in chess, or any other upper-case letter; Black uses the lower case",
        );
        ok = false;
    }
    if rule.rook.is_none() && (rule.side.is_none() || rule.rook_piece.is_none()) {
        c.error(
            format!("castling `{letter}` gives no `rook` square, so it needs `side` and `rook_piece`"),
            rule.fen.location.clone(),
            "add `side: Right, rook_piece: 'R'` (the outermost such piece on that side of the king castles)",
        );
        ok = false;
    }
    let by_drop = rule.by_drop.as_ref().is_some_and(|b| b.value);
    if by_drop {
        ok &= check_by_drop(c, rule, letter);
    }
    // Squares written but not on the board were reported above.
    let (king_to, rook_to) = (king_to?, rook_to?);
    if king_to == rook_to {
        c.error(
            format!(
                "castling `{letter}`: the king and the rook would both land on {}",
                g.name(king_to)
            ),
            rule.rook_to.location.clone(),
            "give the rook a destination of its own, usually beside the king's",
        );
        ok = false;
    } else if let Some(carry) = &rule.carry {
        ok &= check_carry(c, letter, carry, g, king_to, rook_to);
    }
    if !ok || king == Some(None) || rook == Some(None) {
        return None;
    }
    let squares = (king.flatten(), rook.flatten(), king_to, rook_to);
    Some(checked(rule, letter, squares, by_drop))
}

/// A castling right gained `by_drop` names its squares and pieces and
/// carries none; reports what it lacks, and whether it is whole.
fn check_by_drop(c: &mut Checker<'_>, rule: &CastlingSpec, letter: char) -> bool {
    let mut ok = true;
    // A right gained by a drop names its squares and pieces: nothing
    // need stand on them in the start position.
    let missing: Vec<&str> = [
        ("king", rule.king.is_none()),
        ("rook", rule.rook.is_none()),
        ("king_piece", rule.king_piece.is_none()),
        ("rook_piece", rule.rook_piece.is_none()),
    ]
    .into_iter()
    .filter_map(|(field, absent)| absent.then_some(field))
    .collect();
    let at = rule.by_drop.as_ref().and_then(|b| b.location.clone());
    if !missing.is_empty() {
        c.error(
            format!(
                "castling `{letter}` is gained `by_drop`, so it needs {}",
                missing.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
            ),
            at.clone(),
            "give the king's and the rook's squares and letters: `king: \"e1\", rook: \"h1\", king_piece: 'K', rook_piece: 'R'`",
        );
        ok = false;
    }
    if rule.carry.is_some() {
        c.error(
            format!("castling `{letter}` is gained `by_drop` and carries pieces, which must not have moved; a drop cannot say so"),
            at,
            "remove `carry` or `by_drop`",
        );
        ok = false;
    }
    ok
}

/// The checked rule, its squares (king, rook, king_to, rook_to) read.
fn checked(
    rule: &CastlingSpec,
    letter: char,
    (king, rook, king_to, rook_to): (Option<Square>, Option<Square>, Square, Square),
    by_drop: bool,
) -> CheckedCastling {
    CheckedCastling {
        fen: letter,
        location: rule.fen.location.clone(),
        king,
        square_locations: (
            rule.king.as_ref().and_then(|k| k.location.clone()),
            rule.rook.as_ref().and_then(|r| r.location.clone()),
        ),
        king_to,
        rook,
        rook_to,
        side: rule.side,
        king_letter: rule.king_piece.as_ref().map(|p| p.value),
        rook_letter: rule.rook_piece.as_ref().map(|p| p.value),
        carry: rule
            .carry
            .as_ref()
            .map(|carry| (carry.piece.value, carry.offsets.clone())),
        takes: rule
            .takes
            .as_ref()
            .map(|t| t.value.chars().collect())
            .unwrap_or_default(),
        by_drop,
    }
}

/// A castling rule's carried pieces: their offsets, none landing on the
/// rook's destination (a carried piece keeps its offset from the king).
fn check_carry(
    c: &mut Checker<'_>,
    letter: char,
    carry: &CarrySpec,
    g: Geometry,
    king_to: Square,
    rook_to: Square,
) -> bool {
    let what = format!("castling `{letter}` carry");
    if !check_offsets(c, &what, &carry.offsets, MAX_CARRY, carry.piece.location.clone()) {
        return false;
    }
    let Some(&(df, dr)) = carry
        .offsets
        .iter()
        .find(|&&(df, dr)| g.offset(king_to, df, dr) == Some(rook_to))
    else {
        return true;
    };
    c.error(
        format!(
            "castling `{letter}`: a piece carried at offset ({df}, {dr}) would land on the rook's destination {}",
            g.name(rook_to)
        ),
        carry.piece.location.clone(),
        "carried pieces keep their place relative to the king; give offsets whose squares stay free",
    );
    false
}

/// Finds each rule's king, rook and carried pieces in a start position,
/// for each side separately. A rule may resolve for one side only (a side
/// without a king castles not); one that resolves for neither is an error.
pub fn resolve_castling(
    rules: &[CheckedCastling],
    g: Geometry,
    board: &[FenCell],
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    is_royal: &dyn Fn(char) -> bool,
) -> Result<Vec<ResolvedCastling>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut out = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        let sides = Color::BOTH.map(|side| resolve_side(index, rule, side, g, board, letter_kind, is_royal, None));
        match sides {
            [Err(white), Err(_)] => errors.push(white),
            [white, black] => out.extend(white.into_iter().chain(black)),
        }
    }
    if errors.is_empty() { Ok(out) } else { Err(errors) }
}

/// Finds the rules' pieces in a position read from a FEN, for each side
/// whose king and rook stand where the rule looks; `rook_files` are the
/// files named in the FEN's castling field (X-FEN, Shredder-FEN), per side,
/// which pick the rook of a rule that looks for it.
pub fn resolve_in_position(
    rules: &[CheckedCastling],
    g: Geometry,
    board: &[FenCell],
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    is_royal: &dyn Fn(char) -> bool,
    rook_files: &[Vec<i32>; 2],
) -> Vec<ResolvedCastling> {
    let mut out = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        for side in Color::BOTH {
            let files = &rook_files[side as usize];
            if let Ok(r) = resolve_side(index, rule, side, g, board, letter_kind, is_royal, Some(files)) {
                out.push(r);
            }
        }
    }
    out
}

/// `sq` as seen by `side`: Black's squares mirror White's across the middle rank.
fn mirror(g: Geometry, side: Color, sq: Square) -> Square {
    match side {
        Color::White => sq,
        Color::Black => g.square(g.file(sq), g.ranks as i32 - 1 - g.rank(sq)).unwrap_or(sq),
    }
}

/// Resolves one rule for one side.
#[allow(clippy::too_many_arguments)]
fn resolve_side(
    index: usize,
    rule: &CheckedCastling,
    side: Color,
    g: Geometry,
    board: &[FenCell],
    letter_kind: &dyn Fn(char) -> Option<Kind>,
    is_royal: &dyn Fn(char) -> bool,
    rook_files: Option<&Vec<i32>>,
) -> Result<ResolvedCastling, Diagnostic> {
    let view = SideView {
        rule,
        side,
        g,
        board,
        is_royal,
    };
    let king_to = mirror(g, side, rule.king_to);
    let rook_to = mirror(g, side, rule.rook_to);
    if rule.by_drop {
        return dropped_rule(index, rule, side, g, letter_kind);
    }
    // Kings and rooks not written are looked for on the rank the king goes to.
    let rank = g.rank(king_to);
    let king_from = view.king_from(rank)?;
    let rook_from = view.rook_from(king_from, rank, rook_files)?;
    let (king_char, rook_char) = view.pieces(king_from, rook_from)?;
    if king_from == rook_from {
        return Err(view.fail(
            "castling king and rook start on the same square".into(),
            "give the rook its own square",
        ));
    }
    Ok(ResolvedCastling {
        rule: index,
        side,
        fen: rule.fen,
        king_from,
        king_to,
        rook_from,
        rook_to,
        king_kind: letter_kind(king_char).expect("letters were checked"),
        rook_kind: letter_kind(rook_char).expect("letters were checked"),
        carry: view.carried(king_from, king_to, rook_from),
        carry_kind: rule.carry.as_ref().and_then(|(letter, _)| letter_kind(*letter)),
        rook_search: if rule.rook.is_none() {
            rule.side.or(Some(CastlingSide::Right))
        } else {
            None
        },
        takes: rule.takes.clone(),
        by_drop: false,
    })
}

/// A rule gained by a drop, for one side: its squares and pieces as
/// written (the checker made sure they are), whatever the position holds.
fn dropped_rule(
    index: usize,
    rule: &CheckedCastling,
    side: Color,
    g: Geometry,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Result<ResolvedCastling, Diagnostic> {
    let written = |sq: Option<Square>| mirror(g, side, sq.expect("a rule gained by a drop names its squares"));
    let kind = |letter: Option<char>, what: &str| {
        let letter = letter.expect("a rule gained by a drop names its pieces");
        letter_kind(letter)
            .filter(|_| letter.is_ascii_uppercase())
            .ok_or_else(|| {
                Diagnostic::error(
                    format!("castling `{}`: `{what}` `{letter}` is not a piece letter", rule.fen),
                    rule.location.clone(),
                )
                .with_help("give the upper-case letter of a piece listed under `pieces`")
            })
    };
    let (king_kind, rook_kind) = (
        kind(rule.king_letter, "king_piece")?,
        kind(rule.rook_letter, "rook_piece")?,
    );
    if king_kind == rook_kind {
        return Err(Diagnostic::error(
            format!("castling `{}`: the king and the rook are the same piece", rule.fen),
            rule.location.clone(),
        )
        .with_help("give `rook_piece` another piece than `king_piece`"));
    }
    Ok(ResolvedCastling {
        rule: index,
        side,
        fen: rule.fen,
        king_from: written(rule.king),
        king_to: mirror(g, side, rule.king_to),
        rook_from: written(rule.rook),
        rook_to: mirror(g, side, rule.rook_to),
        king_kind,
        rook_kind,
        carry: Vec::new(),
        carry_kind: None,
        rook_search: None,
        takes: rule.takes.clone(),
        by_drop: true,
    })
}

/// One side's view of a position, to find a castling rule's pieces in it.
struct SideView<'a> {
    rule: &'a CheckedCastling,
    side: Color,
    g: Geometry,
    board: &'a [FenCell],
    is_royal: &'a dyn Fn(char) -> bool,
}

impl SideView<'_> {
    /// The upper-case letter of a piece of this side on `sq`.
    fn own(&self, sq: Square) -> Option<char> {
        match self.board[sq.index()] {
            FenCell::Piece(ch) if ch.is_ascii_uppercase() == (self.side == Color::White) => {
                Some(ch.to_ascii_uppercase())
            }
            _ => None,
        }
    }

    fn name(&self) -> &'static str {
        match self.side {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    fn is_king(&self, ch: char) -> bool {
        match self.rule.king_letter {
            Some(l) => ch == l,
            None => (self.is_royal)(ch),
        }
    }

    fn fail(&self, message: String, help: &str) -> Diagnostic {
        Diagnostic::error(message, self.rule.location.clone()).with_help(help)
    }

    /// The king's square: as written, or the king on `rank`.
    fn king_from(&self, rank: i32) -> Result<Square, Diagnostic> {
        let (g, rule) = (self.g, self.rule);
        let found = match rule.king {
            Some(sq) => Some(mirror(g, self.side, sq)),
            None => (0..g.files as i32)
                .filter_map(|f| g.square(f, rank))
                .find(|&sq| self.own(sq).is_some_and(|ch| self.is_king(ch))),
        };
        found.ok_or_else(|| {
            self.fail(
                format!(
                    "castling `{}`: no {} king on rank {} of the start position",
                    rule.fen,
                    self.name(),
                    rank + 1
                ),
                "give `king: \"e1\"`, or put the king on the rank of `king_to`",
            )
        })
    }

    /// The rook's square: as written, or the outermost rook on `rank` on
    /// the rule's side of the king (one named by file in a FEN, if any).
    fn rook_from(&self, king_from: Square, rank: i32, rook_files: Option<&Vec<i32>>) -> Result<Square, Diagnostic> {
        let (g, rule) = (self.g, self.rule);
        let found = match rule.rook {
            Some(sq) => Some(mirror(g, self.side, sq)),
            None => {
                let king_file = g.file(king_from);
                let files: Vec<i32> = match rule.side {
                    Some(CastlingSide::Left) => (0..king_file).collect(),
                    _ => (king_file + 1..g.files as i32).rev().collect(),
                };
                let named = rook_files.and_then(|named| files.iter().copied().find(|f| named.contains(f)));
                match named {
                    Some(f) => g.square(f, rank).filter(|&sq| self.own(sq) == rule.rook_letter),
                    None => files
                        .into_iter()
                        .filter_map(|f| g.square(f, rank))
                        .find(|&sq| self.own(sq) == rule.rook_letter),
                }
            }
        };
        found.ok_or_else(|| {
            self.fail(
                format!(
                    "castling `{}`: no {} rook beside the king on {}",
                    rule.fen,
                    self.name(),
                    g.name(king_from)
                ),
                "put the castling rook on the rank of the king, on the rule's `side`",
            )
        })
    }

    /// The letters of the king and the rook on their squares, or what is
    /// wrong with the first square that does not hold its piece.
    fn pieces(&self, king_from: Square, rook_from: Square) -> Result<(char, char), Diagnostic> {
        let rule = self.rule;
        let king_char = self.own(king_from).filter(|&ch| self.is_king(ch));
        let rook_char = self
            .own(rook_from)
            .filter(|&ch| rule.rook_letter.is_none_or(|l| l == ch) && !self.is_king(ch));
        if let (Some(king), Some(rook)) = (king_char, rook_char) {
            return Ok((king, rook));
        }
        let (which, what, at) = if king_char.is_none() {
            (king_from, "king", &rule.square_locations.0)
        } else {
            (rook_from, "rook", &rule.square_locations.1)
        };
        let (square, name) = (self.g.name(which), self.name());
        let (holds, help) = match self.own(which) {
            None => (
                format!("holds no {name} piece"),
                format!("put the castling {what} on {square} in `start`, or fix the square"),
            ),
            Some(ch) => (
                format!("holds a {name} `{ch}`, not the castling {what},"),
                if what == "king" {
                    "the castling king is the royal piece, or the rule's `king_piece`".to_string()
                } else {
                    "the castling rook is the rule's `rook_piece`, and not the king".to_string()
                },
            ),
        };
        Err(Diagnostic::error(
            format!("castling {what} square {square} {holds} in the start position"),
            at.clone().or_else(|| rule.location.clone()),
        )
        .with_help(help))
    }

    /// The pieces carried along, (from, to): those of the rule's kind on
    /// its offsets from the king, the castling rook never among them.
    fn carried(&self, king_from: Square, king_to: Square, rook_from: Square) -> Vec<(Square, Square)> {
        let Some((letter, offsets)) = &self.rule.carry else {
            return Vec::new();
        };
        let dir = if self.side == Color::White { 1 } else { -1 };
        let g = self.g;
        offsets
            .iter()
            .filter_map(|&(df, dr)| Some((g.offset(king_from, df, dr * dir)?, g.offset(king_to, df, dr * dir)?)))
            .filter(|&(from, _)| self.own(from) == Some(*letter) && from != rook_from)
            .collect()
    }
}
