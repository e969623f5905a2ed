//! Game end in search, from the variant's own end rules, read in the order
//! the variant lists them (as [`Game::ending`](crate::engine::game::Game::ending)
//! does), and what each outcome scores; and which moves may remove pieces
//! through effects, for the quiescence search.

use super::MATE;
use crate::base::square::Color;
use crate::compile::Variant;
use crate::compile::ir::EndOutcome;
use crate::compile::ir::{End, Op};
use crate::engine::game::GameResult;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::perpetual;
use crate::engine::position::Position;
use crate::engine::shuttles::{Line, shuttled_on};

/// What the end rules say about a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// A rule ends the game with this outcome for the side to move.
    Ends(EndOutcome),
    /// No rule ends it.
    Continues,
    /// A rule that depends on the legal moves (checkmate, stalemate) comes
    /// before any rule that holds: generate the moves, then ask again.
    NeedMoves,
}

/// The variant's end rules, ready for search.
#[derive(Clone, Debug)]
pub(crate) struct Ends {
    /// Whether the variant ends games by repetition (plain or by perpetual check).
    pub has_repetition: bool,
    /// Whether it has an `N shuttles` rule or a perpetual-check rule (the
    /// search then keeps its line's moves, and whether each mover was in
    /// check before its move).
    pub keeps_line: bool,
}

impl Ends {
    pub fn new(variant: &Variant) -> Ends {
        Ends {
            has_repetition: variant
                .programs
                .end
                .iter()
                .any(|(e, _)| {
                    matches!(e, End::Repetition(n, _) | End::PerpetualCheck(n) | End::MutualPerpetualCheck(n, _) if *n > 0)
                }),
            keeps_line: variant.programs.end.iter().any(|(e, _)| {
                matches!(
                    e,
                    End::Shuttles(..) | End::PerpetualCheck(_) | End::MutualPerpetualCheck(..)
                )
            }),
        }
    }

    /// The first end rule that holds for `pos`, in the variant's order.
    /// `no_moves` is whether the side to move has no legal move, when known;
    /// `repeated` how many plies back the position occurred before, if it
    /// did (a repetition rule then holds: the search treats the first
    /// repetition as the end it leads to); `line` the moves that led to
    /// `pos`, where the `N shuttles` and perpetual-check rules are to be
    /// judged (`None`: the shuttles rule holds nowhere, and a repetition
    /// is no perpetual check). A perpetual-check rule is judged over the
    /// moves since the previous occurrence, as a game judges it over those
    /// since the first of its N ([`perpetual`]); where the line does not
    /// reach back so far, the repetition is no perpetual check.
    pub fn judge(
        &self,
        variant: &Variant,
        pos: &Position,
        no_moves: Option<bool>,
        repeated: Option<usize>,
        line: Option<&Line>,
    ) -> Verdict {
        let programs = &variant.programs;
        if programs.end.is_empty() {
            return Verdict::Continues;
        }
        let ctx = Variant::still(pos.side);
        // A position some plain condition ends has no legal moves.
        let no_moves = no_moves.or_else(|| {
            programs
                .immediate_end
                .then(|| variant.ended_by_rule(pos).is_some())
                .filter(|&b| b)
        });
        for (end, outcome) in &programs.end {
            let fires = match *end {
                End::Holds(c) | End::Dead(c) => variant.eval_cond(c, pos, &ctx),
                End::MoveRule(n, guard) => n > 0 && pos.halfmove >= 2 * n && variant.guard_holds(guard, pos),
                End::Repetition(n, guard) => n > 0 && repeated.is_some() && variant.guard_holds(guard, pos),
                End::Shuttles(n, kinds) => line.is_some_and(|line| shuttled_on(pos, line, n, kinds)),
                End::PerpetualCheck(n) | End::MutualPerpetualCheck(n, _) => {
                    let (Some(back), Some(line)) = (repeated.filter(|_| n > 0), line) else {
                        continue;
                    };
                    let checker = cycle_checker(variant, pos, back, line);
                    match perpetual::ending(variant, *end, *outcome, pos, checker) {
                        Some((side, outcome)) => {
                            return Verdict::Ends(relative(GameResult::for_side(side, outcome), pos.side));
                        }
                        None => false,
                    }
                }
                End::CountingOver => pos.count.over(),
                End::Checkmate(guard) | End::Stalemate(guard) => match no_moves {
                    None => return Verdict::NeedMoves,
                    Some(false) => false,
                    Some(true) => {
                        variant.in_check(pos) == matches!(end, End::Checkmate(_)) && variant.guard_holds(guard, pos)
                    }
                },
            };
            if fires {
                return Verdict::Ends(outcome.relative_to(pos.side));
            }
        }
        Verdict::Continues
    }
}

