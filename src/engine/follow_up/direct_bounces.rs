//! Bounces found without playing the move: where the variant's one rule
//! is a bounce away from the mover of the pieces near its landing square,
//! the pieces that could bounce, where they go and whether a bounce leaves
//! a royal piece of the mover attacked are read off the board before it.

use crate::base::piece::Cell;
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::compile::ir::{Op, SetId};
use crate::engine::context::Context;
use crate::engine::moves::{Choice, ChoiceKind, Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::set_ops::intersection;

/// What judging the bounces after plain moves reads once per position.
pub(in crate::engine) struct BounceJudge {
    /// Moves are judged at all (by `keep`).
    judges: bool,
    /// A move that removes no royal piece of the side to move and leaves
    /// none attacked passes the legality clauses.
    decides: bool,
    /// Some legality clause is `own royal not attacked`: without one, with
    /// `decides`, every such move passes.
    check: bool,
    /// The lines of the side to move's one royal piece, when it has one,
    /// no hopper attacks and it is not attacked now.
    lines: Option<RoyalLines>,
    /// How a plain move (a bounce declined) is judged without playing it
    /// (see [`passes_plain`](Self::passes_plain)).
    plain: PlainJudge,
    /// The bounce rule's reach, set and `promote`, read once.
    rule: Option<(u8, SetId, bool)>,
}

/// How [`BounceJudge::passes_plain`] judges a plain move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PlainJudge {
    /// It passes: royal attacks decide and no clause asks about them.
    Passes,
    /// By the royal lines.
    Lines,
    /// It is left to the clauses.
    Unsure,
}

/// The squares around a royal piece through which attacks reach it.
struct RoyalLines {
    royal: Square,
    /// Squares of the attack rays towards it.
    lines: SquareSet,
    /// Squares of lame leaps' paths towards it: emptying one may open an
    /// attack.
    exposure: SquareSet,
    /// Squares leaps to it start from.
    leap_from: SquareSet,
    /// Squares of the rays that hold an enemy piece attacking along them
    /// (the live rays): emptying a square off them opens no attack.
    live: SquareSet,
    /// The live rays among the slot's first 64 (bit `i`: its `i`th ray);
    /// those past the 64th count as live.
    live_rays: u64,
    /// `live` and `exposure`: the squares a plain move may not empty to
    /// be judged without being played.
    guarded: SquareSet,
}

impl BounceJudge {
    /// Reads `pos` for judging its bounces: `judges`, moves are judged by
    /// the legality clauses; `decides`, royal attacks decide them (see
    /// `SafeMoves::royal_attacks_decide`).
    pub(in crate::engine) fn new(variant: &Variant, pos: &Position, judges: bool, decides: bool) -> BounceJudge {
        Self::knowing_attack(variant, pos, judges, decides, None)
    }

    /// [`new`](Self::new), told whether a royal piece of the side to move
    /// is attacked (by the board's attacks, as `SafeMoves` finds it) where
    /// that is known.
    #[inline]
    pub(in crate::engine) fn knowing_attack(
        variant: &Variant,
        pos: &Position,
        judges: bool,
        decides: bool,
        attacked: Option<bool>,
    ) -> BounceJudge {
        let check = variant.has_check();
        let us = pos.side;
        let them = us.flip();
        let royals = pos.royals[us as usize];
        let t = &variant.attacks;
        let lines = (judges
            && decides
            && check
            && royals.len() == 1
            && !t.has_hops
            && !t.has_hop_leaps
            && !variant.pieces.has_limits())
        .then(|| royals.iter().next())
        .flatten()
        .filter(|&royal| !attacked.unwrap_or_else(|| variant.is_attacked(pos, royal, them)))
        .map(|royal| RoyalLines::new(variant, royal, them, live_rays(variant, pos, royal, them)));
        let plain = if !decides || variant.programs.placement_refuses {
            PlainJudge::Unsure
        } else if !check {
            PlainJudge::Passes
        } else if lines.is_some() {
            PlainJudge::Lines
        } else {
            PlainJudge::Unsure
        };
        let rule = match (variant.programs.bounce_reach, variant.programs.after_move.first()) {
            (Some(reach), Some(rule)) => match rule.ops.first() {
                Some(&Op::Bounce { set, promote, .. }) => Some((reach, set, promote)),
                _ => None,
            },
            _ => None,
        };
        BounceJudge {
            judges,
            decides,
            check,
            lines,
            plain,
            rule,
        }
    }
}

