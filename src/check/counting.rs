//! Checks a variant's `counting` field: a count of moves the FEN carries,
//! with a limit worked out from the material when it starts
//! (docs/format.md, Counting). Each limit's and each start's condition is
//! parsed and resolved as any condition; a limit must be a whole number of
//! moves, and the end rule `counting over` needs the field.

use super::checker::Checker;
use super::resolve::{Names, Resolved, Resolver};
use super::sentence_parse::{asks_can_reach, only_in_end_rules, parse};
use crate::base::limits::MAX_COUNTING_LIMIT;
use crate::lang::effect_syntax::{self as effects, Cond, EndCondition, EndRule};
use crate::spec::{CountingSide, CountingSpec, Spanned, VariantFile};

/// Most limits and most starts a `counting` field may list.
pub const MAX_COUNTING_ENTRIES: usize = 16;
/// The most plies a start may count already, either way.
pub const MAX_COUNTING_PLIES: i32 = 1000;
/// The most plies a start may count per piece on the board.
pub const MAX_COUNTING_PER_PIECE: u32 = 8;

/// A count's limit: the moves it gives when its condition holds for the
/// counting side.
#[derive(Clone, Debug)]
pub struct CountingLimit {
    /// Read for the counting side as `own`.
    pub when: Cond<Resolved>,
    /// Moves (0: the side may not start a count).
    pub moves: u32,
}

/// One way a count starts.
#[derive(Clone, Debug)]
pub struct CountingStart {
    /// The counting side.
    pub side: CountingSide,
    /// Read for the counting side as `own`; `None`: always.
    pub when: Option<Cond<Resolved>>,
    /// Only while no count runs.
    pub idle: bool,
    /// Plies counted already.
    pub plies: i32,
    /// Plies counted already per piece on the board.
    pub per_piece: u32,
}

/// The `counting` field, checked.
#[derive(Clone, Debug, Default)]
pub struct CheckedCounting {
    /// The limits, in order: the first that holds gives the limit.
    pub limits: Vec<CountingLimit>,
    /// The starts, in order: the first that applies starts the count.
    pub starts: Vec<CountingStart>,
}

impl CheckedCounting {
    /// Every condition of the limits and starts.
    pub fn conditions(&self) -> impl Iterator<Item = &Cond<Resolved>> {
        self.limits
            .iter()
            .map(|l| &l.when)
            .chain(self.starts.iter().filter_map(|s| s.when.as_ref()))
    }
}

/// Checks `file.counting`, and that `counting over` (among the checked
/// end rules, `end`) is used only with it.
pub(super) fn check_counting(
    c: &mut Checker<'_>,
    file: &VariantFile,
    names: &Names<'_>,
    end: &[EndRule<Resolved>],
) -> Option<CheckedCounting> {
    let Some(spec) = &file.counting else {
        if end.iter().any(|r| matches!(r.condition, EndCondition::CountingOver)) {
            let at = file
                .end
                .iter()
                .flatten()
                .find(|t| t.value.to_ascii_lowercase().contains("counting"))
                .and_then(|t| t.location.clone());
            c.error(
                "`counting over` reads a count of moves, but the variant has no `counting` field",
                at,
                "add a `counting` field (docs/format.md, Counting), or remove this end rule",
            );
        }
        return None;
    };
    check_spec(c, spec, names)
}

fn check_spec(c: &mut Checker<'_>, spec: &CountingSpec, names: &Names<'_>) -> Option<CheckedCounting> {
    let mut ok = true;
    let root = c.root();
    if spec.limits.is_empty() || spec.starts.is_empty() {
        c.error(
            "`counting` needs at least one limit and one start",
            root.clone(),
            "write `limits: [\"true: 64\"]` and `starts: [(side: ToMove)]`, for example",
        );
        ok = false;
    }
    if spec.limits.len() > MAX_COUNTING_ENTRIES || spec.starts.len() > MAX_COUNTING_ENTRIES {
        c.error(
            format!("`counting` may list at most {MAX_COUNTING_ENTRIES} limits and {MAX_COUNTING_ENTRIES} starts"),
            root.clone(),
            "merge some of them with `or`",
        );
        return None;
    }
    let mut out = CheckedCounting::default();
    for text in &spec.limits {
        match limit(c, text, names) {
            Some(l) => out.limits.push(l),
            None => ok = false,
        }
    }
    for start in &spec.starts {
        if start.plies.abs() > MAX_COUNTING_PLIES || start.per_piece > MAX_COUNTING_PER_PIECE {
            c.error(
                format!(
                    "a count starts with at most {MAX_COUNTING_PLIES} plies either way and {MAX_COUNTING_PER_PIECE} per piece"
                ),
                start.when.as_ref().and_then(|w| w.location.clone()).or(root.clone()),
                "a count runs in plies (two per move): `plies: -1, per_piece: 2`",
            );
            ok = false;
        }
        let when = match &start.when {
            None => None,
            Some(text) => match condition(c, text, names, "a count's start") {
                Some(w) => Some(w),
                None => {
                    ok = false;
                    continue;
                }
            },
        };
        out.starts.push(CountingStart {
            side: start.side,
            when,
            idle: start.idle,
            plies: start.plies,
            per_piece: start.per_piece,
        });
    }
    ok.then_some(out)
}

/// One limit, `condition: N`.
fn limit(c: &mut Checker<'_>, text: &Spanned<String>, names: &Names<'_>) -> Option<CountingLimit> {
    let Some((cond, n)) = text.value.rsplit_once(':') else {
        c.error(
            format!("counting limit `{}` has no `: N`", text.value),
            text.location.clone(),
            "write the condition, a colon and the moves: `count(enemy R) > 1: 8`",
        );
        return None;
    };
    let moves = match n.trim().parse::<u32>() {
        Ok(m) if m <= MAX_COUNTING_LIMIT => m,
        _ => {
            let at = c.inside(text, cond.len() + 1..text.value.len());
            c.error(
                format!(
                    "counting limit `{}`: `{}` is not a number of moves",
                    text.value,
                    n.trim()
                ),
                at,
                format!("write a whole number of moves from 0 to {MAX_COUNTING_LIMIT} after the colon"),
            );
            return None;
        }
    };
    let cond_text = Spanned {
        value: cond.to_string(),
        location: text.location.clone(),
    };
    let when = condition(c, &cond_text, names, "a counting limit")?;
    Some(CountingLimit { when, moves })
}

/// A condition of a limit or a start, parsed and resolved.
fn condition(c: &mut Checker<'_>, text: &Spanned<String>, names: &Names<'_>, what: &str) -> Option<Cond<Resolved>> {
    let cond = parse(c, text, what, effects::parse_condition)?;
    if asks_can_reach(&cond) {
        only_in_end_rules(c, text, &cond, what);
        return None;
    }
    (Resolver { c, text, names }).cond(&cond)
}
