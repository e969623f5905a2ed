//! Setup rules (`grammar/setup.pest`): the constraints of a random start
//! position, such as `B B opposite colours` or `K between R R`.

use grammar::{Rule as G, SetupParser};
use pest::Parser;
use std::ops::Range;

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/setup.pest"]
    pub struct SetupParser;
}

/// A piece letter with its span in the rule.
pub type Letter = (char, Range<usize>);

/// One setup rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupRule {
    /// The two pieces on squares of opposite colours.
    Opposite(Letter, Letter),
    /// The two pieces on squares of the same colour.
    Same(Letter, Letter),
    /// The first piece between the other two on the rank.
    Between(Letter, Letter, Letter),
    /// Every piece of the kind attacked by its own side.
    Protected(Letter),
}

impl SetupRule {
    /// Every letter the rule names.
    pub fn letters(&self) -> Vec<&Letter> {
        match self {
            SetupRule::Opposite(a, b) | SetupRule::Same(a, b) => vec![a, b],
            SetupRule::Between(a, b, c) => vec![a, b, c],
            SetupRule::Protected(a) => vec![a],
        }
    }
}

/// Parses a setup rule, or says at which byte range it goes wrong.
pub fn parse(text: &str) -> Result<SetupRule, (String, Range<usize>)> {
    let mut pairs = SetupParser::parse(G::setup_rule, text).map_err(|e| {
        let at = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        (
            "a setup rule is `X Y opposite colours`, `X Y same colour`, `X between Y Y` or `every X protected`"
                .to_string(),
            at..(at + 1).min(text.len().max(at)),
        )
    })?;
    let rule = pairs
        .next()
        .and_then(|p| p.into_inner().next())
        .expect("the grammar has one rule");
    let kind = rule.as_rule();
    let letters: Vec<Letter> = rule
        .into_inner()
        .map(|p| {
            (
                p.as_str().chars().next().unwrap_or('?'),
                p.as_span().start()..p.as_span().end(),
            )
        })
        .collect();
    let l = |i: usize| letters[i].clone();
    Ok(match kind {
        G::opposite => SetupRule::Opposite(l(0), l(1)),
        G::same => SetupRule::Same(l(0), l(1)),
        G::between => SetupRule::Between(l(0), l(1), l(2)),
        _ => SetupRule::Protected(l(0)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_rule() {
        assert!(matches!(
            parse("Q A opposite colours"),
            Ok(SetupRule::Opposite(('Q', _), ('A', _)))
        ));
        assert!(matches!(parse("B B same color"), Ok(SetupRule::Same(..))));
        assert!(matches!(
            parse("K between R R"),
            Ok(SetupRule::Between(('K', _), ('R', _), ('R', _)))
        ));
        assert!(matches!(parse("every P protected"), Ok(SetupRule::Protected(('P', _)))));
        assert_eq!(parse("K beside R").unwrap_err().1, 2..3);
    }
}
