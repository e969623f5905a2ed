//! Messages for effect sentences that do not parse. Generic over the
//! grammar: pest's record of what it tried at the furthest position is put
//! in words (rule names through [`describe`], literal keywords quoted), the
//! whole word found there is quoted, the nearest expected keyword is
//! suggested, the construct around the error says how it is written, and
//! an unclosed `(` is reported where it opened.

use super::SentenceError;
use super::grammar::{EffectParser, Rule as G};
use pest::Parser;
use pest::error::{Error, ErrorVariant, InputLocation};

/// What the parser expected at one position.
struct Attempt {
    pos: usize,
    /// Grammar rules tried there, in words.
    described: Vec<&'static str>,
    /// Keywords tried there (lower case).
    keywords: Vec<String>,
    /// Punctuation tried there.
    marks: Vec<String>,
    /// Whether a piece letter would do.
    letter: bool,
}

/// Operators that may always continue a set or condition: listed only
/// when nothing else would do.
const CONTINUATIONS: &[&str] = &["+", "-", "&"];

impl Attempt {
    fn of(e: &Error<G>) -> Attempt {
        let located = match e.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        let tried = e.parse_attempts();
        let pos = tried.as_ref().map_or(located, |t| t.max_position.max(located));
        let mut a = Attempt {
            pos,
            described: Vec::new(),
            keywords: Vec::new(),
            marks: Vec::new(),
            letter: false,
        };
        if located == pos
            && let ErrorVariant::ParsingError { positives, .. } = &e.variant
        {
            a.described = positives.iter().filter_map(describe).collect();
        }
        if let Some(t) = tried.filter(|t| t.max_position == pos) {
            if a.described.is_empty() {
                let deepest: Vec<Option<&'static str>> = t
                    .call_stacks()
                    .iter()
                    .map(|s| s.deepest.get_rule().and_then(describe))
                    .collect();
                if !deepest.is_empty() && deepest.iter().all(Option::is_some) {
                    a.described = deepest.into_iter().flatten().collect();
                }
            }
            // pest does not export its token type; its display is the token
            // (keywords upper-cased), or `A..Z` for a range.
            for token in t.expected_tokens().iter().map(ToString::to_string) {
                if token == "A..Z" {
                    a.letter = true;
                } else if token.chars().all(|c| c.is_ascii_alphabetic()) {
                    a.keywords.push(token.to_ascii_lowercase());
                } else if !token.trim().is_empty() && !token.contains("..") && token != "BUILTIN_RULE" {
                    a.marks.push(token);
                }
            }
        }
        a.described.dedup();
        a
    }

