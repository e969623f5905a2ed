//! Parsing effect sentences: pest's parse tree lowered to the [`ast`](super::ast)
//! with byte spans, one function per sentence kind.

use super::ast::{Cond, EndCondition, EndOutcome, EndRule, LegalClause, RanksFrom, SetExpr, ShieldRule, TemplateText};
use super::errors;
use super::grammar::{EffectParser, Rule as G};
use super::{MAX_NESTING, MAX_SENTENCE_BYTES, SentenceError};
use pest::Parser;
use pest::iterators::Pair;
use std::ops::Range;

mod expr;

pub(super) use expr::{lower_cond, lower_kinds, lower_set, mark_name};

pub(super) fn parse_top(rule: G, text: &str) -> Result<Pair<'_, G>, SentenceError> {
    if text.len() > MAX_SENTENCE_BYTES {
        return Err(SentenceError {
            message: format!(
                "the sentence has {} bytes; at most {MAX_SENTENCE_BYTES} are allowed",
                text.len()
            ),
            span: 0..0,
            help: "split it into several rules or effects".into(),
        });
    }
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(SentenceError {
                        message: format!("parentheses nested more than {MAX_NESTING} deep"),
                        span: i..i + 1,
                        help: "write the set or condition more simply".into(),
                    });
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    // Sentences are read once, at load: the detailed record of what the
    // parser tried costs nothing that matters there.
    pest::set_error_detail(true);
    let mut pairs = EffectParser::parse(rule, text).map_err(|e| errors::explain(rule, text, &e))?;
    Ok(pairs.next().expect("an entry rule matches once"))
}

/// Parses a condition.
pub fn parse_condition(text: &str) -> Result<Cond, SentenceError> {
    lower_cond(first(parse_top(G::condition_sentence, text)?))
}

/// Parses a square set.
pub fn parse_set(text: &str) -> Result<SetExpr, SentenceError> {
    lower_set(first(parse_top(G::set_sentence, text)?))
}

/// Parses a shield sentence: `adjacent(own royal) against remove, push
/// while count(own) > 3`.
pub fn parse_shield(text: &str) -> Result<ShieldRule, SentenceError> {
    let sentence = parse_top(G::shield_sentence, text)?;
    let mut squares = None;
    let mut against = 0;
    let mut while_ = None;
    for part in sentence.into_inner() {
        match part.as_rule() {
            G::set => squares = Some(lower_set(part)?),
            G::shield_effect => against |= shield_bit(&part),
            G::cond => while_ = Some(lower_cond(part)?),
            _ => {}
        }
    }
    Ok(ShieldRule {
        squares: squares.expect("a shield names its squares"),
        against,
        while_,
    })
}

/// The `SHIELD_*` bit of an effect a shield names (`remove`, `push`, ...).
pub(super) fn shield_bit(part: &Pair<'_, G>) -> u8 {
    match part.as_str().to_ascii_lowercase().as_str() {
        "remove" => crate::base::limits::SHIELD_REMOVE,
        "push" => crate::base::limits::SHIELD_PUSH,
        "block" => crate::base::limits::SHIELD_BLOCK,
        _ => crate::base::limits::SHIELD_BOUNCE,
    }
}

/// Parses a legality clause.
pub fn parse_legal(text: &str) -> Result<LegalClause, SentenceError> {
    let clause = first(parse_top(G::legal_sentence, text).map_err(|mut e| {
        if e.message.starts_with("unexpected") {
            e.message = format!(
                "{}: a clause is `own royal survives`, `own royal not attacked [unless <condition>]`, \
                 `captures are compulsory`, `drops are compulsory`, `not <condition>`, a move filter \
                 (`moves only if <predicate>`, `captures only if <predicate>`), `checks must mate`, \
                 `longest moves are compulsory [for white|black]` or `captures follow a move as captured`",
                e.message
            );
        }
        e
    })?);
    if let Some(filter) = super::filter_clause::parse_filter_clause(clause.clone()) {
        return filter.map(LegalClause::Filter);
    }
    if clause.as_rule() == G::captures_compulsory {
        return Ok(LegalClause::CapturesCompulsory);
    }
    if clause.as_rule() == G::drops_compulsory {
        return Ok(LegalClause::DropsCompulsory);
    }
    if clause.as_rule() == G::forbids {
        let cond = clause
            .into_inner()
            .find(|p| p.as_rule() == G::cond)
            .expect("`not` is followed by a condition");
        return Ok(LegalClause::Forbids(lower_cond(cond)?));
    }
    let survives = clause.as_rule() == G::survives;
    let through = clause
        .clone()
        .into_inner()
        .any(|p| p.as_rule() == G::through_new_blocks);
    let unless = clause
        .into_inner()
        .find(|p| p.as_rule() == G::cond)
        .map(lower_cond)
        .transpose()?;
    Ok(if survives {
        LegalClause::Survives(unless)
    } else {
        LegalClause::NotAttacked(unless, through)
    })
}

