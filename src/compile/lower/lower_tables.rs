//! The precomputed tables that lowered sentences read: the squares
//! within a radius of each square, a template's rays and lines through
//! each square, and the masks of line goals (a row of N, a block). Tables
//! with the same key are shared.

use super::Builder;
use crate::base::geometry::Geometry;
use crate::base::square::{Color, Square, SquareSet};
use crate::base::vocabulary::RanksFrom;
use crate::check::analysis::template_directions;
use crate::compile::ir::{BounceSteps, LineGoal, LineMasks, Op};
use crate::lang::betza::Template;

impl Builder {
    /// With direct bounces (`Programs::bounce_direct`): the square one
    /// step directly away from the mover for each pair of squares, and
    /// with the whole reach bounced, each mover square's pieces that may
    /// go there (`Programs::bounce_pairs`).
    pub(super) fn bounce_tables(&mut self) {
        if !self.p.bounce_direct {
            return;
        }
        let g = self.g;
        let n = g.squares();
        self.p.bounce_away = (0..n * n)
            .map(|i| {
                let (m, sq) = (Square::from_index(i / n), Square::from_index(i % n));
                let step = ((g.file(sq) - g.file(m)).signum(), (g.rank(sq) - g.rank(m)).signum());
                g.offset(sq, step.0, step.1).filter(|_| step != (0, 0)).unwrap_or(sq)
            })
            .collect();
        if !self.p.bounce_whole_reach {
            return;
        }
        let reach = self.p.bounce_reach.unwrap_or(0) as usize;
        let (mut pairs, mut at) = (Vec::new(), vec![0u32]);
        for m in 0..n {
            for sq in self.p.areas[reach][m].iter() {
                let dest = self.p.bounce_away[m * n + sq.index()];
                if dest != sq {
                    pairs.push((sq, dest));
                }
            }
            at.push(pairs.len() as u32);
        }
        let promotes = matches!(
            self.p.after_move.first().map(|r| &r.ops[..]),
            Some([Op::Bounce { promote: true, .. }])
        );
        if !promotes {
            self.p.bounce_steps = BounceSteps::build(&pairs, &at, n);
        }
        (self.p.bounce_pairs, self.p.bounce_pairs_at) = (pairs, at);
    }

    pub(super) fn area_table(&mut self, radius: u8) {
        let r = radius as usize;
        while self.p.areas.len() <= r {
            self.p.areas.push(Vec::new());
        }
        if !self.p.areas[r].is_empty() {
            return;
        }
        let g = self.g;
        self.p.areas[r] = neighbourhoods(g, radius, false);
    }

    /// Lines of a template through each square: its rays to the edge,
    /// ignoring what stands on them, once per side of the rule's owner.
    /// Templates with the same directions share one table.
    /// `from`: the side whose reading of the directions counts (`Own`:
    /// the rule's owner; `White`: White's, whoever owns the rule).
    pub(super) fn lines_table(&mut self, template: &Template, from: RanksFrom) -> u32 {
        let directions = template_directions(template);
        let key = (directions, from);
        if let Some(i) = self.line_keys.iter().position(|k| *k == key) {
            return i as u32;
        }
        let directions = &key.0;
        let table = Color::BOTH.map(|owner| {
            template_rays(self.g, directions, from.side(owner))
                .into_iter()
                .map(|rays| rays.into_iter().flatten().collect::<SquareSet>())
                .collect()
        });
        self.p.lines.push(table);
        self.line_keys.push(key);
        (self.p.lines.len() - 1) as u32
    }

    /// The masks of a line goal (see [`LineMasks`]), once per side of the
    /// rule's owner. Goals with the same masks share one table.
    pub(super) fn line_mask_table(&mut self, goal: LineGoal, n: u8, template: &Template) -> u32 {
        // A collinear goal's masks do not depend on `n`.
        let length = match goal {
            LineGoal::InRow | LineGoal::Block => usize::from(n) - 1,
            LineGoal::Collinear => 0,
        };
        let vectors: Vec<(i32, i32)> = template_directions(template).into_iter().map(|(v, _)| v).collect();
        let key = (goal, length, vectors);
        if let Some(i) = self.line_mask_keys.iter().position(|k| *k == key) {
            return i as u32;
        }
        let g = self.g;
        let table = Color::BOTH.map(|side| line_masks(g, &key.2, side, length));
        self.p.line_masks.push(table);
        self.line_mask_keys.push(key);
        (self.p.line_masks.len() - 1) as u32
    }

