//! Fairy-Stockfish's walling rules (`wallingRule`, `wallingRegionWhite`,
//! `wallingRegionBlack`) as one `after move` rule of kaboom's: a chosen
//! block. Fairy-Stockfish generates a move once per square the mover may
//! wall after it, among the squares left empty by the move, and no move at
//! all when there is none: `block(chosen S, required)` with S within
//! `empty`.
//!
//! | rule | S |
//! |---|---|
//! | `arrow` | `reach(mover, T)`: where the moved piece could go from its new square, T its moves (one term per piece type, `mover & any X`, when there are several) |
//! | `past` | `origin & empty`: the square the piece left |
//! | `edge` | the empty squares of the first and last files and ranks, and those next to a wall along a rank or file |
//! | `static` | `empty` |
//!
//! With a walling region, S is cut to it (`& walling`, a region read for
//! the mover's side). The duck (`duck`) is the rule
//! `block(chosen empty, unblocking blocked)`.
//!
//! With `wallOrMove`, a side either moves (no wall) or, instead, puts up a
//! wall on a square of S: a side's action `wall` with target S and effect
//! `block(target)`, legal while the side is not in check (Fairy-Stockfish
//! judges it as a move of no piece, on the board without the wall). It
//! writes that action as its first piece in square order standing still,
//! which resets the clock where that piece is a pawn: the converted file's
//! `clock_resets` adds `FirstPawnActions` (write.rs).

use super::refusal::{Refusal, refuse};
use super::rule_trees::{
    attacked, both, files as file_range, minus, named, not, pieces, ranks as rank_range, royal, template, union,
};
use super::spec_values::text;
use super::square_sets::sided_region;
use super::state::{Squares, State, WallingRule, square};
use crate::lang::betza;
use crate::lang::effect_syntax::{
    Effect, NamedSet, RanksFrom, SetExpr, SideFilter, Trigger, TriggeredRule, print_effects,
};
use crate::spec::ActionSpec;
use crate::spec::RegionSpec;

/// The gap walling refusals are counted under.
const GAP: &str = "walling (squares blocked by moves)";

/// The duck's rule, as the importer writes it (and the exporter reads it).
pub(crate) const DUCK: &str = "after move: block(chosen empty, unblocking blocked)";

/// What the converted section's pieces do, as far as walls care.
pub(super) struct Moves<'a> {
    /// Each piece slot's template, as converted.
    pub templates: &'a [Option<String>],
    /// Some piece is royal: its check is judged.
    pub royal: bool,
    /// The variant has a king (Fairy-Stockfish's royal piece).
    pub king: bool,
    /// Some side castles.
    pub castles: bool,
    /// Some piece promotes.
    pub promotes: bool,
}

/// How a section's walls are put up.
#[derive(Debug, Clone)]
pub(super) enum Walls {
    /// An `after move` rule.
    Rule(TriggeredRule),
    /// A side's action instead of a move (boxed: it is large).
    Action(Box<ActionSpec>),
}

/// The section's walling, if it has one, on a `[files, ranks]` board; a
/// `walling` region is pushed onto `sided` when the walls are confined.
/// Pushes a refusal where Fairy-Stockfish's walling cannot be matched.
pub(super) fn rule(
    state: &State,
    moves: &Moves<'_>,
    [files, ranks]: [u8; 2],
    sided: &mut Vec<RegionSpec>,
    refusals: &mut Vec<Refusal>,
) -> Option<Walls> {
    if let Some(o) = &state.wall_or_move
        && state.walling == WallingRule::None
    {
        // Fairy-Stockfish then generates a pass.
        refusals.push(refuse(Some(o), GAP, "`wallOrMove` without a walling rule (a pass)"));
        return None;
    }
    let origin = state.walling_origin.as_ref();
    let board: Squares = (0..ranks).fold(0, |a, r| a | (0..files).fold(0, |b, f| b | square(f, r)));
    let mut refused = |why: &str| refusals.push(refuse(origin, GAP, why.to_string()));
    let region = match state.walling_region {
        [None, None] => None,
        [w, b] => Some([w.unwrap_or(board) & board, b.unwrap_or(board) & board]),
    };
    match state.walling {
        WallingRule::None => return None,
        WallingRule::Duck => {
            if region.is_some() {
                refused("a walling region with the duck (kaboom's duck may go to any empty square)");
            }
            if state.wall_or_move.is_some() {
                refused("`wallOrMove` with the duck");
            }
            return Some(Walls::Rule(duck()));
        }
        _ => {}
    }
    let either = state.wall_or_move.is_some();
    if either && !matches!(state.walling, WallingRule::Static | WallingRule::Edge) {
        refused(
            "`wallOrMove` with arrows or trails: Fairy-Stockfish's wall instead of a move is shot from its first piece's square",
        );
    }
    if either && state.pseudo_royal {
        refused("`wallOrMove` with pseudo-royal pieces: Fairy-Stockfish judges their safety with the new wall");
    }
    if moves.royal && !either {
        refused(
            "walls in a variant with royal pieces: Fairy-Stockfish judges check on the board without the wall the move puts up, kaboom with it",
        );
    }
    if state.piece_drops {
        refused("walls with drops: Fairy-Stockfish puts up no wall after a drop");
    }
    if state.pass.iter().chain(&state.pass_on_stalemate).any(|&p| p) {
        refused("walls with passing: Fairy-Stockfish puts up no wall after a pass");
    }
    let among = match state.walling {
        WallingRule::Arrow => arrow(state, moves, &mut refused)?,
        WallingRule::Past => both(named(NamedSet::Origin), named(NamedSet::Empty)),
        WallingRule::Static => named(NamedSet::Empty),
        WallingRule::Edge => edge_squares(files, ranks),
        WallingRule::None | WallingRule::Duck => unreachable!("handled above"),
    };
    let among = match region {
        Some(r) => {
            sided.push(sided_region("walling", &r, files, ranks));
            both(among, super::rule_trees::region(RanksFrom::Own, "walling"))
        }
        None => among,
    };
    if either {
        // Not in check: Fairy-Stockfish judges the wall as a move of no
        // piece, on the board without it.
        return Some(Walls::Action(Box::new(ActionSpec {
            name: text("wall"),
            moves: None,
            target: Some(text(among.to_string())),
            stays: None,
            once: false,
            when: moves
                .king
                .then(|| text(not(attacked(royal(SideFilter::Own))).to_string())),
            effect: Some(text(print_effects(&[Effect::Block(named(NamedSet::Target))]))),
            compel: false,
            promotes: false,
            record: None,
        })));
    }
    Some(Walls::Rule(after_move(among, None, true)))
}

