//! kaboom's own FEN fields after the six: `used=` (once-per-game actions
//! taken), `unmoved=`, `epvictim=`, `captured=` (the `captured(...)`
//! counters), `shields=` (shields raised for some moves), `marks=` (see
//! `fen_marks`) and `last=`, each written only when it says something.

use crate::base::limits::{
    MAX_SHIELD_MOVES, MAX_TIMED_SHIELDS, SHIELD_BLOCK, SHIELD_BOUNCE, SHIELD_PUSH, SHIELD_REMOVE,
};
use crate::base::square::{Color, Square, SquareSet};
use crate::compile::Variant;
use crate::engine::position::Position;
use crate::engine::timed_shields::TimedShield;

/// Reads one `key=value` field after the six: `used=w:strike,b:strike` (once-per-game
/// actions taken) or `captured=2` (the `captured(...)` counters, in the
/// order the variant's sentences first name them).
pub(super) fn read(variant: &Variant, pos: &mut Position, key: &str, value: &str) -> Result<(), (String, String)> {
    match key {
        // Read with the en passant square.
        "epvictim" => Ok(()),
        "used" => {
            for entry in value.split(',').filter(|e| !e.is_empty()) {
                let (side, name) = entry.split_once(':').ok_or_else(|| {
                    (
                        format!("`{entry}` is not `w:<action>` or `b:<action>`"),
                        "write e.g. `used=w:strike`".to_string(),
                    )
                })?;
                let side = match side {
                    "w" => Color::White,
                    "b" => Color::Black,
                    _ => {
                        return Err((
                            format!("`{side}` is not a side"),
                            "write `w` or `b` before the colon".into(),
                        ));
                    }
                };
                let bit = variant
                    .action_index(name)
                    .and_then(|i| variant.programs.actions[i.index()].once_bit)
                    .ok_or_else(|| {
                        (
                            format!("`{name}` is not a once-per-game action of this variant"),
                            "name an action with `once: true`".to_string(),
                        )
                    })?;
                pos.used[side as usize] |= 1 << bit;
            }
            Ok(())
        }
        "unmoved" => {
            for name in value.split(',').filter(|n| !n.is_empty()) {
                let sq = variant.geometry.parse_square(name).ok_or_else(|| {
                    (
                        format!("`{name}` is not a square of the board"),
                        "list squares, comma-separated: `unmoved=e1,g1`".to_string(),
                    )
                })?;
                pos.unmoved.insert(sq);
            }
            Ok(())
        }
        "shields" => read_shields(variant, pos, value),
        "marks" => super::fen_marks::read(variant, pos, value),
        "last" => read_last(variant, pos, value),
        "captured" => {
            let counts: Vec<&str> = value.split(',').collect();
            if counts.len() != variant.programs.counters.len() {
                return Err((
                    format!(
                        "`captured` has {} counts, the variant keeps {}",
                        counts.len(),
                        variant.programs.counters.len()
                    ),
                    "write one count per `captured(...)` condition of the variant, comma-separated".into(),
                ));
            }
            for (i, n) in counts.iter().enumerate() {
                pos.captured[i] = n
                    .parse()
                    .map_err(|_| (format!("`{n}` is not a count"), "write a whole number".to_string()))?;
            }
            Ok(())
        }
        _ => Err((
            format!("unknown field `{key}`"),
            "kaboom adds only `used=`, `captured=`, `unmoved=`, `epvictim=`, `shields=`, `marks=` and `last=` to FEN"
                .into(),
        )),
    }
}

/// kaboom's fields after the six (`used=`, `unmoved=`, `epvictim=`,
/// `captured=`, `shields=`, `marks=`, `last=`), each only when it says
/// something; `epvictim` the piece taken en passant where the squares
/// written do not name it.
pub(super) fn write(variant: &Variant, pos: &Position, epvictim: Option<Square>, out: &mut String) {
    let g = variant.geometry;
    let mut used = Vec::new();
    for side in Color::BOTH {
        for action in &variant.programs.actions {
            if action
                .once_bit
                .is_some_and(|bit| pos.used[side as usize] >> bit & 1 != 0)
            {
                used.push(format!(
                    "{}:{}",
                    if side == Color::White { 'w' } else { 'b' },
                    action.name
                ));
            }
        }
    }
    if !used.is_empty() {
        out.push_str(&format!(" used={}", used.join(",")));
    }
    if !pos.unmoved.is_empty() {
        let squares: Vec<String> = pos.unmoved.iter().map(|sq| g.name(sq)).collect();
        out.push_str(&format!(" unmoved={}", squares.join(",")));
    }
    if let Some(victim) = epvictim {
        out.push_str(&format!(" epvictim={}", g.name(victim)));
    }
    let counters = variant.programs.counters.len();
    if pos.captured[..counters].iter().any(|&n| n > 0) {
        let counts: Vec<String> = pos.captured[..counters].iter().map(u16::to_string).collect();
        out.push_str(&format!(" captured={}", counts.join(",")));
    }
    let shields: Vec<String> = pos
        .timed_shields
        .active()
        .map(|s| {
            let squares: Vec<String> = s.squares.iter().map(|sq| g.name(sq)).collect();
            format!("{}:{}:{}", s.left, shield_effects(s.against), squares.join("+"))
        })
        .collect();
    if !shields.is_empty() {
        out.push_str(&format!(" shields={}", shields.join(",")));
    }
    if let Some(marks) = super::fen_marks::write(variant, pos) {
        out.push_str(&format!(" marks={marks}"));
    }
    if let Some(action) = pos.recent.action {
        out.push_str(&format!(
            " last={}{}@{}",
            g.name(pos.recent.from),
            g.name(pos.recent.to),
            variant.programs.actions[action.index()].name
        ));
    }
}