    /// The masks of `in_block(S, n)`: per square, the other squares of the
    /// `n` by `n` block whose lower left corner it is, where the board
    /// holds the block. The same for both sides.
    pub(super) fn block_mask_table(&mut self, n: u8) -> u32 {
        let key = (LineGoal::Block, usize::from(n), Vec::new());
        if let Some(i) = self.line_mask_keys.iter().position(|k| *k == key) {
            return i as u32;
        }
        let g = self.g;
        let size = i32::from(n);
        let mut masks = LineMasks::default();
        for sq in 0..g.squares() {
            masks.starts.push(masks.masks.len() as u32);
            let block: Option<SquareSet> = (0..size * size)
                .filter(|i| *i != 0)
                .map(|i| g.offset(Square::from_index(sq), i % size, i / size))
                .collect();
            if let Some(block) = block {
                masks.masks.push(block);
            }
        }
        masks.starts.push(masks.masks.len() as u32);
        self.p.line_masks.push([masks.clone(), masks]);
        self.line_mask_keys.push(key);
        (self.p.line_masks.len() - 1) as u32
    }

    /// Rays of a template from each square, one per direction, once per
    /// side of the rule's owner. Templates with the same directions share
    /// one table.
    pub(super) fn rays_table(&mut self, template: &Template) -> u32 {
        let directions = template_directions(template);
        if let Some(i) = self.ray_keys.iter().position(|k| *k == directions) {
            return i as u32;
        }
        let g = self.g;
        self.p
            .rays
            .push(Color::BOTH.map(|side| template_rays(g, &directions, side)));
        self.ray_keys.push(directions);
        (self.p.rays.len() - 1) as u32
    }

    pub(super) fn manhattan_table(&mut self, radius: u8) {
        let r = radius as usize;
        while self.p.manhattan.len() <= r {
            self.p.manhattan.push(Vec::new());
        }
        if !self.p.manhattan[r].is_empty() {
            return;
        }
        let g = self.g;
        self.p.manhattan[r] = neighbourhoods(g, radius, true);
    }
}

/// For each square, the squares within `radius`: king steps, or steps
/// along ranks and files (Manhattan distance).
fn neighbourhoods(g: Geometry, radius: u8, manhattan: bool) -> Vec<SquareSet> {
    let r = radius as i32;
    (0..g.squares())
        .map(|sq| {
            let mut set = SquareSet::EMPTY;
            for df in -r..=r {
                for dr in -r..=r {
                    if manhattan && df.abs() + dr.abs() > r {
                        continue;
                    }
                    if let Some(t) = g.offset(Square::from_index(sq), df, dr) {
                        set.insert(t);
                    }
                }
            }
            set
        })
        .collect()
}

/// The masks of a line goal for `side` (see [`LineMasks`]): per square,
/// per line direction (a vector and its opposite are one line), the
/// `length` squares that follow it, where the board holds them all, or
/// (`length` 0) every square that follows it to the edge, where there is one.
fn line_masks(g: Geometry, vectors: &[(i32, i32)], side: Color, length: usize) -> LineMasks {
    let mut lines: Vec<(i32, i32)> = Vec::new();
    for &v in vectors {
        let (dx, dy) = crate::compile::tables::oriented(v, side);
        let line = if dy > 0 || (dy == 0 && dx > 0) {
            (dx, dy)
        } else {
            (-dx, -dy)
        };
        if line != (0, 0) && !lines.contains(&line) {
            lines.push(line);
        }
    }
    let mut out = LineMasks::default();
    for sq in 0..g.squares() {
        out.starts.push(out.masks.len() as u32);
        for &(dx, dy) in &lines {
            let ahead: Vec<Square> = (1..=Geometry::MAX_SIDE as i32)
                .map_while(|k| g.offset(Square::from_index(sq), dx * k, dy * k))
                .collect();
            let mask: SquareSet = match length {
                0 => ahead.into_iter().collect(),
                n if ahead.len() >= n => ahead.into_iter().take(n).collect(),
                _ => continue,
            };
            if !mask.is_empty() {
                out.masks.push(mask);
            }
        }
    }
    out.starts.push(out.masks.len() as u32);
    out
}