/// The squares of `edge` walls: the empty squares of the first and last
/// files and ranks, and those next to a wall along a rank or file.
fn edge_squares(files: u8, ranks: u8) -> SetExpr {
    let edges = [
        file_range(0, 0),
        file_range(files - 1, files - 1),
        rank_range(RanksFrom::White, 1, 1),
        rank_range(RanksFrom::White, ranks, ranks),
        SetExpr::Manhattan(Box::new(named(NamedSet::Blocked)), 1),
    ];
    both(named(NamedSet::Empty), union(edges).expect("five sets"))
}

/// The duck's rule: `after move: block(chosen empty, unblocking blocked)`.
fn duck() -> TriggeredRule {
    after_move(named(NamedSet::Empty), Some(named(NamedSet::Blocked)), false)
}

/// The rule that blocks a square of `among` the mover chooses after every
/// move (`required`: a move after which there is none is illegal),
/// making the blocked squares of `unblocking` empty again.
fn after_move(among: SetExpr, unblocking: Option<SetExpr>, required: bool) -> TriggeredRule {
    TriggeredRule {
        trigger: Trigger::AfterMove { except_castling: false },
        by: None,
        guard: None,
        effects: vec![Effect::BlockChosen {
            among,
            unblocking,
            required,
        }],
    }
}

/// The squares an arrow may fly to: `reach(mover, T)` for the one piece
/// type, or a term per type, `reach(mover & any X, T)`. T is the type's
/// moves to empty squares (its `m` and plain components), as Fairy-Stockfish
/// flies the arrow with the moving piece's quiet moves.
fn arrow(state: &State, moves: &Moves<'_>, refused: &mut impl FnMut(&str)) -> Option<SetExpr> {
    if moves.castles {
        refused("arrows with castling: Fairy-Stockfish flies the arrow from the rook's square");
        return None;
    }
    if moves.promotes {
        refused("arrows with promotion: Fairy-Stockfish flies the arrow as the piece moved before it promoted");
        return None;
    }
    let mut terms = Vec::new();
    for (slot, template) in moves.templates.iter().enumerate() {
        let (Some(template), Some(piece)) = (template, state.pieces.get(slot).and_then(Option::as_ref)) else {
            continue;
        };
        let Some(quiet) = quiet_moves(template) else {
            refused(&format!(
                "arrows of a piece whose moves are more than leaps and rides (`{template}`): `reach(...)` reads plain leaps and rides"
            ));
            return None;
        };
        // A piece with no move to an empty square shoots no arrow.
        if !quiet.is_empty() {
            terms.push((piece.letter.to_ascii_uppercase(), quiet));
        }
    }
    let mover = || named(NamedSet::Mover);
    let reach = |from: SetExpr, t: &str| SetExpr::Reach(Box::new(from), template(t));
    Some(match terms.as_slice() {
        [] => minus(named(NamedSet::All), named(NamedSet::All)),
        [(_, t)] => reach(mover(), t),
        _ => union((terms.iter()).map(|(letter, t)| reach(both(mover(), pieces(SideFilter::Any, [*letter])), t)))
            .expect("two terms or more"),
    })
}

/// The components of `template` that move to empty squares, written
/// again (`mQcN` gives `mQ`; a piece with none, nothing), or `None`
/// when one of them is more than a plain leap or ride (initial, lame,
/// hopping), which `reach(...)` does not read.
fn quiet_moves(template: &str) -> Option<String> {
    let parsed = betza::parse(template).ok()?;
    let mut out = String::new();
    for c in parsed.components.iter().filter(|c| c.quiet) {
        if c.initial || c.lame || c.hop != betza::Hop::None || c.en_passant {
            return None;
        }
        out.push_str(&template[c.span.clone()]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{DUCK, duck, quiet_moves};

    /// The exporter reads the duck by the text the importer writes.
    #[test]
    fn the_duck_rule_prints_as_the_exporter_reads_it() {
        assert_eq!(duck().to_string(), DUCK);
    }

    #[test]
    fn the_quiet_part_of_a_template() {
        assert_eq!(quiet_moves("mQ").as_deref(), Some("mQ"));
        assert_eq!(quiet_moves("mQcN").as_deref(), Some("mQ"));
        assert_eq!(quiet_moves("K").as_deref(), Some("K"));
        assert_eq!(quiet_moves("cK").as_deref(), Some(""));
        assert_eq!(quiet_moves("fmWfceFifmnD"), None);
        assert_eq!(quiet_moves("mRpR"), None);
    }
}
