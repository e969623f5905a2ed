//! Actions that perft's last ply counts with their piece's own moves,
//! worked out at load. Where no clause judges a move, an action's moves
//! are its targets; for some actions those follow from the piece's own
//! move geometry (its leaps and rides, whatever their flags), so one walk
//! of the piece's own slot counts them too:
//!
//! * a template with the same leaps and rides as the piece's own, every
//!   one of them moving (`m`) or capturing (`c`) alike: the empty squares
//!   the piece's lines reach, or the enemy pieces that end them;
//! * `first(origin, T)` where `T`'s rays are the piece's own leaps and
//!   rides: the pieces that end them;
//! * aimed at its own square (`origin`): one move.
//!
//! Only actions with no condition, no `once`, no compulsion, no choice and
//! no promotion qualify, of a kind that promotes nowhere (for one that
//! moves the piece).

use super::Variant;
use super::ir::{CompiledAction, NamedSet, Programs, SetNode};
use super::promotion_table::PromotionTable;
use super::tables::{CAPTURE, MoveTables, QUIET};
use crate::base::piece::Kind;
use crate::base::square::{Color, Square};

/// What one kind's shared actions add to each count of its piece's own
/// slot, and which of its actions they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SharedActions {
    /// Actions counted once per piece (aimed at `origin`).
    pub origin: u32,
    /// Actions whose targets are the empty squares the piece's own lines reach.
    pub quiet: u32,
    /// Actions whose targets are the enemy pieces ending them.
    pub capture: u32,
    /// Actions whose targets are the pieces ending them (`first`).
    pub first: u32,
    /// Bit `i`: the `i`-th action of the kind (in
    /// `Programs::owned_actions`) is one of `origin`'s.
    pub origin_mask: u64,
    /// Bit `i`: the `i`-th action is one of `quiet`'s, `capture`'s or `first`'s.
    pub line_mask: u64,
}

/// Per kind, its [`SharedActions`].
#[derive(Clone, Debug, Default)]
pub struct ActionCounts {
    per_kind: Vec<SharedActions>,
}

impl ActionCounts {
    /// Works out each kind's shared actions.
    pub fn build(p: &Programs, moves: &MoveTables, promotion: &PromotionTable, kinds: usize) -> ActionCounts {
        let per_kind = (0..kinds)
            .map(|k| {
                let kind = Kind::from_index(k);
                let owned = p.owned_actions.get(k).map_or(&[][..], Vec::as_slice);
                let mut shared = SharedActions::default();
                if owned.len() > 64 {
                    return shared;
                }
                let promotes = Color::BOTH
                    .iter()
                    .any(|&s| !promotion.zone(kind, s).is_empty() || !promotion.leaving_zone(kind, s).is_empty());
                for (i, &index) in owned.iter().enumerate() {
                    let a = &p.actions[usize::from(index)];
                    if a.owner != Some(kind)
                        || a.when.is_some()
                        || a.once_bit.is_some()
                        || a.compel
                        || a.asks
                        || a.promotes
                        || (promotes && !a.stays)
                    {
                        continue;
                    }
                    let bit = 1u64 << i;
                    if let Some(set) = a.target {
                        match p.sets[set as usize] {
                            SetNode::Named(NamedSet::Origin) => {
                                shared.origin += 1;
                                shared.origin_mask |= bit;
                            }
                            SetNode::First { set, table }
                                if p.sets[set as usize] == SetNode::Named(NamedSet::Origin)
                                    && first_is_own(p, moves, kind, table) =>
                            {
                                shared.first += 1;
                                shared.line_mask |= bit;
                            }
                            _ => {}
                        }
                    } else if let Some(flags) = same_lines(a, moves, kind) {
                        shared.quiet += u32::from(flags & QUIET != 0);
                        shared.capture += u32::from(flags & CAPTURE != 0);
                        shared.line_mask |= bit;
                    }
                }
                shared
            })
            .collect();
        ActionCounts { per_kind }
    }

    /// The shared actions of `kind`.
    #[inline(always)]
    pub fn of(&self, kind: Kind) -> SharedActions {
        self.per_kind.get(kind.index()).copied().unwrap_or_default()
    }
}

impl Variant {
    /// The actions of `kind` that perft's last ply counts with its piece's
    /// own moves (see [`ActionCounts`]).
    #[inline(always)]
    pub(crate) fn shared_actions(&self, kind: Kind) -> SharedActions {
        self.action_counts.of(kind)
    }
}

/// The lines of `kind`'s own slot of `side` on `sq`: its leaps (with
/// their paths) and its rides, each as its squares, sorted.
fn own_lines(t: &MoveTables, index: usize) -> Vec<Vec<Square>> {
    let slot = t.slots[index];
    let mut lines: Vec<Vec<Square>> = t.leaps[slot.leaps as usize..slot.leaps_end as usize]
        .iter()
        .map(|l| {
            let mut line = t.run(l.path, l.path_len).to_vec();
            line.push(l.to);
            line
        })
        .chain(
            t.rides[slot.rides as usize..slot.rides_end as usize]
                .iter()
                .map(|r| t.run(r.ray, r.len).to_vec()),
        )
        .collect();
    lines.sort();
    lines
}

/// Where the action's template has, on every square and for both sides,
/// the same leaps and rides as `kind`'s own moves, all with the same
/// `QUIET`/`CAPTURE` flags and no other: those flags.
fn same_lines(a: &CompiledAction, moves: &MoveTables, kind: Kind) -> Option<u8> {
    let t = a.tables.as_ref()?;
    let mut flags = None;
    for side in Color::BOTH {
        for sq in 0..moves.board_squares {
            let sq = Square::from_index(sq);
            let (own, mine) = (moves.slot_index(kind, side, sq), t.slot_index(Kind::new(0), side, sq));
            let slot = t.slots[mine];
            let all = t.leaps[slot.leaps as usize..slot.leaps_end as usize]
                .iter()
                .map(|l| l.flags)
                .chain(
                    t.rides[slot.rides as usize..slot.rides_end as usize]
                        .iter()
                        .map(|r| r.flags),
                );
            for f in all {
                if f & !(QUIET | CAPTURE) != 0 || *flags.get_or_insert(f) != f {
                    return None;
                }
            }
            if own_lines(moves, own) != own_lines(t, mine) {
                return None;
            }
        }
    }
    flags
}

/// Whether the rays of table `table` of `first(...)` are, on every square
/// and for both sides, `kind`'s own leaps (without a path) and rides.
fn first_is_own(p: &Programs, moves: &MoveTables, kind: Kind, table: u32) -> bool {
    let Some(rays) = p.rays.get(table as usize) else {
        return false;
    };
    Color::BOTH.iter().all(|&side| {
        (0..moves.board_squares).all(|sq| {
            let own = moves.slot_index(kind, side, Square::from_index(sq));
            let slot = moves.slots[own];
            let leaps = &moves.leaps[slot.leaps as usize..slot.leaps_end as usize];
            let mut theirs = rays[side as usize].get(sq).cloned().unwrap_or_default();
            theirs.sort();
            leaps.iter().all(|l| l.path_len == 0) && own_lines(moves, own) == theirs
        })
    })
}