/// For each square, the rays along `directions` (White's orientation,
/// turned for `side`) from it, each cut to its range and the board, nearest
/// square first.
fn template_rays(g: Geometry, directions: &[((i32, i32), usize)], side: Color) -> Vec<Vec<Vec<Square>>> {
    (0..g.squares())
        .map(|sq| {
            let mut rays = Vec::new();
            for &(v, limit) in directions {
                let (dx, dy) = crate::compile::tables::oriented(v, side);
                let ray: Vec<Square> = (1..=Geometry::MAX_SIDE as i32)
                    .map_while(|k| g.offset(Square::from_index(sq), dx * k, dy * k))
                    .take(limit)
                    .collect();
                if !ray.is_empty() {
                    rays.push(ray);
                }
            }
            rays
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::ir::Programs;

    fn set(g: Geometry, squares: &[(i32, i32)]) -> SquareSet {
        squares.iter().map(|&(f, r)| g.square(f, r).unwrap()).collect()
    }

    fn masks(template: &str, side: Color, length: usize) -> (Geometry, LineMasks) {
        let g = Geometry::flat(3, 3);
        let t = crate::lang::betza::parse(template).unwrap();
        let vectors: Vec<(i32, i32)> = template_directions(&t).into_iter().map(|(v, _)| v).collect();
        (g, line_masks(g, &vectors, side, length))
    }

    #[test]
    fn a_row_mask_holds_the_squares_that_follow_where_the_board_has_them_all() {
        let (g, m) = masks("K", Color::White, 2);
        let a1 = g.square(0, 0).unwrap();
        // East, north, north-east; the south-east line leaves the board.
        for row in [
            set(g, &[(1, 0), (2, 0)]),
            set(g, &[(1, 1), (2, 2)]),
            set(g, &[(0, 1), (0, 2)]),
        ] {
            assert!(m.of(a1).contains(&row), "{row:?}");
        }
        assert_eq!(m.of(a1).len(), 3);
        // c1 starts one diagonal only (towards a3); b2 starts no row of 3.
        let c1 = g.square(2, 0).unwrap();
        assert!(m.of(c1).contains(&set(g, &[(1, 1), (0, 2)])));
        assert_eq!(m.of(c1).len(), 2);
        assert!(m.of(g.square(1, 1).unwrap()).is_empty());
    }

    #[test]
    fn a_line_and_its_opposite_are_one_mask() {
        let (_, both) = masks("W", Color::White, 0);
        let (_, sideways) = masks("sW", Color::White, 0);
        let (_, left) = masks("lW", Color::White, 0);
        assert_eq!(sideways, left);
        // a1: east and north, each to the edge.
        assert_eq!(both.of(Square::new(0)).len(), 2);
        assert_eq!(sideways.of(Square::new(0)).len(), 1);
        // c3 starts no line: every line through it is counted from its other end.
        assert!(both.of(Square::new(8)).is_empty());
    }

    #[test]
    fn directions_are_read_from_the_rule_side() {
        let (g, white) = masks("frF", Color::White, 0);
        let (_, black) = masks("frF", Color::Black, 0);
        let a1 = g.square(0, 0).unwrap();
        assert_eq!(white.of(a1), &[set(g, &[(1, 1), (2, 2)])]);
        // Black's forward-right is White's backward-left: the same lines
        // (a line and its opposite are one), none of the other diagonal.
        assert_eq!(black.of(a1), white.of(a1));
        let c1 = g.square(2, 0).unwrap();
        assert!(black.of(c1).is_empty());
        let (_, black_left) = masks("flF", Color::Black, 0);
        assert_eq!(black_left.of(c1), &[set(g, &[(1, 1), (0, 2)])]);
    }

    #[test]
    fn a_block_mask_is_the_rest_of_the_block_above_and_right_of_its_corner() {
        let mut b = Builder {
            p: Programs::default(),
            g: Geometry::flat(3, 3),
            action_names: Vec::new(),
            ray_keys: Vec::new(),
            line_keys: Vec::new(),
            line_mask_keys: Vec::new(),
            before_ast: Vec::new(),
            since_ast: Vec::new(),
            regions: Vec::new(),
        };
        let table = b.block_mask_table(2);
        assert_eq!(b.block_mask_table(2), table, "one table per size");
        let g = b.g;
        let [white, black] = &b.p.line_masks[table as usize];
        assert_eq!(white, black);
        assert_eq!(white.of(Square::new(0)), &[set(g, &[(1, 0), (0, 1), (1, 1)])]);
        // The top rank and the right file start no block.
        for sq in [2, 5, 6, 7, 8] {
            assert!(white.of(Square::new(sq)).is_empty(), "{sq}");
        }
    }
}
