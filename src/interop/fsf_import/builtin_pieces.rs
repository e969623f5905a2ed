//! Fairy-Stockfish's built-in piece types, by the names its `variants.ini`
//! uses, in its internal order (which decides how options apply), with
//! their movement in Betza notation. This is part of the ini format; the
//! table itself is data (`data/fsf-pieces.txt`), so no piece is named here.

/// How kaboom can take a built-in piece type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// A plain Betza template kaboom reads.
    Betza(&'static str),
    /// Movement kaboom's rule language cannot express yet, and why.
    Unsupported(&'static str),
}

/// A built-in piece type.
#[derive(Debug, Clone, Copy)]
pub struct BuiltinPiece {
    /// Its option name in the ini file (`knight = n`).
    pub name: &'static str,
    /// Its movement.
    pub movement: Movement,
    /// Whether it may neither hop over nor capture a piece of its own type
    /// (`not-self` after the template in the table: janggi's cannon).
    pub not_self: bool,
    /// Its moves on the squares of `diagonalLines`, kept to them
    /// (`diagonal T` after the template in the table).
    pub diagonal: Option<&'static str>,
}

/// The table as written in `data/fsf-pieces.txt`.
const TABLE: &str = include_str!("../../../data/fsf-pieces.txt");

/// The built-in piece types and the default promotion choices, read once.
struct Builtins {
    pieces: Vec<BuiltinPiece>,
    promotion: Vec<usize>,
}

static BUILTINS: std::sync::LazyLock<Builtins> = std::sync::LazyLock::new(read_table);

/// Reads the table: `name betza`, `name betza not-self`, `name - why`,
/// `promotion name...`.
/// The table is part of kaboom, so a malformed line is a bug (a unit
/// test reads it).
fn read_table() -> Builtins {
    let mut pieces = Vec::new();
    let mut promotion_names: Vec<&'static str> = Vec::new();
    for line in TABLE
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (name, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if name == "promotion" {
            promotion_names = rest.split_whitespace().collect();
            continue;
        }
        let (rest, diagonal) = match rest.rsplit_once(" diagonal ") {
            Some((r, d)) if !rest.starts_with('-') => (r.trim(), Some(d.trim())),
            _ => (rest, None),
        };
        let (rest, not_self) = match rest.strip_suffix(" not-self") {
            Some(r) if !rest.starts_with('-') => (r.trim(), true),
            _ => (rest, false),
        };
        let movement = match rest.strip_prefix('-') {
            Some(why) => Movement::Unsupported(why.trim()),
            None if rest == "''" => Movement::Betza(""),
            None => Movement::Betza(rest),
        };
        pieces.push(BuiltinPiece {
            name,
            movement,
            not_self,
            diagonal,
        });
    }
    let promotion = promotion_names
        .iter()
        .map(|n| {
            pieces
                .iter()
                .position(|p| p.name == *n)
                .expect("a promotion piece of the table")
        })
        .collect();
    Builtins { pieces, promotion }
}

/// The built-in piece types in Fairy-Stockfish's order, before the custom
/// pieces (`customPiece1` ...) and the king, which come last.
pub fn builtin_pieces() -> &'static [BuiltinPiece] {
    &BUILTINS.pieces
}

/// The built-in piece types a pawn promotes to when the ini says nothing.
pub fn default_promotion() -> &'static [usize] {
    &BUILTINS.promotion
}

/// How many custom piece slots (`customPiece1` to `customPiece25`) are read.
pub const CUSTOM_PIECES: usize = 25;

/// Index of the pawn in [`builtin_pieces`].
pub const PAWN: usize = 0;

/// Index of a piece type in kaboom's importer: built-ins first, then the
/// custom pieces, then the king.
pub fn king_index() -> usize {
    builtin_pieces().len() + CUSTOM_PIECES
}

/// Number of piece type slots.
pub fn slot_count() -> usize {
    king_index() + 1
}

/// The ini option name of a slot.
pub fn slot_name(slot: usize) -> String {
    if slot < builtin_pieces().len() {
        builtin_pieces()[slot].name.to_string()
    } else if slot < king_index() {
        format!("customPiece{}", slot - builtin_pieces().len() + 1)
    } else {
        "king".to_string()
    }
}

/// The slot of an ini option name, if it names a piece type.
pub fn slot_of(name: &str) -> Option<usize> {
    if name == "king" {
        return Some(king_index());
    }
    if let Some(n) = name.strip_prefix("customPiece") {
        let n: usize = n.parse().ok()?;
        return (1..=CUSTOM_PIECES).contains(&n).then(|| builtin_pieces().len() + n - 1);
    }
    builtin_pieces().iter().position(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_every_template_parses() {
        assert!(builtin_pieces().len() > 30);
        assert_eq!(builtin_pieces()[PAWN].movement, Movement::Betza("fmWfceF"));
        assert_eq!(default_promotion().len(), 4);
        for piece in builtin_pieces() {
            if let Movement::Betza(t) = piece.movement {
                crate::lang::betza::parse(t).unwrap_or_else(|e| panic!("{}: {t}: {e}", piece.name));
            }
            if let Some(t) = piece.diagonal {
                crate::lang::betza::parse(t).unwrap_or_else(|e| panic!("{}: diagonal {t}: {e}", piece.name));
            }
        }
        assert!(builtin_pieces().iter().filter(|p| p.diagonal.is_some()).count() >= 4);
        assert_eq!(slot_of(builtin_pieces()[3].name), Some(3));
        assert_eq!(slot_of("customPiece2"), Some(builtin_pieces().len() + 1));
        assert_eq!(slot_name(king_index()), "king");
    }
}
