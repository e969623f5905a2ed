//! An en passant region (`enPassantRegion`) of whole ranks mirrored for
//! Black, as each piece's `en_passant_ranks`: Fairy-Stockfish leaves as
//! targets the squares an initial move passes that lie in the capturing
//! side's region; kaboom leaves every passed square of an initial move
//! from one of the piece's `en_passant_ranks`. The two agree when, from
//! each rank, a piece's initial moves pass only target ranks or none.

use crate::lang::betza::{self, Reach};

/// The ranks (counted from the owner's side, from 1) whose initial moves
/// of `template` leave en passant targets, when the targets may lie on
/// `targets` only (ranks counted from the mover's side) on a board of
/// `ranks` ranks; `None` when some rank's initial moves pass both target
/// ranks and others.
pub(crate) fn en_passant_ranks(template: &str, targets: &[u8], ranks: u8) -> Option<Vec<u8>> {
    let t = betza::parse(template).ok()?;
    let mut out = Vec::new();
    for from in 1..=ranks {
        let (mut on, mut off) = (false, false);
        for c in t.components.iter().filter(|c| c.initial && c.quiet) {
            // kaboom's initial rides leave no target; Fairy-Stockfish's may.
            if matches!(c.reach, Reach::Ride { .. }) {
                return None;
            }
            for &(dx, dy) in &c.vectors {
                // The squares a leap passes: those on its line, as
                // kaboom's move tables name them.
                let steps = gcd(dx.abs(), dy.abs());
                if !(1..=i32::from(ranks)).contains(&(i32::from(from) + dy)) {
                    continue;
                }
                for k in 1..steps {
                    let passed = i32::from(from) + dy / steps * k;
                    if u8::try_from(passed).is_ok_and(|p| targets.contains(&p)) {
                        on = true;
                    } else {
                        off = true;
                    }
                }
            }
        }
        if on && off {
            return None;
        }
        if on {
            out.push(from);
        }
    }
    Some(out)
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::en_passant_ranks;

    #[test]
    fn a_double_step_leaves_a_target_where_it_passes_a_target_rank() {
        // Horde: targets on the 3rd rank only; from the 1st rank the double
        // step passes the 2nd.
        assert_eq!(en_passant_ranks("fmWfceFifmnD", &[3], 8), Some(vec![2]));
        assert_eq!(en_passant_ranks("fmWfceFifmnD", &[2, 3], 8), Some(vec![1, 2]));
        // A triple step passing a target rank and another.
        assert_eq!(en_passant_ranks("fmWifmnH", &[3], 8), None);
        assert_eq!(en_passant_ranks("N", &[3], 8), Some(vec![]));
    }
}
