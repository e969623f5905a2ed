//! Piece movement that depends on squares or on other pieces, as
//! Fairy-Stockfish's options: moves added along `diagonalLines`
//! (`moves_along`), the soldier's moves before `soldierPromotionRank` and
//! the pawn's triple step from `tripleStepRegion` (`moves_in`), the
//! janggi cannon's own type and `mutuallyImmuneTypes` (`cannot_hop`,
//! `cannot_capture`), and `enPassantRegion` (`en_passant_ranks`). Each is
//! the exact inverse of what the importer writes for the option; anything
//! else is refused with its reason.

use super::builtin::builtin_name;
use super::squares::{Bits, Board};
use crate::base::square::Color;
use crate::spec::PieceSpec;
use std::fmt::Write as _;

/// Writes the options of every piece's square-dependent movement, or
/// why it cannot be written.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, pieces: &[PieceSpec], board: &Board<'_>) {
    own_type_options(ini, why, pieces);
    diagonal_lines(ini, why, pieces, board);
    moves_in(ini, why, pieces, board);
    en_passant(ini, why, pieces, board.ranks);
}

/// The built-in type's row of the importer's table, by option name.
fn table_row(name: &str) -> Option<&'static super::super::fsf_import::BuiltinPiece> {
    super::super::fsf_import::builtin_pieces()
        .iter()
        .find(|b| b.name == name)
}

/// `cannot_hop` and `cannot_capture`: a built-in type that neither hops
/// over nor captures its own type (the janggi cannon) is written as that
/// type; a piece that captures anything but its own type is in
/// `mutuallyImmuneTypes`.
fn own_type_options(ini: &mut String, why: &mut Vec<String>, pieces: &[PieceSpec]) {
    let mut immune = String::new();
    for p in pieces {
        // A royal piece that never captures is the petrifying
        // pseudo-royal type ([`super::petrify_royal_options`] judges it).
        if p.cannot_hop.is_none() && p.cannot_capture.is_none()
            || super::petrify_royal_options::never_captures(p, pieces)
        {
            continue;
        }
        let own = p.letter.value.to_ascii_uppercase().to_string();
        let not_self = table_row(&p.name.value).is_some_and(|b| b.not_self);
        if not_self && builtin_name(p, &p.moves.value).is_some() {
            continue;
        }
        match (&p.cannot_hop, &p.cannot_capture) {
            (None, Some(c)) if c.value == own && !not_self => immune.push(p.letter.value.to_ascii_lowercase()),
            _ => why.push(format!(
                "piece {own}: `cannot_hop` or `cannot_capture` other than Fairy-Stockfish's (a piece that never captures its own type, `mutuallyImmuneTypes`, or a built-in type such as `janggiCannon` that neither hops over nor captures its own)"
            )),
        }
    }
    if !immune.is_empty() {
        let _ = writeln!(ini, "mutuallyImmuneTypes = {immune}");
    }
}

/// The template a piece moves by on `diagonalLines` as the importer reads
/// it back: its built-in type's, and a king's the first type's that
/// moves as its template.
fn diagonal_of(p: &PieceSpec) -> Option<&'static str> {
    let template = &p.moves.value;
    match builtin_name(p, template) {
        Some(b) if !(p.royal && b == "king") => table_row(b)?.diagonal,
        // A king of Fairy-Stockfish's wazir type ([`super::wazir_king`]):
        // the only king it gives diagonal steps there (not a custom royal
        // piece, `king = k:T`).
        _ if p.royal && template == "W" => super::super::fsf_import::builtin_pieces()
            .iter()
            .find(|b| matches!(b.movement, super::super::fsf_import::Movement::Betza(t) if t == template))
            .and_then(|b| b.diagonal),
        _ => None,
    }
}

/// The squares of a set for both sides, if they are the same fixed
/// squares whoever reads them.
fn absolute(board: &Board<'_>, text: &str) -> Option<Bits> {
    let [w, b] = [Color::White, Color::Black].map(|c| board.eval_text(text, c));
    w.filter(|w| Some(*w) == b)
}

