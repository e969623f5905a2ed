//! A royal piece that steps as a wazir and has the diagonal steps along
//! `diagonalLines` (`moves_along`): Fairy-Stockfish gives those steps to a
//! king of its built-in type wazir only (`kingType`, set by the xiangqi
//! family's built-ins, no ini option), not to a custom royal piece
//! (`king = k:W`). The section inherits such a king from `minixiangqi`
//! (letter `k`), writes no `king` line (which would make the king a
//! custom royal piece), and resets what minixiangqi sets that the section
//! leaves out, to Fairy-Stockfish's defaults.

use crate::spec::PieceSpec;
use std::fmt::Write as _;

/// The built-in variant whose king is the wazir type, with the fewest
/// options to reset.
const PARENT: &str = "minixiangqi";

/// What `PARENT` sets that a section must reset where it leaves it out
/// (its pieces, and rules off by default).
const RESETS: [(&str, &str); 8] = [
    ("pieceToCharTable", "-"),
    ("rook", "-"),
    ("horse", "-"),
    ("cannon", "-"),
    ("soldier", "-"),
    ("doubleStep", "true"),
    ("perpetualCheckIllegal", "false"),
    ("flyingGeneral", "false"),
];

/// What the parent sets that the section must set itself: the king's
/// palace (Fairy-Stockfish has no way to reset a region to the board).
const NEEDED: [&str; 2] = ["mobilityRegionWhiteKing", "mobilityRegionBlackKing"];

/// Whether `p` is a royal wazir with diagonal steps along lines.
pub(super) fn applies(p: &PieceSpec) -> bool {
    p.royal && p.moves.value == "W" && !p.moves_along.is_empty()
}

/// Whether `ini` sets `key`.
fn sets(ini: &str, key: &str) -> bool {
    ini.lines().any(|l| l.split_once(" = ").is_some_and(|(k, _)| k == key))
}

/// The section `section` of `ini` made to inherit the wazir king, or why
/// it cannot.
pub(super) fn inherit(ini: &mut String, why: &mut Vec<String>, section: &str) {
    let header = format!("[{section}]\n");
    if !ini.starts_with(&header) {
        why.push(format!(
            "a king of Fairy-Stockfish's wazir type (inherited from {PARENT}) in a section that inherits from another variant"
        ));
        return;
    }
    for key in NEEDED {
        if !sets(ini, key) {
            why.push(format!(
                "a king of Fairy-Stockfish's wazir type (inherited from {PARENT}) without its own `{key}`"
            ));
        }
    }
    *ini = ini.replacen(&header, &format!("[{section}:{PARENT}]\n"), 1);
    for (key, value) in RESETS {
        if !sets(ini, key) {
            let _ = writeln!(ini, "{key} = {value}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::inherit;

    #[test]
    fn the_section_inherits_the_wazir_king_and_resets_the_rest() {
        let mut ini = "[p]\nmaxFile = 9\nrook = r\nmobilityRegionWhiteKing = e1\nmobilityRegionBlackKing = e10\n\
                       perpetualCheckIllegal = true\n"
            .to_string();
        let mut why = Vec::new();
        inherit(&mut ini, &mut why, "p");
        assert!(why.is_empty(), "{why:?}");
        assert!(ini.starts_with("[p:minixiangqi]\n"), "{ini}");
        assert!(
            ini.contains("\nhorse = -\n") && ini.contains("\nflyingGeneral = false\n"),
            "{ini}"
        );
        assert!(
            !ini.contains("rook = -") && !ini.contains("perpetualCheckIllegal = false"),
            "{ini}"
        );
    }

    #[test]
    fn a_king_without_its_palace_or_with_another_parent_is_refused() {
        let mut why = Vec::new();
        inherit(&mut "[p]\nmaxFile = 9\n".to_string(), &mut why, "p");
        assert_eq!(why.len(), 2, "{why:?}");
        let mut why = Vec::new();
        inherit(&mut "[p:ataxx]\n".to_string(), &mut why, "p");
        assert_eq!(why.len(), 1, "{why:?}");
    }
}
