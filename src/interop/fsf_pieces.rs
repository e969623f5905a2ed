//! Fairy-Stockfish's built-in piece types, by the names its `variants.ini`
//! uses, in its internal order (which decides how options apply), with
//! their movement in Betza notation. This is part of the ini format.

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
}

use Movement::{Betza, Unsupported};

/// The built-in piece types in Fairy-Stockfish's order, before the custom
/// pieces (`customPiece1` ...) and the king, which come last.
pub const BUILTIN_PIECES: &[BuiltinPiece] = &[
    BuiltinPiece {
        name: "pawn",
        movement: Betza("fmWfceF"),
    },
    BuiltinPiece {
        name: "knight",
        movement: Betza("N"),
    },
    BuiltinPiece {
        name: "bishop",
        movement: Betza("B"),
    },
    BuiltinPiece {
        name: "rook",
        movement: Betza("R"),
    },
    BuiltinPiece {
        name: "queen",
        movement: Betza("Q"),
    },
    BuiltinPiece {
        name: "fers",
        movement: Betza("F"),
    },
    BuiltinPiece {
        name: "alfil",
        movement: Betza("A"),
    },
    BuiltinPiece {
        name: "fersAlfil",
        movement: Betza("FA"),
    },
    BuiltinPiece {
        name: "silver",
        movement: Betza("FfW"),
    },
    BuiltinPiece {
        name: "aiwok",
        movement: Betza("RNF"),
    },
    BuiltinPiece {
        name: "bers",
        movement: Betza("RF"),
    },
    BuiltinPiece {
        name: "archbishop",
        movement: Betza("BN"),
    },
    BuiltinPiece {
        name: "chancellor",
        movement: Betza("RN"),
    },
    BuiltinPiece {
        name: "amazon",
        movement: Betza("QN"),
    },
    BuiltinPiece {
        name: "knibis",
        movement: Betza("mNcB"),
    },
    BuiltinPiece {
        name: "biskni",
        movement: Betza("mBcN"),
    },
    BuiltinPiece {
        name: "kniroo",
        movement: Betza("mNcR"),
    },
    BuiltinPiece {
        name: "rookni",
        movement: Betza("mRcN"),
    },
    BuiltinPiece {
        name: "shogiPawn",
        movement: Betza("fW"),
    },
    BuiltinPiece {
        name: "lance",
        movement: Betza("fR"),
    },
    BuiltinPiece {
        name: "shogiKnight",
        movement: Betza("fN"),
    },
    BuiltinPiece {
        name: "gold",
        movement: Betza("WfF"),
    },
    BuiltinPiece {
        name: "dragonHorse",
        movement: Betza("BW"),
    },
    BuiltinPiece {
        name: "clobber",
        movement: Betza("cW"),
    },
    BuiltinPiece {
        name: "breakthrough",
        movement: Betza("fmWfF"),
    },
    BuiltinPiece {
        name: "immobile",
        movement: Betza(""),
    },
    BuiltinPiece {
        name: "cannon",
        movement: Betza("mRcpR"),
    },
    BuiltinPiece {
        name: "janggiCannon",
        movement: Unsupported("hops over a screen (hopper moves)"),
    },
    BuiltinPiece {
        name: "soldier",
        movement: Unsupported("moves sideways only past the river (regions)"),
    },
    BuiltinPiece {
        name: "horse",
        movement: Betza("nN"),
    },
    BuiltinPiece {
        name: "elephant",
        movement: Betza("nA"),
    },
    BuiltinPiece {
        name: "janggiElephant",
        movement: Unsupported("a lame (3,2) leap over two squares (multi-leg moves)"),
    },
    BuiltinPiece {
        name: "banner",
        movement: Unsupported("hops over a screen to capture (hopper moves)"),
    },
    BuiltinPiece {
        name: "wazir",
        movement: Betza("W"),
    },
    BuiltinPiece {
        name: "commoner",
        movement: Betza("K"),
    },
    BuiltinPiece {
        name: "centaur",
        movement: Betza("KN"),
    },
];

/// How many custom piece slots (`customPiece1` to `customPiece25`) are read.
pub const CUSTOM_PIECES: usize = 25;

/// Index of the pawn in [`BUILTIN_PIECES`].
pub const PAWN: usize = 0;

/// Index of a piece type in kaboom's importer: built-ins first, then the
/// custom pieces, then the king.
pub fn king_index() -> usize {
    BUILTIN_PIECES.len() + CUSTOM_PIECES
}

/// Number of piece type slots.
pub fn slot_count() -> usize {
    king_index() + 1
}

/// The ini option name of a slot.
pub fn slot_name(slot: usize) -> String {
    if slot < BUILTIN_PIECES.len() {
        BUILTIN_PIECES[slot].name.to_string()
    } else if slot < king_index() {
        format!("customPiece{}", slot - BUILTIN_PIECES.len() + 1)
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
        return (1..=CUSTOM_PIECES).contains(&n).then(|| BUILTIN_PIECES.len() + n - 1);
    }
    BUILTIN_PIECES.iter().position(|p| p.name == name)
}
