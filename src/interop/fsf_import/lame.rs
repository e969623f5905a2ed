//! Fairy-Stockfish's lame leapers: the `n` modifier on a leaper (not a
//! rider) works there only on the atoms it has tables for (`D`, `N`, `A`
//! and `Z`: the lame dabbaba, the xiangqi horse, the xiangqi elephant and
//! the janggi elephant); on any other atom (`nC`, `nW`) Fairy-Stockfish
//! generates no move at all. The importer converts what Fairy-Stockfish
//! plays, so such a part of a movement is left out.

/// The atoms Fairy-Stockfish moves as lame leapers.
const LAME_ATOMS: &[char] = &['D', 'N', 'A', 'Z'];

/// `betza` without its lame leaper parts that Fairy-Stockfish gives no
/// move (the text as it is when it has none).
pub(super) fn without_dead_lame_parts(betza: &str) -> String {
    let chars: Vec<char> = betza.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        // One part: modifiers (lower case, and brackets or digits that go
        // with them), an atom, and a rider's repeat or range.
        let start = i;
        while i < chars.len() && !chars[i].is_ascii_uppercase() {
            i += 1;
        }
        if i == chars.len() {
            out.extend(&chars[start..]);
            break;
        }
        let atom = chars[i];
        i += 1;
        let rider = i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == atom);
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == atom) {
            i += 1;
        }
        let modifiers = &chars[start..i - 1];
        let dead = modifiers.contains(&'n') && !rider && !LAME_ATOMS.contains(&atom) && !modifiers.contains(&'(');
        if !dead {
            out.extend(&chars[start..i]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::without_dead_lame_parts as f;

    #[test]
    fn lame_parts_fairy_stockfish_moves_stay() {
        assert_eq!(f("nN"), "nN");
        assert_eq!(f("mRnA"), "mRnA");
        assert_eq!(f("fmWfceFifmnD"), "fmWfceFifmnD");
        assert_eq!(f("nNN"), "nNN");
    }

    #[test]
    fn lame_parts_fairy_stockfish_never_moves_go() {
        assert_eq!(f("nC"), "");
        assert_eq!(f("WnCF"), "WF");
        assert_eq!(f("mnCK"), "K");
    }
}
