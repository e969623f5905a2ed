//! Fairy-Stockfish's `countingRule` as a kaboom `counting` field
//! (docs/format.md, Counting). The rules themselves are data
//! (`data/fsf-counting.txt`): each names Fairy-Stockfish's piece types,
//! which this module replaces by the variant's letters.

use super::builtin_pieces::slot_of;
use super::refusal::{Refusal, refuse};
use super::rule_trees::end;
use super::spec_values::text;
use super::state::State;
use crate::lang::effect_syntax::{EndCondition, EndOutcome, EndRule};
use crate::spec::{CountStartSpec, CountingSide, CountingSpec};

/// The table as written in `data/fsf-counting.txt`.
const TABLE: &str = include_str!("../../../data/fsf-counting.txt");

/// The gap a refused counting rule is filed under.
const GAP: &str = "counting and adjudication";

/// The section's `counting` field and its end rule, or why it cannot be converted; `None` without a counting
/// rule.
pub fn counting_field(state: &State) -> Option<Result<(CountingSpec, EndRule), Refusal>> {
    let (name, origin) = state.counting_rule.as_ref()?;
    let Some(lines) = rule_lines(name) else {
        return Some(Err(refuse(
            Some(origin),
            GAP,
            format!("`countingRule = {name}` is no counting rule Fairy-Stockfish knows"),
        )));
    };
    let (mut limits, mut starts) = (Vec::new(), Vec::new());
    for line in lines {
        let line = match with_letters(line, state) {
            Ok(t) => t,
            Err(piece) => {
                return Some(Err(refuse(
                    Some(origin),
                    GAP,
                    format!(
                        "`countingRule = {name}` counts pieces of type `{piece}`, which this variant does not have"
                    ),
                )));
            }
        };
        if let Some(rest) = line.strip_prefix("limit ") {
            limits.push(text(rest.trim()));
        } else if let Some(rest) = line.strip_prefix("start ") {
            starts.push(start(rest));
        }
    }
    Some(Ok((
        CountingSpec { limits, starts },
        end(EndCondition::CountingOver, EndOutcome::Draw),
    )))
}

/// The lines of rule `name`, comments and blank lines left out.
fn rule_lines(name: &str) -> Option<Vec<&'static str>> {
    let header = format!("[{name}]");
    let mut lines = TABLE
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .skip_while(|l| *l != header);
    lines.next()?;
    Some(lines.take_while(|l| !l.starts_with('[')).collect())
}

/// `line` with each `{type}` replaced by the variant's letter for it, or
/// the first type the variant does not have.
fn with_letters(line: &str, state: &State) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
        let piece = &rest[open + 1..close];
        let letter = slot_of(piece)
            .and_then(|slot| state.pieces[slot].as_ref())
            .map(|p| p.letter.to_ascii_uppercase())
            .ok_or_else(|| piece.to_string())?;
        out.push_str(&rest[..open]);
        out.push(letter);
        rest = rest.get(close + 1..).unwrap_or("");
    }
    out.push_str(rest);
    Ok(out)
}

/// A start, `mover|to_move [idle] PLIES PER_PIECE [CONDITION]`. The
/// table is part of kaboom: a malformed line is a bug (a unit test reads
/// every rule).
fn start(line: &str) -> CountStartSpec {
    let mut words = line.split_whitespace().peekable();
    let side = match words.next() {
        Some("mover") => CountingSide::Mover,
        _ => CountingSide::ToMove,
    };
    let idle = words.next_if_eq(&"idle").is_some();
    let plies: i32 = words.next().and_then(|w| w.parse().ok()).expect("a start's plies");
    let per_piece: u32 = words
        .next()
        .and_then(|w| w.parse().ok())
        .expect("a start's plies per piece");
    let when: Vec<&str> = words.collect();
    CountStartSpec {
        side,
        when: (!when.is_empty()).then(|| text(when.join(" "))),
        idle,
        plies,
        per_piece,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_reads_and_names_known_piece_types() {
        for name in TABLE.lines().filter_map(|l| l.strip_prefix('[')?.strip_suffix(']')) {
            let lines = rule_lines(name).expect("a rule");
            assert!(lines.iter().any(|l| l.starts_with("limit ")), "{name}: no limit");
            assert!(lines.iter().any(|l| l.starts_with("start ")), "{name}: no start");
            for line in lines {
                let mut rest = line;
                while let Some(open) = rest.find('{') {
                    let close = open + rest[open..].find('}').expect("a closing brace");
                    assert!(slot_of(&rest[open + 1..close]).is_some(), "{name}: {line}");
                    rest = &rest[close + 1..];
                }
                if let Some(s) = line.strip_prefix("start ") {
                    let _ = start(s);
                } else {
                    assert!(line.starts_with("limit ") && line.contains(':'), "{name}: {line}");
                }
            }
        }
    }

    #[test]
    fn an_unknown_rule_has_no_lines() {
        assert!(rule_lines("no-such-rule").is_none());
    }
}
