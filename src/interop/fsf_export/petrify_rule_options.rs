//! Petrification (`petrifyOnCaptureTypes`) as the importer writes it,
//! read back: a capturing piece of the types turns into a wall,
//! `on capture by L: block(mover & any L)`, or, where captures explode,
//! `on capture: block(mover & any L)`. Reading the export back checks the
//! rest (the blast's immune types, the royal pieces' clauses).

use crate::lang::effect_syntax::parse_rule;

/// The option of the petrification rule `text`, if it is one.
pub(super) fn option(text: &str) -> Option<String> {
    let printed = parse_rule(text).ok()?.to_string();
    let (by, rest) = match printed.strip_prefix("on capture by ") {
        Some(r) => r.split_once(": ")?,
        None => ("", printed.strip_prefix("on capture: ")?),
    };
    let kinds = rest.strip_prefix("block(mover & any ")?.strip_suffix(')')?;
    let letters: String = kinds.split(' ').collect();
    let one_letter_each = kinds
        .split(' ')
        .all(|k| k.len() == 1 && k.chars().all(|c| c.is_ascii_uppercase()));
    (one_letter_each && (by.is_empty() || by == kinds))
        .then(|| format!("petrifyOnCaptureTypes = {}", letters.to_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::option;

    #[test]
    fn a_capturer_turned_to_a_wall_is_petrification() {
        assert_eq!(
            option("on capture by N B R Q K: block(mover & any N B R Q K)").as_deref(),
            Some("petrifyOnCaptureTypes = nbrqk")
        );
        assert_eq!(
            option("on capture: block(mover & any N P)").as_deref(),
            Some("petrifyOnCaptureTypes = np")
        );
        assert_eq!(option("on capture by N: block(mover & any Q)"), None);
        assert_eq!(option("on capture: block(target)"), None);
    }
}
