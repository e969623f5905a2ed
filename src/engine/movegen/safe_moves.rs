//! The legality shortcut: what the attack tests tell of a position before
//! its moves are judged, so that most moves pass without being played.

use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::engine::check_squares::CheckSquares;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::set_ops::difference;

/// What the legality shortcut knows of a position before its moves are
/// judged: whether a royal piece of the side to move is attacked, and
/// which squares a piece may leave without opening a line to one.
pub(in crate::engine) struct SafeMoves {
    /// A `not <condition>` clause that any move may make hold, or one
    /// that holds already: every move is played.
    pub(super) forbids: bool,
    /// Some `not` clause is `not attacked(enemy royal)` (giving check is
    /// illegal): a plain move passes it when it leaves no enemy royal
    /// attacked, judged without playing it.
    pub(super) no_checks: bool,
    /// `checks must mate`: a plain move that surely gives no check (judged
    /// as with `no_checks`, without playing it) passes the clause; any
    /// other move is played, its check judged by the replies to it.
    pub(super) mate_checks: bool,
    /// With `no_checks` or `mate_checks`: whether a plain move needs an attack test at all.
    /// No enemy royal is attacked now, and every square a move must leave
    /// or reach to give check is in `check_near`: where an attacker of
    /// ours would stand (leaps' origins, rays' squares up to and including
    /// the first piece) and the lame leaps' paths.
    pub(super) check_quiet: bool,
    pub(super) check_near: SquareSet,
    /// Some `not <condition>` clause reads the lines from royal pieces: a
    /// royal move may change them.
    pub(super) line_clauses: bool,
    /// Squares a move may not touch (leave or enter) to be judged without
    /// being played: the lines those clauses read, and the hoppers' rays
    /// towards own royal pieces (a piece entering one may be a screen).
    pub(super) lines: SquareSet,
    /// `lines` has a square.
    pub(super) any_lines: bool,
    pub(super) check_clause: bool,
    pub(super) attacked: bool,
    /// `check_clause && attacked`: no move is judged without being played.
    pub(super) in_check: bool,
    /// Squares a piece may not leave to be judged without being played:
    /// `lines`, and with check the squares whose leaving may expose a
    /// royal piece (pins, lame leaps' paths).
    pub(super) leaving: SquareSet,
    pub(super) royals: SquareSet,
    pub(super) them: Color,
    /// The variant's `before(...)` conditions that hold here for the side
    /// to move, evaluated once for every move played from here.
    pub(super) before: u8,
    /// A `walls_only` action may pass the shortcut here (`walls_allowed`).
    pub(super) walls: bool,
    /// A plain move that leaves an own royal piece attacked surely fails
    /// (see [`refuses`](Self::refuses)).
    pub(super) refuse_royal: bool,
    /// A plain move that gives check surely fails.
    pub(super) refuse_checks: bool,
    /// Where the variant's moves are judged by its removal landings
    /// (`Programs::removal_judged`) and the side to move has one royal
    /// piece: its square (see [`judged_by_landings`](Self::judged_by_landings)).
    pub(super) landing_royal: Option<Square>,
    /// With `landing_royal`: some piece of the side to move, captured
    /// somewhere, would land on its royal piece, so that a quiet move too
    /// may leave it attacked otherwise than the attack tables say: every
    /// move is judged by its landings, no piece is free (`leaving` holds
    /// every square).
    pub(super) landing_exact: bool,
    /// The enemy's [`CheckSquares`] against the side to move's royal
    /// pieces, worked out when first asked (see
    /// [`enemy_checks`](Self::enemy_checks)).
    enemy_checks: std::cell::OnceCell<Option<CheckSquares>>,
}

impl SafeMoves {
    pub(in crate::engine) fn new(variant: &Variant, pos: &Position) -> SafeMoves {
        Self::knowing_checks(variant, pos, None)
    }

