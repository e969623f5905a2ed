//! Checks the `pieces` list of a variant file into the checked pieces:
//! each piece's letter, name, moves and flags, the pieces that promoted
//! forms come from, and each kind's initial ranks on the start board.

use super::super::checked_piece::CheckedPiece;
use super::super::checker::Checker;
use crate::base::geometry::Geometry;
use crate::base::glyph::Glyph;
use crate::base::piece::{Kind, MAX_KINDS};
use crate::base::square::Square;
use crate::lang::betza::{self, Template};
use crate::lang::fen_syntax::{FenCell, FenRecord};
use crate::spec::VariantFile;

/// The pieces as checked, or `None` when the list is missing or wrong.
pub(super) fn check_pieces(c: &mut Checker<'_>, file: &VariantFile) -> Option<Vec<CheckedPiece>> {
    let specs = c.require(
        &file.pieces,
        "pieces",
        "[(letter: 'K', name: \"king\", moves: \"K\", royal: true)]",
    )?;
    if specs.is_empty() {
        c.error(
            "the variant has no pieces",
            None,
            "list at least one piece under `pieces`",
        );
        return None;
    }
    if specs.len() > MAX_KINDS {
        c.error(
            format!(
                "the variant has {} piece types; at most {MAX_KINDS} are allowed",
                specs.len()
            ),
            specs[MAX_KINDS].letter.location.clone(),
            "merge or remove piece types",
        );
        return None;
    }
    let mut pieces = Vec::new();
    let mut ok = true;
    for (i, spec) in specs.iter().enumerate() {
        let letter = spec.letter.value;
        if !letter.is_ascii_uppercase() {
            ok = false;
            c.error(
                format!("piece letter `{letter}` must be an upper-case ASCII letter"),
                spec.letter.location.clone(),
                "write White's letter in upper case (Black's is its lower case), e.g. 'N'",
            );
        } else if specs[..i].iter().any(|p| p.letter.value == letter) {
            ok = false;
            c.error(
                format!("two pieces use the letter `{letter}`"),
                spec.letter.location.clone(),
                "give each piece its own letter",
            );
        }
        let template = match betza::parse(&spec.moves.value) {
            Ok(t) => t,
            Err(e) => {
                ok = false;
                let at = c.inside(&spec.moves, e.span.clone());
                c.error(
                    format!("movement template `{}`: {}", spec.moves.value, e.message),
                    at,
                    e.help,
                );
                Template::default()
            }
        };
        for (ranks, what) in [(&spec.initial_ranks, "initial"), (&spec.en_passant_ranks, "en passant")] {
            if let Some(ranks) = ranks
                && ranks.value.iter().any(|r| *r == 0 || *r > Geometry::MAX_SIDE as u32)
            {
                ok = false;
                c.error(
                    format!("{what} ranks count from 1"),
                    ranks.location.clone(),
                    "write ranks from the owner's side, the first rank being 1",
                );
            }
        }
        let glyph = match &spec.glyph {
            None => Glyph::for_letter(letter),
            Some(g) => Glyph::parse(&g.value).unwrap_or_else(|e| {
                ok = false;
                c.error(
                    format!("glyph: {e}"),
                    g.location.clone(),
                    "write a figurine name (king, queen, rook, bishop, knight, pawn) or one or two characters",
                );
                Glyph::for_letter(letter)
            }),
        };
        let pawn_for = spec.pawn_for.as_ref().map(|side| {
            if !spec.pawn {
                ok = false;
                c.error(
                    format!(
                        "the {} ({}) has `pawn_for` but is not a `pawn`",
                        spec.name.value, letter
                    ),
                    side.location.clone(),
                    "add `pawn: true`, or drop `pawn_for`",
                );
            }
            match side.value {
                crate::spec::SideSpec::White => crate::base::square::Color::White,
                crate::spec::SideSpec::Black => crate::base::square::Color::Black,
            }
        });
        pieces.push(CheckedPiece {
            glyph,
            letter,
            name: spec.name.value.clone(),
            template_text: spec.moves.value.clone(),
            template,
            royal: spec.royal,
            pawn: spec.pawn,
            pawn_for,
            value: spec.value.unwrap_or(0),
            initial_ranks: Vec::new(),
            en_passant_ranks: None,
            regions: Default::default(),
            limits: Default::default(),
            rights: Default::default(),
            promoted_from: None,
        });
    }
    ok &= resolve_promoted_from(c, specs, &mut pieces);
    ok.then_some(pieces)
}

