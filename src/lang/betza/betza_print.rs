//! Printing movement templates: the canonical Betza text of a parsed
//! [`Template`], which parses back to the same template (spans aside).
//!
//! A component prints as `i`, its direction letters, its modalities
//! (`m`, `c`, `e`, none when it both moves and captures), `n`, its hop
//! (`p`, `g`), the atom, then the atom again (an unlimited ride of a leap
//! atom, `WW`) or a range (`R4`). The direction letters are the shortest
//! string (the first in the order `f b l r v s`) that selects exactly the
//! component's vectors, found by a search over the few states the
//! direction grouping can be in; none when every vector is selected. A
//! component with no modifier that follows one ending in its own atom is
//! written with `mc` (`RmcR`), since `RR` would read as one rider.

use super::{Component, Hop, Reach, Template, atom_steps, images, selects};
use std::collections::VecDeque;
use std::fmt::{self, Display, Formatter};

/// The direction letters, in the order the search tries them.
const LETTERS: [char; 6] = ['f', 'b', 'l', 'r', 'v', 's'];

impl Display for Template {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut last: Option<char> = None;
        for c in &self.components {
            let text = c.to_string();
            // A component starting with the atom the last one ended with
            // would read as its repeat (`R` then `R`: `RR`); `mc`, the
            // default modality written out, keeps them apart.
            if last.is_some() && text.starts_with(c.atom) && last == Some(c.atom) {
                f.write_str("mc")?;
            }
            f.write_str(&text)?;
            last = text.chars().last();
        }
        Ok(())
    }
}

impl Display for Component {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.initial {
            f.write_str("i")?;
        }
        f.write_str(&direction_letters(self))?;
        if !(self.quiet && self.capture && !self.en_passant) {
            for (on, letter) in [(self.quiet, "m"), (self.capture, "c"), (self.en_passant, "e")] {
                if on {
                    f.write_str(letter)?;
                }
            }
        }
        if self.lame {
            f.write_str("n")?;
        }
        match self.hop {
            Hop::None => {}
            Hop::Over => f.write_str("p")?,
            Hop::Behind => f.write_str("g")?,
        }
        write!(f, "{}", self.atom)?;
        let (_, rides_itself) = atom_steps_of(self.atom);
        match self.reach {
            Reach::Leap => Ok(()),
            Reach::Ride { max: None } if rides_itself => Ok(()),
            Reach::Ride { max: None } => write!(f, "{}", self.atom),
            Reach::Ride { max: Some(n) } => write!(f, "{n}"),
        }
    }
}

/// The atom's steps; an unknown atom (a hand-built component) has none.
fn atom_steps_of(atom: char) -> (&'static [(i32, i32)], bool) {
    if "WFDNAHCLZJGKRBQ".contains(atom) {
        atom_steps(atom)
    } else {
        (&[], false)
    }
}

/// Every vector of the atom, in the parser's order, with whether its step
/// is orthogonal.
fn all_vectors(atom: char) -> Vec<((i32, i32), bool)> {
    let mut out: Vec<((i32, i32), bool)> = Vec::new();
    for &(major, minor) in atom_steps_of(atom).0 {
        for v in images(major, minor) {
            if !out.iter().any(|(w, _)| *w == v) {
                out.push((v, minor == 0));
            }
        }
    }
    out
}

/// The vectors a direction token selects, as a bit mask over `all`.
fn token_mask(all: &[((i32, i32), bool)], token: (char, char)) -> u32 {
    let mut mask = 0;
    for (i, &(v, orthogonal)) in all.iter().enumerate() {
        if selects(&token, v, orthogonal) {
            mask |= 1 << i;
        }
    }
    mask
}

/// The shortest direction string selecting exactly the component's
/// vectors. The grouping reads letters left to right and pairs a letter
/// with the next when they are equal or one is vertical and the other
/// horizontal; the search state is the mask of the tokens completed and
/// the letter still waiting for a partner.
fn direction_letters(c: &Component) -> String {
    let all = all_vectors(c.atom);
    if all.len() > 31 || all.is_empty() {
        return String::new();
    }
    let mut goal = 0u32;
    for v in &c.vectors {
        match all.iter().position(|(w, _)| w == v) {
            Some(i) => goal |= 1 << i,
            // Not a vector of this atom: no string selects it.
            None => return String::new(),
        }
    }
    if goal == (1u32 << all.len()) - 1 {
        return String::new();
    }
    let vertical = |c: char| matches!(c, 'f' | 'b' | 'v');
    let horizontal = |c: char| matches!(c, 'l' | 'r' | 's');
    let pairs = |a: char, b: char| a == b || (vertical(a) && horizontal(b)) || (horizontal(a) && vertical(b));
    // State: (completed mask, pending letter index or 6 for none).
    let start = (0u32, LETTERS.len());
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = VecDeque::from([(start, String::new())]);
    while let Some(((done, pending), text)) = queue.pop_front() {
        let finished = match LETTERS.get(pending) {
            Some(&p) => done | token_mask(&all, (p, p)),
            None => done,
        };
        if !text.is_empty() && finished == goal {
            return text;
        }
        if text.len() >= 16 {
            continue;
        }
        for (i, &letter) in LETTERS.iter().enumerate() {
            let next = match LETTERS.get(pending) {
                Some(&p) if pairs(p, letter) => (done | token_mask(&all, (p, letter)), LETTERS.len()),
                Some(&p) => (done | token_mask(&all, (p, p)), i),
                None => (done, i),
            };
            if next.0 & !goal == 0 && seen.insert(next) {
                queue.push_back((next, format!("{text}{letter}")));
            }
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    fn canonical(text: &str) -> String {
        parse(text).unwrap().to_string()
    }

    #[test]
    fn templates_print_in_canonical_form() {
        assert_eq!(canonical("fmWfceFifmnD"), "fmWfceFifmnD");
        assert_eq!(canonical("NNR4BN"), "NNR4BN");
        assert_eq!(canonical("R0"), "R");
        assert_eq!(canonical("W0"), "WW");
        assert_eq!(canonical("mRcpR"), "mRcpR");
        assert_eq!(canonical("gQ"), "gQ");
        assert_eq!(canonical("fsW"), "fsW");
        assert_eq!(canonical("frN"), "frN");
        assert_eq!(canonical("fmcW"), "fW");
        assert_eq!(canonical("vW"), "vW");
        assert_eq!(canonical("fbW"), "vW");
        assert_eq!(canonical(""), "");
        // Two components that would read as one.
        assert_eq!(canonical("RmcR"), "RmcR");
        assert_eq!(canonical("WmcW"), "WmcW");
        assert_eq!(canonical("R4mcR"), "R4R");
    }

    #[test]
    fn printed_templates_read_back_the_same() {
        for text in [
            "ffN", "rfN", "fsN", "lbF", "fbrlN", "ifmnD", "cpR4", "bsK", "flfrbN", "fflN", "mceK",
        ] {
            let t = parse(text).unwrap();
            let back = parse(&t.to_string()).unwrap();
            let vectors = |t: &super::Template| t.components.iter().map(|c| c.vectors.clone()).collect::<Vec<_>>();
            assert_eq!(vectors(&t), vectors(&back), "{text} printed as {t}");
        }
    }
}