/// Reads `last=d1d8@swap`: the last move was the action `swap` from d1 to
/// d8 (what `last(swap)` reads), where a set of the variant reads it.
fn read_last(variant: &Variant, pos: &mut Position, value: &str) -> Result<(), (String, String)> {
    let help = || "write the last move's squares and action: `last=d1d8@swap`".to_string();
    if !variant.programs.reads_last {
        return Err((
            "this variant reads no last move (`last(...)`), so its FEN has no `last=` field".into(),
            "leave the field out".into(),
        ));
    }
    let (squares, name) = value
        .split_once('@')
        .ok_or_else(|| (format!("`{value}` is not squares, `@` and an action"), help()))?;
    let g = variant.geometry;
    let parsed = g
        .read_square(squares)
        .and_then(|(from, used)| g.parse_square(&squares[used..]).map(|to| (from, to)));
    let (from, to) = parsed.ok_or_else(|| (format!("`{squares}` is not two squares of the board"), help()))?;
    let action = variant
        .action_index(name)
        .ok_or_else(|| (format!("`{name}` is not an action of this variant"), help()))?;
    pos.recent = crate::engine::recent::Recent {
        action: Some(action),
        from,
        to,
    };
    Ok(())
}

/// The effects of `SHIELD_*` bits, as sentences name them: `remove+push`.
fn shield_effects(bits: u8) -> String {
    let names: Vec<&str> = SHIELD_NAMES
        .iter()
        .filter(|(b, _)| bits & b != 0)
        .map(|(_, n)| *n)
        .collect();
    names.join("+")
}

/// Each `SHIELD_*` bit and the effect's name.
const SHIELD_NAMES: [(u8, &str); 4] = [
    (SHIELD_REMOVE, "remove"),
    (SHIELD_PUSH, "push"),
    (SHIELD_BLOCK, "block"),
    (SHIELD_BOUNCE, "bounce"),
];

/// Reads `shields=2:remove+push:d4+e4,1:block:c3`: each shield's moves
/// left, effects and squares, in the order kaboom writes them.
fn read_shields(variant: &Variant, pos: &mut Position, value: &str) -> Result<(), (String, String)> {
    let help =
        || "write each shield as `<moves left>:<effects>:<squares>`, e.g. `shields=2:remove+push:d4+e4`".to_string();
    let entries: Vec<&str> = value.split(',').filter(|e| !e.is_empty()).collect();
    if !variant.programs.timed_shields {
        return Err((
            "`shields` in a variant whose effects raise no shield for some moves".into(),
            "remove the field".into(),
        ));
    }
    if entries.len() > MAX_TIMED_SHIELDS {
        return Err((
            format!(
                "{} shields; at most {MAX_TIMED_SHIELDS} are in force at once",
                entries.len()
            ),
            help(),
        ));
    }
    for (slot, entry) in entries.into_iter().enumerate() {
        let mut parts = entry.splitn(3, ':');
        let (Some(left), Some(effects), Some(squares)) = (parts.next(), parts.next(), parts.next()) else {
            return Err((format!("`{entry}` is not a shield"), help()));
        };
        let left: u8 = left
            .parse()
            .ok()
            .filter(|n| (1..=MAX_SHIELD_MOVES).contains(n))
            .ok_or_else(|| {
                (
                    format!("`{left}` is not a number of moves from 1 to {MAX_SHIELD_MOVES}"),
                    help(),
                )
            })?;
        let mut against = 0;
        for name in effects.split('+') {
            let (bit, _) = SHIELD_NAMES.iter().find(|(_, n)| *n == name).ok_or_else(|| {
                (
                    format!("`{name}` is not an effect a shield stops"),
                    "name `remove`, `push`, `block` or `bounce`".to_string(),
                )
            })?;
            against |= bit;
        }
        let mut set = SquareSet::EMPTY;
        for name in squares.split('+') {
            let sq = variant
                .geometry
                .parse_square(name)
                .ok_or_else(|| (format!("`{name}` is not a square of the board"), help()))?;
            set.insert(sq);
        }
        pos.timed_shields.0[slot] = TimedShield {
            squares: set,
            against,
            left,
        };
    }
    Ok(())
}