/// What decides, with no walk, that a bounce after a plain move is legal
/// (see [`BounceJudge::risks`]).
pub(in crate::engine) struct BounceRisks {
    /// The side to move's one royal piece.
    pub royal: Square,
    /// Squares of the live rays and lame leaps' paths towards it: a move
    /// or bounce that empties one may expose it.
    pub guarded: SquareSet,
    /// Squares of every ray towards it and where its leaps start: an enemy
    /// piece bounced onto one may attack it.
    pub entered: SquareSet,
}

impl BounceJudge {
    /// Where every bounce after a plain move is judged by the royal
    /// lines (moves are judged, royal attacks decide, check exists, the
    /// side has one royal piece, unattacked, and the rule's whole reach
    /// bounces, never promoting): what decides without a walk that the
    /// bounce of the piece on `sq` to `dest` after a plain move from
    /// `from` (not royal) is legal. It is when none of `from` and `sq` is
    /// the royal piece or in `guarded`, and the bounced piece is the
    /// mover's or `dest` is off `entered`; else it is judged by
    /// [`Variant::count_bounces_after`].
    pub(in crate::engine) fn risks(&self, variant: &Variant) -> Option<BounceRisks> {
        let lines = self.lines.as_ref()?;
        let promotes = self.rule.is_none_or(|(_, _, promote)| promote);
        if !(self.judges && self.decides && self.check && variant.programs.bounce_whole_reach) || promotes {
            return None;
        }
        Some(BounceRisks {
            royal: lines.royal,
            guarded: lines.guarded,
            entered: lines.lines.union(&lines.leap_from),
        })
    }
}

impl RoyalLines {
    /// The lines towards the royal piece on `royal` attacked by `them`,
    /// with `live` the live rays' squares and bits (see [`live_rays`]).
    fn new(variant: &Variant, royal: Square, them: Color, live: (SquareSet, u64)) -> RoyalLines {
        let t = &variant.attacks;
        let slot = t.slot(them, royal);
        let mut lines = SquareSet::EMPTY;
        for set in &t.ray_sets[slot.rays as usize..slot.rays_end as usize] {
            lines = lines.union(set);
        }
        let at = t.slot_index(them, royal);
        let leap_from = t.leap_origins[at];
        let (live, live_rays) = live;
        let exposure = t.leap_exposure[at];
        RoyalLines {
            royal,
            lines,
            live,
            live_rays,
            guarded: live.union(&exposure),
            exposure,
            leap_from,
        }
    }

    /// Whether the bounce of the piece on `sq` to `dest` after a plain
    /// move of `us` that empties `from` and `victim` surely leaves this
    /// royal piece (not moved by the move) unattacked, seen without
    /// walking a ray: it is not bounced itself, no emptied square is on a
    /// live ray or a lame leap's path, and a bounced enemy piece lands
    /// where no attack on it starts.
    #[inline(always)]
    fn bounce_surely_safe(
        &self,
        pos: &Position,
        us: Color,
        from: Square,
        victim: Square,
        sq: Square,
        dest: Square,
    ) -> bool {
        sq != self.royal
            && !self.guarded.contains(from)
            && !self.guarded.contains(victim)
            && !self.guarded.contains(sq)
            && (pos.board[sq.index()].is_side(us) || !(self.lines.contains(dest) || self.leap_from.contains(dest)))
    }
}

