//! `materialCounting = janggi` as the importer writes it, read back: each
//! end Fairy-Stockfish would draw (two passes, the bikjang pass, a full
//! board, stalemate, the move rule, repetition, a repetition where both
//! sides checked throughout) is two rules, `... and material(white) >
//! material(black) + 100: white wins` then `...: black wins`, compared as
//! printed trees with the importer's own trees
//! (`fsf_import::weighed_rules`); and every piece's `value` is the weight
//! Fairy-Stockfish gives its type (`fsf_import::janggi_weight`), none for
//! the types it does not weigh.

use super::builtin::builtin_name;
use crate::interop::fsf_import::{DrawAt, janggi_weight, weighed_rules};
use crate::lang::effect_syntax::{EndCondition, EndOutcome, EndRule};
use crate::spec::PieceSpec;

/// Where `rules[0]` and `rules[1]` are the importer's two rules for one
/// end Fairy-Stockfish would draw, weighed: that end as a drawn rule.
pub(super) fn read(rules: &[(&String, EndRule)]) -> Option<EndRule> {
    let [(_, first), (_, second), ..] = rules else {
        return None;
    };
    if second.outcome != EndOutcome::BlackWins {
        return None;
    }
    let at = match &second.condition {
        EndCondition::Holds(c) => DrawAt::Holds(c.clone()),
        EndCondition::Stalemate(None) => DrawAt::Stalemate,
        EndCondition::MoveRule(n, None) => DrawAt::Moves(*n),
        EndCondition::Repetition(n, None) => DrawAt::Repetitions(*n),
        EndCondition::MutualPerpetualCheck(n, None) => DrawAt::MutualPerpetual(*n),
        _ => return None,
    };
    let [white, black] = weighed_rules(&at);
    (white.to_string() == first.to_string() && black.to_string() == second.to_string()).then(|| EndRule {
        condition: second.condition.clone(),
        outcome: EndOutcome::Draw,
    })
}

/// The reasons the pieces' values are not those `materialCounting =
/// janggi` gives them (the weight of a piece's Fairy-Stockfish type).
pub(super) fn values(pieces: &[PieceSpec]) -> Vec<String> {
    pieces
        .iter()
        .filter_map(|p| {
            let weight = builtin_name(p, &p.moves.value).and_then(janggi_weight);
            (p.value != weight).then(|| {
                format!(
                    "piece {}: value {}, not the weight `materialCounting = janggi` gives its type ({})",
                    p.letter.value,
                    p.value.map_or("none".to_string(), |v| v.to_string()),
                    weight.map_or("none".to_string(), |v| v.to_string())
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::read;
    use crate::lang::effect_syntax::{EndCondition, EndOutcome, parse_end};

    fn rules(texts: &[&str]) -> Vec<(String, crate::lang::effect_syntax::EndRule)> {
        texts.iter().map(|t| (t.to_string(), parse_end(t).unwrap())).collect()
    }

    #[test]
    fn a_weighed_draw_reads_as_the_draw() {
        let all = rules(&[
            "passes >= 1 and exists(first(own royal, R) & enemy royal) and material(white) > material(black) + 100: white wins",
            "passes >= 1 and exists(first(own royal, R) & enemy royal): black wins",
            "50 moves if material(white) > material(black) + 100: white wins",
            "50 moves: black wins",
            "3 repetitions by mutual perpetual check if material(white) > material(black) + 100: white wins",
            "3 repetitions by mutual perpetual check: black wins",
        ]);
        let refs: Vec<_> = all.iter().map(|(t, r)| (t, r.clone())).collect();
        let drawn = read(&refs).expect("the bikjang pass, weighed");
        assert_eq!(drawn.outcome, EndOutcome::Draw);
        assert!(matches!(drawn.condition, EndCondition::Holds(_)));
        assert!(matches!(
            read(&refs[2..]).map(|r| r.condition),
            Some(EndCondition::MoveRule(50, None))
        ));
        assert!(matches!(
            read(&refs[4..]).map(|r| r.condition),
            Some(EndCondition::MutualPerpetualCheck(3, None))
        ));
        assert!(read(&refs[1..]).is_none());
    }

    #[test]
    fn another_lead_or_winner_is_not_the_weighed_draw() {
        for pair in [
            [
                "50 moves if material(white) > material(black) + 200: white wins",
                "50 moves: black wins",
            ],
            [
                "50 moves if material(white) > material(black) + 100: white wins",
                "50 moves: draw",
            ],
            [
                "50 moves if material(white) > material(black) + 100: white wins",
                "40 moves: black wins",
            ],
            [
                "stalemate if material(black) > material(white) + 100: black wins",
                "stalemate: white wins",
            ],
        ] {
            let all = rules(&pair);
            let refs: Vec<_> = all.iter().map(|(t, r)| (t, r.clone())).collect();
            assert!(read(&refs).is_none(), "{pair:?}");
        }
    }
}
