//! The marks pieces carry, in FEN: `marks=turned:e3+f6,shot/2:a1` after
//! the other fields. Each entry is a mark's name and the squares of the
//! pieces carrying it for good (`turned:e3+f6`), or, with `/N`, carrying
//! it for N more moves, the move to be made included (`shot/2:a1`), in
//! the order the timers were set.

use crate::base::limits::{MAX_MARK_MOVES, MAX_MARK_TIMERS};
use crate::base::square::SquareSet;
use crate::compile::Variant;
use crate::engine::position::Position;

/// The value of `marks=`, or `None` when no piece carries a mark.
pub(super) fn write(variant: &Variant, pos: &Position) -> Option<String> {
    let g = variant.geometry;
    let names = |set: SquareSet| set.iter().map(|sq| g.name(sq)).collect::<Vec<_>>().join("+");
    let mut entries = Vec::new();
    for (i, on) in pos.marks.on.iter().enumerate() {
        let timed = (pos.marks.active())
            .filter(|t| usize::from(t.mark) == i)
            .fold(SquareSet::EMPTY, |acc, t| acc.union(&t.squares));
        let lasting = on.difference(&timed);
        if !lasting.is_empty() {
            entries.push(format!("{}:{}", variant.mark_name(i as u8), names(lasting)));
        }
    }
    for t in pos.marks.active() {
        entries.push(format!("{}/{}:{}", variant.mark_name(t.mark), t.left, names(t.squares)));
    }
    (!entries.is_empty()).then(|| entries.join(","))
}

/// Reads the value of `marks=` into `pos`, whose board is read already.
pub(super) fn read(variant: &Variant, pos: &mut Position, value: &str) -> Result<(), (String, String)> {
    let help = || {
        "write each mark as `<name>:<squares>` or `<name>/<moves left>:<squares>`, e.g. `marks=shot/2:a1+h1`"
            .to_string()
    };
    if variant.programs.marks.is_empty() {
        return Err((
            "`marks` in a variant whose effects put no mark".into(),
            "remove the field".into(),
        ));
    }
    for entry in value.split(',').filter(|e| !e.is_empty()) {
        let Some((head, squares)) = entry.split_once(':') else {
            return Err((format!("`{entry}` is not a mark"), help()));
        };
        let (name, left) = match head.split_once('/') {
            Some((name, left)) => {
                let left: u8 = left
                    .parse()
                    .ok()
                    .filter(|n| (1..=MAX_MARK_MOVES.saturating_add(1)).contains(n))
                    .ok_or_else(|| (format!("`{left}` is not a number of moves left"), help()))?;
                (name, left)
            }
            None => (head, 0),
        };
        let Some(mark) = variant.programs.marks.iter().position(|m| m == name) else {
            return Err((
                format!("`{name}` is not a mark of this variant"),
                format!("its marks are `{}`", variant.programs.marks.join("`, `")),
            ));
        };
        let mut set = SquareSet::EMPTY;
        for sq_name in squares.split('+') {
            let sq = variant
                .geometry
                .parse_square(sq_name)
                .ok_or_else(|| (format!("`{sq_name}` is not a square of the board"), help()))?;
            if !pos.cell(sq).is_piece() {
                return Err((format!("mark `{name}` on {sq_name}, where no piece stands"), help()));
            }
            set.insert(sq);
        }
        let mark = mark as u8;
        pos.marks.on[usize::from(mark)] = pos.marks.on[usize::from(mark)].union(&set);
        if left > 0 && !pos.marks.restore_timer(set, mark, left) {
            return Err((
                format!("more than {MAX_MARK_TIMERS} marks for some moves"),
                format!("at most {MAX_MARK_TIMERS} marks for some moves are in force at once"),
            ));
        }
    }
    Ok(())
}