    /// [`new`](Self::new), with the position's [`CheckSquares`] where
    /// they were worked out: with them no enemy royal piece is attacked,
    /// and their [`near`](CheckSquares::near) squares are `check_near`'s.
    pub(in crate::engine) fn knowing_checks(
        variant: &Variant,
        pos: &Position,
        checks: Option<&CheckSquares>,
    ) -> SafeMoves {
        let us = pos.side;
        let them = us.flip();
        let royals = pos.royals[us as usize];
        let mut attacked = false;
        let mut exposure = SquareSet::EMPTY;
        let mut lines = SquareSet::EMPTY;
        let t = &variant.attacks;
        // Detours judged by what a move leaves (see `detour_exposure`).
        let detours = variant.programs.filters.detour_plain_legal;
        for sq in royals.iter() {
            // A detour's pins are in its exposure, refined below.
            let (checked, pinned) = if detours {
                (variant.is_attacked_filtered(pos, sq, them), SquareSet::EMPTY)
            } else {
                variant.attacked_and_pinned(pos, sq, them)
            };
            attacked |= checked;
            let at = them as usize * t.board_squares + sq.index();
            exposure = exposure.union(&t.leap_exposure[at]).union(&pinned);
            if detours {
                exposure = exposure.union(&variant.detour_exposure(pos, sq, them));
            }
            if t.has_hops {
                // A hopper's ray matters while an enemy hopper stands on it:
                // own moves bring none there.
                let slot = t.slot(them, sq);
                for (i, ray) in t.rays[slot.rays as usize..slot.rays_end as usize].iter().enumerate() {
                    let hopper_on_it = ray.hop != 0
                        && t.run(ray.ray, ray.len).iter().any(|&s| {
                            let cell = pos.cell(s);
                            cell.is_side(them) && ray.kinds.contains(cell.kind())
                        });
                    if hopper_on_it {
                        lines = lines.union(&t.ray_sets[slot.rays as usize + i]);
                    }
                }
                // So does a hop's path (a confined hopper's) while an enemy
                // hopper stands where it starts.
                for leap in &t.leaps[slot.leaps as usize..slot.leaps_end as usize] {
                    let cell = pos.cell(leap.from);
                    if leap.hop != 0 && cell.is_side(them) && leap.kinds.contains(cell.kind()) {
                        for &s in t.run(leap.path, leap.path_len) {
                            lines.insert(s);
                        }
                    }
                }
            }
        }
        if detours && !attacked {
            // Only the pieces whose leaving opens a detour are played.
            exposure = variant.detour_leaving(pos, &royals, them, exposure);
        }
        let p = &variant.programs;
        let before = variant.before_bits(pos);
        // `checks must mate` judges a check by the replies to it: a move
        // that may give one is played (`mate_checks`). (Move filters need
        // no more: they only take attacks away, so a move the shortcut
        // passes on the board's attacks is legal under them too, and one
        // that gives no check on the board's attacks gives none under
        // them; the others are played.)
        let mate_checks = p.filters.checks_mate;
        // Detour captures (`captures follow a move as captured`) attack
        // otherwise than the tables say: every move is played, but where
        // a plain move is judged by the squares it leaves
        // (`detour_plain_legal`, with the detour's check and exposure).
        // One removing placement read from its landing table: judged by
        // it where the side has one royal piece, else every move played.
        let detour_played = p.filters.captures_detour && !p.filters.detour_plain_legal;
        let (landing_royal, landing_exact) = if p.removal_judged {
            Self::landing_royal(variant, pos)
        } else {
            (None, false)
        };
        let mut forbids = p.forbids_opaque
            || (p.placement_removes && landing_royal.is_none())
            || detour_played
            || before & p.forbid_gates != 0;
        let still = Variant::still(us);
        for clause in &p.forbid_lines {
            forbids |= variant.eval_cond(clause.cond, pos, &still);
            let table = &p.lines[clause.lines as usize][us as usize];
            let mut read = SquareSet::EMPTY;
            for sq in variant.eval_set(clause.from, pos, &still).iter() {
                read = read.union(&table[sq.index()]);
            }
            if read.intersects(&variant.eval_set(clause.other, pos, &still)) {
                lines = lines.union(&read);
            }
        }
        let no_checks = p.forbids_checks;
        let (check_quiet, check_near) = if (no_checks || mate_checks) && !t.has_hops {
            match checks {
                Some(c) => (true, *c.near()),
                None => Self::check_near(variant, pos),
            }
        } else {
            (false, SquareSet::EMPTY)
        };
        let check_clause = variant.has_check();
        let line_clauses = !p.forbid_lines.is_empty();
        let (refuse_royal, refuse_checks) = Self::may_refuse(variant);
        SafeMoves {
            refuse_royal,
            refuse_checks,
            walls: !p.actions.is_empty()
                && Self::walls_allowed(variant, forbids || mate_checks, no_checks, attacked, line_clauses),
            forbids,
            no_checks,
            mate_checks,
            check_quiet,
            check_near,
            line_clauses,
            any_lines: !lines.is_empty(),
            // With `landing_exact`, no piece leaves its square unjudged.
            leaving: if landing_exact {
                SquareSet::FULL
            } else if check_clause {
                exposure.union(&lines)
            } else {
                lines
            },
            lines,
            check_clause,
            attacked,
            in_check: check_clause && attacked,
            royals,
            them,
            before,
            landing_royal,
            landing_exact,
            enemy_checks: std::cell::OnceCell::new(),
        }
    }

    /// The squares from which each kind of the enemy attacks a royal
    /// piece of the side to move on the board as it stands (see
    /// [`CheckSquares::of_side`]), worked out once for the position's
    /// moves: what judges a move that only exchanges two pieces (see
    /// `Variant::judge_exchange`). `None` where they say nothing.
    pub(in crate::engine) fn enemy_checks(&self, variant: &Variant, pos: &Position) -> Option<&CheckSquares> {
        (self
            .enemy_checks
            .get_or_init(|| CheckSquares::of_side(variant, pos, self.them)))
        .as_ref()
    }

