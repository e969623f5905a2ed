//! Promoted forms that are a plain piece's own Fairy-Stockfish type
//! (`promotedPieceType = q:k`, `k` a piece of the variant): the importer
//! names such a type's pieces together, the plain piece then its forms
//! (` K A C`), in the rules of the options that name the type, and
//! counts them together: the counted pseudo-royal clauses
//! (`fsf_import::counted_clauses`) and a flag piece (`flagPiece`). Where
//! the variant's rules name a plain piece and the forms moving as it so,
//! the forms are written as promoting to the plain piece's type.

use crate::interop::fsf_import::counted_clauses;
use crate::lang::effect_syntax::{Cond, EndCondition, Quantity, SetExpr, SetOp, parse_end, parse_legal};
use crate::spec::{PieceSpec, VariantFile};

/// Each plain piece's letters and its forms' (` K A C`), where some rule
/// names them together: (the letters, the pairs (form, plain piece)).
pub(super) fn find(file: &VariantFile) -> Vec<(String, Vec<(char, char)>)> {
    let pieces = file.pieces.as_deref().unwrap_or_default();
    let legal: Vec<String> = file
        .legal
        .iter()
        .flatten()
        .filter_map(|c| parse_legal(&c.value).ok().map(|c| c.to_string()))
        .collect();
    let ends: Vec<Cond> = file
        .end
        .iter()
        .flatten()
        .filter_map(|e| match parse_end(&e.value).ok()?.condition {
            EndCondition::Holds(c) => Some(c),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for x in pieces.iter().filter(|p| p.promoted_from.is_none()) {
        let forms: Vec<char> = pieces
            .iter()
            .filter(|f| same_type(f, x))
            .map(|f| f.letter.value)
            .collect();
        if forms.is_empty() {
            continue;
        }
        let letters: String = std::iter::once(x.letter.value)
            .chain(forms.iter().copied())
            .map(|l| format!(" {l}"))
            .collect();
        if counted(&letters, &legal) || ends.iter().any(|c| flagged(c, &letters)) {
            let pairs = forms.iter().map(|&f| (f, x.letter.value)).collect();
            out.push((letters, pairs));
        }
    }
    out
}

/// Whether `f` is a promoted form of another piece that moves as `x`
/// does, on the same squares.
fn same_type(f: &PieceSpec, x: &PieceSpec) -> bool {
    f.promoted_from.as_ref().is_some_and(|b| b.value != x.letter.value)
        && f.moves.value == x.moves.value
        && f.within.as_ref().map(|w| &w.value) == x.within.as_ref().map(|w| &w.value)
        && !f.royal
}

/// Whether the legality clauses (`legal`, printed) hold the counted
/// pseudo-royal clauses of the pieces `letters`.
fn counted(letters: &str, legal: &[String]) -> bool {
    let (clauses, _) = counted_clauses(letters, None);
    clauses
        .iter()
        .all(|c| parse_legal(c).is_ok_and(|c| legal.contains(&c.to_string())))
}

/// Whether the condition counts the pieces `letters` inside a region
/// (`count(enemy K A & REGION)`), as flag rules do.
fn flagged(c: &Cond, letters: &str) -> bool {
    match c {
        Cond::Not(a) => flagged(a, letters),
        Cond::And(a, b) | Cond::Or(a, b) => flagged(a, letters) || flagged(b, letters),
        Cond::Compare(Quantity::Count(SetExpr::Binary(SetOp::Intersection, pieces, _)), _, _) => {
            matches!(&**pieces, SetExpr::Pieces(_, Some(k))
                if !k.negate && !k.royal && k.letters.iter().map(|(c, _)| format!(" {c}")).collect::<String>() == letters)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::find;

    fn file(legal: &str, end: &str) -> crate::spec::VariantFile {
        let text = format!(
            "(name: \"t\", pieces: [(letter: 'K', name: \"commoner\", moves: \"K\"), (letter: 'Q', name: \"queen\", moves: \"Q\"), \
             (letter: 'A', name: \"promoted queen\", moves: \"K\", promoted_from: 'Q')], start: \"k7/8/8/8/8/8/8/K7 w - - 0 1\", \
             promotion: [(pieces: \"Q\", ranks: [8], choices: \"A\", from_zone: true)], legal: [{legal}], end: [{end}])"
        );
        crate::spec::Loader::new()
            .load_text("t.ron", &text)
            .unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn a_flag_rule_or_counted_clauses_naming_a_piece_and_its_forms_group_them() {
        let flag = file("", "\"count(enemy K A & (ranks(1..1))) >= 1: loss\"");
        assert_eq!(find(&flag), [(" K A".to_string(), vec![('A', 'K')])]);
        let counted = file(
            "\"not (before(count(own K A) == 1) and attacked(own K A - mover))\", \
             \"not (before(count(own K A) == 1) and count(own K A) == 1 and attacked(own K A))\"",
            "\"checkmate: loss\"",
        );
        assert_eq!(find(&counted).len(), 1);
        // The flag piece alone: the form is a type of its own.
        assert!(find(&file("", "\"count(enemy K & (ranks(1..1))) >= 1: loss\"")).is_empty());
    }
}
