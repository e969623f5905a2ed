//! A piece type as the checks leave it: its template parsed, its regions
//! and limits resolved. A leaf of the checks, read by the passes that judge
//! pieces (promotion, the position-cost bound) and by the compiler.

use crate::base::glyph::Glyph;
use crate::base::piece::Kind;
use crate::lang::betza::Template;

/// A piece type with its template parsed.
#[derive(Clone, Debug)]
pub struct CheckedPiece {
    /// Upper-case FEN letter.
    pub letter: char,
    /// Name for people.
    pub name: String,
    /// The template as written.
    pub template_text: String,
    /// The parsed template.
    pub template: Template,
    /// Whether the piece is royal.
    pub royal: bool,
    /// Whether the piece moves like a pawn for the move rule.
    pub pawn: bool,
    /// The one side whose pieces of this kind are pawns for the move rule
    /// (`pawn_for`); `None`: both, when `pawn`.
    pub pawn_for: Option<crate::base::square::Color>,
    /// Material value.
    pub value: i32,
    /// 0-based ranks, from the owner's side, where `i` moves are allowed.
    pub initial_ranks: Vec<i32>,
    /// Ranks (from 0, counted from the owner's side) whose `i` moves leave
    /// en passant targets; `None`: all of `initial_ranks`.
    pub en_passant_ranks: Option<Vec<i32>>,
    /// How pictures draw it.
    pub glyph: Glyph,
    /// The squares it never leaves and its moves on some squares.
    pub regions: super::regions::PieceRegions,
    /// The kinds it may not hop over or capture.
    pub limits: super::piece_limits::PieceLimits,
    /// The moves it has while it holds a right, and the rights it takes.
    pub rights: super::piece_rights::PieceRights,
    /// The kind it is a promoted form of (`promoted_from`): FEN writes it
    /// `+` and that kind's letter; captured, it goes to hand as that kind.
    pub promoted_from: Option<Kind>,
}