    /// The expectations in words, most telling first.
    fn words(&self) -> Vec<String> {
        let mut out: Vec<String> = if !self.described.is_empty() {
            self.described.iter().map(|d| d.to_string()).collect()
        } else {
            let mut k: Vec<String> = self.keywords.iter().map(|k| format!("`{k}`")).collect();
            if self.letter {
                k.push("a piece letter".into());
            }
            k
        };
        let marks: Vec<&String> = self
            .marks
            .iter()
            .filter(|m| !CONTINUATIONS.contains(&m.as_str()))
            .collect();
        let marks = if marks.is_empty() && out.is_empty() {
            self.marks.iter().collect()
        } else {
            marks
        };
        out.extend(marks.into_iter().map(|m| format!("`{m}`")));
        out.dedup();
        out
    }
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The word (or character) at `pos`, as a byte range.
fn token_at(text: &str, pos: usize) -> std::ops::Range<usize> {
    let rest = &text[pos..];
    match rest.chars().next() {
        None => pos..pos,
        Some(c) if is_word(c) => pos..pos + rest.find(|c| !is_word(c)).unwrap_or(rest.len()),
        Some(c) => pos..pos + c.len_utf8(),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The innermost `(` still open at `pos`, and the word before it.
fn enclosing(text: &str, pos: usize) -> Option<(usize, &str)> {
    let mut open = Vec::new();
    for (i, c) in text[..pos].char_indices() {
        match c {
            '(' => open.push(i),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    let at = *open.last()?;
    let before = text[..at].trim_end();
    let start = before.rfind(|c: char| !is_word(c)).map_or(0, |i| i + 1);
    Some((at, &before[start..]))
}

/// How a construct is written, for the help line.
fn usage(word: &str) -> Option<&'static str> {
    Some(match word.to_ascii_lowercase().as_str() {
        "remove" => "`remove(S)`, S a square set",
        "block" => {
            "`block(S)`, S a square set, or `block(chosen S)` / `block(chosen S, unblocking T)`: a square of S the mover chooses, T's blocked squares freed"
        }
        "blast" => "`blast(S, r)` or `blast(S, r, sparing T)`: every piece within r king steps of S, T's pieces spared",
        "irradiate" => "`irradiate(S)`, S a square set",
        "push" => "`push(S, D)` or `push(S, D, n)`: push needs a direction D, `along`, `away from T` or `chosen`",
        "bounce" => "`may bounce(S, away from T)` or `may bounce(S, away from T, promote)`",
        "move" => {
            "`move(S as captured)` or `move(S as own)`, then optionally `, onto T` and `, required`: a piece of S moves on, capturing nothing"
        }
        "exchange" => "`exchange(S)`: the acting piece and the piece on S exchange places",
        "last" => "`last(name)`: the squares of the last move when it was the action `name`",
        "area" => "`area(S, r)`: the squares within r king steps of S",
        "manhattan" => "`manhattan(S, r)`",
        "adjacent" => "`adjacent(S)`",
        "first" => "`first(S, T)`, T a Betza template such as `B`",
        "lines" => "`lines(S, T)`, T a Betza template such as `Q`",
        "ranks" => {
            "`ranks(a..b)`, ranks counted from the own side (`ranks(1..3)`), or from a named side: `enemy ranks(1)`, `white ranks(8)`"
        }
        "files" => "`files(a..c)`",
        "count" => "`count(S) >= n` (also `<=`, `==`, `!=`, `>`, `<`)",
        "captured" => "`captured(P) >= n`, or `captured() >= n` for any kind",
        "exists" => "`exists(S)`",
        "attacked" => "`attacked(S)`, or `attacked(S by T)`: by a piece on T",
        "since" => "`since(d, c)`: d held at one of the side to move's turns, c at each one after it",
        "touching" => "`touching(S, T)`",
        "in_row" => "`in_row(S, n, T)`: n pieces of S on consecutive squares along a direction of T, such as `K`",
        "in_block" => "`in_block(S, n)`: n by n pieces of S filling a square block",
        "collinear" => "`collinear(S, n, T)`: n pieces of S on one line along a direction of T, such as `W`",
        "reach" => "`can reach(S, T)`: some legal move of the side to move takes a piece from S to T",
        _ => return None,
    })
}

/// How a whole sentence of this kind is written.
fn entry_usage(entry: G) -> &'static str {
    match entry {
        G::rule_sentence => {
            "a rule is `<trigger> [if <condition>]: <effects>`; triggers: `on capture`, `on arrival`, `after move`, `after move except castling`"
        }
        G::end_sentence => {
            "an end rule is `<condition>: <outcome>`; conditions: `checkmate`, `stalemate`, `N moves`, `N repetitions` (`by perpetual check`), `N shuttles`, `dead if <condition>`, `counting over`, or a condition such as `not exists(own royal)`; outcomes: `win`, `loss`, `draw`, `both lose`, `white wins`, `black wins`"
        }
        G::legal_sentence => {
            "a clause is `own royal survives`, `own royal not attacked [unless <condition>]`, \
             `captures are compulsory`, `not <condition>`, a move filter such as `moves only if \
             not observed(mover by enemy same kind)` (predicates: `observed(mover by own|enemy [same kind])`, \
             `royal(mover)`, `same square colour`, `leaves cell(F, R)`, `ends next to a piece`; \
             `not`, `and`, `or`), `checks must mate`, `longest moves are compulsory [for white|black]` \
             or `captures follow a move as captured`"
        }
        G::condition_sentence => "a condition such as `count(any) >= 16` or `not exists(enemy royal)`",
        G::set_sentence => "a square set such as `all - shielded` or `area(target, 1)`",
        _ => "effects such as `remove(target)` or `push(adjacent(origin), away from origin)`, separated by `;`",
    }
}

/// Names of grammar rules for "expected ..." messages.
fn describe(rule: &G) -> Option<&'static str> {
    Some(match rule {
        G::trigger => "a trigger (`on capture`, `on arrival`, `after move`)",
        G::effect | G::effects => {
            "an effect (`remove`, `blast`, `push`, `block`, `irradiate`, `consume`, `may bounce`, `move`, `exchange`)"
        }
        G::set | G::named_set | G::pieces => "a square set (`target`, `area(...)`, `own royal`, ...)",
        G::cond => "a condition",
        G::direction => "a direction (`along`, `away from ...`, `chosen`)",
        G::distance | G::number => "a number",
        G::outcome => "an outcome (`win`, `loss`, `draw`, `both lose`)",
        G::comparison => "a comparison (`>=`, `<=`, `==`, `!=`, `>`, `<`)",
        G::guard => "`if`",
        G::by_kinds => "`by` and piece letters (`by Q R`)",
        G::kinds | G::letters => "a piece letter (`P`), `royal`",
        G::EOI => "the end of the sentence",
        _ => return None,
    })
}

/// The error for `text`, which does not parse as `entry`.
pub(super) fn explain(entry: G, text: &str, e: &Error<G>) -> SentenceError {
    let mut a = Attempt::of(e);
    // A keyword matched the start of a longer word (`capture` in
    // `captures`): judge the whole word, by what would fit where it starts.
    let word_start = text[..a.pos].rfind(|c: char| !is_word(c)).map_or(0, |i| i + 1);
    if word_start < a.pos && text[a.pos..].starts_with(is_word) {
        let end = token_at(text, a.pos).end;
        let masked = format!("{}\u{1}{}", &text[..word_start], &text[end..]);
        a = match EffectParser::parse(entry, &masked) {
            Err(e2) if Attempt::of(&e2).pos == word_start => Attempt::of(&e2),
            _ => Attempt { pos: word_start, ..a },
        };
    }
    let span = token_at(text, a.pos);
    let found = if span.is_empty() {
        "the end of the sentence".to_string()
    } else {
        format!("`{}`", &text[span.clone()])
    };
    let words = a.words();
    let mut message = if words.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {}, found {found}", either(&words))
    };
    let mut help = Vec::new();
    let word = &text[span.clone()];
    if word.starts_with(|c: char| c.is_ascii_alphabetic())
        && let Some(best) =
            super::super::closest_word(&word.to_ascii_lowercase(), a.keywords.iter().map(String::as_str))
    {
        help.push(format!("did you mean `{best}`?"));
    }
    let open = enclosing(text, a.pos);
    match open.and_then(|(_, w)| usage(w).map(|u| (w, u))) {
        Some((w, u)) => help.push(format!("`{}` is written {u}", w.to_ascii_lowercase())),
        None => help.push(entry_usage(entry).to_string()),
    }
    let mut span = span;
    if a.pos >= text.trim_end().len()
        && let Some((at, w)) = open
    {
        message = format!("`{w}(` is never closed: {message}");
        span = at..at + 1;
        help.insert(0, "close it with `)`".into());
    }
    SentenceError {
        message,
        span,
        help: help.join("; ").replace("?; ", "? "),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parse_condition, parse_effects, parse_end, parse_legal, parse_rule, parse_set};

    #[test]
    fn odd_input_gets_a_message_in_bounds() {
        let odd = [
            "",
            "(",
            ")",
            "on",
            "é",
            "on capture: remove(é",
            "((((",
            "on capture: remove(target) )",
            "onn capture:",
            "on capture: push(target, along,",
            "après move: remove(target)",
            "on capture: remove(targeté)",
            "count(any) >=",
            "50",
            "own royal",
            "on arrival if mover in any N: push(adjacent(mover), away",
        ];
        for text in odd {
            let errors = [
                parse_rule(text).err(),
                parse_effects(text).err(),
                parse_condition(text).err(),
                parse_set(text).err(),
                parse_legal(text).err(),
                parse_end(text).err(),
            ];
            for e in errors.into_iter().flatten() {
                assert!(
                    e.span.start <= e.span.end && e.span.end <= text.len(),
                    "{text:?}: {e:?}"
                );
                assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
                assert!(!e.message.is_empty() && !e.help.is_empty(), "{text:?}");
            }
        }
    }
}
