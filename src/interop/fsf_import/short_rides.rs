//! Rides of two squares as leaps, for mobility regions with gaps.
//!
//! Fairy-Stockfish's mobility region limits where a piece lands, not the
//! squares its ride crosses; kaboom's `within` stops a ride at the first
//! square outside. A ride of at most two steps (`R2`, `B2`, `Q2`) is a
//! step and a lame double step (`W` and `nD`, `F` and `nA`), which
//! `within` confines by where they land, as Fairy-Stockfish does.

/// The template with every ride of range 2 written as a step and a lame
/// double step (`mQ2cW` as `mWmFmnDmnAcW`), or `None` where some other
/// ride remains or a component's modifiers are not plain directions,
/// `m` or `c`.
pub(super) fn as_leaps(template: &str) -> Option<String> {
    let mut out = String::new();
    let mut rewrote = false;
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let modifiers: String = chars[start..i].iter().collect();
        let atom = *chars.get(i)?;
        if !atom.is_ascii_uppercase() {
            return None;
        }
        i += 1;
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let range: String = chars[digits_start..i].iter().collect();
        let doubled = chars.get(i) == Some(&atom);
        let steps: &[(&str, &str)] = match atom {
            'R' => &[("W", "D")],
            'B' => &[("F", "A")],
            'Q' => &[("W", "D"), ("F", "A")],
            _ if doubled || !range.is_empty() => return None,
            _ => {
                out.push_str(&modifiers);
                out.push(atom);
                out.push_str(&range);
                continue;
            }
        };
        if range != "2" || !modifiers.chars().all(|c| "mcfbvslr".contains(c)) {
            return None;
        }
        for (step, _) in steps {
            out.push_str(&format!("{modifiers}{step}"));
        }
        for (_, double) in steps {
            out.push_str(&format!("{modifiers}n{double}"));
        }
        rewrote = true;
    }
    rewrote.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::as_leaps;

    #[test]
    fn rides_of_two_become_steps_and_lame_double_steps() {
        assert_eq!(as_leaps("mQ2cW").as_deref(), Some("mWmFmnDmnAcW"));
        assert_eq!(as_leaps("fR2").as_deref(), Some("fWfnD"));
        assert_eq!(as_leaps("B2N").as_deref(), Some("FnAN"));
    }

    #[test]
    fn longer_rides_and_other_templates_stay() {
        assert_eq!(as_leaps("Q"), None);
        assert_eq!(as_leaps("R3"), None);
        assert_eq!(as_leaps("WfF"), None, "nothing to rewrite");
        assert_eq!(as_leaps("pR2"), None, "a hop");
        assert_eq!(as_leaps("WW"), None);
    }
}
