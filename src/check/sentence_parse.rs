//! Parsing one sentence of a variant file with located errors, and the
//! small questions about parsed conditions that several passes ask. A leaf
//! of the checks: the passes that read sentences (`sentences`, `counting`,
//! `drops`, `regions`) all call it, and it calls none of them.

use super::checker::Checker;
use crate::lang::effect_syntax::{self as effects, Cond, SentenceError};
use crate::spec::Spanned;

/// Parses one sentence with `parser`, reporting a failure at its place in
/// the file (with a hint where a piece is written by name), as `what`.
pub(super) fn parse<T>(
    c: &mut Checker<'_>,
    text: &Spanned<String>,
    what: &str,
    parser: fn(&str) -> Result<T, SentenceError>,
) -> Option<T> {
    match parser(&text.value) {
        Ok(v) => Some(v),
        Err(e) => {
            let at = c.inside(text, e.span.clone());
            let help = match piece_named(c, text.value.get(e.span.clone()).unwrap_or_default()) {
                Some(hint) => format!("{hint} {}", e.help),
                None => e.help,
            };
            c.error(format!("{what} `{}`: {}", shorten(&text.value), e.message), at, help);
            None
        }
    }
}

/// "Did you mean" for a piece written by name (`pawn`, `knights`) where
/// sentences take its letter.
fn piece_named(c: &Checker<'_>, word: &str) -> Option<String> {
    let word = word.to_lowercase();
    if word.len() < 2 || !word.chars().all(|ch| ch.is_alphabetic()) {
        return None;
    }
    let singular = word.strip_suffix('s').unwrap_or(&word);
    let exact = c.names.iter().find(|(name, _)| *name == word || name == singular);
    let (name, letter) = match exact {
        Some(found) => found.clone(),
        None => {
            let best = crate::lang::closest_word(singular, c.names.iter().map(|(n, _)| n.as_str()))?;
            c.names.iter().find(|(n, _)| n == best)?.clone()
        }
    };
    Some(format!(
        "pieces are written by letter in sentences: did you mean `{letter}` (the {name})?"
    ))
}

/// Whether a condition asks `can reach(...)`.
pub(super) fn asks_can_reach<P: effects::Phase>(cond: &Cond<P>) -> bool {
    match cond {
        Cond::CanReach(..) => true,
        Cond::Not(a) => asks_can_reach(a),
        Cond::And(a, b) | Cond::Or(a, b) => asks_can_reach(a) || asks_can_reach(b),
        _ => false,
    }
}

/// Whether a condition asks `since(...)` (at any depth).
pub(super) fn asks_since<P: effects::Phase>(cond: &Cond<P>) -> bool {
    match cond {
        Cond::Since(..) => true,
        Cond::Not(a) | Cond::Before(a) => asks_since(a),
        Cond::And(a, b) | Cond::Or(a, b) => asks_since(a) || asks_since(b),
        _ => false,
    }
}

/// The location of the first `word(` in a sentence (else the sentence's).
fn word_at(c: &Checker<'_>, text: &Spanned<String>, word: &str) -> Option<crate::base::span::Location> {
    let lower = text.value.to_ascii_lowercase();
    let found = lower
        .match_indices(word)
        .find(|(i, _)| lower[i + word.len()..].trim_start().starts_with('('));
    match found {
        Some((i, _)) => c.inside(text, i..i + word.len()),
        None => text.location.clone(),
    }
}

/// Reports `can reach(...)` and `since(...)` outside an end rule: the
/// first asks for the legal moves of the side to move, and only end rules
/// are read for that side; the second is kept for the side to move after
/// each move, which only end rules read.
pub(super) fn only_in_end_rules(c: &mut Checker<'_>, text: &Spanned<String>, cond: &Cond, what: &str) {
    if asks_can_reach(cond) {
        let lower = text.value.to_ascii_lowercase();
        let found = lower
            .match_indices("can")
            .find(|(i, _)| lower[i + 3..].trim_start().starts_with("reach"));
        let at = match found {
            Some((i, _)) => c.inside(text, i..i + 3),
            None => text.location.clone(),
        };
        c.error(
            format!("`can reach(...)` may not stand in {what}"),
            at,
            "`can reach` asks for the legal moves of the side to move: use it in an `end` rule, which is read for that side",
        );
    }
    if asks_since(cond) {
        let at = word_at(c, text, "since");
        c.error(
            format!("`since(...)` may not stand in {what}"),
            at,
            "`since` reads the turns of the side to move that led to the position: use it in an `end` rule",
        );
    }
}

/// Reports a `since(d, c)` whose `d` or `c` asks `since(...)` or
/// `can reach(...)` again: each is judged after every move, where neither
/// can be.
pub(super) fn since_inside_since(c: &mut Checker<'_>, text: &Spanned<String>, cond: &Cond) {
    fn nested(cond: &Cond) -> bool {
        match cond {
            Cond::Since(d, k) => [d, k].iter().any(|x| asks_since(x) || asks_can_reach(x)) || nested(d) || nested(k),
            Cond::Not(a) | Cond::Before(a) => nested(a),
            Cond::And(a, b) | Cond::Or(a, b) => nested(a) || nested(b),
            _ => false,
        }
    }
    if nested(cond) {
        let at = word_at(c, text, "since");
        c.error(
            "`since(d, c)` reads `since(...)` or `can reach(...)` inside it",
            at,
            "`d` and `c` are judged after every move: write them with plain conditions",
        );
    }
}

/// A sentence as quoted in a message: whole if short, else its start.
pub(super) fn shorten(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(77).collect::<String>())
    }
}
