//! Move filters (`moves only if ...`, `captures only if ...`): predicates
//! over one pseudo-legal move, read on the position before it, that drop
//! the moves failing them, and the attacks alike (an attack is a capture
//! read backwards: a piece whose capture on a square fails a filter does
//! not attack it, so gives no check). Also the two clauses that judge a
//! move against others: `checks must mate` and `longest moves are
//! compulsory`.

use super::moves::{Move, MoveKind};
use super::observed_after::{ObservedBoard, PlainChange};
use super::position::Position;
use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::FilterNode;
use crate::compile::tables::EN_PASSANT;
use std::cell::{Cell as StdCell, RefCell};

/// How deep `checks must mate` may nest (a check answered by a check
/// that must mate, ...) before a check is taken as not mating.
pub const MAX_CHECK_DEPTH: u32 = 6;

thread_local! {
    static CHECK_DEPTH: StdCell<u32> = const { StdCell::new(0) };
    static BUFFERS: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
}

/// One piece's part of a move, as a filter reads it.
#[derive(Clone, Copy)]
struct Part {
    /// The moving piece (a castling's rook part reads the king: the
    /// castling's mover).
    piece: Cell,
    /// Where the mover stands before the move (what observations read).
    mover: Square,
    from: Square,
    to: Square,
    capture: bool,
    /// The occupied squares after the move.
    after: SquareSet,
    /// The move, where one was generated (an attack is a capture from
    /// `from` to `to`).
    mv: Option<Move>,
}

impl Part {
    /// A generated piece move's part: its piece from `pos`, `after` the
    /// occupied squares after it (empty where no filter reads them).
    #[inline]
    fn of_move(pos: &Position, mv: Move, after: SquareSet) -> Part {
        Part {
            piece: pos.board[mv.from.index()],
            mover: mv.from,
            from: mv.from,
            to: mv.to,
            capture: mv.is_capture(),
            after,
            mv: Some(mv),
        }
    }
}

/// What the observations of one mover's filters gave, kept while the
/// moves of one piece are judged (they read only its square): bit `n` of
/// `known` set when node `n`'s value is in bit `n` of `value`.
#[derive(Clone, Copy)]
pub(crate) struct Observations {
    mover: Square,
    known: u64,
    value: u64,
    /// What the pieces of the position observe, once found (see
    /// `observed_after`): kept for every mover.
    board: Option<ObservedBoard>,
}

impl Observations {
    /// The observations of the position known (`board`, found by
    /// `Variant::observed_board`), nothing else.
    pub(super) fn knowing(board: ObservedBoard) -> Observations {
        Observations {
            board: Some(board),
            ..Observations::new()
        }
    }

    /// Nothing known yet.
    pub(crate) fn new() -> Observations {
        Observations {
            mover: Square::new(0),
            known: 0,
            value: 0,
            board: None,
        }
    }
}

impl Variant {
    /// Keeps the moves of `out` from `start` on that pass every move
    /// filter, in order.
    pub(crate) fn retain_filtered(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        self.retain_filtered_seen(pos, out, start, Observations::new());
    }