/// `moves_along`: one set of squares (`diagonalLines`) on which every
/// piece of a built-in type with diagonal moves there has them, and no
/// other piece any.
fn diagonal_lines(ini: &mut String, why: &mut Vec<String>, pieces: &[PieceSpec], board: &Board<'_>) {
    let mut lines: Option<Bits> = None;
    let mut bad = Vec::new();
    for p in pieces.iter().filter(|p| !p.moves_along.is_empty()) {
        let fits = match (&p.moves_along[..], diagonal_of(p)) {
            ([one], Some(d)) if one.moves.value == d => match absolute(board, &one.squares.value) {
                Some(s) if lines.is_none_or(|l| l == s) => {
                    lines = Some(s);
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if !fits {
            bad.push(p.letter.value);
        }
    }
    let Some(lines) = lines.filter(|l| *l != 0) else {
        for letter in bad {
            why.push(format!(
                "piece {letter}: moves added along some squares (`moves_along`) other than a built-in type's on `diagonalLines`"
            ));
        }
        return;
    };
    // Every piece of a type with diagonal moves has them there.
    for p in pieces
        .iter()
        .filter(|p| p.moves_along.is_empty() && diagonal_of(p).is_some())
    {
        bad.push(p.letter.value);
    }
    for letter in bad {
        why.push(format!(
            "piece {letter}: moves added along some squares (`moves_along`) other than those Fairy-Stockfish's `diagonalLines` gives every built-in type with diagonal moves there (rook, janggi cannon, soldier, wazir, a king of the wazir type)"
        ));
    }
    let _ = writeln!(ini, "diagonalLines = {}", board.fsf(lines));
}

/// What a piece's `moves_in` is as an option.
#[derive(Clone, Copy, PartialEq, Debug)]
enum MovesIn {
    /// A soldier that steps sideways from this rank on.
    SoldierRank(u32),
    /// A pawn's triple step from each side's squares.
    TripleStep([Bits; 2]),
}

/// `moves_in`: the soldier's sideways steps from `soldierPromotionRank`
/// on, and the pawn's triple step (`tripleStepRegion`).
fn moves_in(ini: &mut String, why: &mut Vec<String>, pieces: &[PieceSpec], board: &Board<'_>) {
    let mut soldier: Option<Option<MovesIn>> = None;
    let mut triple: Option<Option<MovesIn>> = None;
    for p in pieces {
        let kind = builtin_name(p, &p.moves.value);
        let option = moves_in_option(p, kind, board);
        let slot = match kind {
            Some("soldier") => &mut soldier,
            Some("pawn") => &mut triple,
            _ => {
                if !p.moves_in.is_empty() {
                    why.push(format!(
                        "piece {}: other moves on some squares (`moves_in`): Fairy-Stockfish has them only for its soldier (`soldierPromotionRank`) and its pawn (`tripleStepRegion`)",
                        p.letter.value
                    ));
                }
                continue;
            }
        };
        match option {
            Err(()) => why.push(format!(
                "piece {}: other moves on some squares (`moves_in`) that are not the {}",
                p.letter.value,
                if kind == Some("soldier") {
                    "soldier's sideways steps from a rank on (`soldierPromotionRank`)"
                } else {
                    "pawn's triple step from fixed squares (`tripleStepRegion`)"
                }
            )),
            Ok(o) if slot.is_some_and(|s| s != o) => why.push(format!(
                "piece {}: other moves on some squares (`moves_in`) than another piece of its type (Fairy-Stockfish's option serves the type)",
                p.letter.value
            )),
            Ok(o) => *slot = Some(o),
        }
    }
    for option in [soldier, triple].into_iter().flatten().flatten() {
        match option {
            MovesIn::SoldierRank(r) => {
                let _ = writeln!(ini, "soldierPromotionRank = {r}");
            }
            MovesIn::TripleStep([w, b]) => {
                let _ = writeln!(
                    ini,
                    "tripleStepRegionWhite = {}\ntripleStepRegionBlack = {}",
                    board.fsf(w),
                    board.fsf(b)
                );
            }
        }
    }
}

/// The option a piece of built-in type `kind` has for its `moves_in`
/// (`None`: no moves there), or `Err` where it has none.
fn moves_in_option(p: &PieceSpec, kind: Option<&str>, board: &Board<'_>) -> Result<Option<MovesIn>, ()> {
    let [one] = &p.moves_in[..] else {
        return if p.moves_in.is_empty() { Ok(None) } else { Err(()) };
    };
    let template = &p.moves.value;
    match kind {
        // Forward only before the rank, then sideways too.
        Some("soldier") if template == "fW" && one.moves.value == "fsW" => {
            let n = board.ranks;
            let squares = [Color::White, Color::Black].map(|c| board.eval_text(&one.squares.value, c));
            (2..=n)
                .find(|r| {
                    squares == [Color::White, Color::Black].map(|c| board.eval_text(&format!("ranks({r}..{n})"), c))
                })
                .map(|r| Some(MovesIn::SoldierRank(r)))
                .ok_or(())
        }
        Some("pawn") if one.moves.value == format!("{template}ifmnH") => {
            match [Color::White, Color::Black].map(|c| board.eval_text(&one.squares.value, c)) {
                [Some(w), Some(b)] if w != 0 => Ok(Some(MovesIn::TripleStep([w, b]))),
                _ => Err(()),
            }
        }
        _ => Err(()),
    }
}

/// `en_passant_ranks`: the ranks whose initial moves leave en passant
/// targets, as the region (whole ranks mirrored for Black) where targets
/// may lie; none at all as an empty region.
fn en_passant(ini: &mut String, why: &mut Vec<String>, pieces: &[PieceSpec], ranks: u32) {
    let initial: Vec<&PieceSpec> = pieces.iter().filter(|p| p.moves.value.contains('i')).collect();
    let lists: Vec<Option<Vec<u8>>> = initial
        .iter()
        .map(|p| {
            p.en_passant_ranks
                .as_ref()
                .map(|r| r.value.iter().filter_map(|&x| u8::try_from(x).ok()).collect())
        })
        .collect();
    if lists.iter().all(Option::is_none) {
        return;
    }
    let refuse = |why: &mut Vec<String>, reason: &str| {
        for p in initial.iter().filter(|p| p.en_passant_ranks.is_some()) {
            why.push(format!(
                "piece {}: en passant after initial moves from some ranks only (`en_passant_ranks`): {reason}",
                p.letter.value
            ));
        }
    };
    if lists.iter().any(Option::is_none) {
        return refuse(
            why,
            "Fairy-Stockfish's `enPassantRegion` serves every piece, and another piece has none",
        );
    }
    if lists.iter().all(|l| l.as_ref().is_some_and(Vec::is_empty)) {
        let _ = writeln!(ini, "enPassantRegion = -");
        return;
    }
    match target_ranks(&initial, &lists, ranks) {
        Some(targets) => {
            // White's targets lie in Black's region, Black's in White's.
            let targets: Vec<i64> = targets.iter().map(|&r| i64::from(r)).collect();
            let _ = writeln!(
                ini,
                "enPassantRegionWhite = {}\nenPassantRegionBlack = {}",
                super::rank_list(&targets, true, ranks),
                super::rank_list(&targets, false, ranks)
            );
        }
        None => refuse(why, "no en passant region of whole ranks gives these ranks"),
    }
}

/// The fewest ranks (from the mover's side) where en passant targets may
/// lie such that the importer gives each piece its list; not all ranks
/// (that is no region).
fn target_ranks(pieces: &[&PieceSpec], lists: &[Option<Vec<u8>>], ranks: u32) -> Option<Vec<u8>> {
    let n = u8::try_from(ranks).ok().filter(|n| *n <= 16)?;
    let full = (1u32 << n) - 1;
    let mut masks: Vec<u32> = (1..full).collect();
    masks.sort_by_key(|m| m.count_ones());
    masks.into_iter().find_map(|mask| {
        let targets: Vec<u8> = (1..=n).filter(|r| mask & (1 << (r - 1)) != 0).collect();
        pieces
            .iter()
            .zip(lists)
            .all(|(p, list)| {
                super::super::fsf_import::en_passant_ranks(&p.moves.value, &targets, n).as_ref() == list.as_ref()
            })
            .then_some(targets)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str) -> Vec<PieceSpec> {
        let v = crate::spec::Loader::new()
            .load_text("t.ron", text)
            .unwrap_or_else(|e| panic!("{e:?}"));
        v.pieces.unwrap_or_default()
    }

    fn variant(pieces: &str) -> String {
        format!(
            "(name: \"t\", board: (files: 9, ranks: 10), pieces: [{pieces}], start: \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\")"
        )
    }

    fn options(pieces_text: &str) -> (String, Vec<String>) {
        let ps = pieces(&variant(pieces_text));
        let board = Board {
            files: 9,
            ranks: 10,
            regions: &[],
        };
        let (mut ini, mut why) = (String::new(), Vec::new());
        write(&mut ini, &mut why, &ps, &board);
        (ini, why)
    }

    const KING: &str = "(letter: 'K', name: \"king\", moves: \"K\", royal: true)";

    #[test]
    fn a_soldier_stepping_sideways_from_a_rank_on_is_its_promotion_rank() {
        let (ini, why) = options(&format!(
            "{KING}, (letter: 'P', name: \"soldier\", moves: \"fW\", moves_in: [(squares: \"ranks(6..10)\", moves: \"fsW\")])"
        ));
        assert_eq!((ini.as_str(), why.len()), ("soldierPromotionRank = 6\n", 0), "{why:?}");
        // Up to a rank short of the last: no option.
        let (_, why) = options(&format!(
            "{KING}, (letter: 'P', name: \"soldier\", moves: \"fW\", moves_in: [(squares: \"ranks(6..9)\", moves: \"fsW\")])"
        ));
        assert_eq!(why.len(), 1, "{why:?}");
    }

    #[test]
    fn a_pawn_s_triple_step_is_its_region() {
        let (ini, why) = options(&format!(
            "{KING}, (letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", moves_in: [(squares: \"ranks(2..2)\", moves: \"fmWfceFifmnDifmnH\")])"
        ));
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "tripleStepRegionWhite = *2\ntripleStepRegionBlack = *9\n");
        // Other moves there: refused.
        let (_, why) = options(&format!(
            "{KING}, (letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", moves_in: [(squares: \"ranks(2..2)\", moves: \"fmWfceF\")])"
        ));
        assert_eq!(why.len(), 1, "{why:?}");
    }

    #[test]
    fn janggi_cannons_and_mutually_immune_types_are_their_options() {
        let (ini, why) = options(&format!(
            "{KING}, (letter: 'C', name: \"janggiCannon\", moves: \"pR\", cannot_hop: \"C\", cannot_capture: \"C\"), (letter: 'Q', name: \"q\", moves: \"Q\", cannot_capture: \"Q\")"
        ));
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "mutuallyImmuneTypes = q\n");
        let (_, why) = options(&format!(
            "{KING}, (letter: 'Q', name: \"q\", moves: \"Q\", cannot_capture: \"K\")"
        ));
        assert_eq!(why.len(), 1, "{why:?}");
    }

    #[test]
    fn diagonal_lines_serve_every_built_in_type_with_diagonal_moves() {
        let palace =
            "(white ranks(1) & files(d..d)) + (white ranks(2) & files(e..e)) + (white ranks(10) & files(f..f))";
        let along = |m: &str| format!("moves_along: [(squares: \"{palace}\", moves: \"{m}\")]");
        let text = format!(
            "(letter: 'K', name: \"king\", moves: \"W\", royal: true, {}), (letter: 'R', name: \"rook\", moves: \"R\", {})",
            along("F"),
            along("B")
        );
        let (ini, why) = options(&text);
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "diagonalLines = d1 e2 f10\n");
        // A rook without them: refused.
        let text = format!(
            "(letter: 'K', name: \"king\", moves: \"W\", royal: true, {}), (letter: 'R', name: \"rook\", moves: \"R\")",
            along("F")
        );
        assert_eq!(options(&text).1.len(), 1);
    }

    #[test]
    fn en_passant_ranks_are_the_fewest_target_ranks() {
        let (ini, why) = options(&format!(
            "{KING}, (letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", en_passant_ranks: [2], initial_ranks: [1, 2])"
        ));
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "enPassantRegionWhite = *8\nenPassantRegionBlack = *3\n");
        let (ini, _) = options(&format!(
            "{KING}, (letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", en_passant_ranks: [])"
        ));
        assert_eq!(ini, "enPassantRegion = -\n");
    }
}
