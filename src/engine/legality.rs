//! Legality and game end as the variant's sentences say: the clauses a
//! move must pass (`own royal survives`, `own royal not attacked unless
//! ...`), check, and the end rules that stop the game at once.

use super::context::Context;
use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square};
use crate::compile::Variant;
use crate::compile::ir::EndOutcome;
use crate::compile::ir::{Legal, PiecesOn};

impl Variant {
    /// A context with no move: for conditions on a position as it stands.
    pub(crate) fn still(side: Color) -> Context {
        Context {
            side,
            origin: Square::new(0),
            target: Square::new(0),
            mover: Square::new(0),
        }
    }

    /// Whether some promotion choice is limited by material (`limits`).
    /// Then a piece still attacks a square where its move would have to
    /// promote and no choice is open (as in Fairy-Stockfish), though no
    /// move goes there.
    #[doc(hidden)]
    pub fn has_promotion_limits(&self) -> bool {
        self.promotion.is_limited()
    }

    /// Whether the variant has a `not attacked` clause (so check exists).
    pub(crate) fn has_check(&self) -> bool {
        self.programs.legal.iter().any(|l| matches!(l, Legal::NotAttacked(_)))
    }

    /// Whether castling judges the king's path: a `not attacked` clause
    /// or a `not <condition>` clause (the king may not cross a square
    /// where it may not stand).
    pub(crate) fn castling_path_judged(&self) -> bool {
        self.programs
            .legal
            .iter()
            .any(|l| matches!(l, Legal::NotAttacked(_) | Legal::Forbids(_)))
    }

    /// Whether the side to move is in check: a royal piece attacked, with
    /// the clause's `unless` not holding.
    pub fn in_check(&self, pos: &Position) -> bool {
        let us = pos.side;
        let ctx = Self::still(us);
        self.programs.legal.iter().any(|clause| match *clause {
            Legal::NotAttacked(unless) => {
                pos.royals[us as usize]
                    .iter()
                    .any(|sq| self.royal_attacked(pos, sq, us.flip()))
                    && !unless.is_some_and(|c| self.eval_cond(c, pos, &ctx))
            }
            Legal::Survives(_) | Legal::Forbids(_) => false,
        })
    }

    /// Whether the royal piece of the side to move, standing on `sq`
    /// instead of `from` (the board otherwise as it is), passes every `not
    /// attacked` clause, each with its `unless`, and every `not <condition>`
    /// clause: a square castling may start from, cross or reach (a king
    /// may not pass where it may not stand). Clones the position only when
    /// `sq` is attacked and a clause has an `unless` to evaluate, or a
    /// `not` clause is to be judged.
    pub(crate) fn royal_safe_on(&self, pos: &Position, from: Square, sq: Square) -> bool {
        let us = pos.side;
        if self.programs.placement_attacks {
            return self.royal_safe_by_placement(pos, from, sq);
        }
        let attacked = self.is_attacked_after_leaving(pos, sq, us.flip(), from);
        let forbids = self.programs.legal.iter().any(|l| matches!(l, Legal::Forbids(_)));
        if !attacked && !forbids {
            return true;
        }
        if attacked && self.programs.legal.contains(&Legal::NotAttacked(None)) {
            return false;
        }
        let mut there = pos.clone();
        if sq != from {
            there.clear(sq);
            there.relocate(from, sq);
        }
        let still = Self::still(us);
        self.programs.legal.iter().all(|clause| match *clause {
            Legal::Survives(_) => true,
            Legal::NotAttacked(_) if !attacked => true,
            Legal::NotAttacked(None) => false,
            Legal::NotAttacked(Some(unless)) => self.eval_cond(unless, &there, &still),
            Legal::Forbids(c) => !self.eval_cond(c, &there, &still),
        })
    }

