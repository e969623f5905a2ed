//! Follow-up choices: the continuations a move offers (the direction of a
//! `chosen` push, a piece to bounce), one construct for every effect that
//! asks the mover to choose. Move generation finds them by playing each
//! move with a [`Probe`], which collects the options of the first choice
//! the move has not made; each option makes a longer move, played again
//! until no choice is left open.

mod direct_bounces;

use super::moves::{Choice, ChoiceKind, Move, MoveKind};
use super::position::Position;
use super::trace::{Asked, Event, LastChoice, NoTrace, Trace};
use crate::base::piece::Cell;
use crate::base::square::{MAX_SQUARES, Square, SquareSet};
pub(super) use direct_bounces::{BounceJudge, BounceRisks};

use crate::compile::Variant;

/// A trace that records the first follow-up choice a move reaches
/// without making it, and that choice's options.
pub(super) struct Probe {
    asked: Option<Asked>,
    options: [Choice; MAX_OPTIONS],
    len: usize,
}

/// The most options one choice offers: one per square, and a chosen
/// placement's promotions besides.
const MAX_OPTIONS: usize = 2 * MAX_SQUARES;

impl Probe {
    fn new() -> Probe {
        Probe {
            asked: None,
            options: [Choice {
                piece: Square::new(0),
                to: Square::new(0),
                kind: ChoiceKind::Piece,
            }; MAX_OPTIONS],
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
        // One option per square at most, but for a placed piece's
        // promotions: a bounce names each piece once, a direction each
        // neighbour once.
        if self.len < MAX_OPTIONS {
            self.options[self.len] = choice;
            self.len += 1;
        }
    }
}

/// A trace that records, as [`Probe`] does, the first follow-up choice a
/// move reaches without making it, but only counts its options.
struct OptionCount {
    asked: Option<Asked>,
    len: u64,
}

impl Trace for OptionCount {
    const PROBES: bool = true;
    const RECORDS: bool = false;

    #[inline]
    fn record(&mut self, _: Event) {}

    #[inline]
    fn asked(&mut self, asked: Asked) {
        self.asked = Some(asked);
        self.len = 0;
    }

    #[inline]
    fn offer(&mut self, _: Choice) {
        self.len += 1;
    }