/// Resolves each piece's `promoted_from` to a kind: another piece, itself
/// not promoted, and named by one piece at most (so `+X` in a FEN names
/// one kind).
fn resolve_promoted_from(c: &mut Checker<'_>, specs: &[crate::spec::PieceSpec], pieces: &mut [CheckedPiece]) -> bool {
    let mut ok = true;
    for (i, spec) in specs.iter().enumerate() {
        let Some(from) = &spec.promoted_from else { continue };
        let base = specs.iter().position(|p| p.letter.value == from.value);
        let problem = match base {
            None => Some((
                format!("promoted_from: `{}` is not a piece letter", from.value),
                "name the upper-case letter of the piece this one is a promotion of".to_string(),
            )),
            Some(b) if b == i => Some((
                format!("the {} is promoted from itself", spec.name.value),
                "name another piece, or remove `promoted_from`".to_string(),
            )),
            Some(b) if specs[b].promoted_from.is_some() => Some((
                format!("promoted_from: `{}` is itself a promoted piece", from.value),
                "name the unpromoted piece: a promoted piece returns to hand as it".to_string(),
            )),
            // A royal form of a royal piece never goes to hand either.
            Some(b) if specs[b].royal && !spec.royal => Some((
                format!("promoted_from: `{}` is royal and never goes to hand", from.value),
                "name a piece that is not royal".to_string(),
            )),
            Some(_)
                if specs[..i]
                    .iter()
                    .any(|p| p.promoted_from.as_ref().is_some_and(|f| f.value == from.value)) =>
            {
                Some((
                    format!(
                        "two pieces are promoted from `{}`, so `+{}` in a FEN would name either",
                        from.value, from.value
                    ),
                    "give each piece at most one promoted form".to_string(),
                ))
            }
            Some(b) => {
                pieces[i].promoted_from = Some(Kind::from_index(b));
                None
            }
        };
        if let Some((message, help)) = problem {
            ok = false;
            c.error(message, from.location.clone(), help);
        }
    }
    ok
}

/// Fills each piece's initial ranks: as written, or else the ranks it
/// stands on in the start position, seen from its owner.
pub(super) fn fill_initial_ranks(pieces: &mut [CheckedPiece], file: &VariantFile, start: &FenRecord, g: Geometry) {
    for piece in pieces.iter_mut() {
        let spec = file.pieces.iter().flatten().find(|p| p.letter.value == piece.letter);
        piece.en_passant_ranks = spec
            .and_then(|p| p.en_passant_ranks.as_ref())
            .map(|ranks| ranks.value.iter().map(|r| *r as i32 - 1).collect());
        let written = spec.and_then(|p| p.initial_ranks.as_ref());
        piece.initial_ranks = match written {
            // Its `initial_squares` say where (`regions.initial`): every
            // rank passes, so its en passant ranks default to all of them.
            _ if spec.is_some_and(|p| p.initial_squares.is_some()) => (0..Geometry::MAX_SIDE as i32).collect(),
            Some(ranks) => ranks.value.iter().map(|r| *r as i32 - 1).collect(),
            None => {
                let mut ranks = Vec::new();
                for (sq, cell) in start.board.iter().enumerate() {
                    if let FenCell::Piece(ch) = cell
                        && ch.to_ascii_uppercase() == piece.letter
                    {
                        let side = if ch.is_ascii_uppercase() {
                            crate::base::square::Color::White
                        } else {
                            crate::base::square::Color::Black
                        };
                        let r = g.relative_rank(side, g.rank(Square::from_index(sq)));
                        if !ranks.contains(&r) {
                            ranks.push(r);
                        }
                    }
                }
                ranks
            }
        };
    }
}