/// Parses a game-end rule.
pub fn parse_end(text: &str) -> Result<EndRule, SentenceError> {
    let mut inner = parse_top(G::end_sentence, text)?.into_inner();
    let condition = first(inner.next().expect("an end condition"));
    let condition = match condition.as_rule() {
        G::no_moves => {
            let mut parts = condition.into_inner();
            let mate = parts.next().expect("checkmate or stalemate").as_rule() == G::checkmate;
            let guard = parts.next().map(|g| lower_cond(first(g))).transpose()?;
            if mate {
                EndCondition::Checkmate(guard)
            } else {
                EndCondition::Stalemate(guard)
            }
        }
        G::move_rule | G::repetition => {
            let rule = condition.as_rule();
            let mut parts = condition.into_inner().peekable();
            let n = number(parts.next().expect("a number"))?;
            let perpetual = parts.next_if(|p| p.as_rule() == G::perpetual_check).is_some();
            let mutual = parts.next_if(|p| p.as_rule() == G::mutual_perpetual_check).is_some();
            let guard = parts.next().map(|g| lower_cond(first(g))).transpose()?;
            if rule == G::move_rule {
                EndCondition::MoveRule(n, guard)
            } else if mutual {
                EndCondition::MutualPerpetualCheck(n, guard)
            } else if perpetual {
                EndCondition::PerpetualCheck(n)
            } else {
                EndCondition::Repetition(n, guard)
            }
        }
        G::shuttles => {
            let mut parts = condition.into_inner();
            let n = number(parts.next().expect("a number"))?;
            EndCondition::Shuttles(n, parts.next().map(|k| lower_kinds(first(k))))
        }
        G::dead => EndCondition::Dead(lower_cond(first(condition))?),
        G::counting_over => EndCondition::CountingOver,
        _ => EndCondition::Holds(lower_cond(condition)?),
    };
    let outcome = match first(inner.next().expect("an outcome")).as_rule() {
        G::win => EndOutcome::Win,
        G::loss => EndOutcome::Loss,
        G::draw => EndOutcome::Draw,
        G::white_wins => EndOutcome::WhiteWins,
        G::black_wins => EndOutcome::BlackWins,
        _ => EndOutcome::BothLose,
    };
    Ok(EndRule { condition, outcome })
}

/// The side a `rank_side` names.
pub(super) fn rank_side(pair: Pair<'_, G>) -> RanksFrom {
    match first(pair).as_rule() {
        G::enemy => RanksFrom::Enemy,
        G::white => RanksFrom::White,
        G::black => RanksFrom::Black,
        _ => RanksFrom::Own,
    }
}

