//! Follow-up choices: the continuations a move offers (the direction of a
//! `chosen` push, a piece to bounce), one construct for every effect that
//! asks the mover to choose. Move generation finds them by playing each
//! move with a [`Probe`], which collects the options of the first choice
//! the move has not made; each option makes a longer move, played again
//! until no choice is left open.

use super::moves::{Choice, ChoiceKind, Move, MoveKind};
use super::position::Position;
use super::trace::{Asked, Event, LastChoice, NoTrace, Trace};
use crate::base::square::{MAX_SQUARES, Square};

/// The steps to the squares around a square, in the order directions are offered.
pub(super) const NEIGHBOURS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
use crate::compile::Variant;

/// A trace that records the first follow-up choice a move reaches
/// without making it, and that choice's options.
pub(super) struct Probe {
    asked: Option<Asked>,
    options: [Choice; MAX_SQUARES],
    len: usize,
}

impl Probe {
    fn new() -> Probe {
        Probe {
            asked: None,
            options: [Choice {
                piece: Square::new(0),
                to: Square::new(0),
                kind: ChoiceKind::Piece,
            }; MAX_SQUARES],
            len: 0,
        }
    }
}

impl Trace for Probe {
    const PROBES: bool = true;

    #[inline]
    fn record(&mut self, _: Event) {}

    #[inline]
    fn asked(&mut self, asked: Asked) {
        self.asked = Some(asked);
        self.len = 0;
    }

    #[inline]
    fn offer(&mut self, choice: Choice) {
        // One option per square at most: a bounce names each piece once,
        // a direction each neighbour once.
        if self.len < MAX_SQUARES {
            self.options[self.len] = choice;
            self.len += 1;
        }
    }
}