    /// Whether `after`, reached from `before` by `mv`, passes every
    /// legality clause for the side that moved.
    pub(crate) fn passes_legality(&self, before: &Position, after: &Position, mv: &Move) -> bool {
        if after.last.refused {
            return false;
        }
        let us = before.side;
        let ctx = super::context::Context {
            side: us,
            origin: mv.from,
            target: mv.to,
            mover: mv.to,
        };
        self.programs.legal.iter().all(|clause| match *clause {
            Legal::Survives(unless) => {
                before.royals[us as usize].is_empty()
                    || !after.royals[us as usize].is_empty()
                    || unless.is_some_and(|c| self.eval_cond(c, after, &ctx))
            }
            Legal::NotAttacked(unless) => {
                !after.royals[us as usize].iter().any(|sq| {
                    if self.programs.attacks_through_new_blocks {
                        self.attacked_through_new_blocks(before, after, sq, us.flip())
                    } else {
                        self.royal_attacked(after, sq, us.flip())
                    }
                }) || unless.is_some_and(|c| self.eval_cond(c, after, &ctx))
            }
            Legal::Forbids(c) => !self.eval_cond(c, after, &ctx),
        }) && self.check_mates_if_any(after)
    }

    /// Whether `by` attacks `sq` in `after`, the position a move left
    /// `before`, with the squares the move blocked seen as empty (`through
    /// new blocks`).
    #[inline(never)]
    fn attacked_through_new_blocks(&self, before: &Position, after: &Position, sq: Square, by: Color) -> bool {
        if !after.may_have_blocked.0 {
            return self.is_attacked(after, sq, by);
        }
        let all = &self.programs.all;
        let fresh = after
            .blocked_squares()
            .difference(&before.blocked_squares())
            .intersection(all);
        if fresh.is_empty() {
            return self.is_attacked(after, sq, by);
        }
        self.attacked(
            |s| {
                if fresh.contains(s) {
                    Cell::EMPTY
                } else {
                    after.board[s.index()]
                }
            },
            &after.occupied[by as usize],
            sq,
            by,
        )
    }

    /// Whether the pseudo-legal `mv` is legal in `pos`, by the definition:
    /// play it and check every legality clause. (Move generation takes a
    /// shortcut for plain moves; this never does.)
    pub fn is_legal(&self, pos: &Position, mv: &Move) -> bool {
        if mv.gate.is_some() {
            return self.legal_moves(pos).contains(mv);
        }
        if !self.passes_filters(pos, mv) {
            return false;
        }
        let mut child = pos.clone();
        child.make(self, *mv);
        if !self.passes_legality(pos, &child, mv) {
            return false;
        }
        let legal_where = |wanted: &dyn Fn(&Move) -> bool| {
            let mut moves = Vec::new();
            self.generate_pseudo_legal(pos, &mut moves);
            moves.iter().filter(|m| wanted(m)).any(|m| {
                let mut child = pos.clone();
                child.make(self, *m);
                self.passes_legality(pos, &child, m)
            })
        };
        // Only a longest legal move is legal where the side is so bound;
        // compulsory captures and drops then apply among the longest, as
        // `generate_legal` applies them.
        let length = self.move_length(mv);
        let bound = self.programs.filters.longest[pos.side as usize];
        if bound && legal_where(&|m| self.move_length(m) > length) {
            return false;
        }
        let among = |m: &Move| !bound || self.move_length(m) == length;
        // A move that captures nothing is legal only when no capture is;
        // then one that drops nothing, only when no drop is (among the
        // captures, if some capture is legal).
        if self.programs.captures_compulsory && !mv.is_capture() && legal_where(&|m| among(m) && m.is_capture()) {
            return false;
        }
        if !self.programs.drops_compulsory || mv.is_drop() {
            return true;
        }
        if self.programs.captures_compulsory && legal_where(&|m| among(m) && m.is_capture()) {
            return !legal_where(&|m| among(m) && m.is_capture() && m.is_drop());
        }
        !legal_where(&|m| among(m) && m.is_drop())
    }

