//! Othello- and Ataxx-style options: where drops must land
//! (`enclosingDrop` reversi, ataxx, snort, and `enclosingDropStart`),
//! which pieces a move turns (`flipEnclosedPieces`), endless hands
//! (`freeDrops`), and the ends that count the pieces
//! (`adjudicateFullBoard`, `materialCounting = unweighted`).

use super::{Entry, Origin, Squares, State};

/// Fairy-Stockfish's `EnclosingRule`, as the drops and the flips read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Enclosing {
    /// `none`.
    #[default]
    None,
    /// `reversi`: a drop must enclose some enemy pieces along a queen
    /// line; a move turns the pieces it encloses.
    Reversi,
    /// `ataxx` (and `quadwrangle` as a drop rule): a drop goes next to an
    /// own piece; a move turns the enemy pieces next to where it lands.
    Ataxx,
    /// `quadwrangle` (flips only): as `ataxx`, but a drop turns them only
    /// when it lands next to an own piece.
    Quadwrangle,
    /// `snort` (drops only): never orthogonally next to an enemy piece.
    Snort,
}

/// The Othello- and Ataxx-style rules of a variant.
#[derive(Debug, Clone, Default)]
pub struct Othello {
    /// `enclosingDrop` (reversi, ataxx, snort; `top` and `anyside` are
    /// drop zones of their own and stay `None` here).
    pub drop: Enclosing,
    /// `enclosingDropStart`: while one of these squares is empty, drops go
    /// only there.
    pub drop_start: Squares,
    /// `flipEnclosedPieces`.
    pub flip: Enclosing,
    /// `freeDrops`: endless hands.
    pub free_drops: bool,
    /// `adjudicateFullBoard`: a full board ends the game (as a draw, or
    /// counted).
    pub full_board: bool,
    /// `materialCounting = unweighted`: what would be drawn goes to the
    /// side with more pieces on the board.
    pub count_pieces: bool,
    /// `materialCounting = janggi`: what would be drawn goes to White if
    /// its pieces outweigh Black's by 2 points or more (Fairy-Stockfish's
    /// weights), else to Black.
    pub weigh_pieces: bool,
    /// `connectRegion1White` ... `connectRegion2Black`: the side that has
    /// just moved wins once its pieces link its first region to its
    /// second (`[region 1, region 2]`, each `[White's, Black's]`).
    pub connect_regions: [[Squares; 2]; 2],
}

/// Applies `e` if it is one of these options (false if it is not one).
pub(super) fn apply(s: &mut State, e: &Entry, o: &Origin) -> bool {
    match e.key.as_str() {
        "enclosingDrop" => {
            s.othello.drop = match e.value.as_str() {
                "reversi" => Enclosing::Reversi,
                "ataxx" | "quadwrangle" => Enclosing::Ataxx,
                "snort" => Enclosing::Snort,
                _ => Enclosing::None,
            };
            // `top`, `anyside` and `none` are the drop options' to read.
            return false;
        }
        "enclosingDropStart" => {
            if e.value.is_empty() || e.value == "-" {
                s.othello.drop_start = 0;
            } else if let Some(sq) = s.squares(o) {
                s.othello.drop_start = sq;
            }
        }
        "flipEnclosedPieces" => {
            s.othello.flip = match e.value.as_str() {
                "reversi" => Enclosing::Reversi,
                "ataxx" => Enclosing::Ataxx,
                "quadwrangle" => Enclosing::Quadwrangle,
                "none" => Enclosing::None,
                _ => {
                    s.invalid.push((
                        o.clone(),
                        "expected `reversi`, `ataxx`, `quadwrangle` or `none`".to_string(),
                    ));
                    Enclosing::None
                }
            };
        }
        "freeDrops" => {
            if let Some(b) = s.boolean(o) {
                s.othello.free_drops = b;
            }
        }
        "connectRegion1White" | "connectRegion2White" | "connectRegion1Black" | "connectRegion2Black" => {
            let which = usize::from(e.key.starts_with("connectRegion2"));
            let colour = usize::from(e.key.ends_with("Black"));
            if e.value.is_empty() || e.value == "-" {
                s.othello.connect_regions[which][colour] = 0;
            } else if let Some(sq) = s.squares(o) {
                s.othello.connect_regions[which][colour] = sq;
            }
        }
        "adjudicateFullBoard" => {
            if let Some(b) = s.boolean(o) {
                s.othello.full_board = b;
            }
        }
        _ => return false,
    }
    true
}
