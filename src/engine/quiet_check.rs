//! Whether a quiet move leaves the side it hands the turn to in check,
//! judged on the board it would leave without playing it: the search asks
//! this of every quiet move it would prune unless it gives check.

use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::compile::Variant;
use crate::compile::ir::Legal;

impl Variant {
    /// Whether the variant's quiet moves can be judged for check unplayed
    /// ([`quiet_move_checks`](Self::quiet_move_checks)): no rule fires on
    /// a quiet move (`on arrival`, `after move`), no filter or placement
    /// decides an attack, no timed shield or mark changes with the move,
    /// and check is a royal piece attacked with no `unless` to evaluate.
    pub(crate) fn quiet_checks_unplayed(&self) -> bool {
        let p = &self.programs;
        p.on_arrival.is_empty()
            && p.after_move.is_empty()
            && !p.filters.any()
            && !p.placement_attacks
            && !p.timed_shields
            && !p.timed_marks
            && (p.legal.iter()).all(|l| !matches!(l, Legal::NotAttacked(Some(_))))
    }

    /// Whether the quiet move `mv` leaves an enemy royal piece attacked
    /// (as [`in_check`](Self::in_check) would say of the position it
    /// leaves), judged without playing it; `None` where it must be played:
    /// a move that is not a piece's plain step or ride to an empty square
    /// (a capture, promotion, drop, castling, action, gating, compelled
    /// move or follow-up choice), or where `unplayed` (the variant's
    /// [`quiet_checks_unplayed`](Self::quiet_checks_unplayed)) is false.
    #[inline]
    pub(crate) fn quiet_move_checks(&self, pos: &Position, mv: &Move, unplayed: bool) -> Option<bool> {
        let plain = matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial)
            && mv.promotion.is_none()
            && mv.gate.is_none()
            && mv.controller.is_none()
            && mv.choices.is_empty()
            && pos.board[mv.to.index()].is_empty();
        if !unplayed || !plain {
            return None;
        }
        if !self.has_check() {
            return Some(false);
        }
        let us = pos.side;
        let moved = pos.board[mv.from.index()];
        let them = pos.royals[us.flip() as usize];
        Some(
            them.iter()
                .any(|r| self.is_attacked_after_move(pos, r, us, mv.from, mv.to, moved)),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::MoveKind;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Chess with a knight rider for a knight and a bishop-knight for a
    /// bishop (rides of other shapes, compound pieces).
    const RIDERS: &str = r#"(
        extends: "chess",
        name: "Riders",
        pieces: [
            (letter: 'N', name: "knight rider", moves: "NN", value: 300),
            (letter: 'B', name: "bishop-knight", moves: "BN", value: 700),
        ],
    )"#;

    /// Chess whose every move leaves a hole: a rule fires on quiet moves.
    const HOLES: &str = r#"(
        extends: "chess",
        name: "Holes",
        rules: ["after move: block(vacated)"],
    )"#;

    /// Along seeded random games of variants whose quiet moves are judged
    /// unplayed, each quiet move's answer equals the check the position
    /// it leaves is in, once played; where a rule fires on quiet moves,
    /// every answer is `None`.
    #[test]
    fn quiet_checks_judged_unplayed_match_played_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(37);
        let (mut judged, mut checks) = (0, 0);
        for (name, text) in [
            ("chess.ron", r#"(extends: "chess", name: "Plain")"#),
            ("riders.ron", RIDERS),
            ("holes.ron", HOLES),
        ] {
            let variant = Variant::from_text(name, text).unwrap();
            let unplayed = variant.quiet_checks_unplayed();
            assert_eq!(unplayed, name != "holes.ron", "{name}");
            for _ in 0..20 {
                let mut pos = variant.start_position();
                for _ in 0..100 {
                    let moves = variant.legal_moves(&pos);
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    for mv in &moves {
                        let Some(gives) = variant.quiet_move_checks(&pos, mv, unplayed) else {
                            continue;
                        };
                        assert!(unplayed && matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial));
                        let mut child = pos.clone();
                        child.make(&variant, *mv);
                        assert_eq!(gives, variant.in_check(&child), "{name}: {mv:?}");
                        judged += 1;
                        checks += usize::from(gives);
                    }
                    pos.make(&variant, moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(judged > 20_000 && checks > 500, "{judged} judged, {checks} checks");
    }
}