    #[inline]
    fn offer_squares(&mut self, _: Square, squares: SquareSet, _: ChoiceKind) {
        self.len += u64::from(squares.len());
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
    /// `decides`: a move that removes no royal piece of the side to move
    /// and leaves none attacked surely passes the legality clauses (see
    /// `SafeMoves::royal_attacks_decide`), so `keep` need not be asked
    /// (the direct bounces, `Programs::bounce_direct`, use it).
    pub(super) fn expand_follow_ups(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        start: usize,
        judges: bool,
        decides: bool,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) {
        self.expand_follow_ups_with(pos, out, start, judges, decides, &mut None, keep);
    }

    /// [`expand_follow_ups`](Self::expand_follow_ups), with the judge of
    /// direct bounces where it was read already (made here when first
    /// needed, else).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn expand_follow_ups_with(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        start: usize,
        judges: bool,
        decides: bool,
        judge: &mut Option<BounceJudge>,
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
            let direct = if self.programs.bounce_direct && self.may_ask(&mv) {
                let judge = judge.get_or_insert_with(|| BounceJudge::new(self, pos, judges, decides));
                self.direct_bounces(pos, mv, judge, out, keep)
            } else {
                None
            };
            let complete = if let Some(complete) = direct {
                complete
            } else if self.may_ask(&mv) && self.may_bounce_after(pos, &mv) {
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

    /// How many moves [`expand_follow_ups`](Self::expand_follow_ups), not
    /// judging (no legality clause), would make of the base moves in
    /// `out`, counted without listing them where it can: a move that asks
    /// for nothing counts once; one whose open choice is the last thing
    /// every move does is played once, and counts once per option (and
    /// once more when the choice may be declined). The other moves are
    /// left in `out` (reordered) and expanded there, and their complete
    /// forms counted.
    pub(super) fn count_follow_ups(&self, pos: &Position, out: &mut Vec<Move>) -> u64 {
        let end = out.len();
        let mut counted = 0u64;
        let mut probe: Option<Probe> = None;
        let mut listed = 0;
        for i in 0..end {
            let mv = out[i];
            if !self.may_ask(&mv) {
                counted += 1;
                continue;
            }
            if self.programs.bounce_direct || self.programs.counts_checks {
                out[listed] = mv;
                listed += 1;
                continue;
            }
            if !self.may_bounce_after(pos, &mv) {
                counted += 1;
                continue;
            }
            // Each option makes one move as it is where the move has made
            // no choice yet and no piece that moves on promotes.
            if mv.choices.is_empty() && self.programs.promotes_after_move_on.is_empty() {
                let mut count = OptionCount { asked: None, len: 0 };
                pos.clone().make_traced(self, mv, &mut count);
                match count.asked {
                    None => counted += 1,
                    Some(asked) if asked.last.is_some() => counted += u64::from(asked.optional) + count.len,
                    Some(_) => {
                        out[listed] = mv;
                        listed += 1;
                    }
                }
                continue;
            }
            let probe = probe.get_or_insert_with(Probe::new);
            let mut child = pos.clone();
            probe.asked = None;
            probe.len = 0;
            child.make_traced(self, mv, probe);
            match probe.asked {
                None => counted += 1,
                Some(asked) if asked.last.is_some() => {
                    counted += u64::from(asked.optional);
                    for &option in &probe.options[..probe.len] {
                        if let Some(choices) = mv.choices.with(option) {
                            self.move_on_promotions(pos, Move { choices, ..mv }, option, |_| counted += 1);
                        }
                    }
                }
                Some(_) => {
                    out[listed] = mv;
                    listed += 1;
                }
            }
        }
        out.truncate(listed);
        if listed > 0 {
            self.expand_follow_ups(pos, out, 0, false, false, &mut |_, _| true);
        }
        counted + out.len() as u64
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

    /// Appends `mv` once per square around `target`, each as a chosen
    /// direction: the moves of an action whose only choice is a `chosen`
    /// push (its options are known without playing it).
    pub(super) fn push_directions(&self, mv: Move, target: Square, out: &mut Vec<Move>) {
        for (df, dr) in crate::base::geometry::NEIGHBOURS {
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
                    self.move_on_promotions(pos, Move { choices, ..mv }, option, |next| out.push(next));
                }
            }
            return complete;
        }
        for &option in &probe.options[..probe.len] {
            // The checker bounds the choices a move can ask for.
            let Some(choices) = mv.choices.with(option) else {
                continue;
            };
            // A capture whose piece moves on promotes where it ends: one
            // move per promotion open to it there.
            self.move_on_promotions(pos, Move { choices, ..mv }, option, |next| {
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
                            let (unmoved, promoted, gates) = (child.unmoved, child.promoted, child.gates);
                            child.relocate(option.piece, option.to);
                            let accepted = keep(&next, Some(&child));
                            child.relocate(option.to, option.piece);
                            (child.unmoved, child.promoted, child.gates) = (unmoved, promoted, gates);
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
                    // A piece that moves on and nothing after it: moved there
                    // and back on the position played without it, promoting
                    // where the move's own piece ends.
                    Some(LastChoice::MoveOn) if !self.programs.counts_checks => {
                        let (unmoved, promoted, gates) = (child.unmoved, child.promoted, child.gates);
                        let piece = child.cell(option.piece);
                        child.relocate(option.piece, option.to);
                        let promotion = next
                            .promotion
                            .filter(|_| option.piece == mv.to && mv.promotion.is_none());
                        if let Some(kind) = promotion {
                            child.set(self, option.to, Cell::piece(kind, piece.color()));
                        }
                        let accepted = keep(&next, Some(&child));
                        if promotion.is_some() {
                            child.set(self, option.to, piece);
                        }
                        child.relocate(option.to, option.piece);
                        (child.unmoved, child.promoted, child.gates) = (unmoved, promoted, gates);
                        accepted
                    }
                    // The captured piece put on an empty square, nothing
                    // after it: put there and taken away again on the
                    // position played without it (the clauses read only
                    // the royal pieces and the attacks on them).
                    Some(LastChoice::Place) => {
                        let captured = pos.cell(option.piece);
                        let piece = match option.kind {
                            ChoiceKind::Place(Some(kind)) => Cell::piece(kind, captured.color()),
                            _ => captured,
                        };
                        child.set(self, option.to, piece);
                        let accepted = keep(&next, Some(&child));
                        child.clear(option.to);
                        accepted
                    }
                    // Played again, to find the choices after this one.
                    _ => self.complete(pos, next, &mut Probe::new(), judges, out, keep),
                };
                if accepted {
                    out.push(next);
                }
            });
        }
        complete
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use crate::engine::perft::Perft;
    use crate::engine::position::Position;

    /// The variant with the shortcuts that judge follow-ups and actions
    /// without playing them switched off: direct bounces, and walls-only
    /// actions (so every action is played and judged by the clauses).
    fn slow(variant: &Variant) -> Variant {
        let mut slow = variant.clone();
        slow.programs.bounce_direct = false;
        slow.programs.bounce_whole_reach = false;
        slow.programs.survives_unless_no_enemy_royal = false;
        for action in &mut slow.programs.actions {
            action.walls_only = false;
        }
        slow
    }

    /// A small deterministic generator (no dependency for a test).
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n.max(1)
        }
    }