/// The live rays towards the royal piece on `royal` (those holding a
/// piece of `them` that attacks along them, wherever it stands on them):
/// their squares, and their bits (see [`RoyalLines::live_rays`]).
fn live_rays(variant: &Variant, pos: &Position, royal: Square, them: Color) -> (SquareSet, u64) {
    let t = &variant.attacks;
    let slot = t.slot(them, royal);
    let first = slot.rays as usize;
    let theirs = &pos.occupied[them as usize];
    // On a board of at most 64 squares, one word holds every set.
    let words = if t.board_squares <= 64 { 1 } else { 4 };
    let (mut live, mut bits) = (SquareSet::EMPTY, 0u64);
    for i in first..slot.rays_end as usize {
        let kinds = t.rays[i].kinds;
        // Only their pieces on the ray are read, not its every square.
        let on_ray = &t.ray_sets[i];
        let attacker_on_it = (0..words).any(|w| {
            let mut bits = on_ray.0[w] & theirs.0[w];
            while bits != 0 {
                let s = Square::from_index(w * 64 + bits.trailing_zeros() as usize);
                if kinds.contains(pos.board[s.index()].kind()) {
                    return true;
                }
                bits &= bits - 1;
            }
            false
        });
        if attacker_on_it || i - first >= 64 {
            live = live.union(&t.ray_sets[i]);
            if i - first < 64 {
                bits |= 1 << (i - first);
            }
        }
    }
    (live, bits)
}

impl BounceJudge {
    /// Whether the plain move `mv` (a direct bounce's move, the bounce
    /// declined) surely passes the legality clauses, seen without playing
    /// it: no clause but royal attacks decides, and it empties (its origin,
    /// `victim`) no square of a live ray or a lame leap's path towards the
    /// side's one royal piece, unattacked now, that it does not move nor
    /// turns another piece into. False when unsure.
    #[inline(always)]
    fn passes_plain(&self, variant: &Variant, mv: &Move, victim: Square) -> bool {
        match self.plain {
            // A plain move removes no royal piece of its side.
            PlainJudge::Passes => true,
            PlainJudge::Unsure => false,
            PlainJudge::Lines => self.lines.as_ref().is_some_and(|l| {
                mv.from != l.royal
                    && !l.guarded.contains(mv.from)
                    && !l.guarded.contains(victim)
                    && mv.promotion.is_none_or(|kind| !variant.is_royal(kind))
            }),
        }
    }
}

impl Variant {
    /// False when `mv` surely asks for nothing: the variant's one rule is a
    /// bounce away from the mover of pieces near it, `mv` is a plain move,
    /// and after it no piece within reach of its landing square could step
    /// directly away from it (each such square off the board or taken).
    /// Found without playing the move; true when unsure.
    #[inline]
    pub(super) fn may_bounce_after(&self, pos: &Position, mv: &Move) -> bool {
        let Some(reach) = self.programs.bounce_reach else {
            return true;
        };
        if !mv.choices.is_empty()
            || !matches!(
                mv.kind,
                MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant
            )
        {
            return true;
        }
        let g = self.geometry;
        let (from, to) = (mv.from, mv.to);
        // A square the move empties: its origin, an en passant victim's.
        let vacated = |sq: Square| sq == from || (mv.kind == MoveKind::EnPassant && sq == pos.ep_victim);
        let mut near = pos.occupied[0].union(&pos.occupied[1]);
        near = intersection(near, self.programs.areas[reach as usize][to.index()]);
        near.remove(from);
        near.remove(to);
        near.iter().any(|sq| {
            let step = ((g.file(sq) - g.file(to)).signum(), (g.rank(sq) - g.rank(to)).signum());
            g.offset(sq, step.0, step.1)
                .is_some_and(|dest| pos.cell(dest).is_empty() || vacated(dest))
        })
    }

