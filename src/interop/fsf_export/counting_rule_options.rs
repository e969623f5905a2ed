//! A count of moves (`counting`) as Fairy-Stockfish's `countingRule`: the
//! rule whose table (`data/fsf-counting.txt`, the importer's source, with
//! the variant's letters for Fairy-Stockfish's piece types) gives the
//! same limits and starts, compared as syntax trees.

use super::builtin::builtin_name;
use crate::lang::effect_syntax::{Cond, parse_condition};
use crate::spec::{CountStartSpec, CountingSide, CountingSpec, PieceSpec};
use std::fmt::Write as _;

/// The counting rules Fairy-Stockfish knows, as the importer reads them.
const TABLE: &str = include_str!("../../../data/fsf-counting.txt");

/// `countingRule = NAME` for the variant's `counting`, or why not.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, counting: &CountingSpec, pieces: &[PieceSpec]) {
    let names = TABLE
        .lines()
        .filter_map(|l| l.trim().strip_prefix('[')?.strip_suffix(']'));
    for name in names {
        if rule(name, pieces).is_some_and(|r| same(&r, counting)) {
            let _ = writeln!(ini, "countingRule = {name}");
            return;
        }
    }
    why.push(
        "a count of moves (`counting`) that is none of Fairy-Stockfish's counting rules (`countingRule`: \
         makruk, cambodian, asean) with this variant's pieces"
            .to_string(),
    );
}

/// A limit (`condition: N`) or a start: its condition as a tree, `None`
/// for always.
type Limit = (Option<Cond>, u32);

/// The rule `name` of the table with the variant's letters, as limits and
/// starts (side, idle, plies, per piece, condition); `None` where the
/// variant lacks one of its piece types or a line does not read.
fn rule(name: &str, pieces: &[PieceSpec]) -> Option<(Vec<Limit>, Vec<Start>)> {
    let header = format!("[{name}]");
    let lines = TABLE
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .skip_while(|l| *l != header)
        .skip(1)
        .take_while(|l| !l.starts_with('['));
    let (mut limits, mut starts) = (Vec::new(), Vec::new());
    for line in lines {
        let line = with_letters(line, pieces)?;
        if let Some(rest) = line.strip_prefix("limit ") {
            limits.push(limit(rest)?);
        } else if let Some(rest) = line.strip_prefix("start ") {
            let mut words = rest.split_whitespace().peekable();
            let side = match words.next()? {
                "mover" => CountingSide::Mover,
                _ => CountingSide::ToMove,
            };
            let idle = words.next_if_eq(&"idle").is_some();
            let plies = words.next()?.parse().ok()?;
            let per_piece = words.next()?.parse().ok()?;
            let when: Vec<&str> = words.collect();
            let when = match when.is_empty() {
                true => None,
                false => Some(parse_condition(&when.join(" ")).ok()?),
            };
            starts.push((side, idle, plies, per_piece, when));
        }
    }
    Some((limits, starts))
}

/// A start: side, idle, plies, plies per piece, condition.
type Start = (CountingSide, bool, i32, u32, Option<Cond>);

/// `condition: N` as a tree and its number.
fn limit(text: &str) -> Option<Limit> {
    let (cond, n) = text.rsplit_once(':')?;
    let cond = match cond.trim() {
        "true" => None,
        c => Some(parse_condition(c).ok()?),
    };
    Some((cond, n.trim().parse().ok()?))
}

/// Whether the variant's count is the rule's.
fn same((limits, starts): &(Vec<Limit>, Vec<Start>), counting: &CountingSpec) -> bool {
    let theirs: Option<Vec<Limit>> = counting.limits.iter().map(|l| limit(&l.value)).collect();
    let start = |s: &CountStartSpec| -> Option<Start> {
        let when = match &s.when {
            Some(w) => Some(parse_condition(&w.value).ok()?),
            None => None,
        };
        Some((s.side, s.idle, s.plies, s.per_piece, when))
    };
    let their_starts: Option<Vec<Start>> = counting.starts.iter().map(start).collect();
    theirs.as_ref() == Some(limits) && their_starts.as_ref() == Some(starts)
}

/// `line` with each `{type}` replaced by the letter of the variant's
/// piece of that Fairy-Stockfish type; `None` where it has none.
fn with_letters(line: &str, pieces: &[PieceSpec]) -> Option<String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}')?;
        let kind = &rest[open + 1..close];
        let piece = pieces
            .iter()
            .find(|p| !p.royal && builtin_name(p, &p.moves.value) == Some(kind))?;
        out.push_str(&rest[..open]);
        out.push(piece.letter.value);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}