    /// On every position of some random games, the fast and the slow
    /// variant list the same legal moves in the same order, and on some of
    /// them count the same perft 2.
    fn fast_equals_slow(fast: &Variant, games: usize, plies: usize) {
        let slow = slow(fast);
        let mut rng = Lcg(0x5eed ^ games as u64);
        let mut perft = Perft::new();
        let mut checked = 0;
        for game in 0..games {
            let mut pos: Position = fast.start_position();
            for ply in 0..plies {
                let moves: Vec<Move> = fast.legal_moves(&pos);
                assert_eq!(moves, slow.legal_moves(&pos), "{}: game {game}, ply {ply}", fast.name);
                if ply % 7 == 3 {
                    assert_eq!(perft.count(fast, &pos, 2), perft.count(&slow, &pos, 2), "{}", fast.name);
                }
                checked += 1;
                if moves.is_empty() {
                    break;
                }
                pos.make(fast, moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > games, "{}: too few positions checked", fast.name);
    }

    /// On every position of some random games, perft's last ply counts
    /// as many moves as the legal move list holds.
    fn counted_equals_listed(variant: &Variant, games: usize, plies: usize) {
        let mut rng = Lcg(0xc0de ^ games as u64);
        let mut perft = Perft::new();
        for game in 0..games {
            let mut pos: Position = variant.start_position();
            for ply in 0..plies {
                let moves: Vec<Move> = variant.legal_moves(&pos);
                let counted = perft.count(variant, &pos, 1);
                assert_eq!(counted, moves.len() as u64, "{}: game {game}, ply {ply}", variant.name);
                if moves.is_empty() {
                    break;
                }
                pos.make(variant, moves[rng.below(moves.len())]);
            }
        }
    }

    /// A chosen rebirth that ends every capture (`LastChoice::Place`),
    /// judged on the position played without it, the piece put there and
    /// taken away again, gives the moves of each rebirth played (its
    /// `last` mark taken off); perft's last ply counts what is listed.
    #[test]
    fn chosen_rebirths_judged_unplayed_match_played_ones() {
        for (rules, start) in [
            (
                "may place(captured, chosen empty, promote)",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
            // Required, on a region; kings exposed, promotions near.
            (
                "place(captured, chosen empty & ranks(3..6), promote)",
                "r3k2r/pP3ppp/8/2pP4/8/8/P4PpP/R3K2R w KQkq c6 0 1",
            ),
            (
                "may place(captured, chosen empty)",
                "4k3/1P4P1/3q4/8/8/3Q4/1p4p1/4K3 w - - 0 1",
            ),
        ] {
            let text = format!(
                r#"(extends: "chess", name: "Rebirth", start: "{start}", rules: ["on capture: {rules}"], {castling})"#,
                castling = if start.contains("4K3") { "castling: []" } else { "" }
            );
            let fast = Variant::from_text("rebirth.ron", &text).unwrap_or_else(|e| panic!("{e:?}"));
            assert!(fast.programs.placements.iter().all(|p| p.last), "{rules}");
            let mut slow = fast.clone();
            slow.programs.placements.iter_mut().for_each(|p| p.last = false);
            let mut rng = Lcg(0x2eb1);
            let mut perft = Perft::new();
            let mut rebirths = 0;
            for game in 0..6 {
                let mut pos: Position = fast.start_position();
                for ply in 0..40 {
                    let moves: Vec<Move> = fast.legal_moves(&pos);
                    assert_eq!(moves, slow.legal_moves(&pos), "{rules}: game {game}, ply {ply}");
                    assert_eq!(
                        perft.count(&fast, &pos, 1),
                        moves.len() as u64,
                        "{rules}: game {game}, ply {ply}"
                    );
                    if ply % 9 == 4 {
                        assert_eq!(perft.count(&fast, &pos, 2), perft.count(&slow, &pos, 2), "{rules}");
                    }
                    rebirths += moves.iter().filter(|m| !m.choices.is_empty()).count();
                    if moves.is_empty() {
                        break;
                    }
                    pos.make(&fast, moves[rng.below(moves.len())]);
                }
            }
            assert!(rebirths > 200, "{rules}: too few rebirths: {rebirths}");
        }
    }

    #[test]
    fn follow_ups_no_clause_judges_count_as_listed() {
        // A wall moved after every move (the last choice, required), no
        // legality clause.
        let walls = r#"(
            extends: "chess",
            name: "Moving wall",
            rules: ["after move: block(chosen empty, unblocking blocked)"],
            legal: [],
        )"#;
        counted_equals_listed(&Variant::from_text("wall.ron", walls).unwrap(), 6, 40);
        // An optional bounce (declined: the move as it is), no clause.
        let bounces = r#"(
            extends: "chess",
            name: "Loose bounces",
            rules: ["after move except castling: may bounce(adjacent(mover), away from mover)"],
            legal: [],
        )"#;
        counted_equals_listed(&Variant::from_text("bounce.ron", bounces).unwrap(), 6, 40);
    }

    #[test]
    fn direct_bounces_match_played_ones() {
        // An optional bounce of the mover's neighbours after every move.
        let text = r#"(
            extends: "chess",
            name: "Near bounces",
            rules: ["after move except castling: may bounce(adjacent(mover), away from mover)"],
        )"#;
        let variant = Variant::from_text("near-bounces.ron", text).unwrap();
        assert!(variant.programs.bounce_direct && variant.programs.bounce_whole_reach);
        fast_equals_slow(&variant, 12, 60);
    }

