//! Perft's last ply where the only move filter is `not after
//! observed(...)` (`MoveFilters::sole_observed_after`): a plain move whose
//! piece opens no observation by leaving and that no enemy piece of its
//! kind might observe or be observed by on its target passes the filter
//! (see `Variant::surely_unobserved`); such a move of a free piece (see
//! `SafeMoves::free_pieces`), or one [`SafeMoves`] allows, is counted
//! without being listed. Every other move is listed, filtered and judged
//! as [`Variant::generate_legal`] does, so the count is always the length
//! of that list.

use super::super::move_filter::Observations;
use super::super::movegen::{MoveSink, SafeMoves};
use super::super::moves::{Move, MoveKind};
use super::super::observed_after::ObservedBoard;
use super::super::position::Position;
use crate::base::piece::{Cell, Kind};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;

impl Variant {
    /// The number of legal moves of `pos` where the only move filter is
    /// one `not after observed(...)` and no clause compares moves; `None`
    /// where this count does not apply (the caller lists them all).
    pub(super) fn count_sole_observed_after(&self, pos: &Position, listed: &mut Vec<Move>) -> Option<u64> {
        let p = &self.programs;
        let f = &p.filters;
        let spare_royal = f.sole_observed_after?;
        if p.has_choices
            || p.captures_compulsory
            || p.drops_compulsory
            || p.forbids_checks
            || self.pass_on_stalemate
            || f.checks_mate
            || f.captures_detour
            || f.longest[pos.side as usize]
            || f.readers.is_empty()
            || (p.legal.is_empty() && !p.placement_refuses)
        {
            return None;
        }
        let board = self.observed_board(pos);
        if !board.judges_alone(spare_royal) {
            return None;
        }
        listed.clear();
        if self.ended_by_rule(pos).is_some() {
            return Some(0);
        }
        let safe = SafeMoves::new(self, pos);
        let free = safe.free_pieces(pos);
        let plain = |kind| self.is_plain(&Move::new(Square::new(0), Square::new(0), kind));
        let us = pos.side;
        let mut sink = ObservedCounter {
            safe: &safe,
            board: &board,
            spare_royal,
            quiet_plain: plain(MoveKind::Quiet),
            capture_plain: plain(MoveKind::Capture),
            free: false,
            counted: 0,
            listed,
        };
        for from in pos.occupied[us as usize].iter() {
            sink.free = free.contains(from);
            if board.opening().contains(from) {
                self.generate_piece(pos, from, us, true, sink.listed);
            } else {
                self.generate_piece(pos, from, us, true, &mut sink);
            }
        }
        let counted = sink.counted;
        self.generate_not_by_pieces(pos, listed);
        self.retain_filtered_seen(pos, listed, 0, Observations::knowing(board));
        listed.retain(|mv| self.judge(&safe, pos, mv, None));
        Some(counted + listed.len() as u64)
    }
}

/// The [`MoveSink`] of [`Variant::count_sole_observed_after`] for a piece
/// whose leaving opens no observation: it counts the plain moves that
/// surely pass the filter where the piece is free or [`SafeMoves`]
/// allows them, and lists the rest.
struct ObservedCounter<'a> {
    safe: &'a SafeMoves,
    board: &'a ObservedBoard,
    spare_royal: bool,
    /// A quiet move fires no rule.
    quiet_plain: bool,
    /// A capture fires no rule.
    capture_plain: bool,
    /// Whether the piece now generated is free.
    free: bool,
    counted: u64,
    listed: &'a mut Vec<Move>,
}

impl MoveSink for ObservedCounter<'_> {
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
        let plain = match move_kind {
            MoveKind::Quiet => self.quiet_plain,
            MoveKind::Capture => self.capture_plain,
            _ => false,
        };
        if plain
            && !promotes_on.contains(to)
            && variant.surely_unobserved(self.board, Cell::piece(kind, us), to, self.spare_royal)
            && (self.free || self.safe.allows(variant, pos, &Move::new(from, to, move_kind)))
        {
            self.counted += 1;
            return;
        }
        variant.push_with(pos, self.listed, promotes_on, kind, us, from, to, move_kind);
    }

    #[inline(always)]
    fn listed(&mut self) -> &mut Vec<Move> {
        self.listed
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Variant;
    use crate::engine::position::Position;

    /// Along seeded random games of chess filtered by `not after
    /// observed(...)`, the leaf count equals the number of listed legal
    /// moves, and it counts without listing in most positions.
    #[test]
    fn the_observation_count_agrees_with_the_listed_moves() {
        let text = r#"(extends: "chess", name: "Filtered", legal: ["own royal not attacked",
            "moves only if not after observed(any not royal by enemy same kind)"])"#;
        let v = Variant::from_text("filtered.ron", text).unwrap();
        assert!(v.programs.filters.sole_observed_after.is_some());
        let mut seed: u64 = 0x15a2_da3d;
        let (mut counted, mut positions) = (0, 0);
        for game in 0..12 {
            let mut pos: Position = v.start_position();
            for ply in 0..80 {
                let mut legal = Vec::new();
                v.generate_legal(&pos, &mut legal);
                let mut listed = Vec::new();
                assert_eq!(
                    v.count_legal(&pos, &mut listed),
                    legal.len() as u64,
                    "game {game} ply {ply}"
                );
                positions += 1;
                counted += usize::from(v.count_sole_observed_after(&pos, &mut listed).is_some());
                if legal.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let mv = legal[(seed >> 33) as usize % legal.len()];
                pos.make(&v, mv);
            }
        }
        assert!(counted * 2 > positions, "{counted} of {positions}");
    }
}
