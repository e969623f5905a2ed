//! Moves judged unplayed where one placement removes what it lands on
//! (`place(captured, home, else remove)`) and its landing squares are
//! tabled at load (`Programs::removal_judged`): the board a quiet move or
//! a capture leaves, its captured piece put where it lands, is read
//! through the attack test as a function of the squares, with no copy of
//! the position and no effect run.

use super::SafeMoves;
use crate::base::piece::Cell;
use crate::base::square::Square;
use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl SafeMoves {
    /// Whether `mv` passes the legality clauses, where that is known
    /// without playing it (see `Programs::removal_judged`): a quiet move,
    /// double step or capture (not en passant, a promotion that makes or
    /// unmakes a royal piece, a capture whose piece lands on its own
    /// square), with the side to move's one royal piece on
    /// `landing_royal`. The move is legal when the captured piece does
    /// not land on that royal piece (which it would remove) and, on the
    /// board the move leaves, no enemy piece attacks the royal piece nor
    /// a piece of its side whose capture would land on it. A quiet move
    /// of a piece not royal is left to [`allows`](Self::allows) where no
    /// piece of the side lands on the royal piece (`landing_exact`
    /// false): there the attack tables alone decide. `None`: not known.
    #[inline]
    pub(in crate::engine) fn judged_by_landings(&self, variant: &Variant, pos: &Position, mv: &Move) -> Option<bool> {
        let royal = self.landing_royal?;
        self.judge_by_landings(variant, pos, mv, royal)
    }

    /// [`judged_by_landings`](Self::judged_by_landings) for the royal
    /// piece on `royal`; kept out of line, so that the variants without
    /// such a placement pay one test.
    #[inline(never)]
    fn judge_by_landings(&self, variant: &Variant, pos: &Position, mv: &Move, royal: Square) -> Option<bool> {
        let landings = variant.programs.removal_landings.as_ref()?;
        if !matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
            || mv.controller.is_some()
            || !mv.choices.is_empty()
        {
            return None;
        }
        let royal_moves = mv.from == royal;
        if !royal_moves && !self.landing_exact && mv.kind != MoveKind::Capture {
            return None;
        }
        let us = pos.side;
        let them = self.them;
        let mover = pos.cell(mv.from);
        let moved = mv.promotion.map_or(mover, |k| Cell::piece(k, us));
        if variant.is_royal(moved.kind()) != royal_moves {
            return None;
        }
        let royal_after = if royal_moves { mv.to } else { royal };
        // Where the captured piece lands, if it is put anywhere: not a
        // royal piece (a placement that spares them), nor on a wall.
        let mut landed: Option<(Square, Cell)> = None;
        if mv.kind == MoveKind::Capture {
            let captured = pos.cell(mv.to);
            let at = (landings.landing.get(captured.kind().index()))
                .and_then(|sides| sides[captured.color() as usize][mv.to.index()]);
            if let Some(h) = at.filter(|_| !variant.is_royal(captured.kind())) {
                if h == mv.to {
                    // It lands under its capturer, removing it.
                    return None;
                }
                if h == royal_after {
                    return Some(false);
                }
                let there = pos.cell(h);
                if there.is_empty() || there.is_piece() || h == mv.from {
                    landed = Some((h, captured));
                }
            }
        }
        let cell = |s: Square| -> Cell {
            match landed {
                Some((h, piece)) if s == h => piece,
                _ if s == mv.to => moved,
                _ if s == mv.from => Cell::EMPTY,
                _ => pos.board[s.index()],
            }
        };
        let mut theirs = pos.occupied[them as usize];
        theirs.remove(mv.to);
        let mut ours = pos.occupied[us as usize];
        ours.remove(mv.from);
        ours.insert(mv.to);
        if let Some((h, _)) = landed {
            theirs.insert(h);
            ours.remove(h);
        }
        if variant.attacked(cell, &theirs, royal_after, them) {
            return Some(false);
        }
        let exposed = landings.sources[us as usize][royal_after.index()].intersection(&ours);
        let safe = exposed
            .iter()
            .all(|y| !landings.lands(cell(y), y, royal_after) || !variant.attacked(cell, &theirs, y, them));
        Some(safe)
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use crate::engine::perft::Perft;
    use crate::engine::position::Position;

    /// Chess where a captured piece lands on `base` (a `place` square),
    /// removing what stands there, from `start`.
    fn removing(base: &str, start: &str) -> Variant {
        let text = format!(
            r#"(extends: "chess", name: "Landing", start: "{start}", {castling}
                rules: ["on capture: place(captured, {base}, else remove)"],
                legal: ["own royal survives", "own royal not attacked"])"#,
            castling = if start == START { "" } else { "castling: []," },
        );
        Variant::from_text("landing.ron", &text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// On every position of some random games, the moves judged by the
    /// landing table are the moves judged by playing each one (the
    /// shortcut switched off), and perft 2 counts alike on some of them.
    fn judged_equals_played(fast: &Variant, games: u64, plies: usize) -> usize {
        assert!(fast.programs.removal_judged, "{}", fast.name);
        let mut slow = fast.clone();
        slow.programs.removal_judged = false;
        let mut perft = Perft::new();
        let mut seed = 0x1a4d_u64 ^ games;
        let mut captures = 0;
        for game in 0..games {
            let mut pos: Position = fast.start_position();
            for ply in 0..plies {
                let moves: Vec<Move> = fast.legal_moves(&pos);
                assert_eq!(moves, slow.legal_moves(&pos), "game {game}, ply {ply}");
                if ply % 5 == 2 {
                    assert_eq!(
                        perft.count(fast, &pos, 2),
                        perft.count(&slow, &pos, 2),
                        "game {game}, ply {ply}"
                    );
                }
                assert_eq!(perft.count(fast, &pos, 1), moves.len() as u64, "game {game}, ply {ply}");
                captures += moves.iter().filter(|m| m.is_capture()).count();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(fast, moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        captures
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// Both kings castled short, on their knights' game-array squares.
    const CASTLED: &str = "rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 0 1";
    /// Kings on their queens' game-array squares, few pieces: many
    /// captures, many pieces that would land on a king.
    const OPEN: &str = "r2k3r/1p3pp1/2n1b3/p2pp2p/P2PP2P/2N1B3/1P3PP1/R2K3R w - - 0 1";

    #[test]
    fn moves_judged_by_landings_match_played_ones() {
        let mut captures = 0;
        for base in ["home", "mirror home", "home rank"] {
            for start in [START, CASTLED, OPEN] {
                captures += judged_equals_played(&removing(base, start), 6, 50);
            }
        }
        assert!(captures > 500, "too few captures: {captures}");
    }

    /// Placements the table cannot follow, other rules, or clauses
    /// beyond the royal pieces' safety leave every move to be played.
    #[test]
    fn other_rules_are_played() {
        for (rules, legal) in [
            (
                "\"on capture: place(captured, home, else remove)\", \"on capture: remove(adjacent(target))\"",
                "",
            ),
            ("\"on capture: place(captured, home)\"", ""),
            (
                "\"on capture: place(captured, home, else remove)\"",
                ", \"not exists(own Q & ranks(5..8))\"",
            ),
        ] {
            let text = format!(
                r#"(extends: "chess", name: "Played", rules: [{rules}],
                    legal: ["own royal survives", "own royal not attacked"{legal}])"#
            );
            let v = Variant::from_text("played.ron", &text).unwrap_or_else(|e| panic!("{e:?}"));
            assert!(!v.programs.removal_judged, "{rules} / {legal}");
        }
    }
}
