//! Static exchange evaluation: what a capture wins once every capture
//! and recapture on its square has been played, least valuable piece
//! first, each side free to stop. Read from the compiled attack tables
//! (the same that say whether a square is attacked), with pieces taken
//! off the board as they capture, so pieces behind them join in.
//!
//! Only a plain exchange is evaluated: a capture that removes its victim
//! and nothing else. The compiled rules say where captures are plain: no
//! rule fires on captures, arrivals or after moves (explosions, rebirths,
//! changes of side or kind, pushes all come from such rules), no move
//! filter decides which captures are legal, captures are not compulsory
//! (a recapture one may decline), no `captured(...)` counter counts them
//! for a game end, and every piece's material counts for its owner. Per
//! move, a capture that promotes, gates a piece in or moves a compelled
//! piece is not plain either. Where a capture is not plain, there is no
//! exchange value ([`Exchanges::loses`] answers false) and the search
//! orders it by its victim and mover and judges it by playing it. The
//! search asks only whether a capture loses, so the exchange stops as soon
//! as its sign is known ([`Exchanges::loses`]).

use super::eval::Evaluation;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

/// What a royal piece counts for in an exchange: more than any material,
/// so that no side trades its royal piece.
const ROYAL: i32 = 20_000;
/// The longest exchange looked at.
const MAX_SWAPS: usize = 32;

/// Static exchange evaluation for one variant.
#[derive(Clone, Debug)]
pub(crate) struct Exchanges {
    /// Whether the variant's captures are plain exchanges.
    plain: bool,
    /// Per kind, its value in an exchange.
    values: Vec<i32>,
}

impl Exchanges {
    /// The exchange values of `variant`'s pieces, and whether its
    /// captures are plain (see the module's text).
    pub fn new(variant: &Variant, eval: &Evaluation) -> Exchanges {
        let p = &variant.programs;
        let values: Vec<i32> = (0..variant.pieces.len())
            .map(|k| {
                let kind = Kind::from_index(k);
                if variant.is_royal(kind) {
                    ROYAL
                } else {
                    eval.value(kind)
                }
            })
            .collect();
        let plain = p.on_capture.is_empty()
            && p.on_arrival.is_empty()
            && p.after_move.is_empty()
            && !variant.has_move_filters()
            && !p.captures_compulsory
            && p.counters.is_empty()
            && values.iter().all(|&v| v > 0);
        Exchanges { plain, values }
    }

    /// Whether the variant's captures are plain exchanges.
    pub fn plain(&self) -> bool {
        self.plain
    }

    #[inline]
    fn value(&self, cell: Cell) -> i32 {
        self.values.get(cell.kind().index()).copied().unwrap_or(0)
    }

    /// What `mv`, a legal move of `pos`, wins for the side to move once
    /// the exchange on its square is over (in the evaluation's
    /// centipawns): `None` when it is not a plain capture of an enemy
    /// piece (its effects, a promotion, a royal victim: the search plays it
    /// to find out). The general path that [`Exchanges::loses`] is tested
    /// against, and the search's pruning of captures that lose by more
    /// than a margin.
    pub fn gain(&self, variant: &Variant, pos: &Position, mv: &Move) -> Option<i32> {
        let mut gains = [0i32; MAX_SWAPS];
        let d = self.swaps(variant, pos, mv, &mut gains, false)?;
        Some(settle(&mut gains, d))
    }

    /// Whether `mv`, a legal move of `pos`, loses material by static
    /// exchange: [`gain`](Self::gain) below 0 (false where there is no
    /// exchange value). Only the sign is wanted, so the exchange is cut
    /// short where the side to capture next stands to lose whether it
    /// captures or not: no later capture changes the sign.
    pub fn loses(&self, variant: &Variant, pos: &Position, mv: &Move) -> bool {
        let mut gains = [0i32; MAX_SWAPS];
        self.swaps(variant, pos, mv, &mut gains, true)
            .is_some_and(|d| settle(&mut gains, d) < 0)
    }

    /// Plays the exchange out, least valuable capturer first, into
    /// `gains` (entry `d`: the balance of the side making capture `d` if
    /// the exchange stopped there); returns how many captures followed
    /// the first, or `None` where `mv` is no plain capture. With `cut`,
    /// stops where the next capture would leave its side behind and not
    /// capturing leaves it behind too (both balances below 0): the
    /// capture is then entered as if it were possible, which gives the
    /// sign of the result whether it is or not, and whatever follows it
    /// (a later capture only lowers that side's balance, still below 0).
    fn swaps(
        &self,
        variant: &Variant,
        pos: &Position,
        mv: &Move,
        gains: &mut [i32; MAX_SWAPS],
        cut: bool,
    ) -> Option<usize> {
        if !self.plain
            || mv.kind != MoveKind::Capture
            || mv.promotion.is_some()
            || mv.gate.is_some()
            || mv.controller.is_some()
        {
            return None;
        }
        let us = pos.side;
        let (mover, victim) = (pos.board[mv.from.index()], pos.board[mv.to.index()]);
        if !mover.is_side(us) || !victim.is_side(us.flip()) || variant.is_royal(victim.kind()) {
            return None;
        }
        gains[0] = self.value(victim);
        let mut standing = mover;
        let mut gone = SquareSet::EMPTY;
        gone.insert(mv.from);
        let mut side = us.flip();
        let mut d = 0;
        while d + 1 < MAX_SWAPS {
            // Side `d + 1` takes the piece standing there: its balance if
            // the exchange stopped there.
            let next = self.value(standing) - gains[d];
            if cut && (-gains[d]).max(next) < 0 {
                gains[d + 1] = next;
                return Some(d + 1);
            }
            let Some((from, piece)) = self.least_attacker(variant, pos, mv.to, side, &gone, standing) else {
                break;
            };
            d += 1;
            gains[d] = next;
            standing = piece;
            gone.insert(from);
            side = side.flip();
        }
        Some(d)
    }