    #[test]
    fn direct_bounces_match_played_ones_farther_and_promoting() {
        // A reach of two, a set to evaluate (no whole reach), promotion on
        // a bounce (left to the slow path), two royal kinds (no lines).
        let text = r#"(
            extends: "chess",
            name: "Far bounces",
            pieces: [(letter: 'C', name: "consort", moves: "K", royal: true)],
            start: "rnbqkcnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKCNR w KQkq - 0 1",
            rules: ["after move except castling: may bounce(area(mover, 2) - ranks(1), away from mover, promote)"],
        )"#;
        let variant = Variant::from_text("far-bounces.ron", text).unwrap();
        assert!(variant.programs.bounce_direct && !variant.programs.bounce_whole_reach);
        fast_equals_slow(&variant, 8, 50);
    }

    /// A once-per-game bomb that turns a square and its neighbours into a
    /// crater, with the given legality clauses.
    fn bombs(legal: &str) -> Variant {
        let text = format!(
            r#"(
            extends: "chess",
            name: "Bombs",
            actions: [(name: "bomb", target: "ranks(1..3)", once: true, when: "count(any) >= 16",
                       effect: "remove(area(target, 1)); block(area(target, 1))")],
            legal: [{legal}],
        )"#
        );
        Variant::from_text("bombs.ron", &text).unwrap()
    }

    #[test]
    fn walls_judged_unplayed_match_played_ones() {
        // Every bundled variant with actions.
        let mut with_actions = 0;
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
        let mut files: Vec<_> = std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            let name = file.file_stem().unwrap().to_str().unwrap();
            let Ok(variant) = Variant::load(name) else { continue };
            if !variant.programs.actions.is_empty() {
                fast_equals_slow(&variant, 6, 40);
                with_actions += 1;
            }
        }
        assert!(with_actions >= 3, "only {with_actions} bundled variants have actions");
        // Losing one's own king to one's own bomb excused when the enemy
        // king goes too, and with no excuse.
        let excused = r#""own royal survives unless not exists(enemy royal)", "own royal not attacked""#;
        fast_equals_slow(&bombs(excused), 6, 40);
        fast_equals_slow(&bombs(r#""own royal survives", "own royal not attacked""#), 6, 40);
    }
}