    /// Whether a move is plain: it changes the board only as a chess move
    /// does (no action, no choice made, no rule acts), so the legality
    /// shortcut applies.
    #[inline]
    pub(crate) fn is_plain(&self, mv: &Move) -> bool {
        let p = &self.programs;
        if mv.controller.is_some() {
            return false;
        }
        // A move that declines the one rule, a bounce, changes nothing more.
        let after_move_quiet = p.after_move.is_empty() || (p.bounce_only && mv.choices.is_empty());
        match mv.kind {
            MoveKind::Quiet | MoveKind::Initial => p.on_arrival.is_empty() && after_move_quiet,
            MoveKind::Capture => p.on_capture.is_empty() && p.on_arrival.is_empty() && after_move_quiet,
            _ => false,
        }
    }

    /// The `before(...)` conditions that hold in `pos` for the side to
    /// move, as bits: what a move made from `pos` leaves in the position.
    #[inline]
    pub(crate) fn before_bits(&self, pos: &Position) -> u8 {
        if self.programs.before.is_empty() {
            return 0;
        }
        let mut bits = 0;
        for (i, &c) in self.programs.before.iter().enumerate() {
            if self.eval_cond(c, pos, &Self::still(pos.side)) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Whether an end rule's `if` condition holds for the side to move
    /// (a rule without one always does).
    pub(crate) fn guard_holds(&self, guard: Option<crate::compile::ir::CondId>, pos: &Position) -> bool {
        guard.is_none_or(|c| self.eval_cond(c, pos, &Self::still(pos.side)))
    }

    /// Whether some of the pieces an end rule's guard asks for stand. Kept
    /// out of line: [`ended_by_rule`](Self::ended_by_rule) is called once
    /// a position, and a variant whose rules have no guard (a counter
    /// compared with a number) then pays nothing for the guards' setup.
    #[inline(never)]
    fn any_stand(&self, on: &[PiecesOn], pos: &Position, ctx: &Context) -> bool {
        on.iter().any(|on| self.pieces_stand(on, pos, ctx))
    }

    /// The first end rule that is a plain condition and holds now, for the
    /// side to move: such a position has no legal moves.
    #[doc(hidden)]
    pub fn ended_by_rule(&self, pos: &Position) -> Option<(usize, EndOutcome)> {
        if !self.programs.immediate_end {
            return None;
        }
        if let Some(table) = &self.programs.royal_ends {
            let sets = if self.programs.ends_read_pieces {
                &pos.occupied
            } else {
                &pos.royals
            };
            let us = pos.side as usize;
            let state = usize::from(!sets[us].is_empty()) | usize::from(!sets[us ^ 1].is_empty()) << 1;
            return table[state].map(|i| {
                let i = usize::from(i);
                (i, self.programs.end[i].1.relative_to(pos.side))
            });
        }
        let p = &self.programs;
        if let Some(table) = &p.check_ends {
            let us = pos.side as usize;
            return table.first_holding(pos.checks[us], pos.checks[us ^ 1]).map(|i| {
                let i = usize::from(i);
                (i, p.end[i].1.relative_to(pos.side))
            });
        }
        if let Some(gate) = &p.holds_gate
            && !pos.royals[0].union(&pos.royals[1]).intersects(gate)
        {
            return None;
        }
        let ctx = Self::still(pos.side);
        // A rule whose guard finds none of the pieces it needs cannot hold.
        let may_hold = |guard: &Option<Vec<PiecesOn>>| guard.as_ref().is_none_or(|on| self.any_stand(on, pos, &ctx));
        let (&(i, _), _) = (p.holds_ends.iter().zip(&p.holds_guards))
            .find(|&(&(_, c), guard)| may_hold(guard) && self.eval_cond_quick(c, pos, &ctx))?;
        Some((
            usize::from(i),
            self.programs.end[usize::from(i)].1.relative_to(pos.side),
        ))
    }
}

impl Variant {
    /// Whether the check counts of the positions `pos`'s moves leave
    /// matter to nothing but [`ended_by_rule`](Self::ended_by_rule), and
    /// it answers alike whether the move gives check or not (the mover's
    /// count one higher or not): the caller may then play those moves
    /// with [`Position::make_uncounted`] (perft's last made ply).
    #[inline]
    pub(crate) fn check_unread_after(&self, pos: &Position) -> bool {
        let Some(table) = &self.programs.check_ends else {
            return false;
        };
        // After the move, the other side is to move.
        let (mover, other) = (pos.checks[pos.side as usize], pos.checks[pos.side.flip() as usize]);
        table.sole_reader && table.first_holding(other, mover) == table.first_holding(other, mover.saturating_add(1))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::base::piece::{Cell, Kind};
    use crate::base::square::{Color, Square};
    use crate::compile::Variant;
    use crate::engine::perft::Perft;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Explosions remove kings, so games reach every state of the royal
    /// end table; the table and the interpreted rules agree on each
    /// position of some random games.
    #[test]
    fn royal_end_table_matches_the_rules() {
        let text = r#"(
            extends: "chess",
            name: "Royal ends",
            rules: ["on capture: blast(target, 1, sparing any P); remove(target)"],
            legal: ["own royal survives unless not exists(enemy royal)"],
            end: [
                "not exists(own royal) and not exists(enemy royal): draw",
                "not (exists(own royal) or not exists(enemy royal)): loss",
                "not exists(enemy royal): win",
                "checkmate: loss",
                "stalemate: draw",
            ],
        )"#;
        let fast = Variant::from_text("royal-ends.ron", text).unwrap();
        assert!(fast.programs.royal_ends.is_some());
        let mut slow = fast.clone();
        slow.programs.royal_ends = None;
        let mut seed = 0x5eed_u64;
        let mut ended = 0;
        for _game in 0..40 {
            let mut pos: Position = fast.start_position();
            for _ply in 0..80 {
                let by_table = fast.ended_by_rule(&pos);
                assert_eq!(by_table, slow.ended_by_rule(&pos));
                if by_table.is_some() {
                    ended += 1;
                    break;
                }
                let moves = fast.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(&fast, moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(ended > 5, "too few games ended by a rule: {ended}");
    }

    /// A race of kings to the last rank with checks forbidden, as a test
    /// fixture: end rules that ask for royal pieces on fixed squares.
    pub(crate) const KING_RACE: &str = r#"(
        extends: "chess",
        name: "King race",
        start: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        castling: [],
        legal: ["own royal not attacked", "not attacked(enemy royal)"],
        end: [
            (rule: "exists(white royal & white ranks(8)) and exists(black royal & white ranks(8)): draw", name: "both"),
            (rule: "exists(own royal & white ranks(8)): win", name: "own"),
            (rule: "exists(black royal & white ranks(8)): loss", name: "black first"),
            (rule: "exists(enemy royal & white ranks(8)) and not can reach(own royal, white ranks(8)): loss", name: "cannot follow"),
            "stalemate: draw",
            "50 moves: draw",
            "3 repetitions: draw",
        ],
    )"#;

    /// Chess where the third check wins, as a test fixture.
    const THIRD_CHECK: &str = r#"(
        extends: "chess",
        name: "Third check",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        end: ["checks(enemy) >= 3: loss", "checkmate: loss", "stalemate: draw", "50 moves: draw", "3 repetitions: draw"],
    )"#;

    /// End rules guarded by the pieces they need on fixed squares (kings
    /// racing to the 8th rank, and an `or` of two such) end the
    /// same games as the rules interpreted at every node.
    #[test]
    fn guarded_end_rules_match_the_rules() {
        let either = r#"(
            extends: "chess",
            name: "Either corner",
            start: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            castling: [],
            legal: ["own royal not attacked", "not attacked(enemy royal)"],
            end: [
                (rule: "exists(own N & white ranks(8)) or count(own R & files(a)) >= 2: win", name: "a"),
                (rule: "exists(own royal & white ranks(7)) and not exists(own B): loss", name: "b"),
                "stalemate: draw",
            ],
        )"#;
        let variants = [
            Variant::from_text("race.ron", KING_RACE).unwrap(),
            Variant::from_text("either.ron", either).unwrap(),
        ];
        for fast in variants {
            let guards = &fast.programs.holds_guards;
            assert_eq!(guards.len(), fast.programs.holds_ends.len());
            // Racing kings' rules ask for kings only: one gate for all.
            assert_eq!(fast.programs.holds_gate.is_some(), fast.name == "King race");
            assert!(guards.iter().all(Option::is_some), "{guards:?}");
            let mut slow = fast.clone();
            slow.programs.holds_guards.iter_mut().for_each(|g| *g = None);
            slow.programs.holds_gate = None;
            let mut seed = 0x9ace_u64;
            let mut ended = 0;
            for _game in 0..60 {
                let mut pos: Position = fast.start_position();
                for _ply in 0..120 {
                    let by_guard = fast.ended_by_rule(&pos);
                    assert_eq!(by_guard, slow.ended_by_rule(&pos));
                    if by_guard.is_some() {
                        ended += 1;
                        break;
                    }
                    let moves = fast.legal_moves(&pos);
                    if moves.is_empty() {
                        break;
                    }
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    pos.make(&fast, moves[(seed >> 33) as usize % moves.len()]);
                }
            }
            assert!(ended > 2, "too few games ended by a rule: {ended}");
        }
    }

    /// A move's check found along the lines through its squares
    /// (`checks_by_lines`) is the check the whole attack test finds, with
    /// leaps, lame leaps and hoppers, over the moves of random games.
    #[test]
    fn checks_by_lines_match_the_attack_test() {
        let cannons = r#"(
            extends: "chess",
            name: "Third check with cannons",
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            end: ["checks(enemy) >= 3: loss", "checkmate: loss", "stalemate: draw"],
            pieces: [
                (letter: 'N', name: "horse", moves: "nN", value: 300),
                (letter: 'B', name: "cannon", moves: "mRcpR", value: 400),
            ],
        )"#;
        let variants = [
            Variant::from_text("third-check.ron", THIRD_CHECK).unwrap(),
            Variant::from_text("cannons.ron", cannons).unwrap(),
        ];
        for fast in variants {
            assert!(fast.programs.checks_by_lines);
            let mut slow = fast.clone();
            slow.programs.checks_by_lines = false;
            let mut seed = 0x003c_4ec4_u64;
            let mut checks = 0;
            for _game in 0..12 {
                let mut pos: Position = fast.start_position();
                for _ply in 0..60 {
                    let moves = fast.legal_moves(&pos);
                    if moves.is_empty() {
                        break;
                    }
                    for &mv in &moves {
                        let (mut by_lines, mut by_test) = (pos.clone(), pos.clone());
                        by_lines.make(&fast, mv);
                        by_test.make(&slow, mv);
                        assert_eq!(by_lines.checks, by_test.checks, "{mv:?}");
                        checks += usize::from(by_lines.checks != pos.checks);
                    }
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    pos.make(&fast, moves[(seed >> 33) as usize % moves.len()]);
                    if fast.ended_by_rule(&pos).is_some() {
                        break;
                    }
                }
            }
            assert!(checks > 50, "too few checking moves: {checks}");
        }
    }

    /// End rules that only compare check counts, read from their table,
    /// end the same games as the rules interpreted at every node; and
    /// perft, whose last made ply leaves the counts unkept where the table
    /// reads them alike (`check_unread_after`), counts what it counts
    /// with every check counted, along random games.
    #[test]
    fn check_end_table_matches_the_rules() {
        let mixed = r#"(
            extends: "chess",
            name: "Second check",
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+2 0 1",
            end: [
                "checks(own) > 0 and checks(enemy) > 0 and not checks(own) != 1: draw",
                "checks(enemy) >= 2: loss",
                "checkmate: loss",
                "stalemate: draw",
            ],
        )"#;
        let variants = [
            Variant::from_text("third-check.ron", THIRD_CHECK).unwrap(),
            Variant::from_text("second-check.ron", mixed).unwrap(),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(0xc4ec);
        for fast in variants {
            let table = fast.programs.check_ends.as_ref().expect("a table");
            assert!(table.sole_reader);
            let mut slow = fast.clone();
            slow.programs.check_ends = None;
            let (mut ended, mut unread, mut read) = (0, 0, 0);
            for game in 0..30 {
                let mut pos: Position = fast.start_position();
                for ply in 0..80 {
                    let by_table = fast.ended_by_rule(&pos);
                    assert_eq!(by_table, slow.ended_by_rule(&pos));
                    if fast.check_unread_after(&pos) {
                        unread += 1;
                    } else {
                        read += 1;
                    }
                    let perft = |v: &Variant| Perft::new().count(v, &pos, 2);
                    assert_eq!(perft(&fast), perft(&slow), "game {game}, ply {ply}");
                    if by_table.is_some() {
                        ended += 1;
                        break;
                    }
                    let moves = fast.legal_moves(&pos);
                    if moves.is_empty() {
                        break;
                    }
                    pos.make(&fast, moves[rng.random_range(0..moves.len())]);
                }
            }
            assert!(ended > 5 && unread > 50 && read > 50, "{ended} {unread} {read}");
        }
    }

    /// A rule that asks more than whether royal pieces exist leaves every
    /// plain-condition rule to the interpreter.
    #[test]
    fn other_conditions_are_interpreted() {
        let text = r#"(
            extends: "chess",
            name: "Knightless",
            end: ["not exists(own royal): loss", "count(own N) == 0: loss", "checkmate: loss"],
        )"#;
        let variant = Variant::from_text("knightless.ron", text).unwrap();
        assert!(variant.programs.royal_ends.is_none());
    }

