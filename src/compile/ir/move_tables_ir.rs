//! Per-move facts the compiler works out for the engine: where a move's
//! effects may remove pieces (`RemovalReach`), which moves reset the
//! move-rule clock (`ClockResets`) and the bounces around a mover grouped
//! by their steps (`BounceSteps`).

use crate::base::square::{Square, SquareSet};

/// Where the effects of a move may remove pieces, per square of the move:
/// within `around_target[to]` and `around_origin[from]` (each empty when
/// no effect reaches around that square).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RemovalReach {
    /// For each square, the squares an effect centred on the move's
    /// target (or the mover, which stands there) may remove.
    pub around_target: Vec<SquareSet>,
    /// For each square, the squares an effect centred on the move's
    /// origin may remove.
    pub around_origin: Vec<SquareSet>,
}

impl RemovalReach {
    /// The squares the effects of a move from `from` to `to` may remove,
    /// with `from` and `to` themselves.
    #[inline]
    pub fn squares(&self, from: Square, to: Square) -> SquareSet {
        let mut out = self.around_target[to.index()].union(&self.around_origin[from.index()]);
        out.insert(from);
        out.insert(to);
        out
    }
}

/// Which moves reset the move-rule clock (the file's `clock_resets`;
/// docs/format.md, The move-rule clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockResets {
    /// A move that removes a piece from the board.
    pub captures: bool,
    /// A move of a pawn-like piece (`pawn: true`) that it cannot undo, or
    /// a pawn-like piece moved by an effect.
    pub pawn_moves: bool,
    /// A promotion to anything but the mover's promoted form, and no
    /// demotion.
    pub promotions: bool,
    /// A promotion to the mover's promoted form.
    pub promoted_forms: bool,
    /// A drop.
    pub drops: bool,
    /// A pass.
    pub passes: bool,
    /// A side action, when the mover's piece on its lowest occupied square
    /// is pawn-like for it.
    pub first_pawn_actions: bool,
}

/// With direct bounces of the whole reach around the mover
/// (`Programs::bounce_whole_reach`, no promotion on a bounce): the
/// load-time pairs (`Programs::bounce_pairs`) grouped by their steps of
/// square index, so that perft's last ply counts the bounces after many
/// moves at once by moving the board's sets. Empty otherwise.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BounceSteps {
    /// The groups: a pair of the mover on `m` is `(m + piece, m + dest)`.
    pub classes: Vec<BounceClass>,
    /// For each square `s`: the mover squares one of whose pairs names
    /// `s` (as the piece or where it goes). A move from `s` to one of
    /// them changes the pairs it offers (its own piece left, its origin
    /// emptied): its bounces are counted from the mover square's, less
    /// and plus those pairs (see [`by_step`](Self::by_step)).
    pub near: Vec<SquareSet>,
    /// For an origin `d` squares of index from the move's target (`d`
    /// within `span`), at `d + span`: the group whose piece stands there
    /// and the group whose piece goes there ([`BounceSteps::NONE`] where
    /// none, [`BounceSteps::MANY`] where several).
    pub by_step: Vec<[u8; 2]>,
    /// The largest step of any group.
    pub span: i32,
    /// For an origin `d` squares of index from the move's target (`d`
    /// within `span`), at `d + span`: [`by_step`](Self::by_step)'s groups
    /// as indices the count reads without branching: a group that is
    /// absent is [`BounceSteps::NO_SLOT`], whose sets are always empty
    /// (see [`slots`](Self::slots)).
    pub slots: Vec<[u8; 2]>,
}

/// One group of [`BounceSteps`]: the mover squares with the pair of
/// these two steps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BounceClass {
    /// The bounced piece's square less the mover's, in square index.
    pub piece: i32,
    /// Where it goes less the mover's square.
    pub dest: i32,
    /// The mover squares that have this pair.
    pub movers: SquareSet,
}

impl BounceSteps {
    /// The most groups counted by sets; beyond them (a reach over 2 on
    /// most boards) moves are judged one by one.
    pub const MAX_CLASSES: usize = 31;
    /// No group in [`by_step`](Self::by_step).
    pub const NONE: u8 = u8::MAX;
    /// Several groups in [`by_step`](Self::by_step).
    pub const MANY: u8 = u8::MAX - 1;
    /// The slot of no group in [`slots`](Self::slots): one past the most
    /// groups, so that a table of `MAX_CLASSES + 1` sets per group has it.
    pub const NO_SLOT: u8 = Self::MAX_CLASSES as u8;

    /// Groups the pairs `pairs[at[m]..at[m + 1]]` of each mover square
    /// `m` of a board of `n` squares; empty where there are more than
    /// [`MAX_CLASSES`](Self::MAX_CLASSES) groups.
    pub fn build(pairs: &[(Square, Square)], at: &[u32], n: usize) -> BounceSteps {
        let mut classes: Vec<BounceClass> = Vec::new();
        let mut near = vec![SquareSet::EMPTY; n];
        for m in 0..n {
            let mover = Square::from_index(m);
            for &(sq, dest) in &pairs[at[m] as usize..at[m + 1] as usize] {
                near[sq.index()].insert(mover);
                near[dest.index()].insert(mover);
                let (piece, dest) = (sq.index() as i32 - m as i32, dest.index() as i32 - m as i32);
                match classes.iter_mut().find(|c| c.piece == piece && c.dest == dest) {
                    Some(class) => class.movers.insert(mover),
                    None => {
                        let mut movers = SquareSet::EMPTY;
                        movers.insert(mover);
                        classes.push(BounceClass { piece, dest, movers });
                    }
                }
            }
        }
        if classes.len() > Self::MAX_CLASSES {
            return BounceSteps::default();
        }
        let span = classes
            .iter()
            .map(|c| c.piece.abs().max(c.dest.abs()))
            .max()
            .unwrap_or(0);
        let mut by_step = vec![[Self::NONE; 2]; 2 * span as usize + 1];
        for (i, class) in classes.iter().enumerate() {
            for (end, d) in [class.piece, class.dest].into_iter().enumerate() {
                let slot = &mut by_step[(d + span) as usize][end];
                *slot = if *slot == Self::NONE { i as u8 } else { Self::MANY };
            }
        }
        let slots = by_step
            .iter()
            .map(|ends| ends.map(|c| if c == Self::NONE { Self::NO_SLOT } else { c }))
            .collect();
        BounceSteps {
            classes,
            near,
            by_step,
            span,
            slots,
        }
    }

    /// The slots (see [`slots`](Self::slots)) of the group whose piece
    /// stands on an origin `d` squares of index from the move's target and
    /// of the group whose piece may go there; `None` where the steps do
    /// not tell the pairs apart. Beyond `span`, no group.
    #[inline(always)]
    pub fn slots_at(&self, d: i32) -> Option<[usize; 2]> {
        let none = [Self::NO_SLOT; 2];
        let ends = usize::try_from(d + self.span)
            .ok()
            .and_then(|i| self.slots.get(i))
            .unwrap_or(&none);
        (!ends.contains(&Self::MANY)).then(|| ends.map(usize::from))
    }
}
