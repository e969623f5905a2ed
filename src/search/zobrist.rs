//! Zobrist keys: one 64-bit hash per position, covering everything the
//! [`Position`] holds that decides legal moves or the outcome: each
//! square's contents (pieces and blocked squares), the side to move,
//! castling rights, en passant targets and victim, the `captured(...)`
//! counters, the once-per-game actions used, the unmoved pieces castling
//! may carry, the pieces in hand and which pieces promoted (with drops),
//! the squares of pieces holding a right (gating, `right_moves`),
//! and the move-rule clock once it nears the variant's limit.
//!
//! The search computes the key in full at its root only: a child's key
//! is its parent's with what the move changed taken out and put back in
//! ([`Keys::child_key`]), whatever changed it (the move, captures,
//! explosions, placements, walls, changes of side or kind, rights, hands,
//! marks): the two positions are compared, so no effect of the
//! interpreter can be missed.

use crate::base::limits::{MAX_COUNTERS, MAX_HAND_KINDS};
use crate::base::square::{MAX_SQUARES, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{End, Op};
use crate::engine::position::Position;

/// How many plies before the move rule's limit the clock enters the key.
/// Further away, two positions that differ only in their clock share a
/// key, so the table still finds transpositions.
const CLOCK_WINDOW: u32 = 100;

/// The random numbers of the keys, drawn once per variant from a fixed seed.
#[derive(Clone, Debug)]
pub struct Keys {
    /// Per cell byte (0 blocked, `1 + 2 * kind + side` a piece) and square.
    cells: Vec<u64>,
    side: u64,
    castling: [u64; 16],
    ep: [u64; MAX_SQUARES],
    ep_victim: [u64; MAX_SQUARES],
    unmoved: [u64; MAX_SQUARES],
    counters: [u64; MAX_COUNTERS],
    /// Per side, mixed with the number of checks it has given.
    checks: [u64; 2],
    used: [[u64; 16]; 2],
    /// Per side and hand slot, mixed with the number held.
    hands: [[u64; MAX_HAND_KINDS]; 2],
    promoted: [u64; MAX_SQUARES],
    /// Per square, a gating right held there (drawn after the others, so
    /// that the keys of variants without gating stay as they were).
    gates: [u64; MAX_SQUARES],
    /// Whether the variant has drops (then hands and promotions count).
    drops: bool,
    /// Whether the position holds rights (gating, `right_moves`).
    rights: bool,
    clock: u64,
    /// The move rule's limit in plies, if the variant has one.
    clock_limit: Option<u32>,
    /// Whether some effect blocks squares (then the board is scanned for them).
    blocks: bool,
    /// Whether some effect raises shields for some moves (then they count).
    timed_shields: bool,
    /// Whether the variant names marks (then the marks count).
    marks: bool,
}

/// SplitMix64: a small, good generator for fixed tables.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Keys {
    /// The keys for `variant`.
    pub fn new(variant: &Variant) -> Keys {
        let mut state = 0x6B61_626F_6F6D_u64;
        let mut next = || splitmix(&mut state);
        let cells = (0..65 * MAX_SQUARES).map(|_| next()).collect();
        let side = next();
        let castling = std::array::from_fn(|_| next());
        let ep = std::array::from_fn(|_| next());
        let ep_victim = std::array::from_fn(|_| next());
        let unmoved = std::array::from_fn(|_| next());
        let counters = std::array::from_fn(|_| next());
        let used = [std::array::from_fn(|_| next()), std::array::from_fn(|_| next())];
        let clock = next();
        let checks = [next(), next()];
        let hands = [std::array::from_fn(|_| next()), std::array::from_fn(|_| next())];
        let promoted = std::array::from_fn(|_| next());
        let gates = std::array::from_fn(|_| next());
        let programs = &variant.programs;
        let clock_limit = programs.end.iter().find_map(|(end, _)| match *end {
            End::MoveRule(n, _) if n > 0 => Some(2 * n),
            _ => None,
        });
        let rule_ops = programs
            .on_capture
            .iter()
            .chain(&programs.on_arrival)
            .chain(&programs.after_move)
            .flat_map(|r| r.ops.iter());
        let blocks = rule_ops
            .chain(programs.actions.iter().flat_map(|a| a.ops.iter()))
            .any(|op| matches!(op, Op::Block(_) | Op::BlockChosen { .. }));
        Keys {
            cells,
            side,
            castling,
            ep,
            ep_victim,
            unmoved,
            counters,
            checks,
            used,
            hands,
            promoted,
            gates,
            drops: programs.drops.is_some(),
            rights: variant.holds_rights(),
            clock,
            clock_limit,
            blocks,
            timed_shields: programs.timed_shields,
            marks: !programs.marks.is_empty(),
        }
    }

    #[inline]
    fn cell(&self, byte: u8, sq: usize) -> u64 {
        // Blocked (255) takes row 0, a piece its own row.
        let row = if byte == 255 { 0 } else { byte as usize };
        self.cells[row * MAX_SQUARES + sq]
    }

    /// The key of `pos`: its [`Keys::position_key`] with the move-rule
    /// clock near the limit ([`Keys::clock_key`]), for the table.
    #[cfg(test)]
    pub fn key(&self, pos: &Position) -> u64 {
        self.position_key(pos) ^ self.clock_key(pos) ^ history_key(pos)
    }

    /// The key of `pos` without its move-rule clock: what repetition
    /// compares (a position repeats whatever its clock says).
    pub fn position_key(&self, pos: &Position) -> u64 {
        let mut key = 0;
        for side in 0..2 {
            for sq in pos.occupied[side].iter() {
                key ^= self.cell(pos.board[sq.index()].0, sq.index());
            }
        }
        if self.blocks {
            let n = pos.geometry.squares();
            for (sq, cell) in pos.board[..n].iter().enumerate() {
                if cell.0 == 255 {
                    key ^= self.cell(255, sq);
                }
            }
        }
        if pos.side as usize == 1 {
            key ^= self.side;
        }
        key ^= self.castling_key(pos.castling);
        key ^= self.ep_key(pos);
        key ^= squares(&self.unmoved, &pos.unmoved);
        key ^= self.counters_key(&pos.captured);
        key ^= self.checks_key(&pos.checks);
        key ^= self.used_key(&pos.used);
        if self.drops {
            key ^= self.hands_key(&pos.hands) ^ squares(&self.promoted, &pos.promoted);
        }
        if self.rights {
            key ^= squares(&self.gates, &pos.gates);
        }
        if self.marks {
            key ^= marks_key(&pos.marks);
        }
        key ^= recent_key(&pos.recent);
        if self.timed_shields {
            key ^= shields_key(&pos.timed_shields);
        }
        key
    }

    /// The [`Keys::position_key`] of `child`, a position made from
    /// `parent` (by a move, or by passing the turn as a null move),
    /// from `parent_key`, the parent's: the squares whose contents
    /// differ (whatever changed them: the move, captures, explosions,
    /// placements, walls, changes of side or kind) and the other parts
    /// of the position that differ (rights, en passant, counters, hands,
    /// marks, shields...) are taken out and put back in. Equal to the
    /// full computation (unit test `incremental_keys_equal_full_keys`,
    /// and a debug assertion in the search), and cheaper: a
    /// word-by-word comparison of the two boards and of a few fields,
    /// in place of a walk over every piece.
    pub fn child_key(&self, parent: &Position, parent_key: u64, child: &Position) -> u64 {
        self.child_key_with(parent, parent_key, child, |_, _, _| {})
    }

    /// [`Keys::child_key`], calling `on_square(square, before, after)`
    /// for each square whose contents (a cell's byte) differ, in the walk
    /// over the boards the key makes anyway: so other sums kept from the
    /// parent's (the evaluation's) are made in the same walk.
    #[inline]
    pub fn child_key_with(
        &self,
        parent: &Position,
        parent_key: u64,
        child: &Position,
        mut on_square: impl FnMut(usize, u8, u8),
    ) -> u64 {
        let mut key = parent_key;
        super::board_diff::changed_squares(parent, child, |sq, before, after| {
            key ^= self.contents(before, sq) ^ self.contents(after, sq);
            on_square(sq, before, after);
        });
        if parent.side != child.side {
            key ^= self.side;
        }
        if parent.castling != child.castling {
            key ^= self.castling_key(parent.castling) ^ self.castling_key(child.castling);
        }
        if parent.ep_targets != child.ep_targets || parent.ep_victim != child.ep_victim {
            key ^= self.ep_key(parent) ^ self.ep_key(child);
        }
        if parent.unmoved != child.unmoved {
            key ^= squares(&self.unmoved, &parent.unmoved) ^ squares(&self.unmoved, &child.unmoved);
        }
        if parent.captured != child.captured {
            key ^= self.counters_key(&parent.captured) ^ self.counters_key(&child.captured);
        }
        if parent.checks != child.checks {
            key ^= self.checks_key(&parent.checks) ^ self.checks_key(&child.checks);
        }
        if parent.used != child.used {
            key ^= self.used_key(&parent.used) ^ self.used_key(&child.used);
        }
        if self.drops {
            if parent.hands != child.hands {
                key ^= self.hands_key(&parent.hands) ^ self.hands_key(&child.hands);
            }
            if parent.promoted != child.promoted {
                key ^= squares(&self.promoted, &parent.promoted) ^ squares(&self.promoted, &child.promoted);
            }
        }
        if self.rights && parent.gates != child.gates {
            key ^= squares(&self.gates, &parent.gates) ^ squares(&self.gates, &child.gates);
        }
        if self.marks && parent.marks != child.marks {
            key ^= marks_key(&parent.marks) ^ marks_key(&child.marks);
        }
        if parent.recent != child.recent {
            key ^= recent_key(&parent.recent) ^ recent_key(&child.recent);
        }
        if self.timed_shields && parent.timed_shields != child.timed_shields {
            key ^= shields_key(&parent.timed_shields) ^ shields_key(&child.timed_shields);
        }
        key
    }

    /// What a square's contents add to the key: nothing when empty, its
    /// piece's number, and a blocked square's where effects block squares
    /// (as [`Keys::position_key`] counts them).
    #[inline]
    fn contents(&self, byte: u8, sq: usize) -> u64 {
        match byte {
            0 => 0,
            255 if !self.blocks => 0,
            _ => self.cell(byte, sq),
        }
    }

    fn castling_key(&self, mut rights: u16) -> u64 {
        let mut key = 0;
        while rights != 0 {
            key ^= self.castling[rights.trailing_zeros() as usize];
            rights &= rights - 1;
        }
        key
    }

    fn ep_key(&self, pos: &Position) -> u64 {
        if pos.ep_targets.is_empty() {
            0
        } else {
            squares(&self.ep, &pos.ep_targets) ^ self.ep_victim[pos.ep_victim.index()]
        }
    }

    fn counters_key(&self, captured: &[u16; MAX_COUNTERS]) -> u64 {
        let mut key = 0;
        for (i, &count) in captured.iter().enumerate() {
            if count != 0 {
                key ^= self.counters[i]
                    .wrapping_mul(u64::from(count) | 1)
                    .rotate_left(u32::from(count) & 63);
            }
        }
        key
    }

    fn checks_key(&self, checks: &[u8; 2]) -> u64 {
        let mut key = 0;
        for (side, &given) in checks.iter().enumerate() {
            if given != 0 {
                key ^= self.checks[side]
                    .wrapping_mul(u64::from(given) | 1)
                    .rotate_left(u32::from(given) & 63);
            }
        }
        key
    }

    fn used_key(&self, used: &[u16; 2]) -> u64 {
        let mut key = 0;
        for (side, &bits) in used.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                key ^= self.used[side][bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        key
    }

    fn hands_key(&self, hands: &[[u8; MAX_HAND_KINDS]; 2]) -> u64 {
        let mut key = 0;
        for (side, held) in hands.iter().enumerate() {
            for (slot, &n) in held.iter().enumerate() {
                if n != 0 {
                    key ^= self.hands[side][slot]
                        .wrapping_mul(u64::from(n) | 1)
                        .rotate_left(u32::from(n) & 63);
                }
            }
        }
        key
    }

    /// The clock's part of [`Keys::key`]: 0 further than [`CLOCK_WINDOW`]
    /// plies from the move rule's limit.
    pub fn clock_key(&self, pos: &Position) -> u64 {
        match self.clock_limit {
            Some(limit) if pos.halfmove + CLOCK_WINDOW >= limit => {
                let mut s = self.clock ^ u64::from(pos.halfmove);
                splitmix(&mut s)
            }
            _ => 0,
        }
    }
}

/// The part of the table's key that says how the position was reached:
/// the `since(...)` bits of each side (0 where none is set). Repetition
/// leaves it out ([`Keys::position_key`]), as Fairy-Stockfish's key leaves
/// out its series of checks; the table keeps positions whose end rules
/// would judge a mate below them differently apart.
pub fn history_key(pos: &Position) -> u64 {
    let [white, black] = pos.since.0;
    if white == 0 && black == 0 {
        return 0;
    }
    let mut state = 0x7369_6E63_6500_0000_u64 ^ (u64::from(white) | u64::from(black) << 8);
    splitmix(&mut state)
}

/// The last move's part of a key, where a rule reads it (`last(...)`):
/// its action and squares.
fn recent_key(recent: &crate::engine::recent::Recent) -> u64 {
    let Some(action) = recent.action else {
        return 0;
    };
    let mut state = 0x6C61_7374_u64
        ^ (u64::from(action.get()) << 32 | (recent.from.index() as u64) << 16 | recent.to.index() as u64);
    splitmix(&mut state)
}

/// The timed shields' part of a key: each shield in force, by its
/// squares, effects, moves left and slot.
fn shields_key(shields: &crate::engine::timed_shields::TimedShields) -> u64 {
    let mut key = 0;
    for (slot, s) in shields.active().enumerate() {
        let mut state = (s.squares.0.iter()).fold(0x7368_6965_6C64_u64 ^ slot as u64, |h, &w| h.rotate_left(17) ^ w)
            ^ (u64::from(s.against) << 8 | u64::from(s.left)) << 48;
        key ^= splitmix(&mut state);
    }
    key
}

/// The marks' part of a key: each mark's squares, and each timer in
/// force by its squares, mark, moves left and slot.
fn marks_key(marks: &crate::engine::marks::Marks) -> u64 {
    let mut key = 0;
    for (i, on) in marks.on.iter().enumerate() {
        if !on.is_empty() {
            let mut state = (on.0.iter()).fold(0x6D61_726B_u64 ^ i as u64, |h, &w| h.rotate_left(19) ^ w);
            key ^= splitmix(&mut state);
        }
    }
    for (slot, t) in marks.active().enumerate() {
        let mut state = (t.squares.0.iter()).fold(0x7469_6D65_u64 ^ slot as u64, |h, &w| h.rotate_left(23) ^ w)
            ^ (u64::from(t.mark) << 8 | u64::from(t.left)) << 48;
        key ^= splitmix(&mut state);
    }
    key
}

fn squares(keys: &[u64; MAX_SQUARES], set: &SquareSet) -> u64 {
    set.iter().fold(0, |k, sq| k ^ keys[sq.index()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::Move;
    use rand::{RngExt, SeedableRng};

    /// Along random games of every bundled variant: equal positions have
    /// equal keys (a position rebuilt from its own FEN), and a move changes
    /// the key.
    #[test]
    fn keys_follow_random_games_in_every_bundled_variant() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for name in super::super::tests_support::bundled_variant_names() {
            let variant = Variant::load(&name).unwrap();
            let keys = Keys::new(&variant);
            for _game in 0..4 {
                let mut pos = variant.start_position();
                let mut moves: Vec<Move> = Vec::new();
                for _ply in 0..80 {
                    let key = keys.key(&pos);
                    let copy = pos.clone();
                    assert_eq!(key, keys.key(&copy));
                    let reread = crate::notation::fen::parse(&variant, &crate::notation::fen::write(&variant, &pos));
                    if let Ok(reread) = reread
                        && reread == pos
                    {
                        assert_eq!(keys.key(&reread), key, "{name}: equal positions, different keys");
                    }
                    variant.generate_legal(&pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    pos.make(&variant, mv);
                    assert_ne!(keys.key(&pos), key, "{name}: a move left the key unchanged");
                }
            }
        }
    }

    /// Along random games of every bundled variant, the fairy ones
    /// included (captures, explosions, placements, walls, changes of side
    /// and kind, hands, marks, shields): the key made from the parent's
    /// and the changes equals the key computed in full, after every move
    /// and after passing the turn as the null move does.
    #[test]
    fn incremental_keys_equal_full_keys() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/fairy");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.path().to_str().map(str::to_string))
            .filter(|p| p.ends_with(".ron"))
            .collect();
        files.sort();
        let names = super::super::tests_support::bundled_variant_names();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut checked = 0;
        for name in names.iter().chain(&files) {
            let variant = Variant::load(name).unwrap();
            let keys = Keys::new(&variant);
            for _game in 0..6 {
                let mut pos = variant.start_position();
                let mut key = keys.position_key(&pos);
                let mut moves: Vec<Move> = Vec::new();
                for ply in 0..120 {
                    assert_eq!(key, keys.position_key(&pos), "{name}: ply {ply}");
                    let mut null = pos.clone();
                    null.side = pos.side.flip();
                    null.ep_targets = SquareSet::EMPTY;
                    null.ep_victim = crate::base::square::Square::new(0);
                    assert_eq!(
                        keys.child_key(&pos, key, &null),
                        keys.position_key(&null),
                        "{name}: null move"
                    );
                    variant.generate_legal(&pos, &mut moves);
                    if moves.is_empty() || variant.ended_by_rule(&pos).is_some() {
                        break;
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    let mut child = pos.clone();
                    child.make(&variant, mv);
                    key = keys.child_key(&pos, key, &child);
                    pos = child;
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked} moves checked");
    }
}
