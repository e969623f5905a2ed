//! Several royal piece types, or royal promoted forms, as Fairy-Stockfish
//! writes them: pseudo-royal extinction types (`extinctionPieceTypes`,
//! `extinctionValue = loss`, `extinctionPseudoRoyal = true`) beside the
//! king, if one of them is the piece named `king` (else `king = -`).
//!
//! The importer makes such a type royal throughout where no side can ever
//! have more of it than `extinctionPieceCount + 1`: a side starts with at
//! most one and nothing adds one (count 0), or, without drops, a count as
//! large as the board, which no side can exceed (a type pawns may promote
//! to, or of which a side starts with several). A royal form's type is
//! the custom type it moves as ([`super::piece_promotion_options`]).

use super::piece_promotion_options::Form;
use crate::spec::{PieceSpec, VariantFile};
use std::fmt::Write as _;

/// Whether the royal pieces need extinction types: several royal types,
/// or a royal promoted form.
pub(super) fn applies(pieces: &[PieceSpec]) -> bool {
    let plain = pieces.iter().filter(|p| p.royal && p.promoted_from.is_none()).count();
    plain > 1 || pieces.iter().any(|p| p.royal && p.promoted_from.is_some())
}

/// The royal piece written as Fairy-Stockfish's `king`, where
/// [`applies`]: the one named `king`, if any.
pub(super) fn king(pieces: &[PieceSpec]) -> Option<&PieceSpec> {
    pieces
        .iter()
        .find(|p| p.royal && p.promoted_from.is_none() && p.name.value == "king")
}

/// How many of `letter` (White's upper case, Black's lower) the start
/// position holds, on the board and in hand, for the side with more.
fn start_count(start: &str, letter: char) -> usize {
    let board = start.split_whitespace().next().unwrap_or_default();
    let (mut white, mut black) = (0, 0);
    for c in board.chars() {
        if c == letter.to_ascii_uppercase() {
            white += 1;
        } else if c == letter.to_ascii_lowercase() {
            black += 1;
        }
    }
    white.max(black)
}

/// The extinction options for the royal pieces other than the king and
/// the royal forms (see the module's comment); the reasons they cannot
/// be go to `why`.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, file: &VariantFile, forms: &[Form<'_>], squares: u32) {
    let pieces = file.pieces.as_deref().unwrap_or_default();
    let king = king(pieces).map(|k| k.letter.value);
    let start = file.start.as_ref().map_or("", |s| s.value.as_str());
    let chosen = |l: char| {
        file.promotion
            .iter()
            .flatten()
            .any(|r| !r.from_zone && r.choices.value.contains(l))
    };
    let mut types = String::new();
    let mut crowded = false;
    for p in pieces.iter().filter(|p| p.royal && Some(p.letter.value) != king) {
        let letter = match &p.promoted_from {
            None => p.letter.value.to_ascii_lowercase(),
            Some(_) => match forms.iter().find(|f| f.piece.letter.value == p.letter.value) {
                Some(f) => f.target,
                None => continue,
            },
        };
        if forms.iter().any(|f| f.target == letter && !f.piece.royal) {
            why.push(format!(
                "the royal promoted form {} moves as a form that is not royal",
                p.letter.value
            ));
        }
        crowded |= p.promoted_from.is_none() && (start_count(start, p.letter.value) > 1 || chosen(p.letter.value));
        if !types.contains(letter) {
            types.push(letter);
        }
    }
    let drops = file.drops.is_some();
    if crowded && drops {
        why.push(
            "a royal piece type a side may have several of, with drops: Fairy-Stockfish's pseudo-royal pieces then \
             depend on their count"
                .to_string(),
        );
    }
    let _ = writeln!(
        ini,
        "extinctionValue = loss\nextinctionPieceTypes = {types}\nextinctionPseudoRoyal = true"
    );
    if crowded {
        let _ = writeln!(ini, "extinctionPieceCount = {squares}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> VariantFile {
        crate::spec::Loader::new().load_text("t.ron", text).unwrap()
    }

    const TWO: &str = r#"(name: "t", board: (files: 5, ranks: 5),
        pieces: [
            (letter: 'P', name: "pawn", moves: "fmWfcF", pawn: true),
            (letter: 'M', name: "amazon", moves: "QN", royal: true),
            (letter: 'K', name: "king", moves: "K", royal: true),
        ],
        start: "k4/p4/5/P4/M3K w - - 0 1",
        promotion: (pieces: "P", ranks: [5], choices: "", mandatory: true))"#;

    fn export(text: &str) -> (String, Vec<String>) {
        let f = file(text);
        let (mut ini, mut why) = (String::new(), Vec::new());
        write(&mut ini, &mut why, &f, &[], 25);
        (ini, why)
    }

    #[test]
    fn a_second_royal_type_is_a_pseudo_royal_extinction_type() {
        let f = file(TWO);
        let pieces = f.pieces.as_deref().unwrap();
        assert!(applies(pieces));
        assert_eq!(king(pieces).map(|k| k.letter.value), Some('K'));
        let (ini, why) = export(TWO);
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(
            ini,
            "extinctionValue = loss\nextinctionPieceTypes = m\nextinctionPseudoRoyal = true\n"
        );
    }

    #[test]
    fn a_royal_type_pawns_promote_to_counts_to_the_board() {
        let (ini, why) = export(&TWO.replace("choices: \"\"", "choices: \"M\""));
        assert!(why.is_empty(), "{why:?}");
        assert!(ini.ends_with("extinctionPieceCount = 25\n"), "{ini}");
        let (_, why) = export(
            &TWO.replace("choices: \"\"", "choices: \"M\"")
                .replace("promotion:", "drops: (captures_to_hand: true),\npromotion:"),
        );
        assert!(why[0].contains("with drops"), "{why:?}");
    }
}