pub(super) fn first(pair: Pair<'_, G>) -> Pair<'_, G> {
    pair.into_inner().next().expect("the grammar guarantees an inner rule")
}

pub(super) fn span(pair: &Pair<'_, G>) -> Range<usize> {
    pair.as_span().start()..pair.as_span().end()
}

pub(super) fn template_text(pair: &Pair<'_, G>) -> TemplateText {
    TemplateText {
        text: pair.as_str().to_string(),
        span: span(pair),
    }
}

fn number(pair: Pair<'_, G>) -> Result<u32, SentenceError> {
    pair.as_str().parse().map_err(|_| SentenceError {
        message: format!("`{}` is not a number", pair.as_str()),
        span: span(&pair),
        help: "write a whole number".into(),
    })
}

pub(super) fn small(pair: Pair<'_, G>, max: u32, what: &str) -> Result<u8, SentenceError> {
    let at = span(&pair);
    let n = number(pair)?;
    if n > max {
        return Err(SentenceError {
            message: format!("{what} {n} is more than {max}"),
            span: at,
            help: format!("write a {what} from 0 to {max}"),
        });
    }
    Ok(n as u8)
}

#[cfg(test)]
mod tests {
    use super::super::ast::{Comparison, LineGoal, NamedSet, Quantity, RegionName, SetOp, SideFilter};
    use super::super::ast::{Effect, Trigger};
    use super::super::effect_parse::{parse_effects, parse_rule};
    use super::*;

    #[test]
    fn parses_the_explosion_rule() {
        let rule = parse_rule("on capture: remove(area(target, 1) - any P); remove(target)").unwrap();
        assert_eq!(rule.trigger, Trigger::Capture);
        assert_eq!(rule.effects.len(), 2);
        let Effect::Remove(SetExpr::Binary(SetOp::Difference, area, spared)) = &rule.effects[0] else {
            panic!("{:?}", rule.effects[0])
        };
        assert_eq!(**area, SetExpr::Area(Box::new(SetExpr::Named(NamedSet::Target)), 1));
        let SetExpr::Pieces(SideFilter::Any, Some(kinds)) = &**spared else {
            panic!("{spared:?}")
        };
        assert_eq!(kinds.letters, vec![('P', 41..42)]);
    }

    #[test]
    fn parses_the_kinds_a_rule_fires_for() {
        let rule = parse_rule("on capture by Q R if count(any) > 2: block(mover & any Q R)").unwrap();
        assert_eq!(rule.trigger, Trigger::Capture);
        let by = rule.by.clone().flatten().unwrap();
        assert_eq!(by.letters, vec![('Q', 14..15), ('R', 16..17)]);
        assert!(rule.guard.is_some());
        assert_eq!(parse_rule("after move: block(origin)").unwrap().by, None);
        assert!(parse_rule("on capture by: block(mover)").is_err());
    }

    #[test]
    fn parses_attacks_through_new_blocks() {
        assert_eq!(
            parse_legal("own royal not attacked through new blocks").unwrap(),
            LegalClause::NotAttacked(None, true)
        );
        assert!(matches!(
            parse_legal("own royal not attacked through new blocks unless touching(own royal, enemy royal)").unwrap(),
            LegalClause::NotAttacked(Some(_), true)
        ));
    }

    #[test]
    fn conditions_bind_not_then_and_then_or() {
        let c = parse_condition("not exists(enemy royal) or touching(own royal, enemy royal) and true").unwrap();
        let Cond::Or(left, right) = c else { panic!() };
        assert!(matches!(*left, Cond::Not(_)));
        assert!(matches!(*right, Cond::And(_, _)));
        let c = parse_condition("count(any) >= 16 and captured(not P) >= 1").unwrap();
        assert!(matches!(c, Cond::And(_, _)));
        let c = parse_condition("origin in ranks(1..3)").unwrap();
        assert!(matches!(c, Cond::Within(_, SetExpr::Ranks(RanksFrom::Own, 1, 3))));
    }

    #[test]
    fn parses_line_goals() {
        let c = parse_condition("in_row(enemy, 3, sW) and not collinear(own Q R, 4, vWF)").unwrap();
        let Cond::And(row, other) = c else { panic!() };
        let Cond::Line(LineGoal::InRow, SetExpr::Pieces(SideFilter::Enemy, None), 3, t) = *row else {
            panic!("{row:?}")
        };
        assert_eq!(t.text, "sW");
        let Cond::Not(line) = *other else { panic!() };
        assert!(matches!(*line, Cond::Line(LineGoal::Collinear, _, 4, ref t) if t.text == "vWF"));
        for (text, found) in [
            ("in_row(own, 1, K)", "1 piece;"),
            ("collinear(own, 17, K)", "17 pieces"),
        ] {
            let e = parse_condition(text).unwrap_err();
            assert!(e.message.contains(found), "{}", e.message);
        }
    }

    #[test]
    fn parses_ranks_from_a_named_side_and_colours() {
        let from = |text: &str| match parse_set(text).unwrap() {
            SetExpr::Ranks(from, lo, hi) => (from, lo, hi),
            other => panic!("{other:?}"),
        };
        assert_eq!(from("white ranks(8)"), (RanksFrom::White, 8, 8));
        assert_eq!(from("black ranks(1..2)"), (RanksFrom::Black, 1, 2));
        assert_eq!(from("enemy ranks(1)"), (RanksFrom::Enemy, 1, 1));
        assert_eq!(from("own ranks(2..3)"), (RanksFrom::Own, 2, 3));
        assert_eq!(from("ranks(2..3)"), (RanksFrom::Own, 2, 3));
        // A side followed by kinds is still a piece set.
        assert!(matches!(
            parse_set("white royal").unwrap(),
            SetExpr::Pieces(SideFilter::White, Some(_))
        ));
        assert!(matches!(
            parse_set("black").unwrap(),
            SetExpr::Pieces(SideFilter::Black, None)
        ));
        assert!(matches!(
            parse_set("enemy R").unwrap(),
            SetExpr::Pieces(SideFilter::Enemy, Some(_))
        ));
        assert!(parse_set("any ranks(1)").is_err());
        let c = parse_condition("not can reach(own royal, white ranks(8))").unwrap();
        let Cond::Not(inner) = c else { panic!("{c:?}") };
        assert!(matches!(
            *inner,
            Cond::CanReach(
                SetExpr::Pieces(SideFilter::Own, _),
                SetExpr::Ranks(RanksFrom::White, 8, 8)
            )
        ));
    }

    #[test]
    fn lines_take_a_count_and_a_side() {
        assert!(matches!(
            parse_set("lines(own P, vR, 2)").unwrap(),
            SetExpr::Lines(_, _, 2, RanksFrom::Own)
        ));
        assert!(matches!(
            parse_set("white lines(any, fW)").unwrap(),
            SetExpr::Lines(_, _, 1, RanksFrom::White)
        ));
        assert!(matches!(
            parse_set("white P").unwrap(),
            SetExpr::Pieces(SideFilter::White, _)
        ));
        for bad in ["lines(own P, vR, 0)", "lines(own P, vR, 17)"] {
            let err = parse_set(bad).unwrap_err();
            assert!(err.message.contains("count takes 1 to 16"), "{bad}: {}", err.message);
        }
    }

    #[test]
    fn parses_every_primitive() {
        let effects = parse_effects(
            "push(adjacent(origin), away from origin, 2); block(target); may bounce(adjacent(mover), away from mover, promote); remove(lines(origin, Q))",
        )
        .unwrap();
        assert!(matches!(effects[0], Effect::Push { distance: 2, .. }));
        assert!(matches!(effects[1], Effect::Block(_)));
        assert!(matches!(effects[2], Effect::Bounce { promote: true, .. }));
        assert!(matches!(&effects[3], Effect::Remove(SetExpr::Lines(_, t, 1, RanksFrom::Own)) if t.text == "Q"));
    }

    #[test]
    fn parses_a_required_block_and_reach() {
        let effects = parse_effects(
            "block(chosen reach(mover, mQ), required); block(chosen empty, unblocking blocked, required)",
        )
        .unwrap();
        assert!(matches!(
            &effects[0],
            Effect::BlockChosen {
                among: SetExpr::Reach(_, t),
                unblocking: None,
                required: true,
            } if t.text == "mQ"
        ));
        assert!(matches!(
            &effects[1],
            Effect::BlockChosen {
                unblocking: Some(SetExpr::Named(NamedSet::Blocked)),
                required: true,
                ..
            }
        ));
        // `required` comes last, once.
        assert!(parse_effects("block(chosen empty, required, unblocking blocked)").is_err());
        // `required` is a word of its own.
        assert!(parse_effects("block(chosen empty, requiredx)").is_err());
    }

    #[test]
    fn parses_a_chosen_block() {
        let effects =
            parse_effects("block(chosen empty, unblocking blocked); block(chosen adjacent(mover) & empty)").unwrap();
        assert!(matches!(
            &effects[0],
            Effect::BlockChosen {
                among: SetExpr::Named(NamedSet::Empty),
                unblocking: Some(SetExpr::Named(NamedSet::Blocked)),
                required: false,
            }
        ));
        assert!(matches!(
            &effects[1],
            Effect::BlockChosen {
                among: SetExpr::Binary(SetOp::Intersection, _, _),
                unblocking: None,
                required: false,
            }
        ));
        // `chosen` is a keyword there, not the start of a region's name.
        assert!(parse_effects("block(chosenempty)").is_ok_and(|e| matches!(e[0], Effect::Block(_))));
        let err = parse_effects("block(empty, unblocking blocked)").unwrap_err();
        assert!(err.help.contains("block(chosen S, unblocking T)"), "{err:?}");
    }

    #[test]
    fn parses_legality_and_end() {
        assert_eq!(parse_legal("own royal survives").unwrap(), LegalClause::Survives(None));
        assert_eq!(
            parse_legal("own royal not attacked").unwrap(),
            LegalClause::NotAttacked(None, false)
        );
        assert!(matches!(
            parse_legal("own royal not attacked unless touching(own royal, enemy royal)").unwrap(),
            LegalClause::NotAttacked(Some(Cond::Touching(_, _)), false)
        ));
        assert_eq!(
            parse_end("checkmate: loss").unwrap().condition,
            EndCondition::Checkmate(None)
        );
        assert_eq!(
            parse_end("50 moves: draw").unwrap().condition,
            EndCondition::MoveRule(50, None)
        );
        assert_eq!(
            parse_end("3 repetitions: draw").unwrap().condition,
            EndCondition::Repetition(3, None)
        );
        let both = parse_end("not exists(own royal) and not exists(enemy royal): both lose").unwrap();
        assert_eq!(both.outcome, EndOutcome::BothLose);
    }

    #[test]
    fn parses_shuttles_with_and_without_kinds() {
        assert_eq!(
            parse_end("4 shuttles: win").unwrap().condition,
            EndCondition::Shuttles(4, None)
        );
        let rule = parse_end("4 shuttles by not A K: win").unwrap();
        let EndCondition::Shuttles(4, Some(kinds)) = &rule.condition else {
            panic!("{rule:?}")
        };
        assert!(kinds.negate);
        assert_eq!(kinds.letters.iter().map(|l| l.0).collect::<String>(), "AK");
        assert_eq!(rule.to_string(), "4 shuttles by not A K: win");
        assert!(parse_end("shuttles: win").is_err());
        assert!(parse_end("4 shuttles by: win").is_err());
    }

    #[test]
    fn parses_perpetual_check_and_named_winners() {
        let rule = parse_end("3 repetitions by perpetual check: loss").unwrap();
        assert_eq!(rule.condition, EndCondition::PerpetualCheck(3));
        assert_eq!(rule.outcome, EndOutcome::Loss);
        assert!(parse_end("3 repetitions by perpetual: loss").is_err());
        assert!(parse_end("repetitions by perpetual check: loss").is_err());
        assert_eq!(
            parse_end("50 moves: black wins").unwrap().outcome,
            EndOutcome::BlackWins
        );
        assert_eq!(
            parse_end("stalemate: White Wins").unwrap().outcome,
            EndOutcome::WhiteWins
        );
        assert!(parse_end("stalemate: white").is_err());
        // Named winners read for the side to move.
        use crate::base::square::Color;
        assert_eq!(EndOutcome::BlackWins.relative_to(Color::White), EndOutcome::Loss);
        assert_eq!(EndOutcome::BlackWins.relative_to(Color::Black), EndOutcome::Win);
        assert_eq!(EndOutcome::WhiteWins.relative_to(Color::White), EndOutcome::Win);
        assert_eq!(EndOutcome::Draw.relative_to(Color::Black), EndOutcome::Draw);
    }

    #[test]
    fn parses_dead_positions_colours_and_squares() {
        let dead = parse_end("dead if count(any not K B) == 0 and count(any B & light) == 0: draw").unwrap();
        assert!(matches!(dead.condition, EndCondition::Dead(Cond::And(_, _))));
        assert_eq!(dead.outcome, EndOutcome::Draw);
        // Without `dead if`, the same condition is a plain end rule.
        assert!(matches!(
            parse_end("count(any not K) == 0: draw").unwrap().condition,
            EndCondition::Holds(_)
        ));
        assert!(matches!(
            parse_condition("squares(blocked) == 0").unwrap(),
            Cond::Compare(
                Quantity::Squares(SetExpr::Named(NamedSet::Blocked)),
                Comparison::Equal,
                0
            )
        ));
        assert_eq!(parse_set("dark").unwrap(), SetExpr::Named(NamedSet::Dark));
        assert_eq!(parse_set("light").unwrap(), SetExpr::Named(NamedSet::Light));
        assert!(parse_end("dead if: draw").is_err());
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse_rule("on capture: explode(target)").unwrap_err();
        assert_eq!(e.span, 12..19);
        assert!(e.message.contains("an effect"), "{}", e.message);
        // An unclosed `(` is reported where it opened.
        let e = parse_rule("on capture: remove(area(target, 1)").unwrap_err();
        assert_eq!(e.span, 18..19);
        assert!(e.message.contains("`remove(` is never closed"), "{}", e.message);
        // A keyword matching the start of a longer word: the whole word, and the nearest keyword.
        let e = parse_rule("on captures: remove(target)").unwrap_err();
        assert_eq!(e.span, 3..11);
        assert!(e.help.contains("did you mean `capture`?"), "{}", e.help);
        let e = parse_end("50 move: draw").unwrap_err();
        assert!(e.help.contains("did you mean `moves`?"), "{}", e.help);
        let e = parse_effects("push(target)").unwrap_err();
        assert!(e.help.contains("`along`, `away from T` or `chosen`"), "{}", e.help);
        // A lower-case word alone is a region's name; the checker says
        // when it names none (and suggests `target` for this one).
        assert!(matches!(
            parse_condition("exists(targte)").unwrap(),
            Cond::Exists(SetExpr::Region(_, RegionName { ref name, span: _ })) if name == "targte"
        ));
        // A word before `(` is a function, never a region.
        let e = parse_condition("exists(adjacnet(target))").unwrap_err();
        assert!(e.help.contains("did you mean `adjacent`?"), "{}", e.help);
        let e = parse_condition("count(any) >= ").unwrap_err();
        assert!(e.message.contains("a number"), "{}", e.message);
    }
}
