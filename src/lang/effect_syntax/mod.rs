//! Effect sentences: the pest grammar in `grammar/effects.pest` (`parse`
//! lowers its parse tree) and the typed AST with spans it yields (`ast`).
//! Resolving names (piece letters, templates) and compiling to programs
//! happen later, in `check` and `compile`.

use std::ops::Range;

mod ast;
mod effect_parse;
mod errors;
mod filter_clause;
mod parse;
mod parse_change;
mod place_parse;
mod print_effect;
mod sentence_print;

pub use ast::{
    ActionName, Comparison, Cond, Direction, Effect, EndCondition, EndOutcome, EndRule, HomeOf, KindChange, KindFilter,
    LegalClause, LineGoal, MarkName, MoveAs, NamedSet, Occupied, Parsed, Phase, PlaceWhere, PlaceWho, Placement,
    Quantity, RanksFrom, RegionName, RightLetter, SetExpr, SetOp, ShieldRule, SideFilter, TemplateText, Trigger,
    TriggeredRule,
};
pub use effect_parse::{parse_effects, parse_rule};
pub use filter_clause::{FilterClause, FilterCond, MAX_CELL};
pub use parse::{parse_condition, parse_end, parse_legal, parse_set, parse_shield};
pub use print_effect::print_effects;

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/effects.pest"]
    pub struct EffectParser;
}

/// A problem in a sentence, with the byte range it concerns.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SentenceError {
    /// What is wrong.
    pub message: String,
    /// Byte range inside the sentence.
    pub span: Range<usize>,
    /// How to fix it.
    pub help: String,
}

/// Deepest nesting of parentheses a sentence may have.
pub const MAX_NESTING: usize = 32;

/// Longest sentence, in bytes.
pub const MAX_SENTENCE_BYTES: usize = 4096;