    /// The bounces after the plain move `mv`, found and judged without
    /// playing it, where the variant's one rule is a bounce of a set fixed
    /// by the move's squares away from the mover, with nothing to stop it
    /// (`Programs::bounce_direct`). The board after `mv` is `pos` with its
    /// origin (and an en passant victim's square) empty and its target
    /// holding the moved piece: the pieces the bounce may pick, their
    /// destinations and, with `judge.decides`, whether a royal piece of the
    /// mover is attacked after move and bounce are read from that board. A
    /// bounce that leaves one attacked is judged by `keep` (played); a move
    /// whose bounce may promote is left to the slow path (`None`). Appends
    /// the bounced moves `keep` accepts and returns whether `mv` itself (the
    /// bounce declined: a plain move) is accepted, as `complete` does.
    pub(super) fn direct_bounces(
        &self,
        pos: &Position,
        mv: Move,
        judge: &BounceJudge,
        out: &mut Vec<Move>,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) -> Option<bool> {
        let p = &self.programs;
        let (reach, set, promote) = judge.rule?;
        if !mv.choices.is_empty()
            || mv.controller.is_some()
            || !matches!(
                mv.kind,
                MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture | MoveKind::EnPassant
            )
        {
            return None;
        }
        let (from, to) = (mv.from, mv.to);
        let moving = pos.cell(from);
        if !moving.is_piece() {
            return None;
        }
        // A square the move empties besides its origin: an en passant victim's.
        let victim = if mv.kind == MoveKind::EnPassant {
            pos.ep_victim
        } else {
            from
        };
        if p.bounce_whole_reach && !promote {
            // The pieces within reach that have a square to go to, read
            // off the load-time pairs: no set to build.
            let complete = !judge.judges || judge.passes_plain(self, &mv, victim) || keep(&mv, None);
            let at = &p.bounce_pairs_at;
            let pairs = &p.bounce_pairs[at[to.index()] as usize..at[to.index() + 1] as usize];
            let bounces = Bounces::new(self, pos, judge, mv, victim, moving);
            for &(sq, dest) in pairs {
                if sq != from
                    && sq != victim
                    && pos.board[sq.index()].is_piece()
                    && (dest == from || dest == victim || (dest != to && pos.board[dest.index()].is_empty()))
                {
                    bounces.offer(sq, dest, out, keep);
                }
            }
            return Some(complete);
        }
        let n = self.geometry.squares();
        let away = &p.bounce_away[to.index() * n..(to.index() + 1) * n];
        // Where the piece on `sq` would go: one step away from the mover, to
        // a square empty after the move.
        let destination = |sq: Square| {
            let dest = away[sq.index()];
            (dest != sq && (dest == from || dest == victim || (dest != to && pos.cell(dest).is_empty())))
                .then_some(dest)
        };
        let mut movable = intersection(
            pos.occupied[0].union(&pos.occupied[1]),
            p.areas[reach as usize][to.index()],
        );
        movable.remove(from);
        movable.remove(to);
        movable.remove(victim);
        if !movable.is_empty() && !p.bounce_whole_reach {
            // The set is fixed by the move's squares: read on `pos`, it is
            // what the rule reads after the move.
            let ctx = Context {
                side: moving.color(),
                origin: from,
                target: to,
                mover: to,
            };
            movable = intersection(movable, self.eval_set(set, pos, &ctx));
        }
        if promote
            && movable
                .iter()
                .any(|sq| destination(sq).is_some_and(|dest| self.may_promote_on_bounce(pos, sq, dest)))
        {
            return None;
        }
        let complete = !judge.judges || judge.passes_plain(self, &mv, victim) || keep(&mv, None);
        let bounces = Bounces::new(self, pos, judge, mv, victim, moving);
        for sq in movable.iter() {
            if let Some(dest) = destination(sq) {
                bounces.offer(sq, dest, out, keep);
            }
        }
        Some(complete)
    }
}

impl Variant {
    /// How many bounces [`direct_bounces`](Self::direct_bounces) would
    /// append after the plain move `mv` (a quiet move or a capture, with
    /// no promotion), where the whole reach bounces and no bounce promotes
    /// (`judge.risks` is some): perft's last ply, for the moves whose
    /// bounces are not counted by sets.
    pub(in crate::engine) fn count_bounces_after(
        &self,
        pos: &Position,
        mv: Move,
        judge: &BounceJudge,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) -> u64 {
        let p = &self.programs;
        let (from, to) = (mv.from, mv.to);
        let at = &p.bounce_pairs_at;
        let pairs = &p.bounce_pairs[at[to.index()] as usize..at[to.index() + 1] as usize];
        let bounces = Bounces::new(self, pos, judge, mv, from, pos.cell(from));
        let mut counted = 0;
        for &(sq, dest) in pairs {
            if sq != from
                && pos.board[sq.index()].is_piece()
                && (dest == from || (dest != to && pos.board[dest.index()].is_empty()))
            {
                counted += u64::from(bounces.accepted(sq, dest, keep).is_some());
            }
        }
        counted
    }
}

