//! What a game end that gives neither side the point is worth to the
//! search, seen from the side it plays (the side to move at the root).
//!
//! Both sides losing (one blast takes both royal pieces) is no loss for
//! the side that brings it about where its game is lost anyway: it takes
//! no point, and neither does the winner it robs. So:
//!
//! * brought about by the opponent (an even ply: the root side is to
//!   move), it scores as a draw: an opponent behind may take that way out,
//!   and a root side ahead must not leave it open;
//! * brought about by the root side (an odd ply), it scores just short of
//!   a loss: worse than any evaluation, better than any loss the search
//!   proves. The root side takes it only where every other move is seen to
//!   lose, and never gives up a game it leads that way.
//!
//! Only the parity of the ply tells the sides apart, so the search stays a
//! negamax.

use super::ends::outcome_score;
use super::{MATE, MAX_PLY};
use crate::compile::ir::EndOutcome;

/// For the side to move, both sides losing by the root side's move: just
/// out of the range of mate scores, so the table keeps it as it is.
const ROOT_SIDE_BOTH_LOSE: i32 = MATE - 2 * MAX_PLY as i32;

/// The score of an outcome for the side to move, `ply` plies from the
/// root, as the root side sees it: as [`outcome_score`], but both sides
/// losing is a draw where the opponent brought it about (an even ply),
/// and nearly a loss for the root side where it did (an odd ply).
pub(crate) fn end_score(outcome: EndOutcome, ply: usize) -> i32 {
    match outcome {
        EndOutcome::BothLose if ply.is_multiple_of(2) => 0,
        EndOutcome::BothLose => ROOT_SIDE_BOTH_LOSE,
        _ => outcome_score(outcome, ply),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Control, Engine, Limits, Score, is_mate};
    use super::*;
    use crate::compile::Variant;
    use crate::notation::{fen, uci};
    use std::sync::Arc;

    #[test]
    fn both_losing_is_a_draw_by_the_opponent_and_nearly_a_loss_by_the_root_side() {
        // The root side moved (ply 1, 3): the opponent, to move, nearly wins.
        assert_eq!(end_score(EndOutcome::BothLose, 1), ROOT_SIDE_BOTH_LOSE);
        assert!(!is_mate(ROOT_SIDE_BOTH_LOSE) && ROOT_SIDE_BOTH_LOSE < MATE - 3);
        // The opponent moved (ply 2): the root side, to move, draws.
        assert_eq!(end_score(EndOutcome::BothLose, 2), 0);
        for ply in 1..4 {
            for o in [EndOutcome::Win, EndOutcome::Loss, EndOutcome::Draw] {
                assert_eq!(end_score(o, ply), outcome_score(o, ply));
            }
        }
    }

    /// The score of searching `moves` from the start (the last one alone
    /// at the root, to `depth`), with the game's keys before the root.
    fn score_after(variant: &str, fen_text: Option<&str>, moves: &[&str], depth: u32) -> Score {
        let variant = Arc::new(Variant::load(variant).unwrap());
        let engine = Engine::new(variant.clone());
        let mut pos = match fen_text {
            Some(text) => fen::parse(&variant, text).unwrap(),
            None => variant.start_position(),
        };
        let (last, before) = moves.split_last().unwrap();
        let mut history = Vec::new();
        for text in before {
            history.push(engine.key(&pos));
            let mv = uci::parse(&variant, &pos, text).unwrap();
            pos.make(&variant, mv);
        }
        let limits = Limits {
            depth: Some(depth),
            search_moves: vec![uci::parse(&variant, &pos, last).unwrap()],
            ..Limits::default()
        };
        engine
            .search(&pos, &history, &limits, &Control::new(), &mut |_| {})
            .score
    }

    #[test]
    fn a_repetition_at_the_horizon_is_a_draw() {
        // Chess lists checkmate before repetition: at the horizon the
        // rule waits for the legal moves, which quiescence never asks
        // for. Black's knight back to g8 repeats the start: 0 at depth 1
        // as at depth 2 (it scored the static -10 at depth 1).
        let moves = ["g1f3", "g8f6", "f3g1", "f6g8"];
        for depth in 1..=3 {
            assert_eq!(
                score_after("chess", None, &moves, depth),
                Score::Centipawns(0),
                "depth {depth}"
            );
        }
    }

    #[test]
    fn the_opponent_taking_both_kings_is_a_draw() {
        // Kaboom Chess: White is a queen and two rooks up, but Black's
        // queen on d5 can nova both kings off the d file. A move that
        // leaves the king there lets Black out with a draw; one that takes
        // it off the file keeps the lead.
        let fen_text = "3k4/8/8/3q4/8/8/3K4/RQ5R w - - 0 1";
        assert_eq!(
            score_after("kaboom", Some(fen_text), &["h1h2"], 2),
            Score::Centipawns(0)
        );
        match score_after("kaboom", Some(fen_text), &["d2e1"], 2) {
            Score::Centipawns(cp) => assert!(cp > 500, "{cp}"),
            s => panic!("{s:?}"),
        }
    }
}