    /// A promotion to a royal kind is judged as that royal piece's move:
    /// on the board it leads to, never by the shortcut for other pieces.
    #[test]
    fn a_promotion_to_a_royal_kind_is_judged_on_the_board() {
        let text = r#"(
            extends: "chess",
            name: "Royal promotion",
            promotion: (pieces: "P", ranks: [8], choices: "QK", mandatory: true),
        )"#;
        let variant = Variant::from_text("royal-promotion.ron", text).unwrap();
        let g = variant.geometry;
        let sq = |name| g.parse_square(name).unwrap();
        let kind = |letter| variant.pieces().iter().position(|p| p.letter == letter).unwrap();
        // White: king e1, pawn a7; Black: king e8, rook b8 (attacking a8).
        let mut pos = Position::empty(g);
        for (name, letter, color) in [
            ("e1", 'K', Color::White),
            ("a7", 'P', Color::White),
            ("e8", 'K', Color::Black),
            ("b8", 'R', Color::Black),
        ] {
            pos.set(&variant, sq(name), Cell::piece(Kind::from_index(kind(letter)), color));
        }
        let promotions: Vec<(Square, char)> = (variant.legal_moves(&pos).iter())
            .filter_map(|m| m.promotion.map(|k| (m.to, variant.pieces.info(k).letter)))
            .collect();
        assert!(
            promotions.contains(&(sq("a8"), 'Q')) && promotions.contains(&(sq("b8"), 'K')),
            "{promotions:?}"
        );
        assert!(!promotions.contains(&(sq("a8"), 'K')), "{promotions:?}");
    }
}
