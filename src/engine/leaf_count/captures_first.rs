//! Perft's last ply where `captures are compulsory` alone judges moves
//! (`Programs::captures_alone_judge`): every move a piece may make is
//! legal, except that a side that can capture must. One pass over the
//! side's pieces counts their captures and their quiet moves apart, by
//! sets where it can (step kinds such as pawns a whole kind at once, as
//! `step_kinds.rs` does; plain leaps and rides a word per piece, as
//! `plain_word.rs` does; any other piece through the general generator),
//! and lists only the moves that are not counted as they are (promotions,
//! en passant, castling, drops). The count is the captures where there
//! are any, else every move: the length of the legal list.

use super::each_square;
use super::step_kinds::StepSink;
use crate::base::piece::{Kind, MAX_KINDS};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::engine::movegen::MoveSink;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;

impl Variant {
    /// How many legal moves the side to move has where
    /// `captures are compulsory` alone judges moves: the length of
    /// [`generate_legal`](Self::generate_legal)'s list, with `listed` as
    /// the buffer for the moves not counted as they are.
    #[inline(never)]
    pub(super) fn count_captures_first(&self, pos: &Position, listed: &mut Vec<Move>) -> u64 {
        listed.clear();
        if self.ended_by_rule(pos).is_some() {
            return 0;
        }
        let us = pos.side;
        let empty = pos.empty_squares(&self.programs.all);
        let enemy = pos.occupied[us.flip() as usize];
        let mut counter = SplitCounter {
            captures: 0,
            quiet: 0,
            listed,
        };
        let rest = self.count_step_kinds(pos, us, pos.occupied[us as usize], &empty, &enemy, &mut counter);
        if self.moves.board_squares <= 64 {
            let (empty, enemy) = (empty.0[0], enemy.0[0]);
            let mut words = WordKinds::default();
            each_square(&rest, |from| {
                let kind = pos.board[from.index()].kind();
                if words.of(self, kind, us)
                    && let Some((captures, quiet)) = self.plain_word_moves(kind, us, from, empty, enemy, 0)
                {
                    counter.captures += u64::from(captures);
                    counter.quiet += u64::from(quiet);
                    return;
                }
                self.generate_piece(pos, from, us, true, &mut counter);
            });
        } else {
            each_square(&rest, |from| self.generate_piece(pos, from, us, true, &mut counter));
        }
        let SplitCounter {
            captures,
            quiet,
            listed,
        } = counter;
        if self.may_move_not_by_pieces(pos) {
            self.generate_not_by_pieces(pos, listed);
        }
        let captures = captures + listed.iter().filter(|mv| mv.is_capture()).count() as u64;
        if captures > 0 {
            captures
        } else {
            quiet + listed.len() as u64
        }
    }
}

/// Per kind of the side to move, worked out at its first piece: whether
/// its pieces may be counted in words (`Variant::counts_in_words`).
#[derive(Default)]
struct WordKinds {
    known: u32,
    words: u32,
}

impl WordKinds {
    #[inline(always)]
    fn of(&mut self, variant: &Variant, kind: Kind, us: Color) -> bool {
        let bit = 1u32 << (kind.index() % MAX_KINDS);
        if self.known & bit == 0 {
            self.known |= bit;
            if variant.counts_in_words(kind, us) {
                self.words |= bit;
            }
        }
        self.words & bit != 0
    }
}

/// A [`MoveSink`] that counts the captures and the quiet moves (double
/// steps among them) apart, and lists the rest: promotions and en passant.
struct SplitCounter<'a> {
    captures: u64,
    quiet: u64,
    listed: &'a mut Vec<Move>,
}

impl MoveSink for SplitCounter<'_> {
    #[inline(always)]
    fn take(
        &mut self,
        variant: &Variant,
        pos: &Position,
        promotes_on: &SquareSet,
        kind: Kind,
        us: Color,
        from: Square,
        to: Square,
        move_kind: MoveKind,
    ) {
        if self.counts(move_kind) && !promotes_on.contains(to) {
            self.add(move_kind, 1);
        } else {
            variant.push_with(pos, self.listed, promotes_on, kind, us, from, to, move_kind);
        }
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.listed
    }
}