    /// [`retain_filtered`](Self::retain_filtered) with what is known of
    /// the position's observations.
    pub(crate) fn retain_filtered_seen(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        start: usize,
        mut seen: Observations,
    ) {
        let mut kept = start;
        let sole = self.programs.filters.sole_observed_after;
        for i in start..out.len() {
            let passes = match (sole, out[i].kind) {
                // One `not after observed(...)`: a piece's move is judged
                // by that node alone.
                (Some(spare_royal), MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant) => {
                    let part = Part::of_move(pos, out[i], SquareSet::EMPTY);
                    !self.observed_after(pos, &part, spare_royal, &mut seen)
                }
                _ => self.passes_filters_seen(pos, &out[i], &mut seen),
            };
            if passes {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the variant has move filters: attacks then go through them.
    #[inline]
    pub(crate) fn has_move_filters(&self) -> bool {
        self.programs.filters.attacks_filtered
    }

    /// Whether the pseudo-legal `mv` passes every move filter. A drop, a
    /// pass and an action pass; a castling passes when the king's and the
    /// rook's moves both do (each read with the king as the mover).
    pub(crate) fn passes_filters(&self, pos: &Position, mv: &Move) -> bool {
        self.passes_filters_seen(pos, mv, &mut Observations::new())
    }

    fn passes_filters_seen(&self, pos: &Position, mv: &Move, seen: &mut Observations) -> bool {
        self.passes_first_filters(pos, mv, seen, self.programs.filters.filters.len())
    }

    /// Whether the pseudo-legal `mv` passes the first `n` move filters.
    pub(crate) fn passes_first_filters(&self, pos: &Position, mv: &Move, seen: &mut Observations, n: usize) -> bool {
        let f = &self.programs.filters;
        if f.filters.is_empty() {
            return true;
        }
        if !f.pass_squares.is_empty() && n == f.filters.len() {
            // Filters of origin and target alone, read from the table.
            let passes = |from: Square, to: Square| f.pass_squares[from.index()].contains(to);
            return match mv.kind {
                MoveKind::Drop(_) | MoveKind::Pass | MoveKind::Action(_) => true,
                MoveKind::Castle(index) => {
                    let rule = self.castling.rule(index);
                    passes(rule.king_from, rule.king_to) && passes(rule.rook_from, rule.rook_to)
                }
                _ => passes(mv.from, mv.to),
            };
        }
        // The squares occupied after the move, where a node reads them.
        let all = if f.reads_after {
            pos.occupied[0].union(&pos.occupied[1])
        } else {
            SquareSet::EMPTY
        };
        let piece = pos.board[mv.from.index()];
        match mv.kind {
            MoveKind::Drop(_) | MoveKind::Pass | MoveKind::Action(_) => true,
            MoveKind::Castle(index) => {
                let rule = self.castling.rule(index);
                let mut after = all;
                if f.reads_after {
                    after.remove(rule.king_from);
                    after.remove(rule.rook_from);
                    after.insert(rule.king_to);
                    after.insert(rule.rook_to);
                }
                let part = |from, to| Part {
                    piece,
                    mover: rule.king_from,
                    from,
                    to,
                    capture: false,
                    after,
                    mv: Some(*mv),
                };
                self.filters_hold(n, pos, &part(rule.king_from, rule.king_to), seen)
                    && self.filters_hold(n, pos, &part(rule.rook_from, rule.rook_to), seen)
            }
            _ => {
                let mut after = all;
                if f.reads_after {
                    after.remove(mv.from);
                    after.insert(mv.to);
                    if mv.kind == MoveKind::EnPassant {
                        after.remove(pos.ep_victim);
                    }
                }
                self.filters_hold(n, pos, &Part::of_move(pos, *mv, after), seen)
            }
        }
    }

    /// Whether the capture by `piece` from `from` on `to` passes the first
    /// `upto` filters: an attack that counts.
    pub(super) fn capture_passes(&self, upto: usize, pos: &Position, piece: Cell, from: Square, to: Square) -> bool {
        let f = &self.programs.filters;
        if !f.pass_squares.is_empty() && upto == f.filters.len() {
            return f.pass_squares[from.index()].contains(to);
        }
        let mut after = SquareSet::EMPTY;
        if self.programs.filters.reads_after {
            after = pos.occupied[0].union(&pos.occupied[1]);
            after.remove(from);
            after.insert(to);
        }
        let part = Part {
            piece,
            mover: from,
            from,
            to,
            capture: true,
            after,
            mv: None,
        };
        self.filters_hold(upto, pos, &part, &mut Observations::new())
    }

    fn filters_hold(&self, upto: usize, pos: &Position, part: &Part, seen: &mut Observations) -> bool {
        if seen.mover != part.mover {
            seen.mover = part.mover;
            seen.known = 0;
            seen.value = 0;
        }
        let f = &self.programs.filters;
        f.filters[..upto].iter().enumerate().all(|(level, filter)| {
            (filter.captures_only && !part.capture) || self.node_holds(level, filter.root, pos, part, seen)
        })
    }

    fn node_holds(&self, level: usize, node: u16, pos: &Position, part: &Part, seen: &mut Observations) -> bool {
        let f = &self.programs.filters;
        let g = &self.geometry;
        match f.nodes[node as usize] {
            FilterNode::Observed { own, same_kind } => {
                let bit = 1u64.checked_shl(u32::from(node)).unwrap_or(0);
                if seen.known & bit != 0 {
                    return seen.value & bit != 0;
                }
                let side = if own {
                    part.piece.color()
                } else {
                    part.piece.color().flip()
                };
                let kind = part.piece.kind();
                let value = self.observed_by(level, pos, part.mover, side, |c: Cell| !same_kind || c.kind() == kind);
                seen.known |= bit;
                if value {
                    seen.value |= bit;
                }
                value
            }
            FilterNode::ObservedAfter { spare_royal } => self.observed_after(pos, part, spare_royal, seen),
            FilterNode::Royal => self.is_royal(part.piece.kind()),
            FilterNode::SameColour | FilterNode::LeavesCell { .. } => {
                f.square_holds(node, *g, &self.programs.light, part.from, part.to) == Some(true)
            }
            FilterNode::NextToPiece => f.neighbours[part.to.index()].intersects(&part.after),
            FilterNode::Not(a) => !self.node_holds(level, a, pos, part, seen),
            FilterNode::And(a, b) => {
                self.node_holds(level, a, pos, part, seen) && self.node_holds(level, b, pos, part, seen)
            }
            FilterNode::Or(a, b) => {
                self.node_holds(level, a, pos, part, seen) || self.node_holds(level, b, pos, part, seen)
            }
        }
    }

    /// Whether a piece of `side` that `wanted` accepts could capture on
    /// `sq`, its capture passing the first `level` filters.
    fn observed_by(
        &self,
        level: usize,
        pos: &Position,
        sq: Square,
        side: Color,
        wanted: impl Fn(Cell) -> bool,
    ) -> bool {
        self.attacked_accepting(pos, sq, side, |from, attacker| {
            wanted(attacker) && self.capture_passes(level, pos, attacker, from, sq)
        })
    }

    /// Whether, on the board `part`'s move leaves (played; an attack as
    /// a plain capture), some piece (royal ones spared with
    /// `spare_royal`) is observed by an enemy piece of its kind, by the
    /// attack tables alone.
    fn observed_after(&self, pos: &Position, part: &Part, spare_royal: bool, seen: &mut Observations) -> bool {
        let change = match part.mv {
            Some(mv) => self.plain_change(part.piece, &mv),
            None if pos.ep_targets.is_empty() && !self.programs.filters.readers.is_empty() => Some(PlainChange {
                from: part.from,
                to: part.to,
                moved: part.piece,
            }),
            None => None,
        };
        if let Some(change) = change {
            if seen.board.is_none() {
                seen.board = Some(self.observed_board(pos));
            }
            let Some(board) = &mut seen.board else {
                return self.observed_after_played(pos, part, spare_royal);
            };
            if self.observed_after_known(pos, board, change, spare_royal) {
                return true;
            }
            // A double step leaves its piece to be taken en passant.
            return match part.mv {
                Some(mv) if mv.kind == MoveKind::Initial && self.may_take_en_passant(pos, board, part.piece, &mv) => {
                    let mut after = pos.clone();
                    after.make(self, mv);
                    let (sq, cell) = (after.ep_victim, after.board[after.ep_victim.index()]);
                    let spared = spare_royal && self.is_royal(cell.kind());
                    !(after.ep_targets.is_empty() || spared) && self.taken_en_passant(&after, sq, cell)
                }
                _ => false,
            };
        }
        self.observed_after_played(pos, part, spare_royal)
    }

    /// [`observed_after`](Self::observed_after) by the definition: the
    /// move played on a copy, every piece looked at.
    fn observed_after_played(&self, pos: &Position, part: &Part, spare_royal: bool) -> bool {
        let mut after = pos.clone();
        match part.mv {
            Some(mv) => after.make(self, mv),
            None => {
                after.clear(part.to);
                after.relocate(part.from, part.to);
            }
        }
        let all = after.occupied[0].union(&after.occupied[1]);
        all.iter().any(|sq| {
            let cell = after.board[sq.index()];
            let kind = cell.kind();
            !(spare_royal && self.is_royal(kind))
                && (self.attacked_accepting(&after, sq, cell.color().flip(), |_, c: Cell| c.kind() == kind)
                    || self.taken_en_passant(&after, sq, cell))
        })
    }

    /// Whether the piece `cell` on `sq`, a double step's victim, may be
    /// taken en passant by an enemy piece of its kind (a leap onto one of
    /// the position's en passant targets): Popeye counts that capture as
    /// an observation where Isardam reads the board a move leaves.
    fn taken_en_passant(&self, pos: &Position, sq: Square, cell: Cell) -> bool {
        if pos.ep_targets.is_empty() || pos.ep_victim != sq || !cell.is_side(pos.side.flip()) {
            return false;
        }
        let t = &self.moves;
        pos.occupied[pos.side as usize].iter().any(|from| {
            let taker = pos.board[from.index()];
            if taker.kind() != cell.kind() {
                return false;
            }
            let slot = t.slot(taker.kind(), pos.side, from);
            t.leaps[slot.leaps as usize..slot.leaps_end as usize]
                .iter()
                .any(|leap| {
                    leap.flags & EN_PASSANT != 0
                        && pos.ep_targets.contains(leap.to)
                        && t.run(leap.path, leap.path_len)
                            .iter()
                            .all(|&s| pos.board[s.index()].is_empty())
                })
        })
    }

    /// Whether `by` attacks `sq` in `pos` by a capture that passes every
    /// move filter: the attack test of a variant with filters.
    pub(crate) fn is_attacked_filtered(&self, pos: &Position, sq: Square, by: Color) -> bool {
        let n = self.programs.filters.filters.len();
        let accept = |from, attacker| self.capture_passes(n, pos, attacker, from, sq);
        if self.programs.filters.captures_detour {
            return self.detour_attacked(pos, sq, by, accept);
        }
        self.attacked_accepting(pos, sq, by, accept)
    }

    /// With `checks must mate`: whether `after`, which `mv` reached,
    /// passes it (no check, or the checked side has no legal move, its
    /// own checks judged by the same rule). Nested deeper than
    /// [`MAX_CHECK_DEPTH`], a check is taken as not mating.
    pub(crate) fn check_mates_if_any(&self, after: &Position) -> bool {
        if !self.programs.filters.checks_mate || !self.in_check(after) {
            return true;
        }
        let depth = CHECK_DEPTH.with(StdCell::get);
        if depth >= MAX_CHECK_DEPTH {
            return false;
        }
        CHECK_DEPTH.with(|d| d.set(depth + 1));
        let mut buffer = BUFFERS.with(|b| b.borrow_mut().pop()).unwrap_or_default();
        self.generate_legal(after, &mut buffer);
        let mates = buffer.is_empty();
        BUFFERS.with(|b| b.borrow_mut().push(buffer));
        CHECK_DEPTH.with(|d| d.set(depth));
        mates
    }

    /// With `longest moves are compulsory` for the side to move: keeps
    /// only the longest of `moves` (the squared distance from origin to
    /// target; a castling counts as the square of the squares from the
    /// king's origin to the rook's, both counted: 16 for chess's short
    /// castling, 25 for its long one, as Popeye measures).
    pub(crate) fn keep_longest(&self, pos: &Position, moves: &mut Vec<Move>) {
        if !self.programs.filters.longest[pos.side as usize] {
            return;
        }
        let Some(longest) = moves.iter().map(|m| self.move_length(m)).max() else {
            return;
        };
        moves.retain(|m| self.move_length(m) == longest);
    }

    /// A move's length for `longest moves are compulsory`.
    pub(crate) fn move_length(&self, mv: &Move) -> i32 {
        let g = &self.geometry;
        let dist = |a: Square, b: Square| (g.file(a) - g.file(b), g.rank(a) - g.rank(b));
        match mv.kind {
            MoveKind::Castle(index) => {
                let rule = self.castling.rule(index);
                let (df, dr) = dist(rule.king_from, rule.rook_from);
                let span = df.abs().max(dr.abs()) + 1;
                span * span
            }
            MoveKind::Drop(_) | MoveKind::Pass => 0,
            _ => {
                let (df, dr) = dist(mv.from, mv.to);
                df * df + dr * dr
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::base::castling_id::CastlingId;
    use crate::base::piece::{Cell, Kind};
    use crate::base::square::Color;
    use crate::compile::Variant;
    use crate::engine::moves::{Move, MoveKind};
    use crate::engine::position::Position;

    fn variant(legal: &str) -> Variant {
        let text = format!(r#"(extends: "chess", name: "Filtered", legal: ["own royal not attacked", {legal}])"#);
        Variant::from_text("filtered.ron", &text).unwrap()
    }

    /// Popeye's measure: squared distance; castling 16 and 25.
    #[test]
    fn moves_are_measured_as_popeye_does() {
        let v = variant(r#""longest moves are compulsory""#);
        let g = v.geometry;
        let sq = |n| g.parse_square(n).unwrap();
        assert_eq!(v.move_length(&Move::new(sq("g1"), sq("f3"), MoveKind::Quiet)), 5);
        assert_eq!(v.move_length(&Move::new(sq("a1"), sq("h8"), MoveKind::Quiet)), 98);
        let castles: Vec<i32> = (0..v.castling.rules().len())
            .map(|i| {
                v.move_length(&Move::new(
                    sq("e1"),
                    sq("g1"),
                    MoveKind::Castle(CastlingId::from_index(i)),
                ))
            })
            .collect();
        assert!(castles.contains(&16) && castles.contains(&25), "{castles:?}");
    }

    /// `after observed(...)` judged without playing the move (a few
    /// attack tests, the pieces observed before found once per position)
    /// agrees with the definition (the move played, every piece looked
    /// at), for moves and for attacks (captures read backwards), royal
    /// pieces spared or not, on random games played by every pseudo-legal
    /// move but king captures (so that positions hold observations).
    #[test]
    fn observations_after_a_move_agree_with_the_board_it_leaves() {
        use super::{Observations, Part};
        use crate::base::square::SquareSet;
        let v = variant(r#""moves only if not after observed(any not royal by enemy same kind)""#);
        assert!(!v.programs.filters.readers.is_empty());
        let mut seed = 0x5eed_u64;
        let mut observed = 0;
        for game in 0..32 {
            // Odd games play moves that leave nothing observed where there
            // are some (the positions of a filtered game, where the
            // observations of the mover alone are looked at).
            let clean = game % 2 == 1;
            let mut pos: Position = v.start_position();
            for ply in 0..60 {
                assert_eq!(v.observed_board(&pos).before, v.observed_pieces(&pos), "{game}/{ply}");
                let us = pos.side;
                let mut raw = Vec::new();
                for from in pos.occupied[us as usize].iter() {
                    v.generate_piece(&pos, from, us, true, &mut raw);
                }
                raw.retain(|m: &Move| !pos.royals[us.flip() as usize].contains(m.to));
                let mut seen = Observations::new();
                for mv in &raw {
                    let part = Part::of_move(&pos, *mv, SquareSet::EMPTY);
                    let attack = Part { mv: None, ..part };
                    for spare in [false, true] {
                        let slow = v.observed_after_played(&pos, &part, spare);
                        observed += usize::from(slow);
                        assert_eq!(
                            v.observed_after(&pos, &part, spare, &mut seen),
                            slow,
                            "{game}/{ply}: {mv:?}"
                        );
                        if mv.kind == MoveKind::Capture {
                            let slow = v.observed_after_played(&pos, &attack, spare);
                            let fast = v.observed_after(&pos, &attack, spare, &mut Observations::new());
                            assert_eq!(fast, slow, "{game}/{ply}: attack {mv:?}");
                        }
                    }
                }
                let quiet: Vec<Move> = (raw.iter().copied())
                    .filter(|mv| !v.observed_after_played(&pos, &Part::of_move(&pos, *mv, SquareSet::EMPTY), true))
                    .collect();
                if clean && !quiet.is_empty() {
                    raw = quiet;
                }
                if raw.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(&v, raw[(seed >> 33) as usize % raw.len()]);
            }
        }
        assert!(observed > 1000, "too few observations: {observed}");
    }

    /// The same with knights that leap lamely (a path an emptied square
    /// may open) and bishops that ride along knight lines: the plain
    /// leaps read as merged groups, the others one by one.
    #[test]
    fn observations_with_lame_leaps_and_far_rays_agree_with_the_board_they_leave() {
        let text = r#"(extends: "chess", name: "Lame", pieces: [
            (letter: 'N', name: "knight", moves: "nN", value: 300),
            (letter: 'B', name: "bishop", moves: "NN", value: 300),
        ], legal: ["own royal not attacked", "moves only if not after observed(any not royal by enemy same kind)"])"#;
        let v = Variant::from_text("lame.ron", text).unwrap();
        agree_along_random_games(&v, 0x1a3e);
    }

    /// Plays seeded random games by the legal moves of `v` (one `not after
    /// observed(...)` filter) and at each position compares: the filter
    /// judged without playing and by the definition, for every
    /// pseudo-legal move; and the legal moves with the filter judged by
    /// its node alone (`sole_observed_after`) and through every filter.
    fn agree_along_random_games(v: &Variant, mut seed: u64) {
        use super::{Observations, Part};
        use crate::base::square::SquareSet;
        assert!(v.programs.filters.sole_observed_after.is_some());
        let mut general = v.clone();
        general.programs.filters.sole_observed_after = None;
        let mut observed = 0;
        for game in 0..16 {
            let mut pos: Position = v.start_position();
            for ply in 0..60 {
                let us = pos.side;
                let mut raw = Vec::new();
                for from in pos.occupied[us as usize].iter() {
                    v.generate_piece(&pos, from, us, true, &mut raw);
                }
                let mut seen = Observations::new();
                for mv in &raw {
                    let part = Part::of_move(&pos, *mv, SquareSet::EMPTY);
                    let slow = v.observed_after_played(&pos, &part, true);
                    observed += usize::from(slow);
                    assert_eq!(
                        v.observed_after(&pos, &part, true, &mut seen),
                        slow,
                        "{game}/{ply}: {mv:?}"
                    );
                }
                let (mut fast, mut slow) = (Vec::new(), Vec::new());
                v.generate_legal(&pos, &mut fast);
                general.generate_legal(&pos, &mut slow);
                assert_eq!(fast, slow, "{game}/{ply}");
                if fast.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(v, fast[(seed >> 33) as usize % fast.len()]);
            }
        }
        assert!(observed > 500, "too few observations: {observed}");
    }

    /// The legal moves of the filtered chess of
    /// [`observations_after_a_move_agree_with_the_board_it_leaves`] agree
    /// with the filter judged by its node alone and through every filter.
    #[test]
    fn a_sole_observation_filter_is_judged_alone() {
        let v = variant(r#""moves only if not after observed(any not royal by enemy same kind)""#);
        agree_along_random_games(&v, 0x501e);
    }

    /// A variant without filters keeps the board's attacks; one with
    /// filters reads them through the filters.
    #[test]
    fn the_attack_path_is_chosen_at_load() {
        let plain = Variant::load("chess").unwrap();
        assert!(!plain.has_move_filters() && !plain.programs.filters.any());
        let filtered = variant(r#""moves only if same square colour""#);
        assert!(filtered.has_move_filters());
        // A knight never keeps its square colour: b1 attacks c3 only on
        // the board.
        let g = filtered.geometry;
        let knight = Kind::from_index(filtered.pieces().iter().position(|p| p.letter == 'N').unwrap());
        let mut mono = Position::empty(g);
        mono.set(
            &filtered,
            g.parse_square("b1").unwrap(),
            Cell::piece(knight, Color::White),
        );
        let c3 = g.parse_square("c3").unwrap();
        assert!(plain.is_attacked(&mono, c3, Color::White));
        assert!(!filtered.is_attacked(&mono, c3, Color::White));
    }

    /// Filters of origin and target alone are a table of targets per
    /// origin that says what the nodes say; a filter that reads more, or
    /// judges captures only, leaves no table.
    #[test]
    fn square_filters_are_a_table() {
        let v = variant(r#""moves only if same square colour", "moves only if not leaves cell(2, 2)""#);
        let (g, light) = (v.geometry, &v.programs.light);
        let f = &v.programs.filters;
        assert_eq!(f.pass_squares.len(), g.squares());
        let cell = |s: crate::base::square::Square| (g.file(s) / 2, g.rank(s) / 2);
        for from in crate::base::square::Square::all(g.squares()) {
            for to in crate::base::square::Square::all(g.squares()) {
                let expected = light.contains(from) == light.contains(to) && cell(from) == cell(to);
                assert_eq!(f.pass_squares[from.index()].contains(to), expected, "{from:?} {to:?}");
            }
        }
        for more in [
            r#""moves only if royal(mover) or same square colour""#,
            r#""captures only if same square colour""#,
            r#""moves only if same square colour", "moves only if not observed(mover by enemy same kind)""#,
        ] {
            assert!(variant(more).programs.filters.pass_squares.is_empty(), "{more}");
        }
    }
}
