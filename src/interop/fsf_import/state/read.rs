//! Readers of option values: piece letters, squares, booleans, numbers,
//! results and files. A value that does not read is kept with its place
//! in [`State::invalid`], for the conversion to refuse.

use super::{MAX_FILES, MAX_RANKS, Origin, Squares, State, Types, Value, rank_squares, square};

impl State {
    pub(super) fn types(&mut self, o: &Origin) -> Option<Types> {
        let mut t = Types::default();
        for c in o.value.chars().filter(|c| !c.is_whitespace()) {
            if c == '-' {
                break;
            } else if c == '*' {
                t.all = true;
            } else if let Some(slot) = self.slot_of_letter(c) {
                if !t.slots.contains(&slot) {
                    t.slots.push(slot);
                }
            } else {
                self.invalid
                    .push((o.clone(), format!("`{c}` is not a piece letter of this variant")));
                return None;
            }
        }
        Some(t)
    }

    /// `g:1 a:1 r:2`: piece letters with counts.
    pub(super) fn limits(&mut self, o: &Origin) -> Option<Vec<(usize, u32)>> {
        let mut out = Vec::new();
        for item in o.value.split_whitespace() {
            let parsed = item.split_once(':').and_then(|(letter, n)| {
                let mut chars = letter.chars();
                let c = chars.next().filter(|_| chars.next().is_none())?;
                Some((c, n.parse::<u32>().ok()?))
            });
            let Some((c, n)) = parsed else {
                self.invalid
                    .push((o.clone(), format!("`{item}` is not a piece letter and a count (`q:1`)")));
                return None;
            };
            let Some(slot) = self.slot_of_letter(c) else {
                self.invalid
                    .push((o.clone(), format!("`{c}` is not a piece letter of this variant")));
                return None;
            };
            out.push((slot, n));
        }
        Some(out)
    }

    pub(super) fn one_type(&mut self, o: &Origin) -> Option<Option<usize>> {
        let t = self.types(o)?;
        if t.all {
            return Some(None);
        }
        match t.slots.as_slice() {
            [slot] => Some(Some(*slot)),
            _ => {
                self.invalid.push((o.clone(), "expected one piece letter".to_string()));
                None
            }
        }
    }

    pub(super) fn squares(&mut self, o: &Origin) -> Option<Squares> {
        let mut set = 0;
        for token in o.value.split_whitespace() {
            if token == "-" {
                break;
            }
            let bytes = token.as_bytes();
            let parsed = if token.ends_with('*') && bytes.len() == 2 && bytes[0].is_ascii_lowercase() {
                let f = bytes[0] - b'a';
                (f < MAX_FILES).then(|| (0..MAX_RANKS).fold(0, |acc, r| acc | square(f, r)))
            } else if let Some(r) = token.strip_prefix('*') {
                r.parse::<u8>()
                    .ok()
                    .filter(|r| (1..=MAX_RANKS).contains(r))
                    .map(|r| rank_squares(r - 1))
            } else if bytes.len() > 1 && bytes[0].is_ascii_alphabetic() {
                let f = bytes[0].to_ascii_lowercase() - b'a';
                token[1..]
                    .parse::<u8>()
                    .ok()
                    .filter(|r| (1..=MAX_RANKS).contains(r) && f < MAX_FILES)
                    .map(|r| square(f, r - 1))
            } else {
                None
            };
            match parsed {
                Some(s) => set |= s,
                None => {
                    self.invalid
                        .push((o.clone(), format!("`{token}` is not a square, `a*` or `*1`")));
                    return None;
                }
            }
        }
        Some(set)
    }

    pub(super) fn boolean(&mut self, o: &Origin) -> Option<bool> {
        match o.value.as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => {
                self.invalid.push((o.clone(), "expected `true` or `false`".to_string()));
                None
            }
        }
    }

    pub(super) fn number(&mut self, o: &Origin) -> Option<u32> {
        match o.value.parse::<u32>() {
            Ok(n) if n <= 100_000 => Some(n),
            _ => {
                self.invalid
                    .push((o.clone(), "expected a whole number up to 100000".to_string()));
                None
            }
        }
    }

    pub(super) fn value(&mut self, o: &Origin) -> Option<Value> {
        let v = Value::parse(&o.value);
        if v.is_none() {
            self.invalid
                .push((o.clone(), "expected win, loss, draw or none".to_string()));
        }
        v
    }

    pub(super) fn file(&mut self, o: &Origin) -> Option<u8> {
        let v = o.value.as_str();
        let n = if v.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            v.parse::<u8>().ok().filter(|n| *n >= 1).map(|n| n - 1)
        } else if v.len() == 1 {
            v.chars()
                .next()
                .filter(char::is_ascii_lowercase)
                .map(|c| c as u8 - b'a')
        } else {
            None
        };
        let n = n.filter(|n| *n < MAX_FILES);
        if n.is_none() {
            self.invalid
                .push((o.clone(), "expected a file (a to l, or 1 to 12)".to_string()));
        }
        n
    }
}