impl StepSink for SplitCounter<'_> {
    const INDEXED: bool = true;

    #[inline(always)]
    fn counts(&self, move_kind: MoveKind) -> bool {
        matches!(move_kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
    }

    #[inline(always)]
    fn add(&mut self, move_kind: MoveKind, n: u64) {
        // Without a branch: the kinds alternate.
        let capture = u64::from(move_kind == MoveKind::Capture);
        self.captures += n * capture;
        self.quiet += n * (1 - capture);
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::perft::Perft;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Chess where captures are compulsory and the king is an ordinary
    /// piece (promotion to it allowed): a side left with no piece, or no
    /// move, wins. `name`, `board`, `pieces` (beyond the pawn and the
    /// king), `start` and `promotion` as given.
    fn giveaway(name: &str, board: &str, pieces: &str, start: &str, promotion: &str) -> String {
        format!(
            r#"(
            extends: "chess",
            name: "{name}",
            board: {board},
            pieces: [
                (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", pawn: true, value: 100),
                (letter: 'K', name: "king", moves: "K", value: 300),
                {pieces}
            ],
            start: "{start}",
            promotion: {promotion},
            castling: [],
            legal: ["captures are compulsory"],
            end: ["count(own) == 0: win", "stalemate: win", "50 moves: draw", "3 repetitions: draw"],
        )"#
        )
    }

    /// The rules the captures-first count takes: plain pieces; pieces the
    /// word count leaves to the general generator (a knight rider, a cannon
    /// that hops to capture, a silver that promotes); and a board of more
    /// than 64 squares (sets of four words) with a bishop-knight.
    fn variants() -> Vec<Variant> {
        let plain = r#"(letter: 'N', name: "knight", moves: "N", value: 300),
                (letter: 'B', name: "bishop", moves: "B", value: 300),
                (letter: 'R', name: "rook", moves: "R", value: 500),
                (letter: 'Q', name: "queen", moves: "Q", value: 900),"#;
        let hoppers = r#"(letter: 'N', name: "knight rider", moves: "NN", value: 300),
                (letter: 'B', name: "cannon", moves: "mRcpR", value: 300),
                (letter: 'S', name: "silver", moves: "fFfW", value: 300),
                (letter: 'R', name: "rook", moves: "R", value: 500),
                (letter: 'Q', name: "queen", moves: "Q", value: 900),"#;
        let wide = format!(r#"{plain} (letter: 'A', name: "bishop-knight", moves: "BN", value: 700),"#);
        let texts = [
            giveaway(
                "Giveaway",
                "(files: 8, ranks: 8)",
                plain,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                r#"(pieces: "P", ranks: [8], choices: "QRBNK")"#,
            ),
            giveaway(
                "Hopping giveaway",
                "(files: 8, ranks: 8)",
                hoppers,
                "rnbqkbns/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNS w - - 0 1",
                r#"(pieces: "PS", ranks: [8], choices: "QRBNK")"#,
            ),
            giveaway(
                "Wide giveaway",
                "(files: 10, ranks: 8)",
                &wide,
                "rnbqkabnrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKABNRR w - - 0 1",
                r#"(pieces: "P", ranks: [8], choices: "QRBNKA")"#,
            ),
        ];
        (texts.iter())
            .map(|text| {
                let variant = Variant::from_text("giveaway.ron", text).unwrap();
                assert!(variant.programs.captures_alone_judge, "{}", variant.name);
                variant
            })
            .collect()
    }

    /// Along seeded random games (both sides to move), the last ply
    /// counted by sets equals the legal list's length and the general
    /// count (the same variant with `captures_alone_judge` off), and so
    /// do perft 2's counts; and the end rules read from the table of
    /// which sides have pieces (`royal_ends` with `ends_read_pieces`) end the same positions as
    /// the interpreter.
    #[test]
    fn captures_first_counts_agree_with_the_general_path() {
        for fast in variants() {
            // `count(own) == 0` is read from a table.
            assert!(fast.programs.ends_read_pieces, "{}", fast.name);
            let mut slow = fast.clone();
            slow.programs.captures_alone_judge = false;
            slow.programs.royal_ends = None;
            let mut rng = ChaCha8Rng::seed_from_u64(40);
            let (mut listed, mut perft) = (Vec::new(), Perft::new());
            let (mut positions, mut with_captures, mut ended) = (0, 0, 0);
            for game in 0..30 {
                let mut pos: Position = fast.start_position();
                for ply in 0..100 {
                    let moves = fast.legal_moves(&pos);
                    let counted = fast.count_legal(&pos, &mut listed);
                    let at = format!("{}: game {game}, ply {ply}", fast.name);
                    assert_eq!(counted, moves.len() as u64, "{at}");
                    assert_eq!(counted, slow.count_legal(&pos, &mut listed), "{at}");
                    assert_eq!(perft.count(&fast, &pos, 2), perft.count(&slow, &pos, 2), "{at}");
                    assert_eq!(fast.ended_by_rule(&pos), slow.ended_by_rule(&pos), "{at}");
                    positions += 1;
                    ended += usize::from(fast.ended_by_rule(&pos).is_some());
                    with_captures += usize::from(moves.iter().any(|mv| mv.is_capture()));
                    if moves.is_empty() {
                        break;
                    }
                    pos.make(&fast, moves[rng.random_range(0..moves.len())]);
                }
            }
            assert!(
                positions > 1000 && with_captures > 300 && ended > 0,
                "{}: {positions}, {with_captures}, {ended}",
                fast.name
            );
        }
    }
}