/// Who gave perpetual check over the `back` moves of `line` that lead from
/// the position's previous occurrence to `pos` ([`perpetual::checker`]);
/// `None` also where the line is too short to tell.
fn cycle_checker(variant: &Variant, pos: &Position, back: usize, line: &Line) -> Option<Option<Color>> {
    // The move `k` plies back gave check if its opponent was in check
    // before the next move (or is now, for the last): the line knows this
    // up to its oldest move.
    if back > line.len + 1 {
        return None;
    }
    let now = variant.in_check(pos);
    perpetual::checker(
        pos.side,
        back,
        |k| if k == 0 { now } else { (line.checked_before)(k - 1) },
    )
}

/// A game's result as the outcome for `side`.
fn relative(result: GameResult, side: Color) -> EndOutcome {
    match result {
        GameResult::WhiteWins => EndOutcome::WhiteWins.relative_to(side),
        GameResult::BlackWins => EndOutcome::BlackWins.relative_to(side),
        GameResult::Draw => EndOutcome::Draw,
        GameResult::BothLose => EndOutcome::BothLose,
    }
}

/// The score of an outcome for the side to move, `ply` plies from the
/// root: a win is a mate score (sooner is better), a loss its negation, a
/// draw 0. Both sides losing is a loss for the side that moved into it.
pub(crate) fn outcome_score(outcome: EndOutcome, ply: usize) -> i32 {
    match outcome {
        EndOutcome::Win => MATE - ply as i32,
        EndOutcome::Loss => -(MATE - ply as i32),
        EndOutcome::Draw => 0,
        // The move that led here ended the game with no point for either
        // side: worth a loss to its mover, as any loss is. Scored as a
        // draw, a side that saw no better line took both royal pieces.
        EndOutcome::BothLose => MATE - ply as i32,
        // Made relative to the side to move where a rule fires.
        EndOutcome::WhiteWins | EndOutcome::BlackWins => 0,
    }
}

/// Which moves may remove pieces through effects, from the compiled
/// programs: an action whose program removes or pushes pieces or compels a
/// move, and any move when a triggered rule does.
#[derive(Clone, Debug)]
pub(crate) struct Noise {
    actions: Vec<bool>,
    /// A rule fired by arrivals or after every move removes or pushes.
    rules: bool,
    /// A rule fired by captures removes or pushes.
    capture_rules: bool,
}

fn removes(ops: &[Op]) -> bool {
    ops.iter().any(|op| {
        matches!(
            op,
            Op::Remove(_) | Op::Push { .. } | Op::Bounce { .. } | Op::Recolour { .. } | Op::Transform { .. }
        )
    })
}

impl Noise {
    pub fn new(variant: &Variant) -> Noise {
        let p = &variant.programs;
        Noise {
            actions: p.actions.iter().map(|a| a.compel || removes(&a.ops)).collect(),
            rules: p.on_arrival.iter().chain(&p.after_move).any(|r| removes(&r.ops)),
            capture_rules: p.on_capture.iter().any(|r| removes(&r.ops)),
        }
    }

    /// Whether a move that captures nothing, promotes nothing and is no
    /// action may remove a piece (a rule fired by arrivals or after every
    /// move removes or pushes): quiescence then cannot generate its
    /// noisy moves alone.
    pub fn quiet_may_remove(&self) -> bool {
        self.rules
    }

    /// Whether playing `mv` may remove an enemy piece (beyond a capture,
    /// which the search always counts as noisy).
    pub fn may_remove(&self, _variant: &Variant, mv: &Move) -> bool {
        match mv.kind {
            MoveKind::Action(i) => self.actions.get(i.index()).copied().unwrap_or(true) || self.rules,
            MoveKind::Capture | MoveKind::EnPassant => true,
            _ => mv.controller.is_some() || self.rules || (self.capture_rules && mv.is_capture()),
        }
    }
}