/// The bounces after one plain move, judged as they are offered.
struct Bounces<'a> {
    variant: &'a Variant,
    pos: &'a Position,
    judge: &'a BounceJudge,
    mv: Move,
    victim: Square,
    /// The moved piece where it lands (promoted, if it promotes).
    moved: Cell,
    /// The royal lines, unless the move moves that royal piece.
    lines: Option<&'a RoyalLines>,
}

impl<'a> Bounces<'a> {
    #[inline(always)]
    fn new(
        variant: &'a Variant,
        pos: &'a Position,
        judge: &'a BounceJudge,
        mv: Move,
        victim: Square,
        moving: Cell,
    ) -> Bounces<'a> {
        let moved = match mv.promotion {
            Some(kind) => Cell::piece(kind, moving.color()),
            None => moving,
        };
        let lines = judge.lines.as_ref().filter(|l| mv.from != l.royal);
        Bounces {
            variant,
            pos,
            judge,
            mv,
            victim,
            moved,
            lines,
        }
    }

    /// Appends the move bouncing the piece on `sq` to `dest`, where it is
    /// accepted (surely legal, else by `keep`).
    #[inline(always)]
    fn offer(
        &self,
        sq: Square,
        dest: Square,
        out: &mut Vec<Move>,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) {
        if let Some(next) = self.accepted(sq, dest, keep) {
            out.push(next);
        }
    }

    /// The move bouncing the piece on `sq` to `dest`, where it is accepted
    /// (surely legal, else by `keep`).
    #[inline(always)]
    fn accepted(
        &self,
        sq: Square,
        dest: Square,
        keep: &mut impl FnMut(&Move, Option<&Position>) -> bool,
    ) -> Option<Move> {
        let (mv, judge) = (self.mv, self.judge);
        let choice = Choice {
            piece: sq,
            to: dest,
            kind: ChoiceKind::Piece,
        };
        let choices = mv.choices.with(choice)?;
        let next = Move { choices, ..mv };
        let safe = || {
            self.lines
                .is_some_and(|l| l.bounce_surely_safe(self.pos, self.moved.color(), mv.from, self.victim, sq, dest))
        };
        let accepted = !judge.judges
            || (judge.decides
                && (!judge.check
                    || safe()
                    || !self
                        .variant
                        .bounce_exposes(self.pos, self.lines, mv, self.victim, self.moved, sq, dest)))
            || keep(&next, None);
        accepted.then_some(next)
    }
}

