//! The variant file format: serde types that mirror a `.ron` file, and
//! loading with `extends`. Values that diagnostics point at are
//! [`Spanned`]. Nothing here is checked yet; `check` does that.

mod load;
mod span;

pub use load::{Loader, bundled_names, bundled_source};
pub use span::{Location, SourceFile, SourceId, Sources, Spanned};

use serde::Deserialize;

/// One variant file as written. Every field is optional so that a file
/// that `extends` another can give only what it changes.
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// A bundled variant name or a path relative to this file whose
    /// fields this file starts from.
    #[serde(default)]
    pub extends: Option<Spanned<String>>,
    /// The variant's name for people.
    #[serde(default)]
    pub name: Option<Spanned<String>>,
    /// A sentence or two on what the variant is.
    #[serde(default)]
    pub description: Option<String>,
    /// Board size.
    #[serde(default)]
    pub board: Option<BoardSpec>,
    /// Piece types. With `extends`, a piece with a parent's letter replaces
    /// it and a new letter is added.
    #[serde(default)]
    pub pieces: Option<Vec<PieceSpec>>,
    /// The start position in FEN.
    #[serde(default)]
    pub start: Option<Spanned<String>>,
    /// Which pieces promote, where, and to what.
    #[serde(default)]
    pub promotion: Option<PromotionSpec>,
    /// Castling moves, written for White and mirrored for Black.
    #[serde(default)]
    pub castling: Option<Vec<CastlingSpec>>,
    /// Whether a move may leave one's own royal piece attacked (false) or
    /// not (true, the chess rule).
    #[serde(default)]
    pub check: Option<Spanned<bool>>,
    /// How the game ends.
    #[serde(default)]
    pub end: Option<EndSpec>,
}

/// Board size.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Number of files, 1 to 16.
    pub files: Spanned<u32>,
    /// Number of ranks, 1 to 16.
    pub ranks: Spanned<u32>,
}

/// One piece type.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// The FEN letter, upper case (White); Black's is its lower case.
    pub letter: Spanned<char>,
    /// The piece's name.
    pub name: Spanned<String>,
    /// Movement template in Betza notation (docs/betza.md).
    pub moves: Spanned<String>,
    /// A royal piece may not be left attacked when the variant has `check`.
    #[serde(default)]
    pub royal: bool,
    /// A pawn's move resets the move-rule count, as a capture does.
    #[serde(default)]
    pub pawn: bool,
    /// Material value, in hundredths of a pawn.
    #[serde(default)]
    pub value: Option<i32>,
    /// Ranks (counted from the owner's side, first rank 1) where the
    /// piece's `i` moves are allowed. Default: the ranks it stands on in
    /// the start position.
    #[serde(default)]
    pub initial_ranks: Option<Spanned<Vec<u32>>>,
}

/// Promotion rules.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSpec {
    /// Letters of the pieces that promote (`"P"`).
    pub pieces: Spanned<String>,
    /// Ranks, counted from the owner's side, where they promote (`[8]`).
    pub ranks: Spanned<Vec<u32>>,
    /// Letters of the pieces they may become (`"QRBN"`).
    pub choices: Spanned<String>,
    /// Whether promotion is compulsory on arrival (default true).
    #[serde(default = "yes")]
    pub mandatory: bool,
}

fn yes() -> bool {
    true
}

/// One castling move, written from White's side.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSpec {
    /// The FEN castling-rights letter for White (`K`); Black uses its lower case.
    pub fen: Spanned<char>,
    /// The king's square before castling.
    pub king: Spanned<String>,
    /// The king's square after castling.
    pub king_to: Spanned<String>,
    /// The rook's square before castling.
    pub rook: Spanned<String>,
    /// The rook's square after castling.
    pub rook_to: Spanned<String>,
}

/// What happens to the side to move when it has no legal move, and the
/// draw rules.
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EndSpec {
    /// No legal move while in check (default: `Loss`).
    #[serde(default)]
    pub checkmate: Option<Outcome>,
    /// No legal move while not in check (default: `Draw`).
    #[serde(default)]
    pub stalemate: Option<Outcome>,
    /// Moves by each side without a capture or pawn move before the game
    /// is drawn (default 50; 0 turns the rule off).
    #[serde(default)]
    pub move_rule: Option<u32>,
    /// How many times the same position drawn the game (default 3; 0 off).
    #[serde(default)]
    pub repetition: Option<u32>,
}

/// An outcome for the side to move.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// The game is drawn.
    Draw,
}