impl Variant {
    /// Replaces the moves in `out[start..]` (moves before any follow-up
    /// choice) by their complete forms, every choice they ask for made,
    /// keeping those `keep` accepts (all of them, unasked, when `judges`
    /// is false). `keep` is given each complete move and the position it
    /// leads to when that was played to find its choices (else `None`: a
    /// move that cannot ask for a choice is not played here). A move whose
    /// open choice may be declined is complete as it is, too. Moves made
    /// without a choice come first, in their order; then those with one.
    pub(super) fn expand_follow_ups(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        start: usize,
        judges: bool,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) {
        let end = out.len();
        if !judges && !out[start..end].iter().any(|mv| self.may_ask(mv)) {
            return;
        }
        // Kept moves without a choice are packed at the front, in place;
        // moves with choices are appended behind the end.
        let mut probe: Option<Probe> = None;
        let mut kept = start;
        for i in start..end {
            let mv = out[i];
            let complete = if self.may_ask(&mv) && self.may_bounce_after(pos, &mv) {
                let probe = probe.get_or_insert_with(Probe::new);
                self.complete(pos, mv, probe, judges, out, keep)
            } else {
                !judges || keep(&mv, None)
            };
            if complete {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.drain(kept..end);
    }

    /// Whether some effect that `mv` sets off may ask for a choice (by the
    /// kind of move: an action's own effects, capture, arrival and
    /// after-move rules).
    #[inline]
    fn may_ask(&self, mv: &Move) -> bool {
        let p = &self.programs;
        let [capture, arrival, after] = p.rules_ask;
        mv.kind != MoveKind::Pass
            && (after
                || match mv.kind {
                    MoveKind::Quiet | MoveKind::Initial => arrival,
                    MoveKind::Capture | MoveKind::EnPassant => capture || arrival,
                    MoveKind::Castle(_) => false,
                    MoveKind::Drop(_) => arrival,
                    MoveKind::Action(i) => {
                        let action = &p.actions[i.index()];
                        arrival || (action.asks && !action.asks_one_direction)
                    }
                    MoveKind::Pass => false,
                })
    }

    /// False when `mv` surely asks for nothing: the variant's one rule is a
    /// bounce away from the mover of pieces near it, `mv` is a plain move,
    /// and after it no piece within reach of its landing square could step
    /// directly away from it (each such square off the board or taken).
    /// Found without playing the move; true when unsure.
    #[inline]
    fn may_bounce_after(&self, pos: &Position, mv: &Move) -> bool {
        let Some(reach) = self.programs.bounce_reach else {
            return true;
        };
        if !mv.choices.is_empty()
            || !matches!(
                mv.kind,
                MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant
            )
        {
            return true;
        }
        let g = self.geometry;
        let (from, to) = (mv.from, mv.to);
        // A square the move empties: its origin, an en passant victim's.
        let vacated = |sq: Square| sq == from || (mv.kind == MoveKind::EnPassant && sq == pos.ep_victim);
        let mut near = pos.occupied[0].union(&pos.occupied[1]);
        near = crate::engine::interpret::intersection(near, self.programs.areas[reach as usize][to.index()]);
        near.remove(from);
        near.remove(to);
        near.iter().any(|sq| {
            let step = ((g.file(sq) - g.file(to)).signum(), (g.rank(sq) - g.rank(to)).signum());
            g.offset(sq, step.0, step.1)
                .is_some_and(|dest| pos.cell(dest).is_empty() || vacated(dest))
        })
    }

    /// Appends `mv` once per square around `target`, each as a chosen
    /// direction: the moves of an action whose only choice is a `chosen`
    /// push (its options are known without playing it).
    pub(super) fn push_directions(&self, mv: Move, target: Square, out: &mut Vec<Move>) {
        for (df, dr) in NEIGHBOURS {
            let Some(to) = self.geometry.offset(target, df, dr) else {
                continue;
            };
            let choice = Choice {
                piece: target,
                to,
                kind: ChoiceKind::Direction,
            };
            if let Some(choices) = mv.choices.with(choice) {
                out.push(Move { choices, ..mv });
            }
        }
    }

    /// Plays `mv`, appends to `out` each longer move made by answering
    /// its first open choice (recursively, until no choice is open) that
    /// `keep` accepts, and returns whether `mv` itself is complete (no
    /// choice open, or the open one may be declined) and accepted.
    fn complete(
        &self,
        pos: &Position,
        mv: Move,
        probe: &mut Probe,
        judges: bool,
        out: &mut Vec<Move>,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) -> bool {
        let mut child = pos.clone();
        probe.asked = None;
        probe.len = 0;
        child.make_traced(self, mv, probe);
        let asked = probe.asked;
        let complete = asked.is_none_or(|a| a.optional) && keep(&mv, Some(&child));
        let Some(asked) = asked else { return complete };
        if asked.last.is_some() && !judges && !self.programs.counts_checks {
            // Nothing a move does comes after this choice (nor does a
            // count of checks read the position before it), and no clause
            // judges moves: each option makes a complete move as it is.
            out.reserve(probe.len);
            for &option in &probe.options[..probe.len] {
                if let Some(choices) = mv.choices.with(option) {
                    out.push(Move { choices, ..mv });
                }
            }
            return complete;
        }
        for &option in &probe.options[..probe.len] {
            // The checker bounds the choices a move can ask for.
            let Some(choices) = mv.choices.with(option) else {
                continue;
            };
            let next = Move { choices, ..mv };
            let accepted = match asked.last {
                // Nothing a move does comes after this choice (nor does a
                // count of checks read the position before it): judge the
                // move on the position played without it, bounced.
                Some(LastChoice::Bounce { promote }) if !self.programs.counts_checks => {
                    if promote && self.may_promote_on_bounce(&child, option.piece, option.to) {
                        let mut bounced = child.clone();
                        self.bounce_to(&mut bounced, option.piece, option.to, promote, &mut NoTrace);
                        keep(&next, Some(&bounced))
                    } else {
                        // A bounce that cannot promote only moves a piece:
                        // move it there and back instead of copying the position.
                        let (unmoved, promoted) = (child.unmoved, child.promoted);
                        child.relocate(option.piece, option.to);
                        let accepted = keep(&next, Some(&child));
                        child.relocate(option.to, option.piece);
                        (child.unmoved, child.promoted) = (unmoved, promoted);
                        accepted
                    }
                }
                // The same with the square blocked, when no piece stands
                // there (removing one would touch castling and the clock).
                Some(LastChoice::Block { unblocking })
                    if !self.programs.counts_checks && !child.cell(option.to).is_piece() =>
                {
                    let mut blocked = child.clone();
                    self.block_chosen(&mut blocked, option.to, unblocking, &mut NoTrace);
                    blocked.ep_targets.remove(option.to);
                    if blocked.ep_targets.is_empty() {
                        blocked.ep_victim = Square::new(0);
                    }
                    keep(&next, Some(&blocked))
                }
                // Played again, to find the choices after this one.
                _ => self.complete(pos, next, &mut Probe::new(), judges, out, keep),
            };
            if accepted {
                out.push(next);
            }
        }
        complete
    }
}