impl Variant {
    /// Whether a royal piece of the side making the plain move `mv` is
    /// attacked on the board `mv` leaves (its origin and `victim` empty,
    /// its target holding `moved`) once the piece on `sq` has bounced to
    /// `dest`. With `lines` (the side's one royal piece, unattacked now and
    /// not moved by `mv`), only the attack rays through a square the move
    /// and bounce empty, or through `dest` when the bounced piece is an
    /// enemy, are walked: filling a square with a friendly piece only
    /// blocks, emptying one off the rays and lame leaps' paths opens none.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn bounce_exposes(
        &self,
        pos: &Position,
        lines: Option<&RoyalLines>,
        mv: Move,
        victim: Square,
        moved: Cell,
        sq: Square,
        dest: Square,
    ) -> bool {
        let (from, to) = (mv.from, mv.to);
        let us = moved.color();
        let bounced = pos.cell(sq);
        let cell = |s: Square| {
            if s == dest {
                bounced
            } else if s == to {
                moved
            } else if s == sq || s == from || s == victim {
                Cell::EMPTY
            } else {
                pos.board[s.index()]
            }
        };
        if let Some(l) = lines
            && sq != l.royal
        {
            let enemy = !bounced.is_side(us);
            let emptied = |set: &SquareSet| set.contains(from) || set.contains(victim) || set.contains(sq);
            let leaps_change = emptied(&l.exposure) || (enemy && l.leap_from.contains(dest));
            if !leaps_change {
                // An emptied square opens only a live ray; a bounced enemy
                // piece may attack along the ray it lands on.
                let entered = enemy && l.lines.contains(dest);
                if !entered && !emptied(&l.live) {
                    return false;
                }
                let mut touched = SquareSet::EMPTY;
                touched.insert(from);
                touched.insert(victim);
                touched.insert(sq);
                let t = &self.attacks;
                let them = us.flip();
                let slot = t.slot(them, l.royal);
                let (first, last) = (slot.rays as usize, slot.rays_end as usize);
                return t.rays[first..last]
                    .iter()
                    .zip(&t.ray_sets[first..last])
                    .enumerate()
                    .any(|(i, (ray, set))| {
                        let live = i >= 64 || l.live_rays >> i & 1 != 0;
                        ((live && set.intersects(&touched)) || (entered && set.contains(dest)))
                            && t.run(ray.ray, ray.len)
                                .iter()
                                .map(|&s| cell(s))
                                .find(|c| !c.is_empty())
                                .is_some_and(|c| c.is_side(them) && ray.kinds.contains(c.kind()))
                    });
            }
        }
        pos.royals[us as usize].iter().any(|r| {
            let r = if r == from {
                to
            } else if r == sq {
                dest
            } else {
                r
            };
            // A bounce may move their pieces: no set narrows the search.
            self.attacked(cell, &SquareSet::FULL, r, us.flip())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::live_rays;
    use crate::base::square::{Color, SquareSet};
    use crate::compile::Variant;
    use crate::engine::moves::Move;
    use crate::engine::position::Position;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The live rays as the walk finds them: each ray with a piece of
    /// theirs on it walked square by square.
    fn walked(variant: &Variant, pos: &Position, royal: crate::base::square::Square, them: Color) -> (SquareSet, u64) {
        let t = &variant.attacks;
        let slot = t.slot(them, royal);
        let first = slot.rays as usize;
        let (mut live, mut bits) = (SquareSet::EMPTY, 0u64);
        for i in first..slot.rays_end as usize {
            let ray = &t.rays[i];
            let on_it = t.run(ray.ray, ray.len).iter().any(|&s| {
                let cell = pos.board[s.index()];
                cell.is_side(them) && ray.kinds.contains(cell.kind())
            });
            if on_it || i - first >= 64 {
                live = live.union(&t.ray_sets[i]);
                if i - first < 64 {
                    bits |= 1 << (i - first);
                }
            }
        }
        (live, bits)
    }

    /// Along seeded random games, for both sides' royal pieces, the live
    /// rays read from their pieces on each ray are the walk's.
    fn live_rays_match_the_walk(variant: &Variant, games: u64) -> usize {
        let mut checked = 0;
        for game in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(0x11fe ^ game);
            let mut pos: Position = variant.start_position();
            for ply in 0..120 {
                for us in [Color::White, Color::Black] {
                    for royal in pos.royals[us as usize].iter() {
                        let them = us.flip();
                        let got = live_rays(variant, &pos, royal, them);
                        assert_eq!(got, walked(variant, &pos, royal, them), "game {game}, ply {ply}");
                        checked += usize::from(got.1 != 0);
                    }
                }
                let moves: Vec<Move> = variant.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(variant, moves[rng.random_range(0..moves.len())]);
            }
        }
        checked
    }

    #[test]
    fn live_rays_from_their_pieces_match_the_walk() {
        let bounces = r#"(
            extends: "chess",
            name: "Near bounces",
            rules: ["after move except castling: may bounce(adjacent(mover), away from mover)"],
        )"#;
        let variant = Variant::from_text("bounces.ron", bounces).unwrap();
        assert!(live_rays_match_the_walk(&variant, 12) > 200);
        // Over 64 squares: the sets in four words.
        let wide = r#"(
            extends: "chess",
            name: "Wide bounces",
            board: (files: 10, ranks: 8),
            start: "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RRRNBQKBNR w - - 0 1",
            castling: [],
            rules: ["after move except castling: may bounce(adjacent(mover), away from mover)"],
        )"#;
        let variant = Variant::from_text("wide.ron", wide).unwrap();
        assert!(live_rays_match_the_walk(&variant, 6) > 100);
    }
}