    /// Whether a royal piece of the side to move is attacked (by the
    /// board's attacks).
    #[inline]
    pub(in crate::engine) fn royal_attacked(&self) -> bool {
        self.attacked
    }

    /// `landing_royal` and `landing_exact` where the variant's moves are
    /// judged by its removal landings (`Programs::removal_judged`).
    #[inline(never)]
    fn landing_royal(variant: &Variant, pos: &Position) -> (Option<Square>, bool) {
        let us = pos.side as usize;
        let royals = pos.royals[us];
        let Some(royal) = royals.iter().next().filter(|_| royals.len() == 1) else {
            return (None, false);
        };
        let lands =
            (variant.programs.removal_landings.as_ref()).is_none_or(|l| !l.sources[us][royal.index()].is_empty());
        (Some(royal), lands)
    }

    /// The squares of own pieces each of whose plain moves (see
    /// [`Variant::is_plain`]) is legal whatever it is: neither royal nor
    /// pinned, off every line a clause reads, with no check to answer
    /// and no move that may be judged by the check it gives. Empty where
    /// every move needs [`allows`](Self::allows) or playing.
    pub(in crate::engine) fn free_pieces(&self, pos: &Position) -> SquareSet {
        if self.forbids || self.no_checks || self.mate_checks || self.in_check || self.any_lines {
            return SquareSet::EMPTY;
        }
        difference(
            pos.occupied[self.them.flip() as usize],
            self.royals.union(&self.leaving),
        )
    }

    /// The squares of own pieces each of whose plain moves is legal
    /// unless it gives check, where giving check is what a `not` clause
    /// forbids: as [`free_pieces`](Self::free_pieces), and off every
    /// square whose leaving may open a line to an enemy royal piece
    /// (`checks`, worked out for this position), so that only the moved
    /// piece may give check, from the squares
    /// [`CheckSquares::squares_of`] gives for its kind.
    pub(in crate::engine) fn check_free_pieces(&self, pos: &Position, checks: &CheckSquares) -> SquareSet {
        if self.forbids || self.mate_checks || self.in_check || self.any_lines {
            return SquareSet::EMPTY;
        }
        difference(
            pos.occupied[self.them.flip() as usize],
            self.royals.union(&self.leaving).union(checks.discover()),
        )
    }

    /// Whether `mv` is surely legal without playing it: a plain move (it
    /// cannot lose a royal piece) that cannot expose a royal to attack, or
    /// a lone royal stepping to a square no enemy attacks (its old square
    /// seen as empty).
    #[inline]
    pub(in crate::engine) fn allows(&self, variant: &Variant, pos: &Position, mv: &Move) -> bool {
        if let MoveKind::Action(_) = mv.kind {
            // Judged by `judge_walls`, if at all.
            return false;
        }
        // A drop only adds a piece: where no royal is attacked and no
        // hopper may use it as a screen, it exposes none.
        if let MoveKind::Drop(kind) = mv.kind {
            // A royal piece dropped (`hold_royal`) is judged on the board.
            return !self.forbids
                && !variant.is_royal(kind)
                && !self.no_checks
                && !self.mate_checks
                && !self.attacked
                && !self.lines.contains(mv.to)
                && variant.is_plain(&Move::new(mv.to, mv.to, MoveKind::Quiet));
        }
        if self.forbids || (self.mate_checks && !variant.is_plain(mv)) {
            return false;
        }
        // A promotion that makes a royal piece (or unmakes one) is judged
        // as a move of a royal piece: on the board it leads to.
        if mv
            .promotion
            .is_some_and(|kind| variant.is_royal(kind) || self.royals.contains(mv.from))
        {
            return false;
        }
        // Rules that only change kinds or mark pieces judge as the plain move.
        let kept = (variant.programs.rules_keep_legality || variant.programs.rules_recolour_mover)
            && matches!(mv.kind, MoveKind::Quiet | MoveKind::Initial | MoveKind::Capture)
            && mv.choices.is_empty();
        if !kept && !variant.is_plain(mv) {
            return self.allows_removals(variant, pos, mv);
        }
        // A mover that may join the enemy must not attack an own royal.
        if kept
            && variant.programs.rules_recolour_mover
            && variant.programs.turns_mover[usize::from(matches!(mv.kind, MoveKind::Capture))]
            && variant.turned_mover_may_check(pos, &self.royals, self.them, mv)
        {
            return false;
        }
        if (self.no_checks || self.mate_checks) && self.gives_check(variant, pos, mv) {
            return false;
        }
        if !self.royals.contains(mv.from) {
            // `leaving` holds the lines too (and the exposure when check exists).
            return !(self.in_check
                || self.leaving.contains(mv.from)
                || (self.any_lines && self.lines.contains(mv.to)));
        }
        // Under a removing placement judged by its landings, a royal
        // move is judged there (`judged_by_landings`).
        self.landing_royal.is_none()
            && !self.line_clauses
            && (!self.check_clause
                || (self.royals.len() == 1 && !variant.is_attacked_after_leaving(pos, mv.to, self.them, mv.from)))
    }
}