    /// The least valuable piece of `side` that could capture on `target`
    /// on the board where the squares `gone` are empty and `standing`
    /// stands on `target`: its square and piece.
    fn least_attacker(
        &self,
        variant: &Variant,
        pos: &Position,
        target: Square,
        side: Color,
        gone: &SquareSet,
        standing: Cell,
    ) -> Option<(Square, Cell)> {
        let best: std::cell::Cell<Option<(i32, Square, Cell)>> = std::cell::Cell::new(None);
        let cell = |s: Square| {
            if s == target {
                standing
            } else if gone.contains(s) {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        // Every attacker is offered and refused, so all are seen.
        variant.attacked_on_board(cell, &pos.occupied[side as usize], target, side, None, |from, piece| {
            let value = self.value(piece);
            if best.get().is_none_or(|(v, _, _)| value < v) {
                best.set(Some((value, from, piece)));
            }
            false
        });
        best.get().map(|(_, from, piece)| (from, piece))
    }
}

/// The exchange's result for the side that began it, from the balances
/// of its `d + 1` captures: each side, from the last capture back,
/// captures only when that beats stopping.
fn settle(gains: &mut [i32; MAX_SWAPS], mut d: usize) -> i32 {
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chess with one capture effect: every capture also clears the
    /// capture square's neighbours.
    const EXPLODING: &str = r#"(
        extends: "chess",
        name: "Exploding captures",
        rules: ["on capture: blast(target, 1, sparing any P); remove(target)"],
    )"#;

    fn gain(variant: &str, fen: &str, uci: &str) -> Option<i32> {
        let variant = if variant == "exploding" {
            Variant::from_text("exploding.ron", EXPLODING).unwrap()
        } else {
            Variant::load(variant).unwrap()
        };
        let pos = crate::notation::fen::parse(&variant, fen).unwrap();
        let mv = crate::notation::uci::parse(&variant, &pos, uci).unwrap();
        let eval = Evaluation::new(&variant);
        Exchanges::new(&variant, &eval).gain(&variant, &pos, &mv)
    }

    #[test]
    fn exchanges_in_chess() {
        let chess = Variant::load("chess").unwrap();
        let eval = Evaluation::new(&chess);
        let value = |c: char| eval.value(chess.kind_of_letter(c).unwrap());
        let (pawn, knight, rook, queen) = (value('P'), value('N'), value('R'), value('Q'));
        // An undefended pawn: won.
        assert_eq!(gain("chess", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), Some(pawn));
        // A pawn defended by a pawn, taken by the queen: the queen is lost.
        assert_eq!(
            gain("chess", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            Some(pawn - queen)
        );
        // Rook takes a knight defended by a rook, with a second rook
        // behind the first (an x-ray): rook for knight and rook.
        assert_eq!(
            gain("chess", "3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            Some(knight - rook + rook)
        );
        // A defended pawn taken by a pawn: pawn for pawn.
        assert_eq!(gain("chess", "4k3/8/4p3/3p4/2P5/8/8/4K3 w - - 0 1", "c4d5"), Some(0));
        // A pawn defended by the king alone, with a queen behind the
        // rook: the king may not take back.
        assert_eq!(gain("chess", "8/8/4k3/3p4/8/8/3R4/3QK3 w - - 0 1", "d2d5"), Some(pawn));
        // Defended by the king only: the queen is lost to it.
        assert_eq!(
            gain("chess", "8/8/4k3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            Some(pawn - queen)
        );
    }

    #[test]
    fn captures_with_effects_have_no_exchange_value() {
        // A capture that explodes is no plain exchange.
        assert_eq!(gain("exploding", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), None);
        assert!(gain("chess", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5").is_some());
    }

    /// Along seeded random games of variants whose captures are plain
    /// (chess, a larger board, captures into the hand, checks counted),
    /// both sides: for every capture, `loses` (the exchange cut short
    /// once its sign is known) says what the whole exchange says.
    #[test]
    fn the_exchange_cut_short_has_the_whole_exchanges_sign() {
        use rand::{RngExt as _, SeedableRng as _};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let (mut judged, mut losing) = (0, 0);
        let mut moves = Vec::new();
        // Every bundled variant whose captures are plain exchanges.
        for name in super::super::tests_support::bundled_variant_names() {
            let name = name.as_str();
            let variant = Variant::load(name).unwrap();
            let exchanges = Exchanges::new(&variant, &Evaluation::new(&variant));
            if !exchanges.plain() {
                continue;
            }
            for _game in 0..12 {
                let mut pos = variant.start_position();
                for _ply in 0..120 {
                    variant.generate_legal(&pos, &mut moves);
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    for mv in &moves {
                        let Some(gain) = exchanges.gain(&variant, &pos, mv) else {
                            assert!(!exchanges.loses(&variant, &pos, mv));
                            continue;
                        };
                        assert_eq!(exchanges.loses(&variant, &pos, mv), gain < 0, "{name}: {mv:?}");
                        judged += 1;
                        losing += usize::from(gain < 0);
                    }
                    pos.make(&variant, moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(
            judged > 2000 && losing > 500,
            "{judged} captures judged, {losing} losing"
        );
    }
}
